"""Footnotes and their definitions: which body a ``<ref>`` occurrence stands for.

A footnote is a ``<ref>`` tag or a ``{{refn}}`` / ``{{#tag:ref}}`` template. A named one without a body
(``<ref name="x" />``) takes the body of the first footnote of that name and group that has one, wherever
it sits: earlier, later, or in a reference list (``<references>…</references>``, ``{{reflist|refs=…}}``),
whose group its refs take unless they name their own.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from mwparserfromhell.nodes import Tag, Template
from mwparserfromhell.wikicode import Wikicode

from sidebot.citations.tags import template_key
from sidebot.citations.text import REF_TEMPLATES, REUSE_TEMPLATES, is_ref_tag, named, positional

Definitions = dict[tuple[str, str], Wikicode]  # (group, name) → body


@dataclass(frozen=True, slots=True)
class Footnote:
    """A footnote's name and group, as <ref> and {{efn}}-like templates give them."""

    name: str | None
    group: str
    body: Wikicode | None  # None when blank


def is_footnote(node: object) -> bool:
    """Whether ``node`` is a footnote: a <ref> tag or a template that makes one."""
    if not isinstance(node, Template):
        return is_ref_tag(node)
    key = template_key(node.name)
    return key.replace(" ", "") in REF_TEMPLATES or key in REUSE_TEMPLATES


def footnote_of(node: Tag | Template, reused: str | None = None) -> Footnote:
    """Name, group and own body of a ``<ref>`` tag or a ``{{refn}}`` / ``{{#tag:ref}}`` template; for
    ``{{r|name}}``, the ref ``reused`` (its name), with no body of its own."""
    if isinstance(node, Template) and reused is not None:
        return Footnote(reused, _text(named(node, "group")), None)
    if isinstance(node, Template):
        name, group = _text(named(node, "name")), _text(named(node, "group"))
        body = next(iter(positional(node)), None)
    else:
        name = _text(node.get("name").value) if node.has("name") else ""
        group = _text(node.get("group").value) if node.has("group") else ""
        body = node.contents
    if body is not None and not str(body).strip():
        body = None
    return Footnote(name or None, group, body)


def ref_definitions(
    markers: Iterable[Tag | Template], reference_lists: Iterable[Tag | Template]
) -> Definitions:
    """(group, name) → body of the first footnote with that name and group that has a body, among the
    footnote markers of the page (in page order) and then the refs inside its reference lists."""
    definitions: Definitions = {}
    for node in markers:
        if is_footnote(node) and not _is_reuse(node):
            _define(definitions, footnote_of(node), "")
    for container in reference_lists:
        if isinstance(container, Tag):
            group = _text(container.get("group").value) if container.has("group") else ""
            bodies = [container.contents] if container.contents is not None else []
        else:
            group = _text(named(container, "group"))
            bodies = [param.value for param in container.params]
        for body in bodies:
            for ref in body.ifilter(recursive=True, forcetype=Tag):
                if is_ref_tag(ref):
                    _define(definitions, footnote_of(ref), group)
    return definitions


def _is_reuse(node: Tag | Template) -> bool:
    return isinstance(node, Template) and template_key(node.name) in REUSE_TEMPLATES


def _define(definitions: Definitions, footnote: Footnote, list_group: str) -> None:
    if footnote.name and footnote.body is not None:
        definitions.setdefault((footnote.group or list_group, footnote.name), footnote.body)


def _text(value: Wikicode | None) -> str:
    return str(value).strip() if value is not None else ""
