"""The on-wiki outputs' pure parts: inert wikitext, the bot exclusion protocol, the exclusion lists, the
review list's render/parse round trip, the save-error outcomes, and the per-wiki config examples.
(What the real wiki makes of our wikitext is in test_onwiki.py.)"""

from __future__ import annotations

import re
from pathlib import Path

import mwparserfromhell
import pytest

from sidebot.config import ConfigError, ReviewListSettings, load_settings
from sidebot.onwiki.bots import exclusion_reason
from sidebot.onwiki.exclusions import exclusions_from, parse_pages, source_rule
from sidebot.onwiki.review_list import (
    ListHeader,
    ReviewRow,
    parse_rows,
    render_pages,
    review_rows,
    review_sections,
)
from sidebot.wikitext import (
    article_link,
    clean,
    excerpt,
    external_link,
    inert,
    is_linkable,
    link_target,
    read_inert,
    read_link_target,
)
from tests.fixtures.onwiki_rows import open_finding

CONFIG_DIR = Path(__file__).resolve().parent.parent / "config"

HOSTILE = (
    "{{subst:Evil}} }} [[Category:Hacked]] [[Foo|bar]] [http://evil.example/x click] http://evil.example "
    "~~~~ ~~~~~ <script>alert(1)</script> __NOTOC__ __NOINDEX__ </nowiki><nowiki> </NOWIKI > "
    "&lt;/nowiki&gt; &amp; {| || |} |- ! #REDIRECT [[X]] ISBN 978-3-16-148410-0 '''bold''' <ref>r</ref>"
)


# ---- inert text -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        HOSTILE,
        "* starts a list",
        "# numbered",
        "= heading =",
        ": indent",
        " leading space makes pre",
        "line one\n== injected heading ==\n* item\n{|\n| cell\n|}",
        "bidi \u202eoverride\u202c and zero\u200bwidth and NUL \x00 and DEL \x7f'\"`UNIQ-x-QINU`\"'\x7f",
    ],
)
def test_inert_text_cannot_close_its_nowiki_or_start_a_line(text: str) -> None:
    wrapped = inert(text)
    assert wrapped.startswith("<nowiki>") and wrapped.endswith("</nowiki>")
    inner = wrapped[len("<nowiki>") : -len("</nowiki>")]
    assert "<" not in inner and ">" not in inner, "a tag could open or close inside the nowiki"
    assert "\n" not in wrapped and "\x7f" not in wrapped
    assert read_inert(wrapped) == clean(text)


def test_clean_drops_control_and_format_characters_and_collapses_space() -> None:
    assert clean("a\u202eb\u200bc\x00d\t\n  e") == "abcd e"
    assert clean("   ") == ""
    assert inert("  \n ") == ""


def test_excerpt_cuts_at_a_word_and_marks_the_cut() -> None:
    text = "The quick brown fox jumps over the lazy dog " * 10
    cut = excerpt(text, 50)
    assert len(cut) <= 50 and cut.endswith("…") and not cut[:-1].endswith(" ")
    assert text.startswith(cut[:-1])
    assert excerpt("short", 50) == "short"
    assert excerpt("x" * 100, 10) == "x" * 9 + "…"  # no space to cut at: cut mid-word
    with pytest.raises(ValueError):
        excerpt("text", 1)


def test_excerpt_is_cut_before_escaping_so_no_entity_is_split() -> None:
    wrapped = inert("&" * 30, limit=10)
    assert read_inert(wrapped) == "&" * 9 + "…"
    assert wrapped.count("&amp;") == 9


def test_links_we_build_refuse_what_could_break_out() -> None:
    assert article_link("Category:Foo") == "[[:Category:Foo]]"  # a link, never a categorisation
    for bad in ("A]]B", "A|B", "{{X}}", "", "A\nB"):
        with pytest.raises(ValueError):
            article_link(bad)
    assert external_link("https://tool.example/findings/3", "review") == (
        "[https://tool.example/findings/3 <nowiki>review</nowiki>]"
    )
    for bad in ("javascript:alert(1)", "ftp://x.example/a", "https:///no-host", "//x.example/a", "http://[x"):
        with pytest.raises(ValueError):
            external_link(bad, "x")


