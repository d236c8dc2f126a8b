"""The on-wiki outputs against the real local MediaWiki through Pywikibot: the review list and count page,
talk notices (once, also after a crash; never where {{nobots}} or an opt-out says no; a protected talk page
recorded as an error), the stop page, dry runs, exclusion lists, and hostile text rendered inert.

Findings come from real patrols (real wikitext, real sources over HTTP on 127.0.0.1, the real MiniLM
scorer); citations tagged {{failed verification}} are queued as open whatever their score.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from sqlalchemy import select
from typer.testing import CliRunner

from sidebot.cli.app import app
from sidebot.config import OnwikiSettings, Settings
from sidebot.onwiki.outputs import update_onwiki
from sidebot.onwiki.review_list import parse_rows, review_rows
from sidebot.onwiki.writer import SaveStatus, WikiWriter
from sidebot.patrol.loop import Patrol
from sidebot.queue.db import Database
from sidebot.queue.models import Finding, NoticeStatus, Run, TalkNotice
from sidebot.queue.onwiki_records import open_findings
from sidebot.verify.biencoder import BiEncoderScorer
from sidebot.wikitext import link_target, read_link_target
from tests.fixtures.flaky_wiki import flaky_proxy

pytestmark = pytest.mark.integration

DOC_PAGE = "User:SidebotBot"
INJECTION = (
    "{{subst:Evil}} }} [[Category:Hacked]] [[Main Page|x]] [http://evil.example/x click] "
    "http://evil.example/y ~~~~ <script>alert(1)</script> __NOTOC__ &lt;/nowiki&gt; </nowiki> {| || |} "
    "ISBN 978-3-16-148410-0"
)


@pytest.fixture(scope="module")
def scorer() -> BiEncoderScorer:
    return BiEncoderScorer()


@dataclass
class Env:
    """One test's bot: its own settings (own list, count and stop pages), database and helpers."""

    settings: Settings
    db: Database
    wiki: object  # PywikibotWiki
    scorer: BiEncoderScorer
    users: object  # tests.fixtures.wiki.WikiUsers
    source_url: str
    shown: list[str]

    @property
    def onwiki(self) -> OnwikiSettings:
        return self.settings.onwiki

    def article(self, title: str, claims: list[str], tagged: bool = True, url: str | None = None) -> None:
        """An article (saved by the ordinary editor) citing the source once per claim."""
        tag = "{{Failed verification|date=May 2024}}" if tagged else ""
        cite = "<ref>{{{{cite web |url={}?n={} |title=Council results}}}}</ref>"
        body = "\n\n".join(
            claim + cite.format(url or self.source_url, i) + tag for i, claim in enumerate(claims)
        )
        self.users.editor.edit(
            title, f"Intro.\n\n== History ==\n{body}\n\n== References ==\n{{{{Reflist}}}}\n"
        )

    def patrol(self, titles: list[str]) -> None:
        from sidebot.wiki.pages import single_page

        refs = [single_page(self.wiki.site, t) for t in titles]
        summary = Patrol(self.settings, self.db, self.wiki, self.scorer).run(refs, "test", {})
        assert summary.status == "ok" and not summary.errors, summary.errors

    def update(self, **kwargs):
        return update_onwiki(self.settings, self.db, self.wiki, show=self.shown.append, **kwargs)

    def text(self, title: str) -> str | None:
        return WikiWriter(self.wiki.site, self.onwiki, simulate=True, show=print).read(title).text

    def notices(self) -> list[TalkNotice]:
        with self.db.session() as session:
            return list(session.scalars(select(TalkNotice).order_by(TalkNotice.id)))

    def finding_states(self) -> dict[int, str]:
        with self.db.session() as session:
            return dict(session.execute(select(Finding.id, Finding.state)).all())


