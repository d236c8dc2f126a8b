"""`sidebot train verifier`, `sidebot eval verify`, `sidebot bench verify` (mounted by sidebot/cli/app.py).

Heavy imports (torch, transformers) happen inside the commands so that `sidebot --help` stays quick.
"""

from __future__ import annotations

import math
import os
import time
from pathlib import Path
from typing import Annotated, NamedTuple

import typer

from sidebot.cli.common import console, fail, print_reliability, settings_of, write_json
from sidebot.eval.metrics import METRIC_KEYS
from sidebot.training.config import TrainConfig
from sidebot.verify.factory import MINILM_COSINE, SCORER_NAMES, shipped_model_dir

DATA_ENV = "SIDEBOT_DATA_DIR"


# Options of the commands that refit part of an existing model (train shown-window, fact-check, every-part)
DataDirOption = Annotated[
    Path | None,
    typer.Option("--data-dir", help=f"Folder with wice/ (default: ${DATA_ENV}, else ../shared/data)."),
]
ModelDirOption = Annotated[Path | None, typer.Option(help="The model's folder (default: the shipped model).")]


def default_data_dir() -> Path:
    """``$SIDEBOT_DATA_DIR``, else ``../shared/data`` next to the repository checkout."""
    env = os.environ.get(DATA_ENV)
    return Path(env) if env else Path(__file__).resolve().parents[2].parent / "shared" / "data"


def _show(result: dict, keys: tuple[str, ...]) -> None:
    for key in keys:
        value = result.get(key)
        text = f"{value:.4f}" if isinstance(value, float) and not math.isnan(value) else str(value)
        console.print(f"  {key:28} {text}")


def show_two_figures(figures: dict) -> None:
    """The two figures' ranking, calibration and reliability tables (`train every-part`, `eval verify`)."""
    every = figures["auroc_not_fully_supported_every_part"]
    part = figures["auroc_not_supported_at_least_part"]
    console.print(
        f"  AUROC not fully supported, every-part figure {every:.3f} "
        f"(at-least-part figure {figures['auroc_not_fully_supported_at_least_part']:.3f}); "
        f"AUROC not supported, at-least-part figure {part:.3f}"
    )
    for figure in ("at_least_part", "every_part"):
        floor = figures[f"ece_floor_{figure}"]
        console.print(
            f"  calibration error, {figure.replace('_', '-')} figure: {figures[f'ece_{figure}']:.3f} "
            f"(a perfectly calibrated figure would read {floor['mean']:.3f} on these {figures['n']} "
            f"citations, 95th percentile {floor['p95']:.3f}; share of its draws at or above: "
            f"{floor['share_at_or_above']:.2f})"
        )
    named = ", ".join(f"{label} {share:.3f}" for label, share in figures["gap_named_share"].items())
    console.print(f"  a part or fact named as not backed, share per WiCE label: {named}")
    for figure in ("at_least_part", "every_part"):
        print_reliability(
            f"reliability of the {figure.replace('_', '-')} figure", figures[f"reliability_{figure}"]
        )


def show_side_by_side(table: dict) -> None:
    """The shipped verdict beside its parts at each band's volume (sidebot/eval/ablation.py)."""
    from rich.table import Table

    def figure(value: float | None) -> str:
        return "–" if value is None else f"{value:.3f}"

    volumes = table["volumes"]
    grid = Table(
        title="side by side: each ranking read at the number of citations each band flags",
        caption="NS: not supported, NFS: not fully supported; P / R: precision / recall of NS",
    )
    for heading in ("ranking", "AUROC NS", "AUROC NFS"):
        grid.add_column(heading)
    for band, k in volumes.items():
        grid.add_column(f"{band.replace('_', ' ')} ({k}): P / R")
    for name, row in table["variants"].items():
        cells = [figure(row["auroc_not_supported"]), figure(row["auroc_not_fully_supported"])]
        cells += [
            f"{figure(row[band]['precision_not_supported'])} / {figure(row[band]['recall_not_supported'])}"
            for band in volumes
        ]
        grid.add_row(name, *cells)
    console.print(grid)
    rule = table["fact_check_rule"]
    console.print(
        f"  the fact check's own rule (a contradicted fact or a missing strong fact): {rule['flagged']} "
        f"flagged, precision {figure(rule['precision_not_supported'])}, "
        f"recall {figure(rule['recall_not_supported'])}"
    )


