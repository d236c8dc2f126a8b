"""The fact check: normalisers on real strings from WiCE pages (each equivalence and each non-equivalence),
the look-up and contradiction rule on real WiCE claims and the pages they cite, changed facts, the fact rule
and the bands.

Page strings are quoted from WiCE dev source pages (ids in the comments; tests/data/verify/README.md gives the
data set's provenance and license).
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sidebot.cli.app import app
from sidebot.datasets.wice import read_wice
from sidebot.eval.sneaky import source_gives
from sidebot.names import name_forms, normal_name, states_form
from sidebot.queue.support import Support
from sidebot.records import Claim, FactFinding, Verdict
from sidebot.sandbox.demo_content import demo_source
from sidebot.sources.extract import html_main_text
from sidebot.sources.passages import split_passages
from sidebot.verify.bands import Band, Bands, threshold_for_precision
from sidebot.verify.coverage import content_stems
from sidebot.verify.factory import shipped_model_dir
from sidebot.verify.facts import (
    FactRule,
    FactStatus,
    NewValue,
    PageIndex,
    SneakyEdit,
    changed_facts,
    check_facts,
    fact_note,
    make_edit,
    missing_in_words,
    name_pool,
    names_the_subject,
    normal_text,
    settled_by_source,
)
from sidebot.verify.facts._changes import _replaced_facts
from sidebot.verify.facts._check import MOST_PLACES_READ
from sidebot.verify.facts._extract import FactKind, bare_name, claim_facts, spelled_out_before
from sidebot.verify.facts._numbers import NumberKind, number_facts, same_fact
from sidebot.verify.facts._sneaky import AWAY_CHARACTERS

WICE = Path(__file__).parent / "data" / "verify" / "wice-claims.jsonl"


def one(text: str):
    facts = number_facts(text)
    assert len(facts) == 1, facts
    return facts[0]


def states(page_sentence: str, claim_text: str) -> bool:
    """Whether ``page_sentence`` states the single number fact of ``claim_text``."""
    return any(same_fact(one(claim_text), f) for f in number_facts(page_sentence))


@pytest.mark.parametrize(
    ("page", "claim"),
    [
        # dev02276: "was released September 30, 2014 via Dim Mak"
        ("was released September 30, 2014 via Dim Mak/Ultra Music", "released on 30 September 2014"),
        ("was released September 30, 2014 via Dim Mak/Ultra Music", "released on 2014-09-30"),
        ("was released September 30, 2014 via Dim Mak/Ultra Music", "released in September 2014"),
        ("was released September 30, 2014 via Dim Mak/Ultra Music", "released in 2014"),
        # dev04471: "## 26 July 1865"
        ("## 26 July 1865", "born on July 26, 1865"),
        # dev02563: "approximately 13 million specimens"
        ("the Yale Peabody Museum's approximately 13 million specimens", "holds 13,000,000 specimens"),
        # dev01892: "currently stands at 1,286,930 (2.5% of the overall population"
        ("currently stands at 1,286,930 (2.5% of the overall population", "about 1.3 million people"),
        ("currently stands at 1,286,930 (2.5% of the overall population", "2.5 per cent of the population"),
        # dev03128: "makes up 11.60 % of total population of village" (a space before the sign)
        ("which makes up 11.60 % of total population of village", "11.6% of the village's population"),
        ("which makes up 11.60\u00a0% of total population of village", "11.6 per cent of its people"),
        # dev02692: "representing 20 per cent of its 1.63 billion shares"
        ("representing 20 per cent of its 1.63 billion shares", "20% of its shares"),
        ("representing 20 per cent of its 1.63 billion shares", "1,630,000,000 shares"),
        # dev02692: "generated US$1.46 billion in tourism earnings"
        ("Jamaica generated US$1.46 billion in tourism earnings", "earned $1.46 billion"),
        # dev01859: "for fifty years (1882-1932)"
        ("Linnean Society of New South Wales for fifty years (1882-1932)", "a member for 50 years"),
        ("Linnean Society of New South Wales for fifty years (1882-1932)", "from 1882"),
        # dev01859: "A member for forty-four years"
        ("A member for forty-four years, he was an honorary", "for 44 years"),
        # dev02563: "begun in the 18th century"
        ("earliest museum collection, begun in the 18th century", "in the eighteenth century"),
        # dev01523: the claim's day without its year, the page's with it
        ("— Dale Earnhardt Jr. (@DaleJr) August 10, 2014", "On August 10, Smith was hired"),
        # dev03965: "and Digital on 12th November."
        (
            "in cinemas November 9, DVD, Blu-ray and Digital on 12th November.",
            "a digital release on 12 November",
        ),
        # dev02254: "two exhilarating 24-hour performances"
        ("will begin and end with two exhilarating 24-hour performances", "the 24-hour performance"),
        # the days of a range share their month (and year)
        ("The festival runs August 5–12 in Edinburgh", "the festival closed on August 12"),
        ("The festival ran 10–11 May 2019 in Edinburgh", "the festival opened on May 10, 2019"),
        # a count after a month name stays a count
        ("In August, 10,000 people attended", "In August 10,000 people attended"),
        # train14483-0: a date after a word ending in "rs" (read as rupees, "Rs 21", until 2026-11-27)
        ("Hide image\nThe Staggers\n21 June 2016\n# EU referendum debate", "On 21 June 2016, she took part"),
    ],
)
def test_equal_facts_match_however_written(page: str, claim: str) -> None:
    assert states(page, claim)


@pytest.mark.parametrize(
    ("page", "claim"),
    [
        ("was released September 30, 2014 via Dim Mak/Ultra Music", "released on 30 September 2015"),
        ("was released September 30, 2014 via Dim Mak/Ultra Music", "released on 29 September 2014"),
        ("was released September 30, 2014 via Dim Mak/Ultra Music", "released in October 2014"),
        ("## 26 July 1865", "born in 1866"),
        ("currently stands at 1,286,930 (2.5% of the overall population", "1,286,931 people"),
        ("currently stands at 1,286,930 (2.5% of the overall population", "3.5% of the population"),
        ("which makes up 11.60 % of total population of village", "12.6% of the village's population"),
        ("which makes up 11.60 % of total population of village", "11.60 children"),
        ("representing 20 per cent of its 1.63 billion shares", "20 shares"),
        ("Linnean Society of New South Wales for fifty years (1882-1932)", "a member for 51 years"),
        ("earliest museum collection, begun in the 18th century", "in the nineteenth century"),
        ("Jamaica generated US$1.46 billion in tourism earnings", "earned $1.46 million"),
        ("— Dale Earnhardt Jr. (@DaleJr) August 10, 2014", "On August 11, Smith was hired"),
        ("Smith was hired on August 10 to replace Stewart", "he was hired for 10 races"),  # a day is no count
        ("held on April 9, 2010", "held on April 9, 2011"),
        ("Foxtel will be airing episodes weekly in Australia from March 4th", "the 4th season"),
    ],
)
def test_different_facts_do_not_match(page: str, claim: str) -> None:
    assert not states(page, claim)


def test_kinds_and_values_as_read() -> None:
    facts = number_facts(
        "On May 12, 2015 it sold 1.5 million copies, 45% of them in the 1990s' style; the third"
    )
    assert [(f.kind, f.value) for f in facts] == [
        (NumberKind.DATE, (2015, 5, 12)),
        (NumberKind.NUMBER, (1_500_000.0,)),
        (NumberKind.PERCENT, (45.0,)),
        (NumberKind.DECADE, (1990,)),
        (NumberKind.ORDINAL, (3,)),
    ]
    assert one("8 saves").unit == "saves"
    assert one("a 24-hour performance").unit == "hour"
    assert one("a five-year-old boy").unit == "year"
    assert number_facts("he went 5-for-5 at bat")[0].unit == ""  # "for" names nothing counted
    assert number_facts("10:40 pm25 Mar 2011")[-1].value == (2011, 3, 25)  # glued page text (a WiCE page)


def test_a_measure_converted_in_brackets_is_one_fact() -> None:
    # train15163-1: Wikipedia's {{convert}} writes "50-foot (15 m)"; the page gives "50 foot lengths" only
    facts = claim_facts("These 50-foot (15\u00a0m) lengths of leather were sewn together like a boot leg.")
    assert [f.text for f in facts] == ["50"]
    both = "The tower is 100 km (62 mi) away; it was 30 °C (86 °F); it cost £5 million (US$7 million)."
    assert [f.text for f in claim_facts(both)] == ["100", "30", "£5 million"]
    counts = "He scored 3 goals (2 penalties) in 2010 (aged 20) and stands 5 ft 4 in (1.63 m) tall."
    assert [f.text for f in claim_facts(counts)] == ["3", "2", "2010", "20", "5", "4"]
    # metric first; digits that read as a year; train20676-0's "500m"; dev03525's "square feet"
    metric = "It is 2,000 m (6,600 ft) high, 6,234 ft (1900 m) wide and 180,000 square feet (17,000\u00a0m)."
    assert [f.text for f in claim_facts(metric)] == ["2,000", "6,234", "180,000"]
    assert [(f.text, f.value) for f in number_facts("the K4 500m final, $5m")] == [
        ("500", (500.0,)),
        ("$5m", (5_000_000.0,)),
    ]
    # the measure is stated in either unit (dev01611: the page gives metres only) and changed as one fact
    palace = "The front of the palace measures 355 feet (108 m) across, by 390 ft (120 m) deep."
    page = PageIndex.from_passages(
        split_passages(
            "In measurements, the building is 108 metres long across the front, 120 metres deep", ""
        )
    )
    assert [(r.fact.text, r.status) for r in check_facts(palace, page).results] == [
        ("355", FactStatus.FOUND),
        ("390", FactStatus.FOUND),
    ]
    (change,) = changed_facts("The tower is 50 feet (15 m) tall.", "The tower is 60 feet (18 m) tall.")
    assert (change.old.text, change.new.text) == ("50", "60")
    # a sum in brackets in the same currency is another sum
    grossed = "The film grossed $150 million ($40 million in North America)."
    assert [f.text for f in claim_facts(grossed) if f.number] == ["$150 million", "$40 million"]


def test_fractions_of_a_scale_are_valued() -> None:
    # dev01662: "… it has had over half a million visitors from every state in the U.S. …"
    assert one("over half a million visitors").value == (500_000.0,)
    assert one("a quarter of a million dollars").value == (250_000.0,)
    assert one("one and a half million people").value == (1_500_000.0,)
    assert one("2 and a half thousand years").value == (2_500.0,)
    assert number_facts("he was the third of a family")[0].kind is NumberKind.ORDINAL


def test_a_count_is_not_a_sum_of_money() -> None:
    # dev01662's page: the museum raised $500,000; the claim counts half a million visitors
    page = "Since 2007, the Seminole Nation Museum has raised over $500,000 to improve the safety"
    assert not states(page, "over half a million visitors")
    assert states(page, "raised half a million dollars")


def test_a_range_shares_its_currency_and_scale() -> None:
    # train13599: "projected to gross $10–20 million from 2,847 theaters"; its page, "Death Wish," with
    # tracking between $15 million and $20 million.
    low, high, theaters = number_facts(
        '"Death Wish" was projected to gross $10–20 million from 2,847 theaters'
    )
    assert (low.kind, low.value) == (NumberKind.MONEY, (10_000_000.0,))
    assert (high.kind, high.value) == (NumberKind.MONEY, (20_000_000.0,))
    assert theaters.kind is NumberKind.NUMBER
    page = number_facts('and MGM\'s "Death Wish," with tracking between $15 million and $20 million.')
    assert any(same_fact(high, f) for f in page) and not any(same_fact(low, f) for f in page)
    assert [f.value for f in number_facts("5-6 million people")] == [(5_000_000.0,), (6_000_000.0,)]
    assert [f.value for f in number_facts("at odds of 3-1 in 1999")][:2] == [(3.0,), (1.0,)]  # no range
    assert [f.kind for f in number_facts("10 to 20% of voters")] == [NumberKind.PERCENT] * 2


def test_a_possessive_is_not_part_of_a_name() -> None:
    # dev02641: the small model takes "Tim McGraw's" for the person
    claim = "She provided guest vocals for Tim McGraw's song \"Highway Don't Care\", featuring Keith Urban."
    person = next(f for f in claim_facts(claim) if f.label == "PERSON")
    assert person.text == "Tim McGraw" == claim[person.start : person.end]
    assert normal_name("Tim McGraw's") == normal_name("Tim McGraw’s") == "tim mcgraw"
    # dev03713: "Jackson's" at the end of the name was read as a rival of the page's "Jackson's MMA Series"
    claim = (
        "Young faced Kedzie again in a five-round title rematch at Jackson's MMA Series 4 on April 9, 2011."
    )
    page = PageIndex.from_passages(
        split_passages(
            "Kaitlin Young vs Julie Kedzie Set For Jackson's MMA Series | MMARising.com", "MMARising"
        )
    )
    statuses = {r.fact.text: r.status for r in check_facts(claim, page, "Kaitlin Young").results}
    assert statuses["Jackson's"] is FactStatus.FOUND


def test_a_day_of_the_month_is_read_without_its_year() -> None:
    # dev03965's page: "Thursday 18 October 15:30" and "on 12th November." (the stop is not the date's)
    facts = number_facts("Thursday 18 October 15:30, and on 12th November.")
    assert [(f.kind, f.value, f.text) for f in facts if f.kind is NumberKind.DAY] == [
        (NumberKind.DAY, (10, 18), "18 October"),
        (NumberKind.DAY, (11, 12), "12th November"),
    ]
    assert one("On August 10, Smith was hired").kind is NumberKind.DAY
    for verb in ("you may 2 be right", "the soldiers had to march 9 miles"):  # the verbs, not the months
        assert [f.kind for f in number_facts(verb)] == [NumberKind.NUMBER]
    assert [f.text for f in number_facts("In August 10,000 people attended")] == ["10,000"]


def test_a_full_date_is_found_by_its_day_when_the_page_gives_the_year_elsewhere() -> None:
    # dev03713: a news item gives the year in its dateline only, and "2007" in the fighters' records was read
    # as a rival of the claim's date
    claim = (
        "Young faced Kedzie again in a five-round title rematch at Jackson's MMA Series 4 on April 9, 2011."
    )
    dateline = "By Robert Sargent on February 22, 2011"
    story = (
        "Two of MMA's top 135-pound female fighters will collide in a five-round title fight at Jackson's "
        "MMA Series 4 on April 9th in Albuquerque, New Mexico. Young captured the HOOKnSHOOT title in 2007."
    )

    def date_status(*sentences: str) -> FactStatus:
        page = PageIndex.from_passages(split_passages("\n".join(sentences), "MMARising"))
        return next(
            r.status
            for r in check_facts(claim, page, "Kaitlin Young").results
            if r.fact.text == "April 9, 2011"
        )

    assert date_status(dateline, story) is FactStatus.FOUND
    assert date_status(story) is not FactStatus.FOUND  # no 2011 anywhere: the day is not the claim's date
    assert date_status("By Robert Sargent, 20110 words", story) is not FactStatus.FOUND
    # the same day of another year is that year's date, not the claim's
    other_year = story.replace("on April 9th", "on April 9, 2010")
    assert date_status(dateline, other_year) is FactStatus.CONTRADICTED
    # a day the page writes as an ISO date
    page = PageIndex.from_passages(
        split_passages("Independence Day 2014-07-04 was marked in Philadelphia.", "")
    )
    (result,) = check_facts("It was marked on 4 July in Philadelphia.", page).results[:1]
    assert result.fact.text == "4 July" and result.status is FactStatus.FOUND


@pytest.mark.parametrize(
    "text, score",
    [  # WiCE dev claims and pages
        ("He made his MLS debut on August 4, 2018, starting in a 2-1 loss to Real Salt Lake.", (2, 1)),
        ("Higgins won the final three frames to take a 10–7 lead overnight.", (10, 7)),
        ("the 'Busby Babes' held out for a famous 5-4 victory.", (5, 4)),
        ("Real Salt Lake defeated Los Angeles Galaxy in a 1–1 draw that was decided in overtime.", (1, 1)),
        ("Arsenal beat Chelsea 3–1 at home.", (3, 1)),
        ("The busy centre works exclusively with young 10-24 year old Jordanians.", None),  # an age range
        ("He won 2-3 races that year.", None),  # a count of races, not a result
        ("The 2016–17 season was his last.", None),
        ("Losing record\n11-12-7\nReal Salt Lake's regular-season record", None),  # dev01868's page
    ],
)
def test_a_result_is_one_fact(text: str, score: tuple[int, int] | None) -> None:
    scores = [f.value for f in number_facts(text) if f.kind is NumberKind.SCORE]
    assert scores == ([] if score is None else [score])


def test_a_score_is_found_either_way_round_and_contradicted_by_another_result() -> None:
    claim = "He made his MLS debut in a 2-1 loss to Real Salt Lake, making 8 saves."

    def result(page: str) -> tuple[FactStatus, str]:
        check = check_facts(claim, PageIndex.from_passages(split_passages(page, "Stefan Cleveland")))
        found = next(r for r in check.results if r.fact.label == NumberKind.SCORE)
        return found.status, found.explanation()

    # WiCE dev02203's page, a results table that glues its cells together
    assert result("7/21/2018TOR @ CHIL 2-1Unused Sub00000000")[0] is FactStatus.FOUND
    assert result("Real Salt Lake won 1–2 away; the debutant made 8 saves.")[0] is FactStatus.FOUND
    assert result("He made his MLS debut in a 3-1 loss to Real Salt Lake, with 8 saves.") == (
        FactStatus.CONTRADICTED,
        "the source gives 3-1, the claim says 2-1",
    )
    assert result("He made 8 saves against Real Salt Lake in his 21st game.")[0] is FactStatus.MISSING
    page = "On his debut he was in goal for a 2-1 loss."
    edit = make_edit("dev02203", claim, page, {}, 13)  # a vandal's edit of the score
    assert edit is not None and edit.label == NumberKind.SCORE and edit.fact == "2-1"
    (change,) = changed_facts(claim, claim.replace("2-1", "3-1"))  # the patrol's changed fact
    assert (change.old.text, change.new.text, change.old.description) == ("2-1", "3-1", "score")
    assert changed_facts(claim, claim.replace("2-1", "1-2")) == []  # either side first: the same result
    # read from the words' diff (spaCy reads the keeper's name otherwise after the edit): still a score
    old, new = "Keeper Stefan Cleveland was in a 2-1 loss.", "Keeper Stefan Clevland was in a 3-1 loss."
    changes = _replaced_facts(old, new, claim_facts(old), claim_facts(new), "")
    assert [(c.new.text, c.new.label) for c in changes if c.new.number] == [("3-1", NumberKind.SCORE)]


def test_a_month_is_found_in_the_sentence_after_the_one_that_gives_its_year() -> None:
    # WiCE dev04389 (the demo's Asia Booth Clarke): the page gives the claim's "December of 1865" so
    claim = 'The first, titled "Booth memorials", was published in December of 1865.'
    year = "In August of 1865, she gave birth to twins, Creston and Lillian."
    month = "By December she had finished her biography of Junius Sr. and it was published."

    def status(*sentences: str) -> FactStatus:
        page = PageIndex.from_passages(split_passages(" ".join(sentences), "Asia Booth Clarke"))
        return {r.fact.text: r.status for r in check_facts(claim, page).results}["December of 1865"]

    assert status(year, month) is FactStatus.FOUND
    assert status(year, "They lived in Boston.", month) is not FactStatus.FOUND  # two sentences on
    assert status(month, year) is not FactStatus.FOUND  # the year comes after
    assert status(year, month.replace("December", "December 1866")) is not FactStatus.FOUND
    assert status(year, "By then she had to march on, or december would come.") is not FactStatus.FOUND


# dev02968's page (WiCE dev, fit half), saved on August 25, 2019
DEV02968_PAGE = (
    'Press "Enter" to skip to content\nSearch The Missouri Times\nAugust 25, 2019\n# Lipman, Hardwick, '
    "Powell selected by commission in first round of Supreme Court process\nBy Travis Zimpfer on "
    "March 2, 2017\n(Featured photo, from left to right: Benjamin Lipman, Lisa Hardwick, W. Brent Powell)"
    "\nJEFFERSON CITY, Mo. –\nThe seven-person Appellate Judicial Commission narrowed the list of "
    "applicants to take over the empty seat on the Missouri Supreme Court bench from 31 down to three "
    "Wednesday evening."
)


def test_the_page_s_own_date_is_no_rival_where_the_context_gives_the_claim_s_year() -> None:
    # dev02968's page: "the source gives August 25, 2019 (the day the page was saved), the claim says March 1,
    # 2017", beside the byline's "March 2, 2017"
    page = PageIndex.from_passages(split_passages(DEV02968_PAGE, ""))
    claim = (
        "On March 1, 2017 the Appellate Judicial Commission selected Lipman, Hardwick and Powell as "
        "applicants for the empty Missouri Supreme Court seat."
    )

    def date_status(claim: str) -> tuple[FactStatus, str | None]:
        (date,) = [r for r in check_facts(claim, page).results if r.fact.label == "date"]
        return date.status, date.stated

    # a Monday the page does not name (r21 read March 1 so; since r22 it is found as "Wednesday evening")
    assert date_status(claim.replace("March 1", "February 27")) == (FactStatus.MISSING, None)
    # with nothing of the claim's year beside it, another year still contradicts
    assert date_status(claim.replace("2017", "2015")) == (FactStatus.CONTRADICTED, "August 25, 2019")


@pytest.mark.parametrize(
    ("claim_date", "status"),
    [
        ("March 1, 2017", "found"),  # a Wednesday, the day before the byline's March 2
        ("February 22, 2017", "missing"),  # a Wednesday, but not in the week up to the byline
        ("March 8, 2017", "missing"),  # a Wednesday after the byline
        ("February 28, 2017", "missing"),  # a Tuesday
    ],
)
def test_a_date_is_found_by_its_weekday_in_the_week_up_to_the_page_s_date(
    claim_date: str, status: str
) -> None:
    page = PageIndex.from_passages(split_passages(DEV02968_PAGE, ""))
    claim = f"On {claim_date} the commission named Lipman, Hardwick and Powell as the three applicants."
    (date,) = [r for r in check_facts(claim, page).results if r.fact.label == "date"]
    assert str(date.status) == status
    if status == "found":
        assert date.sentence is not None and "Wednesday evening" in date.sentence


def test_a_weekday_to_come_states_no_date() -> None:
    text = DEV02968_PAGE.replace("three Wednesday evening", "three next Wednesday")
    page = PageIndex.from_passages(split_passages(text, ""))
    claim = "On March 1, 2017 the commission named Lipman, Hardwick and Powell as the three applicants."
    (date,) = [r for r in check_facts(claim, page).results if r.fact.label == "date"]
    assert str(date.status) == "missing"


def test_a_date_the_claim_also_states_is_no_rival_and_a_month_is_no_day() -> None:
    def statuses(claim: str, page_text: str) -> dict[str, FactStatus]:
        page = PageIndex.from_passages(split_passages(page_text, ""))
        return {r.fact.text: r.status for r in check_facts(claim, page).results if r.fact.number}

    term = statuses(
        "She served as mayor of Springfield from 1 January 2010 until 1 January 2014.",
        "She served as mayor of Springfield from 2010 until 1 January 2014.",
    )
    assert term == {"1 January 2010": FactStatus.MISSING, "1 January 2014": FactStatus.FOUND}
    # a page's date is no rival of a month the claim gives with its year ("Updated March 25, 2019")
    updated = statuses(
        "In March 2017, the council approved the plan for the new library.",
        "Updated March 25, 2019: In 2017, the council approved the plan for the new library.",
    )
    assert updated == {"March 2017": FactStatus.MISSING}


def test_a_name_with_diacritics_is_found_on_the_page() -> None:
    # dev01296: "Lancôme" on the page was not found, and the author's name was read as its rival
    claim = "Winslet teamed with Lancôme and the National Literacy Trust in 2018 to launch a programme."
    page = PageIndex.from_passages(
        split_passages(
            "Kate Winslet and Lancôme launch UK literacy programme\nJessica Davis\nSep 10, 2018", ""
        )
    )
    statuses = {r.fact.text: r.status for r in check_facts(claim, page, "Kate Winslet").results}
    assert statuses["Lancôme"] is FactStatus.FOUND
    page = PageIndex.from_passages(split_passages("The bank moved its seat to Zürich in 1998.", ""))
    statuses = {r.fact.text: r.status for r in check_facts("It moved to Zurich in 1998.", page).results}
    assert statuses["Zurich"] is FactStatus.FOUND


def test_a_determiner_that_starts_the_sentence_is_not_part_of_a_name() -> None:
    # dev01694: spaCy reads "Each Hurricane Heat" as the event, which no page writes
    claim = "Each Hurricane Heat event is unique to the others in terms of obstacles and location."
    names = [f.text for f in claim_facts(claim, "Spartan Race") if f.number is None]
    assert names == ["Hurricane Heat"]
    assert claim.index("Hurricane") == claim_facts(claim, "Spartan Race")[0].start
    page = PageIndex.from_passages(split_passages("The Hurricane Heat was born in August 2011.", ""))
    assert [r.status for r in check_facts(claim, page, "Spartan Race").results] == [FactStatus.FOUND]
    assert bare_name("Another Hurricane Heat") == ("Hurricane Heat", 8)
    assert bare_name("Every Time We Touch", "WORK_OF_ART")[1] == 0  # a title keeps its first word
    assert bare_name("No Doubt")[1] == bare_name("Eachwell")[1] == 0
    # a title's quotation mark spaCy took in (the demo's "Kerrang!" and "Live Facelift" claims)
    assert bare_name('the "Kerrang!', "ORG") == ("Kerrang!", 5)
    assert bare_name('"Live Facelift', "WORK_OF_ART") == ("Live Facelift", 1)
    assert bare_name("“Every Time We Touch”", "WORK_OF_ART") == ("Every Time We Touch", 1)
    assert bare_name('Detective Raymond "Ray"', "PERSON") == ('Detective Raymond "Ray"', 0)  # a pair stays
    assert bare_name('Love, Laugh & Live"', "WORK_OF_ART") == ("Love, Laugh & Live", 0)
    claim = (  # the demo's "List of songs recorded by Trivium" (WiCE)
        'The band also covered "Iron Maiden", originally by the band of the same name, for the "Kerrang!" '
        'tribute album "Maiden Heaven: A Tribute to Iron Maiden" the same year.'
    )
    names = {f.text: f for f in claim_facts(claim) if f.number is None}
    assert "Kerrang!" in names and all('"' not in name for name in names)
    assert all(claim[f.start : f.end] == f.text for f in names.values())


@pytest.mark.parametrize(
    ("written", "form"),
    [
        ("U.S.", "united states"),  # dev03989: "in the U.S."
        ("United States", "us"),
        ("Zürich", "zurich"),
        ("St. Louis Cardinals", "saint louis cardinals"),  # dev00108's page
        ("the Chicago Board of Trade", "chicago board of trade"),
        ("ISIL", "islamic state"),  # train37777-0: the page writes "Islamic State militants"
    ],
)
def test_names_normalised(written: str, form: str) -> None:
    assert form in name_forms(written, "GPE") or normal_name(written) == form


def test_an_abbreviated_name_is_found_where_the_page_writes_it() -> None:
    # train34638-4: "St. Macartan's College" on the page; a name was spelled out ("saint") and the page not
    page = PageIndex.from_passages(
        split_passages(
            "Educated at St. Macartan's College, Monaghan. He played shortstop for the St. Louis Cardinals.",
            "",
        )
    )

    def statuses(claim: str) -> list[tuple[str, FactStatus, str | None]]:
        return [(r.fact.text, r.status, r.stated) for r in check_facts(claim, page).results]

    assert statuses("He taught English in St. Macartan's College.") == [
        ("St. Macartan", FactStatus.FOUND, None)
    ]
    assert statuses("He played shortstop for the Saint Louis Cardinals.")[0][1] is FactStatus.FOUND
    # the name the claim has is no rival of itself; another team in its place is
    assert statuses("He played shortstop for the Chicago Cubs.") == [
        ("the Chicago Cubs", FactStatus.CONTRADICTED, "the St. Louis Cardinals")
    ]


def test_initials_state_a_name_only_in_capitals() -> None:
    """The demo's Blabbermouth page (dev02191) never names the United States; before, its "That's been the
    case for us a couple of times." stated it ("us" is one of the country's forms)."""
    index, claim = demo_page("dev02191")
    results = {r.fact.text: r for r in check_facts(claim.text, index, claim.article_title).results}
    assert results["the United States"].status is FactStatus.MISSING
    toured = "The band toured the United States in 2010."
    for written in ("the U.S.", "the US", "the U. S.", "the USA"):
        page = PageIndex.from_passages(split_passages(f"The band toured {written} in late 2010.", ""))
        found = check_facts(toured, page).with_status(FactStatus.FOUND)
        assert [r.fact.text for r in found] == ["the United States", "2010"], written
    for lower in (
        "They toured with us in late 2010.",
        "Un concert en 2010.",
        "Eu fui em 2010.",
    ):
        page = PageIndex.from_passages(split_passages(lower, ""))
        for claim_text in (toured, "It spoke at the United Nations in 2010."):
            named = [r for r in check_facts(claim_text, page).results if r.fact.number is None]
            assert [r.status for r in named] == [FactStatus.MISSING], (lower, claim_text)
    # not the "U.S" of more initials
    page = PageIndex.from_passages(split_passages("The U.S.S.R. band toured in late 2010.", ""))
    assert "the United States" not in {
        r.fact.text for r in check_facts(toured, page).with_status(FactStatus.FOUND)
    }


