"""A backfill records its position at least every 10 pages (or every few seconds), so a crash re-reads at most
that much of the dump. A real PostgreSQL queue; the dump is a small MediaWiki export file written here in
the export schema MediaWiki 1.39 writes (page id, revision id, timestamp, text)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sidebot.config import Settings
from sidebot.queue.db import Database
from sidebot.queue.progress import backfill_progress
from sidebot.workers.backfill import BATCH, BackfillSummary, backfill

PAGE = """  <page>
    <title>Page {n}</title>
    <ns>0</ns>
    <id>{n}</id>
    <revision>
      <id>{rev}</id>
      <timestamp>2024-01-01T00:00:00Z</timestamp>
      <contributor><username>Example</username><id>1</id></contributor>
      <model>wikitext</model>
      <format>text/x-wiki</format>
      <text bytes="20" xml:space="preserve">Text of page {n}.</text>
      <sha1>0</sha1>
    </revision>
  </page>
"""


def write_dump(path: Path, pages: int) -> Path:
    head = (
        '<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="en">\n'
        "  <siteinfo><sitename>Test</sitename><dbname>test</dbname><base>http://127.0.0.1/</base>"
        '<generator>MediaWiki 1.39</generator><case>first-letter</case><namespaces><namespace key="0" '
        'case="first-letter" /></namespaces></siteinfo>\n'
    )
    body = "".join(PAGE.format(n=n, rev=1000 + n) for n in range(1, pages + 1))
    path.write_text(head + body + "</mediawiki>\n", encoding="utf-8")
    return path


@pytest.mark.postgres
def test_progress_is_saved_every_few_pages(postgres_server, tmp_path: Path) -> None:
    url = postgres_server.create_database(f"backfill_progress_{os.getpid()}")
    settings = Settings(home=tmp_path, database={"url": url}, workers={"enabled": True})
    db = Database(settings.database_url)
    dump = write_dump(tmp_path / "test-pages.xml", 35)
    saved: list[int] = []

    def on_batch(summary: BackfillSummary) -> None:
        with db.session() as session:
            saved.append(backfill_progress(session, 1, dump.name).last_page_id)

    summary = backfill(settings, db, "testwiki", dump, on_batch=on_batch)
    assert summary.enqueued == 35 and summary.finished
    assert saved[-1] == 35
    gaps = [b - a for a, b in zip([0, *saved], saved)]
    assert max(gaps) <= BATCH == 10, gaps
    db.dispose()