@pytest.fixture
def make_env(
    test_wiki_settings, wiki, scorer, wiki_users, unique_title, source_server, source_fetch_settings, tmp_path
) -> Callable[..., Env]:
    envs = []

    def make(database_url: str | None = None, **onwiki: object) -> Env:
        base = f"{DOC_PAGE}/{unique_title('Run')}"
        sections: dict[str, dict] = {
            "review_list": {
                "enabled": True,
                "title": f"{base}/List",
                "count_title": f"{base}/Count",
                "bands": ["very likely fails", "may fail"],  # every queued finding (default: the first band)
            },
            "notices": {"enabled": True, "max_per_run": 10, "max_per_day": 50},
            "exclusions": {"sources_page": f"{base}/Ignored sources", "pages_page": f"{base}/Ignored pages"},
        }
        for name, values in onwiki.items():
            sections[name] = sections[name] | values
        onwiki_settings = OnwikiSettings(doc_page=DOC_PAGE, stop_page=f"{base}/Stop", **sections)
        url = database_url or f"sqlite:///{tmp_path / f'queue{len(envs)}.db'}"
        settings = test_wiki_settings.model_copy(
            update={
                "database": test_wiki_settings.database.model_copy(update={"url": url}),
                "fetch": source_fetch_settings,
                "onwiki": onwiki_settings,
            }
        )
        env = Env(settings, Database(url), wiki, scorer, wiki_users, source_server.url("/article.html"), [])
        outcome = WikiWriter(wiki.site, onwiki_settings, simulate=False, show=print).resume("test set-up")
        assert outcome.status == SaveStatus.SAVED
        envs.append(env)
        return env

    yield make
    for env in envs:
        env.db.dispose()


def _parse(site, title: str) -> dict:
    return site.simple_request(
        action="parse", page=title, prop="text|categories|templates|links|externallinks", formatversion=2
    ).submit()["parse"]


def _revisions(site, title: str) -> list[dict]:
    answer = site.simple_request(
        action="query", prop="revisions", titles=title, rvprop="ids|user|comment", rvlimit=50, formatversion=2
    ).submit()
    return answer["query"]["pages"][0].get("revisions", [])


def _sections_with(text: str | None, marker_prefix: str = "<!-- sidebot notice ") -> int:
    return (text or "").count(marker_prefix)


# ---- review list ------------------------------------------------------------------------------------------


def test_review_list_is_written_parsed_back_and_saved_only_when_changed(make_env, unique_title) -> None:
    env = make_env(review_list={"enabled": True, "rows_per_page": 2, "max_pages": 5})
    cfg = env.onwiki.review_list
    titles = [unique_title("Listed") for _ in range(2)]
    env.article(titles[0], ["The council approved the budget.", "The vote was unanimous."])
    env.article(titles[1], ["Turnout was the highest in a decade."])
    env.patrol(titles)

    summary = env.update(parts=["review-list"])
    assert summary.status == "ok", summary.errors
    assert summary.counts["pages_saved"] == 3  # list pages 1 and 2, count page
    with env.db.session() as session:  # the pace Pywikibot kept (the test wiki's user-config.py)
        options = session.get(Run, summary.run_id).options
    assert options["write_maxlag"] == 5 and options["put_throttle"] == 0 and options["simulate"] is False
    with env.db.session() as session:
        expected = review_rows(open_findings(session, env.wiki.name), cfg)
    assert len(expected) == 3
    page1, page2 = env.text(cfg.title), env.text(f"{cfg.title}/2")
    assert parse_rows(page1) + parse_rows(page2) == expected
    assert env.text(cfg.count_title).startswith("3<noinclude>")
    (latest,) = _revisions(env.wiki.site, cfg.title)
    assert latest["user"] == "SidebotBot" and f"[[{DOC_PAGE}|sidebot]]" in latest["comment"]

    again = env.update(parts=["review-list"])
    assert again.counts["pages_unchanged"] == 3 and again.counts["pages_saved"] == 0
    assert len(_revisions(env.wiki.site, cfg.title)) == 1, "an unchanged list was saved again"

    # the claims are gone with their refs: those findings are stale (a tag taken off alone, which the bot
    # finds failing too, is queued as "tag removed": sidebot.patrol.edits)
    env.article(titles[0], [], tagged=False)
    env.patrol([titles[0]])
    shrunk = env.update(parts=["review-list"])
    assert shrunk.status == "ok"
    assert [r.article for r in parse_rows(env.text(cfg.title))] == [titles[1]]
    assert parse_rows(env.text(f"{cfg.title}/2")) == [] and "not in use" in env.text(f"{cfg.title}/2")
    assert env.text(cfg.count_title).startswith("1<noinclude>")