def test_initials_are_marked_whole_and_names_that_are_no_initials_keep_their_case() -> None:
    def marked(page: str, claim: str, fact: str) -> str | None:
        index = PageIndex.from_passages(split_passages(page, ""))
        (result,) = [r for r in check_facts(claim, index).results if r.fact.text == fact]
        return _written(result.sentence, result.value_at) if result.status is FactStatus.FOUND else None

    toured = "The band toured the United States in 2010."
    assert marked("The band toured the U.S.A. in 2010.", toured, "the United States") == "U.S.A."
    assert marked("In 2010 the band toured the US.", toured, "the United States") == "US"
    assert marked("Die Straße führt zum U.S. Konsulat, 2010.", toured, "the United States") == "U.S."
    # a name written as two or three capitals is stated only in capitals: "who" is a word of its own
    spoke = "In 2010 he spoke for the WHO in Geneva."
    assert marked("In 2010 the doctors who treated him met in Geneva.", spoke, "WHO") is None
    assert marked("In 2010 the WHO met in Geneva.", spoke, "WHO") == "WHO"
    # newspapers write Isis and Isil in title case (spaCy's small model reads no "Islamic State" in a claim)
    isis = "Isis fighters took Mosul."
    assert "isis" in name_forms("Islamic State", "ORG")
    assert states_form("isis", "Islamic State", f" {normal_text(isis)} ", isis)
    assert not states_form("us", "the United States", " they told us ", "They told us")


