"""Retrieval engine: find candidate sources for a claim in a local web-snapshot corpus. No bot parts."""