# Every character and sequence MediaWiki gives a meaning to, in a URL: a signature, magic words, markup.
HOSTILE_URLS = [
    "http://evil.example/a?a=~~~~&b=__NOINDEX__&c=__NOTOC__&d=__NOEDITSECTION__&e=__HIDDENCAT__~~~~~",
    "https://evil.example/{{subst:CURRENTTIME}}[[Category:Hacked]]|x!!y''z'''",
    'http://evil.example/a b<nowiki>c</nowiki>"d"-{zh}-&amp;&#91;&lt;',
    "https://bücher.example/ä\u00a0b\ufffdc\u202e?q=__TOC__",
    "http://[::1]:8080/p_q!!r__s",
]


@pytest.mark.parametrize("url", HOSTILE_URLS)
def test_link_targets_hold_no_markup_and_keep_the_destination(url: str) -> None:
    target = link_target(url)
    assert re.fullmatch(r"[A-Za-z0-9\-.:/?#=%+,;@$()*_!&\[\]]+", target), target
    assert "__" not in target and "!!" not in target and "~" not in target and "'" not in target
    assert target.replace("&amp;", "").count("&") == 0  # each & a character reference MediaWiki decodes
    assert "[" not in target or target.startswith("http://[::1]")  # an IPv6 host keeps its brackets
    shown = read_link_target(target)
    assert read_link_target(link_target(shown)) == shown  # escaping what MediaWiki links changes nothing


def test_link_target_is_the_url_when_nothing_needs_escaping() -> None:
    plain = "https://example.org/wiki/Some_page?a=1&b=2#part-3"
    assert read_link_target(link_target(plain)) == plain
    assert link_target(plain) == "https://example.org/wiki/Some_page?a=1&amp;b=2#part-3"
    assert read_link_target(link_target("http://x.example/~me/a__b")) == "http://x.example/~me/a__b"
    assert link_target("https://bücher.example/") == "https://xn--bcher-kva.example/"


def test_brackets_after_the_host_are_escaped_so_no_second_link_can_start() -> None:
    """Issue 52: "[a]" after an "@" passed as an IPv6 host, so "]" ended the link and the rest of the path
    became a second link (what the real wiki makes of it: test_onwiki_links.py)."""
    assert external_link("http://h/@[a]http://localhost:18502/phish", "L") == (
        "[http://h/@%5Ba%5Dhttp://localhost:18502/phish <nowiki>L</nowiki>]"
    )
    assert link_target("http://h/[::1]/x") == "http://h/%5B::1%5D/x"
    assert link_target("http://[::1]:8080/[::1]") == "http://[::1]:8080/%5B::1%5D"


def test_a_host_must_be_one_a_browser_would_visit() -> None:
    for bad in (
        "http://u@[::1]/",
        "http://[::1/",
        "http://[x]/",
        "http://h{{x}}/",
        "http://a b/",
        "http://h:8o/",
    ):
        assert not is_linkable(bad), bad
    assert link_target("http://[::1]:8080?q") == "http://[::1]:8080/?q"  # MediaWiki keeps [] before a "/"
    assert link_target("http://[::1]:/x") == "http://[::1]/x"  # or ":" and digits
    assert link_target("https://STRASSE.de/") == "https://STRASSE.de/"
    assert link_target("https://straße.de/") == "https://xn--strae-oqa.de/"  # as browsers (UTS 46), not ß→ss
    assert link_target("http://my_site.example/") == "http://my_site.example/"


# ---- {{bots}} / {{nobots}} --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message_type", "refused"),
    [
        ("No templates here.", "sidebot", False),
        ("{{nobots}}", None, True),
        ("{{Nobots}}", "sidebot", True),
        ("{{bots}}", "sidebot", False),
        ("{{bots|allow=all}}", None, False),
        ("{{bots|allow=none}}", None, True),
        ("{{bots|allow=OtherBot}}", None, True),
        ("{{bots|allow=OtherBot, SidebotBot}}", None, False),
        ("{{bots|deny=all}}", None, True),
        ("{{bots|deny=none}}", None, False),
        ("{{bots|deny=OtherBot}}", None, False),
        ("{{bots|deny=OtherBot,sidebotBot}}", None, True),  # first letter's case does not matter
        ("{{bots|deny=Sidebot_Bot}}", None, False),  # another name
        ("{{bots|optout=sidebot}}", "sidebot", True),
        ("{{bots|optout=all}}", "sidebot", True),
        ("{{bots|optout=all}}", None, False),  # optout is about messages: our own pages are not messages
        ("{{bots|optout=nosource,MassMessage}}", "sidebot", False),
        ("{{bots|optout=nosource, Sidebot}}", "sidebot", True),
        ("<nowiki>{{nobots}}</nowiki> <!-- {{bots|optout=all}} -->", "sidebot", False),
        ("Talk.\n== Old ==\n{{bots|optout=sidebot}}\n", "sidebot", True),
    ],
)
def test_bot_exclusion_protocol(text: str, message_type: str | None, refused: bool) -> None:
    reason = exclusion_reason(text, "SidebotBot", message_type)
    assert (reason is not None) is refused, reason


