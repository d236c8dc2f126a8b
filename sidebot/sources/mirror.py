"""Does a source copy Wikipedia? The page's own attribution, and the article's text found in it.

A mirror or fork of Wikipedia, or a page that took its text from the article (the circular sourcing
WP:CIRCULAR forbids), "supports" the claim word for word and is worthless as a source. Two clues are read
here, from text alone:

* :func:`wikipedia_notice`: the attribution mirrors carry ("From Wikipedia, the free encyclopedia", "This
  article uses material from the Wikipedia article…", a CC BY-SA notice naming Wikipedia), in English,
  German, French and Spanish; read from the whole visible page when it is fetched, since the notice is
  usually in a header or footer that the main text leaves out;
* :func:`shared_passages`: how many of the source's words sit in long runs (:data:`RUN_WORDS` words or more)
  that the article's text also has, *beyond the claim*: a source that supports a claim may repeat the claim's
  sentence, but only a copy of the article repeats the paragraphs around it too.

The domain lists (Wikipedia itself, the operator's mirror list in the config and on the wiki) and the dates
(citogenesis) are composed by :mod:`sidebot.patrol.mirrors`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

RUN_WORDS = 8  # a run of this many words in a row, in both texts, is shared text, not coincidence
MIN_SHARED = 60  # shared words beyond the claim that make a copy of the article (a long quote is shorter)
MIN_SHARE = 0.3  # …or this share of the source's words, when at least MIN_SHARED // 2 are shared
_WORD = re.compile(r"\w+")
_ISO_DATE = re.compile(r"^(\d{4}-\d{2}-\d{2})")

_NOTICE = re.compile(
    r"(from wikipedia,? the free encyclopedia|(this|the) (article|page|content|text) (uses|contains|is "
    r"(based on|derived from|taken from)|incorporates) (material|text|content)? ?(from )?(the )?(wikipedia|"
    r"english wikipedia)|(content|text|material|article) (is )?(taken|derived|adapted|copied|sourced) from "
    r"(the )?wikipedia|source: wikipedia|(original|full) article (on|at) wikipedia|"
    r"wikipedia (article|contributors)"
    r".{0,80}(cc by-sa|creative commons attribution-sharealike)|(cc by-sa|creative commons attribution-"
    r"sharealike).{0,120}wikipedia|aus wikipedia, der freien enzyklopädie|(dieser|der) (artikel|text) "
    r"(basiert auf|stammt aus|ist aus) .{0,80}wikipedia|de wikipédia, l'encyclopédie libre|(cet|le "
    r"présent) article (est issu|provient) de(s)? .{0,40}wikipédia|de wikipedia, la enciclopedia libre|"
    r"(este|el) (artículo|texto) (procede|proviene|fue tomado|se basa) .{0,40}wikipedia)",
    re.I,
)


@dataclass(frozen=True, slots=True)
class Shared:
    """What the source shares with the article: words in long shared runs beyond the claim, their share of
    the source's words, and the longest such run (an example for the reviewer)."""

    words: int
    share: float
    example: str

    @property
    def is_copy(self) -> bool:
        """Whether the source shares enough of the article to be a copy of it: :data:`MIN_SHARED` words, or
        half that many making up :data:`MIN_SHARE` of the source."""
        return self.words >= MIN_SHARED or (self.words >= MIN_SHARED // 2 and self.share >= MIN_SHARE)


def wikipedia_notice(text: str) -> str | None:
    """The Wikipedia attribution a page carries, as written ("From Wikipedia, the free encyclopedia"), or
    None."""
    match = _NOTICE.search(text[:200_000]) if text else None
    return " ".join(match.group(0).split())[:160] if match else None


def iso_date(value: str | None) -> str | None:
    """A page's date as metadata writes it ("2021-04-03T10:00:00+02:00", "2021-04-03") as ``YYYY-MM-DD``;
    None when there is none or it does not start with a date."""
    match = _ISO_DATE.match(value.strip()) if value else None
    return match.group(1) if match else None


def shared_passages(source: str, article: str, claim: str) -> Shared:
    """The source's words that lie in runs of :data:`RUN_WORDS` or more words also in the article, leaving
    out runs the claim itself has (a source may repeat the sentence it supports)."""
    words = _words(source)
    if len(words) < RUN_WORDS:
        return Shared(0, 0.0, "")
    article_runs = _text_runs(article)
    claim_runs = _runs(_words(claim))
    covered = [False] * len(words)
    for start in range(len(words) - RUN_WORDS + 1):
        run = tuple(words[start : start + RUN_WORDS])
        if run in article_runs and run not in claim_runs:
            for i in range(start, start + RUN_WORDS):
                covered[i] = True
    shared = sum(covered)
    return Shared(shared, shared / len(words), _longest(source, covered))


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


@lru_cache(maxsize=4)
def _text_runs(text: str) -> frozenset[tuple[str, ...]]:
    """The article's runs, computed once for all the citations of a page."""
    return frozenset(_runs(_words(text)))


def _runs(words: list[str]) -> set[tuple[str, ...]]:
    return {tuple(words[i : i + RUN_WORDS]) for i in range(len(words) - RUN_WORDS + 1)}


def _longest(source: str, covered: list[bool]) -> str:
    """The source's longest covered stretch, as written, cut to about 25 words."""
    best_start = best_length = start = 0
    for i, flag in enumerate([*covered, False]):
        if flag and (i == 0 or not covered[i - 1]):
            start = i
        if not flag and i and covered[i - 1] and i - start > best_length:
            best_start, best_length = start, i - start
    if not best_length:
        return ""
    tokens = _WORD.findall(source)[best_start : best_start + min(best_length, 25)]
    return " ".join(tokens) + ("…" if best_length > 25 else "")
