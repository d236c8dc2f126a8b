"""Shared pytest set-up. Fixtures live in tests/fixtures/, one module per real part."""

import os

# Never reach for a model hub (there is none here), and keep pywikibot away from ~/.pywikibot.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

pytest_plugins = [
    "tests.fixtures.wiki",
    "tests.fixtures.sources",
    "tests.fixtures.database",
    "tests.fixtures.web",
]
