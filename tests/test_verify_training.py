"""Training on a tiny real sample: both stages (NLI pairs, then WiCE / SciFact / FEVER-Symmetric windows with
generated negatives) for a few optimizer steps, resuming from a checkpoint, then the publish path (window
choice, claim-level combiner, calibration on held-out WiCE claims, model card) and loading the result back,
hash-checked."""

import random
import shutil
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
import torch
from safetensors.torch import load_file
from transformers import AutoTokenizer

from sidebot.datasets.nli import read_nli
from sidebot.datasets.wice import read_wice
from sidebot.eval.nli import nli_metrics, read_pairs
from sidebot.training.card import render_card
from sidebot.training.claimlevel import claim_examples
from sidebot.training.config import TrainConfig
from sidebot.training.data import fever_symmetric_pairs, scifact_pairs, wice_pairs
from sidebot.training.loop import Stage, make_batches, pair_loss, ranking_loss, train
from sidebot.training.negatives import generated_negatives
from sidebot.training.nli_mix import NliSource, mixture_pairs, to_train_pair
from sidebot.training.publish import (
    EVIDENCE_WEIGHTS,
    calibrate,
    choose_windows,
    fit_claim_combiner,
    set_evidence_weight,
    write_card,
    write_manifest,
)
from sidebot.training.recipe import save_model
from sidebot.verify.base_model import ModelFilesError, minilm_dir
from sidebot.verify.model import CrossEncoder, Manifest, Precision
from sidebot.verify.network import PairClassifier

DATA = Path(__file__).parent / "data" / "verify"
CONFIG = TrainConfig(batch_size=8, seed=3, layers=2, nli_minutes=None, claim_minutes=None, checkpoint_every=4)


def tiny_stages(tmp: Path) -> list[Stage]:
    scifact = tmp / "scifact"
    scifact.mkdir(exist_ok=True)
    shutil.copy(DATA / "scifact-corpus.jsonl", scifact / "corpus.jsonl")
    shutil.copy(DATA / "scifact-claims.jsonl", scifact / "claims_train.jsonl")
    rng = random.Random(3)
    nli = [to_train_pair(p, "nli:sample") for p in read_nli(DATA / "nli-sample.jsonl.gz")]
    claims = (
        wice_pairs(read_wice(DATA / "wice-subclaims.jsonl"), rng)
        + scifact_pairs(scifact, rng)
        + fever_symmetric_pairs(DATA / "fever-symmetric.jsonl")
    )
    claims, generated = generated_negatives(claims, seed=3)
    return [Stage("nli", nli, 5e-5), Stage("claims", claims + generated, 3e-5)]


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    work = tmp_path_factory.mktemp("verifier")
    stages = tiny_stages(work)
    model, tokenizer, results = train(stages, CONFIG, progress=lambda _: None, checkpoint_dir=work / "ckpt")
    folder = work / "model"
    save_model(model, tokenizer, folder)
    write_manifest(folder, CONFIG.limits, {"training": {"stages": [vars(r) for r in results]}})
    return folder, stages, results, work


@pytest.fixture(scope="module")
def tiny_model(trained) -> Path:
    return trained[0]


def test_both_stages_run_and_the_weights_move_and_save_fp16(trained):
    folder, stages, results, _ = trained
    assert [r.name for r in results] == ["nli", "claims"]
    assert all(r.steps == r.planned_steps > 0 for r in results)
    assert {p.origin for p in stages[1].pairs} >= {"wice:gold", "scifact:gold", "fever-symmetric"}
    assert any(p.origin.startswith("generated:") for p in stages[1].pairs)
    weights = load_file(str(folder / "model.safetensors"))
    base = load_file(str(minilm_dir() / "model.safetensors"))
    key = "bert.encoder.layer.1.output.dense.weight"
    assert "bert.encoder.layer.2.output.dense.weight" not in weights  # only the first 2 layers are kept
    assert weights[key].dtype == torch.float16
    assert not torch.allclose(weights[key].float(), base[key.removeprefix("bert.")].float(), atol=1e-4)
    assert weights["classifier.weight"].shape == (3, 384)


def test_a_finished_run_resumes_to_the_same_weights(trained):
    """A second call with the same checkpoint folder finds every stage done and returns the same model,
    without training again."""
    folder, stages, _, work = trained
    again, _, results = train(stages, CONFIG, progress=lambda _: None, checkpoint_dir=work / "ckpt")
    saved = PairClassifier.load(folder)
    for name, tensor in again.state_dict().items():
        assert torch.allclose(tensor, saved.state_dict()[name], atol=1e-2), name
    assert [r.name for r in results] == ["nli", "claims"]


