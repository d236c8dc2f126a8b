"""Training on a tiny real sample: a few optimizer steps, then the whole publish path (manifest, calibration
on held-out WiCE claims, model card) and loading the result back, hash-checked."""

import random
import shutil
from pathlib import Path

import numpy as np
import pytest
import torch
from safetensors.torch import load_file

from sidebot.eval.wice import read_wice
from sidebot.verify.base_model import ModelFilesError, minilm_dir
from sidebot.verify.model import CrossEncoder, Manifest, Precision
from sidebot.verify.training.card import render_card
from sidebot.verify.training.data import fever_symmetric_pairs, scifact_pairs, wice_pairs
from sidebot.verify.training.loop import TrainConfig, train
from sidebot.verify.training.publish import calibrate, write_card, write_manifest
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
    model, tokenizer = train(pairs, TrainConfig(batch_size=4, max_steps=3, seed=3), progress=lambda _: None)
    folder = work / "model"
    save_model(model, tokenizer, folder)
    write_manifest(folder, TrainConfig().limits, {"training": {"pairs": len(pairs)}})
    return folder


def test_training_moves_the_weights_and_saves_fp16(tiny_model):
    trained = load_file(str(tiny_model / "model.safetensors"))
    base = load_file(str(minilm_dir() / "model.safetensors"))
    key = "bert.encoder.layer.5.output.dense.weight"
    assert trained[key].dtype == torch.float16
    assert not torch.allclose(trained[key].float(), base[key.removeprefix("bert.")].float(), atol=1e-4)
    assert trained["classifier.weight"].shape == (3, 384)


def test_calibration_and_card_are_written_from_held_out_claims(tiny_model):
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

    from sidebot.config import Settings
    from sidebot.verify.commands import train_verifier

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