def train_verifier(
    ctx: typer.Context,
    data_dir: Annotated[
        Path | None,
        typer.Option(
            "--data-dir",
            help=f"Folder with nli/, wice/, scifact/, climate-fever/, fever-symmetric/ "
            f"(default: ${DATA_ENV}, else ../shared/data beside the repository).",
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", help="Where to write the model (default: the shipped model folder in the package)."
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help="Random seed (same seed and data: same pairs and batches).")] = 13,
    layers: Annotated[int, typer.Option(help="MiniLM layers kept (1-6).", min=1, max=6)] = TrainConfig.layers,
    nli_minutes: Annotated[
        float, typer.Option(help="Wall-clock budget of stage 1 (NLI) in minutes (0: none).", min=0)
    ] = TrainConfig.nli_minutes or 0,
    claim_minutes: Annotated[
        float, typer.Option(help="Wall-clock budget of stage 2 (claims) in minutes (0: none).", min=0)
    ] = TrainConfig.claim_minutes or 0,
    cache_dir: Annotated[
        Path | None,
        typer.Option(
            help="Checkpoints; a rerun resumes from them (default: SIDEBOT_HOME/cache/verifier-training)."
        ),
    ] = None,
    threads: Annotated[int, typer.Option(help="CPU threads for torch.")] = 2,
    device: Annotated[
        str, typer.Option(help="torch device to train on: cpu, or cuda where a GPU is.")
    ] = "cpu",
    nli_stage: Annotated[
        bool, typer.Option("--nli-stage/--no-nli-stage", help="Train stage 1 on NLI pairs (ablation: off).")
    ] = True,
    nli_all_pairs: Annotated[
        bool,
        typer.Option(
            "--nli-all-pairs",
            help="Stage 1 reads every trainable NLI pair (~89k), not each file's quota (24.5k): a GPU run.",
        ),
    ] = False,
    nli_epochs: Annotated[
        int, typer.Option(help="Passes over stage 1's pairs.", min=1)
    ] = TrainConfig.nli_epochs,
    generated: Annotated[
        bool,
        typer.Option(
            "--generated-negatives/--no-generated-negatives",
            help="Add generated hard negatives (ablation: off).",
        ),
    ] = True,
) -> None:
    """Train the reader in two stages (NLI, then claims vs source windows), choose its window settings, fit
    the claim-level combiner, calibrate on WiCE dev (never trained on), measure held-out NLI pairs, write the
    model card. Checkpoints every 100 steps: run the same command again to resume."""
    data_dir = (data_dir or default_data_dir()).expanduser()
    out = (out or shipped_model_dir()).expanduser()
    dev_file = data_dir / "wice" / "claims-dev.jsonl"
    if not dev_file.is_file():
        raise fail(f"WiCE dev claims not found: {dev_file} (set --data-dir or ${DATA_ENV})")
    config = TrainConfig(
        seed=seed,
        layers=layers,
        threads=threads,
        device=device,
        nli_minutes=nli_minutes or None,
        claim_minutes=claim_minutes or None,
        nli_stage=nli_stage,
        nli_quotas=not nli_all_pairs,
        nli_epochs=nli_epochs,
        generated_negatives=generated,
    )
    checkpoints = cache_dir or settings_of(ctx).home / "cache" / "verifier-training"
    _train_and_publish(data_dir, out, config, checkpoints)


def _train_and_publish(data_dir: Path, out: Path, config: TrainConfig, cache_dir: Path) -> None:
    """Train the verifier into ``out`` (resuming from ``cache_dir``'s checkpoints), publish it with its
    calibration and model card, and show its figures; missing training data is one error line."""
    from sidebot.training.publish import publish
    from sidebot.training.recipe import train_verifier as run_training

    dev_file = data_dir / "wice" / "claims-dev.jsonl"
    started = time.monotonic()
    try:
        _, _, recipe, results = run_training(
            data_dir, out, config, cache_dir=cache_dir, progress=console.print
        )
    except FileNotFoundError as exc:
        raise fail(str(exc)) from exc
    train_minutes = (time.monotonic() - started) / 60
    result = publish(out, config, recipe, results, data_dir, dev_file, progress=console.print)
    console.print(
        f"model written to {out} (training {train_minutes:.1f} min, whole run "
        f"{(time.monotonic() - started) / 60:.1f} min)"
    )
    _show(result, METRIC_KEYS + ("ece_supported_cv",))


