"""Turn (claim, passage) pairs into cross-encoder inputs, SIDE style.

The claim segment is ``article title | section | …context claim``: the title and section come first (capped),
then the text before the citation, cut from the LEFT so the words nearest the citation survive. The passage
segment is ``source title | passage text``, cut from the right to fit the pair budget.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from sidebot.verify.types import Claim

HEAD_TOKENS = 20  # title + section at most


@dataclass(frozen=True, slots=True)
class PairLimits:
    claim_tokens: int = 64  # head + context + claim
    max_tokens: int = 224  # whole pair, special tokens included


class PairEncoder:
    """Builds padded ``input_ids``/``attention_mask``/``token_type_ids`` arrays for a BERT tokenizer."""

    def __init__(self, tokenizer, limits: PairLimits = PairLimits()) -> None:
        self.tokenizer = tokenizer
        self.limits = limits
        self.cls, self.sep, self.pad_id = (
            tokenizer.cls_token_id,
            tokenizer.sep_token_id,
            tokenizer.pad_token_id,
        )

    def _ids(self, texts: Sequence[str]) -> list[list[int]]:
        if not texts:
            return []
        return self.tokenizer(list(texts), add_special_tokens=False, verbose=False)["input_ids"]

    def claim_ids(self, claims: Sequence[Claim]) -> list[list[int]]:
        heads = self._ids([" | ".join(x for x in (c.article_title, c.section) if x) for c in claims])
        tails = self._ids([f"{c.context} {c.text}".strip() for c in claims])
        out = []
        for head, tail in zip(heads, tails):
            head = head[:HEAD_TOKENS] + ([self.sep] if head else [])
            room = max(self.limits.claim_tokens - len(head), 8)
            out.append(head + tail[-room:])
        return out

    def passage_ids(self, texts: Sequence[str], titles: Sequence[str]) -> list[list[int]]:
        return self._ids([f"{title} | {text}" if title else text for text, title in zip(texts, titles)])

    def join(self, claim: list[int], passage: list[int]) -> tuple[list[int], list[int]]:
        room = self.limits.max_tokens - 3 - len(claim)
        ids = [self.cls, *claim, self.sep, *passage[:room], self.sep]
        types = [0] * (len(claim) + 2) + [1] * (len(ids) - len(claim) - 2)
        return ids, types

    def pad(self, rows: Sequence[tuple[list[int], list[int]]]) -> dict[str, np.ndarray]:
        width = max(len(ids) for ids, _ in rows)
        input_ids = np.full((len(rows), width), self.pad_id, dtype=np.int64)
        types = np.zeros((len(rows), width), dtype=np.int64)
        mask = np.zeros((len(rows), width), dtype=np.int64)
        for i, (ids, tt) in enumerate(rows):
            input_ids[i, : len(ids)] = ids
            types[i, : len(tt)] = tt
            mask[i, : len(ids)] = 1
        return {"input_ids": input_ids, "attention_mask": mask, "token_type_ids": types}