def test_a_claim_that_gives_a_value_twice_is_still_read_for_a_copied_value() -> None:
    """The line giving the claim's value beside another of its facts is the claim's: but the same value
    given twice by the claim is no other fact."""
    page = (
        "Smith was born in 1863 in Northamptonshire, the son of a cobbler. "
        f"{FILLER} In 1870 the family moved to Leeds. {FILLER}"
    )
    index = PageIndex.from_passages(split_passages(page, "John Smith"))
    for claim in (
        "Smith was born in 1870 in Northamptonshire.",
        "Smith was born in 1870 in Northamptonshire (1870).",
    ):
        check = check_facts(claim, index, "John Smith")
        assert {(r.fact.text, r.stated) for r in check.contradicted} == {("1870", "1863")}, claim


def test_a_rival_name_plays_the_claims_part_in_the_sentence() -> None:
    page = PageIndex.from_passages(
        split_passages(
            "Born: April 14, 1955 in Ohrady, Trnava, Slovakia | Affiliations: Inter Bratislava/Dukla Praha | "
            "Country: Czechoslovakia\n"
            "The Republican-led Senate Intelligence Committee has subpoenaed Donald Trump Jr. to answer "
            "questions. His brother Eric was born in Manhattan.",
            "",
        )
    )

    def status(claim: str, fact: str) -> tuple[FactStatus, str | None]:
        return next((r.status, r.stated) for r in check_facts(claim, page).results if r.fact.text == fact)

    # train01237-0: the athlete's country stands in the sentence, not where the claim's town is
    assert status("He was born in Ohrady near Dunajská Streda, Slovakia.", "Dunajská Streda") == (
        FactStatus.MISSING,
        None,
    )
    # train48263-0: a name sharing a word with the claim's is the same body named otherwise
    burr = "In his service to the Intelligence Committee Burr has subpoenaed Donald J. Trump Jr."
    assert status(burr, "the Intelligence Committee Burr") == (FactStatus.MISSING, None)
    # dev01469-2: the claim's own founder, named otherwise on the page, is no rival of the other founder
    founders = PageIndex.from_passages(
        split_passages(
            "The company was founded by Al Kurtenbach and a fellow electrical engineering professor "
            "at nearby South Dakota State in 1968.",
            "",
        )
    )
    claim = (
        "Aelred Kurtenbach and Duane Sander were professors of electrical engineering at South Dakota State."
    )
    (sander,) = [r for r in check_facts(claim, founders).results if r.fact.text == "Duane Sander"]
    assert sander.status is FactStatus.MISSING
    # one word around it shared is enough for a place or a person: "born in"
    assert status("His brother Eric was born in Brooklyn.", "Brooklyn") == (
        FactStatus.CONTRADICTED,
        "Manhattan",
    )


def test_a_person_is_found_by_surname_but_not_by_first_name() -> None:
    forms = name_forms("Jay Hanna Dean", "PERSON")
    assert "dean" in forms and "jay" not in forms
    assert name_forms("Dean", "ORG") == ["dean"]


@pytest.mark.parametrize(
    ("title", "page", "named"),
    [
        # the demo's page that moved (WiCE dev03806) names its subject by her surname
        ("Marion Leane Smith", "Smith died in Blackville, New Brunswick, on 24 January 1957.", True),
        ("Scott Walker (politician)", "Governor Scott Walker signed the bill on Friday.", True),  # no "(…)"
        ("Virginia Arts Festival", "The Virginia Arts Festival presents its 2018 premieres.", True),
        ("Zürich", "the city of Zurich", True),  # diacritics
        # the wrong suggestion the demo showed before: a band's news page for the festival's claim (dev01971)
        (
            "Virginia Arts Festival",
            'Alice In Chains have premiered their new single "The One You Know"',
            False,
        ),
        ("Alice in Chains", "a band whose name is Chainsaw", False),  # a word, not a prefix of one
        ("Kate Winslet", "Winsletta is another name", False),
        # a number names nothing alone: a wrong suggestion for "American Airlines Flight 77" (WiCE dev claims
        # 1-60, docs/retrieval.md) passed on an air force's "77 aircraft"; the title's last two words do not
        ("American Airlines Flight 77", "The wing flew 77 aircraft from Langley.", False),
        ("American Airlines Flight 77", "Flight 77 struck the Pentagon at 9:37.", True),
        # WiCE dev: the cited page writes "African American Cemetery # 2"
        (
            "African Cemetery No. 2 (Lexington, Kentucky)",
            "Buried History in African American Cemetery # 2",
            True,
        ),
        ("No. 2", "Page 2 of 3", False),
        ("", "anything at all", True),
    ],
)
def test_a_page_names_the_article_subject(title: str, page: str, named: bool) -> None:
    assert names_the_subject(title, page) is named


