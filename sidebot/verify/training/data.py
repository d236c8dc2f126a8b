"""Training pairs for the cross-encoder, built from the real data sets in the shared data folder.

Every pair is (claim, passage, soft target over supports / refutes / not-enough-info). Passages are cut
exactly as at inference (``split_passages``: ~100 words, source title in front), so the model trains on what
it will see. Pairs that share a ``group`` belong to one claim: its evidence passages and hard negatives (other
passages of the same source, the most similar passages of other sources), which the training loop also ranks
against each other (SIDE's passage-ranking objective). What is used (see docs/verifier.md for why):

- WiCE sub-claims of WiCE *train* claims: the passage holding a whole supporting-sentence set mostly supports
  the sub-claim (WiCE marks a few of its tokens unsupported); the same sub-claim with those tokens cut out is
  fully supported; a passage holding only part of a set is weak support; other passages are negatives.
- SciFact train claims against their cited abstracts: SUPPORT / CONTRADICT passages, other passages NEI.
- Climate-FEVER claim / Wikipedia-sentence pairs (read at training time only; never copied: no license).
- FEVER-Symmetric claim / sentence pairs (SUPPORTS / REFUTES, built against claim-only shortcuts).

WiCE *dev* claims are never used here: they are the held-out evaluation and calibration set.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from sidebot.datasets.wice import WiceClaim, read_wice, source_document
from sidebot.sources.passages import Passage, split_passages
from sidebot.verify.types import Claim

SUPPORTS = (1.0, 0.0, 0.0)
REFUTES = (0.0, 1.0, 0.0)
NOT_ENOUGH_INFO = (0.0, 0.0, 1.0)
# A passage holding a whole supporting set of a WiCE sub-claim that WiCE still calls partially supported:
# mostly support (a citation that fails verification has NO such passage), but below a full match so that a
# fully supported claim outranks it.
MOSTLY = (0.75, 0.0, 0.25)
# A passage holding only part of a supporting set.
PARTIAL = (0.35, 0.0, 0.65)

POSITIVE = 0.5  # a pair whose support target is at least this is a positive in its group's ranking


@dataclass(frozen=True, slots=True)
class TrainPair:
    claim: Claim
    text: str
    title: str
    target: tuple[float, float, float]
    origin: str  # data set and role, e.g. "wice:gold"
    source_key: str  # which document the passage comes from (hard negatives must come from another one)
    group: str = ""  # pairs of one claim ranked against each other; "" = not ranked


def page_key(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()[:12]


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


def wice_claim(wc: WiceClaim, text: str | None = None) -> Claim:
    return Claim(text or wc.claim, wc.article_title, wc.section, wc.context)


def wice_pairs(
    claims: Iterable[WiceClaim], rng: random.Random, negatives_per_claim: int = 4
) -> list[TrainPair]:
    """Per sub-claim: its evidence passages and ``negatives_per_claim`` other passages of its page, one group;
    the pruned (fully supported) variant against the complete-evidence passages, a second group with the same
    negatives."""
    pairs = []
    for wc in claims:
        doc = wc.source()
        passages = split_passages(doc.text, doc.title)
        if not passages:
            continue
        claim = wice_claim(wc)
        pruned = prune_unsupported(wc) if any(wc.non_supported_spans) else None
        gold = [set(group) for group in wc.supporting_sentences if group]
        key = "wice:" + page_key(doc.text)
        positives, complete, negatives = [], [], []
        for p in passages:
            inside = doc.sentences_between(p.start, p.end)
            if not any(group & inside for group in gold):
                negatives.append(p)
            elif any(group <= inside for group in gold):
                positives.append((p, MOSTLY))
                complete.append(p)
            else:
                positives.append((p, PARTIAL))
        if not positives:
            continue
        chosen = rng.sample(negatives, min(negatives_per_claim, len(negatives)))
        group = f"{key}:{wc.id}"
        pairs += [TrainPair(claim, p.text, p.title, t, "wice:gold", key, group) for p, t in positives]
        pairs += [
            TrainPair(claim, p.text, p.title, NOT_ENOUGH_INFO, "wice:same-source", key, group) for p in chosen
        ]
        if pruned and complete:
            full = wice_claim(wc, pruned)
            pgroup = f"{group}:pruned"
            pairs += [
                TrainPair(full, p.text, p.title, SUPPORTS, "wice:pruned", key, pgroup) for p in complete
            ]
            pairs += [
                TrainPair(full, p.text, p.title, NOT_ENOUGH_INFO, "wice:same-source", key, pgroup)
                for p in chosen[:2]
            ]
    return pairs


def _read_jsonl(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def scifact_pairs(folder: Path, rng: random.Random, negatives_per_claim: int = 2) -> list[TrainPair]:
    """Claims with evidence: evidence passages and same-abstract negatives, one group. Claims without
    evidence: one passage of a cited abstract, NEI, ungrouped."""
    corpus = {d["doc_id"]: d for d in _read_jsonl(folder / "corpus.jsonl")}
    pairs = []
    for row in _read_jsonl(folder / "claims_train.jsonl"):
        claim = Claim(row["claim"])
        evidence = {int(k): v for k, v in row.get("evidence", {}).items()}
        group = f"scifact:{row['id']}" if evidence else ""
        found, negatives = [], []
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
                    negatives.append((p, f"scifact:{doc_id}"))
                else:
                    found.append(
                        TrainPair(claim, p.text, p.title, target, "scifact:gold", f"scifact:{doc_id}", group)
                    )
        pairs += found
        for p, key in rng.sample(negatives, min(negatives_per_claim if found else 1, len(negatives))):
            pairs.append(
                TrainPair(claim, p.text, p.title, NOT_ENOUGH_INFO, "scifact:same-source", key, group)
            )
    return pairs


CLIMATE_FEVER_CAPS = {"SUPPORTS": 700, "REFUTES": 700, "NOT_ENOUGH_INFO": 700}


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


def split_by_page(claims: Sequence[WiceClaim], share: float, seed: int) -> tuple[list, list]:
    """(kept, held out): about ``share`` of the claims held out, whole pages at a time (a page's sub-claims
    never straddle the split)."""
    pages = sorted({page_key(c.source().text) for c in claims})
    random.Random(seed).shuffle(pages)
    held = set(pages[: round(share * len(pages))])
    kept = [c for c in claims if page_key(c.source().text) not in held]
    return kept, [c for c in claims if page_key(c.source().text) in held]


def data_files(data_dir: Path) -> dict[str, Path]:
    files = {
        "wice": data_dir / "wice" / "subclaims-train.jsonl",
        "scifact": data_dir / "scifact" / "claims_train.jsonl",
        "scifact-corpus": data_dir / "scifact" / "corpus.jsonl",
        "climate-fever": data_dir / "climate-fever" / "climate-fever.jsonl",
        "fever-symmetric": data_dir / "fever-symmetric" / "dev.jsonl",
    }
    missing = [str(p) for p in files.values() if not p.is_file()]
    if missing:
        raise FileNotFoundError(f"training data missing under {data_dir}: {', '.join(missing)}")
    return files


def training_pairs(data_dir: Path, seed: int, wice_claims: Sequence[WiceClaim]) -> list[TrainPair]:
    """Pairs from ``wice_claims`` (WiCE train sub-claims) and the other data sets (same seed, same pairs)."""
    files = data_files(data_dir)
    rng = random.Random(seed)
    return (
        wice_pairs(wice_claims, rng)
        + scifact_pairs(files["scifact"].parent, rng)
        + climate_fever_pairs(files["climate-fever"], rng)
        + fever_symmetric_pairs(files["fever-symmetric"])
    )


def passages_of(claim: WiceClaim) -> list[Passage]:
    doc = claim.source()
    return split_passages(doc.text, doc.title)


def read_train_subclaims(data_dir: Path) -> list[WiceClaim]:
    return read_wice(data_files(data_dir)["wice"])
