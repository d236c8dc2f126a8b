"""The queue's priority (issue 56 item 1) and its topics (item 2): the pageview dump reader, tag dates, the
weights and the words; what the real local wiki says of pages (living people, protection, categories with
depth, WikiProject banners); `sidebot queue prioritize` and `queue list --sort priority / --topic` in
process against the shared test wiki and a SQLite queue."""

from __future__ import annotations

import gzip
import json
from datetime import date
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sidebot.cli.app import app as cli
from sidebot.config import PrioritySettings
from sidebot.datasets.pageviews import PageviewFormatError, read_pageviews
from sidebot.datasets.title_lists import TitleListError, parse_title_list
from sidebot.queue import store
from sidebot.queue.db import Database
from sidebot.queue.models import Finding, FindingState
from sidebot.queue.priority import PriorityInputs, priority_note, priority_of, tag_day
from sidebot.sandbox import testwiki

TODAY = date(2026, 12, 6)
DUMP = (
    "en Kate_Winslet 520 0\n"
    "en.m Kate_Winslet 11480 0\n"  # mobile views count too
    "de Kate_Winslet 900 0\n"  # another wiki: not counted
    "en Megadeth 80 0\n"
    "en.m Megadeth 20 0\n"
)


def test_pageview_dump_is_read_plain_and_compressed(tmp_path: Path) -> None:
    plain, packed = tmp_path / "pageviews-20261205-120000", tmp_path / "pageviews-20261205-120000.gz"
    plain.write_text(DUMP, encoding="utf-8")
    packed.write_bytes(gzip.compress(DUMP.encode()))
    for source in (plain, packed, packed.read_bytes()):
        assert read_pageviews(source, "en") == {"Kate Winslet": 12000, "Megadeth": 100}
    assert read_pageviews(plain, "en", {"Megadeth"}) == {"Megadeth": 100}
    assert read_pageviews(plain, "de") == {"Kate Winslet": 900}


@pytest.mark.parametrize(
    "data",
    [b"en Kate_Winslet many 0\n", b"<html>not a dump</html>\n", gzip.compress(b"en A 1 0\n")[:-6]],
)
def test_what_is_not_a_pageview_dump_is_refused(data: bytes) -> None:
    with pytest.raises(PageviewFormatError):
        read_pageviews(data, "en")


@pytest.mark.parametrize(
    ("written", "day"),
    [
        ("March 2021", date(2021, 3, 1)),
        ("3 March 2021", date(2021, 3, 1)),
        ("2021-03-14", date(2021, 3, 1)),
        ("Sept 2019", date(2019, 9, 1)),
        ("2020", date(2020, 1, 1)),
        ("sometime", None),
        (None, None),
    ],
)
def test_tag_dates_as_editors_write_them(written: str | None, day: date | None) -> None:
    assert tag_day(written) == day


def test_priority_adds_the_weights_and_says_why() -> None:
    weights = PrioritySettings()
    blp = PriorityInputs(True, 12_000, "November 2023", "low_support")
    plain = PriorityInputs(False, None, None, "low_support")
    changed = PriorityInputs(False, None, None, "changed_fact")
    assert priority_of(weights, blp, TODAY) == pytest.approx(3.0 + 4.0792 + 0.5 * 3.0965, abs=1e-3)
    assert priority_of(weights, plain, TODAY) == 0
    assert priority_of(weights, changed, TODAY) == 4.0
    removed = PriorityInputs(False, None, None, "citation_removed")  # an edit took the citation out
    assert priority_of(weights, removed, TODAY) == 4.0
    old = PriorityInputs(False, None, "January 1990", None)
    assert priority_of(weights, old, TODAY) == weights.tag_age * weights.tag_age_max_years  # capped
    assert priority_of(PrioritySettings(living_person=0.0), blp, TODAY) < priority_of(weights, blp, TODAY)
    assert priority_note(True, 12_000, "November 2023", TODAY) == (
        "living person · 12k views/day · tagged 3 years ago"
    )
    assert priority_note(False, 1500, "June 2026", TODAY) == "1.5k views/day · tagged 6 months ago"
    assert priority_note(None, None, None, TODAY) == ""


