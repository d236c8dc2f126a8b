"""Edits that touch citations, on real parts: an editor saves a page on the local MediaWiki, the patrol
checks it (real sources served over HTTP, the real MiniLM scorer), the editor then removes a ref, points a
ref at another page, swaps a name for one the cited page gives elsewhere, or takes a {{citation needed}} /
{{failed verification}} tag off; the next patrol queues each with its reason, old → new, the editor and the
revisions the diff link is built from, listed with changed facts before ordinary low support. A re-run
queues nothing twice; a claim removed with its ref, and a ref added beside another, are not removals.
"""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from sidebot.config import Settings
from sidebot.patrol.edits import LESS_BY
from sidebot.patrol.loop import Patrol
from sidebot.queue.db import Database
from sidebot.queue.models import Finding
from sidebot.queue.queries import list_findings
from sidebot.sandbox import testwiki
from sidebot.wiki.site import WikiUnavailableError
from tests.fixtures.sqlite_lock import LockProbe, on_sqlite_file

pytestmark = pytest.mark.integration

# The Seattle Times article served at /article.html states each of these; /blanda.txt is about a power
# station in Iceland.
SINCE = "The Seattle City Council will have the most women on the council since 1994."
MAYOR = "Durkan will be Seattle's first female mayor since Bertha Landes' election in 1926."
VOTE = "In the Council Position 8 race, Mosqueda got 62 percent in Tuesday's count."
ENDORSED = "Grant was endorsed by Councilmember Kshama Sawant."


def ref(url: str) -> str:
    return f"<ref>{{{{cite web |url={url} |title=Council seats}}}}</ref>"


def page(*sentences: str) -> str:
    return "Intro.\n\n== Elections ==\n" + " ".join(sentences) + "\n\n== References ==\n{{Reflist}}\n"


def patrol(settings: Settings, wiki, minilm, title: str):  # type: ignore[no-untyped-def]
    from sidebot.wiki.pages import single_page

    db = Database(settings.database_url)
    summary = Patrol(settings, db, wiki, minilm).run([single_page(wiki.site, title)], "test", {})
    return db, summary


def open_rows(session, wiki, title: str):  # type: ignore[no-untyped-def]
    """The open findings in queue order, and those of ``title``."""
    rows = list_findings(session, states=["open"], wiki=wiki.name, limit=10_000)
    return rows, [r for r in rows if r.article == title]


def editor_name(test_wiki) -> str:  # type: ignore[no-untyped-def]
    return testwiki.credentials(test_wiki.state_dir)["editor"].username


def test_a_ref_taken_out_of_a_claim_that_stays_is_queued_once(
    settings, wiki, wiki_users, test_wiki, unique_title, source_server, minilm
) -> None:
    """Three claims cite the article. The edit takes the ref off the first (the claim stays), removes the
    second with its ref, and adds a second ref beside the third: only the first is queued, as "citation
    removed", first in the queue, with the ref, what the bot had found, the editor and the revisions."""
    article, blanda = source_server.url("/article.html"), source_server.url("/blanda.txt")
    title = unique_title("Removed")
    first = wiki_users.editor.edit(
        title, page(SINCE + ref(article), MAYOR + ref(article), VOTE + ref(article)), "article"
    )
    db, _ = patrol(settings, wiki, minilm, title)
    second = wiki_users.editor.edit(
        title, page(SINCE, VOTE + ref(article) + ref(blanda)), "refs and a claim out"
    )
    db, summary = patrol(settings, wiki, minilm, title)
    assert summary.counts["edits_citation_removed"] == 1
    with db.session() as session:
        rows, mine = open_rows(session, wiki, title)
        (row,) = [r for r in mine if r.change]
        assert row.claim == SINCE and row.reason == f"citation removed: {article}"
        assert rows.index(row) < min(
            (i for i, r in enumerate(rows) if (r.reason or "").startswith("low support")), default=len(rows)
        ), "listed with changed facts, before ordinary low support"
        change = row.change
        assert change["edit"] == "citation removed" and change["old"] == article
        assert change["editors"] == [editor_name(test_wiki)]
        assert (change["old_rev"], change["new_rev"]) == (first.rev_id, second.rev_id)
        assert change["previous"]["state"] in ("passed", "open")
        assert change["previous"]["probability"] is not None
        assert row.score is not None and row.best_passage  # what the bot had found stays on the finding
        assert not [r for r in mine if r.claim == MAYOR], "a claim removed with its ref is no removal"
        assert not [r for r in mine if (r.reason or "").startswith("citation removed") and r.claim == VOTE]
        count = session.scalar(select(func.count(Finding.id)))

    wiki_users.editor.edit(
        title, page("Another sentence.", SINCE, VOTE + ref(article) + ref(blanda)), "unrelated edit"
    )
    _, again = patrol(settings, wiki, minilm, title)  # the page changed elsewhere: nothing queued twice
    assert not again.counts.get("edits_citation_removed")
    with db.session() as session:
        _, mine = open_rows(session, wiki, title)
        assert [r.id for r in mine if r.change] == [row.id]
        assert session.scalar(select(func.count(Finding.id))) == count

    wiki_users.editor.edit(title, page(SINCE + ref(blanda), VOTE + ref(article)), "cited again")
    patrol(settings, wiki, minilm, title)  # the claim cited again: the removal is fixed
    with db.session() as session:
        assert session.get(Finding, row.id).state == "fixed"
    db.dispose()


