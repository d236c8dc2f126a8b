"""Benchmark the verifier on real text: reader pairs/s at the model's longest input for the fast path and for
plain torch fp32 side by side in one run, the latency of verifying one citation whose source has 30 passages
and of one whose source is every demo page joined (a figure it does not give, read afresh), and, given WiCE
claims, citations verified per second end to end (full cited pages: windows, pre-filter, claim parts,
reader, combiner, evidence) on the fast path and in fp32, interleaved in the same run.

Three paths are timed, interleaved so that load from other processes hits them alike: the shipped model on
the fast path (bf16 autocast), the same model in plain torch fp32, and a full 6-layer MiniLM cross-encoder in
fp32 (FACTS.md measured it at ~28 pairs/s on a quiet machine), so the figures can be compared with
measurements from other runs.

The pair text is the shipped demo sources (real web pages cited by WiCE claims): each pair is one sentence
of a page as the claim and the following words of the same page as the window, cut to exactly the model's
maximum input length.
"""

from __future__ import annotations

import gzip
import json
import time
from collections.abc import Callable, Sequence
from importlib.resources import files
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import torch

from sidebot.config import VerifySettings
from sidebot.records import Claim, Passage
from sidebot.sources.passages import split_passages
from sidebot.verify.base_model import minilm_dir
from sidebot.verify.coverage import stem_set
from sidebot.verify.factory import configured_scorer
from sidebot.verify.facts import PageIndex, check_facts, forget_entities
from sidebot.verify.language import forget_parses
from sidebot.verify.model import CrossEncoder, Precision
from sidebot.verify.network import PairClassifier
from sidebot.verify.page_windows import page_windows

LATENCY_PASSAGES = 30


def demo_pages(path: Path | None = None) -> list[tuple[str, list[str]]]:
    """(title, sentences) of the shipped demo source pages."""
    path = path or Path(str(files("sidebot") / "data" / "demo" / "sources.jsonl.gz"))
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    return [(row.get("title", ""), row["sentences"]) for row in rows if row.get("sentences")]