def test_a_curly_apostrophe_does_not_split_a_name() -> None:
    claim = (  # WiCE dev04156, the demo's "International framework of sexual violence"
        "The Office identified eight priority countries: Bosnia and Herzegovina; Central African Republic "
        "(CAR); Colombia; Cote d’Ivoire; Democratic Republic of Congo (DRC); Liberia; South Sudan and Sudan."
    )
    names = {f.text: f for f in claim_facts(claim) if f.kind.value == "name"}
    assert "Cote" not in names  # the small model reads "Cote d’Ivoire" as a person "Cote"
    place = names["Cote d’Ivoire"]
    assert place.label == "GPE" and claim[place.start : place.end] == "Cote d’Ivoire"
    page = PageIndex.from_passages(split_passages("Missions went to Côte d'Ivoire and Liberia.", "A page"))
    check = check_facts("The Office sent staff to Cote d’Ivoire.", page)
    assert [(r.fact.text, r.status) for r in check.results] == [("Cote d’Ivoire", FactStatus.FOUND)]


def test_a_reviewer_reads_name_for_any_name_and_not_spacy_s_guess_of_its_kind() -> None:
    # the demo's Taylor Swift citation (WiCE dev): the small model labels "Keith Urban" an organisation
    claim = (
        "She provided guest vocals for Tim McGraw's song \"Highway Don't Care\", featuring guitar work by "
        "Keith Urban."
    )
    facts = {f.text: f for f in claim_facts(claim)}
    assert facts["Keith Urban"].label == "ORG" and facts["Keith Urban"].description == "name"
    assert {f.description for f in facts.values()} == {"name"}
    kinds = {
        f.text: f.description
        for f in claim_facts("Jodie Emery (born January 4, 1985) is a Canadian activist.")
    }
    assert kinds == {"Jodie Emery": "name", "January 4, 1985": "date", "Canadian": "nationality or group"}
    for kind in NumberKind:  # every kind of number has its word (a new kind without one fails here)
        number = number_facts("in 1999")[0]
        fact = claim_facts("in 1999")[0]
        assert replace(fact, number=replace(number, kind=kind)).description not in ("", "name")


def test_a_number_word_with_a_capital_inside_a_sentence_is_part_of_a_name() -> None:
    # WiCE dev03904 (the demo's 2001 Macau Grand Prix): "Three" is no count of the claim
    facts = claim_facts("Since the 1983 edition, the event has been a Formula Three race.")
    assert [(f.kind.value, f.text) for f in facts if f.kind.value == "number"] == [("number", "1983")]
    assert [f.text for f in claim_facts("Three people died in the fire.")] == ["Three"]
    assert [f.text for f in claim_facts("It took five years to make the film.")] == ["five"]


@pytest.mark.parametrize(
    ("claim", "facts"),
    [
        ("The COVID-19 pandemic closed the school in 2020.", [("name", "COVID-19"), ("number", "2020")]),
        (
            "The SARS-CoV-2 virus reached Italy in 2020.",
            [("name", "SARS-CoV-2"), ("name", "Italy"), ("number", "2020")],
        ),
        ("The U-2 was shot down in 1960.", [("name", "U-2"), ("number", "1960")]),
        ("COVID-19-related deaths rose in 2021.", [("name", "COVID-19"), ("number", "2021")]),
        (
            "The AZD1222 vaccine was approved in 2020.",
            [("name", "AZD1222"), ("number", "2020")],
        ),  # no year 1222
        (  # SciFact: a longer name around a designation is left, as one around a number is
            "Broadly HIV-1 Neutralizing Antibodies (bnAb) 10EB have no affinity for phospholipids.",
            [("name", "HIV-1")],
        ),
        ("Mid-1990s recordings were lost.", [("number", "1990s")]),  # a time prefix, not a designation
        ("She was treated for type-2 diabetes in 2003.", [("number", "2003")]),  # in lower case: no name
        ("It was a Top-10 hit in 1984.", [("number", "10"), ("number", "1984")]),  # a chart's rank
        ("The K-12 contest began in 1999.", [("number", "12"), ("number", "1999")]),  # school grades
    ],
)
def test_a_designation_is_a_name_and_not_a_count(claim: str, facts: list[tuple[str, str]]) -> None:
    # CovidFact: "COVID-19" read as the number 19, which a page on the coronavirus disease never gives
    assert [(f.kind.value, f.text) for f in claim_facts(claim)] == facts


@pytest.mark.parametrize(
    ("claim", "page", "statuses"),
    [
        (
            "He died of COVID-19 in April 2021.",
            "He died in April 2021 of coronavirus disease 2019.",
            ["found", "found"],
        ),
        (
            "The F-16 entered service in 1978.",
            "The F-16 Fighting Falcon entered service in 1978.",
            ["found", "found"],
        ),
        ("The F-16 entered service in 1978.", "The F-15 entered service in 1978.", ["contradicted", "found"]),
        (
            "The squadron bought 16 aircraft in 1978.",
            "The squadron flew the F-16 in 1978.",
            ["missing", "found"],
        ),
    ],
)
def test_a_designation_is_found_as_written_and_gives_no_count(
    claim: str, page: str, statuses: list[str]
) -> None:
    index = PageIndex.from_passages(split_passages(page, "Source"))
    assert [str(r.status) for r in check_facts(claim, index).results] == statuses


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("The catalyst was stable over several hundred hours.", []),  # SciFact
        ("A few thousand fans came in 1999.", ["1999"]),
        ("A hundred fans came.", ["hundred"]),
        ("One hundred people came.", ["One hundred"]),
    ],
)
def test_a_vague_quantity_is_no_fact(text: str, numbers: list[str]) -> None:
    assert [n.text for n in number_facts(text)] == numbers


@pytest.mark.parametrize(
    ("claim", "page", "status"),
    [  # FEVER-NLI dev: a number after the name of a place in a series is its rank
        (
            "Fargo (season 3) aired on a basic cable network.",
            "The third season of Fargo premiered on FX.",
            "found",
        ),
        ("The third season of Fargo aired on FX.", "Fargo (season 3) premiered on FX in 2017.", "found"),
        (
            "Fargo (season 3) aired on a basic cable network.",
            "The second season of Fargo premiered on FX.",
            "missing",
        ),
        ("Fargo had 3 seasons on FX.", "The third season of Fargo premiered on FX.", "missing"),
    ],
)
def test_a_place_in_a_series_is_its_rank(claim: str, page: str, status: str) -> None:
    index = PageIndex.from_passages(split_passages(page, "Source"))
    (result,) = [r for r in check_facts(claim, index).results if r.fact.number is not None]
    assert str(result.status) == status


@pytest.mark.parametrize(
    ("text", "decades"),
    [  # semi-automatic Wikipedia NLI: "in the mid 80's" was a count of 80
        ("Rosales joined the leadership in the mid 80's.", [("the mid 80's", 1980)]),
        ("It was a '90s hit.", [("'90s", 1990)]),
        ("It was built in the '20s.", [("the '20s", 1920)]),
        ("Sales fell in the 00s.", [("the 00s", 2000)]),
        ("He was in his 80s.", []),  # an age
        ("The F-16 entered service in the 1970s.", [("the 1970s", 1970)]),
    ],
)
def test_a_decade_in_two_digits_is_a_decade(text: str, decades: list[tuple[str, int]]) -> None:
    numbers = number_facts(text)
    assert [(n.text, int(n.value[0])) for n in numbers] == decades
    assert all(str(n.kind) == "decade" for n in numbers)


def test_a_decade_in_two_digits_is_found_by_a_year_in_it() -> None:
    index = PageIndex.from_passages(split_passages("Rosales joined the leadership of the URNG in 1986.", ""))
    claim = "Rosales became part of the URNG leadership in the 80's."
    (result,) = [r for r in check_facts(claim, index).results if r.fact.number]
    assert (result.fact.text, str(result.status)) == ("the 80's", "found")


@pytest.mark.parametrize(
    ("claim", "page", "status"),
    [  # semi-automatic Wikipedia NLI and FEVER-NLI
        (
            "He was mayor of Springfield for 12 years.",
            "He was mayor of Springfield from 1990 to 2002.",
            "found",
        ),
        (
            "He was mayor of Springfield for 13 years.",
            "He was mayor of Springfield from 1990 to 2002.",
            "missing",
        ),
        (
            "The novel ran in the newspaper for more than 2 years.",
            "The novel ran in the newspaper from 24 October 1969 to 23 September 1972.",
            "found",
        ),
        (  # 35 months: three years, rounded
            "The novel ran in the newspaper for three years.",
            "The novel ran in the newspaper from 24 October 1969 to 23 September 1972.",
            "found",
        ),
        (
            "The miners' strike lasted more than 9 months.",
            "The miners' strike began in August 2011 and ended in June 2012.",
            "found",
        ),
        (  # a month count needs both months
            "The miners' strike lasted 24 months.",
            "The miners' strike began in 2011 and ended in 2013.",
            "missing",
        ),
        (  # from one show's end to the next one's start is no span
            "Johnny Galecki acted in a sitcom for ten years.",
            "Johnny Galecki played David Healy in the ABC sitcom Roseanne from 1992 to 1997 and Dr. Leonard"
            " Hofstadter in the CBS sitcom The Big Bang Theory since 2007.",
            "missing",
        ),
    ],
)
def test_a_count_of_years_or_months_is_stated_by_the_span_the_page_gives(
    claim: str, page: str, status: str
) -> None:
    index = PageIndex.from_passages(split_passages(page, ""))
    (result,) = [r for r in check_facts(claim, index).results if r.fact.number is not None]
    assert str(result.status) == status


def test_a_span_of_time_is_marked_from_its_first_date_to_its_last() -> None:
    page = "He was mayor of Springfield from 1990 to 2002."
    index = PageIndex.from_passages(split_passages(page, ""))
    (result,) = [
        r for r in check_facts("He was mayor of Springfield for 12 years.", index).results if r.fact.number
    ]
    assert result.sentence is not None and result.value_at is not None
    assert result.sentence[slice(*result.value_at)] == "1990 to 2002"


def test_surname_after_the_full_name_is_one_fact() -> None:
    facts = claim_facts("Dizzy Dean joined the Cardinals; Dean won 30 games in 1934.")
    assert [f.text for f in facts if f.kind.value == "name"].count("Dean") == 0


@pytest.mark.parametrize(
    "claim, common_noun",
    [  # WiCE dev claims and train sub-claims; each word run is tagged a name by spaCy's small model
        ("Hernandez's father died in January 2006 from complications from hernia surgery.", "hernia"),
        ("Reimer started the game following Marc-André Fleury's return from the injured reserve.", "injured"),
        ("Keith Haring was a 1980s New York-based graffiti artist.", "graffiti artist"),
        ("UEFA paid a total of €76.25 million in solidarity and bonus fees.", "solidarity"),
    ],
)
def test_a_common_noun_tagged_as_a_name_is_no_fact(claim: str, common_noun: str) -> None:
    names = [f.text for f in claim_facts(claim) if f.kind.value == "name"]
    assert not any(common_noun in name for name in names), names


def test_a_name_with_a_capital_inside_is_still_a_name() -> None:
    names = {
        f.text for f in claim_facts("The single came out via Spotify, Amazon and iTunes on May 3, 2018.")
    }
    assert "iTunes" in names
    pool = name_pool(
        [
            "Hernandez's father died in January 2006 from complications from hernia surgery.",
            "He was born in Munich and played for Bayern.",
        ]
    )
    assert "hernia" not in pool.get("GPE", []) and "Munich" in pool["GPE"]


