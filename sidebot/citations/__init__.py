"""Citation extraction: wikitext in, citations out (mwparserfromhell), with claim, context, section, URL and
inline tags; no I/O. :func:`sidebot.citations.citations.extract_citations` is the entry point."""
