"""A config file with a mistake gets one line that names the key, as the file writes it, and for a key
sidebot does not know the nearest one it does; the command exits 2 without a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from sidebot.config import ConfigError, load_settings


def _config(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "sidebot.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("toml", "expected"),
    [
        (
            '[fetch]\nuser_agnet = "x"\n',
            "unknown key 'user_agnet' in [fetch] (did you mean [fetch] user_agent?)",
        ),
        (
            "[verify]\nflag_bellow = 0.3\n",
            "unknown key 'flag_bellow' in [verify] (did you mean [verify] flag_below?)",
        ),
        ("[webb]\nport = 8081\n", "unknown section or key 'webb' (did you mean [web]?)"),
        ("[web]\nport = 0\n", "[web] port: Input should be greater than or equal to 1"),
        ("[wiki]\nname = 5\n", "[wiki] name: Input should be a valid string"),
        ("[fetch]\nzzzz = 1\n", "unknown key 'zzzz' in [fetch]"),
    ],
)
def test_a_mistake_names_the_key_and_the_nearest_valid_one(tmp_path: Path, toml: str, expected: str):
    path = _config(tmp_path, toml)
    with pytest.raises(ConfigError) as caught:
        load_settings(path)
    message = str(caught.value)
    assert message == f"invalid config file {path}: {expected}"
    assert "\n" not in message and "pydantic" not in message and "http" not in message


def test_every_mistake_of_a_file_is_listed_on_one_line(tmp_path: Path):
    path = _config(tmp_path, '[fetch]\nconcurency = 3\nuser_agent = "no contact"\n[wiki]\nnmae = "x"\n')
    with pytest.raises(ConfigError) as caught:
        load_settings(path)
    message = str(caught.value)
    assert "\n" not in message
    assert "unknown key 'concurency' in [fetch] (did you mean [fetch] concurrency?)" in message
    assert "unknown key 'nmae' in [wiki] (did you mean [wiki] name?)" in message


def test_the_command_line_prints_it_as_one_line_and_exits_2(tmp_path: Path):
    path = _config(tmp_path, "[patrol]\nrecent_limt = 3\n")
    result = subprocess.run(
        [sys.executable, "-m", "sidebot", "--config", str(path), "runs"],
        env={**os.environ, "SIDEBOT_HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2
    lines = (result.stdout + result.stderr).strip().splitlines()
    assert len(lines) == 1, lines
    assert (
        "[patrol]" in lines[0]
        and "recent_limt" in lines[0]
        and "recent_limit" in lines[0]
        and "did you mean" in lines[0]
    )
