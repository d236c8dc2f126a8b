"""Claims for citations in infobox fields, the way a reader reads the box: "Springfield — population total:
1,234 (as of 2020)".

Infobox numbers and dates are where quiet changes of facts happen most, and a ref there cites the field, not
prose: the claim is the field's label and value with the article's name (the box's subject). A ref in a
footnote field (``| area_footnotes = <ref>…</ref>``) cites its group's values (``area_total_km2``,
``area_land_km2``…), so those become the claim. A field's "as of" field (``GDP_PPP_year``), or its group's
(``population_as_of``), dates its values. Field names are read as labels ("population_total" →
"population total"), not as the rendered box would word them, which needs the template's own code. A field
whose value is only templates the renderer cannot expand ({{Representative|…}}, {{SPFL-stadiums|…}}) is read
through the wiki when an :data:`Expander` is given (the patrol's), else it gives no claim.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from mwparserfromhell.nodes import Comment, Tag, Template
from mwparserfromhell.wikicode import Wikicode

from sidebot.citations.parse import parse_wikitext
from sidebot.citations.tags import LIST_TEMPLATES, template_key

Expander = Callable[[str], str | None]
"""Wikitext with its templates expanded by the wiki (wikitext out); None when the wiki gives none."""

NOTE_SUFFIXES = ("footnotes", "footnote", "ref", "refs", "note", "notes", "cite", "source")
HIDDEN_SUFFIXES = ("_magnitude",)
DATE_SUFFIXES = ("as_of", "year")  # a group's "as of" field: population_as_of, gini_year
TYPE_SUFFIX = "_type"  # a field labelling another: ``languages2_type`` names what ``languages2`` lists
EMPTY_VALUES = {"", "auto", "yes", "no"}  # values that state nothing (``population_density = auto``)
MAX_GROUP_FIELDS = 6  # a footnote field's claim names at most this many of its group's values
MAX_EXPANDED_CHARS = 300  # an expansion longer than this is a navbox or a table, not a field's value
MAX_EXPANDED_WIKITEXT = 20 * MAX_EXPANDED_CHARS  # its wikitext, markup included, before it is parsed
# Free rows: a value field and the field naming it (``blank1_info_sec1`` ↔ ``blank1_name_sec1``, ``data3`` ↔
# ``label3`` in {{Infobox}}).
_LABEL_FIELD = re.compile(r"(?:(?<=_)|^)(info|data)(\d*(?:_|$))")
_LABEL_NAMES = {"info": "name", "data": "label"}


@dataclass(frozen=True)
class InfoboxField:
    """A named parameter of an infobox template: where a citation sits."""

    template: Template
    name: str

    @property
    def group(self) -> str:
        """The fields a footnote field cites share its first word: ``area`` for ``area_footnotes``."""
        return self.name.split("_", 1)[0]

    @property
    def is_note(self) -> bool:
        """Whether the field only holds notes or references for another field (``footnotes``,
        ``population_ref``…), not a statement of its own."""
        return _is_note(self.name)


def infobox_field(template: Template, name: str) -> InfoboxField | None:
    """The field ``name`` of ``template`` when the template is an infobox, else None."""
    key = template_key(template.name)
    if not key.startswith("infobox") or not name or name.isdigit():
        return None
    return InfoboxField(template, name)


def field_claim(
    article: str,
    field: InfoboxField,
    value: str,
    plain: Callable[[Wikicode], str],
    expand: Expander | None = None,
) -> str:
    """The claim of a citation in ``field`` whose own text before the marker is ``value``; ``""`` when the
    field and its group state nothing."""
    labelled = _labelled_value(field, plain)
    if value.strip() and labelled:
        claim = f"{value.strip()}: {labelled}"
    elif value.strip() and not field.is_note:
        claim = f"{_label_of(field, plain)}: {value.strip()}"
        dated = _date_of(field, plain)
        if dated:
            claim += f" (as of {dated})"
    elif not field.is_note and _template_renders_nothing(field, plain):
        # {{Representative|…}}: only the wiki expands it; its group is not what it cites
        expanded = _expanded_value(field, plain, expand)
        if not expanded:
            return ""
        claim = f"{_label_of(field, plain)}: {expanded}"
        dated = _date_of(field, plain)
        if dated:
            claim += f" (as of {dated})"
    else:
        values = [
            f"{label(name)}: {text}"
            for name, text in _group_values(field, plain)
            if not name.endswith(DATE_SUFFIXES)
        ][:MAX_GROUP_FIELDS]
        if not values:
            return ""
        claim = "; ".join(values)
        dated = _date_of(field, plain)
        if dated:
            claim += f" (as of {dated})"
    return f"{article} — {claim}" if article else claim


def _label_of(field: InfoboxField, plain: Callable[[Wikicode], str]) -> str:
    """The label the box shows for ``field``: for a field of free rows (``blank1_info_sec1``, ``data3``),
    the text of its label field (``blank1_name_sec1`` = "HDI (2018)", ``label3``); else its name as words."""
    partner = _LABEL_FIELD.sub(lambda m: _LABEL_NAMES[m.group(1)] + m.group(2), field.name, count=1)
    if partner != field.name and field.template.has(partner):
        text = " ".join(plain(field.template.get(partner).value).split())
        if text:
            return text
    return label(field.name)


def _template_renders_nothing(field: InfoboxField, plain: Callable[[Wikicode], str]) -> bool:
    """Whether ``field``'s value is templates the renderer cannot expand and nothing else: the field states
    something (a congressman, a capacity) that only the wiki can render."""
    code = field.template.get(field.name).value
    return bool(code.filter_templates(recursive=False)) and not plain(code).strip()


def _expanded_value(field: InfoboxField, plain: Callable[[Wikicode], str], expand: Expander | None) -> str:
    """``field``'s value as the wiki expands it, refs and comments left out, as plain text; "" without an
    expander, when the wiki gives nothing, or when the expansion is too long to be a field's value."""
    if expand is None:
        return ""
    code = field.template.get(field.name).value
    kept = [n for n in code.nodes if not isinstance(n, Comment) and not (isinstance(n, Tag) and _is_ref(n))]
    wikitext = expand("".join(str(node) for node in kept).strip())
    if not wikitext or len(wikitext) > MAX_EXPANDED_WIKITEXT:
        return ""  # a template that expands to a page's worth is not parsed at all
    text = " ".join(plain(parse_wikitext(wikitext)).split())
    return text if len(text) <= MAX_EXPANDED_CHARS else ""


