"""Fine-tune all-MiniLM-L6-v2 with a 3-way head (supports / refutes / not-enough-info) on training pairs.

CPU-sized: dynamic padding with length-bucketed batches (short sentence pairs do not pay for long passage
pairs), soft-target cross-entropy (partial support is a mix of classes), AdamW with linear warm-up/decay,
everything seeded so the same data and seed give the same weights.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch
from transformers import AutoModelForSequenceClassification, AutoTokenizer, get_linear_schedule_with_warmup

from sidebot.verify.base_model import minilm_dir
from sidebot.verify.inputs import PairEncoder, PairLimits
from sidebot.verify.training.data import LABELS, TrainPair

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class TrainConfig:
    seed: int = 13
    epochs: int = 1
    batch_size: int = 16
    learning_rate: float = 4e-5
    weight_decay: float = 0.01
    warmup_share: float = 0.06
    limits: PairLimits = PairLimits()
    threads: int = 2
    max_steps: int | None = None  # stop early (tests train a few steps on a tiny sample)
    checkpoint_every: int = 100  # steps between checkpoints (when a checkpoint folder is given)


def encode_pairs(encoder: PairEncoder, pairs: Sequence[TrainPair]) -> list[tuple[list[int], list[int]]]:
    claims = list(dict.fromkeys(p.claim for p in pairs))
    claim_ids = dict(zip(claims, encoder.claim_ids(claims)))
    passage_ids = encoder.passage_ids([p.text for p in pairs], [p.title for p in pairs])
    return [encoder.join(claim_ids[p.claim], ids) for p, ids in zip(pairs, passage_ids)]


def bucketed_batches(lengths: Sequence[int], batch_size: int, rng: random.Random) -> list[list[int]]:
    """Shuffle, sort within windows of 50 batches by length, cut into batches, shuffle the batches."""
    order = list(range(len(lengths)))
    rng.shuffle(order)
    window = batch_size * 50
    batches = []
    for i in range(0, len(order), window):
        chunk = sorted(order[i : i + window], key=lambda j: lengths[j])
        batches += [chunk[k : k + batch_size] for k in range(0, len(chunk), batch_size)]
    rng.shuffle(batches)
    return batches


def new_model() -> tuple[torch.nn.Module, object]:
    folder = minilm_dir()
    tokenizer = AutoTokenizer.from_pretrained(folder)
    model = AutoModelForSequenceClassification.from_pretrained(
        folder,
        num_labels=len(LABELS),
        id2label=dict(enumerate(LABELS)),
        label2id={name: i for i, name in enumerate(LABELS)},
    )
    return model, tokenizer


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
    model, tokenizer = new_model()
    encoder = PairEncoder(tokenizer, config.limits)
    rows = encode_pairs(encoder, pairs)
    targets = torch.tensor([p.target for p in pairs], dtype=torch.float32)
    rng = random.Random(config.seed)
    epochs = [
        bucketed_batches([len(ids) for ids, _ in rows], config.batch_size, rng) for _ in range(config.epochs)
    ]
    total = sum(len(e) for e in epochs)
    if config.max_steps is not None:
        total = min(total, config.max_steps)
    optimizer = torch.optim.AdamW(
        model.parameters(), lr=config.learning_rate, weight_decay=config.weight_decay
    )
    schedule = get_linear_schedule_with_warmup(optimizer, int(total * config.warmup_share), total)
    model.train()
    step, started, seen, running = 0, time.monotonic(), 0, 0.0
    for epoch, batches in enumerate(epochs, 1):
        for batch in batches:
            if step >= total:
                break
            feeds = {k: torch.from_numpy(v) for k, v in encoder.pad([rows[i] for i in batch]).items()}
            logits = model(**feeds).logits
            loss = -(targets[batch] * torch.log_softmax(logits, dim=-1)).sum(-1).mean()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            schedule.step()
            optimizer.zero_grad(set_to_none=True)
            step += 1
            seen += len(batch)
            running = 0.98 * running + 0.02 * loss.item() if step > 1 else loss.item()
            if step % 25 == 0 or step == total:
                elapsed = time.monotonic() - started
                progress(
                    f"epoch {epoch} step {step}/{total} loss {running:.4f} "
                    f"{seen / elapsed:.1f} pairs/s elapsed {elapsed / 60:.1f} min"
                )
            if checkpoint_dir is not None and step % config.checkpoint_every == 0:
                model.save_pretrained(checkpoint_dir)
                tokenizer.save_pretrained(checkpoint_dir)
    model.eval()
    return model, tokenizer
