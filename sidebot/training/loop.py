"""Fine-tune all-MiniLM-L6-v2 (its first ``layers`` layers) with a 3-way head (supports / refutes /
not-enough-info) on training pairs.

Two losses: soft-target cross-entropy on every pair (the absolute verdict and the stance), and, for the pairs
of one claim (its evidence passages and hard negatives), a listwise softmax that ranks each evidence passage
above the negatives by support log-odds (SIDE trains its verifier to rank passages this way). A batch holds
whole claim groups, or sentence pairs of similar length (dynamic padding: short pairs do not pay for long
ones). AdamW with linear warm-up/decay; everything seeded so the same data and seed give the same weights.
"""

from __future__ import annotations

import logging
import os
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch
from transformers import AutoTokenizer, get_linear_schedule_with_warmup

from sidebot.training.config import TrainConfig
from sidebot.training.data import POSITIVE, TrainPair
from sidebot.verify.base_model import minilm_dir
from sidebot.verify.inputs import PairEncoder
from sidebot.verify.network import PairClassifier

log = logging.getLogger(__name__)


def encode_pairs(encoder: PairEncoder, pairs: Sequence[TrainPair]) -> list[tuple[list[int], list[int]]]:
    """The token ids of each pair as the verifier encodes it (claim ids, then passage ids), each claim encoded
    once however many pairs share it."""
    claims = list(dict.fromkeys(p.claim for p in pairs))
    claim_ids = dict(zip(claims, encoder.claim_ids(claims)))
    passage_ids = encoder.passage_ids([p.text for p in pairs], [p.title for p in pairs])
    return [encoder.join(claim_ids[p.claim], ids) for p, ids in zip(pairs, passage_ids)]


def make_batches(
    pairs: Sequence[TrainPair], lengths: Sequence[int], batch_size: int, rng: random.Random
) -> list[list[int]]:
    """Whole groups packed into batches of about ``batch_size`` pairs; ungrouped pairs shuffled, sorted by
    length within windows of 50 batches, then cut; all batches shuffled."""
    groups: dict[str, list[int]] = {}
    loose = []
    for i, p in enumerate(pairs):
        if p.group:
            groups.setdefault(p.group, []).append(i)
        else:
            loose.append(i)
    units = list(groups.values())
    rng.shuffle(units)
    batches: list[list[int]] = []
    current: list[int] = []
    for unit in units:
        if current and len(current) + len(unit) > batch_size:
            batches.append(current)
            current = []
        current = current + unit
    if current:
        batches.append(current)
    rng.shuffle(loose)
    window = batch_size * 50
    for i in range(0, len(loose), window):
        chunk = sorted(loose[i : i + window], key=lambda j: lengths[j])
        batches += [chunk[k : k + batch_size] for k in range(0, len(chunk), batch_size)]
    rng.shuffle(batches)
    return batches


def support_log_odds(logits: torch.Tensor) -> torch.Tensor:
    """Per row, the log-odds of "supports" against the other two classes together."""
    return logits[:, 0] - torch.logsumexp(logits[:, 1:], dim=-1)


def ranking_loss(
    scores: torch.Tensor, batch: Sequence[int], pairs: Sequence[TrainPair]
) -> torch.Tensor | None:
    """Mean over evidence pairs of −log softmax(evidence score vs its group's negatives' scores)."""
    by_group: dict[str, list[int]] = {}
    for k, i in enumerate(batch):
        if pairs[i].group:
            by_group.setdefault(pairs[i].group, []).append(k)
    terms = []
    for members in by_group.values():
        pos = [k for k in members if pairs[batch[k]].target[0] >= POSITIVE]
        neg = [k for k in members if pairs[batch[k]].target[0] == 0.0]
        if not pos or not neg:
            continue
        neg_scores = scores[neg]
        for k in pos:
            terms.append(torch.logsumexp(torch.cat([scores[k : k + 1], neg_scores]), 0) - scores[k])
    return torch.stack(terms).mean() if terms else None


