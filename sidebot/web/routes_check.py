"""``POST /api/check``: the check before saving. An editor's text (and the text before their edit) or a list
of claims with URLs in; each new or changed citation's source fetched under the SSRF guard and verified by
the patrol's pipeline (:mod:`sidebot.patrol.precheck`, handed to the app by ``sidebot serve``); answered in
the card's words.

Logged-in users only, with the CSRF token like every POST; a body over the size cap, or more citations than
``[web] check_max_refs``, is refused before anything is fetched; each citation checked counts against the
user's quota per hour and per day (:mod:`sidebot.web.quota`, counted in the queue database). Nothing is
stored in the queue unless the user asks (``"store": true``): then the citations the patrol would queue go
into it as findings marked with who asked (:mod:`sidebot.queue.checked`), once each, and the answer gives
each one's finding id.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Self

from fastapi import APIRouter, Depends, HTTPException, Request
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator
from starlette.concurrency import run_in_threadpool

from sidebot.records import RefToCheck
from sidebot.verify.remote import VerifierUnavailableError
from sidebot.web.context import web_context
from sidebot.web.quota import QuotaExceeded
from sidebot.web.schemas import Problem
from sidebot.web.security import require_csrf

router = APIRouter(prefix="/api", tags=["check"])
JSON_OVERHEAD_BYTES = 65_536  # the body's keys and a list of refs beside the texts
MAX_CLAIM_CHARS = 5_000
MAX_URL_CHARS = 2_048
REF_TAG = re.compile(r"<ref[\s>/]", re.IGNORECASE)


class RefIn(BaseModel):
    """A claim and the URL it cites, to check without an edited text."""

    model_config = ConfigDict(extra="forbid")
    claim: Annotated[str, Field(min_length=1, max_length=MAX_CLAIM_CHARS)]
    url: Annotated[str, Field(min_length=1, max_length=MAX_URL_CHARS)]


class CheckIn(BaseModel):
    """A check request: the edited wikitext (with the text before the edit), or a list of claims with their
    URLs."""

    model_config = ConfigDict(extra="forbid")
    title: Annotated[str, Field(min_length=1, max_length=512, description="the article's title")]
    text: str | None = Field(None, description="the edited wikitext (the source editor's text)")
    base: str | None = Field(
        None, description="the wikitext before the edit: only citations new or changed against it are checked"
    )
    refs: list[RefIn] | None = Field(None, description="claims with the URLs they cite, instead of a text")
    store: bool = Field(
        False,
        description="put the citations the patrol would queue into the review queue, as findings from this "
        "user's check (once each: storing the same check again adds nothing)",
    )

    @model_validator(mode="after")
    def _one_input(self) -> Self:
        if (self.text is None) == (self.refs is None):
            raise ValueError("send either the edited text (text, with base) or a list of refs, not both")
        return self


class CheckedRef(BaseModel):
    """The check's outcome for one citation, in the card's words."""

    claim: str
    url: str
    state: str = Field(description="passed, open (the patrol would queue it) or unverifiable")
    words: str = Field(description='one line: "may fail · missing fact: the source does not give 1978"')
    support: str = Field(description="the verdict and both figures in words, as the card says it")
    band: str | None
    reason: str | None = Field(description="why the patrol would queue it, as the card labels it")
    fact_note: str | None
    evidence: str | None = Field(description="the source's sentences the verifier found closest to the claim")
    problem: str | None = Field(description="why the source could not be read")
    source_title: str | None
    cached: bool = Field(description="the source came from the cache, not fetched now")
    finding_id: int | None = Field(
        description='with "store": its finding in the review queue (null: not queued, or not asked)'
    )
    stored: bool = Field(
        description="this request put it in the queue (false with a finding_id: it was there)"
    )


class CheckOut(BaseModel):
    """The check of an edit: the article, how many citations were checked, and each one's outcome."""

    title: str
    checked: int
    stored: int = Field(description='findings this request added to the queue ("store": true)')
    refs: list[CheckedRef]


def _inlined(schema: dict[str, Any]) -> dict[str, Any]:
    """A model's JSON schema with its ``$defs`` written in place (the request body is read by the route,
    not by FastAPI, so its schema goes into the OpenAPI document by hand)."""
    defs = schema.pop("$defs", {})

    def inline(node: Any) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref", "")
            if ref.startswith("#/$defs/"):
                return inline(defs[ref.removeprefix("#/$defs/")])
            return {key: inline(value) for key, value in node.items()}
        if isinstance(node, list):
            return [inline(item) for item in node]
        return node

    return inline(schema)


