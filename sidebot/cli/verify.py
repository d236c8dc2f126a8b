"""`sidebot train verifier`, `sidebot eval verify`, `sidebot bench verify` (mounted by sidebot/cli/app.py).

Heavy imports (torch, transformers) happen inside the commands so that `sidebot --help` stays quick.
"""

from __future__ import annotations

import json
import math
import os
import time
from pathlib import Path
from typing import Annotated

import typer

from sidebot.cli.common import console, fail, settings_of
from sidebot.verify.factory import MINILM_COSINE, SCORER_NAMES, shipped_model_dir
from sidebot.verify.training.config import TrainConfig

DATA_ENV = "SIDEBOT_DATA_DIR"


def default_data_dir() -> Path:
    """``$SIDEBOT_DATA_DIR``, else ``../shared/data`` next to the repository checkout."""
    env = os.environ.get(DATA_ENV)
    return Path(env) if env else Path(__file__).resolve().parents[2].parent / "shared" / "data"


def _show(result: dict, keys: tuple[str, ...]) -> None:
    for key in keys:
        value = result.get(key)
        text = f"{value:.4f}" if isinstance(value, float) and not math.isnan(value) else str(value)
        console.print(f"  {key:28} {text}")


METRIC_KEYS = (
    "n",
    "auroc_not_supported",
    "auroc_not_fully_supported",
    "ap_not_supported",
    "p_at_r15_not_supported",
    "evidence_hit_at_1",
    "evidence_sentence_hit_at_1",
    "pairs_per_second",
)


def train_verifier(
    ctx: typer.Context,
    data_dir: Annotated[
        Path | None,
        typer.Option(
            "--data-dir",
            help=f"Folder with wice/, scifact/, climate-fever/, fever-symmetric/ "
            f"(default: ${DATA_ENV}, else ../shared/data beside the repository).",
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", help="Where to write the model (default: the shipped model folder in the package)."
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help="Random seed (same seed and data: same model).")] = 13,
    epochs: Annotated[int, typer.Option(help="Passes over the training pairs.")] = TrainConfig.epochs,
    max_steps: Annotated[
        int, typer.Option(help="Stop after this many optimizer steps (0: run every epoch).")
    ] = TrainConfig.max_steps or 0,
    layers: Annotated[int, typer.Option(help="MiniLM layers kept (1-6).", min=1, max=6)] = TrainConfig.layers,
    cache_dir: Annotated[
        Path | None,
        typer.Option(help="Embedding cache and checkpoints (default: SIDEBOT_HOME/cache/verifier-training)."),
    ] = None,
    threads: Annotated[int, typer.Option(help="CPU threads for torch.")] = 2,
    device: Annotated[
        str, typer.Option(help="torch device to train on: cpu, or cuda where a GPU is.")
    ] = "cpu",
) -> None:
    """Train the cross-encoder verifier and its claim-level combiner, calibrate on WiCE dev (never trained
    on), write the model card."""
    from sidebot.verify.training.publish import publish
    from sidebot.verify.training.recipe import train_verifier as run_training

    data_dir = (data_dir or default_data_dir()).expanduser()
    out = (out or shipped_model_dir()).expanduser()
    dev_file = data_dir / "wice" / "claims-dev.jsonl"
    if not dev_file.is_file():
        raise fail(f"WiCE dev claims not found: {dev_file} (set --data-dir or ${DATA_ENV})")
    config = TrainConfig(
        seed=seed, epochs=epochs, max_steps=max_steps or None, layers=layers, threads=threads, device=device
    )
    started = time.monotonic()
    try:
        _, _, pairs, combiner_claims = run_training(
            data_dir,
            out,
            config,
            cache_dir=cache_dir or settings_of(ctx).home / "cache" / "verifier-training",
            progress=console.print,
        )
    except FileNotFoundError as exc:
        raise fail(str(exc)) from exc
    train_minutes = (time.monotonic() - started) / 60
    result = publish(out, config, pairs, train_minutes, dev_file, combiner_claims, progress=console.print)
    console.print(f"model written to {out} (training {train_minutes:.1f} min)")
    _show(result, METRIC_KEYS + ("ece_supported_cv",))


def eval_verify(
    ctx: typer.Context,
    wice: Annotated[
        Path, typer.Option("--wice", help="WiCE claims file (.jsonl).", exists=True, dir_okay=False)
    ],
    json_out: Annotated[Path | None, typer.Option("--json", help="Also write the results here.")] = None,
    scorer: Annotated[
        str, typer.Option(help=f"Scorer to evaluate: {', '.join(SCORER_NAMES[:2])}.")
    ] = "cross-encoder",
    baseline: Annotated[
        str, typer.Option(help="Baseline scored in the same run ('' for none).")
    ] = MINILM_COSINE,
    limit: Annotated[int | None, typer.Option(help="Only the first N claims.")] = None,
) -> None:
    """Score each WiCE claim's full cited page and report how well scores separate unsupported claims."""
    from sidebot.datasets.wice import WiceFormatError, read_wice
    from sidebot.eval.verify import evaluate
    from sidebot.verify.factory import URL_DEPTH, load_scorer

    if URL_DEPTH in (scorer, baseline):
        raise fail("WiCE has no source URLs, so the url-depth baseline cannot be evaluated on it")
    try:
        claims = read_wice(wice)[:limit]
    except WiceFormatError as exc:
        raise fail(str(exc)) from exc
    if not claims:
        raise fail(f"no claims in {wice}")
    settings = settings_of(ctx).verify
    result = evaluate(
        claims,
        load_scorer(scorer, settings),
        load_scorer(baseline, settings) if baseline else None,
        progress=lambda msg: console.print(msg, style="dim"),
    )
    console.print(f"[bold]{result['scorer']}[/bold] on {wice}")
    _show(result, METRIC_KEYS)
    if "baseline" in result:
        console.print(f"[bold]baseline {result['baseline']['scorer']}[/bold]")
        _show(result["baseline"], METRIC_KEYS)
    if json_out:
        json_out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
        console.print(f"written to {json_out}")


def bench_verify(
    ctx: typer.Context,
    seconds: Annotated[float, typer.Option(help="Measuring time for each path.")] = 20.0,
    batch_size: Annotated[
        int, typer.Option(help="Pairs per model call (0: the [verify] setting).", min=0)
    ] = 0,
    repeats: Annotated[int, typer.Option(help="Timed verifications of the 30-passage citation.")] = 20,
    json_out: Annotated[Path | None, typer.Option("--json", help="Also write the results here.")] = None,
) -> None:
    """Pairs/s at 192 tokens (fast path and torch fp32 side by side) and one-citation latency."""
    from sidebot.eval.verify_bench import run_bench

    settings = settings_of(ctx).verify
    folder = Path(getattr(settings, "model_dir", "") or shipped_model_dir())
    result = run_bench(
        folder,
        seconds=seconds,
        batch_size=batch_size or settings.batch_size,
        repeats=repeats,
        progress=console.print,
    )
    for key, value in result.items():
        console.print(f"  {key:28} {value:.3f}" if isinstance(value, float) else f"  {key:28} {value}")
    if json_out:
        json_out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
