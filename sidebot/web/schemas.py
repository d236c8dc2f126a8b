"""The JSON API's request and response bodies (they also document the API in its OpenAPI schema).

A finding's own fields are defined once, by what the pages show: :class:`~sidebot.web.listing.FindingSummary`
(a row of the list) and :class:`~sidebot.web.cards.Card` (the item card).
"""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import Path, Query
from pydantic import BaseModel, ConfigDict, Field

from sidebot.queue.reviews import MAX_COMMENT_CHARS, Decision
from sidebot.web.cards import Card, ReviewOut
from sidebot.web.listing import FindingSummary

# Row ids are INTEGER columns: 32-bit on PostgreSQL, 64-bit on SQLite. A number past them is no row, and
# must be answered so before the database sees it (it would raise an overflow, not find nothing).
MAX_ROW_ID = 2**31 - 1
MAX_PAGE = 1_000_000  # times the largest page size (500) stays far below any integer limit
FindingId = Annotated[int, Path(ge=1, le=MAX_ROW_ID, description="a finding's id")]
PageNumber = Annotated[int, Query(ge=1, le=MAX_PAGE)]


class _Out(BaseModel):
    model_config = ConfigDict(from_attributes=True)


class SessionOut(_Out):
    user: str | None = Field(description="the logged-in wiki username, or null")
    csrf_token: str = Field(description="send it as the X-CSRF-Token header with every POST")
    auth: Literal["wiki-password", "oauth"]


class LoginIn(BaseModel):
    username: str = Field(max_length=255)
    password: str = Field(max_length=1024)


class FindingList(BaseModel):
    findings: list[FindingSummary]
    total: int = Field(description="findings in this tab with these filters")
    counts: dict[str, int] = Field(
        description="findings per tab (open, reviewed, mine, all) with these filters"
    )
    page: int
    per_page: int
    pages: int


class FindingDetail(Card):
    can_review: bool | None = Field(None, description="for the logged-in user; null when nobody is logged in")
    cannot_review_reason: str | None = None


class DecisionIn(BaseModel):
    decision: Decision
    suggestion_id: int | None = Field(None, description="required with better_suggestion")
    comment: str | None = Field(None, max_length=MAX_COMMENT_CHARS)


class ReviewResult(BaseModel):
    finding_id: int
    state: str = Field(description="the finding's state afterwards")
    review: ReviewOut


class LeaderboardEntry(_Out):
    reviewer: str
    total: int
    by_decision: dict[str, int]


class Leaderboard(BaseModel):
    period: str
    entries: list[LeaderboardEntry]


class Problem(BaseModel):
    detail: str
