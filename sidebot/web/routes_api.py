"""The JSON API: the queue with the list page's filters, one item, decisions, undo, return to open, the
leaderboard, and the session (who is logged in, the CSRF token for POSTs).

Authentication is the same session cookie as the pages: ``GET /api/session`` gives the CSRF token, ``POST
/api/login`` logs in (wiki-password sites), and every POST carries the token in ``X-CSRF-Token``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Query, Request

from sidebot.queue.listing import QueueFilter, Sort, Tab
from sidebot.queue.queries import open_findings_on_page
from sidebot.queue.reviews import Period, leaderboard
from sidebot.queue.support import ReasonKind
from sidebot.queue.wikis import login_wiki
from sidebot.web import actions
from sidebot.web.cards import load_card, review_view
from sidebot.web.context import web_context
from sidebot.web.gadget_view import MAX_PAGE_FINDINGS, POPUP_DECISIONS, PageFindings, gadget_finding
from sidebot.web.integrity import ReviewNotAllowed
from sidebot.web.listing import list_queue
from sidebot.web.login import LoginFailed, LoginThrottled
from sidebot.web.routes_pages import MAX_TOPIC_DEPTH, list_scope
from sidebot.web.schemas import (
    FIRST_DATE,
    LAST_DATE,
    MAX_ROW_ID,
    DecisionIn,
    FindingDetail,
    FindingId,
    FindingList,
    Leaderboard,
    LeaderboardEntry,
    LoginIn,
    PageNumber,
    PerPage,
    Problem,
    ReviewResult,
    SessionOut,
)
from sidebot.web.security import require_csrf
from sidebot.web.sessions import Login, csrf_token
from sidebot.web.wikiapi import WikiApiError

router = APIRouter(prefix="/api", tags=["queue"])
REFUSALS: dict[int | str, dict[str, Any]] = {
    code: {"model": Problem} for code in (400, 401, 403, 404, 409, 503)
}


def _login(request: Request) -> Login:
    login = web_context(request).login(request)
    if login is None:
        raise HTTPException(401, "log in first (POST /api/login, or the site's login page)")
    return login


@router.get("/session", response_model=SessionOut, summary="Who is logged in, and the CSRF token for POSTs")
def session_info(request: Request) -> SessionOut:
    """Who is logged in (null when nobody is), the CSRF token to send with every POST, and how this site logs
    in."""
    ctx = web_context(request)
    return SessionOut(user=ctx.user(request), csrf_token=csrf_token(request), auth=ctx.web.auth)


@router.post(
    "/login",
    response_model=SessionOut,
    responses=REFUSALS | {429: {"model": Problem}},
    dependencies=[Depends(require_csrf)],
    summary="Log in with a wiki username and password (wiki-password sites only)",
)
def api_login(request: Request, body: LoginIn) -> SessionOut:
    """Logs in with a wiki username and password, which the wiki itself checks; 401 when it refuses them, 429
    while failed logins for that username or address must wait."""
    ctx = web_context(request)
    if ctx.web.auth != "wiki-password":
        raise HTTPException(400, "this site logs in through the wiki (OAuth): use the login page")
    try:
        api_url = ctx.login_api_url()
        address = ctx.client_address(request)
        name = ctx.password_login().log_in(body.username, body.password, ctx.base_url + "/login", address)
        ctx.admit(name, api_url)
    except LoginThrottled as exc:
        raise HTTPException(429, str(exc), headers={"Retry-After": str(round(exc.retry_after))}) from exc
    except LoginFailed as exc:
        raise HTTPException(401, str(exc)) from exc
    ctx.start_session(request, name, api_url)
    return SessionOut(user=name, csrf_token=csrf_token(request), auth=ctx.web.auth)


@router.post("/logout", response_model=SessionOut, dependencies=[Depends(require_csrf)], summary="Log out")
def api_logout(request: Request) -> SessionOut:
    """Ends the session; the answer carries the new session's CSRF token."""
    web_context(request).end_session(request)
    return SessionOut(user=None, csrf_token=csrf_token(request), auth=web_context(request).web.auth)