@pytest.fixture(scope="module")
def wice() -> dict:
    return {c.id: c for c in read_wice(WICE)}


def page_of(claim) -> PageIndex:
    doc = claim.source()
    return PageIndex.from_passages(split_passages(doc.text, doc.title))


def test_the_claim_s_best_contexts_are_runs_of_sentences_by_the_share_of_its_words_they_hold() -> None:
    page = (
        "The bells were cast in London. The church stands in Leeds. Smith rang the bells of the church. "
        "It was 1870."
    )
    index = PageIndex.from_passages(split_passages(page, ""))
    wanted = content_stems("Smith rang the church bells in Leeds")
    assert [(round(share, 3), run) for share, run in index.contexts(wanted, keep=3)] == [
        (1.0, [1, 2]),
        (0.782, [2]),
        (0.563, [0, 1]),
    ]
    # a word no sentence holds: the first sentences make up the number, each holding none
    assert index.contexts(["zzz"], keep=2) == [(0.0, [0]), (0.0, [1])]
    assert index.contexts([], keep=2) == [] and index.context(["zzz"]) == []


def test_every_fact_of_a_supported_claim_is_found(wice: dict) -> None:
    claim = wice["dev01665"]  # "… for their West Coast and Japanese tour in 2003."
    check = check_facts(claim.claim, page_of(claim), claim.article_title)
    assert {r.fact.text: r.status for r in check.results} == {
        "West Coast": FactStatus.FOUND,
        "Japanese": FactStatus.FOUND,
        "2003": FactStatus.FOUND,
    }
    found = next(r for r in check.results if r.fact.text == "2003")
    assert "2003" in found.sentence


def test_a_changed_year_is_contradicted_by_the_sentence_that_gives_the_real_one(wice: dict) -> None:
    claim = wice["dev01665"]
    check = check_facts(claim.claim.replace("2003", "2006"), page_of(claim), claim.article_title)
    (result,) = check.contradicted
    assert result.fact.text == "2006" and "2003" in result.stated
    assert result.explanation() == f"the source gives {result.stated}, the claim says 2006"
    assert "2003" in result.sentence


def test_a_value_absent_without_a_rival_in_context_is_missing_not_contradicted(wice: dict) -> None:
    claim = wice["dev02544"]  # not supported: "… founded via the Union Judiciary Act, 1948."
    check = check_facts(claim.claim, page_of(claim), claim.article_title)
    assert [r.fact.text for r in check.missing] == ["the Union Judiciary Act"]
    assert not check.contradicted


def test_the_article_subject_is_not_a_failing_fact() -> None:
    page = PageIndex.from_passages(split_passages("He was born in 1910 in Lucas, Arkansas.", "A page"))
    check = check_facts("Dizzy Dean was born in 1910.", page, "Dizzy Dean")
    assert not check.missing and not check.contradicted
    assert any(r.fact.subject for r in check.results)


def test_changed_facts_only_when_nothing_else_changed() -> None:
    changes = changed_facts(
        "He was born in 1863 in Northamptonshire.", "He was born in 1864 in Northamptonshire."
    )
    assert [(c.old.text, c.new.text) for c in changes] == [("1863", "1864")]
    assert not changed_facts(
        "He was born in 1863 in Northamptonshire.", "He was born in 1863 in Munich, Germany."
    )
    assert not changed_facts("The town had 1,234 people.", "The village had 1,334 people.")
    # a day of the month changed is a changed fact; its year added is a detail, not a change
    changes = changed_facts("On 12 July, Reading announced it.", "On 14 July, Reading announced it.")
    assert [(c.old.text, c.new.text) for c in changes] == [("12 July", "14 July")]
    assert not changed_facts("On 12 July, Reading announced it.", "On 12 July 2018, Reading announced it.")


def test_a_replaced_name_is_read_from_the_words_diff_when_the_facts_do_not_line_up() -> None:
    # spaCy reads "Earth" as no entity of the new claim, so the two claims' facts do not line up
    [change] = changed_facts(
        "She lived in Airdrie, North Lanarkshire.", "She lived in Earth, North Lanarkshire."
    )
    assert (change.old.text, change.new.text, change.new.label) == ("Airdrie", "Earth", "LOC")
    claim = "The game ended in a 5–3 victory for the Kings."
    [change] = changed_facts(claim, claim.replace("Kings", "Leicester Tigers"))
    assert (change.old.text, change.new.text) == ("Kings", "Leicester Tigers")
    # a name made a common noun is a rewording, not a changed fact
    assert not changed_facts(claim, claim.replace("Kings", "team"))


def test_a_change_is_settled_when_the_source_gives_the_old_value(wice: dict) -> None:
    claim = wice["dev01665"]
    doc = claim.source()
    passages = split_passages(doc.text, doc.title)
    settled = settled_by_source(
        claim.claim, claim.claim.replace("2003", "2006"), passages, claim.article_title
    )
    assert settled is not None and (settled.change.old.text, settled.change.new.text) == ("2003", "2006")
    assert "2003" in settled.sentence and _written(settled.sentence, settled.value_at) == "March 5, 2003"
    assert settled.new_sentence is None and settled.new_value_at is None
    # a correction (the page gives the new value) is not queued
    assert (
        settled_by_source(claim.claim.replace("2003", "2006"), claim.claim, passages, claim.article_title)
        is None
    )


def test_a_value_copied_from_elsewhere_on_the_page_settles_the_change(wice: dict) -> None:
    # the page says "I live in Leicestershire with my wife and two children" and names the UK elsewhere
    claim = wice["dev01108"]
    doc = claim.source()
    passages = split_passages(doc.text, doc.title)
    changed = claim.claim.replace("Leicestershire", "UK")
    assert re.search(r"\bUK\b", doc.text)
    settled = settled_by_source(claim.claim, changed, passages, claim.article_title)
    assert settled is not None and (settled.change.old.text, settled.change.new.text) == (
        "Leicestershire",
        "UK",
    )
    assert "I live in Leicestershire with my wife" in settled.sentence
    # each value marked where its sentence writes it: the page writes the UK as "United Kingdom" there
    assert _written(settled.sentence, settled.value_at) == "Leicestershire"
    assert _written(settled.new_sentence, settled.new_value_at) == "United Kingdom"
    # the same edit undone, to the value the page gives where it says the rest, is a correction
    assert settled_by_source(changed, claim.claim, passages, claim.article_title) is None


def test_a_year_the_page_gives_for_something_else_does_not_back_a_changed_year() -> None:
    page = (
        "Smith was born in 1863 in Northamptonshire, the son of a farmer. He went to the village school. "
        "In 1870 his family moved to London, where his father opened a shop."
    )
    passages = split_passages(page, "John Smith")
    claim = "Smith was born in 1863 in Northamptonshire."
    settled = settled_by_source(claim, claim.replace("1863", "1870"), passages, "John Smith")
    assert settled is not None and settled.sentence.startswith("Smith was born in 1863")
    assert settled_by_source(claim.replace("1863", "1870"), claim, passages, "John Smith") is None
    # a source without text settles nothing (an empty page raised IndexError before)
    assert settled_by_source(claim, claim.replace("1863", "1870"), [], "John Smith") is None
    assert (
        settled_by_source(claim, claim.replace("1863", "1870"), split_passages("", ""), "John Smith") is None
    )
    # where the page gives both years in the claim's words, an edit from one to the other is not settled
    both = "Smith was born in 1863 in Northamptonshire (some records say he was born in 1864)."
    passages = split_passages(both, "John Smith")
    assert settled_by_source(claim, claim.replace("1863", "1864"), passages, "John Smith") is None


def test_a_changed_year_is_read_near_each_year_the_source_gives() -> None:
    """The Seattle Times article: "It will be the most women on the council since 1994, when there were
    seven. Durkan will be Seattle's first female mayor since Bertha Landes' election in 1926." Its dateline
    ("Originally published November 7, 2017") stands beside its headline, which holds the claim's topic."""
    html = (Path(__file__).parent / "data" / "sources" / "seattle-times-council-2017.html").read_text()
    page = html_main_text(html)
    assert page.text is not None
    passages = split_passages(page.text, page.title or "")
    claim = "The Seattle City Council will have the most women on the council since 1994."
    settled = settled_by_source(claim, claim.replace("1994", "1926"), passages)
    assert settled is not None and "since 1994, when there were seven" in settled.sentence
    assert settled.new_sentence is not None and "Bertha Landes' election in 1926" in settled.new_sentence
    # a correction back to 1994, from the dateline's year or from 1926, is not queued
    assert settled_by_source(claim.replace("1994", "2017"), claim, passages) is None
    assert settled_by_source(claim.replace("1994", "1926"), claim, passages) is None


FILLER = " ".join(f"Paragraph {n} is about the parish church and its bells." for n in range(1, 7))


def demo_page(source_id: str) -> tuple[PageIndex, Claim]:
    """A demo source (a real WiCE page) as the verifier indexes it, with the claim that cites it."""
    source = demo_source(source_id)
    return PageIndex.from_passages(split_passages("\n".join(source.sentences), source.title)), source.claim


def test_a_value_copied_from_another_line_of_the_page_is_contradicted() -> None:
    """The demo's Apollo Magazine page dates "Merry Company on a Terrace (c. 1616–17)" and gives 1778 and
    1753 for other paintings: a claim that dates the Buytewech 1778 is contradicted by the 1616 among its
    words (it was found before, in the other painting's sentence), and the claim as cited is found there.
    1753 stays found: the page's captions run together, so the line that gives it also names the claim's
    "the Hague", which the 1616 line (glued: "The HagueMerry") does not."""
    index, claim = demo_page("dev03176")
    cited = {r.fact.text: r for r in check_facts(claim.text, index, claim.article_title).results}
    assert (
        cited["1616"].status is FactStatus.FOUND
        and "Merry Company on a Terrace (c. 1616" in cited["1616"].sentence
    )
    assert cited["1616"].elsewhere is None
    beside_the_hague = check_facts(claim.text.replace("1616", "1753"), index, claim.article_title)
    assert not beside_the_hague.contradicted
    for copied, where in (("1778", "Muntigalm (1778)"),):
        check = check_facts(claim.text.replace("1616", copied), index, claim.article_title)
        (result,) = check.contradicted
        assert (result.fact.text, result.stated) == (copied, "1616")
        assert (
            result.explanation()
            == f"the source gives 1616, the claim says {copied} (it gives {copied} only elsewhere)"
        )
        assert "Merry Company on a Terrace (c. 1616" in result.sentence and where in result.elsewhere
        assert result.finding().elsewhere == result.elsewhere
        assert _written(result.sentence, result.value_at) == "1616"
        assert _written(result.elsewhere, result.elsewhere_value_at) == copied
        assert result.finding().elsewhere_value_at == result.elsewhere_value_at


def _written(sentence: str | None, at: tuple[int, int] | None) -> str | None:
    return None if sentence is None or at is None else sentence[at[0] : at[1]]


@pytest.mark.parametrize(
    ("source_id", "fact", "written"),
    [
        ("dev01971", "May 3, 2018", "May 3rd, 2018"),  # a Theprp.com headline
        ("dev02254", "66", "Sixty-Six"),  # "Sixty-Six Books", the Bush Theatre's
        ("dev01892", "41.3\xa0%", "41.3%"),  # the claim as WiCE writes it, a no-break space before "%"
        ("dev02254", "the King James Bible", "King James Bible"),
    ],
)
def test_the_place_a_found_value_is_written_is_kept_for_the_reviewer(
    source_id: str, fact: str, written: str
) -> None:
    """The card marks a found value where the source writes it, however it writes it: the demo's pages write
    these otherwise than their claims, and the card marked the whole sentence before."""
    index, claim = demo_page(source_id)
    results = {r.fact.text: r for r in check_facts(claim.text, index, claim.article_title).results}
    assert results[fact].status is FactStatus.FOUND
    assert _written(results[fact].sentence, results[fact].value_at) == written
    assert results[fact].finding().value_at == results[fact].value_at