def _is_ref(tag: Tag) -> bool:
    return str(tag.tag).strip().lower() == "ref"


def _labelled_value(field: InfoboxField, plain: Callable[[Wikicode], str]) -> str:
    """The value a label field names, when ``field`` is one: ``languages2_type`` ("Recognised regional
    languages", where a ref often sits) labels ``languages2`` (the languages), which is what the ref backs;
    "" for any other field."""
    if not field.name.endswith(TYPE_SUFFIX):
        return ""
    named = field.name[: -len(TYPE_SUFFIX)]
    if not named or not field.template.has(named):
        return ""
    code = field.template.get(named).value
    lists = [t for t in code.filter_templates(recursive=False) if template_key(t.name) in LIST_TEMPLATES]
    if len(lists) == 1:  # {{hlist|Scots|Welsh}}: its items, as a reader tells them apart
        items = [plain(p.value).strip() for p in lists[0].params if not p.showkey]
        text = ", ".join(item for item in items if item)
    else:
        text = plain(code).strip()
    return "" if text.lower() in EMPTY_VALUES else text


def label(name: str) -> str:
    """A field name as words: ``population_total`` → ``population total``."""
    return " ".join(name.replace("_", " ").split())


def _is_hidden(name: str) -> bool:
    """A field the box does not show: ``area_magnitude`` only sorts the page into a category."""
    return name.endswith(HIDDEN_SUFFIXES)


def _is_note(name: str) -> bool:
    return name == "footnotes" or name.endswith(tuple(f"_{suffix}" for suffix in NOTE_SUFFIXES))


def _group_values(field: InfoboxField, plain: Callable[[Wikicode], str]) -> list[tuple[str, str]]:
    """(name, plain text) of the other fields of ``field``'s group that state something, in box order."""
    found = []
    for param in field.template.params:
        name = str(param.name).strip()
        if name == field.name or name.split("_", 1)[0] != field.group or _is_note(name) or _is_hidden(name):
            continue
        text = plain(param.value).strip()
        if text.lower() not in EMPTY_VALUES:
            found.append((name, text))
    return found


def _date_of(field: InfoboxField, plain: Callable[[Wikicode], str]) -> str:
    """The "as of" value that dates ``field``: its own (``GDP_PPP_year`` for ``GDP_PPP``,
    ``population_estimate_year`` for ``population_estimate``), else that of the nearest field it is a part
    of (``GDP_PPP_year`` for ``GDP_PPP_per_capita``), down to its group's (``population_as_of``)."""
    words = field.name.split("_")
    for end in range(len(words), 0, -1):
        for suffix in DATE_SUFFIXES:
            name = "_".join([*words[:end], suffix])
            if name != field.name and field.template.has(name):
                text = plain(field.template.get(name).value).strip()
                if text.lower() not in EMPTY_VALUES:
                    return text
    return ""