def test_our_own_notice_instructions_do_not_opt_the_page_out() -> None:
    instructions = "To stop notices, add <nowiki>{{bots|optout=sidebot}}</nowiki>. ~~~~"
    assert exclusion_reason(instructions, "SidebotBot", "sidebot") is None


# ---- exclusion lists --------------------------------------------------------------------------------------


SOURCES_PAGE = """Sources sidebot ignores (one per line):
* example.com                      paywalled
* news.example.org/opinion/*       opinion pieces
* *.example.net/feed/*
* http://www.files.example/a.pdf
<!-- * hidden.example -->
* *
* */*
* not a domain
"""


@pytest.mark.parametrize(
    ("url", "entry"),
    [
        ("https://example.com/a", "example.com"),
        ("https://www.example.com/a", "example.com"),
        ("https://sub.example.com:8443/a", "example.com"),
        ("https://notexample.com/a", None),
        ("https://example.com.evil/a", None),
        ("http://news.example.org/opinion/2024/x?y=1", "news.example.org/opinion/*"),
        ("http://news.example.org/news/x", None),
        ("http://deep.a.example.net/feed/1", "*.example.net/feed/*"),
        ("http://example.net/feed/", "*.example.net/feed/*"),
        ("http://example.net/other", None),
        ("https://files.example/a.pdf", "http://www.files.example/a.pdf"),
        ("https://files.example/a.pdf.exe", None),
        ("https://hidden.example/", None),
        ("not a url", None),
        (None, None),
    ],
)
def test_source_exclusions_match_domains_and_patterns(url: str | None, entry: str | None) -> None:
    lists = exclusions_from(SOURCES_PAGE, None)
    assert lists.source_rule(url) == entry


def test_source_exclusions_reject_catch_alls_and_junk() -> None:
    lists = exclusions_from(SOURCES_PAGE, None)
    assert set(lists.invalid) == {"*", "*/*", "not a domain"}
    assert len(lists.sources) == 4
    for entry in ("*", "*.*", "*/*", "*.com", "com", "http://", "exa mple.com"):
        assert source_rule(entry) is None, entry


def test_page_exclusions_read_links_and_bare_titles() -> None:
    titles, invalid = parse_pages(
        "Intro text\n* [[Foo_bar]] keeps its citations\n*[[:Category:Things|things]]\n* plain title\n"
        "** [[Nested]]\n* {{template}}\n* [[A|B]]"
    )
    assert titles == {"Foo bar", "Category:Things", "Plain title", "Nested", "A"}
    assert invalid == ["{{template}}"]
    assert exclusions_from(None, "* [[foo bar]]").ignores_page("Foo_bar")


# ---- the review list --------------------------------------------------------------------------------------


HEADER = ListHeader("User:Bot", "User:Bot/Stop", "User talk:Bot")


