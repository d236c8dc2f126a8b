"""A small MediaWiki Action API client (httpx) for seeding and driving the local test wiki.

The bot itself talks to wikis through Pywikibot (:mod:`sidebot.wiki.site`). This client exists because
Pywikibot can be configured only once per process, yet ``sidebot testwiki up`` must import pages before any
Pywikibot configuration exists, and tests need edits by people other than the bot (an ordinary editor, an
admin who protects and deletes pages). It logs in with a BotPassword, the supported way to log in through
``action=login``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Self

import httpx

USER_AGENT = "sidebot-testwiki/0.1 (local test wiki seeding; sidebot)"
QUERY_BATCH = 50  # titles per query: the API's limit without apihighlimits


class MediaWikiApiError(Exception):
    """The wiki refused a request or could not be reached; ``code`` is the API error code if there is one."""

    def __init__(self, message: str, code: str = "") -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True, slots=True)
class EditResult:
    """The page's latest revision after an edit; ``changed`` is False when the text was already the same."""

    title: str
    page_id: int
    rev_id: int
    timestamp: datetime
    changed: bool


class MediaWikiApi:
    """One logged-in session on a MediaWiki's ``api.php``. Use as a context manager, or call :meth:`close`."""

    def __init__(self, api_url: str, timeout: float = 60.0) -> None:
        self.api_url = api_url
        self.username = ""
        self._client = httpx.Client(timeout=timeout, headers={"User-Agent": USER_AGENT})
        self._csrf_token = ""

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the HTTP client; the login's cookies go with it."""
        self._client.close()

    def login(self, username: str, bot_password_name: str, bot_password: str) -> None:
        """Log in as ``username`` with its BotPassword ``bot_password_name``."""
        token = self.query(meta="tokens", type="login")["tokens"]["logintoken"]
        result = self._call(
            "POST",
            action="login",
            lgname=f"{username}@{bot_password_name}",
            lgpassword=bot_password,
            lgtoken=token,
        )["login"]
        if result.get("result") != "Success":
            reason = result.get("reason") or result.get("result")
            raise MediaWikiApiError(f"login as {username} failed at {self.api_url}: {reason}", "login")
        self.username = result["lgusername"]
        self._csrf_token = self.query(meta="tokens", type="csrf")["tokens"]["csrftoken"]

    def query(self, **params: Any) -> dict[str, Any]:
        """``action=query`` with ``params``; returns the ``query`` member of the answer."""
        return self._call("GET", action="query", **params).get("query", {})

    def edit(self, title: str, text: str, summary: str = "", *, bot: bool = False) -> EditResult:
        """Create or replace a page. Saving unchanged text makes no new revision (``changed`` is False)."""
        params: dict[str, Any] = {"title": title, "text": text, "summary": summary}
        if bot:
            params["bot"] = 1
        result = self._post("edit", **params)["edit"]
        if result.get("result") != "Success":
            raise MediaWikiApiError(f"edit of {title!r} was not saved: {result}", "edit")
        if result.get("nochange"):
            return self._latest_revision(result["title"], changed=False)
        return EditResult(
            title=result["title"],
            page_id=result["pageid"],
            rev_id=result["newrevid"],
            timestamp=_parse_time(result["newtimestamp"]),
            changed=True,
        )

    def revision_sha1s(self, titles: Sequence[str]) -> dict[str, str]:
        """The SHA-1 of each existing page's current text, keyed by the titles as given."""
        found: dict[str, str] = {}
        for start in range(0, len(titles), QUERY_BATCH):
            batch = titles[start : start + QUERY_BATCH]
            answer = self.query(titles="|".join(batch), prop="revisions", rvprop="sha1")
            given = {item["to"]: item["from"] for item in answer.get("normalized", [])}
            for page in answer.get("pages", []):
                if page.get("revisions"):
                    found[given.get(page["title"], page["title"])] = page["revisions"][0]["sha1"]
        return found

    def delete(self, title: str, reason: str = "") -> None:
        """Delete the page ``title`` (the account needs the delete right)."""
        self._post("delete", title=title, reason=reason)

    def undelete(self, title: str, reason: str = "") -> None:
        """Restore a deleted page with all its revisions (an administrator's undo of a deletion)."""
        self._post("undelete", title=title, reason=reason)

    def move(self, title: str, new_title: str, reason: str = "", *, leave_redirect: bool = True) -> None:
        """Move the page ``title`` to ``new_title``, leaving a redirect behind unless told not to."""
        params: dict[str, Any] = {"from": title, "to": new_title, "reason": reason}
        if not leave_redirect:
            params["noredirect"] = 1
        self._post("move", **params)

    def protect(self, title: str, level: str = "sysop", reason: str = "") -> None:
        """Protect a page against editing and moving by anyone below ``level``, with no expiry."""
        self._post("protect", title=title, protections=f"edit={level}|move={level}", reason=reason)

    def _latest_revision(self, title: str, *, changed: bool) -> EditResult:
        page = self.query(titles=title, prop="revisions", rvprop="ids|timestamp")["pages"][0]
        revision = page["revisions"][0]
        return EditResult(
            title=page["title"],
            page_id=page["pageid"],
            rev_id=revision["revid"],
            timestamp=_parse_time(revision["timestamp"]),
            changed=changed,
        )

    def _post(self, action: str, **params: Any) -> dict[str, Any]:
        if not self._csrf_token:
            raise MediaWikiApiError(f"log in before {action!r}", "notloggedin")
        return self._call("POST", action=action, token=self._csrf_token, **params)

    def _call(self, method: str, **params: Any) -> dict[str, Any]:
        params |= {"format": "json", "formatversion": 2, "errorformat": "plaintext"}
        try:
            if method == "GET":
                response = self._client.get(self.api_url, params=params)
            else:
                response = self._client.post(self.api_url, data=params)
            response.raise_for_status()
            answer = response.json()
        except httpx.HTTPError as exc:
            raise MediaWikiApiError(f"{params['action']} request to {self.api_url} failed: {exc}") from exc
        except ValueError as exc:
            raise MediaWikiApiError(f"{self.api_url} did not answer with JSON: {exc}") from exc
        errors = answer.get("errors")
        if errors:
            first = errors[0]
            raise MediaWikiApiError(
                f"{params['action']} failed: {first.get('text', first)}", first.get("code", "")
            )
        return answer


def _parse_time(value: str) -> datetime:
    """MediaWiki's ISO 8601 timestamps ("2024-05-01T12:00:00Z") as aware UTC datetimes."""
    return datetime.fromisoformat(value)
