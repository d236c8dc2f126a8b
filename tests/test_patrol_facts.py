"""Sneaky edits in the patrol, on real parts: an edit on the local MediaWiki changes a year in a cited
sentence and keeps the citation; the next patrol checks the changed sentence against the source (a real
news article served over HTTP) and queues it as a changed fact, first in the queue, with the old and new
value, the revisions, the editor and the source's sentence. A re-run queues nothing again; a correction
back to what the source says is not queued. SQLite and PostgreSQL.
"""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from sidebot.config import Settings
from sidebot.patrol.loop import Patrol
from sidebot.queue import reviews
from sidebot.queue.db import Database
from sidebot.queue.models import Finding
from sidebot.queue.queries import list_findings
from sidebot.queue.reviews import Decision
from sidebot.sandbox import testwiki

pytestmark = pytest.mark.integration

# The Seattle Times article served at /article.html states "… the most women on the council since 1994".
CLAIM = "The Seattle City Council will have the most women on the council since 1994."


def page_text(claim: str, base_url: str) -> str:
    other = "Seattle voters elected a new mayor."
    return (
        f"Intro.\n\n== Elections ==\n{other}<ref>[{base_url}/article.html Council seats]</ref> "
        f"{claim}<ref>{{{{cite web |url={base_url}/article.html |title=Council seats}}}}</ref>\n\n"
        "== References ==\n{{Reflist}}\n"
    )


def patrol(settings: Settings, wiki, minilm, title: str):
    from sidebot.wiki.pages import single_page

    db = Database(settings.database_url)
    summary = Patrol(settings, db, wiki, minilm).run([single_page(wiki.site, title)], "test", {})
    return db, summary


def queued_change(session, wiki, title: str):  # type: ignore[no-untyped-def]
    """The open findings in queue order, and the one changed fact among them on ``title``."""
    rows = list_findings(session, states=["open"], wiki=wiki.name)
    (row,) = [r for r in rows if r.article == title and r.change]
    return rows, row


def test_a_changed_year_under_a_kept_citation_is_queued_first(
    settings, wiki, wiki_users, test_wiki, unique_title, source_server, minilm
) -> None:
    title = unique_title("Council")
    first = wiki_users.editor.edit(title, page_text(CLAIM, source_server.base_url), "article")
    db, _ = patrol(settings, wiki, minilm, title)
    changed = CLAIM.replace("1994", "1996")
    second = wiki_users.editor.edit(title, page_text(changed, source_server.base_url), "a quiet change")
    db, summary = patrol(settings, wiki, minilm, title)
    assert summary.counts["changed_facts"] == 1
    with db.session() as session:
        rows, row = queued_change(session, wiki, title)
        assert rows[0].id == row.id, "a changed fact is first in the queue"
        assert row.claim == changed and row.reason == "changed fact: 1994 → 1996"
        editor = testwiki.credentials(test_wiki.state_dir)["editor"].username
        assert row.change["old"] == "1994" and row.change["new"] == "1996"
        assert row.change["editors"] == [editor]
        assert (row.change["old_rev"], row.change["new_rev"]) == (first.rev_id, second.rev_id)
        assert "since 1994" in row.change["sentence"]
        count = session.scalar(select(func.count(Finding.id)))

    _, again = patrol(settings, wiki, minilm, title)  # a re-run: nothing new
    assert again.counts["pages_unchanged"] == 1
    with db.session() as session:
        assert session.scalar(select(func.count(Finding.id))) == count

    revert = wiki_users.editor.edit(title, page_text(CLAIM, source_server.base_url), "back to the source")
    _, reverted = patrol(settings, wiki, minilm, title)
    assert reverted.counts["changed_facts"] == 0
    with db.session() as session:  # the sentence back on the page is verified again, as it now reads
        rows = list_findings(session, states=["open", "passed"], wiki=wiki.name)
        assert [r.claim for r in rows if r.article == title and "1994" in r.claim] == [CLAIM]
        assert not [r for r in rows if r.article == title and r.change]

    # the same change made again after the revert (an edit war): queued again, on the same finding
    third = wiki_users.editor.edit(title, page_text(changed, source_server.base_url), "again")
    _, redone = patrol(settings, wiki, minilm, title)
    assert redone.counts["changed_facts"] == 1
    with db.session() as session:
        rows, again = queued_change(session, wiki, title)
        assert again.id == row.id and rows[0].id == again.id
        assert (again.change["old_rev"], again.change["new_rev"]) == (revert.rev_id, third.rev_id)
        assert session.scalar(select(func.count(Finding.id))) == count
    db.dispose()


