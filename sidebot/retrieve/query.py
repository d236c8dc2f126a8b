"""Search queries for a claim, SIDE-style: the claim sentence, the article title, and expansions.

- ``plain``: the claim sentence + the article title (SIDE's BM25 query without its generated source title).
- ``expanded``: the claim, the article title twice, the sentence before the claim (one claim in three needs
  its context to say who "he" is) and the claim's named entities, numbers and quoted titles appended once
  more, so that they count twice, as in the FEVEROUS baseline (Anserini's bag-of-words query weighs a term by
  its count). Variants measured on WiCE sub-claims (train) and claims (dev) are in docs/retrieval.md.
- ``dense``: what the bi-encoder embeds: the article title, the sentence before the claim and the claim.

Entities are found with a small capitalisation/number pattern: no NER model ships here, and for retrieval
what matters is picking the rare, specific words, which capitalised phrases and numbers mostly are.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sidebot.records import Claim

_CONNECTORS = r"(?:of|the|de|del|la|le|von|van|der|du|and|&|for|y|di|da)"
_CAPITALISED = r"[A-Z\u00C0-\u00DE][\w'’.\-]*"
_ENTITY = re.compile(rf"{_CAPITALISED}(?:\s+(?:{_CONNECTORS}\s+)?{_CAPITALISED})*")
_NUMBER = re.compile(r"(?<![\w.])\d[\d,.]*\d(?![\w])|(?<![\w.])\d(?![\w.,])")
_QUOTED = re.compile(r"[\"“]([^\"”]{2,80})[\"”]")
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"”')\]]*\s+(?=[A-Z\"“(\[])")
# Capitalised only because they start a sentence: not entities on their own.
_FUNCTION_WORDS = frozenset(
    "a an the he she it they we i you his her its their this that these those there in on at by for from "
    "with as after before during since while when where which who whom whose what how but and or so if "
    "however although though also then later both each other some many most all one two three".split()
)


@dataclass(frozen=True, slots=True)
class Queries:
    """The three queries of one claim: ``plain`` (claim and article title) for BM25, ``expanded`` (title
    repeated, the sentence before, the claim's names, numbers and quotations) for the expanded BM25, and
    ``dense`` (``title: sentence before + claim``) for the embedding."""

    plain: str
    expanded: str
    dense: str


def entities(text: str) -> list[str]:
    """Capitalised phrases, numbers and quoted titles in ``text``, in order, without repeats."""
    found: list[str] = []
    for match in _ENTITY.finditer(text):
        words = match.group(0).split()
        while words and words[0].lower().strip(".'’") in _FUNCTION_WORDS:
            words = words[1:]
        phrase = " ".join(words).rstrip(".")
        if phrase:
            found.append(phrase)
    found += _NUMBER.findall(text)
    found += [q.strip() for q in _QUOTED.findall(text)]
    return list(dict.fromkeys(found))


def last_sentence(text: str) -> str:
    """The last sentence of ``text`` (the article text just before the claim)."""
    text = " ".join(text.split())
    if not text:
        return ""
    return _SENTENCE_END.split(text)[-1]


def build_queries(claim: Claim) -> Queries:
    """The queries of ``claim`` (see :class:`Queries`)."""
    title = claim.article_title.strip()
    plain = f"{claim.text} {title}".strip()
    previous = last_sentence(claim.context)
    expansion = " ".join(entities(claim.text))
    expanded = " ".join(part for part in (claim.text, title, title, previous, expansion) if part)
    dense_text = f"{previous} {claim.text}".strip()
    dense = f"{title}: {dense_text}" if title else dense_text
    return Queries(plain=plain, expanded=expanded, dense=dense)
