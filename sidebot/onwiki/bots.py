"""The bot exclusion protocol: ``{{bots}}`` and ``{{nobots}}`` on a page, as English Wikipedia's
Template:Bots documents it, including ``optout=`` for message types.

Pywikibot's ``Page.botMayEdit()`` (which ``Page.save`` applies) knows ``allow=`` and ``deny=`` but ignores
``optout=``, which message-posting bots are expected to honour; this module reads all three, so the bot can
decide (and record why) before it tries to save.

- ``{{nobots}}``: no bot. ``{{bots}}``: any bot.
- ``{{bots|allow=A,B}}``: only the bots named (``all``: any, ``none``: no bot).
- ``{{bots|deny=A,B}}``: not the bots named (``all``: no bot, ``none``: any).
- ``{{bots|optout=T1,T2}}``: no message of these types (``all``: no message at all).
"""

from __future__ import annotations

import mwparserfromhell

from sidebot.citations.tags import template_key


def exclusion_reason(wikitext: str, username: str, message_type: str | None = None) -> str | None:
    """Why the bot ``username`` may not edit a page with this text (posting a message of
    ``message_type``, if it is one), or None when it may."""
    user = _user_key(username)
    try:
        templates = mwparserfromhell.parse(wikitext).filter_templates()
    except Exception as exc:  # mwparserfromhell only fails on pathological input: then stay away
        return f"cannot read the page's bot exclusions: {exc}"
    for template in templates:
        name = template_key(template.name)
        if name == "nobots":
            return "{{nobots}}"
        if name != "bots":
            continue
        for param in template.params:
            key = str(param.name).strip().lower()
            names = {n.strip() for n in str(param.value).split(",") if n.strip()}
            keys = {n.lower() for n in names}
            users = {_user_key(n) for n in names}
            if key == "allow" and "all" not in keys and user not in users:
                return f"{{{{bots|allow={','.join(sorted(names)) or 'none'}}}}}"
            if key == "deny" and ("all" in keys or user in users):
                return f"{{{{bots|deny={','.join(sorted(names))}}}}}"
            if key == "optout" and message_type is not None:
                if "all" in keys or message_type.strip().lower() in keys:
                    return f"{{{{bots|optout={','.join(sorted(names))}}}}}"
    return None


def _user_key(name: str) -> str:
    """User names compare as MediaWiki compares them: underscores are spaces, the first letter's case does
    not matter. Bot lists also ignore case altogether in practice, so we do too."""
    return " ".join(name.replace("_", " ").split()).lower()
