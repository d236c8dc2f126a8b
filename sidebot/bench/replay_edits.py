"""A stream of edits as editors make them, built from the demo's WiCE articles and their real cited pages, for
`sidebot bench replay`:

- ``new citation``: a WiCE claim (a real Wikipedia sentence) and a ``{{cite web}}`` of the page it cites,
  added to an article (its own claim in another article's new paragraph, as editors copy a fact over);
- ``changed fact``: a number in the sentence before a citation changed (a date, a count, a score), so the
  citation's claim changes and must be checked again;
- ``removed ref``: one ``<ref>`` taken out (nothing to check; the old finding becomes stale).

The stream is deterministic for a seed, and each edit is made on the article's text as the previous edits
left it.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass

from sidebot.sandbox.demo_content import DemoSource, demo_source_url

KINDS = ("new citation", "changed fact", "removed ref")
WEIGHTS = (0.4, 0.4, 0.2)
_REF = re.compile(r"<ref[^>/]*/>|<ref[^>]*>.*?</ref>", re.DOTALL | re.IGNORECASE)
_NUMBER = re.compile(r"(?<![\w|=/.:-])(\d{1,4})(?![\w/.:-])")
_REFERENCES = re.compile(r"^==\s*(References|Notes|Sources)\s*==", re.MULTILINE | re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Edit:
    """One edit of the stream: the article's title, its whole new text, the kind of change (one of
    :data:`KINDS`) and the edit summary to save it with."""

    title: str
    text: str  # the article's whole new text
    kind: str
    summary: str


def edit_stream(
    articles: dict[str, str], sources: list[DemoSource], sources_url: str, seed: int = 27
) -> Iterator[Edit]:
    """Edits of ``articles`` (title → current wikitext, updated as edits are made), for ever."""
    rng = random.Random(seed)
    titles = sorted(articles)
    while True:
        title = rng.choice(titles)
        kind = rng.choices(KINDS, WEIGHTS)[0]
        text = articles[title]
        new = None
        if kind == "changed fact":
            new = _change_fact(text, rng)
        elif kind == "removed ref":
            new = _remove_ref(text, rng)
        if new is None:  # nothing to change or remove: editors add instead
            kind = "new citation"
            new = _add_citation(text, rng.choice(sources), sources_url)
        articles[title] = new
        yield Edit(title, new, kind, f"replay: {kind}")


def _add_citation(text: str, source: DemoSource, sources_url: str) -> str:
    cite = f"{{{{cite web |url={demo_source_url(sources_url, source.id)} |title={_plain(source.title)}}}}}"
    paragraph = f"\n\n{source.claim.text.strip()}<ref>{cite}</ref>\n"
    references = _REFERENCES.search(text)
    if references is None:
        return text.rstrip() + paragraph
    return text[: references.start()].rstrip() + paragraph + "\n" + text[references.start() :]


def _change_fact(text: str, rng: random.Random) -> str | None:
    """A number in the 300 characters before a citation, changed by one to nine."""
    candidates = []
    for ref in _REF.finditer(text):
        start = max(0, ref.start() - 300)
        window = text[start : ref.start()]
        for number in _NUMBER.finditer(window):
            candidates.append((start + number.start(1), start + number.end(1)))
    if not candidates:
        return None
    start, end = rng.choice(candidates)
    changed = int(text[start:end]) + rng.randint(1, 9)
    return text[:start] + str(changed) + text[end:]


def _remove_ref(text: str, rng: random.Random) -> str | None:
    refs = list(_REF.finditer(text))
    if len(refs) < 2:  # keep an article's last citation: removing it leaves nothing to patrol
        return None
    ref = rng.choice(refs)
    return text[: ref.start()] + text[ref.end() :]


def _plain(title: str) -> str:
    """A page title safe inside a template parameter."""
    return re.sub(r"[|{}\[\]<>]", " ", title).strip() or "Source"
