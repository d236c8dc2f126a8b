"""`sidebot eval verify` and `sidebot bench verify`: metric wiring on real WiCE claims, the JSON report with
the bi-encoder baseline computed in the same run, and the benchmark's figures."""

import json
import math
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
import torch
import typer
from typer.testing import CliRunner

from sidebot.bench.verify import run_bench
from sidebot.cli.verify import bench_verify, eval_verify
from sidebot.config import Settings
from sidebot.datasets.wice import WiceLabel, read_wice
from sidebot.eval.ablation import at_volume, side_by_side
from sidebot.eval.metrics import ScoredRun, metrics, precision_at_recall, two_figures, wice_items
from sidebot.records import Claim, Evidence, Verdict
from sidebot.sources.passages import split_passages
from sidebot.verify.bands import Bands
from sidebot.verify.factory import shipped_model_dir
from sidebot.verify.model import Manifest

DATA = Path(__file__).parent / "data" / "verify"
KEYS = {
    "n",
    "auroc_not_supported",
    "auroc_not_fully_supported",
    "ap_not_supported",
    "p_at_r15_not_supported",
    "evidence_hit_at_1",
    "evidence_sentence_hit_at_1",
    "pairs_per_second",
}


def cli() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def main(ctx: typer.Context) -> None:
        ctx.obj = Settings()

    app.command("eval")(eval_verify)
    app.command("bench")(bench_verify)
    return app


def test_metrics_follow_the_labels():
    """A scorer that ranks supported > partial > not supported, and whose best passage holds a gold sentence,
    gets perfect metrics; reversing it gets the worst."""
    claims = read_wice(DATA / "wice-claims.jsonl")
    rank = {WiceLabel.SUPPORTED: 2.0, WiceLabel.PARTIALLY_SUPPORTED: 1.0, WiceLabel.NOT_SUPPORTED: 0.0}
    verdicts = []
    for claim, (_, passages) in zip(claims, wice_items(claims)):
        doc = claim.source()
        gold = [p for p in passages if doc.sentences_between(p.start, p.end) & claim.gold_sentences]
        best = gold[0] if gold else passages[0]
        # Its evidence: a gold sentence of that passage (offsets into the passage), else nothing.
        spans = [doc.sentence_spans[i] for i in sorted(claim.gold_sentences) if doc.sentence_spans[i]]
        inside = [(a - best.start, b - best.start) for a, b in spans if best.start <= a and b <= best.end]
        evidence = [Evidence(*inside[0], score=1.0)] if inside else []
        score = rank[claim.label]
        verdicts.append(Verdict("oracle", score, [score] * len(passages), best, evidence=evidence))
    good = metrics(claims, ScoredRun(verdicts, seconds=2.0, pairs=10))
    assert good["auroc_not_supported"] == good["auroc_not_fully_supported"] == 1.0
    assert good["ap_not_supported"] == good["p_at_r15_not_supported"] == good["evidence_hit_at_1"] == 1.0
    assert good["evidence_sentence_hit_at_1"] == 1.0
    no_evidence = [replace(v, evidence=[]) for v in verdicts]
    assert metrics(claims, ScoredRun(no_evidence, 1.0, 1))["evidence_sentence_hit_at_1"] == 0.0
    assert good["pairs_per_second"] == 5.0 and good["n"] == 9
    flipped = [replace(v, score=-v.score) for v in verdicts]
    bad = metrics(claims, ScoredRun(flipped, seconds=1.0, pairs=1))
    assert bad["auroc_not_supported"] == bad["auroc_not_fully_supported"] == 0.0