def train_shown_window(
    data_dir: DataDirOption = None,
    model_dir: ModelDirOption = None,
) -> None:
    """Choose the word-coverage weight of the window shown to reviewers for an existing model, on the
    held-out WiCE train sub-claims of its own training seed, re-measure the model card's held-out WiCE dev
    figures with it, and rewrite the card (`train verifier` does this itself; this is for a model trained
    before it did). Scores and calibration do not change: only which window a reviewer is shown."""
    from sidebot.datasets.wice import read_wice
    from sidebot.training.card import render_card
    from sidebot.training.publish import measure_heldout, set_evidence_weight, write_card

    data_dir, folder, dev_file, seed, held = trained_model(data_dir, model_dir, with_held_out=True)
    assert seed is not None  # with_held_out: trained_model refuses a model that names none
    chosen = set_evidence_weight(folder, held, console.print)
    result, _ = measure_heldout(
        folder, read_wice(dev_file), f"WiCE dev, {dev_file.name}", seed, console.print
    )
    write_card(folder, render_card(folder))
    console.print(f"{folder}: shown window weight {chosen['weight']:g} ({chosen['claims']} sub-claims)")
    _show(result, METRIC_KEYS + ("ece_supported_cv",))


class TrainedModel(NamedTuple):
    """What the commands that refit part of an existing model start from."""

    data_dir: Path
    folder: Path
    dev_file: Path  # WiCE dev claims
    seed: int | None  # the model's training seed (it names the held-out WiCE train sub-claims)
    held: list  # those sub-claims (empty unless asked for)


def trained_model(data_dir: Path | None, model_dir: Path | None, with_held_out: bool = False) -> TrainedModel:
    """The model folder (default: the shipped model) and WiCE dev, checked, with the held-out sub-claims of
    the model's training seed when ``with_held_out``; a one-line error for anything missing."""
    from sidebot.training.recipe import held_out_subclaims
    from sidebot.verify.base_model import ModelFilesError
    from sidebot.verify.model import Manifest

    data_dir = (data_dir or default_data_dir()).expanduser()
    folder = (model_dir or shipped_model_dir()).expanduser()
    try:
        seed = Manifest.read(folder).extra.get("training", {}).get("seed")
    except ModelFilesError as exc:
        raise fail(str(exc)) from exc
    dev_file = data_dir / "wice" / "claims-dev.jsonl"
    if not dev_file.is_file():
        raise fail(f"WiCE dev claims not found: {dev_file} (set --data-dir or ${DATA_ENV})")
    held: list = []
    if with_held_out:
        if seed is None:
            raise fail(f"{folder}/verifier.json names no training seed: retrain it with `train verifier`")
        try:
            held = held_out_subclaims(data_dir, int(seed))
        except FileNotFoundError as exc:
            raise fail(str(exc)) from exc
    return TrainedModel(data_dir, folder, dev_file, None if seed is None else int(seed), held)


def _read_nli_files(paths: list[Path]) -> dict[str, list]:
    from sidebot.datasets.nli import NliFormatError, read_nli

    try:
        return {str(p): read_nli(p) for p in paths}
    except NliFormatError as exc:
        raise fail(str(exc)) from exc


