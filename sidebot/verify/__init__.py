"""Verification engine: score how well a source's passages support a claim. Imports no bot parts.

``load_verifier()`` gives the trained cross-encoder (the default); ``load_scorer(name)`` any scorer by name
(``cross-encoder``, ``minilm-cosine``, ``url-depth``). Models load lazily: importing this package is cheap.
"""

from sidebot.verify.factory import SCORER_NAMES, load_scorer, load_verifier

__all__ = ["SCORER_NAMES", "load_scorer", "load_verifier"]
