"""`sidebot gadget install --user NAME`: load the review service's wiki gadget in a user's common.js."""

from __future__ import annotations

from typing import Annotated

import typer

from sidebot.cli.common import console, fail, settings_of


def install(
    ctx: typer.Context,
    user: Annotated[str, typer.Option("--user", help="The wiki user whose User:NAME/common.js loads it.")],
    service: Annotated[
        str | None,
        typer.Option(help="The review service's address (default: [web] public_url, else http://host:port)."),
    ] = None,
) -> None:
    """Write mw.loader.load('<service>/gadget.js') into User:NAME/common.js on the configured wiki, as the
    configured Pywikibot account; a second run changes nothing. docs/deploy.md: a site-wide gadget."""
    from sidebot.onwiki.gadget import GadgetInstallError, install_loader
    from sidebot.web.settings import public_url
    from sidebot.wiki.site import WikiError, connect

    settings = settings_of(ctx)
    address = service or public_url(settings.web)
    try:
        done = install_loader(connect(settings), user, address)
    except GadgetInstallError as exc:
        raise fail(str(exc), 2) from exc
    except WikiError as exc:
        raise fail(str(exc)) from exc
    if done.changed:
        console.print(f"{done.title}: added {done.line}")
    else:
        console.print(f"{done.title}: already loads the gadget ({done.line}); nothing changed")