def test_injected_claim_is_inert_on_the_list_and_the_talk_page(make_env, unique_title) -> None:
    env = make_env(review_list={"claim_chars": 1000}, notices={"claim_chars": 1000})
    title = unique_title("Injected")
    env.article(title, [f"The mayor said <nowiki>{INJECTION}</nowiki> and left."])
    env.patrol([title])
    with env.db.session() as session:
        (finding,) = open_findings(session, env.wiki.name)
    # hostile, as extracted (bare braces and [[ ]] are taken out of claims as markup residue)
    claim = finding.row.claim
    assert all(
        part in claim for part in ("subst:Evil", "<script>", "~~~~", "__NOTOC__", "[http://evil.example/x")
    )

    summary = env.update()
    assert summary.status == "ok", summary.errors
    assert summary.counts["notices_posted"] == 1
    site = env.wiki.site
    talk = f"Talk:{title}"
    for page in (env.onwiki.review_list.title, talk):
        parsed = _parse(site, page)
        assert parsed["categories"] == [], f"{page}: categorised by injected text"
        assert parsed["templates"] == [], f"{page}: a template was transcluded"
        assert not [link for link in parsed["externallinks"] if "evil.example" in link]
        linked = {link["title"] for link in parsed["links"]}
        assert "Main Page" not in linked and "Category:Hacked" not in linked
        html = parsed["text"]
        assert "<script" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
        assert "subst:Evil" in html and "Category:Hacked" in html and "__NOTOC__" in html
    saved = env.text(talk)
    assert saved.count("~~~~") == 1, "the claim's ~~~~ was expanded, or ours was not"
    assert "[[User:SidebotBot|SidebotBot]]" in saved  # our own signature


# ---- talk notices -----------------------------------------------------------------------------------------