def test_title_lists_from_petscan_and_pagepile() -> None:
    assert parse_title_list("Kate_Winslet\nMegadeth\n\nKate Winslet\n") == ["Kate Winslet", "Megadeth"]
    petscan_csv = (
        'number,title,pageid,namespace,length,touched\n1,Kate_Winslet,12,0,900,20261201\n2,"A,_B",13,0,5,x\n'
    )
    assert parse_title_list(petscan_csv) == ["Kate Winslet", "A, B"]
    petscan_json = {
        "n": "result",
        "*": [
            {
                "n": "combination",
                "a": {"*": [{"title": "Megadeth", "nstext": ""}, {"title": "X", "nstext": "Talk"}]},
            }
        ],
    }
    assert parse_title_list(json.dumps(petscan_json)) == ["Megadeth", "Talk:X"]
    assert parse_title_list(json.dumps({"id": 7, "wiki": "enwiki", "pages": ["Kate_Winslet"]})) == [
        "Kate Winslet"
    ]
    with pytest.raises(TitleListError):
        parse_title_list("{not json")
    with pytest.raises(TitleListError):
        parse_title_list("x" * 300)


@pytest.fixture(scope="module")
def topic_pages(wiki_site, wiki_users) -> dict[str, str]:
    """Pages on the shared wiki: a living person's biography in a category, another article in its
    subcategory, a semi-protected article, each other's talk page carrying a WikiProject banner."""
    import secrets

    tag = secrets.token_hex(3)
    titles = {
        "living": f"Living person {tag}",
        "sub": f"Sub article {tag}",
        "protected": f"Protected article {tag}",
        "category": f"Topic {tag}",
        "subcategory": f"Topic {tag} details",
        "project": f"Topics {tag}",
    }
    editor, admin = wiki_users.editor, wiki_users.admin
    editor.edit(f"Category:{titles['subcategory']}", f"[[Category:{titles['category']}]]")
    editor.edit(f"Category:{titles['category']}", "A test category.")
    editor.edit(
        titles["living"],
        f"Someone born in 1970.<ref>http://example.org/a</ref>\n[[Category:Living people]]\n"
        f"[[Category:{titles['category']}]]",
    )
    editor.edit(titles["sub"], f"A detail.\n[[Category:{titles['subcategory']}]]")
    editor.edit(titles["protected"], "A much vandalised article.")
    admin.protect(titles["protected"], level="autoconfirmed")
    editor.edit(f"Template:WikiProject {titles['project']}", "This article is within the scope of a project.")
    for key in ("living", "protected"):
        editor.edit(f"Talk:{titles[key]}", f"{{{{WikiProject {titles['project']}}}}}\nTalk.")
    return titles


def test_the_wiki_says_which_pages_are_living_people_and_protected(wiki_site, topic_pages) -> None:
    from sidebot.wiki.page_facts import category_articles, page_facts, project_articles

    t = topic_pages
    facts = page_facts(wiki_site, [t["living"], t["protected"], t["sub"], "No such page 9x"], "Living people")
    assert facts[t["living"]].living_person and not facts[t["living"]].edit_protection
    assert facts[t["protected"]].edit_protection == "autoconfirmed"
    assert not facts[t["protected"]].living_person
    assert "No such page 9x" not in facts
    assert category_articles(wiki_site, t["category"]) == {t["living"]}
    assert category_articles(wiki_site, f"Category:{t['category']}", depth=1) == {t["living"], t["sub"]}
    assert project_articles(wiki_site, t["project"]) == {t["living"], t["protected"]}