def test_a_change_made_again_after_a_reviewer_confirmed_it_is_queued_again(
    settings, wiki, wiki_users, unique_title, source_server, minilm
) -> None:
    """An edit war: a reviewer confirms the changed fact, the change is reverted, and the vandal makes it
    again. The finding is queued again, its decision on record, returned to open by the bot."""
    title = unique_title("Council war")
    wiki_users.editor.edit(title, page_text(CLAIM, source_server.base_url), "article")
    patrol(settings, wiki, minilm, title)
    changed = CLAIM.replace("1994", "1996")
    wiki_users.editor.edit(title, page_text(changed, source_server.base_url), "a quiet change")
    db, _ = patrol(settings, wiki, minilm, title)
    with db.session() as session:
        _, row = queued_change(session, wiki, title)
        reviews.decide(session, row.id, "Patroller", Decision.UNSUPPORTED)

    wiki_users.editor.edit(title, page_text(CLAIM, source_server.base_url), "revert vandalism")
    patrol(settings, wiki, minilm, title)
    again = wiki_users.editor.edit(title, page_text(changed, source_server.base_url), "again")
    _, redone = patrol(settings, wiki, minilm, title)
    assert redone.counts["changed_facts"] == 1
    with db.session() as session:
        _, queued = queued_change(session, wiki, title)
        assert queued.id == row.id and queued.change["new_rev"] == again.rev_id
        (decision,) = reviews.history(session, row.id)
        assert decision.decision == "unsupported" and decision.reopened_by.startswith("sidebot (")
    db.dispose()


def test_a_year_the_source_gives_for_something_else_is_queued_with_both_sentences(
    settings, wiki, wiki_users, unique_title, source_server, minilm
) -> None:
    """A vandal copies another year of the source: the article's 1926 is the year Seattle last elected a
    woman mayor. The source gives 1926, but not near the claim's words: the change is queued all the same,
    with where the source gives each year; the edit undone is not."""
    title = unique_title("Council copy")
    wiki_users.editor.edit(title, page_text(CLAIM, source_server.base_url), "article")
    patrol(settings, wiki, minilm, title)
    changed = CLAIM.replace("1994", "1926")
    wiki_users.editor.edit(title, page_text(changed, source_server.base_url), "a quiet change")
    db, summary = patrol(settings, wiki, minilm, title)
    assert summary.counts["changed_facts"] == 1
    with db.session() as session:
        _, row = queued_change(session, wiki, title)
        assert row.reason == "changed fact: 1994 → 1926"
        assert "since 1994, when there were seven" in row.change["sentence"]
        assert "Bertha Landes' election in 1926" in row.change["new_sentence"]
        marked = (("sentence", "value_at", "1994"), ("new_sentence", "new_value_at", "1926"))
        for sentence, at, value in marked:
            start, end = row.change[at]  # stored as JSON: where the card marks each value
            assert row.change[sentence][start:end] == value
    wiki_users.editor.edit(title, page_text(CLAIM, source_server.base_url), "back to the source")
    _, reverted = patrol(settings, wiki, minilm, title)
    assert reverted.counts["changed_facts"] == 0
    db.dispose()


def test_a_rewritten_sentence_is_an_ordinary_new_citation(
    settings, wiki, wiki_users, unique_title, source_server, minilm
) -> None:
    title = unique_title("Rewritten")
    wiki_users.editor.edit(title, page_text(CLAIM, source_server.base_url), "article")
    patrol(settings, wiki, minilm, title)
    rewritten = "Since 1996 no council has had as many women as the one elected in 2017."
    wiki_users.editor.edit(title, page_text(rewritten, source_server.base_url), "rewrite")
    db, summary = patrol(settings, wiki, minilm, title)
    assert summary.counts["changed_facts"] == 0
    with db.session() as session:
        rows = [r for r in list_findings(session, states=None, wiki=wiki.name) if r.article == title]
        assert not any(r.change for r in rows)
    db.dispose()
