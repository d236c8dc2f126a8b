"""CLI commands of the retrieval engine (mounted by ``sidebot.cli.app``): ``corpus add``, ``corpus info``,
``index build``, ``index update``, ``eval retrieve`` and ``bench index``. Heavy imports happen inside the
commands."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeRemainingColumn
from rich.table import Table

from sidebot.cli.common import console, fail, settings_of, write_json
from sidebot.cli.facts import Half
from sidebot.config import RetrieveSettings

FOLDER_HELP = "Corpus and index folder (default: the configured one, <home>/retrieve)."

# Options shared by the evaluations that pool WiCE claims with distractor corpora.
WiceFiles = Annotated[
    list[Path],
    typer.Option(
        "--wice", help="WiCE claim files: the claims and their cited pages.", exists=True, dir_okay=False
    ),
]
DistractorFiles = Annotated[
    list[Path] | None,
    typer.Option("--distractors", help="More corpora for the pool.", exists=True, dir_okay=False),
]
PoolWorkdir = Annotated[
    Path | None,
    typer.Option(help="Keep the pooled corpus and indexes here and reuse them (default: a temp dir)."),
]
ClaimLimit = Annotated[int | None, typer.Option(min=1, help="Only the first N claims.")]


def _folder(ctx: typer.Context, folder: Path | None) -> tuple[Path, RetrieveSettings]:
    settings = settings_of(ctx)
    return (folder or settings.retrieve.resolved_folder(settings.home)), settings.retrieve


@contextmanager
def progress_bars() -> Iterator[Callable[[str, int, int], None]]:
    """A rich progress bar per named task; yields the ``(name, done, total)`` callback the engine calls."""
    columns = (TextColumn("{task.description:>8}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=False) as bars:
        tasks: dict[str, TaskID] = {}

        def update(name: str, done: int, total: int) -> None:
            if name not in tasks:
                tasks[name] = bars.add_task(name, total=total)
            bars.update(tasks[name], completed=done, total=total)

        yield update


@contextmanager
def pool_folder(workdir: Path | None, prefix: str) -> Iterator[Path]:
    """``workdir``, or a temporary folder for one evaluation; a claim or corpus file in the wrong format is a
    clear error (file and line), not a traceback."""
    from sidebot.datasets.documents import DocumentFormatError

    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        try:
            yield workdir or Path(tmp)
        except DocumentFormatError as exc:
            raise fail(str(exc)) from exc


def corpus_add(
    ctx: typer.Context,
    files: Annotated[
        list[Path], typer.Argument(help="jsonl files: url/title/text, WiCE, SciFact corpus, Climate-FEVER.")
    ],
    folder: Annotated[Path | None, typer.Option(help=FOLDER_HELP)] = None,
) -> None:
    """Add documents to the corpus (each file in one transaction: a bad record adds nothing from its file)."""
    from sidebot.datasets.documents import DocumentFormatError, read_documents
    from sidebot.patrol.corpus_feed import corpus_lock
    from sidebot.retrieve.corpus import Corpus
    from sidebot.retrieve.retriever import CORPUS_DIR

    root, settings = _folder(ctx, folder)
    with corpus_lock(root), Corpus(root / CORPUS_DIR, settings.passage_words) as corpus:
        for path in files:
            try:
                report = corpus.add(read_documents(path))
            except DocumentFormatError as exc:
                raise fail(f"{exc} (nothing from this file was added)") from exc
            console.print(f"{path}: {report.summary()}", highlight=False)
        stats = corpus.stats()
    console.print(
        f"corpus {root}: {stats['documents']} documents, {stats['passages']} passages "
        "(run `sidebot index build` to index them)"
    )


def corpus_info(
    ctx: typer.Context, folder: Annotated[Path | None, typer.Option(help=FOLDER_HELP)] = None
) -> None:
    """Show the corpus and index sizes."""
    from sidebot.retrieve.retriever import open_retriever

    root, settings = _folder(ctx, folder)
    with open_retriever(settings_of(ctx).home, settings, folder=root) as retriever:
        stats = retriever.corpus.stats()
        table = Table("what", "value")
        for name, value in stats.items():
            table.add_row(name, str(value))
        table.add_row("bm25 passages", str(retriever.sparse.state().get("passages", 0)))
        table.add_row("dense index", str(retriever.dense.state().get("kind", "none")))
    console.print(table)


def index_build(
    ctx: typer.Context,
    rebuild: Annotated[bool, typer.Option(help="Build from scratch, dropping replaced passages.")] = False,
    folder: Annotated[Path | None, typer.Option(help=FOLDER_HELP)] = None,
) -> None:
    """Index the corpus passages not indexed yet (BM25 with pyserini, MiniLM embeddings in FAISS)."""
    from sidebot.patrol.corpus_feed import corpus_lock
    from sidebot.retrieve.retriever import open_retriever

    root, settings = _folder(ctx, folder)
    with corpus_lock(root), open_retriever(settings_of(ctx).home, settings, folder=root) as retriever:
        if retriever.corpus.stats()["passages"] == 0:
            raise fail(f"the corpus in {root} is empty: add documents with `sidebot corpus add FILE`")
        with progress_bars() as progress:
            sparse, dense = retriever.update_indexes(rebuild=rebuild, progress=progress)
    console.print(
        f"bm25: {sparse.indexed} passages indexed ({sparse.passages_per_second:,.0f}/s), "
        f"{sparse.total} in all\n"
        f"dense: {dense.encoded} passages embedded in {dense.encode_seconds:.1f} s, "
        f"{dense.indexed} vectors in a {dense.kind} index"
    )


def index_update(ctx: typer.Context) -> None:
    """Add the sources the patrol found backing their claims to the corpus (deduplicated, held to
    retrieve.feed_max_documents) and index their new passages: the one indexer of docs/retrieval.md."""
    from sidebot.cli.common import open_database
    from sidebot.patrol.corpus_feed import feed_corpus

    settings = settings_of(ctx)
    report = feed_corpus(settings, open_database(settings))
    console.print(report.summary(), highlight=False)


def eval_retrieve(
    ctx: typer.Context,
    wice: WiceFiles,
    distractors: DistractorFiles = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the results as JSON here.")] = None,
    workdir: PoolWorkdir = None,
    limit: ClaimLimit = None,
    scorer: Annotated[
        str, typer.Option(help="Reranking verifier: cross-encoder, minilm-cosine.")
    ] = "default",
) -> None:
    """Retrieval quality on WiCE: P@1, SR@10, SR@100 and latency for every system, side by side."""
    from sidebot.eval.retrieve import run_evaluation

    _, settings = _folder(ctx, None)
    with pool_folder(workdir, "sidebot-eval-retrieve-") as folder:
        with progress_bars() as progress:
            result = run_evaluation(
                folder,
                wice,
                distractors or [],
                settings,
                scorer=scorer,
                limit=limit,
                progress=progress,
                log=console.print,
            )
    table = Table("system", "P@1", "SR@10", "SR@100", "p50 ms", "p95 ms")
    for name, m in result["systems"].items():
        table.add_row(
            name,
            f"{m['p_at_1']:.3f}",
            f"{m['sr_at_10']:.3f}",
            f"{m['sr_at_100']:.3f}",
            f"{m['p50_ms']:.0f}",
            f"{m['p95_ms']:.0f}",
        )
    console.print(table)
    console.print(
        f"{result['n_queries']} queries, {result['n_passages']} passages; BM25 indexing "
        f"{result['index_passages_per_second']:,.0f} passages/s"
    )
    write_json(json_out, result)


def eval_suggest(
    ctx: typer.Context,
    wice: WiceFiles,
    distractors: DistractorFiles = None,
    json_out: Annotated[
        Path | None, typer.Option("--json", help="Write the results, every shown suggestion included, here.")
    ] = None,
    workdir: PoolWorkdir = None,
    limit: ClaimLimit = None,
    half: Annotated[
        Half,
        typer.Option(
            help="Only one half of the claims: 'fit', the half the unsourced gate is fitted on, or 'report', "
            "the held-out one (sha256 of the claim id, as every fit on WiCE dev splits it)."
        ),
    ] = Half.ALL,
    label: Annotated[
        list[str] | None, typer.Option(help="Only claims with this WiCE label (repeatable).")
    ] = None,
    citation_needed_only: Annotated[
        bool,
        typer.Option(help="Only the citation_needed situation (a third of the reading; the others empty)."),
    ] = False,
) -> None:
    """The suggestions a reviewer would be shown for WiCE claims (cited page readable, dead link with a copy
    in the corpus, no copy, citation removed as if tagged {{citation needed}}), by WiCE label: how many
    claims get one and how many are the cited page. Counted as the patrol stores them (the verifier's rule,
    then the facts and subject checks); the JSON also has the verifier's rule alone."""
    from sidebot.eval.suggest import run_suggestion_evaluation

    _, settings = _folder(ctx, None)
    with pool_folder(workdir, "sidebot-eval-suggest-") as folder:
        with progress_bars() as progress:
            result = run_suggestion_evaluation(
                folder,
                wice,
                distractors or [],
                settings,
                limit=limit,
                progress=lambda done, total: progress("claims", done, total),
                log=console.print,
                half=str(half),
                labels=label or (),
                citation_needed_only=citation_needed_only,
            )
    _print_suggestions(result)
    write_json(json_out, result)