def new_model(layers: int = 6) -> tuple[PairClassifier, object]:
    """A fresh pair classifier on the packaged MiniLM's first ``layers`` layers, and its tokenizer."""
    folder = minilm_dir()
    return PairClassifier.from_base(folder, layers), AutoTokenizer.from_pretrained(folder)


@dataclass(frozen=True)
class Stage:
    """One training stage: its pairs, peak learning rate, wall-clock budget (None: no budget) and passes."""

    name: str
    pairs: Sequence[TrainPair]
    learning_rate: float
    max_minutes: float | None = None
    epochs: int = 1


@dataclass
class StageResult:
    """What one training stage did: its pairs, the optimizer steps run out of those planned (fewer when cut
    short), and its minutes."""

    name: str
    pairs: int
    steps: int  # optimizer steps run
    planned_steps: int  # steps of the full schedule
    minutes: float


def pair_loss(logits: torch.Tensor, targets: torch.Tensor, binary: torch.Tensor) -> torch.Tensor:
    """Soft-target cross-entropy for 3-way pairs; for binary pairs, cross-entropy of P(supports) alone
    (their label does not say whether "not supported" means refutes or not enough info)."""
    log_p = torch.log_softmax(logits, dim=-1)
    three_way = -(targets * log_p).sum(-1)
    p_support = targets[:, 0]
    log_not = torch.logsumexp(log_p[:, 1:], dim=-1)
    two_way = -(p_support * log_p[:, 0] + (1 - p_support) * log_not)
    return torch.where(binary, two_way, three_way).mean()


class Checkpoint:
    """Model, optimizer and schedule state after a step, written atomically so a run killed mid-write
    resumes from the previous checkpoint."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / "training-state.pt"

    def save(self, state: dict) -> None:
        """Write ``state`` atomically (to a temporary file, then renamed over the checkpoint)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        torch.save(state, tmp)
        os.replace(tmp, self.path)

    def load(self) -> dict | None:
        """The saved state, or None when there is none or it cannot be read (a warning is logged; training
        starts over)."""
        if not self.path.is_file():
            return None
        try:
            return torch.load(self.path, map_location="cpu", weights_only=False)
        except (OSError, RuntimeError, EOFError) as exc:
            log.warning("checkpoint %s unreadable (%s): starting over", self.path, exc)
            return None


def train(
    stages: Sequence[Stage],
    config: TrainConfig = TrainConfig(),
    progress: Callable[[str], None] = log.info,
    checkpoint_dir: Path | None = None,
) -> tuple[PairClassifier, object, list[StageResult]]:
    """Train a fresh cross-encoder through ``stages`` in order; returns (model in eval mode, tokenizer,
    per-stage results).

    Each stage has its own warm-up and linear decay over its passes (``Stage.epochs``) of its pairs,
    and stops early when its wall-clock budget is spent. With ``checkpoint_dir``, the full training state is
    saved every ``config.checkpoint_every`` steps and at each stage's end, and a later call with the same
    stages resumes from it (batches are rebuilt from the seed, so the resumed run sees the same batches).
    """
    random.seed(config.seed)
    np.random.seed(config.seed)
    torch.manual_seed(config.seed)
    torch.set_num_threads(config.threads)
    device = torch.device(config.device)
    model, tokenizer = new_model(config.layers)
    model.to(device)
    encoder = PairEncoder(tokenizer, config.limits)
    checkpoint = Checkpoint(checkpoint_dir) if checkpoint_dir else None
    state = checkpoint.load() if checkpoint else None
    results: list[StageResult] = list(state["results"]) if state else []
    if state:
        model.load_state_dict(state["model"])
        progress(f"resuming at stage {state['stage'] + 1} step {state['step']}")
    for index, stage in enumerate(stages):
        if state and index < state["stage"]:
            continue
        resume = state if state and index == state["stage"] else None
        if resume and "optimizer" not in resume:  # saved between stages: this one starts at its first step
            if "rng" in resume:  # (older checkpoints have none)
                torch.set_rng_state(resume["rng"])
            resume = None
        result = _run_stage(
            index, stage, model, encoder, config, device, progress, checkpoint, results, resume
        )
        results = [r for r in results if r.name != stage.name] + [result]
        state = None
        if checkpoint:
            checkpoint.save(
                {
                    "stage": index + 1,
                    "step": 0,
                    "model": model.state_dict(),
                    "rng": torch.get_rng_state(),
                    "results": results,
                }
            )
    model.to("cpu").eval()
    return model, tokenizer, results


