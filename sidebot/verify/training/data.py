"""Training pairs for the cross-encoder, built from the real data sets in the shared data folder.

Every pair is (claim, passage, soft target over supports / refutes / not-enough-info). Passages are cut
exactly as at inference (``split_passages``: ~100 words, source title in front), so the model trains on what
it will see. What is used (see docs/verifier.md for why):

- WiCE sub-claims of WiCE *train* claims: the sub-claim against the passage holding its supporting sentences
  is *partial* support (WiCE marks tokens the source does not support); the same sub-claim with those tokens
  cut out is *support*; passages of the same page without supporting sentences are *not enough info*.
- SciFact train claims against their cited abstracts: SUPPORT / CONTRADICT sentences, other passages NEI.
- Climate-FEVER claim / Wikipedia-sentence pairs (read at training time only; never copied: no license).
- FEVER-Symmetric claim / sentence pairs (SUPPORTS / REFUTES, built against claim-only shortcuts).

WiCE *dev* claims are never used here: they are the held-out evaluation and calibration set.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from sidebot.eval.wice import WiceClaim, WiceLabel, read_wice, source_document
from sidebot.sources.passages import split_passages
from sidebot.verify.types import Claim

SUPPORTS = (1.0, 0.0, 0.0)
REFUTES = (0.0, 1.0, 0.0)
NOT_ENOUGH_INFO = (0.0, 0.0, 1.0)
# A passage that backs only part of a claim: still mostly "not enough info", so that a fully supported claim
# outranks a partly supported one, which outranks an unsupported one.
PARTIAL = (0.35, 0.0, 0.65)

LABELS = ("supports", "refutes", "not_enough_info")


@dataclass(frozen=True, slots=True)
class TrainPair:
    claim: Claim
    text: str
    title: str
    target: tuple[float, float, float]
    origin: str  # data set and role, e.g. "wice:partial"
    source_key: str  # which document the passage comes from (hard negatives must come from another one)


def prune_unsupported(claim: WiceClaim) -> str | None:
    """The sub-claim with the tokens WiCE marks as unsupported removed, or None when too little is left.

    Tokens are located in the claim string in order, so the remaining text keeps its original spacing.
    """
    if not claim.claim_tokens or len(claim.claim_tokens) != len(claim.non_supported_spans):
        return None
    spans, pos = [], 0
    for token in claim.claim_tokens:
        at = claim.claim.find(token, pos)
        if at < 0:
            return None
        spans.append((at, at + len(token)))
        pos = at + len(token)
    flags = claim.non_supported_spans
    runs = sum(1 for i, bad in enumerate(flags) if bad and (i == 0 or not flags[i - 1]))
    if runs != 1:  # cutting two or more holes leaves broken sentences
        return None
    kept = [t for t, bad in zip(claim.claim_tokens, flags) if not bad and t.isalnum()]
    words = [t for t in claim.claim_tokens if t.isalnum()]
    if len(kept) < 4 or len(kept) < 0.5 * len(words):
        return None
    out, last = [], 0
    for (start, end), bad in zip(spans, claim.non_supported_spans):
        if bad:
            out.append(claim.claim[last:start].rstrip() + " ")
            last = end
    out.append(claim.claim[last:])
    text = re.sub(r"\s+([.,;:!?)])", r"\1", "".join(out))
    text = re.sub(r"[,;:]+([.!?])", r"\1", text)
    text = re.sub(r"\s{2,}", " ", text).strip().lstrip(",;: ")
    return text[:1].upper() + text[1:]


def wice_pairs(
    claims: Iterable[WiceClaim], rng: random.Random, negatives_per_claim: int = 2
) -> list[TrainPair]:
    pairs = []
    for wc in claims:
        doc = wc.source()
        passages = split_passages(doc.text, doc.title)
        if not passages:
            continue
        claim = Claim(wc.claim, wc.article_title, wc.section, wc.context)
        pruned = prune_unsupported(wc) if any(wc.non_supported_spans) else None
        gold = [set(group) for group in wc.supporting_sentences if group]
        key = "wice:" + hashlib.sha1(doc.text.encode()).hexdigest()[:12]
        negatives = []
        for p in passages:
            inside = doc.sentences_between(p.start, p.end)
            complete = any(group <= inside for group in gold)
            if not any(group & inside for group in gold):
                negatives.append(p)
                continue
            if wc.label is WiceLabel.SUPPORTED and not any(wc.non_supported_spans):
                pairs.append(
                    TrainPair(claim, p.text, p.title, SUPPORTS if complete else PARTIAL, "wice:gold", key)
                )
            elif wc.label is not WiceLabel.NOT_SUPPORTED:
                pairs.append(TrainPair(claim, p.text, p.title, PARTIAL, "wice:partial", key))
            if pruned and complete:
                pruned_claim = Claim(pruned, wc.article_title, wc.section, wc.context)
                pairs.append(TrainPair(pruned_claim, p.text, p.title, SUPPORTS, "wice:pruned", key))
        for p in rng.sample(negatives, min(negatives_per_claim, len(negatives))):
            pairs.append(TrainPair(claim, p.text, p.title, NOT_ENOUGH_INFO, "wice:same-source", key))
    return pairs


def _read_jsonl(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def scifact_pairs(folder: Path, rng: random.Random, negatives_per_claim: int = 1) -> list[TrainPair]:
    corpus = {d["doc_id"]: d for d in _read_jsonl(folder / "corpus.jsonl")}
    pairs = []
    for row in _read_jsonl(folder / "claims_train.jsonl"):
        claim = Claim(row["claim"])
        evidence = {int(k): v for k, v in row.get("evidence", {}).items()}
        negatives = []
        for doc_id in row.get("cited_doc_ids", []):
            doc = corpus.get(int(doc_id))
            if doc is None:
                continue
            source = source_document(doc["abstract"])
            for p in split_passages(source.text, doc["title"]):
                inside = source.sentences_between(p.start, p.end)
                target = None
                for ev in evidence.get(int(doc_id), []):
                    sents = set(ev["sentences"])
                    if ev["label"] == "CONTRADICT" and sents & inside:
                        target = REFUTES
                    elif ev["label"] == "SUPPORT" and sents & inside and target is None:
                        target = SUPPORTS if sents <= inside else PARTIAL
                if target is None:
                    negatives.append(p)
                else:
                    pairs.append(
                        TrainPair(claim, p.text, p.title, target, "scifact:gold", f"scifact:{doc_id}")
                    )
        for p in rng.sample(negatives, min(negatives_per_claim, len(negatives))):
            pairs.append(
                TrainPair(
                    claim, p.text, p.title, NOT_ENOUGH_INFO, "scifact:same-source", f"scifact:{p.title}"
                )
            )
    return pairs


CLIMATE_FEVER_CAPS = {"SUPPORTS": 1000, "REFUTES": 1000, "NOT_ENOUGH_INFO": 800}


def climate_fever_pairs(path: Path, rng: random.Random) -> list[TrainPair]:
    """Claim × evidence-sentence pairs, each label capped (CLIMATE_FEVER_CAPS) by random subsampling."""
    targets = {"SUPPORTS": SUPPORTS, "REFUTES": REFUTES, "NOT_ENOUGH_INFO": NOT_ENOUGH_INFO}
    by_label: dict[str, list[TrainPair]] = {label: [] for label in targets}
    for row in _read_jsonl(path):
        claim = Claim(row["claim"])
        for ev in row["evidences"]:
            label = ev["evidence_label"]
            by_label[label].append(
                TrainPair(
                    claim,
                    ev["evidence"],
                    ev["article"],
                    targets[label],
                    "climate-fever",
                    f"climate-fever:{ev['article']}",
                )
            )
    return [
        p
        for label, pairs in by_label.items()
        for p in rng.sample(pairs, min(CLIMATE_FEVER_CAPS[label], len(pairs)))
    ]


def fever_symmetric_pairs(path: Path) -> list[TrainPair]:
    targets = {"SUPPORTS": SUPPORTS, "REFUTES": REFUTES}
    return [
        TrainPair(
            Claim(row["claim"]),
            row["evidence"],
            "",
            targets[row["label"]],
            "fever-symmetric",
            f"fever-symmetric:{row['id']}",
        )
        for row in _read_jsonl(path)
    ]


def training_pairs(data_dir: Path, seed: int) -> list[TrainPair]:
    """All training pairs from the data folder (same seed, same pairs). Missing files raise clearly."""
    rng = random.Random(seed)
    needed = [
        data_dir / "wice" / "subclaims-train.jsonl",
        data_dir / "scifact" / "corpus.jsonl",
        data_dir / "scifact" / "claims_train.jsonl",
        data_dir / "climate-fever" / "climate-fever.jsonl",
        data_dir / "fever-symmetric" / "dev.jsonl",
    ]
    missing = [str(p) for p in needed if not p.is_file()]
    if missing:
        raise FileNotFoundError(f"training data missing under {data_dir}: {', '.join(missing)}")
    return (
        wice_pairs(read_wice(needed[0]), rng)
        + scifact_pairs(data_dir / "scifact", rng)
        + climate_fever_pairs(needed[3], rng)
        + fever_symmetric_pairs(needed[4])
    )
