"""Shared pytest set-up. Fixtures live in tests/fixtures/, one module per real part."""

import os
import tempfile

# Never reach for a model hub (there is none here), and keep pywikibot away from ~/.pywikibot.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
# Settings built without an explicit home must not see the developer's own data folder (its queue database,
# its retrieval index): every test session gets an empty one.
os.environ["SIDEBOT_HOME"] = tempfile.mkdtemp(prefix="sidebot-tests-home-")

pytest_plugins = [
    "tests.fixtures.wiki",
    "tests.fixtures.sources",
    "tests.fixtures.database",
    "tests.fixtures.web",
    "tests.fixtures.demo",
    "tests.fixtures.patrol",
]
