"""Wiki side: Pywikibot wiring, page sources, citation extraction, the local test wiki."""
