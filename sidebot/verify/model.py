"""Load the trained reader and run it: plain torch fp32, or the fast path (bf16 autocast; on a GPU without
bf16, fp16), on the CPU or a CUDA device.

The model folder holds Hugging Face files (config.json, fp16 ``model.safetensors``, tokenizer) plus
``verifier.json`` (input limits, calibration, checksum). Weights are hash-checked against verifier.json before
use, so a truncated or swapped file fails loudly.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

import numpy as np
import torch
from transformers import AutoTokenizer

from sidebot.verify.base_model import ModelFilesError, sha256_file
from sidebot.verify.combiner import Combiner
from sidebot.verify.inputs import PairEncoder, PairLimits
from sidebot.verify.network import WEIGHTS, PairClassifier

MANIFEST = "verifier.json"
log = logging.getLogger(__name__)


class VerifierDeviceError(RuntimeError):
    """The configured torch device cannot be used here (no GPU, or no such GPU)."""


def torch_device(name: str) -> torch.device:
    """``name`` ("cpu", "cuda", "cuda:N") as a device this process can run on, or a clear error."""
    device = torch.device(name)
    if device.type == "cuda":
        if not torch.cuda.is_available():
            raise VerifierDeviceError(
                f"[verify] device = {name!r}, but torch sees no CUDA GPU here (torch {torch.__version__}; "
                'a CPU-only build or no driver): install a CUDA build of torch, or use device = "cpu"'
            )
        if device.index is not None and device.index >= torch.cuda.device_count():
            raise VerifierDeviceError(
                f"[verify] device = {name!r}, but this machine has {torch.cuda.device_count()} CUDA GPU(s)"
            )
    return device


class Precision(StrEnum):
    """The arithmetic the reader runs in."""

    FP32 = "fp32"  # the reference: plain torch float32
    # The fast path: matrix products in bfloat16 (autocast; the CPUs here have AVX-512 BF16). Dynamic int8
    # ran at the same speed but moved the 4-layer reader's scores by up to 0.97 log-odds (Pearson 0.93 with
    # fp32); bf16 moves them by < 0.02 (docs/verifier.md).
    BF16 = "bf16"


def effective_precision(precision: Precision, device: torch.device) -> Precision:
    """bf16 on a CPU only where the CPU has bf16 instructions (AVX-512 BF16 or AMX, as oneDNN reports):
    without them torch computes bf16 in a slow reference path, measured 40x slower than fp32 on an
    AVX2-only EPYC. Such a CPU reads in fp32 (the same weights and scores, to the third decimal)."""
    if (
        precision is Precision.BF16
        and device.type == "cpu"
        and not torch.ops.mkldnn._is_mkldnn_bf16_supported()
    ):
        log.info("this CPU has no bf16 instructions: the verifier reads in fp32")
        return Precision.FP32
    return precision


@dataclass(frozen=True)
class Calibration:
    """Platt scaling: P(supported) = sigmoid(slope * score + intercept)."""

    slope: float = 1.0
    intercept: float = 0.0
    fitted_on: str = ""

    def probability(self, score: float) -> float:
        """P(supported) for a score: the logistic of ``slope · score + intercept``."""
        return float(1.0 / (1.0 + np.exp(-(self.slope * score + self.intercept))))


_MANIFEST_KEYS = {
    "name",
    "limits",
    "calibration",
    "reader_calibration",
    "weights_sha256",
    "flag_threshold",
    "combiner",
}


@dataclass(frozen=True)
class Manifest:
    """What a model folder holds besides its weights (``manifest.json``): the model's name, input limits,
    calibrations, weights checksum, flag threshold, claim-level combiner and, in ``extra``, the rest of its
    scoring settings and training record."""

    name: str
    limits: PairLimits
    calibration: Calibration
    weights_sha256: str
    flag_threshold: float = 0.5
    combiner: Combiner | None = None  # the claim-level verdict; None: source score = the reader's best score
    # P(supported) from the reader's score alone: the probability shown for each part of a claim
    reader_calibration: Calibration = Calibration()
    extra: dict = field(default_factory=dict)

    @classmethod
    def read(cls, folder: Path) -> Manifest:
        """The manifest of the model in ``folder``; ModelFilesError when it is missing or malformed."""
        path = folder / MANIFEST
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
            return cls(
                name=raw["name"],
                limits=PairLimits(**raw["limits"]),
                calibration=Calibration(**raw.get("calibration", {})),
                weights_sha256=raw["weights_sha256"],
                flag_threshold=float(raw.get("flag_threshold", 0.5)),
                combiner=Combiner.from_json(raw["combiner"]) if raw.get("combiner") else None,
                reader_calibration=Calibration(**raw.get("reader_calibration", {})),
                extra={k: v for k, v in raw.items() if k not in _MANIFEST_KEYS},
            )
        except FileNotFoundError as exc:
            raise ModelFilesError(f"verifier manifest missing: {path}") from exc
        except (KeyError, TypeError, ValueError) as exc:
            raise ModelFilesError(f"verifier manifest {path} is invalid: {exc!r}") from exc

    def write(self, folder: Path) -> None:
        """Write the manifest into ``folder`` as ``manifest.json``."""
        raw = {
            "name": self.name,
            "limits": {
                "claim_tokens": self.limits.claim_tokens,
                "max_tokens": self.limits.max_tokens,
                "claim_only_tokens": self.limits.claim_only_tokens,
            },
            "calibration": {
                "slope": self.calibration.slope,
                "intercept": self.calibration.intercept,
                "fitted_on": self.calibration.fitted_on,
            },
            "reader_calibration": {
                "slope": self.reader_calibration.slope,
                "intercept": self.reader_calibration.intercept,
                "fitted_on": self.reader_calibration.fitted_on,
            },
            "weights_sha256": self.weights_sha256,
            "flag_threshold": self.flag_threshold,
            "combiner": self.combiner.to_json() if self.combiner else None,
            **self.extra,
        }
        (folder / MANIFEST).write_text(json.dumps(raw, indent=2) + "\n", encoding="utf-8")


class CrossEncoder:
    """Logits over (supports, refutes, not-enough-info) for encoded pairs, in length-sorted batches."""

    def __init__(
        self,
        folder: Path,
        precision: Precision = Precision.BF16,
        batch_size: int = 8,
        threads: int | None = None,
        check_hash: bool = True,
        device: str = "cpu",
    ) -> None:
        self.folder = Path(folder)
        self.manifest = Manifest.read(self.folder)
        if check_hash:
            actual = sha256_file(self.folder / WEIGHTS)
            if actual != self.manifest.weights_sha256:
                raise ModelFilesError(
                    f"verifier weights checksum mismatch in {self.folder}: "
                    f"{actual} != {self.manifest.weights_sha256}"
                )
        self.device = torch_device(device)
        if threads:
            torch.set_num_threads(threads)
        tokenizer = AutoTokenizer.from_pretrained(self.folder)
        self.encoder = PairEncoder(tokenizer, self.manifest.limits)
        self.model = PairClassifier.load(self.folder).to(self.device)
        self.precision = effective_precision(Precision(precision), self.device)
        self._autocast_dtype = (
            torch.float16
            if self.device.type == "cuda" and not torch.cuda.is_bf16_supported()
            else torch.bfloat16
        )
        self.batch_size = batch_size

    @torch.inference_mode()
    def logits(self, rows: Sequence[tuple[list[int], list[int]]]) -> np.ndarray:
        """The reader's logits over :data:`LABELS` for each row, in row order (rows batched by length to waste
        little on padding)."""
        out = np.zeros((len(rows), 3), dtype=np.float32)
        order = sorted(range(len(rows)), key=lambda i: len(rows[i][0]))
        for k in range(0, len(order), self.batch_size):
            idx = order[k : k + self.batch_size]
            feeds = {
                name: torch.from_numpy(a).to(self.device)
                for name, a in self.encoder.pad([rows[i] for i in idx]).items()
            }
            with torch.autocast(
                self.device.type, dtype=self._autocast_dtype, enabled=self.precision is Precision.BF16
            ):
                out[idx] = self.model(**feeds).float().cpu().numpy()
        return out


def support_score(logits: np.ndarray) -> np.ndarray:
    """Log-odds that a passage supports the claim: logit(supports) − logsumexp(refutes, not-enough-info)."""
    return logits[..., 0] - np.logaddexp(logits[..., 1], logits[..., 2])


def refute_score(logits: np.ndarray) -> np.ndarray:
    """Log-odds that a window contradicts the claim: logit(refutes) − logsumexp(supports, not-enough-info)."""
    return logits[..., 1] - np.logaddexp(logits[..., 0], logits[..., 2])


def class_probabilities(logits: np.ndarray) -> np.ndarray:
    """Softmax over the last axis of ``logits``."""
    shifted = logits - logits.max(axis=-1, keepdims=True)
    e = np.exp(shifted)
    return e / e.sum(axis=-1, keepdims=True)
