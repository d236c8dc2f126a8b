"""The shipped verifier on real examples: verdict shape (windows, parts), the claim-level combiner, evidence
offsets, stance, calibration, pre-filter, input layout, and the fast path agreeing with plain fp32."""

from pathlib import Path

import numpy as np
import pytest

from sidebot.datasets.wice import WiceLabel, read_wice
from sidebot.eval.metrics import wice_items
from sidebot.queue.support import Support
from sidebot.records import Claim, PartVerdict, Passage, Stance
from sidebot.sources.passages import split_passages
from sidebot.training.claimlevel import page_without_evidence
from sidebot.training.data import fever_symmetric_pairs
from sidebot.training.platt import fit_platt
from sidebot.verify.calibration import calibration_noise_floor, expected_calibration_error
from sidebot.verify.combiner import FEATURES, Combiner
from sidebot.verify.coverage import content_stems, coverage_features
from sidebot.verify.crossencoder import SCORING_REVISION, STANCES, CrossEncoderScorer, _failed_part
from sidebot.verify.evidence import shown_window
from sidebot.verify.factory import UnknownScorerError, load_scorer, load_verifier, shipped_model_dir
from sidebot.verify.facts import PageIndex
from sidebot.verify.model import CrossEncoder, Manifest, Precision, support_score
from sidebot.verify.page_windows import page_windows
from sidebot.verify.urldepth import UrlDepthScorer, url_depth
from sidebot.verify.window_select import select_windows

DATA = Path(__file__).parent / "data" / "verify"
# |bf16 − fp32| gaps in a window's support log-odds that we accept (largest, mean). Measured for the shipped
# model on these pairs: max 0.018, mean 0.005, Pearson 1.000 (docs/verifier.md).
FAST_PATH_TOLERANCE = 0.1
FAST_PATH_MEAN_TOLERANCE = 0.03


@pytest.fixture(scope="module")
def scorer() -> CrossEncoderScorer:
    return load_verifier()


@pytest.fixture(scope="module")
def claims():
    return read_wice(DATA / "wice-claims.jsonl")


@pytest.fixture(scope="module")
def verdicts(scorer, claims):
    return scorer.verify_many(wice_items(claims))


def test_verdicts_have_scores_probability_stance_and_a_window_read(scorer, claims, verdicts):
    assert scorer.name == f"{Manifest.read(shipped_model_dir()).name}.r{SCORING_REVISION}"
    for (_, passages), verdict in zip(wice_items(claims), verdicts):
        assert len(verdict.passage_scores) == len(passages)
        window = verdict.best_passage
        owner = next(p for p in passages if p.start <= window.start and window.end <= p.end)
        assert window.text in owner.text and window.title == owner.title
        # the shown window is one the reader read for the whole claim (its passage has a score); the reader's
        # best window may be another (the shown one weighs word coverage too)
        assert verdict.passage_scores[passages.index(owner)] <= verdict.reader_score + 1e-6
        assert verdict.reader_score == pytest.approx(
            max(s for s in verdict.passage_scores if not np.isnan(s))
        )
        assert 0.0 < verdict.probability < 1.0
        assert verdict.stance in set(Stance)


def test_source_score_is_the_combiner_over_reader_scores_and_coverage(scorer, claims, verdicts):
    combiner = scorer.model.manifest.combiner
    assert combiner is not None and set(combiner.features) <= set(FEATURES)
    assert "WiCE train" in combiner.fitted_on
    for verdict in verdicts:
        assert set(verdict.features) == set(FEATURES)
        assert verdict.score == pytest.approx(combiner.score(verdict.features))
        assert verdict.features["reader_best"] == pytest.approx(verdict.reader_score)


def test_combiner_round_trips_and_rejects_unknown_features(scorer):
    combiner = scorer.model.manifest.combiner
    assert Combiner.from_json(combiner.to_json()) == combiner
    bad = {**combiner.to_json(), "features": ["reader_best", "shoe_size"], "mean": [0, 0], "scale": [1, 1]}
    bad["coef"] = [1.0, 1.0]
    with pytest.raises(ValueError, match="shoe_size"):
        Combiner.from_json(bad)


