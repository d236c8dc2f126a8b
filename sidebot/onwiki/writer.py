"""The one way sidebot edits a wiki, with the etiquette a bot approvals group expects of every edit:

- a **stop page**: before every edit the writer reads ``onwiki.stop_page``; if its last revision is by
  anyone but the bot (or the page is missing), nothing more is written until the operator looks and runs
  ``sidebot onwiki resume``;
- **exclusion compliance**: ``{{nobots}}``, ``{{bots|allow=…|deny=…}}`` and, for messages,
  ``{{bots|optout=<message type>}}`` are read from the page's current text (:mod:`sidebot.onwiki.bots`);
  Pywikibot's own check runs again on save;
- **rate**: edits go through Pywikibot's ``Page.save``, which waits ``put_throttle`` seconds between
  edits and sends ``maxlag`` (``write_maxlag`` in user-config.py), waiting while the servers lag; and at
  most ``onwiki.max_edits_per_run`` edits per run;
- **summaries** that say what the edit does and link the bot's documentation page (``onwiki.doc_page``);
  edits are bot-flagged when the account has the bot right;
- **no needless edits**: a page is saved only when its text changes, compared after normalisation
  (:func:`normalised`: what MediaWiki itself changes on save does not count as a change);
- **dry run**: with ``simulate`` nothing is saved; the exact wikitext is shown instead;
- **new sections are never sent twice blind**: Pywikibot resends a request whose answer it did not get, and
  a wiki behind a proxy may have saved the edit whose answer was lost; a section so resent is a second copy on
  the talk page. A new section is therefore sent without Pywikibot's retries; when its answer is lost, the
  page's history is read for the section's marker: found, the edit is recorded as saved; not found, it is sent
  again after a wait; history that cannot be read stops the run (the caller's pending record lets the next run
  settle it by reading, see :mod:`sidebot.onwiki.notices`);
- **refusals are outcomes, not crashes**: edit conflicts, protection, the abuse filter, the spam and title
  blacklists and captchas come back as a :class:`SaveOutcome` the caller records. What stops every edit
  raises, said in words, and ends the run's writes: a read-only wiki (asked before each edit, and again
  when a save fails, since Pywikibot only says it ran out of retries), a blocked account or the stop page
  :class:`WritesStopped`; a wiki that is down, lagging past Pywikibot's retries, answering 5xx or not
  reachable :class:`~sidebot.wiki.site.WikiUnavailableError`.
"""

from __future__ import annotations

import threading
import time
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from typing import TYPE_CHECKING

from sidebot.config import OnwikiSettings
from sidebot.onwiki.bots import exclusion_reason
from sidebot.onwiki.reading import PageState, read_page, revisions_by
from sidebot.wiki.health import api_url_of, is_outage, outage_words, read_only_reason
from sidebot.wiki.site import WikiUnavailableError
from sidebot.wikitext import inert

if TYPE_CHECKING:
    from pywikibot.site import APISite


class WritesStopped(Exception):
    """No edit can be made now: the stop page says stop (or cannot be found), the wiki is read-only, or the
    account is blocked. The message says which, in words."""


class SaveStatus(StrEnum):
    """What became of one save: made, not needed, only simulated, or not made (refused by us, an edit
    conflict, or refused by the wiki)."""

    SAVED = "saved"
    UNCHANGED = "unchanged"  # the page already had this text: no edit
    SIMULATED = "simulated"  # dry run: shown, not saved
    REFUSED = "refused"  # we chose not to edit: {{bots}}/{{nobots}}/opt-out, or the per-run edit limit
    CONFLICT = "conflict"  # someone edited at the same moment: worth trying again next run
    FAILED = "failed"  # the wiki refused: protection, abuse filter, blacklist, captcha, …


@dataclass(frozen=True, slots=True)
class SaveOutcome:
    """The outcome of one save: its status, the page, the new revision when one was saved, and the reason in
    words when none was."""

    status: SaveStatus
    title: str
    rev_id: int | None = None
    reason: str | None = None


