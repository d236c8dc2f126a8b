"""Before and during set-up: `make` targets that need the .venv say to run `make setup` first; `make
setup` prints a short summary (what, where, how long) and keeps apt's and pip's output in its log file,
and a failed step shows the log's last lines; pyproject.toml uses the current licence field."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


def _make(folder: Path, target: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["make", "-C", str(folder), "--no-print-directory", target],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=600,
    )


@pytest.mark.parametrize("target", ["test", "demo", "lint"])
def test_a_target_without_the_venv_says_to_run_make_setup(tmp_path: Path, target: str):
    shutil.copy(REPO / "Makefile", tmp_path / "Makefile")
    result = _make(tmp_path, target)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.splitlines()[0] == (  # then make's own "Error 2" line
        f"make {target}: sidebot is not set up in this folder (no .venv/bin/sidebot): run `make setup` first"
    )


def _venv_up_to_date() -> bool:
    """Whether `make setup` would find this checkout's .venv up to date (its stamp is pyproject.toml's
    hash), and its node_modules (package-lock.json's): only then may a test run the set-up on it, which then
    installs nothing."""
    stamps = {
        ".venv/.sidebot-installed": "pyproject.toml",
        "node_modules/.sidebot-installed": "package-lock.json",
    }
    for stamp, source in stamps.items():
        want = hashlib.sha256((REPO / source).read_bytes()).hexdigest()
        if not (REPO / stamp).is_file() or (REPO / stamp).read_text().strip() != want:
            return False
    return True


NEEDS_VENV = pytest.mark.skipif(not _venv_up_to_date(), reason="needs an up-to-date `make setup` here")


def _checkout_with_venv(tmp_path: Path) -> Path:
    """A folder with this checkout's set-up files and its installed .venv (linked: it is up to date, so the
    set-up only checks it)."""
    folder = tmp_path / "checkout"
    (folder / "scripts").mkdir(parents=True)
    for name in ("Makefile", "pyproject.toml", "scripts/setup.sh", "package.json", "package-lock.json"):
        shutil.copy(REPO / name, folder / name)
    (folder / ".venv").symlink_to(REPO / ".venv")
    (folder / "node_modules").symlink_to(REPO / "node_modules")
    return folder


@NEEDS_VENV
def test_setup_prints_a_short_summary_and_logs_the_rest(tmp_path: Path):
    folder = _checkout_with_venv(tmp_path)
    result = _make(folder, "setup", SIDEBOT_HOME=str(tmp_path / "home"))
    assert result.returncode == 0, result.stdout + result.stderr
    lines = [line for line in result.stdout.splitlines() if line.startswith("setup: ")]
    assert len(result.stdout.splitlines()) <= 6 and result.stderr == ""
    assert lines[0].startswith("setup: system packages: ")
    assert f"{folder}/.venv" in lines[1] and "sidebot 0.1.0" in lines[1] and "torch 2.13.0" in lines[1]
    assert lines[2].startswith("setup: gadget lint and tests: up to date in ") and "node v" in lines[2]
    assert "sidebot doctor --offline passed" in lines[3]
    log = folder / "setup.log"
    assert lines[-1].startswith("setup: done in ") and lines[-1].endswith(f" s; full log: {log}")
    assert "┃ check" in log.read_text()  # the doctor's table went to the log, not the terminal


@NEEDS_VENV
def test_a_failed_step_shows_the_end_of_the_log(tmp_path: Path):
    folder = _checkout_with_venv(tmp_path)
    broken = tmp_path / "broken.toml"
    broken.write_text("[databse]\nurl = 'sqlite://'\n")
    result = _make(folder, "setup", SIDEBOT_CONFIG=str(broken), SIDEBOT_HOME=str(tmp_path / "home"))
    assert result.returncode != 0
    assert "setup: FAILED" in result.stderr
    assert "did you mean [database]?" in result.stderr  # the failing command's own message, from the log
    assert f"full log: {folder / 'setup.log'}" in result.stderr


def test_pyproject_licence_is_an_spdx_string():
    """setuptools 77 deprecates ``license = {text = …}`` and printed a banner on every install."""
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text())
    assert pyproject["project"]["license"] == "MIT"
    assert any(req.startswith("setuptools>=77") for req in pyproject["build-system"]["requires"])