def test_parts_of_a_compound_claim_are_judged_one_by_one(scorer):
    """WiCE dev02986's claim (Roger Hedgecock) against its own cited page: each part gets the reader's own
    probability and the window it read best; parts never change the claim's words."""
    wc = read_wice(DATA / "wice-claims.jsonl")[0]
    doc = wc.source()
    claim = Claim(
        "In 1986 he formed a band with journalist Thomas K. Arnold, who later became a publisher, and "
        "released two albums.",
        article_title="Roger Hedgecock",
    )
    verdict = scorer.verify(claim, split_passages(doc.text, doc.title))
    assert len(verdict.parts) == 3
    reader = scorer.model.manifest.reader_calibration
    for part in verdict.parts:
        assert part.probability == pytest.approx(reader.probability(part.score))
        assert part.window is not None and part.window.text in doc.text
    assert verdict.features["part_min"] == pytest.approx(min(p.score for p in verdict.parts))


def test_the_failed_part_is_the_weakest_when_others_are_backed():
    part = lambda text, p: PartVerdict(text, 0.0, p, None)  # noqa: E731
    assert _failed_part([part("a", 0.9), part("b", 0.2)], 0.5) == "b"
    assert _failed_part([part("a", 0.3), part("b", 0.2)], 0.5) is None  # nothing backed: not partial
    assert _failed_part([part("a", 0.9), part("b", 0.7)], 0.5) is None
    assert _failed_part([part("a", 0.1)], 0.5) is None


def test_coverage_drops_when_the_evidence_is_removed():
    """Real WiCE sub-claims: the share of the claim's words on the page never rises when its supporting
    sentences are cut out of the page, and its best window loses words for at least half of them (a claim's
    words can also occur elsewhere on the page)."""
    dropped = []
    for wc in read_wice(DATA / "wice-subclaims.jsonl"):
        doc = wc.source()
        claim = Claim(wc.claim, wc.article_title)
        full = coverage_features(claim, split_passages(doc.text, doc.title))
        cut = coverage_features(claim, split_passages(page_without_evidence(wc), doc.title))
        assert all(0.0 <= v <= 1.0 for v in (*full.values(), *cut.values()))
        assert cut["cov_page"] <= full["cov_page"], wc.id
        dropped.append(cut["cov_best_window"] < full["cov_best_window"])
    assert sum(dropped) >= len(dropped) / 2, dropped


def test_content_stems_drop_stop_words_and_keep_numbers_whole():
    assert content_stems("He was the publisher of the 1,500 copies in 1986.") == [
        "publi",
        "1,500",
        "copie",
        "1986",
    ]


def test_claim_comes_first_in_the_pair(scorer):
    enc = scorer.model.encoder
    claim = Claim("He was born in Ohio.", "John Smith", "Early life", "Smith is an American actor. " * 20)
    ids = enc.claim_ids([claim])[0]
    text = enc.tokenizer.decode(ids)
    assert text.startswith("he was born in ohio. [SEP] john smith | early life |")
    assert len(ids) == enc.limits.claim_tokens and text.endswith("smith is an american actor.")


def test_evidence_offsets_point_at_gold_sentences_of_supported_claims(claims, verdicts):
    hits = 0
    for claim, verdict in zip(claims, verdicts):
        passage = verdict.best_passage
        assert verdict.evidence, claim.id
        for ev in verdict.evidence:
            assert 0 <= ev.start < ev.end <= len(passage.text)
            assert passage.text[ev.start : ev.end].strip() == passage.text[ev.start : ev.end]
        if claim.label is WiceLabel.SUPPORTED:
            doc = claim.source()
            gold = [
                doc.text[doc.sentence_spans[i][0] : doc.sentence_spans[i][1]] for i in claim.gold_sentences
            ]
            found = [passage.text[ev.start : ev.end] for ev in verdict.evidence]
            hits += any(g in f or f in g for g in gold for f in found)
    assert hits >= 2  # of the 3 supported sample claims, evidence sentences overlap the annotated ones