Show = Callable[[str], None]

# API error codes that refuse every edit, not just this one: the account is blocked or the wiki read-only.
ACCOUNT_STOPS = frozenset({"blocked", "autoblocked", "systemblocked", "readonly"})

# A section's marker is looked for in revisions from a little before it was first sent (clocks differ).
CLOCK_SLACK = timedelta(minutes=5)


class WikiWriter:
    """Edits on one wiki as the logged-in bot, following ``settings`` (see the module docstring)."""

    def __init__(self, site: APISite, settings: OnwikiSettings, *, simulate: bool, show: Show) -> None:
        self.site, self.settings, self.simulate, self.show = site, settings, simulate, show
        self.username = site.username()
        self.edits = 0  # edits attempted in this run (the limit counts attempts, saved or not)
        self._warned: str | None = None  # a dry run shows why a real run would stop, once

    def summary(self, text: str) -> str:
        """An edit summary: what the edit does, then a link to the bot's documentation."""
        return f"{text} ([[{self.settings.doc_page}|sidebot]])"

    def ensure_running(self) -> None:
        """Raise WritesStopped unless the bot's own edit is the stop page's latest revision. In a dry run
        the problem is shown instead, so a new deployment can be tried before its stop page exists."""
        reason = self.stop_reason()
        if reason is None:
            return
        if self.simulate:
            if reason != self._warned:
                self.show(f"(dry run; a real run would stop here: {reason})")
                self._warned = reason
            return
        raise WritesStopped(reason)

    def stop_reason(self) -> str | None:
        """Why no edit may be made now (the stop page, a read-only wiki), or None."""
        read_only = read_only_reason(self.site)
        if read_only is not None:
            return read_only
        title = self.settings.stop_page
        state = read_page(self.site, title)
        if not state.exists:
            return (
                f"the stop page [[{title}]] does not exist: the operator creates it with "
                "`sidebot onwiki resume`"
            )
        if state.user is None or not _same_user(state.user, self.username):
            who = state.user or "a hidden user"
            return (
                f"the stop page [[{title}]] was edited by {who} (revision {state.rev_id}): on-wiki writes "
                "are stopped until the operator has read it and runs `sidebot onwiki resume`"
            )
        return None

    def resume(self, note: str) -> SaveOutcome:
        """Edit the stop page as the bot, so writes may start again (the operator's decision)."""
        title = self.settings.stop_page
        stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
        text = (
            f"This page stops [[{self.settings.doc_page}|sidebot]]: if anyone but the bot edits it, the bot "
            "stops writing on this wiki (its review list, count page and talk notices) until its operator "
            "has read the edit and restarts it.\n\n"
            f"Restarted by the operator on {stamp}. {inert(note)}\n"
        )
        summary = self.summary("Bot: on-wiki writes resumed by the operator")
        return self._save(read_page(self.site, title), text, summary, minor=False)

    def report_page(self) -> str:
        """Where readers report a mistake: ``onwiki.report_page``, else the talk page of the doc page."""
        import pywikibot

        if self.settings.report_page:
            return self.settings.report_page
        return pywikibot.Page(self.site, self.settings.doc_page).toggleTalkPage().title()

    def read(self, title: str) -> PageState:
        """The page as it is now on the writer's wiki (no text when it does not exist)."""
        return read_page(self.site, title)

    def replace(self, title: str, text: str, summary: str, *, minor: bool = True) -> SaveOutcome:
        """Make ``text`` the page's whole text, editing only when it differs from the current text."""
        current = read_page(self.site, title)
        if current.text is not None and normalised(current.text) == normalised(text):
            return SaveOutcome(SaveStatus.UNCHANGED, title, current.rev_id)
        refusal = self._refusal(current, None)
        if refusal is not None:
            return refusal
        self.ensure_running()
        if self.simulate:
            self.edits += 1
            self.show(f"--- would save [[{title}]] (summary: {summary})\n{text}\n--- end of [[{title}]]")
            return SaveOutcome(SaveStatus.SIMULATED, title)
        return self._save(current, text, summary, minor=minor)

    def add_section(
        self, title: str, heading: str, text: str, summary: str, message_type: str, marker: str
    ) -> SaveOutcome:
        """Add a section ``== heading ==`` with ``text`` at the end of the page (created if missing), a
        message of ``message_type`` for ``{{bots|optout=…}}``. ``marker`` is a string found only in this
        section's ``text``: a save whose answer is lost is settled by looking for it in the page's history,
        never by saving blind again."""
        if marker not in text:
            raise ValueError("the section's marker must be in its text")
        current = read_page(self.site, title)
        refusal = self._refusal(current, message_type)
        if refusal is not None:
            return refusal
        self.ensure_running()
        if self.simulate:
            self.edits += 1
            self.show(
                f"--- would add a section to [[{title}]] (summary: {summary})\n== {heading} ==\n\n{text}\n"
                f"--- end of the section"
            )
            return SaveOutcome(SaveStatus.SIMULATED, title)
        return self._add_section_once(current, heading, text, summary, marker)

    def _add_section_once(
        self, current: PageState, heading: str, text: str, summary: str, marker: str
    ) -> SaveOutcome:
        """Send the new section without Pywikibot's blind retries; a lost answer is settled by reading
        the page's history for ``marker`` before any new try (see the module docstring)."""
        import pywikibot

        config = pywikibot.config
        since = datetime.now(UTC) - CLOCK_SLACK
        wait = float(config.retry_wait)
        for attempt in range(max(1, config.max_retries) + 1):
            try:
                with _single_request(self.site):
                    return self._save(current, text, summary, minor=False, section_heading=heading)
            except WikiUnavailableError:
                rev_id = self._saved_with(current.title, marker, since)  # raises if it cannot be read
                if rev_id is not None:
                    return SaveOutcome(SaveStatus.SAVED, current.title, rev_id)
                if attempt == max(1, config.max_retries):
                    raise
                time.sleep(wait)
                wait = min(wait * 2, float(config.retry_max))
        raise AssertionError("unreachable")

    def _saved_with(self, title: str, marker: str, since: datetime) -> int | None:
        """The bot's revision of ``title`` since ``since`` that added ``marker``, if there is one."""
        with _single_request(self.site):  # a wiki that still fails: raise at once, the next run reads again
            revisions = revisions_by(self.site, title, self.username, since)
        return next((rev for rev, text in revisions if marker in text), None)

    def _refusal(self, current: PageState, message_type: str | None) -> SaveOutcome | None:
        if self.edits >= self.settings.max_edits_per_run:
            limit = self.settings.max_edits_per_run
            return SaveOutcome(SaveStatus.REFUSED, current.title, reason=f"limit of {limit} edits per run")
        if current.text is not None:
            reason = exclusion_reason(current.text, self.username, message_type)
            if reason is not None:
                return SaveOutcome(SaveStatus.REFUSED, current.title, reason=f"the page has {reason}")
        return None

    def _save(
        self, current: PageState, text: str, summary: str, *, minor: bool, section_heading: str | None = None
    ) -> SaveOutcome:
        import pywikibot

        self.edits += 1
        page = pywikibot.Page(self.site, current.title)
        options = {
            "summary": summary,
            "minor": minor,
            "bot": True,
            "apply_cosmetic_changes": False,
            "quiet": True,
        }
        try:
            if section_heading is None:
                page.text = text
                page.save(**options)
            else:
                page.save(text=text, section="new", sectiontitle=section_heading, **options)
        except Exception as exc:
            if is_outage(_cause(exc)):  # Pywikibot retried until it gave up: say what the wiki has
                read_only = read_only_reason(self.site)
                if read_only is not None:
                    raise WritesStopped(read_only) from exc
                words = outage_words(_cause(exc), api_url_of(self.site))
                raise WikiUnavailableError(f"the wiki did not take the edit: {words}") from exc
            return _outcome_of_error(current.title, exc)
        return SaveOutcome(SaveStatus.SAVED, current.title, page.latest_revision_id)


