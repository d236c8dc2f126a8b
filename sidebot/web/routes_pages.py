"""The pages: the queue list, the item card with its decision forms, the leaderboard, the API overview."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from typing import Annotated
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Form, HTTPException, Request
from fastapi.responses import RedirectResponse, Response

from sidebot.queue.listing import (
    QueueFilter,
    Sort,
    Tab,
    next_open,
    protection_levels,
    wiki_api_url,
)
from sidebot.queue.reviews import DECISION_LABELS, Decision, Period, leaderboard
from sidebot.queue.support import ReasonKind
from sidebot.queue.wikis import wiki_names
from sidebot.queue.worklists import WorklistRow, worklist, worklists_of
from sidebot.web import actions
from sidebot.web.cards import Card, load_card
from sidebot.web.context import WebContext, web_context
from sidebot.web.integrity import ReviewNotAllowed
from sidebot.web.listing import ORIGIN_LABELS, REASONS, list_queue
from sidebot.web.routes_auth import safe_next
from sidebot.web.schemas import (
    FIRST_DATE,
    LAST_DATE,
    MAX_PAGE,
    FindingId,
    StatsDays,
    form_number,
    form_row_id,
)
from sidebot.web.security import require_csrf
from sidebot.web.sessions import Login, flash
from sidebot.web.templating import package_dir
from sidebot.web.topics import Topic, TopicError
from sidebot.web.wikiapi import Revision, WikiApiError

router = APIRouter(include_in_schema=False)
GADGET_CACHE_S = 300  # a new gadget.js reaches every reader within five minutes
MAX_TOPIC_DEPTH = 5  # subcategory levels a topic may take in (each level is more requests to the wiki)
# The list's filters (what a worklist keeps of the list's query)
FILTER_KEYS = (
    "article", "wiki", "origin", "reason", "support", "since", "until", "sort", "topic", "depth", "protected",
)  # fmt: skip
SHOW_PROTECTED = "show"  # the list's protected=show: also findings on pages the reviewer cannot edit
PARTLY = "partly"  # the list's support filter: sources that back only part of their claim
SORTS = {Sort.PRIORITY.value: "priority first", Sort.SUPPORT.value: "least supported first"}


# Access keys of the decisions (and "s" records the decision), as CopyPatrol's reviewers work by keyboard.
# Not "f", "e" or "d": Chrome and Chromium on Linux and Windows keep Alt+F and Alt+E for their menu and Alt+D
# for the address bar, so the page never sees them ("source is fine" is "o", as in OK).
ACCESS_KEYS = {
    Decision.UNSUPPORTED: "n",
    Decision.ONLY_PART: "p",
    Decision.SUPPORTED: "o",
    Decision.BETTER_SUGGESTION: "b",
    Decision.UNSURE: "u",
}


@dataclass
class ParsedFilter:
    """The list's query string, checked: ``errors`` explains each value that was not understood (that value
    is ignored, the others apply, and the form shows what was typed)."""

    filter: QueueFilter
    page: int
    raw: dict[str, str]
    errors: list[str] = field(default_factory=list)


def parse_filter(params: dict[str, str]) -> ParsedFilter:
    """The queue's filter from a list page's query string (see :class:`ParsedFilter`)."""
    raw = {key: params.get(key, "").strip() for key in ("status", "page", *FILTER_KEYS)}
    errors: list[str] = []
    tab = Tab.OPEN
    if raw["status"]:
        try:
            tab = Tab(raw["status"])
        except ValueError:
            errors.append(f"status {raw['status']!r} is not one of {', '.join(t.value for t in Tab)}")
    origin = raw["origin"]
    if origin and origin not in ORIGIN_LABELS:
        errors.append(f"origin {origin!r} is not one of {', '.join(ORIGIN_LABELS)}")
        origin = ""
    reason = None
    if raw["reason"]:
        if raw["reason"] in REASONS:
            reason = ReasonKind(raw["reason"])
        else:
            errors.append(f"reason {raw['reason']!r} is not one of {', '.join(REASONS)}")
    if raw["protected"] not in ("", SHOW_PROTECTED):
        errors.append(f"protected {raw['protected']!r} is not {SHOW_PROTECTED!r}")
    if raw["support"] not in ("", PARTLY):
        errors.append(f"support {raw['support']!r} is not {PARTLY!r}")
    dates: dict[str, date | None] = {}
    for key in ("since", "until"):
        dates[key] = None
        if raw[key]:
            try:
                day = date.fromisoformat(raw[key])
            except ValueError:
                errors.append(f"{key} {raw[key]!r} is not a date (YYYY-MM-DD)")
                continue
            if FIRST_DATE <= day <= LAST_DATE:
                dates[key] = day
            else:
                errors.append(f"{key} {raw[key]!r} is past the last date the list can take ({LAST_DATE})")
    if raw["topic"]:
        try:
            Topic.parse(raw["topic"])
        except TopicError as exc:
            errors.append(str(exc))
    if raw["depth"] and form_number(raw["depth"], 0, MAX_TOPIC_DEPTH) is None:
        errors.append(f"depth {raw['depth']!r} is not a number from 0 to {MAX_TOPIC_DEPTH}")
    sort = Sort.PRIORITY
    if raw["sort"]:
        try:
            sort = Sort(raw["sort"])
        except ValueError:
            errors.append(f"sort {raw['sort']!r} is not one of {', '.join(SORTS)}")
    page = 1
    if raw["page"]:
        number = form_number(raw["page"], 1, MAX_PAGE)
        if number is None:
            errors.append(f"page {raw['page']!r} is not a page number")
        else:
            page = number
    flt = QueueFilter(
        tab=tab,
        article=raw["article"][:512],
        wiki=raw["wiki"][:64],
        origin=origin,
        reason=reason,
        partly=raw["support"] == PARTLY,
        since=dates["since"],
        until=dates["until"],
        sort=sort,
    )
    return ParsedFilter(filter=flt, page=page, raw=raw, errors=errors)


@router.get("/")
def home() -> Response:
    """Redirect ``/`` to the queue (303)."""
    return RedirectResponse("/queue", status_code=303)


def list_scope(
    ctx: WebContext, params: dict[str, str], user: str | None
) -> tuple[ParsedFilter, frozenset[str] | None, WorklistRow | None]:
    """The list's filters from its query (``params``), the pages they keep to (the topic's, the worklist's
    titles; None: every page) and the worklist opened (``worklist=ID``, ``user``'s only: another's is a
    404; its saved filters replace the query's, but for the page and the tab). The list page and the JSON
    API both read their query through it."""
    opened = None
    if params.get("worklist"):
        opened = _worklist(ctx, user, params["worklist"])
        if opened is None:
            raise HTTPException(404, "there is no such worklist of yours (log in to open your worklists)")
        params = {k: str(v) for k, v in opened.query.items() if k in FILTER_KEYS} | {
            k: params[k] for k in ("page", "status") if k in params
        }
    parsed = parse_filter(params)
    titles = _topic_titles(ctx, parsed)
    if opened is not None and isinstance(opened.query.get("titles"), list):
        listed = frozenset(str(t) for t in opened.query["titles"])
        titles = listed if titles is None else titles & listed
    return parsed, titles, opened


@router.get("/queue")
def queue_page(request: Request) -> Response:
    """The queue's list page, filtered by the query string or by one of the user's saved worklists."""
    ctx = web_context(request)
    user = ctx.user(request)
    parsed, titles, opened = list_scope(ctx, dict(request.query_params), user)
    login = ctx.login(request)
    hidden_note = None
    editable = None
    if login is not None and parsed.raw["protected"] != SHOW_PROTECTED:
        editable, hidden_note = _editable_levels(ctx, login)
    flt = replace(parsed.filter, titles=titles, editable_levels=editable)
    list_query = urlencode({k: v for k, v in parsed.raw.items() if v and k in FILTER_KEYS})
    if opened is not None:  # the tabs and pages keep to the worklist
        parsed.raw["worklist"] = str(opened.id)
    with ctx.db.session() as session:
        result = list_queue(session, flt, user, parsed.page, ctx.web.page_size)
        wikis = wiki_names(session)
        saved = worklists_of(session, user) if user else []
    return ctx.render(
        request,
        "list.html",
        status_code=400 if parsed.errors else 200,
        result=result,
        flt=parsed.filter,
        raw=parsed.raw,
        errors=parsed.errors,
        wikis=wikis,
        tabs=list(Tab),
        origins=ORIGIN_LABELS,
        reasons=REASONS,
        sorts=SORTS,
        worklists=saved,
        opened=opened,
        hidden_note=hidden_note,
        list_query=list_query,
    )


def _worklist(ctx: WebContext, user: str | None, value: str) -> WorklistRow | None:
    number = form_row_id(value)
    if user is None or number is None:
        return None
    with ctx.db.session() as session:
        return worklist(session, user, number)


def _editable_levels(ctx: WebContext, login: Login) -> tuple[frozenset[str] | None, str | None]:
    """The protection levels of the queue's pages that ``login``'s user may edit (None: no filter), and a
    note for the list when pages are left out or the wiki could not say."""
    with ctx.db.session() as session:
        levels = protection_levels(session)
        api_url = wiki_api_url(session, login.wiki)
    if not levels or not api_url:
        return None, None
    try:
        standing = ctx.gate.standing(api_url, login.user)
    except WikiApiError as exc:
        return None, f"protected pages are shown: the wiki could not say which you may edit ({exc})"
    editable = frozenset(level for level in levels if standing.may_edit(level))
    if editable == levels:
        return None, None
    hidden = ", ".join(sorted(levels - editable))
    return editable, f"Findings on pages you cannot edit (protected: {hidden}) are left out."


def _topic_titles(ctx: WebContext, parsed: ParsedFilter) -> frozenset[str] | None:
    """The pages of the list's topic (None: no topic); a topic the wiki cannot list is an error shown."""
    if not parsed.raw["topic"]:
        return None
    depth = form_number(parsed.raw["depth"], 0, MAX_TOPIC_DEPTH) if parsed.raw["depth"] else 0
    try:
        return ctx.topics.titles(Topic.parse(parsed.raw["topic"], depth or 0))
    except TopicError as exc:
        if str(exc) not in parsed.errors:
            parsed.errors.append(str(exc))
        return frozenset()


@router.get("/findings/{finding_id}")
def card_page(request: Request, finding_id: FindingId) -> Response:
    """The card page of one finding; a 404 page for an id the queue does not have."""
    return _render_card(request, finding_id)


@router.post("/findings/{finding_id}/decide", dependencies=[Depends(require_csrf)])
def decide(
    request: Request,
    finding_id: FindingId,
    decision: Annotated[str, Form()] = "",
    suggestion_id: Annotated[str, Form()] = "",
    comment: Annotated[str, Form()] = "",
) -> Response:
    """Record a decision from the card's form; the card again, with what was typed, when it cannot be
    recorded."""
    ctx = web_context(request)
    form = {"decision": decision, "suggestion_id": suggestion_id, "comment": comment}
    login = ctx.login(request)
    if login is None:  # the login ended while the card was open: keep what was typed
        return _render_card(
            request, finding_id, error="your login has ended: log in again", status=401, form=form
        )
    suggestion: int | None = None
    if suggestion_id:
        suggestion = form_row_id(suggestion_id)
        if suggestion is None:
            return _render_card(
                request, finding_id, error="choose one of the suggestions", status=400, form=form
            )
    if not decision:
        return _render_card(request, finding_id, error="choose a decision", status=400, form=form)
    try:
        outcome = actions.decide(ctx.db, ctx.gate, login, finding_id, decision, suggestion, comment)
    except actions.ActionError as exc:
        return _render_card(request, finding_id, error=str(exc), status=exc.status, form=form)
    flash(
        request,
        f"Recorded: {DECISION_LABELS[Decision(outcome.review.decision)]}. (finding {finding_id}; undo it on "
        "its card, under Mine in the queue)",
    )
    with ctx.db.session() as session:
        following = next_open(session, finding_id, login.user)
    if following is None:
        flash(request, "No open finding is left.")
        return RedirectResponse("/queue", status_code=303)
    return RedirectResponse(f"/findings/{following}", status_code=303)


@router.post("/findings/{finding_id}/undo", dependencies=[Depends(require_csrf)])
def undo(request: Request, finding_id: FindingId, next: Annotated[str, Form()] = "") -> Response:
    """Undo from the card, or from the *Mine* tab, which sends ``next`` to come back to the list."""
    return _simple_action(
        request, finding_id, actions.undo, f"Your decision was undone. (finding {finding_id})", next
    )


@router.post("/findings/{finding_id}/reopen", dependencies=[Depends(require_csrf)])
def reopen(request: Request, finding_id: FindingId) -> Response:
    """Return a reviewed finding to open from its card."""
    return _simple_action(request, finding_id, actions.reopen, "The finding is open again.")


@router.get("/leaderboard")
def leaderboard_page(request: Request, period: str = Period.WEEK.value) -> Response:
    """The leaderboard page for a period (7d, 30d or all); 400 for another."""
    ctx = web_context(request)
    try:
        chosen = Period(period)
    except ValueError:
        raise HTTPException(
            400, f"period {period!r} is not one of {', '.join(p.value for p in Period)}"
        ) from None
    with ctx.db.session() as session:
        rows = leaderboard(session, chosen)
    return ctx.render(
        request,
        "leaderboard.html",
        rows=rows,
        period=chosen,
        periods=list(Period),
        decisions=list(Decision),
        labels=DECISION_LABELS,
    )


@router.get("/stats")
def stats_page(request: Request, days: StatsDays = 30) -> Response:
    """The statistics page: what was queued and decided per day over ``days`` days, the reviewers' precision
    per reason, how the support figures read against reviewers' decisions, and what the workers did."""
    from sidebot.queue.figures import read_figures
    from sidebot.queue.reviews import Decision
    from sidebot.queue.runs import worker_work
    from sidebot.queue.stats import queue_stats, reason_label
    from sidebot.web.charts import stacked_bars

    ctx = web_context(request)
    with ctx.db.session() as session:
        stats = queue_stats(session, days)
        workers = worker_work(session, datetime.combine(stats.days[0], datetime.min.time()))
        figures = read_figures(stats.reviewed)
    return ctx.render(
        request,
        "stats.html",
        days=days,
        queued_chart=stacked_bars(stats.days, stats.queued, REASONS),
        decisions_chart=stacked_bars(
            stats.days, stats.decisions, {d.value: DECISION_LABELS[d] for d in Decision}
        ),
        precision=stats.precision_rows(),
        reason_label=reason_label,
        figures=figures,
        workers=workers,
    )


@router.get("/gadget.js")
def gadget_script() -> Response:
    """The wiki gadget (sidebot/web/gadget/gadget.js, plain ES2017: no build step), for a wiki page's
    ``mw.loader.load``; it finds the service's address from its own URL."""
    script = (package_dir("gadget") / "gadget.js").read_bytes()
    return Response(
        script,
        media_type="text/javascript; charset=utf-8",
        headers={"Cache-Control": f"public, max-age={GADGET_CACHE_S}"},
    )


@router.get("/api")
def api_overview(request: Request) -> Response:
    """The JSON API's overview page, written from the app's own OpenAPI schema."""
    ctx = web_context(request)
    schema = request.app.openapi()
    endpoints = [
        {
            "method": method.upper(),
            "path": path,
            "summary": op.get("summary", ""),
            "description": op.get("description", ""),
        }
        for path, item in schema["paths"].items()
        for method, op in item.items()
    ]
    return ctx.render(request, "api.html", endpoints=endpoints)


def _require_login(request: Request, ctx: WebContext) -> Login | Response:
    login = ctx.login(request)
    if login is None:
        flash(request, "Log in to review.", "error")
        return RedirectResponse(f"/login?next={request.url.path.rsplit('/', 1)[0]}", status_code=303)
    return login


def _simple_action(
    request: Request, finding_id: int, action: Callable[..., object], done: str, next: str = ""
) -> Response:
    ctx = web_context(request)
    login = _require_login(request, ctx)
    if isinstance(login, Response):
        return login
    try:
        action(ctx.db, ctx.gate, login, finding_id)
    except actions.ActionError as exc:
        return _render_card(request, finding_id, error=str(exc), status=exc.status)
    flash(request, done)
    return RedirectResponse(safe_next(next) if next else f"/findings/{finding_id}", status_code=303)


def _render_card(
    request: Request,
    finding_id: int,
    error: str | None = None,
    status: int = 200,
    form: dict[str, str] | None = None,
) -> Response:
    ctx = web_context(request)
    with ctx.db.session() as session:
        card = load_card(session, finding_id)
    if card is None:
        raise HTTPException(404, f"there is no finding {finding_id}")
    login = ctx.login(request)
    author, author_problem = _author(ctx, card)
    refusal = _refusal(ctx, login, card) if login and card.state in ("open", "reviewed") else None
    cannot_edit = login is not None and bool(card.edit_protection) and not _may_edit(ctx, login, card)
    return ctx.render(
        request,
        "card.html",
        status_code=status,
        card=card,
        error=error,
        refusal=refusal,
        cannot_edit=cannot_edit,
        author=author,
        author_problem=author_problem,
        form=form or {"decision": "", "suggestion_id": "", "comment": ""},
        decisions=list(Decision),
        labels=DECISION_LABELS,
        access_keys=ACCESS_KEYS,
        origins=ORIGIN_LABELS,
        corpus_documents=ctx.corpus_documents,
    )


def _author(ctx: WebContext, card: Card) -> tuple[Revision | None, str | None]:
    if not card.api_url or not card.url:
        return None, None
    try:
        return ctx.gate.citation_author(card.target), None
    except WikiApiError as exc:
        return None, f"the page history could not be read: {exc}"


def _may_edit(ctx: WebContext, login: Login, card: Card) -> bool:
    """Whether the page's edit protection lets ``login``'s user edit it (True when the wiki cannot say)."""
    try:
        return ctx.gate.standing(card.api_url, login.user).may_edit(card.edit_protection)
    except WikiApiError:
        return True


def _refusal(ctx: WebContext, login: Login, card: Card) -> str | None:
    try:
        ctx.gate.check(login, card.target)
    except ReviewNotAllowed as exc:
        return str(exc)
    except WikiApiError as exc:
        return f"cannot check with the wiki whether you may review this now ({exc})"
    return None