def test_stance_agrees_with_the_probability_on_real_sentences():
    """FEVER-Symmetric claim / sentence pairs: "supports" exactly when the probability reaches the flag
    threshold; "refutes" only when the reader's best reading of the claim or a part contradicts it."""
    scorer = CrossEncoderScorer(CrossEncoder(shipped_model_dir(), Precision.FP32))
    pairs = fever_symmetric_pairs(DATA / "fever-symmetric.jsonl")
    items = [(p.claim, split_passages(p.text)) for p in pairs]
    verdicts = scorer.verify_many(items)
    for verdict in verdicts:
        assert (verdict.stance is Stance.SUPPORTS) == (verdict.probability >= scorer.flag_threshold)
    assert {v.stance for v in verdicts} <= set(STANCES) and len({v.stance for v in verdicts}) >= 2


def test_probability_is_calibration_of_score_bounded_by_the_fact_rule(scorer, verdicts):
    calibration = scorer.model.manifest.calibration
    assert calibration.slope > 0 and "WiCE dev" in calibration.fitted_on
    missing_a_fact = 0
    for v in verdicts:
        calibrated = calibration.probability(v.score)
        assert v.probability == pytest.approx(scorer.fact_rule.apply(calibrated, v.facts))
        if any(f.status == "missing" and not f.subject for f in v.facts):
            missing_a_fact += 1
            # never "likely backs" while a fact is missing: the words say the source backs only part
            support = Support.of(v.probability, v.every_part_probability, v.fact_note, v.failed_part, None)
            assert support.words == "source backs only part of the claim" or v.probability < 0.5
            assert v.every_part_probability < 0.5
    assert missing_a_fact


def test_platt_fit_recovers_a_known_logistic_curve():
    rng = np.random.default_rng(0)
    scores = rng.normal(0, 2, 20_000)
    outcomes = rng.random(20_000) < 1 / (1 + np.exp(-(1.5 * scores - 0.5)))
    platt = fit_platt(scores, outcomes, fitted_on="simulation")
    assert platt.slope == pytest.approx(1.5, abs=0.1) and platt.intercept == pytest.approx(-0.5, abs=0.1)
    probs = [platt.probability(s) for s in scores]
    assert expected_calibration_error(probs, outcomes) < 0.02
    assert expected_calibration_error(np.full(len(scores), 0.99), outcomes) > 0.3


def reader_rows(model: CrossEncoder, claims) -> list[tuple[list[int], list[int]]]:
    """The encoded (claim, window) pairs the reader would read for ``claims`` on their real pages."""
    enc = model.encoder
    rows = []
    for claim, passages in wice_items(claims):
        windows = page_windows(passages, 2).windows
        read = [windows[j] for j in select_windows(claim.text, windows, 8)]
        claim_ids = enc.claim_ids([claim])[0]
        rows += [
            enc.join(claim_ids, ids)
            for ids in enc.passage_ids([w.text for w in read], [w.title for w in read])
        ]
    return rows


def test_fast_path_agrees_with_fp32(claims):
    fast = CrossEncoder(shipped_model_dir(), Precision.BF16)
    reference = CrossEncoder(shipped_model_dir(), Precision.FP32)
    rows = reader_rows(fast, claims)
    a, b = support_score(fast.logits(rows)), support_score(reference.logits(rows))
    assert np.abs(a - b).max() < FAST_PATH_TOLERANCE
    assert np.abs(a - b).mean() < FAST_PATH_MEAN_TOLERANCE
    assert np.corrcoef(a, b)[0, 1] > 0.99