_ONE_TRY = threading.local()  # this thread's requests inside _single_request are sent once


@contextmanager
def _single_request(site: APISite) -> Iterator[None]:
    """The Pywikibot requests this thread makes on ``site`` inside are sent once: no retry after an error
    answer or a lost one. Other threads (the scheduler runs patrols beside the on-wiki job) keep their
    retries: the site's request factory marks only this thread's requests."""
    if not getattr(site, "_sidebot_one_try", False):
        make = site.simple_request

        def simple_request(**kwargs: object) -> object:
            request = make(**kwargs)
            if getattr(_ONE_TRY, "active", False):
                request.max_retries = 0  # Pywikibot's own per-request limit (WaitingMixin.wait)
            return request

        site.simple_request = simple_request
        site._sidebot_one_try = True
    _ONE_TRY.active = True
    try:
        yield
    finally:
        _ONE_TRY.active = False


def normalised(text: str) -> str:
    """A page's text as compared before a save: NFC, "\\n" line ends, no spaces at line ends, no blank
    lines at the end (MediaWiki stores text in this form, so text equal after it is no change)."""
    lines = unicodedata.normalize("NFC", text).replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return "\n".join(line.rstrip() for line in lines).strip("\n")


def _cause(exc: BaseException) -> BaseException:
    """What really failed: Pywikibot's ``Page.save`` wraps every error in an OtherPageSaveError."""
    from pywikibot import exceptions as pwb

    if isinstance(exc, pwb.OtherPageSaveError) and isinstance(exc.reason, BaseException):
        return exc.reason
    return exc