def test_review_list_round_trips_hostile_rows_across_subpages() -> None:
    settings = ReviewListSettings(
        enabled=True,
        title="User:Bot/List",
        rows_per_page=2,
        max_pages=3,
        claim_chars=120,
        finding_url="https://tool.example/findings/{id}",
    )
    findings = [
        open_finding(1, "Alpha", HOSTILE, "http://evil.example/{{x}}|y", -0.5, stance="refutes"),
        open_finding(2, "Beta (band)", "Plain claim.", "https://example.org/a", None, title="T | || {{t}}"),
        open_finding(
            3,
            "Gamma",
            "* list\n= head =",
            "https://example.org/b",
            0.3,
            probability=0.12,
            suggestion="https://better.example/s?a=1&b=2",
            suggestion_title="A better [[source]]",
        ),
        open_finding(4, "Delta", "x" * 500, "https://example.org/c", 0.4),
        open_finding(5, "Epsilon", "ok", "https://example.org/d", 0.5),
        open_finding(6, "Zeta", "beyond the last page", "https://example.org/e", 0.6),
        open_finding(7, "Eta", "beyond the last page", "https://example.org/f", 0.7),
    ]
    rows = review_rows(findings, settings)
    assert rows[0].claim.endswith("…") and len(rows[0].claim) <= 120
    assert rows[2] == ReviewRow(
        3,
        "Gamma",
        "* list = head =",
        "https://example.org/b",
        "https://example.org/b",
        "source unlikely to back the claim (backs at least part of the claim: 12 %)",
        "low support",
        "A better [[source]]",
        "https://better.example/s?a=1&b=2",
    )
    # hostile URLs are clickable links too (escaped); each row links to its card
    assert rows[0].source_url == "http://evil.example/{{x}}|y"
    assert rows[0].reason == "source contradicts"
    assert rows[1].source_url == "https://example.org/a" and rows[1].source == "T | || {{t}}"
    pages = render_pages(review_sections(findings, settings), settings, HEADER)
    assert [p.title for p in pages] == ["User:Bot/List", "User:Bot/List/2", "User:Bot/List/3"]
    parsed = [row for page in pages for row in parse_rows(page.text)]
    assert parsed[0].source_url == "http://evil.example/%7B%7Bx%7D%7D%7Cy"  # as MediaWiki links it
    assert parsed[1:] == rows[1:6]
    assert "[http://evil.example/%7B%7Bx%7D%7D%7Cy " in pages[0].text
    assert "(the list shows the first 6)" in pages[0].text
    assert "[[User:Bot/List/2|2]]" in pages[0].text and "'''2'''" in pages[1].text
    assert "[https://example.org/b " in pages[1].text
    assert "[https://tool.example/findings/3 <nowiki>3</nowiki>]" in pages[1].text
    # the top suggestion is a link, its label inert
    assert "[https://better.example/s?a=1&amp;b=2 <nowiki>A better [[source]]</nowiki>]" in pages[1].text


def test_every_list_page_opens_with_what_it_is_the_stop_page_the_report_page_and_the_band() -> None:
    settings = ReviewListSettings(enabled=True, title="User:Bot/List", rows_per_page=1)
    findings = [open_finding(i, f"A{i}", "Claim.", "https://example.org/a", 0.1) for i in (1, 2)]
    pages = render_pages(review_sections(findings, settings), settings, HEADER)
    assert len(pages) == 2
    for page in pages:
        header = page.text.split("{|", 1)[0]
        assert "review list of [[User:Bot|sidebot]]" in header
        assert "To stop the bot, edit [[User:Bot/Stop]]" in header
        assert "To report a mistake, write on [[User talk:Bot]]" in header
        assert "It lists numbers, dates and names an edit changed" in header
        assert "findings queued below the flag threshold" in header
        assert "== Citations whose source may not support the text ==" in page.text


def test_findings_go_in_the_first_section_that_holds_them() -> None:
    from sidebot.onwiki.review_list import SECTIONS, Section

    settings = ReviewListSettings(enabled=True, title="User:Bot/List")
    tagged = Section("tagged", "Tagged by editors", "findings editors tagged", lambda f: f.row.id % 2 == 0)
    findings = [open_finding(i, f"A{i}", "Claim.", "https://example.org/a", 0.1) for i in (1, 2, 3, 4)]
    parts = review_sections(findings, settings, (tagged, *SECTIONS))
    assert [[r.finding_id for r in part.rows] for part in parts] == [[2, 4], [], [], [], [1, 3]]
    (page,) = render_pages(parts, settings, HEADER)
    assert "It lists findings editors tagged; numbers, dates and names an edit changed" in page.text
    assert page.text.index("== Tagged by editors ==") < page.text.index("== Citations whose source")
    assert [r.finding_id for r in parse_rows(page.text)] == [2, 4, 1, 3]


