"""Which NLI and claim-verification files train the reader, how many pairs of each, and which part of each is
held out for evaluation.

Stage 1 (``NLI_STAGE``) teaches reading: entailment vs neutral vs contradiction on general sentence pairs,
adversarial rounds (ANLI, ConjNLI, counterfactual SNLI, Breaking NLI: pairs where word overlap misleads), and
Wikipedia-premise NLI. Stage 2 (``CLAIM_STAGE``) moves to the task: Wikipedia claims against evidence
sentences (FEVER-NLI, Fool Me Twice), alongside the WiCE / SciFact / Climate-FEVER / FEVER-Symmetric pairs of
data.py, with a replay of stage-1 pairs so the reading skill is not forgotten.

Held out: ``HELD_OUT_SHARE`` of every file named in ``EVAL_FILES`` (chosen by a hash of the pair, so the split
never depends on the seed or on the order of the file) is never trained on; ``sidebot eval verify --nli``
reports on those pairs. Files not listed in either mixture (SNLI test, SICK test, HealthVer, COVID-Fact,
BEGIN,
MCTest, IMPPRES) are never trained on at all.

Labels: 3-way files train all three classes; binary files (entailment / not_entailment) train P(supports)
only, so "not entailed" never has to pick between refutes and not-enough-info.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from pathlib import Path

from sidebot.datasets.nli import NliLabel, NliPair, read_nli
from sidebot.records import Claim
from sidebot.training.data import NOT_ENOUGH_INFO, REFUTES, SUPPORTS, TrainPair

HELD_OUT_SHARE = 0.3


@dataclass(frozen=True, slots=True)
class NliSource:
    """An NLI file of the stage-1 mixture and how many of its pairs to sample."""

    path: str  # relative to the data folder
    pairs: int  # at most this many (sampled with the seed)


NLI_STAGE = (
    NliSource("nli/mnli_dev/dev_matched.jsonl.gz", 5000),
    NliSource("nli/mnli_dev/dev_mismatched_binary.jsonl.gz", 3000),
    NliSource("nli/snli_devtest/dev.jsonl.gz", 2500),
    NliSource("nli/anli_v1_devtest/dev_r1.jsonl.gz", 1000),
    NliSource("nli/anli_v1_devtest/dev_r2.jsonl.gz", 1000),
    NliSource("nli/anli_v1_devtest/dev_r3.jsonl.gz", 1200),
    NliSource("nli/cad_snli/train.jsonl.gz", 1500),
    NliSource("nli/conjnli/train_adversarial.jsonl.gz", 1500),
    NliSource("nli/semi_auto_nli_wiki/train_base_wiki.jsonl.gz", 1000),
    NliSource("nli/semi_auto_nli_wiki/train_sim_wiki.jsonl.gz", 1000),
    NliSource("nli/semi_auto_nli_wiki/train_translate_wiki.jsonl.gz", 1000),
    NliSource("nli/xnli_en_dev/dev.jsonl.gz", 800),
    NliSource("nli/mnli_train_taxinli_subset/train.jsonl.gz", 1000),
    NliSource("nli/rte_glue/train_plus_dev.jsonl.gz", 1500),
    NliSource("nli/scitail/test.jsonl.gz", 800),
    NliSource("nli/sick/train.jsonl.gz", 800),
    NliSource("nli/wanli_sample/train.jsonl.gz", 100),
    NliSource("nli/breaking_nli/test.jsonl.gz", 800),
)
CLAIM_STAGE = (
    NliSource("nli/fever_nli_binary/dev.jsonl.gz", 4000),
    NliSource("nli/fm2_wiki_claims/dev.jsonl.gz", 1200),
)
# Files whose held-out share is the NLI evaluation (sidebot eval verify --nli).
EVAL_FILES = (
    "nli/anli_v1_devtest/dev_r1.jsonl.gz",
    "nli/anli_v1_devtest/dev_r2.jsonl.gz",
    "nli/anli_v1_devtest/dev_r3.jsonl.gz",
    "nli/fever_nli_binary/dev.jsonl.gz",
    "nli/fm2_wiki_claims/dev.jsonl.gz",
    "nli/mnli_dev/dev_matched.jsonl.gz",
)
_TARGETS = {
    NliLabel.ENTAILMENT: SUPPORTS,
    NliLabel.CONTRADICTION: REFUTES,
    NliLabel.NEUTRAL: NOT_ENOUGH_INFO,
    NliLabel.NOT_ENTAILMENT: (0.0, 0.5, 0.5),
}


def is_held_out(pair: NliPair) -> bool:
    """True for the ``HELD_OUT_SHARE`` of pairs kept for evaluation (a hash of the pair's text)."""
    digest = hashlib.sha1(f"{pair.premise}\x00{pair.hypothesis}".encode()).digest()
    return int.from_bytes(digest[:4], "big") / 2**32 < HELD_OUT_SHARE


def split_file(path: Path, relative: str) -> tuple[list[NliPair], list[NliPair]]:
    """(trainable, held out) pairs of one file; only files in ``EVAL_FILES`` hold pairs out."""
    pairs = read_nli(path)
    if relative not in EVAL_FILES:
        return pairs, []
    return [p for p in pairs if not is_held_out(p)], [p for p in pairs if is_held_out(p)]


def to_train_pair(pair: NliPair, origin: str) -> TrainPair:
    """Hypothesis as the claim, premise as the passage (no title): the claim is what must be supported."""
    return TrainPair(
        Claim(pair.hypothesis),
        pair.premise,
        "",
        _TARGETS[pair.label],
        origin,
        f"{origin}:{hashlib.sha1(pair.premise.encode()).hexdigest()[:10]}",
        binary=pair.label is NliLabel.NOT_ENTAILMENT,
    )


def missing_files(data_dir: Path, sources: tuple[NliSource, ...]) -> list[str]:
    """The files of ``sources`` not under ``data_dir``, as paths for an error message."""
    return [str(data_dir / s.path) for s in sources if not (data_dir / s.path).is_file()]


def mixture_pairs(
    data_dir: Path, sources: tuple[NliSource, ...], seed: int, quotas: bool = True
) -> list[TrainPair]:
    """The trainable pairs of ``sources``, each sampled down to its quota with ``seed`` (all of them, shuffled
    with ``seed``, without ``quotas``)."""
    missing = missing_files(data_dir, sources)
    if missing:
        raise FileNotFoundError(f"training data missing under {data_dir}: {', '.join(missing)}")
    rng = random.Random(seed)
    out: list[TrainPair] = []
    for source in sources:
        trainable, _ = split_file(data_dir / source.path, source.path)
        chosen = rng.sample(trainable, min(source.pairs, len(trainable)) if quotas else len(trainable))
        origin = "nli:" + source.path.split("/")[1]
        out += [to_train_pair(p, origin) for p in chosen]
    return out


def held_out_pairs(data_dir: Path) -> dict[str, list[NliPair]]:
    """The evaluation pairs of every file in ``EVAL_FILES``, by file."""
    missing = [str(data_dir / r) for r in EVAL_FILES if not (data_dir / r).is_file()]
    if missing:
        raise FileNotFoundError(", ".join(missing))
    return {relative: split_file(data_dir / relative, relative)[1] for relative in EVAL_FILES}