def test_a_ref_pointed_at_a_page_that_backs_less_is_a_source_replaced(
    settings, wiki, wiki_users, test_wiki, unique_title, source_server, minilm
) -> None:
    """The edit points one ref at the Blanda Power Station page and another at the same article under
    another address: the first is queued as "source replaced" with both verdicts; the second is not."""
    article, blanda = source_server.url("/article.html"), source_server.url("/blanda.txt")
    same = source_server.url("/no-type.html")  # the same article, served without a Content-Type
    title = unique_title("Replaced")
    first = wiki_users.editor.edit(title, page(SINCE + ref(article), MAYOR + ref(article)), "article")
    db, _ = patrol(settings, wiki, minilm, title)
    second = wiki_users.editor.edit(title, page(SINCE + ref(blanda), MAYOR + ref(same)), "other sources")
    db, summary = patrol(settings, wiki, minilm, title)
    assert summary.counts["edits_source_replaced"] == 1
    with db.session() as session:
        _, mine = open_rows(session, wiki, title)
        (row,) = [r for r in mine if r.change]
        assert row.claim == SINCE and row.url == blanda
        assert row.reason == f"source replaced: {article} → {blanda}"
        change = row.change
        assert (change["old"], change["new"]) == (article, blanda)
        assert change["editors"] == [editor_name(test_wiki)]
        assert (change["old_rev"], change["new_rev"]) == (first.rev_id, second.rev_id)
        before, after = change["previous"], change["after"]
        assert after["probability"] <= before["probability"] - LESS_BY  # MiniLM: no fact check
        assert not [r for r in mine if r.claim == MAYOR and r.change]
        count = session.scalar(select(func.count(Finding.id)))
    _, again = patrol(settings, wiki, minilm, title)
    assert again.counts["pages_unchanged"] == 1
    with db.session() as session:
        assert session.scalar(select(func.count(Finding.id))) == count
    db.dispose()


def test_a_name_the_source_gives_elsewhere_is_a_changed_fact(
    settings, wiki, wiki_users, test_wiki, unique_title, source_server, minilm
) -> None:
    """Kshama Sawant endorsed Grant; Pramila Jayapal, in the next sentence of the article, supports
    Mosqueda. Swapping the names is queued as a changed fact; the fact check alone reads both as near the
    claim's words (sidebot.verify.facts.settled_by_source without names_around settles nothing)."""
    from sidebot.sources.passages import split_passages
    from sidebot.verify.facts import settled_by_source

    article = source_server.url("/article.html")
    title = unique_title("Name")
    wiki_users.editor.edit(title, page(ENDORSED + ref(article)), "article")
    db, _ = patrol(settings, wiki, minilm, title)
    swapped = ENDORSED.replace("Kshama Sawant", "Pramila Jayapal")
    second = wiki_users.editor.edit(title, page(swapped + ref(article)), "a quiet change")
    db, summary = patrol(settings, wiki, minilm, title)
    assert summary.counts["changed_facts"] == 1
    with db.session() as session:
        _, mine = open_rows(session, wiki, title)
        (row,) = [r for r in mine if r.change]
        assert row.claim == swapped and row.reason.startswith("changed fact: ")
        assert "Kshama Sawant" in row.change["old"] and "Pramila Jayapal" in row.change["new"]
        assert row.change["editors"] == [editor_name(test_wiki)] and row.change["new_rev"] == second.rev_id
        assert "Kshama Sawant" in row.change["sentence"] and "Jayapal" in row.change["new_sentence"]
        text = session.get(Finding, row.id).source.text
    passages = split_passages(text, "")
    assert settled_by_source(ENDORSED, swapped, passages, title) is None
    assert settled_by_source(swapped, ENDORSED, passages, title, names_around=True) is None, "a correction"
    db.dispose()


