"""Wiki side: Pywikibot wiring (the site), page sources and the page reader."""