@router.get(
    "/findings",
    response_model=FindingList,
    responses=REFUSALS,
    summary="The queue: findings with the list page's filters",
    description="Open and all: highest priority first (sort=support: changed facts, then least supported "
    "first). Reviewed and mine: newest decision first. Each finding carries its priority and why, in words "
    "(priority_note). A topic or a worklist keeps to their pages, as on the list page.",
)
def list_findings(
    request: Request,
    status: Annotated[Tab, Query(description="open, reviewed, mine (needs a login) or all")] = Tab.OPEN,
    article: Annotated[str, Query(max_length=512, description="article title prefix, any case")] = "",
    wiki: Annotated[str, Query(max_length=64)] = "",
    origin: Annotated[str, Query(pattern="^(|recent|failed_verification|page|backfill|check)$")] = "",
    reason: Annotated[ReasonKind | None, Query(description="why it is queued")] = None,
    partly: Annotated[
        bool,
        Query(
            description="only citations whose source backs part of the claim, probably not all of it (never "
            "one that backs none of the claim's facts: backs_nothing)"
        ),
    ] = False,
    since: Annotated[
        date | None, Query(ge=FIRST_DATE, le=LAST_DATE, description="flagged on or after (UTC date)")
    ] = None,
    until: Annotated[
        date | None, Query(ge=FIRST_DATE, le=LAST_DATE, description="flagged on or before (UTC date)")
    ] = None,
    sort: Annotated[Sort, Query(description="priority (the default) or support")] = Sort.PRIORITY,
    topic: Annotated[
        str,
        Query(
            max_length=300,
            description="only the pages of a topic, asked of the wiki: category:NAME (with depth) or "
            "project:NAME (the articles whose talk page carries {{WikiProject NAME}})",
        ),
    ] = "",
    depth: Annotated[
        int, Query(ge=0, le=MAX_TOPIC_DEPTH, description="category topics: subcategory levels taken in")
    ] = 0,
    worklist: Annotated[
        int | None,
        Query(
            ge=1,
            le=MAX_ROW_ID,
            description="one of the logged-in reviewer's saved worklists: its filters and titles replace "
            "the others (status and page stay)",
        ),
    ] = None,
    page: PageNumber = 1,
    per_page: PerPage | None = None,
) -> FindingList:
    """The queue's findings, a page at a time (see the route's description)."""
    ctx = web_context(request)
    user = ctx.user(request)
    scope = {"topic": topic, "depth": str(depth)} if worklist is None else {"worklist": str(worklist)}
    parsed, titles, _ = list_scope(ctx, scope | {"status": status.value}, user)
    if parsed.errors:  # a topic that is not one, or one the wiki cannot list
        raise HTTPException(400, "; ".join(parsed.errors))
    flt = QueueFilter(
        tab=status,
        article=article,
        wiki=wiki,
        origin=origin,
        reason=reason,
        partly=partly,
        since=since,
        until=until,
        sort=sort,
    )
    flt = replace(parsed.filter if worklist is not None else flt, titles=titles)
    with ctx.db.session() as session:
        result = list_queue(session, flt, user, page, per_page or ctx.web.page_size)
    return FindingList(
        findings=result.items,
        total=result.total,
        counts=result.counts,
        page=result.page,
        per_page=result.per_page,
        pages=result.pages,
    )


@router.get(
    "/findings/{finding_id}",
    response_model=FindingDetail,
    responses=REFUSALS,
    summary="One finding: the claim in context, the source passage with evidence, suggestions, reviews",
)
def get_finding(request: Request, finding_id: FindingId) -> FindingDetail:
    """The finding as its card shows it, with whether the logged-in user may review it (and why not)."""
    ctx = web_context(request)
    with ctx.db.session() as session:
        card = load_card(session, finding_id)
    if card is None:
        raise HTTPException(404, f"there is no finding {finding_id}")
    can_review, reason = None, None
    login = ctx.login(request)
    if login is not None:
        try:
            ctx.gate.check(login, card.target)
            can_review = True
        except (ReviewNotAllowed, WikiApiError) as exc:
            can_review, reason = False, str(exc)
    return FindingDetail(**dict(card), can_review=can_review, cannot_review_reason=reason)


