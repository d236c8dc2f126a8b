"""Training on a tiny real sample: a few optimizer steps, then the whole publish path (manifest, claim-level
combiner, calibration on held-out WiCE claims, model card) and loading the result back, hash-checked."""

import random
import shutil
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
import torch
from safetensors.torch import load_file
from transformers import AutoTokenizer

from sidebot.datasets.wice import read_wice
from sidebot.verify.base_model import ModelFilesError, minilm_dir
from sidebot.verify.model import CrossEncoder, Manifest, Precision
from sidebot.verify.network import PairClassifier
from sidebot.verify.training.card import render_card
from sidebot.verify.training.config import TrainConfig
from sidebot.verify.training.data import fever_symmetric_pairs, scifact_pairs, wice_pairs
from sidebot.verify.training.loop import make_batches, ranking_loss, train
from sidebot.verify.training.publish import calibrate, fit_claim_combiner, write_card, write_manifest
from sidebot.verify.training.recipe import save_model

DATA = Path(__file__).parent / "data" / "verify"


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("verifier")
    scifact = work / "scifact"
    scifact.mkdir()
    shutil.copy(DATA / "scifact-corpus.jsonl", scifact / "corpus.jsonl")
    shutil.copy(DATA / "scifact-claims.jsonl", scifact / "claims_train.jsonl")
    rng = random.Random(3)
    pairs = (
        wice_pairs(read_wice(DATA / "wice-subclaims.jsonl"), rng)
        + scifact_pairs(scifact, rng)
        + fever_symmetric_pairs(DATA / "fever-symmetric.jsonl")
    )
    model, tokenizer = train(
        pairs, TrainConfig(batch_size=8, max_steps=3, seed=3, layers=2), progress=lambda _: None
    )
    folder = work / "model"
    save_model(model, tokenizer, folder)
    write_manifest(folder, TrainConfig().limits, {"training": {"pairs": len(pairs)}})
    return folder


def test_training_moves_the_weights_and_saves_fp16(tiny_model):
    trained = load_file(str(tiny_model / "model.safetensors"))
    base = load_file(str(minilm_dir() / "model.safetensors"))
    key = "bert.encoder.layer.1.output.dense.weight"
    assert "bert.encoder.layer.2.output.dense.weight" not in trained  # only the first 2 layers are kept
    assert trained[key].dtype == torch.float16
    assert not torch.allclose(trained[key].float(), base[key.removeprefix("bert.")].float(), atol=1e-4)
    assert trained["classifier.weight"].shape == (3, 384)


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


def test_calibration_and_card_are_written_from_held_out_claims(tiny_model):
    fit = fit_claim_combiner(tiny_model, read_wice(DATA / "wice-subclaims.jsonl"), progress=lambda _: None)
    assert fit["examples"] == 8 and Manifest.read(tiny_model).combiner is not None
    claims = read_wice(DATA / "wice-claims.jsonl")
    result = calibrate(tiny_model, claims, "test sample", seed=0, progress=lambda _: None)
    manifest = Manifest.read(tiny_model)
    assert manifest.calibration.fitted_on == "test sample (9 claims)"
    assert result["n"] == 9 and 0.0 <= result["evidence_hit_at_1"] <= 1.0
    assert manifest.extra["heldout"]["auroc_not_supported"] == result["auroc_not_supported"]
    card = write_card(tiny_model, render_card(tiny_model)).read_text()
    assert manifest.weights_sha256 in card and "test sample (9 claims)" in card


def test_fp32_and_int8_paths_load_the_trained_model(tiny_model):
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
    assert "subclaims-train.jsonl" in result.output.replace("\n", "") and not (tmp_path / "m").exists()
