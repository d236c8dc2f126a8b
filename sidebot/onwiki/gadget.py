"""`sidebot gadget install`: the wiki gadget's loader line in a user's ``User:NAME/common.js``, so the review
service's ``/gadget.js`` runs on the articles that user reads (the wiki must allow user scripts:
``$wgAllowUserJs``). Saved through Pywikibot as the configured account: a user's own page, or, for another
user's, an account with the ``edituserjs`` right (an interface administrator; the sandbox's bot has it).
Idempotent: a page that already loads this service's gadget is not edited again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sidebot.config import origin_of
from sidebot.wiki.site import WikiError, translate_errors

if TYPE_CHECKING:
    from pywikibot.site import APISite

MARKER = "// sidebot gadget:"  # the comment before the loader line; an older loader line after it is replaced
SUMMARY = "Load the sidebot gadget from {service} (marks claims whose citations may fail verification)"


class GadgetInstallError(WikiError):
    """The loader line could not be saved (no such user, no right to edit the page, a bad service URL)."""


@dataclass(frozen=True, slots=True)
class Installed:
    """The outcome of installing the gadget loader: the user script page, whether it was edited, and the
    loader line it holds."""

    title: str
    changed: bool  # False: the page already loaded this service's gadget
    line: str


def loader_line(service: str) -> str:
    """``mw.loader.load("<service>/gadget.js");`` for an http(s) service address (a JSON string literal:
    nothing in the address can end the string)."""
    base = service.strip().rstrip("/")
    if not origin_of(base) or any(ch.isspace() for ch in base) or "?" in base or "#" in base:
        raise GadgetInstallError(f"the review service's address must be an http(s) URL: {service!r}")
    return f"mw.loader.load({json.dumps(base + '/gadget.js')});"


def with_loader(text: str, service: str) -> str | None:
    """``text`` (a common.js) with this service's loader line, or None when it already has it. A loader line
    after sidebot's marker comment (another address) is replaced; otherwise the line is added at the end."""
    line = loader_line(service)
    lines = text.splitlines()
    if line in (entry.strip() for entry in lines):
        return None
    comment = f"{MARKER} claims with open findings in the review queue at {service.strip().rstrip('/')}"
    for at, entry in enumerate(lines[:-1]):
        if entry.startswith(MARKER) and lines[at + 1].strip().startswith("mw.loader.load("):
            return "\n".join([*lines[:at], comment, line, *lines[at + 2 :]]) + "\n"
    kept = text.rstrip("\n")
    return (kept + "\n\n" if kept else "") + f"{comment}\n{line}\n"


def install_loader(site: APISite, user: str, service: str) -> Installed:
    """Write the loader line into ``User:<user>/common.js`` unless it is there already."""
    import pywikibot
    from pywikibot.exceptions import Error as PywikibotError

    name = user.strip().replace("_", " ")
    if not name or any(ch in name for ch in "/#<>[]{}|"):
        raise GadgetInstallError(f"not a user name: {user!r}")
    with translate_errors():
        account = pywikibot.User(site, name)
        if not account.isRegistered():
            raise GadgetInstallError(f"there is no user {name!r} on {site}")
        page = pywikibot.Page(site, f"User:{account.username}/common.js")
        current = page.text if page.exists() else ""
        updated = with_loader(current, service)
        line = loader_line(service)
        if updated is None:
            return Installed(page.title(), False, line)
        page.text = updated
        try:
            page.save(summary=SUMMARY.format(service=service.strip().rstrip("/")), minor=False, quiet=True)
        except PywikibotError as exc:
            raise GadgetInstallError(
                f"cannot save {page.title()} as {site.username()}: {exc} (another user's common.js needs "
                "the edituserjs right: an interface administrator, or the user pastes the line)"
            ) from exc
    return Installed(page.title(), True, line)