def eval_verify(
    ctx: typer.Context,
    wice: Annotated[
        Path | None, typer.Option("--wice", help="WiCE claims file (.jsonl).", exists=True, dir_okay=False)
    ] = None,
    nli: Annotated[
        list[Path] | None,
        typer.Option(
            "--nli",
            help='NLI pairs ({"premise","hypothesis","label"} .jsonl.gz); repeat --nli for several files.',
            exists=True,
            dir_okay=False,
        ),
    ] = None,
    heldout_nli: Annotated[
        bool,
        typer.Option(
            "--heldout-nli",
            help="Also read the held-out share of the NLI evaluation files (never trained on) from the data "
            f"folder (${DATA_ENV}, else ../shared/data).",
        ),
    ] = False,
    json_out: Annotated[Path | None, typer.Option("--json", help="Also write the results here.")] = None,
    scorer: Annotated[
        str, typer.Option(help=f"Scorer to evaluate: {', '.join(SCORER_NAMES[:2])}.")
    ] = "cross-encoder",
    baseline: Annotated[
        str, typer.Option(help="Baseline scored in the same run ('' for none).")
    ] = MINILM_COSINE,
    limit: Annotated[
        int | None, typer.Option(help="Only the first N claims (or pairs per NLI file).")
    ] = None,
    report_half: Annotated[
        bool,
        typer.Option(
            "--report-half",
            help="Only the WiCE claims of the half that `train fact-check` and `train every-part` never fit "
            "or choose on (sha256 of the claim id, odd first byte): the held-out figures.",
        ),
    ] = False,
) -> None:
    """Score each WiCE claim's full cited page and report how well scores separate unsupported claims and
    the operating point at the flag threshold; with --nli, how well the reader alone reads NLI pairs."""
    from sidebot.datasets.wice import WiceFormatError, read_wice
    from sidebot.eval.intervals import DRAWS, interval_lines
    from sidebot.eval.verify import evaluate
    from sidebot.verify.factory import URL_DEPTH, load_scorer

    if wice is None and not nli and not heldout_nli:
        raise fail("give --wice FILE, --nli FILE or --heldout-nli")
    if URL_DEPTH in (scorer, baseline):
        raise fail("WiCE has no source URLs, so the url-depth baseline cannot be evaluated on it")
    settings = settings_of(ctx).verify
    result: dict = {}
    if wice is not None:
        try:
            claims = read_wice(wice)
        except WiceFormatError as exc:
            raise fail(str(exc)) from exc
        if report_half:
            from sidebot.training.factfit import dev_split

            claims = dev_split(claims)[1]
        claims = claims[:limit]
        if not claims:
            raise fail(f"no claims in {wice}")
        result = evaluate(
            claims,
            load_scorer(scorer, settings),
            load_scorer(baseline, settings) if baseline else None,
            progress=lambda msg: console.print(msg, style="dim"),
        )
        console.print(f"[bold]{result['scorer']}[/bold] on {wice}")
        _show(result, METRIC_KEYS)
        sections: tuple[str, ...] = ("reader_alone", "fact_check_alone", "operating_point")
        if "side_by_side" in result:  # it shows the reader alone and the fact check alone, band by band
            show_side_by_side(result["side_by_side"])
            sections = ("operating_point",)
        for section in sections:
            if result.get(section):
                console.print(f"[bold]{section.replace('_', ' ')}[/bold]")
                _show(result[section], tuple(result[section]))
        for band, point in (result.get("bands") or {}).items():
            console.print(f"[bold]band {band.replace('_', ' ')}[/bold] (the citations below its threshold)")
            _show(point, tuple(point))
        if result.get("two_figures"):
            console.print("[bold]two figures: every part and at least part[/bold]")
            show_two_figures(result["two_figures"])
        console.print(
            f"[bold]95 % intervals[/bold] ({DRAWS} resamples of the {len(claims)} claims: how far each "
            "figure could move with another sample of this size)"
        )
        for line in interval_lines(result["intervals"]):
            console.print(f"  {line}")
        if "baseline" in result:
            console.print(f"[bold]baseline {result['baseline']['scorer']}[/bold]")
            _show(result["baseline"], METRIC_KEYS)
    if nli or heldout_nli:
        from sidebot.eval.nli import nli_metrics, read_pairs
        from sidebot.training.nli_mix import held_out_pairs
        from sidebot.verify.model import CrossEncoder, Precision

        model = CrossEncoder(
            Path(settings.model_dir or shipped_model_dir()),
            Precision(settings.precision),
            settings.batch_size,
        )
        result["nli"] = {}
        files = _read_nli_files(nli or [])
        if heldout_nli:
            data_dir = default_data_dir()
            try:
                files |= {f"{name} (held-out share)": p for name, p in held_out_pairs(data_dir).items()}
            except FileNotFoundError as exc:
                raise fail(f"NLI evaluation files not found under {data_dir}: {exc}") from exc
        for name, pairs in files.items():
            pairs = pairs[:limit]
            if not pairs:
                raise fail(f"no NLI pairs in {name}")
            result["nli"][name] = nli_metrics(pairs, read_pairs(model, pairs))
            console.print(f"[bold]reader on {name}[/bold]")
            _show(result["nli"][name], tuple(result["nli"][name]))
    write_json(json_out, result)