def _queue(db: Database, api_url: str, titles: list[str], tag_dates: dict[str, str]) -> dict[str, int]:
    """One open low-support finding per page, stored as the patrol stores them."""
    from sidebot.citations.citations import extract_citations

    ids = {}
    with db.session() as session:
        wiki = store.get_or_create_wiki(session, testwiki.WIKI_NAME, api_url)
        for n, title in enumerate(titles, 1):
            page = store.get_or_create_page(session, wiki, title, n)
            tag = f"{{{{failed verification|date={tag_dates[title]}}}}}" if title in tag_dates else ""
            text = f"A claim about {title}.<ref>http://example.org/{n}</ref>{tag}"
            sync = store.sync_citations(session, page, extract_citations(text, title), n)
            citation = sync.citations[0][0]
            finding = Finding(
                citation_id=citation.id,
                scorer="test",
                score=0.1 * n,
                state=FindingState.OPEN,
                flag_reason="low support (0.10 < 0.50)",
            )
            session.add(finding)
            session.flush()
            ids[title] = finding.id
    return ids


def test_queue_prioritize_and_list_by_priority_and_topic(
    test_wiki, topic_pages, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = topic_pages
    url = f"sqlite:///{tmp_path / 'queue.db'}"
    db = Database(url)
    plain = f"Plain article {t['category']}"
    ids = _queue(db, test_wiki.api_url, [plain, t["protected"], t["living"]], {t["protected"]: "May 2020"})
    dump = tmp_path / "pageviews.gz"
    dump.write_bytes(gzip.compress(f"en {t['protected'].replace(' ', '_')} 500 0\n".encode()))
    monkeypatch.setenv("SIDEBOT_DATABASE_URL", url)
    runner = CliRunner()
    config = str(test_wiki.config_path)

    def run(*args: str) -> str:
        result = runner.invoke(cli, ["--config", config, *args])
        assert result.exit_code == 0, result.output
        return result.output

    before = json.loads(run("queue", "list", "--json", "--sort", "priority"))["findings"]
    assert [f["id"] for f in before] == [ids[plain], ids[t["protected"]], ids[t["living"]]]  # by score

    said = run("queue", "prioritize", "--pageviews", str(dump))
    assert "living people 1" in said and "edit-protected 1" in said and "in the pageview dump 1" in said
    ranked = json.loads(run("queue", "list", "--json", "--sort", "priority"))["findings"]
    assert [f["id"] for f in ranked] == [ids[t["protected"]], ids[t["living"]], ids[plain]]
    by_id = {f["id"]: f for f in ranked}
    assert by_id[ids[t["living"]]]["priority_note"] == "living person"
    assert by_id[ids[t["protected"]]]["priority_note"].startswith("12k views/day · tagged ")  # 500 an hour
    assert by_id[ids[t["protected"]]]["edit_protection"] == "autoconfirmed"
    assert by_id[ids[plain]]["priority_note"] == "" and by_id[ids[plain]]["priority"] == 0
    support = json.loads(run("queue", "list", "--json"))["findings"]
    assert [f["id"] for f in support] == [ids[plain], ids[t["protected"]], ids[t["living"]]]

    topic = json.loads(run("queue", "list", "--json", "--topic", f"category:{t['category']}"))["findings"]
    assert [f["id"] for f in topic] == [ids[t["living"]]]
    project = json.loads(run("queue", "list", "--json", "--topic", f"project:{t['project']}"))["findings"]
    assert {f["id"] for f in project} == {ids[t["living"]], ids[t["protected"]]}
    pile = tmp_path / "pile.json"
    pile.write_text(json.dumps({"pages": [plain.replace(" ", "_")]}), encoding="utf-8")
    listed = json.loads(run("queue", "list", "--json", "--topic", f"list:{pile}"))["findings"]
    assert [f["id"] for f in listed] == [ids[plain]]
    wrong = runner.invoke(cli, ["--config", config, "queue", "list", "--topic", "planet:Mars"])
    assert wrong.exit_code == 2 and "unknown topic" in wrong.output
    db.dispose()


def test_the_demo_ships_a_pageview_dump_for_its_articles(test_wiki_settings) -> None:
    from sidebot.sandbox.demo_content import demo_article_titles
    from sidebot.sandbox.testwiki_config import DEMO_PAGEVIEWS

    titles = demo_article_titles()
    views = read_pageviews(DEMO_PAGEVIEWS, "en")
    assert set(views) == set(titles) and all(v > 0 for v in views.values())
    assert test_wiki_settings.priority.pageviews == str(DEMO_PAGEVIEWS)  # the sandbox's config reads it


@pytest.fixture
def topic_app(test_wiki, test_wiki_settings, topic_pages, web_db, web_settings, tmp_path: Path):
    """The review app on a queue of three findings whose priorities were worked out from the real wiki
    (a living person's biography; a semi-protected page tagged in May 2020 with 500 views an hour; a plain
    page), configured for the test wiki so that topics are asked of it."""
    from sidebot.patrol.page_priority import refresh_page_priority
    from sidebot.web.app import create_app
    from sidebot.wiki.reader import PywikibotWiki
    from sidebot.wiki.site import connect

    t = topic_pages
    plain = f"Plain article {t['category']}"
    ids = _queue(
        web_db, test_wiki.api_url, [plain, t["protected"], t["living"]], {t["protected"]: "May 2020"}
    )
    settings = test_wiki_settings.model_copy(update={"home": tmp_path})
    dump = tmp_path / "views"
    dump.write_text(f"en.m {t['protected'].replace(' ', '_')} 500 0\n", encoding="utf-8")
    wiki = PywikibotWiki(settings, connect(settings, login=False))
    refresh_page_priority(settings, web_db, wiki, str(dump))
    return create_app(settings, web_db, web_settings), ids, plain


def _listed(client, url: str) -> list[int]:
    import lxml.html

    page = client.get(url)
    assert page.status_code == 200, page.text
    rows = lxml.html.fromstring(page.text).xpath('//*[@data-testid="finding-row"]')
    return [int(row.get("data-id")) for row in rows]


def test_the_web_list_comes_by_priority_and_filters_by_topic(topic_app, topic_pages) -> None:
    from fastapi.testclient import TestClient

    app, ids, plain = topic_app
    t = topic_pages
    with TestClient(app) as client:
        assert _listed(client, "/queue") == [ids[t["protected"]], ids[t["living"]], ids[plain]]
        assert _listed(client, "/queue?sort=support") == [ids[plain], ids[t["protected"]], ids[t["living"]]]
        page = client.get("/queue").text
        assert "12k views/day · tagged 6 years ago" in page
        card = client.get(f"/findings/{ids[t['living']]}").text
        assert "Comes first because: living person" in card
        api = client.get("/api/findings").json()
        assert [f["id"] for f in api["findings"]][:1] == [ids[t["protected"]]]
        assert _listed(client, f"/queue?topic=category:{t['category']}&depth=1") == [ids[t["living"]]]
        assert _listed(client, f"/queue?topic=project:{t['project']}") == [
            ids[t["protected"]],
            ids[t["living"]],
        ]
        wrong = client.get("/queue?topic=planet:Mars")
        assert wrong.status_code == 400 and "is not category:NAME or project:NAME" in wrong.text
        missing = client.get("/queue?topic=category:No such category 9q")
        assert missing.status_code == 400 and "no such category" in missing.text
        for hostile in ("category:[[x]]|y", "project:a{{b}}"):  # not titles: an error shown, never a 500
            answer = client.get("/queue", params={"topic": hostile})
            assert answer.status_code == 400 and "is not a valid title" in answer.text, hostile


def test_a_reviewer_saves_and_opens_worklists(topic_app, topic_pages, web_accounts) -> None:
    from fastapi.testclient import TestClient

    from tests.fixtures.web import api_login

    app, ids, plain = topic_app
    t = topic_pages
    with TestClient(app) as client, TestClient(app) as other:
        anonymous = client.post("/worklists", data={"name": "x", "query": "", "csrf_token": "none"})
        assert anonymous.status_code == 403
        token = api_login(client, web_accounts.reviewer)
        saved = client.post(
            "/worklists",
            data={
                "name": "Project work",
                "query": f"topic=project:{t['project']}&page=3",
                "csrf_token": token,
            },
            follow_redirects=False,
        )
        assert saved.status_code == 303
        opened = saved.headers["location"]
        assert _listed(client, opened) == [ids[t["protected"]], ids[t["living"]]]
        pile = json.dumps({"pages": [t["living"].replace(" ", "_"), plain]}).encode()
        with_titles = client.post(
            "/worklists",
            data={"name": "From PagePile", "query": "", "csrf_token": token},
            files={"titles_file": ("pile.json", pile, "application/json")},
            follow_redirects=False,
        )
        listed = with_titles.headers["location"]
        assert _listed(client, listed) == [ids[t["living"]], ids[plain]]
        assert _listed(client, listed + "&status=all") == [ids[t["living"]], ids[plain]]
        page = client.get("/queue").text
        assert "Project work" in page and "From PagePile" in page
        api_login(other, web_accounts.second)
        assert other.get(opened).status_code == 404  # another reviewer's worklist
        worklist_id = opened.rsplit("=", 1)[1]
        client.post(f"/worklists/{worklist_id}/delete", data={"csrf_token": token})
        assert client.get(opened).status_code == 404


def test_a_pageview_dump_is_downloaded_under_the_ssrf_guard(source_server, source_fetch_settings) -> None:
    from sidebot.config import FetchSettings, Settings
    from sidebot.patrol.page_priority import views_per_day
    from sidebot.sources.download import DownloadError, download

    url = source_server.url("/pageviews-20261205-120000.gz")
    settings = Settings(fetch=source_fetch_settings)
    assert views_per_day(settings, url, {"Kate Winslet"}) == {"Kate Winslet": 12_000}  # 500 an hour
    with pytest.raises(DownloadError, match="127.0.0.1"):  # a private address, not allowed by default
        download(url, FetchSettings(), 1_000_000)
    with pytest.raises(DownloadError, match="over the 10,000-byte limit"):
        download(source_server.url("/huge"), source_fetch_settings, 10_000)
    with pytest.raises(DownloadError, match="HTTP 404"):
        download(source_server.url("/missing"), source_fetch_settings, 10_000)
    with pytest.raises(DownloadError, match="not an http"):
        download("file:///etc/passwd", source_fetch_settings, 10_000)


def test_the_scheduler_refreshes_priorities_daily(
    test_wiki, test_wiki_settings, topic_pages, tmp_path: Path
) -> None:
    """The `priority` job is scheduled (`[schedule] priority_every`, a day by default) and does what `sidebot
    queue prioritize` does, recorded as a run: the real wiki's categories and protection, the configured
    pageview dump, the open findings' priority."""
    import threading
    from datetime import timedelta

    from sidebot.config import ScheduleSettings
    from sidebot.queue.models import Run
    from sidebot.scheduler.app import job_specs
    from sidebot.scheduler.jobs import PRIORITY, JobContext, run_job
    from sidebot.wiki.reader import PywikibotWiki
    from sidebot.wiki.site import connect

    t = topic_pages
    plain = f"Plain article {t['category']} (scheduled)"
    dump = tmp_path / "views"
    dump.write_text(f"en {t['protected'].replace(' ', '_')} 500 0\n", encoding="utf-8")
    settings = test_wiki_settings.model_copy(
        update={
            "home": tmp_path,
            "database": test_wiki_settings.database.model_copy(
                update={"url": f"sqlite:///{tmp_path / 'queue.db'}"}
            ),
            "priority": test_wiki_settings.priority.model_copy(update={"pageviews": str(dump)}),
        }
    )
    assert ScheduleSettings().priority_every == timedelta(days=1)
    specs = {spec.name: spec.every for spec in job_specs(settings)}
    assert specs[PRIORITY] == settings.schedule.priority_every
    db = Database(settings.database_url)
    ids = _queue(db, test_wiki.api_url, [plain, t["protected"], t["living"]], {t["protected"]: "May 2020"})
    with db.session() as session:
        assert {session.get_one(Finding, i).priority for i in ids.values()} == {None}
    wiki = PywikibotWiki(settings, connect(settings, login=False))
    ctx = JobContext(settings, db, wiki, scorer=None, stop=threading.Event())  # type: ignore[arg-type]
    result = run_job(ctx, PRIORITY)
    assert result.status == "ok"
    assert result.counts == {"pages": 3, "living": 1, "protected": 1, "with_views": 1, "findings": 3}
    with db.session() as session:
        priority = {title: session.get_one(Finding, i).priority for title, i in ids.items()}
        assert priority[t["protected"]] > priority[t["living"]] > priority[plain] == 0
        assert session.query(Run).filter_by(kind=PRIORITY).one().status == "ok"
    assert run_job(ctx, PRIORITY).counts["findings"] == 0  # nothing changed since
    db.dispose()


def test_the_json_api_filters_by_topic_and_worklist(topic_app, topic_pages, web_accounts) -> None:
    """``GET /api/findings`` takes the list page's topics (a category with depth, a WikiProject, asked of the
    real wiki) and the logged-in reviewer's saved worklists; each finding carries its priority and why."""
    from fastapi.testclient import TestClient

    from sidebot.queue.worklists import save_worklist
    from tests.fixtures.web import api_login

    app, ids, plain = topic_app
    t = topic_pages

    def listed(client: TestClient, **params: object) -> list[dict]:
        answer = client.get("/api/findings", params=params)
        assert answer.status_code == 200, answer.text
        return answer.json()["findings"]

    with TestClient(app) as client, TestClient(app) as other:
        everything = {f["id"]: f for f in listed(client)}
        assert everything[ids[t["living"]]]["priority_note"] == "living person"
        assert everything[ids[t["protected"]]]["priority_note"] == "12k views/day · tagged 6 years ago"
        assert everything[ids[t["protected"]]]["priority"] > everything[ids[t["living"]]]["priority"] > 0
        assert everything[ids[plain]]["priority"] == 0 and everything[ids[plain]]["priority_note"] == ""

        category = listed(client, topic=f"category:{t['category']}", depth=1)
        assert [f["id"] for f in category] == [ids[t["living"]]]
        assert category[0]["priority_note"] == "living person"
        assert listed(client, topic=f"category:{t['subcategory']}") == []  # the sub article has no finding
        project = listed(client, topic=f"project:{t['project']}")
        assert [f["id"] for f in project] == [ids[t["protected"]], ids[t["living"]]]  # priority first
        wrong = client.get("/api/findings", params={"topic": "planet:Mars"})
        assert wrong.status_code == 400 and "is not category:NAME or project:NAME" in wrong.json()["detail"]
        missing = client.get("/api/findings", params={"topic": "category:No such category 9q"})
        assert missing.status_code == 400 and "no such category" in missing.json()["detail"]
        too_deep = client.get("/api/findings", params={"topic": f"category:{t['category']}", "depth": 6})
        assert too_deep.status_code == 422

        with app.state.ctx.db.session() as session:
            reviewer = web_accounts.reviewer.username
            by_project = save_worklist(session, reviewer, "Project", {"topic": f"project:{t['project']}"})
            by_titles = save_worklist(session, reviewer, "Pile", {"titles": [plain], "sort": "support"})
        assert client.get("/api/findings", params={"worklist": by_project.id}).status_code == 404  # anonymous
        api_login(client, web_accounts.reviewer)
        opened = listed(client, worklist=by_project.id, article="No such prefix")  # its filters replace those
        assert [f["id"] for f in opened] == [ids[t["protected"]], ids[t["living"]]]
        assert [f["id"] for f in listed(client, worklist=by_titles.id)] == [ids[plain]]
        api_login(other, web_accounts.second)
        assert other.get("/api/findings", params={"worklist": by_titles.id}).status_code == 404  # not theirs
