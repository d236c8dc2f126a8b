"""`sidebot eval extract`: citation extraction on real articles, by where citations sit, with claims judged by
reading (mounted by cli/app.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from sidebot.cli.common import console, fail, write_json

REPOSITORY = Path(__file__).resolve().parents[2]
DEFAULT_ARTICLES = REPOSITORY / "tests" / "data" / "wikitext"
DEFAULT_JUDGED = REPOSITORY / "tests" / "data" / "extract-judged.jsonl"


def eval_extract(
    articles: Annotated[
        Path,
        typer.Option(
            "--articles",
            help="Folder of real articles, one *.txt of wikitext each (default: tests/data/wikitext).",
            file_okay=False,
        ),
    ] = DEFAULT_ARTICLES,
    judged: Annotated[
        Path | None,
        typer.Option(
            "--judged",
            help="Citations judged by reading, one JSON line each (default: tests/data/extract-judged.jsonl "
            "when reading the default articles).",
            dir_okay=False,
        ),
    ] = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="Also write the figures here.")] = None,
) -> None:
    """Extract the citations of every article: how many sit in prose, infobox fields and table rows, the
    claims that still carry markup, the time per article (fastest of 3 runs, wall clock and CPU), and the
    share of judged claims that still read as judged and were judged right (a claim changed since judging is
    not counted right)."""
    from sidebot.eval.extract import JudgedFileError, evaluate_extraction, extract_articles, read_judged

    if not articles.is_dir():
        raise fail(f"no folder of articles at {articles}")
    if judged is None and articles.resolve() == DEFAULT_ARTICLES:
        judged = DEFAULT_JUDGED
    try:
        judgements = read_judged(judged) if judged is not None else None
    except (OSError, JudgedFileError) as exc:
        raise fail(str(exc)) from None
    found = extract_articles(articles)
    if not found:
        raise fail(f"no *.txt article in {articles}")
    figures = evaluate_extraction(found, judgements)
    _print(figures)
    write_json(json_out, figures)


def _rate(value: float | None) -> str:
    return "–" if value is None else f"{value:.1%}"


def _print(figures: dict) -> None:
    everything = figures["all"]
    console.print(f"{figures['articles']} articles, {everything['citations']} citations", highlight=False)
    console.print("  where      citations  claims with markup", highlight=False)
    for name, row in [("all", everything), *figures["by_placement"].items()]:
        console.print(
            f"  {name:9} {row['citations']:10}  {row['claims_with_markup']:5} ({_rate(row['markup_rate'])})",
            highlight=False,
        )
    for item in figures["claims_with_markup"][:10]:
        console.print(
            f"    {item['article']} #{item['index']} ({item['placement']}): {' '.join(item['markup'])}",
            highlight=False,
        )
    timing = figures["time_ms"]
    largest = timing["largest_article"]
    for clock in ("wall", "cpu"):
        spread = timing[clock]
        console.print(
            f"  time per article ({clock}, fastest of {timing['runs_per_article']} runs): median "
            f"{spread['median']:.1f} ms, p95 {spread['p95']:.1f} ms; largest {largest['article']} "
            f"({largest['bytes']:,} bytes, {largest['citations']} citations): "
            f"{largest[clock + '_ms']:.1f} ms",
            highlight=False,
            soft_wrap=True,
        )
    if "judged" not in figures:
        return
    console.print("  judged     claims  right  rate    changed since judged", highlight=False)
    judged = figures["judged"]
    for name, row in [("all", judged["all"]), *judged["by_placement"].items()]:
        console.print(
            f"  {name:9} {row['judged']:7} {row['right']:6}  {_rate(row['right_rate']):7} "
            f"{len(row['changed_since_judged'])}",
            highlight=False,
        )
    console.print(
        f"  right, weighted by the pages' mix of placements: {_rate(judged['right_rate_page_mix'])}",
        highlight=False,
    )
    verdicts = judged["all"]["verdicts"]
    console.print(
        "  verdicts: " + ", ".join(f"{k} {n}" for k, n in verdicts.items()), highlight=False, soft_wrap=True
    )