@router.get(
    "/page-findings",
    response_model=PageFindings,
    summary="The open findings of one article, as the wiki gadget marks them",
    description="In page order, each in the card's words: reason, support, failing fact, evidence sentence, "
    "the best suggestion with its reference to paste.",
)
def page_findings(
    request: Request,
    title: Annotated[str, Query(min_length=1, max_length=512, description="the article's title")],
    wiki: Annotated[
        str, Query(max_length=64, description="the wiki's name (default: the configured one)")
    ] = "",
) -> PageFindings:
    """An article's open findings for the wiki gadget (see the route's description)."""
    ctx = web_context(request)
    name = wiki or login_wiki(ctx.db, ctx.settings.wiki.name)[0]
    stored = " ".join(title.replace("_", " ").split())  # wgPageName writes spaces as underscores
    with ctx.db.session() as session:
        cards = [
            load_card(session, i) for i in open_findings_on_page(session, name, stored, MAX_PAGE_FINDINGS)
        ]
    return PageFindings(
        wiki=name,
        title=stored,
        user=ctx.user(request),
        login_url=ctx.base_url + "/login",
        decisions=POPUP_DECISIONS,
        findings=[gadget_finding(card, ctx.base_url) for card in cards if card is not None],
    )


@router.post(
    "/findings/{finding_id}/decision",
    response_model=ReviewResult,
    responses=REFUSALS,
    dependencies=[Depends(require_csrf)],
    summary="Decide on an open finding",
)
def post_decision(request: Request, finding_id: FindingId, body: DecisionIn) -> ReviewResult:
    """Records your decision on an open finding (suggestion_id names the better source with
    better_suggestion). Refused when you may not review it: not logged in on its wiki, blocked, short of the
    site's requirements, or the one who added the citation."""
    ctx = web_context(request)
    login = _login(request)
    return _result(
        finding_id,
        lambda: actions.decide(
            ctx.db, ctx.gate, login, finding_id, body.decision, body.suggestion_id, body.comment
        ),
    )


@router.post(
    "/findings/{finding_id}/undo",
    response_model=ReviewResult,
    responses=REFUSALS,
    dependencies=[Depends(require_csrf)],
    summary="Undo your own latest decision on a finding",
)
def post_undo(request: Request, finding_id: FindingId) -> ReviewResult:
    """Withdraws your own latest decision on the finding; if it was the finding's decision, the finding is
    open again."""
    ctx = web_context(request)
    login = _login(request)
    return _result(finding_id, lambda: actions.undo(ctx.db, ctx.gate, login, finding_id))


@router.post(
    "/findings/{finding_id}/reopen",
    response_model=ReviewResult,
    responses=REFUSALS,
    dependencies=[Depends(require_csrf)],
    summary="Return a reviewed finding to open (its decision stays on record)",
)
def post_reopen(request: Request, finding_id: FindingId) -> ReviewResult:
    """Returns a reviewed finding to open; its decision stays on record but no longer counts."""
    ctx = web_context(request)
    login = _login(request)
    return _result(finding_id, lambda: actions.reopen(ctx.db, ctx.gate, login, finding_id))


@router.get("/leaderboard", response_model=Leaderboard, summary="Reviewers by decisions made in a period")
def get_leaderboard(request: Request, period: Period = Period.WEEK) -> Leaderboard:
    """Reviewers by the decisions they made in the period (7d, 30d or all), most first."""
    with web_context(request).db.session() as session:
        rows = leaderboard(session, period)
    return Leaderboard(period=period.value, entries=[LeaderboardEntry.model_validate(r) for r in rows])


def _result(finding_id: int, run: Callable[[], actions.Outcome]) -> ReviewResult:
    try:
        outcome: actions.Outcome = run()
    except actions.ActionError as exc:
        raise HTTPException(exc.status, str(exc)) from exc
    return ReviewResult(finding_id=finding_id, state=outcome.state, review=review_view(outcome.review))
