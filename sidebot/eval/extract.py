"""`sidebot eval extract`: citation extraction on real articles, as a reader of the rendered page reads them.

Over a folder of real wikitext articles: the citations found by where they sit (prose, an infobox field, a
table row read with its headers), the claims that still carry wiki or HTML markup, the time each article takes
to extract, and, from a file of citations judged by reading, the share whose claim was judged right. A judged
citation is compared with what extraction gives now: when its claim or its placement changed since it was
judged, its verdict no longer applies and it is counted as "changed since judged", never as right.
"""

from __future__ import annotations

import json
import random
import re
import statistics
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from sidebot.citations.citations import ExtractedCitation, extract_citations

PLACEMENTS = ("prose", "infobox", "table")
VERDICTS = ("right", "too short", "too long", "markup", "wrong")
CHANGED = "changed since judged"
TIMING_RUNS = 3  # each article is extracted this many times and its fastest run kept: the machine is shared

# What a reader never sees in a rendered claim: template, link, table and bold markup, table attributes, HTML
# tags and character references (named, decimal, hex).
MARKUP = re.compile(
    r"\{\{|\}\}|\|\||\[\[|\]\]|'''|\b(?:rowspan|colspan|style)\s*="
    r"|</?[a-z][a-z0-9]*(?:\s[^<>]*)?/?>"
    r"|&(?:[a-z][a-z0-9]*|#[0-9]+|#x[0-9a-f]+);",
    re.IGNORECASE,
)


class JudgedFileError(ValueError):
    """The judged file cannot be read: a line that is not JSON, lacks a field or has an unknown verdict."""


@dataclass(frozen=True, slots=True)
class Article:
    """One article's extraction: its citations and the fastest of ``TIMING_RUNS`` runs, in seconds of wall
    clock and of this process's CPU time (the figure that other work on a shared machine does not inflate)."""

    name: str  # the file's name inside the articles folder
    size: int  # bytes of wikitext
    seconds: float
    cpu_seconds: float
    citations: list[ExtractedCitation]


@dataclass(frozen=True, slots=True)
class Judgement:
    """One line of the judged file: a citation as it was extracted when judged, and the verdict on it."""

    article: str
    index: int
    claim: str
    placement: str
    verdict: str
    note: str = ""


def markup_in(claim: str) -> list[str]:
    """The markup left in ``claim`` (each piece as found), empty when it reads as plain text."""
    return [m.group(0) for m in MARKUP.finditer(claim)]


def extract_articles(folder: Path) -> list[Article]:
    """Extract every ``*.txt`` article of ``folder`` (the file's stem is the page title), in name order."""
    articles = []
    for path in sorted(folder.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        wall = cpu = float("inf")
        for _ in range(TIMING_RUNS):
            start, start_cpu = time.perf_counter(), time.process_time()
            citations = extract_citations(text, title=path.stem)
            wall = min(wall, time.perf_counter() - start)
            cpu = min(cpu, time.process_time() - start_cpu)
        articles.append(Article(path.name, len(text.encode("utf-8")), wall, cpu, citations))
    return articles


def sample_for_judging(
    articles: Iterable[Article], per_placement: int, seed: int
) -> list[tuple[str, ExtractedCitation]]:
    """A reproducible random sample to judge: ``per_placement`` citations of each placement (all of them
    where fewer exist), drawn with ``seed``; returned as (article, citation) pairs in article order."""
    by_placement: dict[str, list[tuple[str, ExtractedCitation]]] = {p: [] for p in PLACEMENTS}
    for article in articles:
        for citation in article.citations:
            by_placement[citation.placement].append((article.name, citation))
    rng = random.Random(seed)
    chosen = []
    for placement in PLACEMENTS:
        pool = by_placement[placement]
        chosen += rng.sample(pool, min(per_placement, len(pool)))
    return sorted(chosen, key=lambda pair: (pair[0], pair[1].index))


def read_judged(path: Path) -> list[Judgement]:
    """The judged file: one JSON object a line (article, index, claim, placement, verdict, note)."""
    judged = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            item = Judgement(
                article=str(row["article"]),
                index=int(row["index"]),
                claim=str(row["claim"]),
                placement=str(row["placement"]),
                verdict=str(row["verdict"]),
                note=str(row.get("note", "")),
            )
        except (ValueError, KeyError, TypeError) as exc:
            raise JudgedFileError(f"{path}:{number}: {exc}") from None
        if item.verdict not in VERDICTS:
            raise JudgedFileError(f"{path}:{number}: verdict {item.verdict!r} is not one of {VERDICTS}")
        if item.placement not in PLACEMENTS:
            raise JudgedFileError(f"{path}:{number}: placement {item.placement!r} is not one of {PLACEMENTS}")
        judged.append(item)
    return judged


def _share(part: int, whole: int) -> float | None:
    return part / whole if whole else None


def _percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0–1) of ``values`` by nearest rank."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(q * len(ordered) + 0.5) - 1))]


