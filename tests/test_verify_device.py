"""Where the verifier runs: the CPU by default, a CUDA GPU when `[verify] device` (or `serve-verifier
--device`) asks for one. This machine has no GPU, so the GPU agreement test runs only where torch sees one;
here the tests check that asking for a GPU that is not there is a clear error at start, not a crash later."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest
import torch
from pydantic import ValidationError

from sidebot.config import VerifySettings
from sidebot.datasets.wice import read_wice
from sidebot.verify.factory import load_verifier, shipped_model_dir
from sidebot.verify.model import CrossEncoder, Precision, VerifierDeviceError, support_score
from tests.test_verify_scorer import DATA, FAST_PATH_MEAN_TOLERANCE, FAST_PATH_TOLERANCE, reader_rows

NO_GPU = not torch.cuda.is_available()


@pytest.mark.parametrize("name", ["gpu", "cuda:x", "tpu", "CPU", ""])
def test_device_setting_accepts_only_cpu_and_cuda(name: str) -> None:
    with pytest.raises(ValidationError):
        VerifySettings(device=name)
    assert VerifySettings(device="cuda:1").device == "cuda:1"


@pytest.mark.skipif(not NO_GPU, reason="checks the error on a machine without a GPU")
def test_a_gpu_that_is_not_there_is_a_clear_error() -> None:
    with pytest.raises(VerifierDeviceError, match="no CUDA GPU"):
        load_verifier(VerifySettings(device="cuda"))


@pytest.mark.skipif(not NO_GPU, reason="checks the error on a machine without a GPU")
def test_serve_verifier_refuses_a_gpu_that_is_not_there() -> None:
    for device, message in (("cuda", "no CUDA GPU"), ("tpu", '"cpu", "cuda" or "cuda:N"')):
        done = subprocess.run(
            [sys.executable, "-m", "sidebot", "serve-verifier", "--device", device],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 2, done.stderr
        assert message in done.stderr


@pytest.mark.skipif(NO_GPU, reason="needs a CUDA GPU")
def test_gpu_fast_path_agrees_with_cpu_fp32() -> None:
    claims = read_wice(DATA / "wice-claims.jsonl")
    gpu = CrossEncoder(shipped_model_dir(), Precision.BF16, device="cuda")
    reference = CrossEncoder(shipped_model_dir(), Precision.FP32)
    rows = reader_rows(reference, claims)
    a, b = support_score(gpu.logits(rows)), support_score(reference.logits(rows))
    assert np.abs(a - b).max() < FAST_PATH_TOLERANCE
    assert np.abs(a - b).mean() < FAST_PATH_MEAN_TOLERANCE
