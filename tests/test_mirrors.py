"""A source that copies Wikipedia is queued as "the source copies Wikipedia", above low support: a real demo
article and a mirror page made from it, served over HTTP; the attribution notices; the mirror lists (config
and on-wiki); the citogenesis date note; and real sources that share a sentence with their article do not
count as copies."""

from __future__ import annotations

from datetime import datetime

import pytest

from sidebot.citations.citations import article_text
from sidebot.config import FetchSettings, MirrorSettings
from sidebot.onwiki.exclusions import exclusions_from
from sidebot.patrol.mirrors import MirrorCheck, SourceFacts
from sidebot.patrol.pipeline import Triage, changed_fact_reason, triage
from sidebot.queue import store
from sidebot.queue.db import Database
from sidebot.queue.models import Citation, Finding, Page
from sidebot.queue.queries import list_findings
from sidebot.queue.support import ReasonKind, queue_reason
from sidebot.records import Passage, Verdict
from sidebot.sandbox.demo_content import demo_pages, demo_sources
from sidebot.sandbox.demo_extras import MIRROR
from sidebot.sandbox.source_server import SourceServer
from sidebot.sources.fetch import FetchStatus, fetch
from sidebot.sources.mirror import shared_passages, wikipedia_notice

BASE = "http://127.0.0.1:8731"
CLAIM = "Jodie Emery (born January 4, 1985) is a Canadian cannabis activist, and politician."


@pytest.fixture(scope="module")
def jodie() -> str:
    """The real demo article "Jodie Emery", as a reader sees it."""
    return article_text(demo_pages(BASE)[MIRROR.article], MIRROR.article)


def _never() -> None:
    raise AssertionError("the wiki is not asked when the page's own clues decide")


def test_a_mirror_of_a_real_demo_article_is_caught_over_http(jodie: str) -> None:
    settings = FetchSettings(allow_networks=["127.0.0.1/32"], per_host_delay=0.0)
    with SourceServer() as server:
        page = fetch(server.base_url + MIRROR.path, settings)
    assert page.status is FetchStatus.OK and page.page_kind == "content"  # a real article, not a wall...
    assert page.wikipedia_notice == "From Wikipedia, the free encyclopedia" and page.published == "2021-06-14"
    shared = shared_passages(page.text, jodie, CLAIM)
    assert shared.is_copy and shared.words >= 200 and shared.share > 0.8  # ...that is the article itself
    facts = SourceFacts(server.base_url + MIRROR.path, page.text, page.published, page.wikipedia_notice)
    reason = MirrorCheck(MirrorSettings(), None).reason(facts, jodie, CLAIM, lambda: None, _never)
    assert reason.startswith(
        "the page says it is taken from Wikipedia ('From Wikipedia, the free encyclopedia')"
    )
    assert "words of the article's own text beyond the claim" in reason


def test_the_article_text_alone_catches_a_copy_without_attribution(jodie: str) -> None:
    copy = "\n\n".join(p for p in jodie.split("\n\n") if len(p.split()) > 5)  # a scraper's page, no notice
    facts = SourceFacts("https://cannabis-facts.example/emery", copy, None, None)
    reason = MirrorCheck(MirrorSettings(), None).reason(facts, jodie, CLAIM, _never, _never)
    assert reason and "of the article's own text beyond the claim" in reason


def test_real_sources_that_repeat_their_claim_are_not_copies() -> None:
    pages = demo_pages(BASE)
    for source in demo_sources():
        article = article_text(pages[source.claim.article_title], source.claim.article_title)
        text = "\n".join(source.sentences) + "\n" + source.claim.text  # even with the claim's sentence in it
        facts = SourceFacts(f"{BASE}/wice/{source.id}", text, None, None)
        assert (
            MirrorCheck(MirrorSettings(), None).reason(
                facts, article, source.claim.text, lambda: None, lambda: None
            )
            is None
        )


def test_earlier_revisions_count_when_the_current_text_is_not_conclusive(jodie: str) -> None:
    paragraphs = [p for p in jodie.split("\n\n") if len(p.split()) > 12]
    old_version = "\n\n".join(paragraphs[:6])  # a mirror copied this revision...
    current = paragraphs[0] + "\n\nThe rest of the article was rewritten since."  # ...then it changed
    facts = SourceFacts("https://old-mirror.example/x", old_version, None, None)
    check = MirrorCheck(MirrorSettings(), None)
    assert not shared_passages(old_version, current, CLAIM).is_copy  # the current text alone is not enough
    assert check.reason(facts, current, CLAIM, lambda: None, lambda: None) is None
    found = check.reason(facts, current, CLAIM, lambda: None, lambda: old_version)
    assert found and "of the article's own text beyond the claim" in found