def test_prefilter_caps_model_calls_on_a_long_page(claims):
    scorer = CrossEncoderScorer(CrossEncoder(shipped_model_dir()), keep_windows=4, decompose_claims=False)
    claim, passages = wice_items(claims)[0]
    long_page = split_passages(
        " ".join(p.text for _, ps in wice_items(claims) for p in ps), passages[0].title
    )
    assert len(long_page) > 20
    verdict = scorer.verify(claim, long_page)
    assert len(verdict.passage_scores) == len(long_page)
    assert 1 <= sum(not np.isnan(s) for s in verdict.passage_scores) <= 4
    assert scorer.pairs_scored == 4  # the evidence sentences cost no model call


def test_a_page_cited_by_several_claims_is_read_once(scorer, claims, monkeypatch):
    """An article's named refs cite one source many times: its windows, their stems and the fact check's
    index are built once per batch, and each claim gets the verdict it gets alone."""
    from sidebot.verify import crossencoder
    from sidebot.verify import page_windows as windows_module
    from sidebot.verify.facts import _check as check

    (a, page), (b, _) = wice_items(claims)[:2]
    alone = [scorer.verify(a, page), scorer.verify(b, page)]
    built: list[int] = []
    monkeypatch.setattr(crossencoder, "page_windows", lambda *args: built.append(1) or page_windows(*args))
    stemmed: list[str] = []
    real_stem_set = windows_module.stem_set
    monkeypatch.setattr(windows_module, "stem_set", lambda text: stemmed.append(text) or real_stem_set(text))
    monkeypatch.setattr(check, "stem_set", lambda text: stemmed.append(text) or real_stem_set(text))
    indexes: list[int] = []
    real_from_windows = check.PageIndex.from_windows.__func__
    monkeypatch.setattr(
        check.PageIndex,
        "from_windows",
        classmethod(lambda cls, *args: indexes.append(1) or real_from_windows(cls, *args)),
    )

    together = scorer.verify_many([(a, page), (b, page)])

    assert built == [1] and indexes == [1]
    # each window once; the fact check's index reuses the one-sentence windows' stems (the title aside)
    windows = page_windows(page, scorer.window_sentences).windows
    assert len([t for t in stemmed if t != page[0].title]) == len(windows)
    # the same verdicts: in fp32 exactly; in the bf16 fast path (CPUs with AMX or AVX-512 BF16) a batch's
    # padding moves the reader's rounding a little (0.0002 in a probability on this session's Xeon)
    for one, both in zip(alone, together):
        assert both.facts == one.facts
        assert both.probability == pytest.approx(one.probability, abs=0.01)
        assert both.every_part_probability == pytest.approx(one.every_part_probability, abs=0.01)


def test_a_patrol_batch_gives_the_verifier_a_source_cited_twice_once(scorer, claims, monkeypatch):
    from sidebot.patrol.pipeline import SourceText, verify_sources
    from sidebot.verify import crossencoder

    doc = claims[0].source()
    source = SourceText("http://127.0.0.1/a-source", doc.title, doc.text)
    jobs = [
        (wice_items(claims)[0][0], source),
        (wice_items(claims)[1][0], SourceText(source.url, doc.title, doc.text)),
    ]
    built: list[int] = []
    monkeypatch.setattr(crossencoder, "page_windows", lambda *args: built.append(1) or page_windows(*args))

    verdicts = verify_sources(scorer, jobs)

    assert built == [1] and len(verdicts) == 2


def test_empty_source_gives_no_best_passage(scorer):
    verdict = scorer.verify(Claim("Anything."), [])
    assert verdict.best_passage is None and np.isnan(verdict.score) and verdict.evidence == []


def test_url_depth_baseline():
    urls = ("https://a.org", "https://a.org/", "http://a.org/news/2020/x.html?id=3")
    assert [url_depth(u) for u in urls] == [0, 0, 3]
    items = [(Claim("x"), []), (Claim("y"), [])]
    verdicts = UrlDepthScorer().verify_many(items, urls=["https://a.org/", "https://a.org/a/b"])
    assert [v.score for v in verdicts] == [0.0, 2.0]
    with pytest.raises(ValueError, match="one source URL per item"):
        UrlDepthScorer().verify_many([(Claim("x"), [])])


