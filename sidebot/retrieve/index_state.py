"""An index folder's ``state.json``: what the index was built with and how far building got.

Shared by the BM25 and the dense index. Written atomically (a crash while writing leaves the previous state,
never half a file); a file that cannot be read as a JSON object counts as no state, so the index is rebuilt
rather than trusted.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any


class IndexState:
    """The ``state.json`` of one index folder (see the module doc)."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / "state.json"

    def read(self) -> dict[str, Any]:
        """The saved state; empty when there is none or it is not a readable JSON object."""
        try:
            state = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return state if isinstance(state, dict) else {}

    def write(self, state: dict[str, Any]) -> None:
        """Replace the state atomically (written beside it, then renamed over it)."""
        partial = self.path.with_suffix(".json.partial")
        partial.write_text(json.dumps(state), encoding="utf-8")
        os.replace(partial, self.path)

    def clear(self) -> None:
        """Forget the state (the index is rebuilt from scratch next time)."""
        self.path.unlink(missing_ok=True)
