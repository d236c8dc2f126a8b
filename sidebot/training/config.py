"""The training recipe's knobs (no heavy imports: the CLI reads the defaults for its options)."""

from __future__ import annotations

from dataclasses import dataclass

from sidebot.verify.inputs import PairLimits

# Windows of one to three sentences are short: 176 tokens hold the claim with its context (72) and a window.
WINDOW_LIMITS = PairLimits(claim_tokens=72, max_tokens=176, claim_only_tokens=56)


@dataclass(frozen=True)
class TrainConfig:
    """The training recipe's settings: seed, epochs and learning rates of the two stages (NLI reading, then
    Wikipedia claims against source windows), batch size, schedule, model depth, loss weights and input
    limits."""

    seed: int = 13
    epochs: int = 1  # passes over stage 2's pairs (claims)
    nli_epochs: int = 1  # passes over stage 1's pairs (NLI)
    # Stage 1 samples each NLI file down to its quota (nli_mix.NLI_STAGE: 24.5k pairs, what the 2 CPU cores
    # of the development machine read in ~10 min); False reads every trainable pair (~89k), a GPU run's size.
    nli_quotas: bool = True
    batch_size: int = 16
    nli_learning_rate: float = 5e-5  # stage 1: reading (NLI pairs)
    claim_learning_rate: float = 3e-5  # stage 2: Wikipedia claims vs source windows
    weight_decay: float = 0.01
    warmup_share: float = 0.06
    layers: int = 4  # MiniLM's first N transformer layers (6 = all); docs/verifier.md says why 4
    rank_weight: float = 1.0  # weight of the listwise ranking loss against the cross-entropy
    limits: PairLimits = WINDOW_LIMITS
    threads: int = 2
    device: str = "cpu"  # "cuda" trains on a GPU: same recipe, minutes instead of an hour
    # Wall-clock budgets per stage (None: run the whole schedule). On the 2 CPU cores of the development
    # machine the shipped run needs about this much; a stage that runs out of budget stops early (recorded in
    # the model card) instead of running past a session.
    nli_minutes: float | None = 36.0
    claim_minutes: float | None = 38.0
    replay_pairs: int = 2000  # stage-1 pairs mixed into stage 2 so reading is not forgotten
    generated_limit: int = 3000  # positives perturbed into generated hard negatives (at most)
    # In-domain weight of WiCE (docs/verifier.md, "More WiCE in stage 2"): per sub-claim, this many windows of
    # its own page that share most of its words and hold no evidence (WiCE's hard case), and its groups seen
    # this many times in stage 2.
    wice_negatives: int = 6
    wice_passes: int = 2
    # Ablations (docs/verifier.md): drop the NLI stage (and its replay), or the generated hard negatives.
    nli_stage: bool = True
    generated_negatives: bool = True
    checkpoint_every: int = 100  # steps between checkpoints (when a checkpoint folder is given)