def test_two_figures_read_each_figure_against_its_own_label():
    """The at-least-part figure is read against supported-or-partial, the every-part figure against supported
    alone; a figure that follows its label ranks perfectly and its reliability rows count what they hold."""
    claims = read_wice(DATA / "wice-claims.jsonl")
    part = {WiceLabel.SUPPORTED: 0.97, WiceLabel.PARTIALLY_SUPPORTED: 0.93, WiceLabel.NOT_SUPPORTED: 0.1}
    whole = {WiceLabel.SUPPORTED: 0.85, WiceLabel.PARTIALLY_SUPPORTED: 0.3, WiceLabel.NOT_SUPPORTED: 0.05}
    verdicts = [
        Verdict(
            "s",
            0.0,
            [],
            None,
            probability=part[c.label],
            every_part_probability=whole[c.label],
            failed_part="in 1998" if c.label is WiceLabel.PARTIALLY_SUPPORTED else None,
        )
        for c in claims
    ]
    figures = two_figures(claims, verdicts)
    assert figures["auroc_not_supported_at_least_part"] == 1.0
    assert figures["auroc_not_fully_supported_every_part"] == 1.0
    assert sum(r["citations"] for r in figures["reliability_every_part"]) == len(claims) == figures["n"]
    partial = next(r for r in figures["reliability_every_part"] if r["range"] == "0.20–0.50")
    assert partial["share_at_least_part"] == 1.0 and partial["share_every_part"] == 0.0
    assert figures["gap_named_share"]["partially_supported"] == 1.0
    assert figures["gap_named_share"]["supported"] == 0.0
    assert two_figures(claims, [replace(v, every_part_probability=None) for v in verdicts]) is None


def test_at_volume_shares_out_a_tie_at_the_edge():
    failing = np.array([True, False, True, False, False])
    # two clear first, then a tie of three for the last place: one failing among them
    suspicion = np.array([5.0, 4.0, 1.0, 1.0, 1.0])
    precision, recall = at_volume(suspicion, failing, 3)
    assert precision == pytest.approx((1 + 1 / 3) / 3) and recall == pytest.approx((1 + 1 / 3) / 2)
    assert at_volume(suspicion, failing, 2) == (0.5, 0.5)
    assert at_volume(suspicion, failing, 0) == (None, 0.0)


def test_side_by_side_reads_each_ranking_at_each_bands_volume():
    """The shipped probability flags the not-supported claims exactly; a reader that ranks them backwards and
    a fact check that only finds one of them are read at the same volumes, and the fact check's own rule at
    the volume it flags."""
    claims = read_wice(DATA / "wice-claims.jsonl")
    failing = [c.label is WiceLabel.NOT_SUPPORTED for c in claims]
    first_failing = failing.index(True)
    verdicts = [
        Verdict(
            "s",
            -2.0 if fails else 2.0,
            [],
            None,
            probability=0.2 if fails else 0.95,
            reader_score=3.0 if fails else -3.0,
            features={"facts_contradicted": float(i == first_failing), "facts_strong_missing": 0.0},
        )
        for i, fails in enumerate(failing)
    ]
    table = side_by_side(claims, verdicts, Bands(very_likely_fails=0.3, may_fail=0.6))
    k = sum(failing)
    assert table["volumes"] == {"very_likely_fails": k, "may_fail": k}
    shipped = table["variants"]["shipped verdict"]
    assert shipped["auroc_not_supported"] == 1.0 and shipped["may_fail"]["precision_not_supported"] == 1.0
    reader = table["variants"]["reader alone"]
    assert reader["auroc_not_supported"] == 0.0 and reader["may_fail"]["recall_not_supported"] == 0.0
    facts = table["variants"]["fact check alone"]["may_fail"]
    assert facts["recall_not_supported"] == pytest.approx(1 / k + (k - 1) * (k - 1) / (len(claims) - 1) / k)
    assert table["fact_check_rule"] == {
        "flagged": 1,
        "precision_not_supported": 1.0,
        "recall_not_supported": 1 / k,
    }


def test_precision_at_recall_point():
    # suspicion ranks: two positives first, then a negative, then the third positive
    assert precision_at_recall([1, 1, 0, 1, 0], [0.9, 0.8, 0.7, 0.6, 0.1], 0.15) == 1.0
    assert precision_at_recall([0, 1, 1, 0], [0.9, 0.8, 0.7, 0.1], 0.6) == pytest.approx(2 / 3)