def _print_suggestions(result: dict[str, Any]) -> None:
    """`eval suggest`'s figures: per situation and WiCE label, then the citation-needed claims' summary."""
    from sidebot.eval.suggest import SITUATIONS

    table = Table("situation", "WiCE label", "claims", "with suggestion", "shown", "cited page first")
    for situation in SITUATIONS:
        for wice_label, counts in result["summary"][situation].items():
            table.add_row(
                situation,
                wice_label,
                str(counts["claims"]),
                str(counts["with_suggestion"]),
                str(counts["suggestions"]),
                str(counts["first_is_gold"]),
            )
    needed = result["citation_needed"]
    for wice_label, counts in needed["by_label"].items():
        table.add_row(
            "citation_needed",
            wice_label,
            str(counts["claims"]),
            str(counts["shown"]),
            str(counts["suggestions"]),
            str(counts["shown_supporting"]),
        )
    console.print(table)
    console.print(
        "citation needed: supported claims shown their page "
        f"{_share(needed['supported_shown_supporting'])}, of suggestions shown for supported claims their "
        f"page {_share(needed['supported_suggestions_supporting'])}, not_supported claims shown one "
        f"{_share(needed['not_supported_shown'])}, from Wikipedia or a copy "
        f"{_share(needed['not_a_source_share'])}"
        f" (gate {result['unsourced_gate']})",
        highlight=False,
    )
    console.print(
        f"{result['claims']} claims; corpus {result['corpus_documents']} documents, "
        f"{result['corpus_passages']} passages; verifier {result['verifier']}, margin "
        f"{result['margin']:.3f}, pass threshold {result['min_probability']:.3f}"
    )


