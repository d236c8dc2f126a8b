"""Template names as MediaWiki compares them, and the inline maintenance tags that mark a citation.

Editors mark a doubtful citation with an inline template right after the footnote marker:
``{{failed verification}}``, ``{{dubious}}`` or ``{{citation needed}}``, each with many redirects. The
built-in table below holds the English Wikipedia redirects we know; a wiki's real redirects are learnt at
run time and passed in as extra aliases.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

FAILED_VERIFICATION = "failed verification"
DUBIOUS = "dubious"
CITATION_NEEDED = "citation needed"
# {{citation needed span|text=…}}: marks the text it shows (the claim) rather than the words before it
CITATION_NEEDED_SPAN = "citation needed span"
CANONICAL_TAGS = (FAILED_VERIFICATION, DUBIOUS, CITATION_NEEDED, CITATION_NEEDED_SPAN)

BUILTIN_TAG_ALIASES: Mapping[str, str] = {
    FAILED_VERIFICATION: FAILED_VERIFICATION,
    "fv": FAILED_VERIFICATION,
    "failed-verification": FAILED_VERIFICATION,
    "failedverification": FAILED_VERIFICATION,
    "failed": FAILED_VERIFICATION,
    "fails verification": FAILED_VERIFICATION,
    "verification failed": FAILED_VERIFICATION,
    "not in source": FAILED_VERIFICATION,
    "not in citation": FAILED_VERIFICATION,
    "not in ref": FAILED_VERIFICATION,
    DUBIOUS: DUBIOUS,
    "dubious-inline": DUBIOUS,
    "dubious inline": DUBIOUS,
    CITATION_NEEDED: CITATION_NEEDED,
    "cn": CITATION_NEEDED,
    "fact": CITATION_NEEDED,
    "citation-needed": CITATION_NEEDED,
    "citationneeded": CITATION_NEEDED,
    CITATION_NEEDED_SPAN: CITATION_NEEDED_SPAN,
    "cn span": CITATION_NEEDED_SPAN,
    "cn-span": CITATION_NEEDED_SPAN,
    "fact span": CITATION_NEEDED_SPAN,
    "citation needed-span": CITATION_NEEDED_SPAN,
}

_COMMENT = re.compile(r"<!--.*?(?:-->|$)", re.DOTALL)
_SPACES = re.compile(r"[\s_]+")
_NAMESPACE = re.compile(r"^(?:template|vorlage)\s*:\s*", re.IGNORECASE)


def template_key(name: object) -> str:
    """Normalise a template name for lookups: comments dropped, underscores as spaces, whitespace collapsed,
    lower-cased (MediaWiki ignores the case of the first letter; we ignore all case, as editors expect),
    and a leading ``Template:`` removed. ``{{ Failed_Verification }}`` → ``"failed verification"``."""
    text = _COMMENT.sub("", str(name))
    return _NAMESPACE.sub("", _SPACES.sub(" ", text).strip()).lower()


def tag_table(extra_aliases: Mapping[str, str] | None = None) -> dict[str, str]:
    """The alias → canonical tag table: the built-in one extended (and overridden) by ``extra_aliases``.

    Raises ValueError for an alias that maps to something other than one of ``CANONICAL_TAGS``, so a typo
    in a learnt or configured alias is reported instead of silently matching nothing.
    """
    table = dict(BUILTIN_TAG_ALIASES)
    for alias, canonical in (extra_aliases or {}).items():
        target = template_key(canonical)
        if target not in CANONICAL_TAGS:
            raise ValueError(
                f"tag alias {alias!r} maps to {canonical!r}, which is not one of {', '.join(CANONICAL_TAGS)}"
            )
        key = template_key(alias)
        if not key:
            raise ValueError(f"tag alias {alias!r} is empty")
        table[key] = target
    return table


# Templates that render each positional value as an item of a list ({{hlist|Scots|Welsh}}).
LIST_TEMPLATES = frozenset(
    {
        "hlist",
        "ubl",
        "ublist",
        "unbulleted list",
        "plainlist",
        "flatlist",
        "bulleted list",
        "bulleted",
        "collapsible list",
        "ordered list",
    }
)