def test_scorers_by_name():
    assert isinstance(load_scorer("url-depth"), UrlDepthScorer)
    with pytest.raises(UnknownScorerError, match="cross-encoder, minilm-cosine, url-depth"):
        load_scorer("nope")


def test_every_scorer_declares_what_its_callers_read(scorer):
    """The patrol, the retriever, the server and the evaluation read these attributes of any scorer (the
    Scorer protocol): the verifier has its own threshold and bands, the baselines say they have none."""
    from sidebot.verify.biencoder import BiEncoderScorer

    assert (scorer.calibrated, scorer.bands.may_fail) == (True, scorer.flag_threshold)
    assert 0.0 < scorer.bands.very_likely_fails <= scorer.flag_threshold < 1.0
    for baseline in (BiEncoderScorer, UrlDepthScorer):  # the class: no model is loaded
        assert (baseline.calibrated, baseline.flag_threshold, baseline.bands) == (False, 0.5, None)


def test_shown_window_weighs_word_coverage_against_the_reader():
    claim = "The bridge opened in 1932 over the river Tyne."
    windows = [
        Passage(0, "Tourists visit the bridge every summer.", "Tyne Bridge", 0, 39),
        Passage(1, "The bridge over the Tyne opened in 1932.", "Tyne Bridge", 40, 80),
    ]
    reader = [2.0, 1.5]  # the reader prefers the first window
    page = PageIndex.from_windows(windows)  # the page: these two sentences and its title
    assert shown_window(claim, windows, reader, coverage_weight=0.0, page=page) == 0
    assert shown_window(claim, windows, reader, coverage_weight=8.0, page=page) == 1


def test_the_calibration_error_is_the_weighted_gap_of_each_bin():
    """Worked by hand: bins 0.1–0.2, 0.2–0.3 and 0.9–1.0 hold 1, 1 and 2 citations; their gaps are 0.15, 0.75
    and 0.075, weighted by a quarter, a quarter and a half."""
    assert expected_calibration_error([0.15, 0.25, 0.9, 0.95], [False, True, True, True]) == pytest.approx(
        0.25 * 0.15 + 0.25 * 0.75 + 0.5 * 0.075
    )
    assert expected_calibration_error([0.5], [True]) == pytest.approx(0.5)


def test_the_noise_floor_reads_its_draws_in_pieces_as_at_once(monkeypatch: pytest.MonkeyPatch):
    """The draws are read a few rows at a time on a large sample (memory); the generator's stream, and so
    every figure, is the same."""
    from sidebot.verify import calibration

    shown = np.random.default_rng(2).uniform(0.0, 1.0, 50)
    whole = calibration_noise_floor(shown, 0.08, draws=300)
    monkeypatch.setattr(calibration, "DRAW_CELLS", 50 * 7)  # 7 draws a piece, the last piece shorter
    assert calibration_noise_floor(shown, 0.08, draws=300) == whole


def test_calibration_noise_floor_tells_sampling_noise_from_miscalibration():
    """On 190 citations a perfectly calibrated figure reads a calibration error well above zero; an error is
    evidence of miscalibration only above that floor."""
    rng = np.random.default_rng(1)
    shown = rng.uniform(0.0, 1.0, 190)
    calibrated = rng.random(190) < shown
    error = expected_calibration_error(shown, calibrated)
    floor = calibration_noise_floor(shown, error, draws=500)
    assert 0.04 < floor["mean"] < 0.12 and floor["p95"] > floor["mean"]
    assert floor["share_at_or_above"] > 0.05  # a calibrated figure is not called miscalibrated
    overconfident = np.clip(shown + 0.25, 0.0, 1.0)
    error = expected_calibration_error(overconfident, calibrated)
    assert calibration_noise_floor(overconfident, error, draws=500)["share_at_or_above"] < 0.01
    many = rng.uniform(0.0, 1.0, 5000)
    assert calibration_noise_floor(many, 0.0, draws=100)["mean"] < floor["mean"] / 3  # shrinks with n