def test_eval_command_writes_json_with_the_baseline(tmp_path):
    out = tmp_path / "eval.json"
    result = CliRunner().invoke(
        cli(), ["eval", "--wice", str(DATA / "wice-claims.jsonl"), "--json", str(out)]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert KEYS <= set(report) and KEYS <= set(report["baseline"])
    assert report["n"] == report["baseline"]["n"] == 9
    assert report["baseline"]["scorer"] == "minilm-cosine-v1"
    assert all(not math.isnan(report[k]) for k in KEYS)
    assert "auroc_not_supported" in result.output
    assert report["two_figures"]["n"] == 9 and "reliability of the every-part figure" in result.output
    low, high = report["intervals"]["auroc_not_supported"]
    assert low <= report["auroc_not_supported"] <= high and "95 % intervals" in result.output
    assert set(report["side_by_side"]["variants"]) == {
        "shipped verdict",
        "without the fact rule",
        "reader alone",
        "fact check alone",
    }
    assert "side by side" in result.output and "the fact check's own rule" in result.output


def test_eval_command_rejects_a_file_that_is_not_wice(tmp_path):
    bad = tmp_path / "x.jsonl"
    bad.write_text('{"claim": "no label"}\n')
    result = CliRunner().invoke(cli(), ["eval", "--wice", str(bad)])
    assert result.exit_code == 1 and "x.jsonl:1" in result.output


def test_bench_reports_both_paths_and_latency():
    report = run_bench(shipped_model_dir(), seconds=1.0, repeats=2, batch_size=8, progress=lambda _: None)
    limits = Manifest.read(shipped_model_dir()).limits
    assert report["pair_tokens"] == limits.max_tokens and report["citation_passages"] == 30
    assert report["fast_pairs_per_second"] > 0 and report["fp32_pairs_per_second"] > 0
    assert 0 < report["citation_latency_p50_s"] <= report["citation_latency_p95_s"]
    assert report["long_page_passages"] > 500 and report["long_page_latency_s"] > 0


def test_bench_reads_citations_as_the_settings_say():
    """`bench verify` times the verifier a patrol would run: with `[verify] decompose = false` no claim is
    split into parts, with the default a compound claim is."""
    from sidebot.config import VerifySettings
    from sidebot.verify.factory import configured_scorer
    from sidebot.verify.model import CrossEncoder, Precision, effective_precision

    model = CrossEncoder(shipped_model_dir())
    claim = Claim("Arnold founded the magazine in 1999 and sold it to Penske Media in 2014.")
    source = split_passages("Arnold founded the magazine in 1999. Penske Media bought it in 2014.", "About")
    whole = configured_scorer(model, VerifySettings(decompose=False)).verify(claim, source)
    split = configured_scorer(model, VerifySettings()).verify(claim, source)
    assert whole.parts == [] and len(split.parts) >= 2
    items = [(claim, source)]
    report = run_bench(
        shipped_model_dir(),
        seconds=0.5,
        repeats=1,
        batch_size=8,
        progress=lambda _: None,
        citations=items,
        settings=VerifySettings(decompose=False),
    )
    assert report["decompose"] is False and report["citations"] == 1
    # the precision the fast path ran in: bf16 only where the CPU has bf16 instructions
    assert report["fast_path"] == str(effective_precision(Precision.BF16, torch.device("cpu")))
    assert report["fact_check_ms_per_citation"] > 0 and 0 < report["fact_check_share_of_fast_path"] < 1


def test_every_timed_pass_reads_its_citations_afresh():
    """Each pass of `bench verify` starts with nothing parsed or stemmed, as a patrol meets new claims: a
    pass that found the previous pass's parses read 13.6 to 16.3 citations/s where a patrol reads 10.6 to
    11.2."""
    from sidebot.bench.verify import citations_per_second
    from sidebot.verify.coverage import stem_set
    from sidebot.verify.language import parse

    claim = "Arnold founded the magazine in 1999."
    found_remembered: list[bool] = []

    class Remembering:
        def verify_many(self, items):
            found_remembered.append(stem_set.cache_info().currsize > 0)
            parse(claim), stem_set(claim)
            return []

    citations_per_second({"a": Remembering(), "b": Remembering()}, [(Claim(claim), [])], rounds=2)
    assert found_remembered == [False] * 4