def test_a_tag_taken_off_with_nothing_else_changed_is_queued(
    settings, wiki, wiki_users, test_wiki, unique_title, source_server, minilm
) -> None:
    """{{citation needed}} taken off a claim left as it was, and {{failed verification}} taken off a ref
    to the power station page (which the bot finds failing too): both queued as "tag removed"; a tag
    taken off because a source was added is not."""
    blanda, article = source_server.url("/blanda.txt"), source_server.url("/article.html")
    title = unique_title("Untagged")
    reads = settings.model_copy(
        update={"patrol": settings.patrol.model_copy(update={"needs_source_without_suggestion": True})}
    )
    cn, fv = "{{citation needed|date=May 2020}}", "{{failed verification|date=May 2020}}"
    first = wiki_users.editor.edit(title, page(SINCE + cn, MAYOR + cn, VOTE + ref(blanda) + fv), "article")
    db, _ = patrol(reads, wiki, minilm, title)
    second = wiki_users.editor.edit(title, page(SINCE, MAYOR + ref(article), VOTE + ref(blanda)), "tags off")
    db, summary = patrol(reads, wiki, minilm, title)
    assert summary.counts["edits_tag_removed"] == 2
    with db.session() as session:
        _, mine = open_rows(session, wiki, title)
        queued = {r.claim: r for r in mine if r.change}
        assert set(queued) == {SINCE, VOTE}
        assert queued[SINCE].reason == "tag removed: {{citation needed}}"
        assert queued[VOTE].reason == "tag removed: {{failed verification}}"
        for row in queued.values():
            assert row.change["editors"] == [editor_name(test_wiki)]
            assert (row.change["old_rev"], row.change["new_rev"]) == (first.rev_id, second.rev_id)
        count = session.scalar(select(func.count(Finding.id)))
    _, again = patrol(reads, wiki, minilm, title)
    assert again.counts["pages_unchanged"] == 1
    with db.session() as session:
        assert session.scalar(select(func.count(Finding.id))) == count
    db.dispose()


def test_who_made_the_edit_is_read_while_the_queue_is_free(
    test_wiki_settings, source_fetch_settings, wiki, wiki_users, test_wiki, unique_title, source_server,
    minilm, tmp_path,
) -> None:  # fmt: skip
    """The page history is an API call, late while the wiki is in maxlag: on SQLite the patrol must not hold
    the queue's write lock through it (a reviewer's decision would wait). One edit takes a ref out of a claim
    that stays and points another at a page that backs less: both findings name the editor, and every
    history call found the lock free."""
    queue = tmp_path / "queue.db"
    settings = on_sqlite_file(test_wiki_settings, source_fetch_settings, queue)
    article, blanda = source_server.url("/article.html"), source_server.url("/blanda.txt")
    title = unique_title("History")
    wiki_users.editor.edit(title, page(SINCE + ref(article), VOTE + ref(article)), "article")
    patrol(settings, wiki, minilm, title)[0].dispose()
    wiki_users.editor.edit(title, page(SINCE, VOTE + ref(blanda)), "a ref out, another pointed elsewhere")
    probe = LockProbe(wiki, queue, "editors_between", "url_added", "revision_text")
    db, summary = patrol(settings, probe, minilm, title)
    assert (summary.counts["edits_citation_removed"], summary.counts["edits_source_replaced"]) == (1, 1)
    assert ("editors_between", False) in probe.locked
    assert [held for _, held in probe.locked] == [False] * len(probe.locked), probe.locked
    with db.session() as session:
        _, mine = open_rows(session, wiki, title)
        assert sorted(r.change["edit"] for r in mine if r.change) == ["citation removed", "source replaced"]
        assert all(r.change["editors"] == [editor_name(test_wiki)] for r in mine if r.change)
    db.dispose()


class HistoryGone:
    """The real wiki reader, whose page history stops answering: the wiki gone, past the outage wait."""

    def __init__(self, wiki: object) -> None:
        self._wiki = wiki

    def __getattr__(self, name: str) -> object:
        return getattr(self._wiki, name)

    def editors_between(self, page_id: int, old_rev: int, new_rev: int) -> list[str]:
        raise WikiUnavailableError("the wiki stopped answering at the page history")


def test_a_patrol_stopped_at_the_history_names_the_editor_when_it_resumes(
    settings, wiki, wiki_users, test_wiki, unique_title, source_server, minilm
) -> None:
    """Who made a removal is read after the page's transaction. A wiki that goes at that read stops the run
    with the removal queued and its editor unread; the next patrol queues nothing twice and names the
    editor."""
    article = source_server.url("/article.html")
    title = unique_title("Resumed")
    wiki_users.editor.edit(title, page(SINCE + ref(article), VOTE + ref(article)), "article")
    patrol(settings, wiki, minilm, title)[0].dispose()
    wiki_users.editor.edit(title, page(SINCE, VOTE + ref(article)), "a ref out")
    no_wait = settings.model_copy(update={"patrol": settings.patrol.model_copy(update={"outage_wait": 0.0})})
    with pytest.raises(WikiUnavailableError):
        patrol(no_wait, HistoryGone(wiki), minilm, title)
    db, summary = patrol(settings, wiki, minilm, title)
    assert summary.counts["edits_citation_removed"] == 0  # queued once, by the stopped patrol
    with db.session() as session:
        _, mine = open_rows(session, wiki, title)
        (row,) = [r for r in mine if r.change]
        assert (row.reason, row.change["editors"]) == (
            f"citation removed: {article}",
            [editor_name(test_wiki)],
        )
    db.dispose()
