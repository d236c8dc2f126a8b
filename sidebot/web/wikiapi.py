"""What the review UI asks a wiki (MediaWiki Action API over httpx): log a person in, whether a user is
blocked, and a page's history. The bot's own wiki access goes through Pywikibot; the UI must not share the
bot's login, so it talks to ``api.php`` directly, anonymously except for the login check itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import httpx

USER_AGENT = "sidebot-web/0.1 (citation review UI; https://meta.wikimedia.org/wiki/Sidebot)"
HISTORY_BATCH = 500  # revisions per history request (the API's limit without apihighlimits)


class WikiApiError(Exception):
    """The wiki could not be reached or refused the request."""


class WikiLoginFailed(Exception):
    """The wiki did not accept the username and password; the message is the wiki's own."""


@dataclass(frozen=True, slots=True)
class Block:
    """A block on a user: by whom, why, until when, and whether it is partial (some pages or namespaces
    only)."""

    by: str
    reason: str
    expiry: str
    partial: bool


@dataclass(frozen=True, slots=True)
class Standing:
    """A user as the wiki sees them: their groups (implicit ones such as "autoconfirmed" included), rights,
    edit count and block."""

    exists: bool
    groups: frozenset[str]
    rights: frozenset[str]
    edit_count: int
    block: Block | None

    def may_edit(self, level: str | None) -> bool:
        """Whether edit protection at ``level`` lets them edit, as MediaWiki decides: the level names a
        right ("autoconfirmed", "extendedconfirmed"…), with "sysop" and "autoconfirmed" also granted by
        "editprotected" and "editsemiprotected"."""
        if not level:
            return True
        also = {"sysop": "editprotected", "autoconfirmed": "editsemiprotected"}.get(level)
        return level in self.rights or (also is not None and also in self.rights)


@dataclass(frozen=True, slots=True)
class Revision:
    """A revision of a page: its id, its user and its time."""

    rev_id: int
    user: str | None  # None when the username is hidden (revision deletion)
    timestamp: str


class WikiApi:
    """One wiki's ``api.php``. Thread-safe: the web server calls it from its worker threads."""

    def __init__(self, api_url: str, timeout: float = 15.0) -> None:
        self.api_url = api_url
        self.timeout = timeout
        self._client = httpx.Client(
            timeout=timeout, headers={"User-Agent": USER_AGENT}, follow_redirects=False
        )

    def close(self) -> None:
        """Close the HTTP client's pooled connections (the app does it on shutdown)."""
        self._client.close()

    def client_login(self, username: str, password: str, return_url: str) -> str:
        """Check ``username``/``password`` with the wiki (``action=clientlogin``, in a throwaway cookie jar
        dropped at once); returns the wiki's canonical spelling of the username."""
        with httpx.Client(timeout=self.timeout, headers={"User-Agent": USER_AGENT}) as client:
            token = self._call(client, "GET", action="query", meta="tokens", type="login")
            result = self._call(
                client,
                "POST",
                action="clientlogin",
                username=username,
                password=password,
                loginreturnurl=return_url,
                logintoken=token["query"]["tokens"]["logintoken"],
            )["clientlogin"]
        status = result.get("status")
        if status == "PASS":
            return result["username"]
        if status == "FAIL":
            raise WikiLoginFailed(result.get("message") or "the wiki refused the login")
        # UI (a second factor, a password change) or REDIRECT (a third-party provider): not for a form here.
        raise WikiLoginFailed(
            f"the wiki needs more than a password for this account ({status}): log in with OAuth instead"
        )

    def block(self, username: str) -> Block | None:
        """The user's current block on this wiki, or None."""
        return self.standing(username).block

    def standing(self, username: str) -> Standing:
        """The user's groups, rights, edit count and block on this wiki (one request)."""
        answer = self._call(
            self._client,
            "GET",
            action="query",
            list="users",
            ususers=username,
            usprop="blockinfo|groups|implicitgroups|rights|editcount",
        )
        users = answer.get("query", {}).get("users", [])
        user = users[0] if users else {}
        block = None
        if "blockid" in user:
            block = Block(
                by=user.get("blockedby", ""),
                reason=user.get("blockreason", ""),
                expiry=str(user.get("blockexpiry", "")),
                partial=bool(user.get("blockpartial", False)),
            )
        return Standing(
            exists=bool(user) and not user.get("missing") and not user.get("invalid"),
            groups=frozenset(user.get("groups", [])) | frozenset(user.get("implicitgroups", [])),
            rights=frozenset(user.get("rights", [])),
            edit_count=int(user.get("editcount") or 0),
            block=block,
        )

    def history(self, title: str, up_to_rev: int | None = None) -> list[Revision]:
        """The page's revisions, oldest first, up to ``up_to_rev`` (None: the latest). Ids and users only."""
        params: dict[str, Any] = {
            "action": "query",
            "prop": "revisions",
            "titles": title,
            "rvprop": "ids|user|timestamp",
            "rvlimit": HISTORY_BATCH,
            "rvdir": "older",
        }
        if up_to_rev is not None:
            params["rvstartid"] = up_to_rev
        revisions: list[Revision] = []
        while True:
            answer = self._call(self._client, "GET", **params)
            for page in answer.get("query", {}).get("pages", []):
                for rev in page.get("revisions", []):
                    revisions.append(Revision(rev["revid"], rev.get("user"), rev.get("timestamp", "")))
            if "continue" not in answer:
                break
            params.update(answer["continue"])
        revisions.reverse()
        return revisions

    def revision_text(self, rev_id: int) -> str:
        """The wikitext of revision ``rev_id``; WikiApiError when it is missing or hidden."""
        answer = self._call(
            self._client,
            "GET",
            action="query",
            prop="revisions",
            revids=rev_id,
            rvprop="content",
            rvslots="main",
        )
        for page in answer.get("query", {}).get("pages", []):
            for rev in page.get("revisions", []):
                return rev.get("slots", {}).get("main", {}).get("content", "")
        raise WikiApiError(f"revision {rev_id} is missing or hidden on {self.api_url}")

    def _call(self, client: httpx.Client, method: str, **params: Any) -> dict[str, Any]:
        params |= {"format": "json", "formatversion": 2, "errorformat": "plaintext"}
        try:
            if method == "GET":
                response = client.get(self.api_url, params=params)
            else:
                response = client.post(self.api_url, data=params)
            response.raise_for_status()
            answer = response.json()
        except httpx.HTTPError as exc:
            raise WikiApiError(f"cannot reach the wiki at {self.api_url}: {exc}") from exc
        except ValueError as exc:
            raise WikiApiError(f"{self.api_url} did not answer with JSON") from exc
        errors = answer.get("errors")
        if errors:
            first = errors[0]
            raise WikiApiError(f"the wiki refused {params.get('action')}: {first.get('text', first)}")
        return answer