def bench_verify(
    ctx: typer.Context,
    seconds: Annotated[float, typer.Option(help="Measuring time for each path.")] = 20.0,
    batch_size: Annotated[
        int, typer.Option(help="Pairs per model call (0: the verify.batch_size setting).", min=0)
    ] = 0,
    repeats: Annotated[int, typer.Option(help="Timed verifications of the 30-passage citation.")] = 20,
    wice: Annotated[
        Path | None,
        typer.Option(
            "--wice",
            help="WiCE claims for the end-to-end citations/s (default: the data folder's claims-dev.jsonl "
            "when there is one).",
            dir_okay=False,
        ),
    ] = None,
    citations: Annotated[int, typer.Option(help="Citations timed end to end.", min=1)] = 100,
    json_out: Annotated[Path | None, typer.Option("--json", help="Also write the results here.")] = None,
) -> None:
    """Reader pairs/s (fast path and torch fp32 side by side), one-citation latency (30 passages, and every
    demo page as one), and citations/s end to end on WiCE full pages (fast path vs fp32, in one run)."""
    from sidebot.bench.verify import run_bench
    from sidebot.datasets.wice import WiceFormatError, read_wice
    from sidebot.eval.metrics import wice_items

    settings = settings_of(ctx).verify
    folder = Path(settings.model_dir or shipped_model_dir())
    wice = wice or default_data_dir() / "wice" / "claims-dev.jsonl"
    items = []
    if wice.is_file():
        try:
            items = wice_items(read_wice(wice)[:citations])
        except WiceFormatError as exc:
            raise fail(str(exc)) from exc
    else:
        console.print(f"no WiCE claims at {wice}: end-to-end citations/s skipped (give --wice FILE)")
    result = run_bench(
        folder,
        seconds=seconds,
        batch_size=batch_size or settings.batch_size,
        repeats=repeats,
        progress=console.print,
        citations=items,
        settings=settings,
    )
    for key, value in result.items():
        console.print(f"  {key:32} {value:.3f}" if isinstance(value, float) else f"  {key:32} {value}")
    write_json(json_out, result)


def eval_mid_sentence(
    ctx: typer.Context,
    wice: Annotated[
        Path, typer.Option("--wice", help="WiCE claims file (.jsonl).", exists=True, dir_okay=False)
    ],
    json_out: Annotated[Path | None, typer.Option("--json", help="Also write the results here.")] = None,
    limit: Annotated[int | None, typer.Option(help="Only the first N claims.")] = None,
) -> None:
    """How the verifier reads a claim that begins mid-sentence ("and had it secretly constructed"), as written
    and with its sentence's subject: WiCE's supported claims cut as a second citation would cut them."""
    from sidebot.datasets.wice import WiceFormatError, read_wice
    from sidebot.eval.mid_sentence import evaluate_mid_sentence
    from sidebot.verify.crossencoder import CrossEncoderScorer
    from sidebot.verify.factory import CROSS_ENCODER, load_scorer

    try:
        claims = read_wice(wice)[:limit]
    except WiceFormatError as exc:
        raise fail(str(exc)) from exc
    scorer = load_scorer(CROSS_ENCODER, settings_of(ctx).verify)
    if not isinstance(scorer, CrossEncoderScorer):
        raise fail("the mid-sentence reading is the cross-encoder's: set [verify] scorer = cross-encoder")
    result = evaluate_mid_sentence(claims, scorer)
    _show(result, tuple(k for k in result if k != "examples"))
    write_json(json_out, result)


def eval_decompose(
    claims: Annotated[
        Path, typer.Option("--claims", help="WiCE claims file (.jsonl).", exists=True, dir_okay=False)
    ],
    subclaims: Annotated[
        Path,
        typer.Option(
            "--subclaims", help="WiCE sub-claims of those claims (.jsonl).", exists=True, dir_okay=False
        ),
    ],
    json_out: Annotated[Path | None, typer.Option("--json", help="Also write the results here.")] = None,
) -> None:
    """Compare sidebot's claim decomposition with WiCE's hand-made sub-claims (token F1 of the best match)."""
    from sidebot.datasets.wice import WiceFormatError, read_wice
    from sidebot.eval.decompose import decomposition_agreement

    try:
        result = decomposition_agreement(read_wice(claims), read_wice(subclaims))
    except WiceFormatError as exc:
        raise fail(str(exc)) from exc
    if not result["claims"]:
        raise fail(f"no claim of {claims} has sub-claims in {subclaims}")
    _show(result, tuple(result))
    write_json(json_out, result)
