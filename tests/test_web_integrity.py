"""Who may review (sidebot.web.integrity), read from the real local wiki: page history and blocks."""

from __future__ import annotations

import pytest

from sidebot.sandbox.demo_content import demo_source_url, demo_sources
from sidebot.web.integrity import ReviewGate, ReviewNotAllowed, ReviewTarget, WikiApis, first_revision_with
from sidebot.web.sessions import Login
from sidebot.web.wikiapi import WikiApi, WikiApiError
from tests.fixtures.web import SOURCE_BASE

pytestmark = pytest.mark.integration
WIKI = "testwiki"  # login and findings on one wiki (one wiki per login: test_hostile_sessions.py)


class CountingApi(WikiApi):
    """The real client, counting how many revision texts it downloads."""

    downloads = 0

    def revision_text(self, rev_id: int) -> str:
        self.downloads += 1
        return super().revision_text(rev_id)


def _cite(url: str, claim: str) -> str:
    return f"{claim}<ref>{{{{cite web |url={url} |title=Source}}}}</ref>\n"


def test_the_user_who_added_the_cited_url_is_found_in_a_long_history(test_wiki, wiki_users, unique_title):
    title = unique_title("History")
    source = demo_sources()[0]
    url = demo_source_url(SOURCE_BASE, source.id) + "?a=1&b=2"  # wikitext may hold & as &amp;
    text, revisions = "", []
    for n in range(12):
        text += f"Paragraph {n} of an article being written.\n"
        author = wiki_users.editor
        if n == 7:
            text += _cite(url.replace("&", "&amp;"), source.claim.text)
            author = wiki_users.admin
        revisions.append(author.edit(title, text, f"step {n}"))

    api = CountingApi(test_wiki.api_url)
    found = first_revision_with(api, title, revisions[-1].rev_id, url)
    assert (found.rev_id, found.user) == (revisions[7].rev_id, wiki_users.admin.username)
    assert api.downloads <= 5  # bisection: about log2(12) + 1 texts, not 12
    assert first_revision_with(api, title, revisions[6].rev_id, url) is None  # not there yet at revision 6
    assert first_revision_with(api, title, None, demo_source_url(SOURCE_BASE, "elsewhere")) is None

    gate = ReviewGate(WikiApis())
    target = ReviewTarget(WIKI, test_wiki.api_url, title, revisions[-1].rev_id, url)
    with pytest.raises(
        ReviewNotAllowed, match=f"you added this citation \\(revision {revisions[7].rev_id}\\)"
    ):
        gate.check(Login(wiki_users.admin.username, WIKI), target)
    gate.check(
        Login(wiki_users.editor.username, WIKI), target
    )  # wrote the rest of the page, but not this citation
    gate.check(
        Login(wiki_users.bot.username, WIKI),
        ReviewTarget(WIKI, test_wiki.api_url, title, revisions[-1].rev_id, None),
    )


def test_blocked_users_and_unreachable_wikis(test_wiki, web_accounts, unique_title):
    gate = ReviewGate(WikiApis(timeout=5))
    target = ReviewTarget(WIKI, test_wiki.api_url, unique_title("Nowhere"), None, None)
    with pytest.raises(ReviewNotAllowed, match="you are blocked on this wiki .by Admin: sidebot web tests"):
        gate.check(Login(web_accounts.blocked.username, WIKI), target)
    gate.check(Login(web_accounts.reviewer.username, WIKI), target)
    with pytest.raises(ReviewNotAllowed, match="no API address"):
        gate.check(Login(web_accounts.reviewer.username, WIKI), ReviewTarget(WIKI, "", "X", None, None))
    closed = ReviewTarget(WIKI, "http://127.0.0.1:9/api.php", "X", None, None)  # the discard port: no one
    with pytest.raises(WikiApiError, match="cannot reach the wiki"):
        gate.check(Login(web_accounts.reviewer.username, WIKI), closed)
