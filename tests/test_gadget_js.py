"""The wiki gadget's JavaScript (sidebot/web/gadget/gadget.js): eslint and its tests under Node's own test
runner (tests/gadget/*.test.js, on jsdom), as `make test` runs them; `make setup` installs both from npm
(package-lock.json). The gadget on a real wiki in Chromium: tests/browser/test_gadget.py."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
ESLINT = REPO / "node_modules" / ".bin" / "eslint"


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    node = shutil.which("node")
    assert node, "node is not installed: run `make setup`"
    assert ESLINT.exists(), f"{ESLINT.parent.parent} is missing: run `make setup` (it runs `npm ci`)"
    return subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=300)


def test_the_gadget_passes_eslint():
    result = _run(str(ESLINT), "--max-warnings=0", "sidebot/web/gadget", "tests/gadget", "eslint.config.js")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_gadget_passes_its_node_tests():
    result = _run("node", "--test", "tests/gadget/")
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    assert "# fail 0" in result.stdout and "# pass 0" not in result.stdout
