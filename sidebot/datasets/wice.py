"""Read WiCE (Kamoi et al., EMNLP 2023) claim files: a Wikipedia claim, the full text of the page it cites
(sentence-split), a label and the gold supporting-sentence sets.

Generic on purpose: verification, retrieval and training all read WiCE through this module.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

_META = "(meta data) "
_TITLE = "(meta data) TITLE:"


class WiceFormatError(ValueError):
    """A line of a WiCE file is not a WiCE claim record."""


class WiceLabel(StrEnum):
    """WiCE's labels of how far the cited page supports a claim."""

    SUPPORTED = "supported"
    PARTIALLY_SUPPORTED = "partially_supported"
    NOT_SUPPORTED = "not_supported"


@dataclass(frozen=True, slots=True)
class SourceDocument:
    """A cited page rebuilt from WiCE's sentence list.

    ``text`` is the page's sentences joined by newlines (meta-data lines left out); ``sentence_spans[i]`` is
    the character span of WiCE sentence ``i`` inside ``text``, or None for a meta-data line.
    """

    title: str
    text: str
    sentence_spans: tuple[tuple[int, int] | None, ...]

    def sentences_between(self, start: int, end: int) -> set[int]:
        """Indexes of the sentences whose midpoint lies in ``[start, end)`` (e.g. a passage's span)."""
        return {
            i
            for i, span in enumerate(self.sentence_spans)
            if span is not None and start <= (span[0] + span[1]) // 2 < end
        }


@dataclass(frozen=True, slots=True)
class WiceClaim:
    """A WiCE claim with its context, cited page, label and the sentences that support it."""

    id: str
    label: WiceLabel
    claim: str
    article_title: str
    section: str
    context: str
    evidence: tuple[str, ...]
    supporting_sentences: tuple[tuple[int, ...], ...]
    claim_tokens: tuple[str, ...] = ()
    non_supported_spans: tuple[bool, ...] = ()

    @property
    def gold_sentences(self) -> frozenset[int]:
        """Every sentence index in any supporting set."""
        return frozenset(i for group in self.supporting_sentences for i in group)

    def source(self) -> SourceDocument:
        """The claim's cited page as one text made of WiCE's evidence sentences, with each sentence's
        offsets."""
        return source_document(self.evidence)

    def token_spans(self) -> list[tuple[int, int]] | None:
        """Each of ``claim_tokens``' character span in ``claim``, located in order; None when the claim has
        no tokens, their flags do not match them one to one, or a token is not in the text."""
        if not self.claim_tokens or len(self.claim_tokens) != len(self.non_supported_spans):
            return None
        spans, pos = [], 0
        for token in self.claim_tokens:
            at = self.claim.find(token, pos)
            if at < 0:
                return None
            spans.append((at, at + len(token)))
            pos = at + len(token)
        return spans

    def unsupported_spans(self) -> list[tuple[int, int]]:
        """Character spans of the tokens WiCE's annotators marked as not supported by the page."""
        spans = self.token_spans() or []
        return [span for span, bad in zip(spans, self.non_supported_spans) if bad]


def source_document(evidence: tuple[str, ...] | list[str]) -> SourceDocument:
    """Join WiCE evidence sentences into one text, keeping each sentence's offsets."""
    title, pos = "", 0
    parts: list[str] = []
    spans: list[tuple[int, int] | None] = []
    for sentence in evidence:
        if sentence.startswith(_META):
            if sentence.startswith(_TITLE) and not title:
                title = sentence[len(_TITLE) :].strip()
            spans.append(None)
            continue
        if parts:
            pos += 1  # the joining newline
        parts.append(sentence)
        spans.append((pos, pos + len(sentence)))
        pos += len(sentence)
    return SourceDocument(title=title, text="\n".join(parts), sentence_spans=tuple(spans))


def parse_claim(record: dict) -> WiceClaim:
    """A WiCE record as a claim; WiceFormatError names what is missing."""
    try:
        meta = record.get("meta", {})
        return WiceClaim(
            id=str(meta.get("id", "")),
            label=WiceLabel(record["label"]),
            claim=record["claim"],
            article_title=meta.get("claim_title", "") or "",
            section=meta.get("claim_section", "") or "",
            context=meta.get("claim_context", "") or "",
            evidence=tuple(record["evidence"]),
            supporting_sentences=tuple(
                tuple(int(i) for i in group) for group in record["supporting_sentences"]
            ),
            claim_tokens=tuple(record.get("claim_tokens", ())),
            non_supported_spans=tuple(bool(x) for x in record.get("non_supported_spans", ())),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise WiceFormatError(f"not a WiCE claim record: {exc!r}") from exc


def read_wice(path: Path | str) -> list[WiceClaim]:
    """Read a WiCE ``.jsonl`` file (claims or sub-claims). Errors name the file and line."""
    path = Path(path)
    claims = []
    with path.open(encoding="utf-8") as fh:
        for number, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                claims.append(parse_claim(json.loads(line)))
            except (json.JSONDecodeError, WiceFormatError) as exc:
                raise WiceFormatError(f"{path}:{number}: {exc}") from exc
    return claims