class Killed(Exception):
    pass


def test_an_interrupted_stage_resumes_to_the_same_weights(tmp_path):
    """Killed after its last checkpoint (here: at the stage's final step, before the end-of-stage save), a
    rerun resumes from the checkpoint and ends with the weights of an uninterrupted run."""
    stages = tiny_stages(tmp_path)[:1]
    config = replace(CONFIG, checkpoint_every=1)

    def kill_at_the_end(message: str) -> None:
        if "step 3/3" in message:
            raise Killed(message)

    with pytest.raises(Killed):
        train(stages, config, progress=kill_at_the_end, checkpoint_dir=tmp_path / "ckpt")
    told = []
    resumed, _, results = train(stages, config, progress=told.append, checkpoint_dir=tmp_path / "ckpt")
    assert told[0] == "resuming at stage 1 step 2" and results[0].steps == 3
    straight, _, _ = train(stages, config, progress=lambda _: None, checkpoint_dir=tmp_path / "fresh")
    for name, tensor in straight.state_dict().items():
        assert torch.allclose(tensor, resumed.state_dict()[name], atol=1e-5), name


def test_a_run_stopped_between_stages_resumes_to_the_same_weights(tmp_path):
    """Killed after the first stage's end-of-stage save and before the second stage's first checkpoint, a
    rerun starts the second stage from its first step on the saved model: the weights of an uninterrupted
    run."""
    stages = tiny_stages(tmp_path)
    config = replace(CONFIG, checkpoint_every=10_000)  # no checkpoint inside a stage

    def kill_in_the_second_stage(message: str) -> None:
        if message.startswith("claims step"):
            raise Killed(message)

    with pytest.raises(Killed):
        train(stages, config, progress=kill_in_the_second_stage, checkpoint_dir=tmp_path / "ckpt")
    told = []
    resumed, _, results = train(stages, config, progress=told.append, checkpoint_dir=tmp_path / "ckpt")
    assert told[0] == "resuming at stage 2 step 0" and [r.name for r in results] == ["nli", "claims"]
    straight, _, _ = train(stages, config, progress=lambda _: None, checkpoint_dir=tmp_path / "fresh")
    for name, tensor in straight.state_dict().items():
        assert torch.allclose(tensor, resumed.state_dict()[name], atol=1e-5), name


def test_a_spent_budget_ends_the_stage_early(tmp_path):
    stages = [replace(tiny_stages(tmp_path)[0], max_minutes=0.0)]
    _, _, cut = train(stages, CONFIG, progress=lambda _: None)
    assert cut[0].steps == 0 < cut[0].planned_steps


def test_a_stage_of_two_passes_plans_twice_the_steps(tmp_path):
    nli = replace(tiny_stages(tmp_path)[0], max_minutes=0.0)
    _, _, once = train([nli], CONFIG, progress=lambda _: None)
    _, _, twice = train([replace(nli, epochs=2)], CONFIG, progress=lambda _: None)
    assert twice[0].planned_steps == 2 * once[0].planned_steps > 0


def test_without_quotas_stage_one_reads_every_trainable_pair(tmp_path):
    (tmp_path / "nli").mkdir()
    shutil.copy(DATA / "nli-sample.jsonl.gz", tmp_path / "nli" / "sample.jsonl.gz")
    sources = (NliSource("nli/sample.jsonl.gz", 3),)
    every = read_nli(DATA / "nli-sample.jsonl.gz")
    assert len(mixture_pairs(tmp_path, sources, seed=3)) == 3 < len(every)
    unquoted = mixture_pairs(tmp_path, sources, seed=3, quotas=False)
    assert sorted(p.claim.text for p in unquoted) == sorted(p.hypothesis for p in every)


def test_binary_pairs_train_p_supports_only():
    logits = torch.tensor([[0.0, 3.0, -3.0], [0.0, -3.0, 3.0]])
    target = torch.tensor([[0.0, 0.5, 0.5], [0.0, 0.5, 0.5]])
    binary = pair_loss(logits, target, torch.tensor([True, True]))
    three_way = pair_loss(logits, target, torch.tensor([False, False]))
    # "not entailed" is satisfied by refutes or by not-enough-info alike in the binary loss
    assert binary < 0.1 < three_way


