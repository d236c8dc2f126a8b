"""Worklists: a logged-in reviewer saves the list's filters under a name (and, optionally, a PetScan or
PagePile export of titles to keep to), opens them again from the list page (``/queue?worklist=ID``) and
deletes them."""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import parse_qsl

from fastapi import APIRouter, Depends, File, Form, Path, Request, UploadFile
from fastapi.responses import RedirectResponse, Response

from sidebot.datasets.title_lists import TitleListError, parse_title_list
from sidebot.queue.worklists import WorklistError, delete_worklist, save_worklist
from sidebot.web.context import web_context
from sidebot.web.routes_pages import FILTER_KEYS
from sidebot.web.schemas import MAX_ROW_ID
from sidebot.web.security import require_csrf
from sidebot.web.sessions import flash

router = APIRouter(include_in_schema=False)
MAX_TITLE_FILE = 2 * 1024 * 1024  # a PetScan export of ~50,000 titles
MAX_TITLES = 50_000
WorklistId = Annotated[int, Path(ge=1, le=MAX_ROW_ID)]


@router.post("/worklists", dependencies=[Depends(require_csrf)])
async def save(
    request: Request,
    name: Annotated[str, Form(max_length=200)] = "",
    query: Annotated[str, Form(max_length=4000)] = "",
    titles_file: Annotated[UploadFile | None, File()] = None,
) -> Response:
    """Save the list's current filter (and an uploaded file of titles) as a worklist of the logged-in user."""
    ctx = web_context(request)
    user = ctx.user(request)
    if user is None:
        flash(request, "Log in to save a worklist.", "error")
        return RedirectResponse("/login?next=/queue", status_code=303)
    kept: dict[str, Any] = {k: v for k, v in parse_qsl(query) if k in FILTER_KEYS and v}
    if titles_file is not None and titles_file.filename:
        data = await titles_file.read(MAX_TITLE_FILE + 1)
        try:
            if len(data) > MAX_TITLE_FILE:
                raise TitleListError(f"the file is over {MAX_TITLE_FILE // 1024 // 1024} MB")
            titles = parse_title_list(data.decode("utf-8-sig"))
        except (TitleListError, UnicodeDecodeError) as exc:
            flash(request, f"The list of titles was not read: {exc}", "error")
            return RedirectResponse("/queue?" + query, status_code=303)
        kept["titles"] = titles[:MAX_TITLES]
    try:
        with ctx.db.session() as session:
            row = save_worklist(session, user, name, kept)
    except WorklistError as exc:
        flash(request, str(exc), "error")
        return RedirectResponse("/queue?" + query, status_code=303)
    flash(request, f"Saved the worklist “{row.name}”.")
    return RedirectResponse(f"/queue?worklist={row.id}", status_code=303)


@router.post("/worklists/{worklist_id}/delete", dependencies=[Depends(require_csrf)])
def delete(request: Request, worklist_id: WorklistId) -> Response:
    """Delete one of the logged-in user's worklists (another's, or an unknown id, is left alone) and go back
    to the queue."""
    ctx = web_context(request)
    user = ctx.user(request)
    if user is not None:
        with ctx.db.session() as session:
            if delete_worklist(session, user, worklist_id):
                flash(request, "Worklist deleted.")
    return RedirectResponse("/queue", status_code=303)