def _times(seconds: list[float]) -> dict[str, float | None]:
    """Median and 95th percentile, in milliseconds."""
    if not seconds:
        return {"median": None, "p95": None}
    return {"median": statistics.median(seconds) * 1000, "p95": _percentile(seconds, 0.95) * 1000}


def _markup_figures(citations: list[ExtractedCitation]) -> dict:
    with_markup = [c for c in citations if markup_in(c.claim)]
    return {
        "citations": len(citations),
        "claims_with_markup": len(with_markup),
        "markup_rate": _share(len(with_markup), len(citations)),
    }


def _judged_figures(judged: list[Judgement], current: dict[tuple[str, int], ExtractedCitation]) -> dict:
    """Verdict counts over the judged citations whose claim still reads as judged; the others as changed."""
    verdicts: Counter[str] = Counter()
    changed = []
    for item in judged:
        now = current.get((item.article, item.index))
        if now is None or now.claim != item.claim or now.placement != item.placement:
            verdicts[CHANGED] += 1
            changed.append(
                {"article": item.article, "index": item.index, "judged": item.claim, "now": now and now.claim}
            )
        else:
            verdicts[item.verdict] += 1
    return {
        "judged": len(judged),
        "verdicts": {v: verdicts[v] for v in (*VERDICTS, CHANGED)},
        "right": verdicts["right"],
        "right_rate": _share(verdicts["right"], len(judged)),
        "changed_since_judged": changed,
    }


def _page_mix(by_judged: dict[str, dict], counts: dict[str, int]) -> float | None:
    """The judged-right rate weighted by how the pages' citations split between placements (the sample draws
    as many of each): each placement's rate times its share of the citations; None when one is not judged."""
    total = sum(counts.values())
    rates = {p: by_judged[p]["right_rate"] for p in counts if counts[p]}
    if not total or any(rate is None for rate in rates.values()):
        return None
    return sum(rate * counts[p] / total for p, rate in rates.items())


def evaluate_extraction(articles: list[Article], judged: list[Judgement] | None = None) -> dict:
    """The figures of ``sidebot eval extract`` (see the module's docstring) as a JSON-ready dict. A changed
    judged citation counts against ``right_rate`` (its denominator is every judged citation)."""
    citations = [c for a in articles for c in a.citations]
    by_placement = {p: [c for c in citations if c.placement == p] for p in PLACEMENTS}
    largest = max(articles, key=lambda a: a.size) if articles else None
    figures: dict = {
        "articles": len(articles),
        "all": _markup_figures(citations),
        "by_placement": {p: _markup_figures(cs) for p, cs in by_placement.items()},
        "claims_with_markup": [
            {"article": a.name, "index": c.index, "placement": c.placement, "markup": markup_in(c.claim)}
            for a in articles
            for c in a.citations
            if markup_in(c.claim)
        ],
        "time_ms": {
            "wall": _times([a.seconds for a in articles]),
            "cpu": _times([a.cpu_seconds for a in articles]),
            "largest_article": largest
            and {
                "article": largest.name,
                "bytes": largest.size,
                "citations": len(largest.citations),
                "wall_ms": largest.seconds * 1000,
                "cpu_ms": largest.cpu_seconds * 1000,
            },
            "runs_per_article": TIMING_RUNS,
        },
    }
    if judged is not None:
        current = {(a.name, c.index): c for a in articles for c in a.citations}
        by_judged = {p: _judged_figures([j for j in judged if j.placement == p], current) for p in PLACEMENTS}
        figures["judged"] = {
            "all": _judged_figures(judged, current),
            "by_placement": by_judged,
            "right_rate_page_mix": _page_mix(by_judged, {p: len(cs) for p, cs in by_placement.items()}),
        }
    return figures
