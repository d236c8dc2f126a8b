"""Who may review a finding: only someone whose login was checked by the finding's wiki (or by a wiki that
shares its accounts, see ``[web] shared_account_wikis``), and, asked of that wiki itself, nobody blocked
there, nobody without the groups and edit count ``[web] review_groups`` and ``review_min_edits`` name, and
nobody who added the citation under review. A block found there ends the user's sessions at once. The
user's standing (groups, rights, edit count, block) is asked at login and on each decision and kept a few
minutes (``[web] rights_cache_minutes``).

"Added the citation" is read from the page history: the user who saved the first revision whose wikitext
contains the cited URL. The history up to the finding's revision never changes, so that answer is cached.
It is found by bisection over the revisions (one text download per step, ~log2(revisions)), which finds the
first revision when the URL, once added, stayed on the page; if the URL was removed and added again it finds
one of the people who added it.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from sidebot.web.sessions import Login
from sidebot.web.wikiapi import Revision, Standing, WikiApi


class ReviewNotAllowed(Exception):
    """This user may not review this finding; the message says why."""


@dataclass(frozen=True, slots=True)
class Requirements:
    """What deciding needs (``[web] review_groups``, ``review_min_edits``)."""

    groups: frozenset[str] = frozenset()
    min_edits: int = 0

    def unmet(self, standing: Standing) -> str | None:
        """What ``standing`` lacks, in words (None: nothing)."""
        missing = sorted(self.groups - standing.groups)
        lacks = []
        if missing:
            lacks.append(f"membership of the {', '.join(missing)} group{'s' if len(missing) > 1 else ''}")
        if standing.edit_count < self.min_edits:
            lacks.append(f"{self.min_edits} edits (you have {standing.edit_count})")
        return " and ".join(lacks) or None


@dataclass(frozen=True, slots=True)
class ReviewTarget:
    """What the integrity rules need to know about a finding."""

    wiki: str  # the [wiki] name the finding is filed under
    api_url: str
    title: str
    rev_id: int | None  # the revision the citation was verified at (None: the latest)
    url: str | None  # the cited URL (None: nothing to trace in the history)


class WikiApis:
    """One :class:`WikiApi` per api.php address, made on first use."""

    def __init__(self, timeout: float = 15.0) -> None:
        self.timeout = timeout
        self._apis: dict[str, WikiApi] = {}
        self._lock = threading.Lock()

    def get(self, api_url: str) -> WikiApi:
        """The client of the wiki at ``api_url``, made on first use and shared after."""
        with self._lock:
            if api_url not in self._apis:
                self._apis[api_url] = WikiApi(api_url, self.timeout)
            return self._apis[api_url]

    def close(self) -> None:
        """Close every client made so far."""
        with self._lock:
            for api in self._apis.values():
                api.close()
            self._apis.clear()


class ReviewGate:
    """Checks a user against a finding. Raises :class:`ReviewNotAllowed`, or
    :class:`~sidebot.web.wikiapi.WikiApiError` when the wiki cannot be asked (then nobody may review: the
    rules are not skipped because a wiki is down)."""

    def __init__(
        self,
        apis: WikiApis,
        cache_size: int = 4096,
        shared_accounts: frozenset[str] = frozenset(),
        on_blocked: Callable[[Login], object] | None = None,
        requirements: Requirements = Requirements(),
        standing_ttl_s: float = 300.0,
    ) -> None:
        """``shared_accounts``: wiki names whose accounts are one; ``on_blocked``: called with the login when
        its user turns out to be blocked sitewide (the app ends their sessions); ``requirements``: the
        groups and edit count deciding needs; ``standing_ttl_s``: how long a user's groups, rights and block
        are kept before the wiki is asked again."""
        self.apis = apis
        self.shared_accounts = shared_accounts
        self.on_blocked = on_blocked
        self.requirements = requirements
        self.standing_ttl_s = standing_ttl_s
        self._standings: OrderedDict[tuple[str, str], tuple[float, Standing]] = OrderedDict()
        self._authors: OrderedDict[ReviewTarget, Revision | None] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()

    def check(self, login: Login, target: ReviewTarget) -> None:
        """Raise ReviewNotAllowed, with the reason in words, unless ``login`` may review ``target``: logged in
        on that wiki (or one sharing its accounts), not blocked there, meeting the configured requirements,
        and not the one who added the citation. WikiApiError when the wiki cannot be asked."""
        user = login.user
        if target.wiki != login.wiki and not {target.wiki, login.wiki} <= self.shared_accounts:
            raise ReviewNotAllowed(
                f"you logged in on {login.wiki}, and this finding is on {target.wiki}, whose accounts are "
                "not the same: log in there to review it"
            )
        if not target.api_url:
            raise ReviewNotAllowed(
                "this finding's wiki has no API address in the queue, so blocks and page "
                "history cannot be checked"
            )
        standing = self.standing(target.api_url, user)
        block = standing.block
        if block is not None:
            scope = "partially blocked" if block.partial else "blocked"
            if self.on_blocked is not None and not block.partial:  # a partial block leaves the rest open
                self.on_blocked(login)
            raise ReviewNotAllowed(
                f"you are {scope} on this wiki (by {block.by}: {block.reason or 'no reason given'}), "
                "so you cannot review"
            )
        lacking = self.requirements.unmet(standing)
        if lacking:
            raise ReviewNotAllowed(f"deciding needs {lacking} on this wiki")
        author = self.citation_author(target)
        if author is not None and author.user == user:
            raise ReviewNotAllowed(
                f"you added this citation (revision {author.rev_id}), so someone else must review it"
            )

    def standing(self, api_url: str, user: str) -> Standing:
        """The user's groups, rights, edit count and block on the wiki at ``api_url``, asked at most once
        per ``standing_ttl_s``."""
        key = (api_url, user)
        with self._lock:
            kept = self._standings.get(key)
            if kept is not None and time.monotonic() - kept[0] < self.standing_ttl_s:
                return kept[1]
        standing = self.apis.get(api_url).standing(user)
        with self._lock:
            self._standings[key] = (time.monotonic(), standing)
            self._standings.move_to_end(key)
            while len(self._standings) > self._cache_size:
                self._standings.popitem(last=False)
        return standing

    def admit(self, api_url: str, user: str) -> str | None:
        """At login: refuses (ReviewNotAllowed) a user blocked sitewide on the wiki that checked the login;
        returns what deciding needs that they lack (they may still read the queue), or None."""
        standing = self.standing(api_url, user)
        if standing.block is not None and not standing.block.partial:
            block = standing.block
            raise ReviewNotAllowed(
                f"you are blocked on this wiki (by {block.by}: {block.reason or 'no reason given'}), so you "
                "cannot log in to review"
            )
        lacking = self.requirements.unmet(standing)
        return f"you may read the queue, but deciding needs {lacking}" if lacking else None

    def citation_author(self, target: ReviewTarget) -> Revision | None:
        """The revision that added the cited URL to the page (cached), or None when it cannot be traced."""
        if not target.url:
            return None
        with self._lock:
            if target in self._authors:
                self._authors.move_to_end(target)
                return self._authors[target]
        author = first_revision_with(self.apis.get(target.api_url), target.title, target.rev_id, target.url)
        with self._lock:
            self._authors[target] = author
            while len(self._authors) > self._cache_size:
                self._authors.popitem(last=False)
        return author


def first_revision_with(api: WikiApi, title: str, up_to_rev: int | None, url: str) -> Revision | None:
    """The earliest revision of ``title`` (up to ``up_to_rev``) whose text contains ``url``, by bisection (see
    the module docstring); None when even ``up_to_rev`` lacks it."""
    revisions = api.history(title, up_to_rev)
    forms = _url_forms(url)

    def contains(revision: Revision) -> bool:
        text = api.revision_text(revision.rev_id)
        return any(form in text for form in forms)

    if not revisions or not contains(revisions[-1]):
        return None
    low, high = -1, len(revisions) - 1  # invariant: revisions[high] has the URL, revisions[low] (if any) not
    while high - low > 1:
        middle = (low + high) // 2
        if contains(revisions[middle]):
            high = middle
        else:
            low = middle
    return revisions[high]


def _url_forms(url: str) -> tuple[str, ...]:
    """The URL as it may stand in wikitext: as is, or with its ampersands written as entities."""
    return tuple(dict.fromkeys((url, url.replace("&", "&amp;"))))
