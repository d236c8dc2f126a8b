"""The JSON API's request and response bodies (they also document the API in its OpenAPI schema).

A finding's own fields are defined once, by what the pages show: :class:`~sidebot.web.listing.FindingSummary`
(a row of the list) and :class:`~sidebot.web.cards.Card` (the item card).
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Annotated, Literal

from fastapi import Path, Query
from pydantic import BaseModel, ConfigDict, Field

from sidebot.queue.reviews import MAX_COMMENT_CHARS, Decision
from sidebot.web.cards import Card, ReviewOut
from sidebot.web.listing import FindingSummary

# Every number a request carries is bounded here, where it is parsed, so none reaches the database or date
# arithmetic out of range (an overflow there is a 500, not "no such row"). Row ids are INTEGER columns:
# 32-bit on PostgreSQL, 64-bit on SQLite; the smaller bound holds on both.
MAX_ROW_ID = 2**31 - 1
MAX_PAGE = 1_000_000  # times the largest page size (500) stays far below any integer limit
MAX_PER_PAGE = 500
MAX_STATS_DAYS = 366
# The list takes findings before the day after `until`: the last day of the calendar has none after it.
FIRST_DATE, LAST_DATE = date.min, date.max - timedelta(days=1)

RowId = Annotated[int, Field(ge=1, le=MAX_ROW_ID, strict=True)]  # a JSON number: not true, "1" or 1.0
FindingId = Annotated[int, Path(ge=1, le=MAX_ROW_ID, description="a finding's id")]
PageNumber = Annotated[int, Query(ge=1, le=MAX_PAGE)]
PerPage = Annotated[int, Query(ge=1, le=MAX_PER_PAGE)]
StatsDays = Annotated[int, Query(ge=1, le=MAX_STATS_DAYS, description="days back from today")]

_DIGITS = re.compile(r"[0-9]{1,20}")  # ASCII only: str.isdigit() takes "²" (int() refuses), int() takes "١٢"


def form_number(text: str, low: int, high: int) -> int | None:
    """A number typed in a form or a page's query string, between ``low`` and ``high``; None otherwise."""
    if not _DIGITS.fullmatch(text):
        return None
    number = int(text)
    return number if low <= number <= high else None


def form_row_id(text: str) -> int | None:
    """A row id typed in a form (1 to :data:`MAX_ROW_ID`), or None."""
    return form_number(text, 1, MAX_ROW_ID)


class _Out(BaseModel):
    model_config = ConfigDict(from_attributes=True)


class SessionOut(_Out):
    """The session: who is logged in, the CSRF token for POSTs, and how this site logs in."""

    user: str | None = Field(description="the logged-in wiki username, or null")
    csrf_token: str = Field(description="send it as the X-CSRF-Token header with every POST")
    auth: Literal["wiki-password", "oauth"]


class LoginIn(BaseModel):
    """A wiki username and password to log in with."""

    username: str = Field(max_length=255)
    password: str = Field(max_length=1024)


class FindingList(BaseModel):
    """One page of the queue's findings, with the counts per tab."""

    findings: list[FindingSummary]
    total: int = Field(description="findings in this tab with these filters")
    counts: dict[str, int] = Field(
        description="findings per tab (open, reviewed, mine, all) with these filters"
    )
    page: int
    per_page: int
    pages: int


class FindingDetail(Card):
    """One finding as its card shows it, with whether the logged-in user may review it."""

    can_review: bool | None = Field(None, description="for the logged-in user; null when nobody is logged in")
    cannot_review_reason: str | None = None


class DecisionIn(BaseModel):
    """A decision on an open finding: its value, the better suggestion's id with ``better_suggestion``, and
    an optional comment."""

    decision: Decision
    suggestion_id: RowId | None = Field(None, description="required with better_suggestion")
    comment: str | None = Field(None, max_length=MAX_COMMENT_CHARS)


class ReviewResult(BaseModel):
    """The review a decision, undo or reopen recorded, and the finding's state afterwards."""

    finding_id: int
    state: str = Field(description="the finding's state afterwards")
    review: ReviewOut


class LeaderboardEntry(_Out):
    """A reviewer's decisions in the period: in all and per decision."""

    reviewer: str
    total: int
    by_decision: dict[str, int]


class Leaderboard(BaseModel):
    """Reviewers by decisions made in a period, most first."""

    period: str
    entries: list[LeaderboardEntry]


class Problem(BaseModel):
    """Why a request was refused, in words."""

    detail: str
