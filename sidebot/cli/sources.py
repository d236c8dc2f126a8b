"""`sidebot eval sources` and `sidebot train page-kinds`: how well pages that are not the source are told from
sources, and the page-kind model fitted for it (mounted by cli/app.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from sidebot.cli.common import console, err, fail, settings_of
from sidebot.cli.verify import default_data_dir

if TYPE_CHECKING:
    from sidebot.eval.sources import SplitEval

DEFAULT_CORPUS = Path(__file__).resolve().parents[2] / "tests" / "data" / "pages"
SHIPPED_MODEL = Path(__file__).resolve().parents[1] / "data" / "models" / "page-kinds.json"
CORPUS_HELP = "The page corpus: a folder with corpus.toml (default: the repository's tests/data/pages)."


def eval_sources(
    ctx: typer.Context,
    corpus: Annotated[Path, typer.Option(help=CORPUS_HELP)] = DEFAULT_CORPUS,
    wice: Annotated[
        Path | None,
        typer.Option(
            "--wice",
            help="WiCE claims file whose source pages must read as content (default: the shared data).",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
) -> None:
    """Serve the page corpus and every WiCE source page on loopback and fetch them as a patrol would: per
    kind,
    on the held-out split the model was not fitted on (and, for reference, on the fit split), the walls and
    dead pages recognised, those read as content (they would be scored), the real articles kept; and the
    rate of real WiCE source pages wrongly taken for non-content."""
    from sidebot.eval.sources import FIT, HELD_OUT, CorpusError, evaluate_sources

    wice = wice or default_data_dir() / "wice" / "claims-dev.jsonl"
    if not wice.is_file():
        err.print(f"no WiCE claims at {wice}: content pages skipped (give --wice FILE)")  # --json stays JSON
    fetch = settings_of(ctx).fetch.model_copy(
        update={"allow_networks": ["127.0.0.1/32"], "per_host_delay": 0.0, "per_host_concurrency": 8}
    )  # one loopback server stands in for many sites: the per-host limits would only slow the run
    try:
        result = evaluate_sources(corpus, wice if wice.is_file() else None, fetch)
    except CorpusError as exc:
        raise fail(str(exc)) from None
    splits = {name: result.splits[name] for name in (HELD_OUT, FIT) if name in result.splits}
    figures = {
        "splits": {
            name: {
                "per_kind": {k: dict(c) for k, c in sorted(split.per_kind.items())},
                "noncontent_pages": split.noncontent_total,
                "right_kind": split.accuracy,
                "walls_recognised": split.walls_recognised,
                "read_as_content": split.read_as_content,
                "content_pages": split.content_total,
                "content_kept": split.content_kept,
                "confusions": [dict(zip(("path", "expected", "got", "reason"), c)) for c in split.confusions],
            }
            for name, split in splits.items()
        },
        "wice_pages": result.content_total,
        "wice_false_positive_rate": result.content_false_positive_rate,
        "wice_wrong": [dict(zip(("url", "reason"), c)) for c in result.content_wrong],
    }
    if as_json:
        print(json.dumps(figures, indent=2))
        return
    for name, split in splits.items():
        _print_split(corpus, name, split)
    if result.content_total:
        console.print(
            f"[bold]WiCE source pages[/bold] {wice}: {len(result.content_wrong)}/{result.content_total} "
            f"wrongly taken for non-content ({result.content_false_positive_rate:.2%}; "
            "each page served by an honest site and by a soft-404 site)"
        )
        for url, reason in result.content_wrong:
            console.print(f"    {url}: {reason}", highlight=False)


def _print_split(corpus: Path, name: str, split: SplitEval) -> None:
    fitted = (
        "the model was fitted on it" if name == "fit" else "not fitted on: other sites, wordings, articles"
    )
    console.print(f"[bold]Page corpus, {name} split[/bold] ({fitted}) {corpus}")
    for kind, counts in sorted(split.per_kind.items()):
        console.print(
            f"  {kind:18} {counts['right']:3}/{counts['total']:<3} right kind"
            f"   {counts.get('read_as_content', 0) if kind != 'content' else '-'} read as content",
            highlight=False,
        )
    walls = split.noncontent_total
    console.print(
        f"  walls and dead pages recognised (not read as content): {split.walls_recognised}/{walls}"
        f" ({split.walls_recognised / walls:.1%}), right kind {split.noncontent_right}/{walls};"
        " real articles "
        f"kept as content: {split.content_kept}/{split.content_total}"
        f" ({split.content_kept / split.content_total:.1%})"
        if walls and split.content_total
        else "  (no pages)",
        highlight=False,
    )
    for path, expected, got, reason in split.confusions:
        console.print(f"    {path}: expected {expected}, got {got} {reason}", highlight=False)


def train_page_kinds(
    corpus: Annotated[Path, typer.Option(help=CORPUS_HELP)] = DEFAULT_CORPUS,
    out: Annotated[
        Path, typer.Option(help="Where to write the model (default: the one shipped).")
    ] = SHIPPED_MODEL,
    c: Annotated[float, typer.Option("--c", min=1e-6, help="Inverse regularisation strength.")] = 0.1,
) -> None:
    """Fit the page-kind model (logistic regression over words and markup clues) on the fit split of the page
    corpus and write it; `sidebot eval sources` then measures it on the held-out split. Seconds on a CPU."""
    from sidebot.eval.sources import CorpusError, fit_corpus_model
    from sidebot.sources.page_model import PageModelError, save_page_model

    try:
        model = fit_corpus_model(corpus, c=c)
    except (CorpusError, PageModelError) as exc:
        raise fail(str(exc)) from None
    save_page_model(model, out)
    pages = model.card["pages"]
    console.print(
        f"fitted on {sum(pages.values())} pages of the fit split "
        f"({', '.join(f'{k} {n}' for k, n in pages.items())})"
        f" -> {out}",
        highlight=False,
    )


DEFAULT_LABELS = Path(__file__).resolve().parents[2] / "tests" / "data" / "references" / "labels.json"


def eval_references(
    labels: Annotated[
        Path,
        typer.Option(
            help="Hand-labelled pages: a labels.json (default: the repository's tests/data/references)."
        ),
    ] = DEFAULT_LABELS,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the figures, and every mistake, as JSON.")
    ] = False,
) -> None:
    """How right the fields of the reference to paste are: per field, right, wrong, missed (the page gives
    it, the reference leaves it out), invented (the reference gives what the page does not) and absent, on
    the hand-labelled pages and on the demo's WiCE pages (sidebot/eval/references.py says how)."""
    from sidebot.eval.references import evaluate_demo, evaluate_labelled

    if not labels.is_file():
        raise fail(f"no labels at {labels} (give --labels FILE)")
    figures = {"labelled": evaluate_labelled(labels).to_json(), "demo": evaluate_demo().to_json()}
    if as_json:
        print(json.dumps(figures, ensure_ascii=False, indent=1))
        return
    for name, report in figures.items():
        console.print(f"[bold]{name}[/bold]: {report['pages']} pages, {report['invented']} fields invented")
        for field_name, counts in report["per_field"].items():
            share = report["right_of_given"][field_name]
            right = "—" if share is None else f"{share:.0%}"
            line = ", ".join(f"{k} {v}" for k, v in counts.items())
            console.print(f"  {field_name:8} right of given {right:>5}  ({line})")