def _outcome_of_error(title: str, error: Exception) -> SaveOutcome:
    """A save error as an outcome; one that stops every edit raises (see the module docstring)."""
    from pywikibot import exceptions as pwb

    exc = _cause(error)
    if is_outage(exc):
        raise WikiUnavailableError(f"the wiki did not take the edit: {type(exc).__name__}: {exc}") from error
    if isinstance(exc, pwb.APIError) and exc.code in ACCOUNT_STOPS:  # no edit can succeed: stop them all
        what = "the wiki is read-only" if exc.code == "readonly" else "the bot's account is blocked"
        raise WritesStopped(f"{what} ({exc.code}: {exc.info})") from error
    if isinstance(exc, pwb.EditConflictError):
        return SaveOutcome(SaveStatus.CONFLICT, title, reason=f"edit conflict: {exc}")
    if isinstance(error, pwb.OtherPageSaveError) and "{{bots}}" in str(error):
        return SaveOutcome(SaveStatus.REFUSED, title, reason=f"Pywikibot's bot check: {error}")
    kinds: list[tuple[type[BaseException], str]] = [
        (pwb.LockedPageError, "the page is protected"),
        (pwb.AbuseFilterDisallowedError, "the abuse filter disallowed the edit"),
        (pwb.SpamblacklistError, "the spam blacklist blocked a link"),
        (pwb.TitleblacklistError, "the title blacklist forbids the page"),
        (pwb.CaptchaError, "the wiki asked for a captcha"),
        (pwb.PageSaveRelatedError, "the edit was not saved"),
        (pwb.Error, "the wiki refused the edit"),
    ]
    for kind, what in kinds:
        if isinstance(exc, kind):
            return SaveOutcome(SaveStatus.FAILED, title, reason=f"{what}: {exc}")
    raise error


def _same_user(a: str, b: str) -> bool:
    def key(name: str) -> str:
        name = " ".join(name.replace("_", " ").split())
        return name[:1].upper() + name[1:]

    return key(a) == key(b)