def test_a_name_is_marked_whole_as_written_and_not_where_the_folded_text_is_longer() -> None:
    page = PageIndex.from_passages(
        split_passages(
            "He was born on 11 July 1909 in St. Louis, Missouri. "
            "He joined Procter & Gamble in the U.S. in 1931. Er wohnte in der Straße Köln von Zürich.",
            "",
        )
    )

    def written(claim: str) -> dict[str, str | None]:
        return {r.fact.text: _written(r.sentence, r.value_at) for r in check_facts(claim, page).results}

    assert written("He was born on July 11, 1909 in Saint Louis.") == {
        "July 11, 1909": "11 July 1909",
        "Saint Louis": "St. Louis",
    }
    assert written("He worked for Procter and Gamble in the United States in 1931.") == {
        "Procter and Gamble": "Procter & Gamble",
        "the United States": "U.S.",
        "1931": "1931",
    }
    # "ß" folds to "ss": a place found in the folded text would be off by one in the sentence
    assert written("He lived in Strasse Koln.")["Strasse Koln"] is None


def test_a_value_the_page_gives_beside_the_claim_s_words_or_with_no_rival_there_stays_found() -> None:
    page = (
        "Smith was born in 1863 in Northamptonshire, the son of a cobbler. "
        f"{FILLER} In 1870 the family moved to Leeds. {FILLER} "
        "Some records say that Smith was born in 1864 in Northamptonshire."
    )
    index = PageIndex.from_passages(split_passages(page, "John Smith"))
    moved = check_facts("Smith was born in 1870 in Northamptonshire.", index, "John Smith")
    (result,) = moved.contradicted
    assert (result.stated, result.elsewhere) == ("1863", "In 1870 the family moved to Leeds.")
    # the page gives 1864 among all of the claim's words too: the 1863 of the claim's best context does not
    # beat it, so nothing is said to contradict it
    baptised = check_facts("Smith was born in 1864 in Northamptonshire.", index, "John Smith")
    assert not baptised.contradicted
    # a value given away from the claim's words, with no rival of its kind among them, is found as before
    alone = PageIndex.from_passages(
        split_passages(
            f"Smith was born in Northamptonshire. {FILLER} In 1870 the family moved to Leeds.", "John Smith"
        )
    )
    (found,) = check_facts("Smith was born in 1870 in Northamptonshire.", alone, "John Smith").results[:1]
    assert found.status is FactStatus.FOUND and found.elsewhere is None


def test_a_name_the_page_gives_only_away_from_the_claim_s_words_is_not_read_as_copied() -> None:
    """Names are not contradicted by a rival for a value copied from elsewhere: on WiCE's train sub-claims
    10 of 16 such contradictions were wrong ("the source gives Ken Johnson, the claim says Keith Haring", a
    byline read as the rival); a name in another line of the page stays found there."""
    page = (
        "The Carnegie Medal for 1998 went to Maria Lopez of Madrid at a ceremony in London. "
        f"{FILLER} Anna Berg gave a reading of her poems in Oslo. {FILLER}"
    )
    index = PageIndex.from_passages(split_passages(page, "Carnegie Medal"))
    claim = "The Carnegie Medal for 1998 went to Maria Lopez of Madrid."
    assert not check_facts(claim, index, "Carnegie Medal").contradicted
    copied = check_facts(claim.replace("Maria Lopez", "Anna Berg"), index, "Carnegie Medal")
    (name,) = [r for r in copied.results if r.fact.text == "Anna Berg"]
    assert (
        name.status is FactStatus.FOUND and name.sentence == "Anna Berg gave a reading of her poems in Oslo."
    )
    assert not copied.contradicted


def test_a_value_given_beside_another_of_the_claim_s_facts_is_not_read_as_copied() -> None:
    """WiCE train19471-0's page (Brad Davis's Houston Dynamo profile, abridged): the claim's 11 assists and
    2006 stand together in one line, and the 12 assists of 2010 stand among more of the claim's words in
    another. Before, both facts read "the source gives 12 (2009), the claim says 11 (2006) (it gives 11
    (2006) only elsewhere)"; the line that gives both is the claim's, whatever words stand near it."""
    page = (
        "Scored twice in 5-2 win vs. LA on 10/7.\n"
        "2006 MLS: Had a career-high 11 assists, second in MLS … "
        "Led Houston with three game-winning assists …"
        f"\n{FILLER}\n"
        "2010 MLS: Led Dynamo and finished third in MLS with 12 assists, adding five goals, "
        "in 27 of 30 games.\n"
        "The 12 assists were tied with his 2009 total for a career high and gave Davis three double-digit "
        "assist seasons in the last five years."
    )
    index = PageIndex.from_passages(split_passages(page, "Brad Davis | Houston Dynamo"))
    check = check_facts("Davis had a team high 11 assists in 2006.", index, "Brad Davis (soccer)")
    statuses = {r.fact.text: r.status for r in check.results}
    assert statuses["11"] is FactStatus.FOUND and statuses["2006"] is FactStatus.FOUND
    assert not check.contradicted


def test_a_value_the_page_gives_in_over_200_sentences_is_not_read_as_copied() -> None:
    """Each place that gives the claim's value is read for the words near it: a page that gives it in more
    than ``MOST_PLACES_READ`` sentences is not read so (it may stand among the claim's words in any)."""
    claim = "Smith was born in 1870 in Northamptonshire."
    statuses = {}
    for places in (MOST_PLACES_READ - 50, MOST_PLACES_READ + 50):
        records = " ".join(f"{FILLER} Record {k} of the register gives 1870." for k in range(places))
        page = f"Smith was born in 1863 in Northamptonshire, the son of a cobbler. {records}"
        index = PageIndex.from_passages(split_passages(page, "John Smith"))
        statuses[places] = next(
            r.status for r in check_facts(claim, index, "John Smith").results if r.fact.text == "1870"
        )
    assert statuses == {
        MOST_PLACES_READ - 50: FactStatus.CONTRADICTED,
        MOST_PLACES_READ + 50: FactStatus.FOUND,
    }


def test_copied_value_edits_take_a_value_the_page_gives_away_from_the_original(wice: dict) -> None:
    edits = [
        (c, make_edit(c.id, c.claim, c.source().text, {}, 13, c.article_title, NewValue.ELSEWHERE))
        for c in wice.values()
    ]
    made = [(c, e) for c, e in edits if e is not None]
    assert made and made == [
        (c, make_edit(c.id, c.claim, c.source().text, {}, 13, c.article_title, NewValue.ELSEWHERE))
        for c, _ in made
    ]
    for claim, edit in made:
        page = claim.source().text.casefold()
        assert edit.changed == claim.claim.replace(edit.fact, edit.replacement, 1)
        new_at = [m.start() for m in re.finditer(re.escape(edit.replacement.casefold()), page)]
        old_at = [m.start() for m in re.finditer(re.escape(edit.fact.casefold()), page)]
        assert new_at and old_at
        assert min(abs(a - b) for a in new_at for b in old_at) >= AWAY_CHARACTERS


def test_sneaky_edits_are_deterministic_and_leave_the_page_without_the_new_value(wice: dict) -> None:
    claims = list(wice.values())
    pool = name_pool([c.claim for c in claims])
    edits = [make_edit(c.id, c.claim, c.source().text, pool, 13, c.article_title) for c in claims]
    again = [make_edit(c.id, c.claim, c.source().text, pool, 13, c.article_title) for c in claims]
    assert edits == again and any(edits)
    for claim, edit in zip(claims, edits):
        if edit is not None:
            assert (
                edit.changed != edit.original
                and edit.replacement.casefold() not in claim.source().text.casefold()
            )


def test_the_source_gives_line_is_checked_against_the_replaced_value() -> None:
    edit = SneakyEdit("x", "Judge Lisa White Hardwick", "Judge Wolf", "Lisa White Hardwick", "Wolf", "PERSON")

    def verdict(status: str, stated: str | None) -> Verdict:
        finding = FactFinding("Judge Wolf", "person", status, "", stated=stated)
        return Verdict(scorer="test", score=0.0, passage_scores=[], best_passage=None, facts=[finding])

    right, wrong, missing = (
        verdict("contradicted", "Lisa Hardwick"),
        verdict("contradicted", "Travis Zimpfer"),
        verdict("missing", None),
    )
    assert source_gives([right, wrong, missing], [edit] * 3) == {
        "contradicted": 2,
        "naming_the_replaced_value": 0.5,
    }
    assert source_gives([missing], [edit]) == {"contradicted": 0, "naming_the_replaced_value": None}


def test_a_sneaky_name_after_the_claim_s_the_drops_its_own() -> None:
    # dev01967-like: "the Québec government" became "the the United States Army Marksmanship Unit government"
    claim = "In the 1940s and 50s, the Québec government was responsible for the diagnoses."
    page = "The Québec government of Maurice Duplessis sent healthy children to psychiatric hospitals."
    edit = make_edit("x", claim, page, {"ORG": ["the United States Army Marksmanship Unit"]}, 13)
    assert edit is not None and edit.changed.startswith("In the 1940s and 50s, the United States Army")


def test_a_sneaky_edit_of_a_day_gives_another_day_of_the_month() -> None:
    # dev03965: "with a DVD and digital release on 12 November"; its page says "on 12th November."
    claim = "It was given a DVD and digital release on 12th November."
    page = "Bros: After The Screaming Stops in cinemas November 9, DVD, Blu-ray and Digital on 12th November."
    edits = {make_edit("dev03965", claim, page, {}, seed) for seed in range(60)}
    assert None not in edits
    days = {edit.replacement for edit in edits}
    assert len(days) > 10 and "12th November" not in days
    assert "9th November" not in days  # the page gives November 9: the edit would be no edit
    assert all(re.fullmatch(r"([1-9]|1\d|2[0-8])(st|nd|rd|th) November", day) for day in days), days
    assert not any(re.search(r"(?<!1)[123]th|1[123](st|nd|rd)", day) for day in days), days  # "2th", "11st"


def finding(status: str, strong: bool = True, subject: bool = False):
    from sidebot.records import FactFinding

    return FactFinding("2000", "year", status, f"{status} 2000", subject=subject, strong=strong)


def test_the_rule_bounds_probability_by_what_failed() -> None:
    rule = FactRule(contradicted=0.2, strong_missing=0.45, missing=0.89)
    assert rule.apply(0.97, [finding("found")]) == 0.97
    assert rule.apply(0.97, [finding("missing", strong=False)]) == 0.89
    assert rule.apply(0.97, [finding("missing")]) == 0.45
    assert rule.apply(0.97, [finding("contradicted")]) == 0.2
    assert rule.apply(0.1, [finding("contradicted")]) == 0.1
    assert rule.apply(0.97, [finding("missing", subject=True)]) == 0.97  # the article's own name
    assert fact_note([finding("missing"), finding("contradicted")]) == "contradicted 2000"
    assert FactRule.from_json(rule.to_json()) == rule


def test_the_key_facts_rules_hold_a_page_lacking_what_the_claim_rests_on() -> None:
    from sidebot.records import FactFinding

    def fact(text: str, status: str, strong: bool = True, subject: bool = False) -> FactFinding:
        return FactFinding(text, "name", status, f"{status} {text}", subject=subject, strong=strong)

    two_missing = [fact("1978", "missing"), fact("Lexington", "missing", strong=False), fact("Ky.", "found")]
    two_weak = [fact("three", "missing", strong=False), fact("club", "missing", strong=False)]
    the_only = [fact("Vic Rattlehead", "missing"), fact("Megadeth", "missing", subject=True)]
    one_of_two = [fact("1978", "missing"), fact("Lexington", "found")]
    rule = FactRule(key_missing=0.65, key_rule="two or more missing, one of them strong, or the only fact")
    assert rule.apply(0.97, two_missing) == rule.apply(0.97, the_only) == 0.65
    assert rule.apply(0.97, two_weak) == rule.apply(0.97, one_of_two) == 0.97
    assert (
        FactRule(key_missing=0.65, key_rule="two or more missing, or the only fact").apply(0.97, two_weak)
        == 0.65
    )
    assert FactRule(key_missing=0.65).apply(0.97, two_missing) == 0.97  # no reading chosen: no bound
    assert FactRule.from_json(rule.to_json()) == rule
    with pytest.raises(ValueError, match="unknown key-facts rule"):
        FactRule(key_rule="most of them")
    assert missing_in_words(two_missing) == "the source does not give 1978, Lexington"
    assert missing_in_words(one_of_two) == "missing 1978"  # one strong fact: its own explanation
    assert missing_in_words([fact("club", "missing", strong=False)]) is None