def test_the_head_reads_features_that_change_with_the_input():
    """all-MiniLM-L6-v2's [CLS] state is the same vector for every input; a head on it (Hugging Face's
    sequence classifier) cannot learn. The mean-pooled features it reads differ between unrelated pairs."""
    model = PairClassifier.from_base(minilm_dir(), layers=2).eval()
    tokenizer = AutoTokenizer.from_pretrained(minilm_dir())
    seen = []
    model.classifier.register_forward_hook(lambda _m, inputs, _out: seen.append(inputs[0]))
    batch = tokenizer(
        ["Paris is the capital of France.", "He scored three goals in 1998."],
        ["France's capital is Paris, on the Seine.", "Quantum mechanics describes subatomic particles."],
        padding=True,
        return_tensors="pt",
    )
    with torch.no_grad():
        model(batch["input_ids"], batch["attention_mask"], batch["token_type_ids"])
    a, b = torch.nn.functional.normalize(seen[0], dim=-1)
    assert float(a @ b) < 0.95


def test_ranking_loss_prefers_evidence_above_its_negatives():
    pairs = wice_pairs(read_wice(DATA / "wice-subclaims.jsonl"), random.Random(0))
    group = pairs[0].group
    batch = [i for i, p in enumerate(pairs) if p.group == group]
    evidence = torch.tensor([p.target[0] for p in (pairs[i] for i in batch)])
    right = ranking_loss(evidence * 5.0, batch, pairs)
    wrong = ranking_loss(-evidence * 5.0, batch, pairs)
    assert right < 0.1 < wrong
    assert ranking_loss(torch.zeros(1), [len(pairs)], [*pairs, replace(pairs[0], group="")]) is None


def test_batches_hold_whole_groups():
    pairs = wice_pairs(read_wice(DATA / "wice-subclaims.jsonl"), random.Random(0))
    pairs += fever_symmetric_pairs(DATA / "fever-symmetric.jsonl")
    batches = make_batches(pairs, [len(p.text) for p in pairs], 8, random.Random(0))
    assert sorted(i for b in batches for i in b) == list(range(len(pairs)))
    where = {}
    for k, batch in enumerate(batches):
        for i in batch:
            if pairs[i].group:
                assert where.setdefault(pairs[i].group, k) == k


def test_windows_combiner_calibration_and_card_are_written_from_held_out_claims(tiny_model):
    examples = claim_examples(read_wice(DATA / "wice-subclaims.jsonl"))
    choice = choose_windows(tiny_model, examples, progress=lambda _: None)
    assert len(choice["table"]) == 9 and 1 <= choice["window_sentences"] <= 3
    subclaims = read_wice(DATA / "wice-subclaims.jsonl")
    shown = set_evidence_weight(tiny_model, subclaims, progress=lambda _: None)
    assert shown["claims"] == sum(bool(c.gold_sentences) for c in subclaims)
    assert [row["weight"] for row in shown["table"]] == list(EVIDENCE_WEIGHTS)
    best = max(row["window_hit"] for row in shown["table"])
    assert shown["weight"] == min(r["weight"] for r in shown["table"] if r["window_hit"] == best)
    assert Manifest.read(tiny_model).extra["evidence_coverage_weight"] == shown["weight"]
    fit = fit_claim_combiner(tiny_model, examples, "4 sample sub-claims", progress=lambda _: None)
    manifest = Manifest.read(tiny_model)
    assert fit["examples"] == 8 and manifest.combiner is not None
    assert manifest.reader_calibration.fitted_on == "4 sample sub-claims"
    claims = read_wice(DATA / "wice-claims.jsonl")
    result = calibrate(tiny_model, claims, "test sample", seed=0, progress=lambda _: None)
    manifest = Manifest.read(tiny_model)
    assert manifest.calibration.fitted_on == "test sample (9 claims)"
    assert result["n"] == 9 and 0.0 <= result["evidence_hit_at_1"] <= 1.0
    assert set(result["reader_alone"]) == {
        "auroc_not_supported",
        "auroc_not_fully_supported",
        "ap_not_supported",
    }
    assert manifest.extra["heldout"]["auroc_not_supported"] == result["auroc_not_supported"]
    card = write_card(tiny_model, render_card(tiny_model)).read_text()
    assert manifest.weights_sha256 in card and "test sample (9 claims)" in card
    assert f"Shipped: **w = {shown['weight']:g}**" in card


