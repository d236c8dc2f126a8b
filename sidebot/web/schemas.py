"""The JSON API's request and response bodies (they also document the API in its OpenAPI schema)."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from sidebot.queue.reviews import MAX_COMMENT_CHARS, Decision


class _Out(BaseModel):
    model_config = ConfigDict(from_attributes=True)


class SessionOut(_Out):
    user: str | None = Field(description="the logged-in wiki username, or null")
    csrf_token: str = Field(description="send it as the X-CSRF-Token header with every POST")
    auth: Literal["wiki-password", "oauth"]


class LoginIn(BaseModel):
    username: str = Field(max_length=255)
    password: str = Field(max_length=1024)


class FindingSummary(_Out):
    id: int
    wiki: str
    article: str
    section: str
    claim: str
    url: str | None
    source_title: str | None
    score: float | None = Field(description="the verifier's raw score: lower is less supported")
    probability: float | None = Field(
        description="calibrated P(source supports the claim), when the scorer has one"
    )
    stance: str | None
    state: str
    origin: str = Field(description="how it was found: recent, failed_verification or page")
    flag_reason: str | None
    created_at: datetime
    decided_by: str | None = Field(description="reviewed and mine tabs: who made the decision shown")
    decided_at: datetime | None
    decision: str | None


class FindingList(BaseModel):
    findings: list[FindingSummary]
    total: int = Field(description="findings in this tab with these filters")
    counts: dict[str, int] = Field(
        description="findings per tab (open, reviewed, mine, all) with these filters"
    )
    page: int
    per_page: int
    pages: int


class Segment(_Out):
    text: str
    evidence: bool = Field(description="true: a sentence the verifier picked as evidence")
    score: float | None = None


class SuggestionOut(_Out):
    id: int
    rank: int
    url: str
    title: str | None
    score: float
    probability: float | None
    passage: list[Segment]


class ReviewOut(_Out):
    id: int
    reviewer: str
    decision: str
    decision_label: str
    suggestion_id: int | None
    comment: str | None
    created_at: datetime
    undone_at: datetime | None = Field(description="withdrawn by its reviewer: it no longer counts")
    reopened_at: datetime | None = Field(description="returned to open: no longer the finding's decision")
    reopened_by: str | None


class FindingDetail(_Out):
    id: int
    state: str
    wiki: str
    article: str
    section: str
    preceding: str = Field(description="the article text before the claim")
    claim: str
    marker: int = Field(description="the citation's order on the page (1 = the first <ref>)")
    tags: list[str]
    url: str | None
    archive_url: str | None
    source_title: str | None = Field(description="as the citation gives it, else the fetched page's title")
    page_title: str | None = Field(description="the fetched page's own title")
    source_status: str | None
    source_error: str | None
    score: float | None
    probability: float | None
    stance: str | None
    scorer: str
    flag_reason: str | None
    origin: str
    rev_id: int | None
    created_at: datetime
    passage: list[Segment] = Field(description="the source's best passage, cut into plain and evidence parts")
    suggestions: list[SuggestionOut]
    reviews: list[ReviewOut]
    article_url: str | None
    revision_url: str | None
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