def test_changed_facts_have_their_own_section_first_and_only_the_configured_bands_are_listed() -> None:
    change = {"old": "1999", "new": "2000"}
    findings = [
        open_finding(1, "A1", "Claim.", "https://example.org/a", 0.1, band="very likely fails"),
        open_finding(2, "A2", "Claim.", "https://example.org/b", 0.3, band="may fail"),
        open_finding(
            3, "A3", "Since 2000.", "https://example.org/c", 0.9, flag_reason="changed fact: 1999 → 2000",
            band="may fail", change=change,
        ),
    ]  # fmt: skip
    settings = ReviewListSettings(enabled=True, title="User:Bot/List")
    parts = review_sections(findings, settings)
    listed = [(p.section.key, [r.finding_id for r in p.rows]) for p in parts]
    assert listed == [("changed", [3]), ("edits", []), ("needs-source", []), ("queued", [1])]
    (page,) = render_pages(parts, settings, HEADER)
    assert page.text.index("== Facts changed under a citation that was kept ==") < page.text.index(
        "== Citations whose source"
    )
    assert "changed fact: 1999 → 2000" in page.text
    both = settings.model_copy(update={"bands": ["very likely fails", "may fail"]})
    assert [r.finding_id for r in review_sections(findings, both)[-1].rows] == [1, 2]


def test_citations_an_edit_removed_replaced_or_untagged_have_their_own_section_escaped() -> None:
    """sidebot.patrol.edits' reasons: listed after changed facts, before the others, whatever their band;
    the ref in the reason is the page's text (untrusted) and stays inert."""
    hostile = "http://example.org/a]] [[Category:X]] {{subst:y}}"
    findings = [
        open_finding(1, "A1", "Claim.", "https://example.org/a", 0.1, band="very likely fails"),
        open_finding(
            2, "A2", "Claim two.", hostile, 0.9, flag_reason=f"citation removed: {hostile}",
            change={"edit": "citation removed", "old": hostile, "new": ""},
        ),
        open_finding(
            3, "A3", "Claim three.", "https://example.org/new", 0.3, band="may fail",
            flag_reason="source replaced: https://example.org/old → https://example.org/new",
            change={"edit": "source replaced", "old": "https://example.org/old", "new": "https://example.org/new"},
        ),
        open_finding(
            4, "A4", "Claim four.", "", None, flag_reason="tag removed: {{citation needed}}",
            change={"edit": "tag removed", "old": "{{citation needed}}", "new": ""}, kind="needs-source",
        ),
    ]  # fmt: skip
    settings = ReviewListSettings(enabled=True, title="User:Bot/List")
    parts = review_sections(findings, settings)
    listed = [(p.section.key, [r.finding_id for r in p.rows]) for p in parts]
    assert listed == [("changed", []), ("edits", [2, 3, 4]), ("needs-source", []), ("queued", [1])]
    (page,) = render_pages(parts, settings, HEADER)
    assert "== Citations an edit removed, replaced or untagged ==" in page.text
    reasons = {r.finding_id: r.reason for r in parse_rows(page.text)}
    assert reasons[2] == f"citation removed: {hostile}"
    assert reasons[3] == "source replaced: https://example.org/old → https://example.org/new"
    assert reasons[4] == "tag removed: {{citation needed}}"
    parsed = mwparserfromhell.parse(page.text)
    assert not parsed.filter_templates() and not [
        link for link in parsed.filter_wikilinks() if "Category" in str(link.title)
    ]


def test_claims_tagged_citation_needed_have_their_own_section_with_the_suggestion() -> None:
    suggestion = {"url": "https://example.org/found", "probability": 0.91, "every_part_probability": 0.8}
    findings = [
        open_finding(1, "A1", "Claim.", "https://example.org/a", 0.1, band="very likely fails"),
        open_finding(
            2, "A2", "It rained {{subst:x}} in 1711.", "", None, flag_reason="needs a source",
            kind="needs-source", tag_date="May 2024 }}<nowiki>", suggestions=[suggestion],
            suggestion=suggestion["url"], suggestion_title="Found '']] page",
        ),
    ]  # fmt: skip
    settings = ReviewListSettings(enabled=True, title="User:Bot/List")
    parts = review_sections(findings, settings)
    assert [(p.section.key, [r.finding_id for r in p.rows]) for p in parts] == [
        ("changed", []),
        ("edits", []),
        ("needs-source", [2]),
        ("queued", [1]),
    ]
    (page,) = render_pages(parts, settings, HEADER)
    heading = "== Claims tagged “citation needed” for which a source was found =="
    assert page.text.index(heading) < page.text.index("== Citations whose source")
    code = mwparserfromhell.parse(page.text)
    assert not code.filter_templates()  # nothing from the claim, the tag's date or the title is a template
    row = next(r for r in parse_rows(page.text) if r.finding_id == 2)
    assert row.source == "No citation; the claim is tagged {{citation needed}} since May 2024 }}<nowiki>"
    assert row.source_url == ""
    reason, why = row.reason.split(" · ")  # why it comes first (sidebot.queue.priority): its tag's age
    assert reason == "needs a source" and why.startswith("tagged ") and why.endswith(" ago")
    assert row.support.startswith("Needs a source — suggested source: source likely backs the whole claim")
    assert (row.suggestion_url, row.suggestion) == ("https://example.org/found", "Found '']] page")
    assert row.claim == "It rained {{subst:x}} in 1711."