def _run_stage(
    index: int,
    stage: Stage,
    model: PairClassifier,
    encoder: PairEncoder,
    config: TrainConfig,
    device: torch.device,
    progress: Callable[[str], None],
    checkpoint: Checkpoint | None,
    results: list[StageResult],
    resume: dict | None,
) -> StageResult:
    pairs = stage.pairs
    rows = encode_pairs(encoder, pairs)
    targets = torch.tensor([p.target for p in pairs], dtype=torch.float32, device=device)
    binary = torch.tensor([p.binary for p in pairs], dtype=torch.bool, device=device)
    rng = random.Random(config.seed + index)
    lengths = [len(ids) for ids, _ in rows]
    batches = [b for _ in range(stage.epochs) for b in make_batches(pairs, lengths, config.batch_size, rng)]
    total = len(batches)
    optimizer = torch.optim.AdamW(
        model.parameters(), lr=stage.learning_rate, weight_decay=config.weight_decay
    )
    schedule = get_linear_schedule_with_warmup(optimizer, int(total * config.warmup_share), total)
    step, spent = 0, 0.0
    if resume:
        optimizer.load_state_dict(resume["optimizer"])
        schedule.load_state_dict(resume["schedule"])
        step, spent = resume["step"], resume["minutes"] * 60
        torch.set_rng_state(resume["rng"])  # the same dropout masks as an uninterrupted run
    model.train()
    started, seen, running = time.monotonic() - spent, 0, 0.0
    budget = stage.max_minutes * 60 if stage.max_minutes is not None else float("inf")

    def save() -> None:
        if checkpoint:
            checkpoint.save(
                {
                    "stage": index,
                    "step": step,
                    "minutes": (time.monotonic() - started) / 60,
                    "model": model.state_dict(),
                    "optimizer": optimizer.state_dict(),
                    "schedule": schedule.state_dict(),
                    "rng": torch.get_rng_state(),
                    "results": results,
                }
            )

    for batch in batches[step:]:
        if time.monotonic() - started > budget:
            progress(
                f"{stage.name}: wall-clock budget of {stage.max_minutes} min spent at step {step}/{total}"
            )
            break
        feeds = {k: torch.from_numpy(v).to(device) for k, v in encoder.pad([rows[i] for i in batch]).items()}
        logits = model(**feeds)
        loss = pair_loss(logits, targets[batch], binary[batch])
        ranked = ranking_loss(support_log_odds(logits), batch, pairs)
        if ranked is not None:
            loss = loss + config.rank_weight * ranked
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        schedule.step()
        optimizer.zero_grad(set_to_none=True)
        step += 1
        seen += len(batch)
        running = 0.98 * running + 0.02 * loss.item() if seen > len(batch) else loss.item()
        if step % 25 == 0 or step == total:
            elapsed = time.monotonic() - started
            progress(
                f"{stage.name} step {step}/{total} loss {running:.4f} "
                f"{seen / max(elapsed - spent, 1e-9):.1f} pairs/s elapsed {elapsed / 60:.1f} min"
            )
        if step % config.checkpoint_every == 0:
            save()
    minutes = (time.monotonic() - started) / 60
    return StageResult(stage.name, len(pairs), step, total, round(minutes, 1))
