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
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import torch
from transformers import AutoTokenizer, get_linear_schedule_with_warmup

from sidebot.verify.base_model import minilm_dir
from sidebot.verify.inputs import PairEncoder
from sidebot.verify.network import PairClassifier
from sidebot.verify.training.config import TrainConfig
from sidebot.verify.training.data import POSITIVE, TrainPair

log = logging.getLogger(__name__)


def encode_pairs(encoder: PairEncoder, pairs: Sequence[TrainPair]) -> list[tuple[list[int], list[int]]]:
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
    batches, current = [], []
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
    folder = minilm_dir()
    return PairClassifier.from_base(folder, layers), AutoTokenizer.from_pretrained(folder)


def train(
    pairs: Sequence[TrainPair],
    config: TrainConfig = TrainConfig(),
    progress: Callable[[str], None] = log.info,
    checkpoint_dir: Path | None = None,
) -> tuple[torch.nn.Module, object]:
    """Train a fresh cross-encoder on ``pairs``; returns (model in eval mode, tokenizer).

    With ``checkpoint_dir``, the weights so far are saved there every ``config.checkpoint_every`` steps, so a
    run cut short still leaves a usable model (not resumable: the schedule restarts).
    """
    random.seed(config.seed)
    np.random.seed(config.seed)
    torch.manual_seed(config.seed)
    torch.set_num_threads(config.threads)
    device = torch.device(config.device)
    model, tokenizer = new_model(config.layers)
    model.to(device)
    encoder = PairEncoder(tokenizer, config.limits)
    rows = encode_pairs(encoder, pairs)
    targets = torch.tensor([p.target for p in pairs], dtype=torch.float32, device=device)
    rng = random.Random(config.seed)
    lengths = [len(ids) for ids, _ in rows]
    epochs = [make_batches(pairs, lengths, config.batch_size, rng) for _ in range(config.epochs)]
    total = sum(len(e) for e in epochs)  # the schedule always spans every epoch
    stop = total if config.max_steps is None else min(total, config.max_steps)
    optimizer = torch.optim.AdamW(
        model.parameters(), lr=config.learning_rate, weight_decay=config.weight_decay
    )
    schedule = get_linear_schedule_with_warmup(optimizer, int(total * config.warmup_share), total)
    model.train()
    step, started, seen, running = 0, time.monotonic(), 0, 0.0
    for epoch, batches in enumerate(epochs, 1):
        for batch in batches:
            if step >= stop:
                break
            feeds = {
                k: torch.from_numpy(v).to(device) for k, v in encoder.pad([rows[i] for i in batch]).items()
            }
            logits = model(**feeds)
            loss = -(targets[batch] * torch.log_softmax(logits, dim=-1)).sum(-1).mean()
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
            running = 0.98 * running + 0.02 * loss.item() if step > 1 else loss.item()
            if step % 25 == 0 or step == stop:
                elapsed = time.monotonic() - started
                progress(
                    f"epoch {epoch} step {step}/{total} loss {running:.4f} "
                    f"{seen / elapsed:.1f} pairs/s elapsed {elapsed / 60:.1f} min"
                )
            if checkpoint_dir is not None and step % config.checkpoint_every == 0:
                model.save(checkpoint_dir)
                tokenizer.save_pretrained(checkpoint_dir)
    model.to("cpu").eval()
    return model, tokenizer
