"""Infobox fields made only of the wiki's own templates ({{SPFL-stadiums|raith}} for Raith Rovers' capacity),
read through the wiki's ``expandtemplates`` on real parts: the local MediaWiki through Pywikibot, the patrol,
real sources over HTTP and the queue. Without the wiki (extraction alone) such a field gives no claim."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from sidebot.citations.citations import extract_citations
from sidebot.patrol.counts import PatrolCounts
from sidebot.patrol.field_expansion import MAX_EXPANSIONS_PER_PAGE, field_expander
from sidebot.patrol.loop import Patrol
from sidebot.queue.db import Database
from sidebot.queue.models import Citation, Page
from sidebot.wiki.pages import single_page
from tests.fixtures.sqlite_lock import LockProbe, on_sqlite_file

pytestmark = pytest.mark.integration

TEMPLATE = "Template:SPFL-stadiums"
TEMPLATE_TEXT = (
    "<includeonly>[[Stark's Park|10,104]]<!-- seated --></includeonly><noinclude>Capacities.</noinclude>"
)


def club(url: str) -> str:
    return (
        "{{Infobox football club\n| clubname = Raith Rovers\n| ground = [[Stark's Park]]\n"
        f"| capacity = {{{{SPFL-stadiums|raith}}}}<ref>{{{{cite web |url={url} |title=Raith}}}}</ref>\n}}}}\n"
        "'''Raith Rovers''' is a football club in Kirkcaldy.\n\n== References ==\n{{Reflist}}\n"
    )


def test_a_field_of_the_wikis_templates_is_read_through_the_wiki(
    settings, wiki, wiki_users, unique_title, source_server, minilm
) -> None:
    wiki_users.editor.edit(TEMPLATE, TEMPLATE_TEXT, "a template only the wiki expands")
    title = unique_title("Raith")
    text = club(source_server.url("/article.html"))
    wiki_users.editor.edit(title, text, "infobox")

    assert extract_citations(text, title)[0].claim == ""  # offline: nothing to read
    counts = PatrolCounts()
    (citation,) = extract_citations(text, title, expand=field_expander(wiki, title, counts))
    assert citation.claim == f"{title} — capacity: 10,104"
    assert counts.templates_expanded == 1

    db = Database(settings.database_url)
    summary = Patrol(settings, db, wiki, minilm).run([single_page(wiki.site, title)], "test", {})
    assert summary.counts["templates_expanded"] == 1
    with db.session() as session:
        page = session.scalar(select(Page).where(Page.title == title))
        claims = session.scalars(select(Citation.claim).where(Citation.page_id == page.id)).all()
    assert claims == [f"{title} — capacity: 10,104"]
    db.dispose()


def test_fields_are_expanded_before_the_patrol_writes(
    test_wiki_settings, source_fetch_settings, wiki, wiki_users, unique_title, source_server, minilm, tmp_path
) -> None:
    """Expansions are API calls, late when the wiki is in maxlag: on SQLite the patrol must not hold the
    queue's write lock through them (a new page's row is written after the page is read)."""
    wiki_users.editor.edit(TEMPLATE, TEMPLATE_TEXT, "a template only the wiki expands")
    title = unique_title("Raith")
    wiki_users.editor.edit(title, club(source_server.url("/article.html")), "infobox")
    queue = tmp_path / "queue.db"
    settings = on_sqlite_file(test_wiki_settings, source_fetch_settings, queue)
    db = Database(settings.database_url)
    probe = LockProbe(wiki, queue, "expand_templates")
    Patrol(settings, db, probe, minilm).run([single_page(wiki.site, title)], "test", {})
    assert probe.locked == [("expand_templates", False)]
    with db.session() as session:
        assert session.scalar(select(Page.title).where(Page.title == title)) == title
    db.dispose()


def test_a_refused_expansion_gives_no_claim_and_the_calls_are_capped(wiki) -> None:
    """The wiki refuses to expand on a title it cannot hold ('<' is not allowed): the field gives no claim,
    as offline. Past the cap a page's fields are not sent at all."""
    counts = PatrolCounts()
    refused = field_expander(wiki, "Bad<title", counts)
    assert refused("{{SPFL-stadiums|raith}}") is None and counts.templates_expanded == 1

    expand = field_expander(wiki, "Raith", counts)
    values = [f"{{{{SPFL-stadiums|club{n}}}}}" for n in range(MAX_EXPANSIONS_PER_PAGE + 1)]
    answers = [expand(v) for v in values]
    assert answers[-1] is None and all(a is not None for a in answers[:-1])
    assert expand(values[0]) == answers[0]  # asked again: from the page's own cache
    assert counts.templates_expanded == 1 + MAX_EXPANSIONS_PER_PAGE


def test_an_expansion_too_long_for_a_field_gives_no_claim() -> None:
    """A template whose expansion is a page's worth of wikitext (the wiki's answer, here given directly) is
    not parsed (it could cost seconds): the field gives no claim, as offline."""
    ref = "<ref>{{cite web |url=http://a.example/ |title=A}}</ref>"
    text = "{{Infobox football club\n| capacity = {{Huge}}" + ref + "\n}}"
    hidden = "<!-- a template's own notes -->" * 300  # 9,300 characters that render as nothing
    (citation,) = extract_citations(text, "Raith", expand=lambda _: hidden + "10,104")
    assert citation.claim == ""  # its rendered text is short, but the wikitext is not parsed
    (citation,) = extract_citations(text, "Raith", expand=lambda _: "[[Stark's Park|10,104]]")
    assert citation.claim == "Raith — capacity: 10,104"