class CrashingWriter(WikiWriter):
    """The real writer, killed (KeyboardInterrupt) right before or right after its first new section."""

    def __init__(self, *args, crash: str, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.crash = crash

    def add_section(self, *args, **kwargs):
        if self.crash == "before":
            raise KeyboardInterrupt("killed before the edit")
        super().add_section(*args, **kwargs)
        raise KeyboardInterrupt("killed after the edit, before its answer was recorded")


@pytest.mark.parametrize("crash", ["after", "before"])
def test_notice_is_posted_once_also_after_a_crash_and_rerun(
    make_env, unique_title, database_url, crash
) -> None:
    env = make_env(database_url, review_list={"enabled": False})
    title = unique_title("Noticed")
    env.article(title, ["The council approved the budget.", "The vote was unanimous."])
    env.patrol([title])
    talk = f"Talk:{title}"

    writer = CrashingWriter(env.wiki.site, env.onwiki, simulate=False, show=print, crash=crash)
    with pytest.raises(KeyboardInterrupt):
        env.update(writer=writer)
    (pending,) = env.notices()
    assert pending.status == NoticeStatus.PENDING  # the intent was recorded before the edit
    assert _sections_with(env.text(talk)) == (1 if crash == "after" else 0)

    rerun = env.update()
    assert rerun.status == "ok", rerun.errors
    (notice,) = env.notices()
    assert notice.status == NoticeStatus.POSTED and notice.rev_id
    assert rerun.counts["notices_reconciled" if crash == "after" else "notices_reposted"] == 1
    text = env.text(talk)
    assert _sections_with(text) == 1 and notice.marker in text
    assert text.count("== Citations that may not support the article text ==") == 1

    third = env.update()
    assert third.counts["notices_posted"] == 0 and _sections_with(env.text(talk)) == 1
    assert set(env.finding_states().values()) == {"open"}  # notices never close findings

    env.article(title, ["The council approved the budget.", "The vote was unanimous.", "A new claim."])
    env.patrol([title])  # a new open finding on the same article: it waits for the next period
    assert env.update().counts["notices_posted"] == 0 and _sections_with(env.text(talk)) == 1


@pytest.mark.parametrize("lost", [1, 3])
def test_a_notice_whose_answer_is_lost_is_read_back_never_saved_again(
    make_env, unique_title, test_wiki, test_wiki_settings, monkeypatch, lost
) -> None:
    """The wiki saves the new section but a proxy in front of it answers 503 (``lost`` times in a row):
    Pywikibot alone would send the same section again (three sections on the talk page); the writer reads
    the page's history for the notice's marker instead, finds it and records the notice as posted."""
    import pywikibot

    from sidebot.wiki.site import connect

    env = make_env(review_list={"enabled": False})
    title = unique_title("Lost answer")
    env.article(title, ["The council approved the budget."])
    env.patrol([title])
    with flaky_proxy(test_wiki.api_url.removesuffix("/api.php")) as proxy:
        family = f"lost{proxy.server_address[1]}"
        monkeypatch.setitem(pywikibot.config.family_files, family, proxy.api_url)
        monkeypatch.setitem(pywikibot.config.usernames, family, {"*": env.wiki.site.username()})
        wiki = test_wiki_settings.wiki.model_copy(update={"family": family, "code": family})
        through_proxy = connect(test_wiki_settings.model_copy(update={"wiki": wiki}))
        proxy.lose_edit_answers(lost)
        run = env.update(writer=WikiWriter(through_proxy, env.onwiki, simulate=False, show=print))
    assert proxy.edits_passed == 1  # the section was sent once
    assert run.status == "ok", run.errors
    assert run.counts["notices_posted"] == 1
    (notice,) = env.notices()
    assert notice.status == NoticeStatus.POSTED and notice.rev_id
    text = env.text(f"Talk:{title}")
    assert _sections_with(text) == 1 and notice.marker in text
    assert env.update().counts["notices_posted"] == 0  # and the next run has nothing to reconcile
    assert _sections_with(env.text(f"Talk:{title}")) == 1


def test_a_notice_sent_once_leaves_other_threads_their_retries(wiki_site) -> None:
    """The scheduler runs patrols in other threads while the on-wiki job saves a notice: only the saving
    thread's requests go without Pywikibot's retries."""
    import threading

    import pywikibot

    from sidebot.onwiki.writer import _single_request

    def retries() -> int:  # the limit a request's wait() applies (WaitingMixin.wait), read now
        request = wiki_site.simple_request(action="query", meta="siteinfo")
        return getattr(request, "max_retries", pywikibot.config.max_retries)

    configured = pywikibot.config.max_retries
    beside: list[int] = []
    with _single_request(wiki_site):
        mine = retries()
        other = threading.Thread(target=lambda: beside.append(retries()))
        other.start()
        other.join()
    assert configured > 0 and mine == 0
    assert beside == [configured] and retries() == configured


def test_a_notice_left_pending_is_dropped_when_its_findings_closed_meanwhile(make_env, unique_title) -> None:
    env = make_env(review_list={"enabled": False})
    title = unique_title("Closed meanwhile")
    env.article(title, ["The council approved the budget."])
    env.patrol([title])
    writer = CrashingWriter(env.wiki.site, env.onwiki, simulate=False, show=print, crash="before")
    with pytest.raises(KeyboardInterrupt):
        env.update(writer=writer)
    env.article(title, [], tagged=False)
    env.patrol([title])  # the claim is gone with its ref: the finding is stale before the rerun

    rerun = env.update()
    assert rerun.status == "ok" and rerun.counts["notices_posted"] == 0
    (notice,) = env.notices()
    assert notice.status == NoticeStatus.RETRY and "closed" in notice.error
    assert env.text(f"Talk:{title}") is None


def test_nobots_and_optout_talk_pages_get_no_notice(make_env, unique_title, wiki_users) -> None:
    env = make_env(review_list={"enabled": False})
    pages = {
        "nobots": "{{nobots}}",
        "optout": "{{bots|optout=sidebot}}",
        "other": "{{bots|optout=otherbot}}",
        "deny": "{{bots|deny=SidebotBot}}",
    }
    titles = {}
    for key, talk_text in pages.items():
        titles[key] = unique_title(key.capitalize())
        env.article(titles[key], ["The council approved the budget."])
        wiki_users.editor.edit(f"Talk:{titles[key]}", f"Earlier discussion.\n{talk_text}\n")
    env.patrol(list(titles.values()))

    summary = env.update()
    assert summary.status == "ok" and summary.errors == []  # declining is no error
    assert summary.counts["notices_posted"] == 1 and summary.counts["notices_refused"] == 3
    for key, title in titles.items():
        assert _sections_with(env.text(f"Talk:{title}")) == (1 if key == "other" else 0), key
    refused = [n for n in env.notices() if n.status == NoticeStatus.REFUSED]
    assert sorted(n.error for n in refused) == [
        "the page has {{bots|deny=SidebotBot}}",
        "the page has {{bots|optout=sidebot}}",
        "the page has {{nobots}}",
    ]
    assert set(env.finding_states().values()) == {"open"}
    assert env.update().counts["notices_refused"] == 0  # not asked again this period


def test_editing_the_stop_page_stops_every_write(make_env, unique_title, wiki_users) -> None:
    env = make_env()
    first = unique_title("Before stop")
    env.article(first, ["The council approved the budget."])
    env.patrol([first])
    assert env.update().status == "ok"
    list_revisions = len(_revisions(env.wiki.site, env.onwiki.review_list.title))

    wiki_users.editor.edit(env.onwiki.stop_page, "Please stop, the bot is posting nonsense. ~~~~")
    second = unique_title("After stop")
    env.article(second, ["The vote was unanimous."])
    env.patrol([second])
    stopped = env.update()
    assert stopped.status == "failed"
    assert any("writes stopped" in e["error"] and "Example Editor" in e["error"] for e in stopped.errors)
    assert len(_revisions(env.wiki.site, env.onwiki.review_list.title)) == list_revisions
    assert env.text(f"Talk:{second}") is None
    assert [n.status for n in env.notices()] == [NoticeStatus.POSTED]  # no intent left behind

    assert (
        WikiWriter(env.wiki.site, env.onwiki, simulate=False, show=print).resume("checked").status == "saved"
    )
    resumed = env.update()
    assert resumed.status == "ok" and resumed.counts["notices_posted"] == 1
    assert _sections_with(env.text(f"Talk:{second}")) == 1


def test_protected_talk_page_is_an_error_and_the_finding_is_kept(make_env, unique_title, wiki_users) -> None:
    env = make_env(review_list={"enabled": False})
    title = unique_title("Protected")
    env.article(title, ["The council approved the budget."])
    wiki_users.editor.edit(f"Talk:{title}", "A quiet talk page.")
    wiki_users.admin.protect(f"Talk:{title}", "sysop", "test: the bot may not edit")
    env.patrol([title])

    summary = env.update()
    assert summary.status == "partial"  # one refused edit: the other writes went on, `runs --check` alerts
    (error,) = summary.errors
    assert error["page"] == f"Talk:{title}" and "protected" in error["error"]
    (notice,) = env.notices()
    assert notice.status == NoticeStatus.FAILED and "protected" in notice.error
    assert set(env.finding_states().values()) == {"open"}
    assert env.text(f"Talk:{title}") == "A quiet talk page."
    again = env.update()
    assert again.errors == [] and again.status == "ok"  # not retried every run


def test_simulate_shows_the_exact_wikitext_and_saves_nothing(make_env, unique_title) -> None:
    env = make_env()
    title = unique_title("Simulated")
    env.article(title, ["The council approved the budget."])
    env.patrol([title])

    dry = env.update(simulate=True)
    assert dry.status == "ok" and dry.counts["pages_simulated"] == 2 and dry.counts["notices_simulated"] == 1
    assert env.text(env.onwiki.review_list.title) is None and env.text(f"Talk:{title}") is None
    assert env.notices() == []
    shown_list = next(s for s in env.shown if f"would save [[{env.onwiki.review_list.title}]]" in s)
    assert any(f"would add a section to [[Talk:{title}]]" in s for s in env.shown)

    assert env.update().counts["pages_saved"] == 2
    shown_text = shown_list.split("\n", 1)[1].rsplit("\n--- end of", 1)[0]
    assert shown_text.rstrip("\n") == env.text(env.onwiki.review_list.title)


def test_exclusion_lists_are_read_again_every_run(make_env, unique_title, wiki_users, source_server) -> None:
    env = make_env(notices={"enabled": False})
    kept, ignored_page, ignored_source = (unique_title(n) for n in ("Kept", "Ignored page", "Ignored source"))
    env.article(kept, ["The council approved the budget."])
    env.article(ignored_page, ["The vote was unanimous."])
    env.article(ignored_source, ["Turnout was high."], url=source_server.url("/blanda.txt"))
    env.patrol([kept, ignored_page, ignored_source])
    cfg = env.onwiki
    listed = lambda: sorted(r.article for r in parse_rows(env.text(cfg.review_list.title)))  # noqa: E731

    assert env.update().status == "ok" and listed() == sorted([kept, ignored_page, ignored_source])
    wiki_users.editor.edit(cfg.exclusions.pages_page, f"* [[{ignored_page}]] discussed, fine\n")
    wiki_users.editor.edit(cfg.exclusions.sources_page, "* 127.0.0.1/blanda.*  a test source\n* *\n")
    summary = env.update()
    assert listed() == [kept] and summary.counts["findings_excluded"] == 2
    assert any("ignored" in e["error"] and "'*'" in e["error"] for e in summary.errors)
    assert env.text(cfg.review_list.count_title).startswith("1<noinclude>")

    from sidebot.onwiki.exclusions import load_exclusions
    from sidebot.wiki.pages import single_page

    another = unique_title("Ignored page")  # the patrol skips what the lists exclude, before any work
    env.article(another, ["Turnout was high."], url=source_server.url("/blanda.txt?again"))
    wiki_users.editor.edit(cfg.exclusions.pages_page, f"* [[{ignored_page}]]\n* [[{another}]]\n")
    lists = load_exclusions(env.wiki.site, cfg.exclusions)
    patrol = Patrol(env.settings, env.db, env.wiki, env.scorer, exclusions=lists)
    mixed = unique_title("Excluded source")
    env.article(mixed, ["Turnout was high."], url=source_server.url("/blanda.txt?mixed"))
    skipped = patrol.run([single_page(env.wiki.site, t) for t in (another, mixed)], "test", {})
    assert skipped.counts["pages_excluded"] == 1 and skipped.counts["pages_checked"] == 1
    assert skipped.counts["citations_excluded"] == 1 and skipped.counts["citations_scored"] == 0

    wiki_users.editor.edit(cfg.exclusions.pages_page, "Nothing ignored now.\n")
    env.update()
    assert listed() == sorted([kept, ignored_page])


def test_notices_keep_to_the_rate_limits(make_env, unique_title) -> None:
    env = make_env(review_list={"enabled": False}, notices={"max_per_run": 1, "max_per_day": 2})
    titles = [unique_title("Rate") for _ in range(3)]
    for title in titles:
        env.article(title, ["The council approved the budget."])
    env.patrol(titles)

    first = env.update()
    assert first.counts["notices_posted"] == 1 and first.counts["notices_waiting"] == 2
    second = env.update()
    assert second.counts["notices_posted"] == 1 and second.counts["notices_waiting"] == 1
    third = env.update()  # two in the last 24 hours: the daily limit holds the third article back
    assert third.counts["notices_posted"] == 0 and third.counts["notices_waiting"] == 1
    assert sum(_sections_with(env.text(f"Talk:{t}")) for t in titles) == 2


_UPDATE_IN_A_CHILD = """
import sys
from sidebot.config import Settings
from sidebot.onwiki.outputs import update_onwiki
from sidebot.queue.db import Database
from sidebot.wiki.reader import PywikibotWiki

settings = Settings.model_validate_json(sys.stdin.read())
update_onwiki(settings, Database(settings.database_url), PywikibotWiki.connect(settings), show=print)
"""


@pytest.mark.hostile
def test_kill_9_during_a_real_notice_save_then_rerun_posts_it_once(
    make_env, unique_title, database_url
) -> None:
    """`sidebot onwiki update` in its own process, SIGKILLed as soon as its pending notice is on record (the
    save to the wiki is then in flight); the rerun reconciles from the talk page's history."""
    env = make_env(database_url, review_list={"enabled": False})
    title = unique_title("Killed")
    env.article(title, ["The council approved the budget.", "The vote was unanimous."])
    env.patrol([title])
    child = subprocess.Popen(
        [sys.executable, "-c", _UPDATE_IN_A_CHILD],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    child.stdin.write(env.settings.model_dump_json())
    child.stdin.close()
    deadline = time.monotonic() + 120
    while not env.notices() and child.poll() is None and time.monotonic() < deadline:
        time.sleep(0.005)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    assert child.returncode == -signal.SIGKILL, "the update finished before it could be killed"
    (pending,) = env.notices()
    assert pending.status == NoticeStatus.PENDING

    rerun = env.update()
    assert rerun.status == "ok", rerun.errors
    (notice,) = env.notices()
    assert notice.status == NoticeStatus.POSTED and notice.rev_id
    text = env.text(f"Talk:{title}")
    assert _sections_with(text) == 1 and notice.marker in text  # posted once, whichever side of the kill
    with env.db.session() as session:
        statuses = [
            r.status for r in session.scalars(select(Run).where(Run.kind == "onwiki").order_by(Run.id))
        ]
    assert statuses[-2:] == ["interrupted", "ok"], statuses  # the killed run is on record as such


# ---- hostile URLs, edit churn, read-only windows (issue: safe on-wiki output) ------------------------------

# Cited URLs as an editor can make them: a signature, a five-tilde timestamp and behaviour switches, which
# MediaWiki would act on anywhere in a page's text outside a nowiki.
HOSTILE_URL_TAILS = [
    "?a=~~~~&b=__NOINDEX__&c=__NOTOC__",
    "?d=__NOEDITSECTION__&e=__HIDDENCAT__&f=~~~~~",
    "?g=''italic''&h='''bold'''&i=__TOC__!!x",
    "?u=@[a]http://127.0.0.1:9/phish",  # issue 52: "]" ended the bot's link, the rest made a second one
]


def _import_without_pst(test_wiki, title: str, text: str, tmp_path) -> None:
    """Save ``text`` as the page's new revision without the pre-save transform (MediaWiki's own import, as
    pages arrive from another wiki), so the stored text keeps ``~~~~`` as typed."""
    from sidebot.sandbox.testwiki_php import require_php, run_maintenance

    folder = tmp_path / "import"
    folder.mkdir(exist_ok=True)
    path = folder / f"{title}.txt"
    path.write_text(text, encoding="utf-8")
    run_maintenance(
        require_php(), test_wiki.state_dir, "importTextFiles.php", "--rc", "--overwrite", str(path)
    )


def _hostile_article(env: Env, test_wiki, title: str, tmp_path) -> list[str]:
    """An article citing the source server under each hostile URL; returns the cited URLs."""
    urls = [env.source_url + tail for tail in HOSTILE_URL_TAILS]
    body = "\n\n".join(
        f"The council approved budget number {i}."
        f"<ref>{{{{cite web |url={url} |title=Council results}}}}</ref>"
        "{{Failed verification|date=May 2024}}"
        for i, url in enumerate(urls)
    )
    text = f"Intro.\n\n== History ==\n{body}\n\n== References ==\n{{{{Reflist}}}}\n"
    _import_without_pst(test_wiki, title, text, tmp_path)
    assert "~~~~" in env.text(title), "the import applied the pre-save transform"
    return urls


def _wiki_properties(site, title: str) -> dict:
    return site.simple_request(action="parse", page=title, prop="properties", formatversion=2).submit()[
        "parse"
    ]["properties"]


@pytest.mark.hostile
def test_hostile_urls_stay_whole_links_and_inject_nothing(
    make_env, unique_title, test_wiki, tmp_path
) -> None:
    """A signature and behaviour switches in cited URLs: the list and the talk notice link to each URL
    whole, and MediaWiki finds no signature, switch, category or template in what the bot saved."""
    env = make_env(review_list={"source_chars": 500}, notices={"source_chars": 500})
    title = unique_title("Hostile URLs")
    urls = _hostile_article(env, test_wiki, title, tmp_path)
    env.patrol([title])
    with env.db.session() as session:
        assert sorted(f.row.url for f in open_findings(session, env.wiki.name)) == sorted(urls)

    summary = env.update()
    assert summary.status == "ok", summary.errors
    assert summary.counts["notices_posted"] == 1
    site, talk, listing = env.wiki.site, f"Talk:{title}", env.onwiki.review_list.title
    for page in (listing, talk):
        parsed = _parse(site, page)
        assert _wiki_properties(site, page) == {}, f"{page}: a behaviour switch came through"
        assert parsed["categories"] == [] and parsed["templates"] == [], page
        linked_as = {url.replace("[", "%5B").replace("]", "%5D") for url in urls}  # as MediaWiki records it
        assert linked_as <= set(parsed["externallinks"]), f"{page}: a link lost part of its address"
        assert not [u for u in parsed["externallinks"] if u.startswith("http://127.0.0.1:9/")], page
        linked = {link["title"] for link in parsed["links"]}
        assert not any(t.startswith("User:SidebotBot") and "/" not in t for t in linked - {DOC_PAGE}), linked
    list_text = env.text(listing)
    assert "[[User:SidebotBot|SidebotBot]]" not in list_text and "~~~~" not in list_text
    assert [r.source_url for r in parse_rows(list_text)] == [  # read back as MediaWiki links them
        read_link_target(link_target(r.source_url)) for r in review_rows(_open(env), env.onwiki.review_list)
    ]
    talk_text = env.text(talk)
    assert talk_text.count("[[User:SidebotBot|SidebotBot]]") == 1  # the notice's own signature, once


def _open(env: Env):
    with env.db.session() as session:
        return open_findings(session, env.wiki.name)


@pytest.mark.hostile
def test_an_unchanged_list_is_saved_once_over_three_runs(make_env, unique_title, test_wiki, tmp_path) -> None:
    env = make_env(notices={"enabled": False})
    title = unique_title("Churn")
    _hostile_article(env, test_wiki, title, tmp_path)
    env.patrol([title])
    cfg = env.onwiki.review_list
    runs = [env.update() for _ in range(3)]
    assert [r.status for r in runs] == ["ok"] * 3, [r.errors for r in runs]
    assert [r.counts["pages_saved"] for r in runs] == [2, 0, 0]  # the list and its count page, once
    assert len(_revisions(env.wiki.site, cfg.title)) == 1
    assert len(_revisions(env.wiki.site, cfg.count_title)) == 1


@pytest.mark.hostile
def test_a_read_only_wiki_fails_the_run_in_words_and_the_notice_comes_later(
    make_env, unique_title, read_only_wiki
) -> None:
    env = make_env()
    title = unique_title("Read only")
    env.article(title, ["The council approved the budget."])
    env.patrol([title])

    read_only_wiki("Database switchover (test), back in a minute")
    started = time.monotonic()
    stopped = env.update()
    assert time.monotonic() - started < 10, "waited on the read-only wiki instead of stopping"
    assert stopped.status == "failed"
    (error,) = stopped.errors
    assert "read-only (Database switchover (test), back in a minute)" in error["error"], error
    assert env.text(env.onwiki.review_list.title) is None and env.text(f"Talk:{title}") is None
    assert [n.status for n in env.notices()] == []  # nothing held: the notice is still due
    result = CliRunner().invoke(
        app, ["runs", "--kind", "onwiki", "--check"], env={"SIDEBOT_DATABASE_URL": env.settings.database_url}
    )
    assert result.exit_code == 1 and "failed" in result.output, result.output

    read_only_wiki(None)
    later = env.update()
    assert later.status == "ok", later.errors
    assert later.counts["notices_posted"] == 1 and later.counts["pages_saved"] == 2
    assert _sections_with(env.text(f"Talk:{title}")) == 1


class LateReadOnlyWriter(WikiWriter):
    """The real writer on a wiki that turns read-only between its check and the save (a switchover
    starting at that moment): Pywikibot retries the save, then gives up without saying why."""

    def __init__(self, *args, switch, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.switch = switch

    def ensure_running(self) -> None:
        super().ensure_running()
        self.switch("Switchover started mid-run (test)")


@pytest.mark.hostile
def test_a_wiki_turning_read_only_during_a_save_keeps_the_notice_for_later(
    make_env, unique_title, read_only_wiki
) -> None:
    env = make_env(review_list={"enabled": False})
    title = unique_title("Late read only")
    env.article(title, ["The council approved the budget."])
    env.patrol([title])

    writer = LateReadOnlyWriter(env.wiki.site, env.onwiki, simulate=False, show=print, switch=read_only_wiki)
    stopped = env.update(writer=writer)
    assert stopped.status == "failed"
    assert any("read-only (Switchover started mid-run (test))" in e["error"] for e in stopped.errors)
    assert not any("Maximum retries" in e["error"] for e in stopped.errors), stopped.errors
    (notice,) = env.notices()
    assert notice.status == NoticeStatus.RETRY  # not posted, and not held back for the period

    read_only_wiki(None)
    later = env.update()
    assert later.status == "ok" and later.counts["notices_posted"] == 1, later.errors
    assert _sections_with(env.text(f"Talk:{title}")) == 1


def test_a_wikiproject_that_opts_in_gets_its_own_list_by_priority(make_env, unique_title, wiki_users) -> None:
    """Issue 56: one list page per WikiProject in ``projects`` (the articles whose talk page carries its
    banner), and every list by priority: the patrol read that one article is a living person's biography."""
    project = unique_title("Project").replace("(", "").replace(")", "")
    env = make_env(review_list={"projects": [project]})
    cfg = env.onwiki.review_list
    ours, other = unique_title("Ours"), unique_title("Other")
    env.article(other, ["The council approved the budget."])
    env.article(ours, ["The vote was unanimous."])
    wiki_users.editor.edit(ours, env.text(ours) + "\n[[Category:Living people]]")
    wiki_users.editor.edit(f"Template:WikiProject {project}", "A project banner.")
    wiki_users.editor.edit(f"Talk:{ours}", f"{{{{WikiProject {project}}}}}")
    env.patrol([other, ours])

    summary = env.update(parts=["review-list"])
    assert summary.status == "ok", summary.errors
    main = parse_rows(env.text(cfg.title))
    assert [r.article for r in main] == [ours, other]  # the living person's first
    assert "· living person ·" in main[0].reason and "living person" not in main[1].reason
    own = parse_rows(env.text(f"{cfg.title}/WikiProject {project}"))
    assert [r.article for r in own] == [ours]
    assert summary.counts["project_findings_listed"] == 1