CHECK_BODY = {
    "required": True,
    "content": {"application/json": {"schema": _inlined(CheckIn.model_json_schema())}},
}


@router.post(
    "/check",
    openapi_extra={"requestBody": CHECK_BODY},
    response_model=CheckOut,
    responses={code: {"model": Problem} for code in (401, 403, 413, 415, 422, 429, 503)},
    dependencies=[Depends(require_csrf)],
    summary="Check the new or changed citations of an edit before saving it",
    description="Fetches each cited source (the cache first) and verifies it as the patrol does; answers per "
    "citation in the card's words. Logged-in users only; per-user quotas per hour and day. With "
    '"store": true, the citations the patrol would queue go into the review queue, once each.',
)
async def post_check(request: Request) -> CheckOut:
    """Check an edit's new or changed citations for the logged-in user, within their quotas (see the route's
    description)."""
    ctx = web_context(request)
    login = ctx.login(request)
    if login is None:
        raise HTTPException(401, "log in first (POST /api/login, or the site's login page)")
    web = ctx.web
    if not request.headers.get("content-type", "").startswith("application/json"):
        raise HTTPException(415, "send the check as JSON (Content-Type: application/json)")
    body = await _read_body(request, web.check_max_chars * 4 + JSON_OVERHEAD_BYTES)
    try:
        wanted = CheckIn.model_validate_json(body)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'body'}: {e['msg']}" for e in exc.errors())
        raise HTTPException(422, problems) from None
    chars = len(wanted.text or "") + len(wanted.base or "")
    if chars > web.check_max_chars:
        raise HTTPException(
            413, f"the text has {chars:,} characters: the check takes {web.check_max_chars:,}"
        )
    if ctx.checker is None:
        raise HTTPException(503, "the check before saving is not set up on this service")
    checker = ctx.checker
    if problem := await run_in_threadpool(checker.unavailable):
        raise HTTPException(503, f"the check cannot read sources: {problem}")
    if wanted.text is not None:
        text = wanted.text
        added = _ref_tags(text) - _ref_tags(wanted.base or "")
        if added > web.check_max_refs:  # refused before parsing: reading 10,000 refs takes seconds of CPU
            raise HTTPException(
                413,
                f"the edit adds {added:,} <ref> tags: the check takes at most {web.check_max_refs} at once",
            )
        refs = await run_in_threadpool(checker.refs_to_check, text, wanted.title, wanted.base)
    else:
        refs = [RefToCheck(r.claim, r.url) for r in wanted.refs or ()]
    if len(refs) > web.check_max_refs:
        raise HTTPException(
            413,
            f"{len(refs):,} new or changed citations: the check takes at most {web.check_max_refs} at once",
        )
    try:
        await run_in_threadpool(ctx.check_quota.spend, login.user, len(refs))
    except QuotaExceeded as exc:
        raise HTTPException(429, str(exc), headers={"Retry-After": str(round(exc.retry_after))}) from exc
    try:
        answers = await run_in_threadpool(
            checker.check, wanted.title, refs, login.user if wanted.store else None
        )
    except VerifierUnavailableError as exc:  # the configured verifier server is down or too slow
        raise HTTPException(503, f"the verifier is unavailable: {exc}") from exc
    return CheckOut(
        title=wanted.title,
        checked=len(answers),
        stored=sum(1 for a in answers if a.stored),
        refs=[CheckedRef.model_validate(a, from_attributes=True) for a in answers],
    )


def _ref_tags(wikitext: str) -> int:
    """How many ``<ref`` tags a wikitext has (opening or self-closing), counted without parsing it."""
    return len(REF_TAG.findall(wikitext))


async def _read_body(request: Request, limit: int) -> bytes:
    """The request body, refused with 413 as soon as it passes ``limit`` bytes (announced or sent)."""
    announced = request.headers.get("content-length", "")
    if announced.isdigit() and int(announced) > limit:
        raise HTTPException(413, f"the request has {int(announced):,} bytes: the check takes {limit:,}")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise HTTPException(413, f"the request passed {limit:,} bytes: the check takes no more")
        chunks.append(chunk)
    return b"".join(chunks)