def test_bands() -> None:
    bands = Bands(very_likely_fails=0.2, may_fail=0.5)
    assert [bands.band(p) for p in (0.1, 0.3, 0.7, None)] == [
        Band.VERY_LIKELY_FAILS,
        Band.MAY_FAIL,
        None,
        None,
    ]
    probabilities = [0.05, 0.1, 0.15, 0.3, 0.4, 0.6, 0.9]
    failing = [True, True, True, False, True, False, False]
    assert threshold_for_precision(probabilities, failing, 0.9) == pytest.approx((0.15 + 0.3) / 2)
    assert threshold_for_precision(probabilities, failing, 0.6) == pytest.approx((0.6 + 0.9) / 2)
    assert threshold_for_precision(probabilities, failing, 1.1) == 0.0
    assert Bands.from_json(None, 0.5) == Bands(0.0, 0.5)


def test_a_verdict_names_the_failing_fact(wice: dict) -> None:
    from sidebot.eval.metrics import wice_items
    from sidebot.verify import load_verifier

    claim = wice["dev01665"]
    verifier = load_verifier()
    (item,) = wice_items([replace(claim, claim=claim.claim.replace("2003", "2006"))])
    verdict = verifier.verify(*item)
    assert verdict.fact_note and "the claim says 2006" in verdict.fact_note
    support = Support.of(
        verdict.probability, verdict.every_part_probability, verdict.fact_note, verdict.failed_part, None
    )
    assert "likely backs" not in support.text and "the claim says 2006" in support.text
    assert {f.text: f.status for f in verdict.facts}["2006"] == "contradicted"


def test_a_fact_rule_must_keep_each_band_precise() -> None:
    """r10's fit half: holding a contradicted fact in "may fail" caught 43 % of the sneaky edits with no false
    alarm but left that band at precision 0.545 (its target 0.60); holding it in "very likely fails" left that
    band at 0.75 (its target 0.90). Neither is a rule to choose."""
    from sidebot.training.factfit import admissible

    def row(false_alarms: float, may: tuple[int, float | None], very: tuple[int, float | None]) -> dict:
        def point(flagged: int, precision: float | None) -> dict:
            return {"flagged": flagged, "precision_not_supported": precision}

        return {
            "sneaky_caught": 0.4,
            "sneaky_false_alarms": false_alarms,
            "bands": {"very_likely_fails": 0.45, "may_fail": 0.65},
            "operating_points": {"may_fail": point(*may), "very_likely_fails": point(*very)},
        }

    assert admissible(row(0.0, (21, 0.619), (10, 0.9)))
    assert admissible(row(0.0, (21, 0.619), (0, None)))  # no citation very likely fails: nothing lost
    assert not admissible(row(0.0, (22, 0.545), (10, 0.9)))  # "may fail" loses its precision
    assert not admissible(row(0.0, (16, 0.625), (12, 0.75)))  # "very likely fails" loses its precision
    assert not admissible(row(0.041, (58, 0.61), (10, 0.9)))  # too many false alarms