@pytest.mark.parametrize(
    "text",
    [
        "Emery. From Wikipedia, the free encyclopedia. Jump to navigation",
        "This article uses material from the Wikipedia article Jodie Emery, which is released under CC "
        "BY-SA.",
        "Texte disponible sous licence. Jodie Emery — De Wikipédia, l'encyclopédie libre",
        "Jodie Emery – aus Wikipedia, der freien Enzyklopädie",
        "Jodie Emery - De Wikipedia, la enciclopedia libre",
        "Content is available under CC BY-SA 3.0 unless otherwise noted. Source: Wikipedia contributors",
    ],
)
def test_attribution_notices_in_four_languages(text: str) -> None:
    assert wikipedia_notice(text)


def test_no_notice_on_pages_that_merely_mention_wikipedia() -> None:
    assert (
        wikipedia_notice("According to Wikipedia, the town has 14,736 people, but the census says more.")
        is None
    )


def test_mirror_lists_in_the_config_and_on_the_wiki_and_wikipedia_itself() -> None:
    on_wiki = exclusions_from(None, None, "* copycat.example  scrapes every article\n* *.wikiclone.example\n")
    check = MirrorCheck(MirrorSettings(domains=["mirror-one.example"]), on_wiki)
    assert "configured list" in check.listed("https://www.mirror-one.example/wiki/X")
    assert "wiki's list of Wikipedia mirrors (copycat.example)" in check.listed("http://copycat.example/a")
    assert "wiki's list" in check.listed("https://de.wikiclone.example/Emery")
    assert check.listed("https://en.m.wikipedia.org/wiki/Jodie_Emery").startswith(
        "the source is Wikipedia itself"
    )
    assert MirrorCheck(MirrorSettings(), None).listed("https://www.wikiwand.com/en/X")  # a default
    assert check.listed("https://news.example.org/emery") is None
    facts = SourceFacts("http://copycat.example/a", "Anything at all.", None, None)
    assert (
        MirrorCheck(MirrorSettings(enabled=False), on_wiki).reason(facts, "", CLAIM, _never, _never) is None
    )


def test_citogenesis_the_page_is_dated_after_the_citation_was_added(jodie: str) -> None:
    copy = jodie
    added = datetime(2019, 2, 11, 10, 0)
    check = MirrorCheck(MirrorSettings(), None)
    dated = SourceFacts("https://x.example/a", copy, "2021-04-03", None)
    later = check.reason(dated, jodie, CLAIM, lambda: added, _never)
    assert later.endswith(
        "; the page is dated 2021-04-03, after the citation was added to the article (2019-02-11): it may "
        "have "
        "copied the article (citogenesis)"
    )
    # Shared text alone, the page older than the citation: the article more likely took it from the page.
    older = SourceFacts("https://x.example/a", copy, "2005-01-01", None)
    assert check.reason(older, jodie, CLAIM, lambda: added, _never) is None
    noticed = SourceFacts("https://x.example/a", copy, "2005-01-01", "From Wikipedia, the free encyclopedia")
    assert check.reason(noticed, jodie, CLAIM, lambda: added, _never)  # a page that says so is a copy


def _verdict(probability: float) -> Verdict:
    window = Passage(0, "Jodie Emery is a Canadian cannabis activist.", "", 0, 44)
    return Verdict("scorer", probability, [probability], window, probability=probability)


def test_copies_wikipedia_is_a_failure_queued_above_low_support(tmp_path) -> None:
    copies = triage(
        _verdict(0.97), None, [], 0.5, 0.2, copies_wikipedia="the page says it is taken from Wikipedia"
    )
    assert (copies.state, copies.flag_reason, copies.band) == (
        "open",
        "copies Wikipedia: the page says it is taken from Wikipedia",
        "very likely fails",
    )
    reason = queue_reason(copies.flag_reason, "supports")
    assert reason.kind is ReasonKind.COPIES_WIKIPEDIA and reason.label.startswith(
        "the source copies Wikipedia: "
    )
    low = triage(_verdict(0.1), None, [], 0.5)
    changed = Triage("open", changed_fact_reason("1999", "2000"), "may fail")
    db = Database(f"sqlite:///{tmp_path / 'q.db'}")
    with db.session() as session:
        wiki = store.get_or_create_wiki(session, "testwiki", "http://127.0.0.1/api.php", "")
        page = Page(wiki_id=wiki.id, title="Jodie Emery")
        session.add(page)
        session.flush()
        for n, (decision, probability) in enumerate(((low, 0.1), (copies, 0.97), (changed, 0.6))):
            citation = Citation(page_id=page.id, fingerprint=f"f{n}", claim=CLAIM, url=f"http://x/{n}")
            session.add(citation)
            session.flush()
            finding = Finding(citation_id=citation.id, scorer="s", score=probability, probability=probability)
            finding.state, finding.flag_reason = decision.state, decision.flag_reason
            session.add(finding)
    with db.session() as session:
        rows = list_findings(session, states=["open"])
    assert [r.reason.split(":")[0] for r in rows] == [  # changed facts first, then copies of Wikipedia
        "changed fact",
        "the source copies Wikipedia",
        "low support",
    ]
    db.dispose()