def fixed_length_rows(
    model: CrossEncoder, pages: list[tuple[str, list[str]]], count: int, tokens: int
) -> list[tuple[list[int], list[int]]]:
    """``count`` real (claim, passage) pairs of exactly ``tokens`` tokens each."""
    enc = model.encoder
    rows = []
    for title, sentences in pages:
        stream = enc.passage_ids([" ".join(sentences)], [title])[0]
        claim_ids = enc.claim_ids([Claim(sentences[0][:300])])[0]
        room = tokens - 3 - len(claim_ids)
        for start in range(0, len(stream) - room, room):
            ids, types = enc.join(claim_ids, stream[start : start + room])
            if len(ids) == tokens:
                rows.append((ids, types))
            if len(rows) == count:
                return rows
    if not rows:
        raise ValueError("no page is long enough for a benchmark pair")
    return (rows * (count // len(rows) + 1))[:count]


class _Timed(Protocol):
    """What the rate is measured on: the verifier's model or the 6-layer reference."""

    batch_size: int

    def logits(self, rows: Any) -> object: ...


def pairs_per_second(model: _Timed, rows: Any, seconds: float) -> float:
    """How many claim–passage pairs per second ``model`` scores when fed ``rows`` again and again for at least
    ``seconds`` (after one untimed warm-up batch)."""
    model.logits(rows[: model.batch_size])  # warm-up
    done, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        model.logits(rows)
        done += len(rows)
    return done / (time.perf_counter() - started)


class SixLayerReference:
    """all-MiniLM-L6-v2 with a fresh 3-way head in fp32: what a 6-layer cross-encoder costs."""

    def __init__(self, like: CrossEncoder) -> None:
        self.model = PairClassifier.from_base(minilm_dir(), layers=6).eval()
        self.encoder, self.batch_size = like.encoder, like.batch_size

    @torch.inference_mode()
    def logits(self, rows) -> None:
        """Run the 6-layer model over ``rows`` in the verifier's batch size, discarding the logits: only the
        time counts."""
        for k in range(0, len(rows), self.batch_size):
            feeds = self.encoder.pad(rows[k : k + self.batch_size])
            self.model(**{name: torch.from_numpy(a) for name, a in feeds.items()})


def long_source(pages: list[tuple[str, list[str]]], passages: int = LATENCY_PASSAGES):
    """A source of exactly ``passages`` passages: demo pages joined in order until long enough."""
    text = ""
    for _, sentences in pages:
        text += "\n".join(sentences) + "\n"
        if len(split_passages(text)) > passages:
            break
    return split_passages(text, pages[0][0])[:passages]


def whole_demo_page(pages: list[tuple[str, list[str]]]) -> list[Passage]:
    """Every demo page joined into one long page (~0.4 MB, 1,600 sentences with numbers): what a page of
    statistics or a long report costs a citation whose figure it does not give."""
    return split_passages(
        "\n".join(sentence for _, sentences in pages for sentence in sentences), pages[0][0]
    )


def forget_texts() -> None:
    """Forget every text the verifier remembers (parses, entities, stems), so that a timed pass reads its
    citations for the first time, as a patrol reads new claims. Without it every pass after the first found
    its claims parsed: 16.3 and 13.6 citations/s against 10.6 and 11.2 afresh, passes alternated
    (2026-11-26, a 2-core AMX Xeon)."""
    forget_parses()
    forget_entities()
    stem_set.cache_clear()


def citations_per_second(scorers: dict, items, rounds: int = 2) -> dict[str, float]:
    """Citations verified per second by each scorer over the same ``items``, each pass reading them afresh,
    the scorers interleaved over ``rounds`` so that load from other processes hits them alike."""
    spent = {name: 0.0 for name in scorers}
    for _ in range(rounds):
        for name, scorer in scorers.items():
            forget_texts()
            started = time.perf_counter()
            for k in range(0, len(items), 8):  # the pipeline's and `eval verify`'s chunk of citations
                scorer.verify_many(items[k : k + 8])
            spent[name] += time.perf_counter() - started
    return {name: rounds * len(items) / spent[name] for name in scorers}


def fact_check_seconds(items: Sequence[tuple[Claim, list[Passage]]], window_sentences: int) -> float:
    """Seconds per citation the fact check itself takes (index the page's windows, look the claim's facts up
    on it), measured after the verifier read the same citations: the claim's parse is cached then, as it is
    in the verifier, which shares it with the decomposition."""
    started = time.perf_counter()
    for claim, passages in items:
        page = page_windows(passages, window_sentences)
        check_facts(claim.text, PageIndex.from_windows(page.windows), claim.article_title)
    return (time.perf_counter() - started) / max(len(items), 1)


def run_bench(
    folder: Path,
    seconds: float = 20.0,
    batch_size: int = 8,
    repeats: int = 20,
    progress: Callable[[str], None] = print,
    citations: Sequence[tuple[Claim, list[Passage]]] = (),
    settings: VerifySettings | None = None,
) -> dict:
    """Time the model in ``folder``; the citation figures read as ``settings`` say (windows, claim parts)."""
    settings = settings or VerifySettings()
    pages = demo_pages()
    fast = CrossEncoder(folder, Precision.BF16, batch_size=batch_size)
    reference = CrossEncoder(folder, Precision.FP32, batch_size=batch_size)
    six = SixLayerReference(fast)
    tokens = fast.encoder.limits.max_tokens
    rows = fixed_length_rows(fast, pages, count=4 * batch_size, tokens=tokens)
    progress(f"{len(rows)} real pairs of {tokens} tokens, batch {batch_size}, {seconds:.0f} s per path")
    fast_rates, fp32_rates, six_rates = [], [], []
    for _ in range(2):
        fast_rates.append(pairs_per_second(fast, rows, seconds / 2))
        fp32_rates.append(pairs_per_second(reference, rows, seconds / 2))
        six_rates.append(pairs_per_second(six, rows, seconds / 2))
    scorer = configured_scorer(fast, settings)
    source = long_source(pages)
    claim = Claim(pages[1][1][0][:300], article_title=pages[1][0])
    scorer.verify(claim, source)  # warm-up
    latencies = []
    for _ in range(repeats):
        started = time.perf_counter()
        scorer.verify(claim, source)
        latencies.append(time.perf_counter() - started)
    long_page = whole_demo_page(pages)
    figure = Claim(f"{claim.text.rstrip('.')}, with 48,113 of them in 1987.", article_title=pages[1][0])
    forget_texts()
    started = time.perf_counter()
    scorer.verify(figure, long_page)
    long_page_seconds = time.perf_counter() - started
    end_to_end = {}
    if citations:
        progress(f"end to end: {len(citations)} citations, fast path and fp32 interleaved")
        rates = citations_per_second(
            {"fast": scorer, "fp32": configured_scorer(reference, settings)}, list(citations)
        )
        fact_check = fact_check_seconds(list(citations), scorer.window_sentences)
        end_to_end = {
            "citations": len(citations),
            "citations_per_second_fast": rates["fast"],
            "citations_per_second_fp32": rates["fp32"],
            "citations_speedup": rates["fast"] / rates["fp32"],
            "fact_check_ms_per_citation": 1000 * fact_check,
            "fact_check_share_of_fast_path": fact_check * rates["fast"],
        }
    return {
        "pair_tokens": tokens,
        "batch_size": batch_size,
        # what the fast path ran: fp32 on a CPU without bf16 instructions (model.effective_precision), where
        # both paths are the same and their ratio is noise
        "fast_path": str(fast.precision),
        "fast_pairs_per_second": float(np.mean(fast_rates)),
        "fp32_pairs_per_second": float(np.mean(fp32_rates)),
        "speedup": float(np.mean(fast_rates) / np.mean(fp32_rates)),
        "layers": fast.model.config.num_hidden_layers,
        "six_layer_fp32_pairs_per_second": float(np.mean(six_rates)),
        "speedup_vs_six_layer_fp32": float(np.mean(fast_rates) / np.mean(six_rates)),
        "citation_passages": len(source),
        "citation_latency_p50_s": float(np.percentile(latencies, 50)),
        "citation_latency_p95_s": float(np.percentile(latencies, 95)),
        "long_page_passages": len(long_page),
        "long_page_latency_s": long_page_seconds,
        "threads": torch.get_num_threads(),
        "decompose": settings.decompose,
        "read": settings.read,
        **end_to_end,
    }