def test_train_fact_check_on_a_model_without_its_training_seed_is_one_clear_error(tmp_path: Path) -> None:
    """The sneaky edits are made with the model's training seed: without it, one line says so, even when
    the combiner is kept (no held-out sub-claims are read then)."""
    model = tmp_path / "model"
    model.mkdir()
    manifest = json.loads((shipped_model_dir() / "verifier.json").read_text(encoding="utf-8"))
    manifest.pop("training", None)
    (model / "verifier.json").write_text(json.dumps(manifest), encoding="utf-8")
    data = tmp_path / "data"
    (data / "wice").mkdir(parents=True)
    (data / "wice" / "claims-dev.jsonl").write_bytes(WICE.read_bytes())
    args = ["train", "fact-check", "--keep-combiner", "--model-dir", str(model), "--data-dir", str(data)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 1 and "names no training seed" in result.output, result.output


def test_a_run_of_digits_too_long_for_a_number_is_no_fact() -> None:
    # claim text is anyone's edit: 400 digits read as a float are infinity, which crashed the rounding
    digits = "9" * 400
    claim = f"The tower is {digits} metres tall and was built in 1999."
    assert [f.text for f in claim_facts(claim)] == ["1999"]
    page = PageIndex.from_passages(split_passages(f"Built in 1999, it is {digits} metres tall.", "A page"))
    check = check_facts(claim, page)
    assert [(r.fact.text, r.status) for r in check.results] == [("1999", FactStatus.FOUND)]


def test_a_reviewer_reads_each_failing_value_once(wice: dict) -> None:
    """The demo's Illinois Coalition Against Domestic Violence claim gives "1985" twice. The fact check keeps
    both (the combiner counts them); the verdict a reviewer reads names 1985 once."""
    from sidebot.eval.metrics import wice_items
    from sidebot.verify import load_verifier

    claim = wice["dev01665"]
    text = "In 1985, ICADV worked for the passage of the Illinois Sexual Assault Act in 1985."
    page = PageIndex.from_passages(split_passages("ICADV worked with lawmakers in 1984 on the Act.", ""))
    check = check_facts(text, page)
    assert [f.text for f in check.findings()].count("1985") == 2
    assert [f.text for f in check.distinct_findings()].count("1985") == 1

    (item,) = wice_items([replace(claim, claim=text)])
    verdict = load_verifier().verify(*item)
    shown = [(f.kind, f.text, f.status) for f in verdict.facts]
    assert len(shown) == len(set(shown)) and [text for _, text, _ in shown].count("1985") == 1


def test_eval_sneaky_counts_one_half_of_the_copied_value_edits(tmp_path: Path) -> None:
    """`sidebot eval sneaky --new-value elsewhere --half report` on the test claims: the one copied-value edit
    (dev01108's "Leicestershire" → "UK", the report half) is counted, queued by the patrol's check and not
    undone as a correction; the fit half holds no such edit."""
    out = tmp_path / "sneaky.json"
    args = ["eval", "sneaky", "--wice", str(WICE), "--new-value", "elsewhere", "--half", "report"]
    result = CliRunner().invoke(app, [*args, "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert "1 sneaky edits (the report half's) of 9 claims" in result.output
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["new_value"] == "elsewhere" and report["edits"] == 1
    [item] = report["items"]
    assert (item["claim_id"], item["fact"], item["replacement"]) == ("dev01108", "Leicestershire", "UK")
    assert report["caught_by_patrol_change_check"] == 1.0 and report["corrections_queued_by_patrol"] == 0.0
    assert report["by_kind"]["GPE"]["caught_by_patrol_change_check"] == 1.0
    fit = CliRunner().invoke(app, [*args[:-1], "fit"])
    assert fit.exit_code == 1 and "no supported claim" in fit.output, fit.output


# Names the page states in another form (r17). The claims and page lines are WiCE's: train38917-0,
# train48791-2, train30850-0, train12343-1, train46638-0, train11446-0, train37826-3 (subclaims-train), and
# dev03598, dev02618 (claims-dev, fit half); annotated as supported, each was named missing before r17.
@pytest.mark.parametrize(
    ("claim", "page", "name"),
    [
        (
            "The Stanley Miller Medal is an award to be presented by the National Academy of Sciences every "
            "five years.",
            "NAS Award in Early Earth and Life Sciences. Support the NAS.",
            "the National Academy of Sciences",
        ),
        (
            "Before his election in 2008, Porter was retaining his position as senior prosecutor at the DPP.",
            "He later worked as a Senior State Prosecutor for the Director of Public Prosecutions WA, where "
            "he prosecuted criminal trials for the State.",
            "DPP",
        ),
        (
            "Hale's final work was Bents Green Methodist Church.",
            "Hale's move to a more overtly modern style in the 1920s is to be seen at Banner Cross and Bents "
            "Green Methodist churches.",
            "Bents Green Methodist Church",
        ),
        (
            "The title track entered the UK Rock & Metal Singles Chart at number eight.",
            "Her song Perfect hit the Top 10 on the Official Rock/Metal Singles Chart.",
            "Rock & Metal Singles Chart",
        ),
        (
            "Frances Sternhagen reprised her role as Trey's overbearing and intrusive mother "
            "Bunny MacDougal.",
            "Cloris Leachman as Ida. FRANCES STERNHAGEN as Bunny McDougal, Sex And The City.",
            "Bunny MacDougal",
        ),
        (
            "After that he lived in retirement for 4 years in Montana.",
            "The horse was officially retired in Red Lodge, Mont., in 1979 and died in 1981 at the age "
            "of 24.",
            "Montana",
        ),
        (
            'The first book Johnson published on Close was "Truth in Comedy: The Manual of Improvisation" '
            "(1994).",
            "In fact, I went on to co-write the improvisational manual Truth in Comedy, and even became "
            "Del's biographer years later.",
            "Truth in Comedy: The Manual of Improvisation",
        ),
        (
            "In 2018, the film was selected for preservation in the United States National Film Registry by "
            "the Library of Congress.",
            "'Jurassic Park,' 'Shining' added to National Film Registry. The Library of Congress chose them.",
            "the United States National Film Registry",
        ),
        (
            "The collapse has been attributed to widespread public backlash against neo-Nazism.",
            "Prominent US neo-Nazi arrested on domestic violence charge.",
            "neo-Nazism",
        ),
        (  # FEVER-NLI dev: a country by its nationality, regular or not, and a nationality by its country
            "CHiPs is a film that was made in the United States and categorized as comedy.",
            "CHiPs is a 2017 American action comedy buddy cop film written and directed by Dax Shepard.",
            "the United States",
        ),
        (
            "Aparshakti Khurana works in India.",
            "Aparshakti Khurrana is an Indian Bollywood actor, RJ, and TV anchor.",
            "India",
        ),
        (
            "Yandex operates in Europe.",
            "Yandex is a Russian multinational technology company, one of the largest European IT companies.",
            "Europe",
        ),
        (  # FEVER-NLI dev: a one-word name in the plural, with its capital
            "A River Runs Through It has been nominated for an Oscar.",
            "The film won an Academy Award for Best Cinematography in 1993 and was nominated for two other "
            "Oscars, for Best Music, Original Score and Best Adapted Screenplay.",
            "Oscar",
        ),
        (
            "Juliette Binoche is a French actress.",
            "Binoche was born in Paris, France, the daughter of a director and sculptor.",
            "French",
        ),
        (
            "Zac Efron is an American actor.",
            "Efron was born in San Luis Obispo, California, and raised in the U.S. by his parents.",
            "American",
        ),
    ],
)
def test_a_name_is_found_in_another_form_the_page_writes(claim: str, page: str, name: str) -> None:
    index = PageIndex.from_passages(split_passages(page, "Source"))
    statuses = {r.fact.text: r.status for r in check_facts(claim, index).results}
    assert statuses[name] is FactStatus.FOUND, statuses


@pytest.mark.parametrize(
    ("claim", "page", "name"),
    [
        (  # train14483-0's page: a byline's capitals are no "BBC"
            "On 21 June 2016, she participated in the BBC's Wembley Arena Debate.",
            "Cybersecurity – Risk Management Crashes the Boardroom By Be Cyber Sure.",
            "BBC",
        ),
        (  # a state's dateline abbreviation only after a town and a comma
            "After that he lived in retirement for 4 years in Montana.",
            "He retired after climbing Mont Blanc in 1979.",
            "Montana",
        ),
        (  # two capitals are spelled out by too many headlines: "DC" is no "Daily Chronicle"
            "He wrote for the DC in 1990.",
            "He wrote for the Daily Chronicle in 1990.",
            "DC",
        ),
        (  # another country's nationality: "Australian" is not of Austria
            "The band toured Austria in 1999.",
            "The Australian band played 40 concerts in 1999.",
            "Austria",
        ),
        (  # a plural in lower case is a common noun: "bonds" are no Bond
            "The loan was arranged by Bond in 1990.",
            "The loan was paid back in bonds in 1990.",
            "Bond",
        ),
        (  # a nationality whose country the page never names
            "Ian Gillan is a French singer.",
            "Ian Gillan is a singer, born in Hounslow, Middlesex.",
            "French",
        ),
    ],
)
def test_a_name_is_not_found_in_forms_it_does_not_take(claim: str, page: str, name: str) -> None:
    index = PageIndex.from_passages(split_passages(page, "Source"))
    statuses = {r.fact.text: r.status for r in check_facts(claim, index).results}
    assert statuses[name] is not FactStatus.FOUND, statuses  # read as a fact, and not found


def test_the_forms_of_a_name() -> None:
    assert "american" in name_forms("the United States", "GPE")
    assert set(name_forms("the United States", "GPE")) == set(name_forms("the U.S.", "GPE"))
    assert {"italian", "japanese", "pakistani", "mexican"} <= {
        form for country in ("Italy", "Japan", "Pakistan", "Mexico") for form in name_forms(country, "GPE")
    }
    assert {"france", "netherlands"} <= {*name_forms("French", "NORP"), *name_forms("Dutch", "NORP")}
    assert "american" not in name_forms("American Airlines", "ORG")  # a country's forms only for a place
    assert "nas" in name_forms("the National Academy of Sciences", "ORG")
    assert "av club" in name_forms("The A.V. Club", "WORK_OF_ART")
    assert "truth in comedy" in name_forms("Truth in Comedy: The Manual of Improvisation", "WORK_OF_ART")
    assert "mcdougal" in " ".join(name_forms("Bunny MacDougal", "PERSON"))
    assert name_forms("Machado", "PERSON") == ["machado"]  # no "Mc" for a name that only begins with "Mac"
    assert "mont" in name_forms("Montana", "GPE")
    assert states_form("mont", "Montana", " red lodge mont in 1979 ", "Red Lodge, Mont., in 1979")
    assert not states_form("mont", "Montana", " mont blanc ", "Mont Blanc")


@pytest.mark.parametrize(
    ("claim", "name"),
    [  # FEVER-NLI dev claims: the small model runs the name on into the words after it
        ("One Flew Over the Cuckoo's Nest won Academy Awards.", "Nest"),  # a verb
        ("Richard Linklater's daughter Lorelei plays Mason's sister, Samantha.", "Lorelei"),
        (  # a preposition it stops after
            "The NAACP Image Award for Outstanding Supporting Actor in a Drama Series has been received by "
            "an actor.",
            "The NAACP Image Award",
        ),
        ("There is a show called The Office (US).", "The Office"),  # a bracket it leaves open
    ],
)
def test_a_name_ends_before_the_words_the_model_ran_it_on_into(claim: str, name: str) -> None:
    names = [f.text for f in claim_facts(claim) if f.kind is FactKind.NAME]
    assert name in names, names
    assert all(claim[f.start : f.end] == f.text for f in claim_facts(claim))


def test_a_possessive_stays_in_a_name() -> None:
    names = [f.text for f in claim_facts("The song was first played at McDonald's in 1990.")]
    assert "McDonald's" in names, names


@pytest.mark.parametrize(
    ("claim", "page", "status"),
    [
        (  # FEVER-NLI dev: a year of the century where the page gives the claim's event
            "Sejong the Great died in the fifteenth century.",
            "Sejong the Great (15 May 1397 - 8 April 1450) was the fourth king of Joseon-dynasty Korea.",
            FactStatus.FOUND,
        ),
        (
            "Highway to Heaven began airing in the 20th century.",
            "Highway to Heaven is an American television drama series which ran on NBC from 1984 to 1989.",
            FactStatus.FOUND,
        ),
        (  # the page names another century for the claim's thing
            "The main altar houses a 17th-century fresco.",
            "The main altar has a fresco painted in the 18th century.",
            FactStatus.CONTRADICTED,
        ),
        (  # a year of the century away from the claim's words dates something else
            "The main altar houses a 17th-century fresco.",
            "The main altar has a fresco by an unknown painter. The town hall opens on Mondays. The museum "
            "shows local pottery. The market sells cheese on Fridays. The river floods in spring. The school "
            "has two hundred pupils. The stone bridge over the river was built in 1655.",
            FactStatus.MISSING,
        ),
    ],
)
def test_a_century_is_found_by_its_years_near_the_claim_s_words(
    claim: str, page: str, status: FactStatus
) -> None:
    index = PageIndex.from_passages(split_passages(page, "Source"))
    (result,) = [r for r in check_facts(claim, index).results if r.fact.number is not None]
    assert result.fact.number.kind is NumberKind.CENTURY and result.fact.description == "century"
    assert result.status is status


@pytest.mark.parametrize(
    ("claim", "abbreviation", "words"),
    [  # SciFact training claims, and a Wikipedia-style first mention
        (
            "Increased diastolic blood pressure (DBP) is associated with aneurysm.",
            "DBP",
            "diastolic blood pressure",
        ),
        ("RAD52 is involved in break-induced DNA replication (BIR).", "BIR", "break-induced DNA replication"),
        ("He joined the National Rifle Association (NRA) in 1990.", "NRA", "National Rifle Association"),
        ("Carriers of the Apolipoprotein E4 (APOE4) allele are at risk.", "APOE4", ""),  # no run spells it
        ("He played for Everton (ENG) in 1990.", "ENG", ""),
        ("He played for the NRA in 1990.", "NRA", ""),  # not in brackets
    ],
)
def test_an_abbreviation_in_brackets_is_read_with_the_words_it_stands_for(
    claim: str, abbreviation: str, words: str
) -> None:
    start = claim.index(abbreviation)
    assert spelled_out_before(claim, start, start + len(abbreviation)) == words


def test_an_abbreviation_the_claim_spells_out_is_found_where_the_page_writes_the_words() -> None:
    claim = "Increased diastolic blood pressure (DBP) is associated with abdominal aortic aneurysm."
    page = "Higher diastolic blood pressure was associated with abdominal aortic aneurysm in the cohort."
    index = PageIndex.from_passages(split_passages(page, "Source"))
    statuses = {r.fact.text: r.status for r in check_facts(claim, index).results}
    assert statuses == {"DBP": FactStatus.FOUND}


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("a viewership of over a million in its initial broadcast", "over a million"),
        ("more than $5 million", "more than $5 million"),
        ("nearly 40 per cent of voters", "nearly 40 per cent"),
        ("known to live up to 27 years", "27"),  # a maximum, not a bound
        ("released before 2005", "before 2005"),
        ("the festival ran over the past 50 years", "50"),  # "over" not before the value
        ("returned after 3 days", "3"),  # "after" bounds years and dates only
    ],
)
def test_a_bound_is_read_with_its_value(text: str, written: str) -> None:
    assert one(text).written == written


@pytest.mark.parametrize(
    ("claim", "page", "status", "note"),
    [
        (  # FEVER-NLI dev: a year before the claim's bound, where the page gives the claim's event
            "Tenacious D's debut album was released before 2005.",
            "Tenacious D released their debut album Tenacious D in 2001.",
            FactStatus.FOUND,
            "the source gives 2001, the claim says before 2005",
        ),
        (
            "The album sold more than 50,000 copies in its opening week.",
            "The album sold 57,000 copies in its opening week.",
            FactStatus.FOUND,
            "the source gives 57,000, the claim says more than 50,000",
        ),
        (  # no rounding across a bound: 57,000 is "60,000", not "over 60,000"
            "The album sold over 60,000 copies in its opening week.",
            "The album sold 57,000 copies in its opening week.",
            FactStatus.CONTRADICTED,
            "the source gives 57,000, the claim says over 60,000",
        ),
        (  # WiCE train29038: "up to" gives a maximum, which the page's usual lifespan does not state
            "Individuals are known to live for up to 27 years.",
            "Females begin breeding between 6 to 9 years of age. They have a lifespan of about 25 years.",
            FactStatus.MISSING,
            "the source does not give the claim's number 27",
        ),
        (
            "Females begin breeding at under 12 years of age.",
            "Females begin breeding between 6 to 9 years of age. Individuals are known to live for 25 years.",
            FactStatus.FOUND,
            "the source gives 6, the claim says under 12",
        ),
        (  # a value of another measure in the context is no value of the bound
            "Females begin breeding at under 12 years of age.",
            "Females begin breeding when they reach lengths of about 9 m.",
            FactStatus.MISSING,
            "the source does not give the claim's number under 12",
        ),
        (
            "Individuals are known to live for less than 22 years.",
            "Females begin breeding between 6 to 9 years of age. Individuals are known to live for 25 years.",
            FactStatus.CONTRADICTED,
            "the source gives 25, the claim says less than 22",
        ),
        (  # a year bound excludes its own year: "in 2005" is not "before 2005"
            "Tenacious D's debut album was released before 2005.",
            "Tenacious D released their debut album Tenacious D in 2005.",
            FactStatus.CONTRADICTED,
            "the source gives 2005, the claim says before 2005",
        ),
        (
            "The band split up after 1998.",
            "The band split up in 1998.",
            FactStatus.CONTRADICTED,
            "the source gives 1998, the claim says after 1998",
        ),
        (  # a count's bound is written loosely: "50,000 copies" states "more than 50,000 copies"
            "The album sold more than 50,000 copies in its opening week.",
            "The album sold 50,000 copies in its opening week.",
            FactStatus.FOUND,
            "the source gives 50,000, the claim says more than 50,000",
        ),
        (  # FEVER-NLI dev: "over a million" gives the order of magnitude
            "The episode had a viewership of over a million in its initial broadcast.",
            "In the United States, the episode had a viewership of 7.66 million in its initial broadcast.",
            FactStatus.FOUND,
            "the source gives 7.66 million, the claim says over a million",
        ),
        (
            "The album sold over 60,000 copies in its opening week.",
            "The album sold 190,000 copies in its opening week.",
            FactStatus.MISSING,
            "the source does not give the claim's number over 60,000",
        ),
        (  # the page's own bound: a claim's exact value it admits is a detail missing, not a contradiction
            "The tour lasted 35 days.",
            "The tour lasted more than 30 days.",
            FactStatus.MISSING,
            "the source does not give the claim's number 35",
        ),
        (
            "The tour lasted 20 days.",
            "The tour lasted more than 30 days.",
            FactStatus.CONTRADICTED,
            "the source gives more than 30, the claim says 20",
        ),
    ],
)
def test_a_bound_is_stated_by_a_value_within_it(claim: str, page: str, status: FactStatus, note: str) -> None:
    index = PageIndex.from_passages(split_passages(page, "Source"))
    (result,) = [r for r in check_facts(claim, index).results if r.fact.number is not None]
    assert (result.status, result.explanation()) == (status, note)


def test_a_value_within_a_bound_away_from_the_claim_s_words_does_not_state_it() -> None:
    page = (
        "The bridge was opened by the mayor. The town hall opens on Mondays. The museum shows local pottery. "
        "The market sells cheese on Fridays. The river floods in spring. The school has two hundred pupils. "
        "The old mill sold 57,000 loaves last year."
    )
    index = PageIndex.from_passages(split_passages(page, "Source"))
    (result,) = [r for r in check_facts("More than 50,000 people crossed the bridge.", index).results]
    assert result.status is FactStatus.MISSING