def test_an_empty_review_list_says_so() -> None:
    settings = ReviewListSettings(enabled=True, title="User:Bot/List")
    (page,) = render_pages(review_sections([], settings), settings, HEADER)
    assert "0 open; nothing to review." in page.text and parse_rows(page.text) == []


def test_parse_rows_refuses_a_table_that_is_not_ours() -> None:
    with pytest.raises(ValueError):
        parse_rows("{|\n|-\n| a\n| b\n|}")


# ---- save errors ------------------------------------------------------------------------------------------


@pytest.mark.integration
def test_save_errors_become_outcomes_and_only_outages_raise(wiki_site) -> None:
    """Pywikibot's own exception objects for the refusals this wiki cannot produce (no abuse filter, spam
    blacklist or captcha here): each becomes a recorded outcome; a server error ends the run."""
    import pywikibot
    from pywikibot import exceptions as pwb

    from sidebot.onwiki.writer import SaveStatus, WritesStopped, _outcome_of_error
    from sidebot.wiki.site import WikiUnavailableError

    page = pywikibot.Page(wiki_site, "Talk:Anything")
    cases = {
        pwb.EditConflictError(page): SaveStatus.CONFLICT,
        pwb.LockedPageError(page): SaveStatus.FAILED,
        pwb.AbuseFilterDisallowedError(page, info="filter 12"): SaveStatus.FAILED,
        pwb.SpamblacklistError(page, url="spam.example"): SaveStatus.FAILED,
        pwb.TitleblacklistError(page): SaveStatus.FAILED,
        pwb.CaptchaError("captcha"): SaveStatus.FAILED,
        pwb.OtherPageSaveError(page, "Editing restricted by {{bots}}, {{nobots}}"): SaveStatus.REFUSED,
    }
    for exc, status in cases.items():
        outcome = _outcome_of_error("Talk:Anything", exc)
        assert outcome.status == status and outcome.reason, exc
    assert "spam.example" in _outcome_of_error("T", pwb.SpamblacklistError(page, url="spam.example")).reason
    with pytest.raises(WikiUnavailableError):
        _outcome_of_error("T", pwb.ServerError("503"))
    with pytest.raises(WritesStopped, match="blocked"):  # a blocked bot stops writing altogether
        _outcome_of_error("T", pwb.APIError("blocked", "You have been blocked from editing."))
    with pytest.raises(KeyError):
        _outcome_of_error("T", KeyError("a bug is not a refusal"))


# ---- config examples --------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", sorted(CONFIG_DIR.glob("*.toml")), ids=lambda p: p.name)
def test_config_examples_load_and_keep_talk_notices_off_unless_a_sandbox(path: Path) -> None:
    settings = load_settings(path)
    if "example" not in path.name:
        assert not settings.onwiki.notices.enabled, "notices must be opt-in: only sandboxes turn them on"
        assert settings.web.auth == "oauth", "a real wiki's config must not offer a password form"
    if settings.onwiki.writes:
        assert settings.onwiki.stop_page and settings.onwiki.doc_page


def test_outputs_without_stop_page_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text("[onwiki.notices]\nenabled = true\n")
    with pytest.raises(ConfigError, match="stop_page"):
        load_settings(path)


def test_a_finding_url_that_cannot_be_a_link_is_refused_at_load(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('[onwiki.review_list]\nfinding_url = "javascript:alert({id})"\n')
    with pytest.raises(ConfigError, match="finding_url must be an http"):
        load_settings(path)
