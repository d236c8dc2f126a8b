#!/usr/bin/env python
"""Render real Wikipedia tables to HTML pages for the table tests (``tests/data/sources/wikitable-*.html``).

Each page is a real article from ``tests/data/wikitext`` (or, for the United Kingdom, its "Ethnicity"
paragraph and table only) saved on the project's local MediaWiki 1.39 (``sidebot.sandbox.testwiki``) and
fetched back as the whole page the wiki serves (skin, navigation and all), so that extraction has the same
boilerplate around the table as a real MediaWiki page. Templates the local wiki lacks render as links to
"Template:…", as on any MediaWiki without them, except two the UK table needs to keep its figures readable,
given here as Wikipedia defines them: ``{{0}}`` (an invisible digit that aligns a column) and ``{{refn}}``
(a footnote). The output is committed; run it from the repository root to rebuild it::

    SIDEBOT_HOME=/tmp/render .venv/bin/python scripts/render_table_pages.py
"""

from __future__ import annotations

import tempfile
import urllib.parse
import urllib.request
from pathlib import Path

from sidebot.sandbox import testwiki

WIKITEXT = Path("tests/data/wikitext")
OUT = Path("tests/data/sources")
ARTICLES = {  # output name → (wiki title, wikitext file)
    "earthquakes": ("List of earthquakes in Canada", "earthquakes.txt"),
    "allen-r-morris": ("Allen R. Morris", "Allen-R.-Morris.txt"),
    "senate-of-pakistan": ("Senate of Pakistan", "Senate_of_Pakistan.txt"),
    "canton-of-etaples": ("Canton of Étaples", "Canton-of-Etaples.txt"),
    "british-motorcycle-grand-prix-2008": (
        "2008 British motorcycle Grand Prix",
        "2008-British-motorcycle-Grand-Prix.txt",
    ),
}
TEMPLATES = {
    "Template:0": '<span style="visibility:hidden;color:transparent;">0</span>',
    "Template:Refn": "{{#tag:ref|{{{1|}}}|group={{{group|}}}|name={{{name|}}}}}",
}


def uk_ethnicity() -> str:
    """The "Ethnicity" paragraph and table of the United Kingdom article, with its footnotes."""
    lines = (WIKITEXT / "United-Kingdom.txt").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Ethnic diversity varies"))
    end = next(i for i in range(start, len(lines)) if lines[i] == "|}")
    return "\n".join(lines[start : end + 1]) + "\n\n== Notes ==\n{{reflist|group=note}}\n{{reflist}}\n"


def main() -> None:
    pages = {title: (WIKITEXT / name).read_text(encoding="utf-8") for title, name in ARTICLES.values()}
    pages["Ethnicity in the United Kingdom (table)"] = uk_ethnicity()
    names = {title: out for out, (title, _) in ARTICLES.items()}
    names["Ethnicity in the United Kingdom (table)"] = "uk-ethnicity"
    with tempfile.TemporaryDirectory() as state:
        info = testwiki.up(Path(state), pages=TEMPLATES | pages)
        try:
            for title, out in names.items():
                url = f"{info.index_url}?{urllib.parse.urlencode({'title': title})}"
                with urllib.request.urlopen(url) as answer:  # noqa: S310 (the local wiki)
                    (OUT / f"wikitable-{out}.html").write_bytes(answer.read())
        finally:
            testwiki.down(info.state_dir)


if __name__ == "__main__":
    main()
