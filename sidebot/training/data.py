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
from dataclasses import dataclass, replace
from pathlib import Path

from sidebot.datasets.wice import SourceDocument, WiceClaim, read_wice
from sidebot.records import Claim
from sidebot.verify.coverage import content_stems, stems
from sidebot.verify.windows import windows_from_spans

SUPPORTS = (1.0, 0.0, 0.0)
REFUTES = (0.0, 1.0, 0.0)
NOT_ENOUGH_INFO = (0.0, 0.0, 1.0)
# A passage holding a whole supporting set of a WiCE sub-claim that WiCE still calls partially supported:
# mostly support (a citation that fails verification has NO such passage), but below a full match so that a
# fully supported claim outranks it.
MOSTLY = (0.75, 0.0, 0.25)
# A passage holding only part of a supporting set.
PARTIAL = (0.35, 0.0, 0.65)

MAX_RUN = 3  # a supporting set within this many consecutive sentences is read as one window
POSITIVE = 0.5  # a pair whose support target is at least this is a positive in its group's ranking


@dataclass(frozen=True, slots=True)
class TrainPair:
    """One training pair: a claim and a passage (text and title) with its soft target over (supports, refutes,
    neither), where it comes from, which document it was cut from, its ranking group, and whether its label
    only says "supports or not"."""

    claim: Claim
    text: str
    title: str
    target: tuple[float, float, float]
    origin: str  # data set and role, e.g. "wice:gold"
    source_key: str  # which document the passage comes from (hard negatives must come from another one)
    group: str = ""  # pairs of one claim ranked against each other; "" = not ranked
    binary: bool = False  # the label only says "supports or not": train P(supports), not the other classes


def page_key(text: str) -> str:
    """A short stable key of a page's text (12 hex digits of its SHA-1), naming the document a passage comes
    from."""
    return hashlib.sha1(text.encode()).hexdigest()[:12]


def prune_unsupported(claim: WiceClaim) -> str | None:
    """The sub-claim with the tokens WiCE marks as unsupported removed, or None when too little is left.

    Tokens are located in the claim string in order, so the remaining text keeps its original spacing.
    """
    spans = claim.token_spans()
    if spans is None:
        return None
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
    """The claim of a WiCE row as the verifier reads it (its text, or ``text`` in its place, with the article,
    section and context)."""
    return Claim(text or wc.claim, wc.article_title, wc.section, wc.context)


def _hardest(claim_text: str, texts: Sequence[str], k: int) -> list[int]:
    """Indexes of the ``k`` texts sharing most of the claim's content words (the negatives a word-matcher
    would accept), ties in text order."""
    wanted = set(content_stems(claim_text))
    overlap = [len(wanted & set(stems(t))) for t in texts]
    return sorted(range(len(texts)), key=lambda i: (-overlap[i], i))[:k]


def _spans(doc: SourceDocument) -> list[tuple[int, tuple[int, int]]]:
    return [(i, span) for i, span in enumerate(doc.sentence_spans) if span is not None]


def gold_window(doc: SourceDocument, sentences: Sequence[int]) -> tuple[str, bool] | None:
    """The text a reader should read for one supporting set: the run of sentences from its first to its last
    when they lie within ``MAX_RUN`` consecutive sentences, else the set's sentences joined (a multi-sentence
    positive, MiniCheck's recipe). Second value: True when the set has two or more sentences."""
    spans = [doc.sentence_spans[i] for i in sorted(set(sentences)) if i < len(doc.sentence_spans)]
    found = [span for span in spans if span is not None]
    if not spans or len(found) < len(spans):
        return None
    first, last = min(sentences), max(sentences)
    if last - first < MAX_RUN:
        text = doc.text[found[0][0] : found[-1][1]]
    else:
        text = " ".join(doc.text[a:b] for a, b in found)
    return text, len(found) > 1


def wice_pairs(
    claims: Iterable[WiceClaim], rng: random.Random, negatives_per_claim: int = 3
) -> list[TrainPair]:
    """Per sub-claim, one ranked group: each supporting set's window (mostly supports: WiCE marks some of the
    sub-claim's tokens unsupported), and the ``negatives_per_claim`` windows of the same page that share the
    most words with the sub-claim but hold no supporting sentence (not enough info). The pruned, fully
    supported variant of the sub-claim gets the same windows as SUPPORTS in a second group."""
    pairs = []
    for wc in claims:
        doc = wc.source()
        gold = [tuple(g) for g in wc.supporting_sentences if g]
        windows = [w for g in dict.fromkeys(gold) if (w := gold_window(doc, g)) is not None]
        if not windows:
            continue
        claim = wice_claim(wc)
        key = "wice:" + page_key(doc.text)
        group = f"{key}:{wc.id}"
        taken = set().union(*map(set, gold))
        gold_text = {doc.text[a:b] for i, (a, b) in _spans(doc) if i in taken}
        # a page can repeat a supporting sentence elsewhere: such a copy is no negative either
        runs: list[list[tuple[int, int]]] = [[]]  # runs of consecutive sentences holding no gold sentence
        for i, (a, b) in _spans(doc):
            if i in taken or doc.text[a:b] in gold_text:
                runs.append([])
            else:
                runs[-1].append((a, b))
        others = [w.text for run in runs for w in windows_from_spans(doc.text, doc.title, run, 2)]
        negatives = [others[i] for i in _hardest(wc.claim, others, negatives_per_claim)]
        for text, multi in windows:
            pairs.append(
                TrainPair(claim, text, doc.title, MOSTLY, "wice:multi" if multi else "wice:gold", key, group)
            )
        pairs += [
            TrainPair(claim, t, doc.title, NOT_ENOUGH_INFO, "wice:same-source", key, group) for t in negatives
        ]
        pruned = prune_unsupported(wc) if any(wc.non_supported_spans) else None
        if pruned:
            full, pgroup = wice_claim(wc, pruned), f"{group}:pruned"
            pairs += [TrainPair(full, t, doc.title, SUPPORTS, "wice:pruned", key, pgroup) for t, _ in windows]
            pairs += [
                TrainPair(full, t, doc.title, NOT_ENOUGH_INFO, "wice:same-source", key, pgroup)
                for t in negatives[:2]
            ]
    return pairs


