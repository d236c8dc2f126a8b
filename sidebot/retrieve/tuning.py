"""The reranking constants fitted by ``python -m sidebot.eval.retrieve_tune``, shipped with the package.

``data/rerank_tuning.json`` holds the rerank weight and the suggestion margin fitted for one verifier (named
in the file: the margin is on that verifier's score scale). :class:`sidebot.config.RetrieveSettings` takes
its defaults from it; a config file may still set either value.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

TUNING_FILE = "rerank_tuning.json"


def tuning_path() -> Path:
    """Where the fitted constants are read from and written to (inside the package)."""
    return Path(str(files("sidebot.retrieve") / "data" / TUNING_FILE))


@cache
def tuned() -> dict[str, Any]:
    """The shipped fit: ``rerank_retrieval_weight``, ``margin``, ``verifier`` (the scorer name it was fitted
    with) and how it was fitted."""
    return json.loads(tuning_path().read_text(encoding="utf-8"))
