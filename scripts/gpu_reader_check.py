"""The verifier's reader on a CUDA GPU against this machine's CPU: agreement and pairs/s (docs/scale.md).

Two steps, because a lent GPU machine often has torch and transformers but not sidebot's page libraries:

    .venv/bin/python scripts/gpu_reader_check.py capture pairs.pkl.gz     # here: real pairs, CPU logits
    python3 scripts/gpu_reader_check.py run pairs.pkl.gz gpu_reader.json  # there, in a copy of the repo

``capture`` records the pairs the verifier reads for 100 WiCE dev citations (claims and parts against their
chosen windows) with the CPU's fp32 and bf16 logits. ``run`` needs only torch, transformers, safetensors,
numpy and scikit-learn: it imports sidebot's model modules without the package ``__init__`` files (which load
the config, the fetcher and spaCy), reads the same pairs with :class:`CrossEncoder` on CUDA in bf16 and fp32
at several batch sizes, and compares the support log-odds with the CPU's fp32 ones by the tolerances of
``test_gpu_fast_path_agrees_with_cpu_fp32``.
"""

from __future__ import annotations

import argparse
import gzip
import json
import pickle
import sys
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_DIFF, MEAN_DIFF = 0.1, 0.03  # tests/test_verify_scorer.py's FAST_PATH_TOLERANCE, FAST_PATH_MEAN_TOLERANCE
BATCHES = (8, 32, 128, 512)
COPIES = 16  # each timed pass reads the captured pairs this many times


def capture(out: Path, wice: Path = ROOT.parent / "shared/data/wice/claims-dev.jsonl") -> None:
    from sidebot.datasets.wice import read_wice
    from sidebot.eval.metrics import wice_items
    from sidebot.verify.factory import load_verifier, shipped_model_dir
    from sidebot.verify.model import CrossEncoder, Precision

    items = wice_items(read_wice(wice))[:100]
    scorer = load_verifier()
    rows: list = []
    read = scorer.model.logits
    scorer.model.logits = lambda batch: (rows.extend(batch), read(batch))[1]
    for k in range(0, len(items), 8):
        scorer.verify_many(items[k : k + 8])
    logits = {f"cpu_{p.value}": CrossEncoder(shipped_model_dir(), p).logits(rows) for p in Precision}
    with gzip.open(out, "wb") as f:
        pickle.dump({"rows": rows, **logits}, f)
    print(f"{len(rows)} pairs of {len(items)} citations written to {out}")


def _import_model_modules():
    """sidebot.verify.model without the package __init__ files."""
    for name in ("sidebot", "sidebot.verify", "sidebot.sources"):
        package = types.ModuleType(name)
        package.__path__ = [str(ROOT / name.replace(".", "/"))]
        sys.modules[name] = package
    from sidebot.verify import model

    return model


def run(pairs: Path, out: Path) -> None:
    import numpy as np
    import torch
    import transformers

    model = _import_model_modules()
    with gzip.open(pairs, "rb") as f:
        data = pickle.load(f)
    rows, reference = data["rows"], model.support_score(data["cpu_fp32"])
    folder = ROOT / "sidebot/data/models/verifier"
    result = {
        "gpu": torch.cuda.get_device_name(0),
        "torch": torch.__version__,
        "transformers": transformers.__version__,
        "pairs": len(rows),
        "cpu_bf16_vs_cpu_fp32_max": float(np.abs(model.support_score(data["cpu_bf16"]) - reference).max()),
        "runs": [],
    }
    timed = rows * COPIES
    for precision in (model.Precision.BF16, model.Precision.FP32):
        for batch in BATCHES:
            encoder = model.CrossEncoder(folder, precision, batch_size=batch, device="cuda")
            diff = np.abs(model.support_score(encoder.logits(rows)) - reference)  # also the warm-up
            passes = []
            for _ in range(3):
                torch.cuda.synchronize()
                started = time.perf_counter()
                encoder.logits(timed)  # returns numpy: waits for the GPU
                passes.append(len(timed) / (time.perf_counter() - started))
            run = {
                "precision": precision.value,
                "batch": batch,
                "pairs_per_s_median": float(np.median(passes)),
                "max_abs_diff": float(diff.max()),
                "mean_abs_diff": float(diff.mean()),
                "agrees": bool(diff.max() < MAX_DIFF and diff.mean() < MEAN_DIFF),
            }
            print(json.dumps(run), flush=True)
            result["runs"].append(run)
    out.write_text(json.dumps(result, indent=1) + "\n")
    print(f"written to {out}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    steps = parser.add_subparsers(dest="step", required=True)
    steps.add_parser("capture", help="here: record the pairs and this CPU's logits").add_argument(
        "pairs", type=Path
    )
    run_step = steps.add_parser("run", help="on the GPU machine: read the pairs on CUDA, compare, time")
    run_step.add_argument("pairs", type=Path)
    run_step.add_argument("out", type=Path)
    args = parser.parse_args()
    if args.step == "capture":
        capture(args.pairs)
    else:
        run(args.pairs, args.out)


if __name__ == "__main__":
    main()