def _read_jsonl(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def scifact_pairs(folder: Path, rng: random.Random, negatives_per_claim: int = 2) -> list[TrainPair]:
    """Claims with evidence: each rationale (its sentences, joined) as SUPPORTS / REFUTES, and the abstract's
    other sentences sharing most words with the claim as NEI, one ranked group per claim."""
    corpus = {d["doc_id"]: d for d in _read_jsonl(folder / "corpus.jsonl")}
    pairs = []
    for row in _read_jsonl(folder / "claims_train.jsonl"):
        claim = Claim(row["claim"])
        group = f"scifact:{row['id']}"
        for doc_id, rationales in row.get("evidence", {}).items():
            doc = corpus.get(int(doc_id))
            if doc is None:
                continue
            key = f"scifact:{doc_id}"
            sentences = doc["abstract"]
            used: set[int] = set()
            for ev in rationales:
                idx = sorted(i for i in ev["sentences"] if 0 <= i < len(sentences))
                if not idx:
                    continue
                used |= set(idx)
                target = REFUTES if ev["label"] == "CONTRADICT" else SUPPORTS
                text = " ".join(sentences[i] for i in idx)
                pairs.append(TrainPair(claim, text, doc["title"], target, "scifact:gold", key, group))
            rest = [s for i, s in enumerate(sentences) if i not in used]
            pairs += [
                TrainPair(claim, rest[i], doc["title"], NOT_ENOUGH_INFO, "scifact:same-source", key, group)
                for i in _hardest(row["claim"], rest, negatives_per_claim)
            ]
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
    """The FEVER-symmetric rows of ``path`` as pairs: each claim with its evidence sentence, supports or
    refutes."""
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


def repeated_wice_groups(pairs: Sequence[TrainPair], passes: int) -> list[TrainPair]:
    """The WiCE pairs of ``pairs`` again, ``passes - 1`` more times, each copy a group of its own (so a batch
    never holds one group twice): WiCE is the only data of the task itself (a claim against its cited page),
    and one pass over it is a small share of stage 2."""
    wice = [p for p in pairs if p.origin.startswith("wice")]
    return [replace(p, group=p.group + ":again" * k) for k in range(1, passes) for p in wice]


def split_by_page(claims: Sequence[WiceClaim], share: float, seed: int) -> tuple[list, list]:
    """(kept, held out): about ``share`` of the claims held out, whole pages at a time (a page's sub-claims
    never straddle the split)."""
    pages = sorted({page_key(c.source().text) for c in claims})
    random.Random(seed).shuffle(pages)
    held = set(pages[: round(share * len(pages))])
    kept = [c for c in claims if page_key(c.source().text) not in held]
    return kept, [c for c in claims if page_key(c.source().text) in held]


def data_files(data_dir: Path) -> dict[str, Path]:
    """The training data's files under ``data_dir`` by data set; FileNotFoundError naming every missing
    one."""
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


def training_pairs(
    data_dir: Path, seed: int, wice_claims: Sequence[WiceClaim], wice_negatives: int = 3
) -> list[TrainPair]:
    """Pairs from ``wice_claims`` (WiCE train sub-claims, ``wice_negatives`` same-page negatives each) and the
    other data sets (same seed, same pairs)."""
    files = data_files(data_dir)
    rng = random.Random(seed)
    return (
        wice_pairs(wice_claims, rng, negatives_per_claim=wice_negatives)
        + scifact_pairs(files["scifact"].parent, rng)
        + climate_fever_pairs(files["climate-fever"], rng)
        + fever_symmetric_pairs(files["fever-symmetric"])
    )


def read_train_subclaims(data_dir: Path) -> list[WiceClaim]:
    """WiCE train sub-claims; FileNotFoundError naming the file when it is missing (only this one is read)."""
    path = data_dir / "wice" / "subclaims-train.jsonl"
    if not path.is_file():
        raise FileNotFoundError(f"training data missing under {data_dir}: {path}")
    return read_wice(path)
