"""`sidebot eval sources`: how well non-content pages are told from sources (mounted by cli/app.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from sidebot.cli.common import console, fail, settings_of
from sidebot.cli.verify import default_data_dir

DEFAULT_CORPUS = Path(__file__).resolve().parents[2] / "tests" / "data" / "noncontent"


def eval_sources(
    ctx: typer.Context,
    corpus: Annotated[
        Path,
        typer.Option(help="The non-content corpus: a folder with corpus.toml (default: the repository's)."),
    ] = DEFAULT_CORPUS,
    wice: Annotated[
        Path | None,
        typer.Option(
            "--wice",
            help="WiCE claims file whose source pages must read as content (default: the shared data).",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
) -> None:
    """Serve the non-content corpus and every WiCE source page on loopback and fetch them as a patrol would:
    per-kind accuracy, non-content pages read as content (they would be scored), and the rate of real
    source pages wrongly taken for non-content."""
    from sidebot.eval.sources import CorpusError, evaluate_sources

    wice = wice or default_data_dir() / "wice" / "claims-dev.jsonl"
    if not wice.is_file():
        console.print(f"no WiCE claims at {wice}: content pages skipped (give --wice FILE)")
    fetch = settings_of(ctx).fetch.model_copy(
        update={"allow_networks": ["127.0.0.1/32"], "per_host_delay": 0.0, "per_host_concurrency": 8}
    )  # one loopback server stands in for many sites: the per-host limits would only slow the run
    try:
        result = evaluate_sources(corpus, wice if wice.is_file() else None, fetch)
    except CorpusError as exc:
        raise fail(str(exc)) from None
    figures = {
        "per_kind": {k: dict(c) for k, c in sorted(result.per_kind.items())},
        "noncontent_pages": result.noncontent_total,
        "right_kind": result.accuracy,
        "read_as_content": result.read_as_content,
        "content_pages": result.content_total,
        "content_false_positive_rate": result.content_false_positive_rate,
        "confusions": [dict(zip(("path", "expected", "got", "reason"), c)) for c in result.confusions],
        "content_wrong": [dict(zip(("url", "reason"), c)) for c in result.content_wrong],
    }
    if as_json:
        print(json.dumps(figures, indent=2))
        return
    console.print(f"[bold]Non-content corpus[/bold] {corpus}")
    for kind, counts in figures["per_kind"].items():
        console.print(
            f"  {kind:14} {counts['right']:3}/{counts['total']:<3} right kind"
            f"   {counts.get('read_as_content', 0)} read as content"
        )
    console.print(
        f"  {'all':14} {result.noncontent_right:3}/{result.noncontent_total:<3} right kind "
        f"({result.accuracy:.1%}); {result.read_as_content} would be scored "
        "(and could be queued as low support)"
    )
    for path, expected, got, reason in result.confusions:
        console.print(f"    {path}: expected {expected}, got {got} {reason}")
    if result.content_total:
        console.print(
            f"[bold]WiCE source pages[/bold] {wice}: {len(result.content_wrong)}/{result.content_total} "
            f"wrongly taken for non-content ({result.content_false_positive_rate:.2%}; "
            "each page served by an honest site and by a soft-404 site)"
        )
        for url, reason in result.content_wrong:
            console.print(f"    {url}: {reason}")