def _share(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def bench_index(
    ctx: typer.Context,
    passages: Annotated[int, typer.Option(min=1000, help="Benchmark corpus size in passages.")] = 1_000_000,
    source: Annotated[
        list[Path] | None,
        typer.Option(help="Real texts to draw sentences from (corpus files; default: the demo corpus)."),
    ] = None,
    queries: Annotated[int, typer.Option(min=1, help="Claims timed at that size.")] = 100,
    pool_sentences: Annotated[
        int, typer.Option(min=100, help="Real sentences embedded for the vectors.")
    ] = 50_000,
    workdir: Annotated[
        Path | None, typer.Option(help="Build here and keep it (default: a temp dir).")
    ] = None,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the figures as JSON here.")] = None,
) -> None:
    """Build both indexes over N passages of real sentences; report time, memory, size and latency."""
    from sidebot.bench.retrieve import bench_inputs, run_bench

    _, settings = _folder(ctx, None)
    documents, claims = bench_inputs(source or [])
    with tempfile.TemporaryDirectory(prefix="sidebot-bench-") as tmp:
        with progress_bars() as progress:
            report = run_bench(
                workdir or Path(tmp),
                documents,
                passages,
                claims[:queries],
                settings,
                pool_sentences=pool_sentences,
                log=console.print,
                progress=progress,
            )
    figures = report.as_dict()
    table = Table("figure", "value")
    for name, value in figures.items():
        table.add_row(
            name,
            json.dumps(value)
            if isinstance(value, dict)
            else f"{value:,.3f}"
            if isinstance(value, float)
            else str(value),
        )
    console.print(table)
    write_json(json_out, figures)
