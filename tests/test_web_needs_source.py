"""A claim tagged {{citation needed}} in the review UI: its own reason filter in the list and the JSON API,
and a card that says the claim cites nothing and since when it is tagged, with the source found for it (the
app on a real SQLite queue, through FastAPI's test client)."""

from __future__ import annotations

from sidebot.queue.db import Database
from sidebot.queue.models import Citation, Finding, Page, Suggestion, Wiki


def seed(db: Database) -> tuple[int, int]:
    """A needs-source finding with its suggestion and an ordinary low-support one; their ids."""
    with db.session() as session:
        wiki = Wiki(
            name="testwiki", api_url="http://127.0.0.1:9/api.php", article_url="http://127.0.0.1:9/{title}"
        )
        page = Page(wiki=wiki, title="Alice in Chains", wiki_page_id=7, rev_id=3)
        tagged = Citation(
            page=page, fingerprint="a" * 40, kind="needs-source", claim="Inez joined the band again in 2003.",
            tags=["citation needed"], checkable=False, tag_date="May 2023 <b>",
        )  # fmt: skip
        cited = Citation(
            page=page, fingerprint="b" * 40, kind="cite web", claim="The band formed in 1987.",
            url="http://127.0.0.1:9/formed", position=1,
        )  # fmt: skip
        needs = Finding(
            citation=tagged, scorer="s", state="open", flag_reason="needs a source", origin="recent", rev_id=3
        )
        found = Suggestion(
            rank=1, url="http://127.0.0.1:9/wice/dev01665", title="Alice in Chains tour", score=4.2,
            probability=0.91, every_part_probability=0.8, passage="Inez rejoined for the 2003 tour.",
        )  # fmt: skip
        needs.suggestions = [found]
        low = Finding(
            citation=cited, scorer="s", state="open", flag_reason="low support (0.10 < 0.50)",
            origin="recent", score=0.1, probability=0.1, rev_id=3,
        )  # fmt: skip
        session.add_all([needs, low])
        session.commit()
        return needs.id, low.id


def test_needs_source_has_its_own_filter_and_card(web_client, web_db) -> None:
    needs, low = seed(web_db)
    api = web_client.get("/api/findings", params={"reason": "needs_source"}).json()["findings"]
    assert [f["id"] for f in api] == [needs] and api[0]["reason"] == "needs a source"
    everything = web_client.get("/api/findings").json()["findings"]
    assert {f["id"] for f in everything} == {needs, low}
    page = web_client.get("/queue", params={"reason": "needs_source"}).text
    assert page.count('data-testid="finding-row"') == 1 and "Inez joined the band" in page
    assert 'value="needs_source"' in page  # the filter offers it
    card = web_client.get(f"/findings/{needs}").text
    assert "No citation; the claim is tagged {{citation needed}} since May 2023 &lt;b&gt;" in card
    assert 'data-testid="no-cited-source"' in card and "[citation needed]" in card
    assert "http://127.0.0.1:9/wice/dev01665" in card and "Inez rejoined for the 2003 tour." in card
    other = web_client.get(f"/findings/{low}").text
    assert 'data-testid="no-citation"' not in other and 'data-testid="support"' in other
    detail = web_client.get(f"/api/findings/{needs}").json()
    assert detail["no_citation"] == "No citation; the claim is tagged {{citation needed}} since May 2023 <b>"
