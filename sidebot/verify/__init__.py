"""Verification engine: score how well a source's passages support a claim. Imports no bot parts."""
