"""The reference to paste, end to end on real parts: a page fetched from a real HTTP server and cached with
its metadata, suggestions stored through the queue's store, then the card (a readonly field and a copy button
whose script the Content-Security-Policy allows), the JSON API and `sidebot queue list --json`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from html.parser import HTMLParser

from markupsafe import escape
from sqlalchemy import select

from sidebot.queue import store
from sidebot.queue.models import Finding, Suggestion
from sidebot.records import Evidence, Passage
from sidebot.retrieve.retriever import Suggestion as FoundSource
from sidebot.sources.fetch import FetchStatus, fetch
from sidebot.web.security import CONTENT_SECURITY_POLICY

SENTENCE = "In the Council Position 8 race, also citywide, Mosqueda got 62 percent in Tuesday's count."


def _found(url: str, title: str, text: str, sentence: str) -> FoundSource:
    start = text.index(sentence)
    passage = Passage(index=0, text=text, title=title, start=0, end=len(text))
    evidence = [Evidence(start, start + len(sentence), 0.9), Evidence(0, 5, 0.1)]
    return FoundSource(url, title, 0.9, 0.9, passage, evidence, None, None)


def _attributes(page: str) -> list[tuple[str, dict[str, str | None]]]:
    found: list[tuple[str, dict[str, str | None]]] = []

    class Collector(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            found.append((tag, dict(attrs)))

    Collector().feed(page)
    return found


def test_a_stored_suggestion_carries_its_reference_to_the_card_api_and_queue_list(
    web_client, web_queue, web_db, source_server, source_fetch_settings, tmp_path
) -> None:
    fetched = fetch(source_server.url("/article.html"), source_fetch_settings)
    assert fetched.status is FetchStatus.OK and SENTENCE in (fetched.text or "")
    with web_db.session() as session:
        source = store.save_source(session, fetched)
        assert source.page_metadata == {
            "title": "M. Lorena González and Teresa Mosqueda win Seattle City Council seats",
            "author": ["Bob Young"],
            "date": "2017-11-07",
            "website": "The Seattle Times",
        }
        accessed = source.fetched_at.date()
        suggested = set(session.scalars(select(Suggestion.finding_id)))
        fid = next(f for f in web_queue.open_ids() if f not in suggested)
        finding = session.get(Finding, fid)
        corpus_url = "https://corpus.example/never-fetched"
        store.set_suggestions(
            finding,
            [
                _found(fetched.url, "Corpus title of the page", fetched.text, SENTENCE),
                _found(corpus_url, "A corpus | page", "It says {{so}}.", "It says {{so}}."),
            ],
        )
        session.flush()
        fetched_ref, corpus_ref = [s.reference for s in finding.suggestions]
    assert fetched_ref == (
        f"<ref>{{{{cite web |url={fetched.url} |title=M. Lorena González and Teresa Mosqueda win Seattle "
        f"City Council seats |author=Bob Young |date=2017-11-07 |website=The Seattle Times "
        f"|access-date={accessed:%Y-%m-%d} "
        f"|quote={SENTENCE}}}}}</ref>"
    )
    # never fetched: the corpus's address and title only, and no access date
    assert corpus_ref == (
        f"<ref>{{{{cite web |url={corpus_url} |title=A corpus &#124; page "
        "|quote=It says &#123;&#123;so&#125;&#125;.}}</ref>"
    )

    card = web_client.get(f"/findings/{fid}")
    assert card.status_code == 200
    assert card.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert "script-src 'self'" in CONTENT_SECURITY_POLICY and "unsafe-inline" not in CONTENT_SECURITY_POLICY
    elements = _attributes(card.text)
    areas = [
        attrs for tag, attrs in elements if tag == "textarea" and attrs.get("data-testid") == "reference-text"
    ]
    assert len(areas) == 2 and all("readonly" in a for a in areas)
    for reference in (fetched_ref, corpus_ref):
        assert f">{escape(reference)}</textarea>" in card.text
    buttons = [attrs for tag, attrs in elements if tag == "button" and "data-copy" in attrs]
    assert {b["data-copy"] for b in buttons} == {a["id"] for a in areas}
    scripts = [attrs for tag, attrs in elements if tag == "script"]
    assert scripts == [{"src": "/static/copy.js", "defer": None}]  # a file of sidebot's, nothing inline
    assert not [name for _, attrs in elements for name in attrs if name.startswith("on")]
    script = web_client.get("/static/copy.js")
    assert script.status_code == 200 and "data-copy" in script.text and "clipboard" in script.text

    detail = web_client.get(f"/api/findings/{fid}").json()
    assert [s["reference"] for s in detail["suggestions"]] == [fetched_ref, corpus_ref]

    config = tmp_path / "sidebot.toml"
    config.write_text(f'[database]\nurl = "{web_db.url}"\n', encoding="utf-8")
    listed = subprocess.run(
        [
            sys.executable,
            "-m",
            "sidebot",
            "--config",
            str(config),
            "queue",
            "list",
            "--json",
            "--limit",
            "1000",
        ],
        env={**os.environ, "SIDEBOT_HOME": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    (item,) = [f for f in json.loads(listed.stdout)["findings"] if f["id"] == fid]
    assert [s["reference"] for s in item["suggestions"]] == [fetched_ref, corpus_ref]


def test_a_finding_without_references_loads_no_script(web_client, web_queue, web_db) -> None:
    with web_db.session() as session:
        fid = next(f for f in web_queue.open_ids() if not session.get(Finding, f).suggestions)
    card = web_client.get(f"/findings/{fid}").text
    assert "<script" not in card and "data-copy" not in card
