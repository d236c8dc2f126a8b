"""Turn (claim, passage) pairs into cross-encoder inputs.

The claim segment is ``claim [SEP] article title | section | …context``: the claim itself comes FIRST, so the
model always knows which words it has to verify (a claim buried at the end of its preceding text is
indistinguishable from that text), and a claim longer than its share keeps its last words, the ones nearest
the citation. The article title and section (which resolve the claim's pronouns) follow, then as much of the
text before the claim as fits, cut from the LEFT so the words nearest the claim survive (SIDE's recipe). The
passage segment is ``source title | passage text``, cut from the right to fit the pair budget.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from sidebot.records import Claim

HEAD_TOKENS = 16  # title + section at most


@dataclass(frozen=True, slots=True)
class PairLimits:
    """Token budgets of one claim–passage pair: the claim with its title, section and context, the claim's own
    share of that, and the whole pair."""

    claim_tokens: int = 72  # claim + title/section + context, separators included
    max_tokens: int = 224  # whole pair, special tokens included
    claim_only_tokens: int = 56  # the claim's own share of claim_tokens


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
        self.bar = tokenizer.convert_tokens_to_ids("|")

    def _ids(self, texts: Sequence[str]) -> list[list[int]]:
        if not texts:
            return []
        return self.tokenizer(list(texts), add_special_tokens=False, verbose=False)["input_ids"]

    def claim_ids(self, claims: Sequence[Claim]) -> list[list[int]]:
        """Each claim's token ids as the reader reads it: the end of its text (up to ``claim_only_tokens``),
        then the article title and section, then the context, cut to ``claim_tokens``."""
        texts = self._ids([c.text for c in claims])
        heads = self._ids([" | ".join(x for x in (c.article_title, c.section) if x) for c in claims])
        contexts = self._ids([c.context for c in claims])
        out = []
        for text, head, context in zip(texts, heads, contexts):
            ids = text[-self.limits.claim_only_tokens :]
            if head or context:
                ids = [*ids, self.sep, *head[:HEAD_TOKENS]]
                room = self.limits.claim_tokens - len(ids) - (1 if head else 0)
                if context and room > 0:
                    ids += ([self.bar] if head else []) + context[-room:]
            out.append(ids[: self.limits.claim_tokens])
        return out

    def passage_ids(self, texts: Sequence[str], titles: Sequence[str]) -> list[list[int]]:
        """Each passage's token ids, the title first (``title | text``) when it has one; no special tokens."""
        return self._ids([f"{title} | {text}" if title else text for text, title in zip(texts, titles)])

    def join(self, claim: list[int], passage: list[int]) -> tuple[list[int], list[int]]:
        """One pair's ``input_ids`` and ``token_type_ids``: ``[CLS] claim [SEP] passage [SEP]``, the passage
        cut so the pair fits ``max_tokens``."""
        room = self.limits.max_tokens - 3 - len(claim)
        ids = [self.cls, *claim, self.sep, *passage[:room], self.sep]
        types = [0] * (len(claim) + 2) + [1] * (len(ids) - len(claim) - 2)
        return ids, types

    def pad(self, rows: Sequence[tuple[list[int], list[int]]]) -> dict[str, np.ndarray]:
        """The rows padded to the longest into the model's input arrays (ids, token types, attention mask)."""
        width = max(len(ids) for ids, _ in rows)
        input_ids = np.full((len(rows), width), self.pad_id, dtype=np.int64)
        types = np.zeros((len(rows), width), dtype=np.int64)
        mask = np.zeros((len(rows), width), dtype=np.int64)
        for i, (ids, tt) in enumerate(rows):
            input_ids[i, : len(ids)] = ids
            types[i, : len(tt)] = tt
            mask[i, : len(ids)] = 1
        return {"input_ids": input_ids, "attention_mask": mask, "token_type_ids": types}