def test_nli_metrics_read_pairs_with_the_reader(tiny_model):
    pairs = read_nli(DATA / "nli-sample.jsonl.gz")
    logits = read_pairs(CrossEncoder(tiny_model, Precision.FP32), pairs)
    assert logits.shape == (len(pairs), 3)
    three_way = [p for p in pairs if p.label != "not_entailment"]
    result = nli_metrics(three_way, read_pairs(CrossEncoder(tiny_model, Precision.FP32), three_way))
    assert 0.0 <= result["auroc_entails"] <= 1.0 and "accuracy_3way" in result
    # an oracle's logits score perfectly: the metric reads the support column
    oracle = np.array([[5.0, 0, 0] if p.entails else [0, 0, 5.0] for p in pairs])
    assert nli_metrics(pairs, oracle)["auroc_entails"] == 1.0
    assert nli_metrics(pairs, -oracle)["auroc_entails"] == 0.0


def test_fp32_and_bf16_paths_load_the_trained_model(tiny_model):
    rows = [([101, 2023, 102, 2003, 102], [0, 0, 0, 1, 1])]
    for precision in Precision:
        logits = CrossEncoder(tiny_model, precision).logits(rows)
        assert logits.shape == (1, 3) and np.isfinite(logits).all()


def test_tampered_weights_fail_loudly(tiny_model, tmp_path):
    copy = tmp_path / "model"
    shutil.copytree(tiny_model, copy)
    with (copy / "model.safetensors").open("r+b") as fh:
        fh.seek(-16, 2)
        fh.write(b"\x00" * 16)
    with pytest.raises(ModelFilesError, match="checksum mismatch"):
        CrossEncoder(copy)


def test_train_command_names_missing_data(tmp_path):
    import typer
    from typer.testing import CliRunner

    from sidebot.cli.verify import train_verifier
    from sidebot.config import Settings

    app = typer.Typer()

    @app.callback()
    def main(ctx: typer.Context) -> None:
        ctx.obj = Settings(home=tmp_path)

    app.command("train")(train_verifier)
    (tmp_path / "wice").mkdir()
    (tmp_path / "wice" / "claims-dev.jsonl").write_text((DATA / "wice-claims.jsonl").read_text())
    result = CliRunner().invoke(app, ["train", "--data-dir", str(tmp_path), "--out", str(tmp_path / "m")])
    assert result.exit_code == 1
    output = result.output.replace("\n", "")
    assert "subclaims-train.jsonl" in output and "dev_matched.jsonl.gz" in output
    assert not (tmp_path / "m").exists()


def _cli(home: Path, command):
    import typer

    from sidebot.config import Settings

    app = typer.Typer()

    @app.callback()
    def main(ctx: typer.Context) -> None:
        ctx.obj = Settings(home=home)

    app.command("run")(command)
    return app


def test_shown_window_command_re_measures_the_cards_held_out_figures(tiny_model, tmp_path):
    from typer.testing import CliRunner

    from sidebot.cli.verify import train_shown_window

    model = tmp_path / "model"
    shutil.copytree(tiny_model, model)
    manifest = Manifest.read(model)
    replace(manifest, extra={**manifest.extra, "training": {"seed": 3}, "heldout": {}}).write(model)
    data = tmp_path / "data"
    (data / "wice").mkdir(parents=True)
    shutil.copy(DATA / "wice-subclaims.jsonl", data / "wice" / "subclaims-train.jsonl")
    shutil.copy(DATA / "wice-claims.jsonl", data / "wice" / "claims-dev.jsonl")
    runner = CliRunner()
    result = runner.invoke(
        _cli(tmp_path, train_shown_window), ["run", "--data-dir", str(data), "--model-dir", str(model)]
    )
    assert result.exit_code == 0, result.output
    after = Manifest.read(model)
    assert after.calibration == manifest.calibration  # scores are unchanged: no refit
    assert after.extra["heldout"]["n"] == 9 and "evidence_sentence_hit_at_1" in after.extra["heldout"]
    assert "evidence_coverage_weight" in after.extra
    hit = after.extra["heldout"]["evidence_sentence_hit_at_1"]
    assert f"| evidence_sentence_hit_at_1 | {hit:.3f} |" in (model / "MODEL_CARD.md").read_text()
    (data / "wice" / "subclaims-train.jsonl").unlink()
    missing = runner.invoke(
        _cli(tmp_path, train_shown_window), ["run", "--data-dir", str(data), "--model-dir", str(model)]
    )
    assert missing.exit_code == 1
    output = missing.output.replace("\n", "")
    assert "subclaims-train.jsonl" in output and "scifact" not in output  # only what it reads is named
