"""How people prove who they are: through the wiki, never with a password store of sidebot's own.

- :class:`PasswordLogin` (``auth = "wiki-password"``, for the local test wiki): the person types their wiki
  username and password into sidebot's form; sidebot hands them to the wiki's ``action=clientlogin`` once,
  keeps only the username the wiki confirms, and forgets the password. Failed logins slow further tries
  down, per account and address, per address and per account (:mod:`sidebot.web.throttle`: nobody else's
  failures hold the right password from an address that has not failed), and every try is logged.
- :class:`OAuthLogin` (``auth = "oauth"``, for a real wiki): MediaWiki OAuth 2 (Extension:OAuth's
  ``rest.php/oauth2`` endpoints), authorization code with PKCE (S256) and a ``state`` bound to the session.
  The access token is used once, to read the profile (the username), and then dropped.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import httpx

from sidebot.web.throttle import LoginThrottle
from sidebot.web.wikiapi import USER_AGENT, WikiApi, WikiApiError, WikiLoginFailed

OAUTH_PENDING_SECONDS = 600  # how long the trip to the wiki and back may take

log = logging.getLogger(__name__)


class LoginFailed(Exception):
    """The login did not work; the message is fit to show the person."""


class LoginThrottled(LoginFailed):
    """Too many failed logins: the wiki was not asked. ``retry_after``: seconds to wait."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class PasswordLogin:
    """Logging in with a wiki username and password, checked by the wiki itself (``action=clientlogin``), with
    failed attempts throttled per username and address."""

    kind = "wiki-password"

    def __init__(self, api: WikiApi, throttle: LoginThrottle) -> None:
        self.api, self.throttle = api, throttle

    def log_in(self, username: str, password: str, return_url: str, address: str) -> str:
        """The canonical username when the wiki accepts the password; LoginFailed otherwise (LoginThrottled,
        without asking the wiki, while ``username`` or ``address`` must wait after failed logins)."""
        username = username.strip()
        if not username or not password:
            raise LoginFailed("give your wiki username and password")
        verdict = self.throttle.attempt(username, address)
        if verdict.wait:
            seconds = max(1, round(verdict.wait))
            log.warning(
                "login for %r from %s refused: %s must wait %d s", username, address, verdict.held_by, seconds
            )
            raise LoginThrottled(
                f"too many failed logins for {verdict.held_by}: wait {seconds} s and try again", seconds
            )
        try:
            name = self.api.client_login(username, password, return_url)
        except WikiLoginFailed as exc:
            reason = " ".join(str(exc).split())
            log.warning(
                "login for %r from %s failed (%d in a row): %s", username, address, verdict.failures, reason
            )
            raise LoginFailed(str(exc)) from exc
        except WikiApiError as exc:
            self.throttle.unchecked(username, address)
            log.warning("login for %r from %s unchecked: %s", username, address, exc)
            raise LoginFailed(f"the wiki could not check the login: {exc}") from exc
        self.throttle.succeeded(username, address)
        log.info("login for %r from %s: accepted as %r", username, address, name)
        return name


@dataclass(frozen=True, slots=True)
class PendingOAuth:
    """What the session remembers between sending the person to the wiki and their return."""

    state: str
    verifier: str
    created_at: float

    def to_session(self) -> dict[str, Any]:
        """What the session keeps while the person is at the wiki."""
        return {"state": self.state, "verifier": self.verifier, "created_at": self.created_at}

    @classmethod
    def from_session(cls, data: Any) -> PendingOAuth | None:
        """The pending login a session kept, or None when it holds none or something else."""
        try:
            return cls(str(data["state"]), str(data["verifier"]), float(data["created_at"]))
        except (TypeError, KeyError, ValueError):
            return None


def pkce_challenge(verifier: str) -> str:
    """RFC 7636 S256: base64url(sha256(verifier)) without padding."""
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


class OAuthLogin:
    """Logging in through the wiki's OAuth 2 (an authorisation code with PKCE): the wiki checks the person,
    this service never sees a password."""

    kind = "oauth"

    def __init__(
        self, rest_url: str, client_id: str, client_secret: str, redirect_uri: str, timeout: float = 15.0
    ) -> None:
        if not client_id:
            raise ValueError("OAuth login needs [web] oauth_client_id (the consumer's client id)")
        self.rest_url = rest_url.rstrip("/")
        self.client_id, self.client_secret, self.redirect_uri = client_id, client_secret, redirect_uri
        self.timeout = timeout

    def start(self) -> tuple[str, PendingOAuth]:
        """The wiki's authorisation URL to send the person to, and what to keep in their session."""
        pending = PendingOAuth(secrets.token_urlsafe(32), secrets.token_urlsafe(64), time.time())
        query = urlencode(
            {
                "response_type": "code",
                "client_id": self.client_id,
                "redirect_uri": self.redirect_uri,
                "state": pending.state,
                "code_challenge": pkce_challenge(pending.verifier),
                "code_challenge_method": "S256",
            }
        )
        return f"{self.rest_url}/oauth2/authorize?{query}", pending

    def finish(self, pending: PendingOAuth | None, params: Mapping[str, str]) -> str:
        """Check the wiki's answer against the session, trade the code for a token, return the username."""
        if pending is None:
            raise LoginFailed("no login was started in this browser session (or it expired): start again")
        if time.time() - pending.created_at > OAUTH_PENDING_SECONDS:
            raise LoginFailed("the login took too long: start again")
        if not hmac.compare_digest(pending.state, params.get("state", "")):
            raise LoginFailed("the wiki's answer does not belong to this login (state mismatch): start again")
        if params.get("error"):
            detail = params.get("error_description") or params["error"]
            raise LoginFailed(f"the wiki did not authorise the login: {detail}")
        code = params.get("code", "")
        if not code:
            raise LoginFailed("the wiki's answer carries no authorisation code")
        with httpx.Client(timeout=self.timeout, headers={"User-Agent": USER_AGENT}) as client:
            token = self._post_token(client, code, pending.verifier)
            return self._username(client, token)

    def _post_token(self, client: httpx.Client, code: str, verifier: str) -> str:
        try:
            response = client.post(
                f"{self.rest_url}/oauth2/access_token",
                data={
                    "grant_type": "authorization_code",
                    "code": code,
                    "redirect_uri": self.redirect_uri,
                    "client_id": self.client_id,
                    "client_secret": self.client_secret,
                    "code_verifier": verifier,
                },
            )
            answer = response.json()
        except (httpx.HTTPError, ValueError) as exc:
            raise LoginFailed(f"the wiki's token endpoint did not answer properly: {exc}") from exc
        if response.status_code != 200 or not isinstance(answer, dict) or not answer.get("access_token"):
            detail = (
                answer.get("error_description") or answer.get("error") if isinstance(answer, dict) else None
            )
            raise LoginFailed(f"the wiki refused the authorisation code: {detail or response.status_code}")
        return str(answer["access_token"])

    def _username(self, client: httpx.Client, token: str) -> str:
        try:
            response = client.get(
                f"{self.rest_url}/oauth2/resource/profile", headers={"Authorization": f"Bearer {token}"}
            )
            response.raise_for_status()
            profile = response.json()
        except (httpx.HTTPError, ValueError) as exc:
            raise LoginFailed(f"could not read your profile from the wiki: {exc}") from exc
        username = profile.get("username") if isinstance(profile, dict) else None
        if not isinstance(username, str) or not username:
            raise LoginFailed("the wiki's profile answer has no username")
        return username
