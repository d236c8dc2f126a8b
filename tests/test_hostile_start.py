"""A patrol started while the wiki answers 503 or ``maxlag`` from its first request: one line in words,
exit 1, and a failed run on record, so `sidebot runs --check` (monitoring) sees it. Before, such a patrol
printed dozens of log lines and tracebacks and recorded no run at all.

The wiki is the real local MediaWiki behind ``FlakyWiki`` (tests/fixtures/flaky_wiki.py), failing for the
whole test; the commands run in subprocesses as an operator runs them.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fixtures.flaky_wiki import flaky_proxy

pytestmark = [pytest.mark.integration, pytest.mark.hostile]


def _config_through(proxy_api_url: str, test_wiki, folder: Path) -> Path:
    """The test wiki's sidebot and Pywikibot configs, with the wiki's address replaced by the proxy's and a
    queue database of their own."""
    pywikibot_dir = folder / "pywikibot"
    shutil.copytree(test_wiki.pywikibot_dir, pywikibot_dir)
    user_config = pywikibot_dir / "user-config.py"
    user_config.write_text(user_config.read_text().replace(test_wiki.api_url, proxy_api_url))
    config = folder / "sidebot.toml"
    text = test_wiki.config_path.read_text().replace(str(test_wiki.pywikibot_dir), str(pywikibot_dir))
    text = re.sub(r"(?m)^\[database\]\nurl = .*\n", "", text)
    config.write_text(text + f'\n[database]\nurl = "sqlite:///{folder / "queue.db"}"\n')
    return config


def _sidebot(config: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "200"}
    return subprocess.run(
        [sys.executable, "-m", "sidebot", "--config", str(config), *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.parametrize("failure", ["http-503", "maxlag"])
def test_a_patrol_started_while_the_wiki_fails_says_so_once_and_records_a_failed_run(
    test_wiki, tmp_path, failure
) -> None:
    with flaky_proxy(test_wiki.api_url.removesuffix("/api.php"), failure) as proxy:
        proxy.fail_for(3600)
        config = _config_through(proxy.api_url, test_wiki, tmp_path)
        patrol = _sidebot(config, "patrol", "--once")
    assert patrol.returncode == 1
    said = [line for line in (patrol.stdout + patrol.stderr).splitlines() if line.strip()]
    assert len(said) == 1, said
    assert "Traceback" not in patrol.stderr
    words = "HTTP 503" if failure == "http-503" else "maxlag"
    assert words in said[0] and "run 1" in said[0], said

    runs = _sidebot(config, "runs", "--check")
    assert runs.returncode == 1, runs.stdout  # monitoring sees the failed patrol
    assert "failed" in runs.stdout and words in runs.stdout
