"""Render parsed wikitext to the plain text a reader sees, noting where each footnote marker sits.

The article body becomes one ``TextStream``. Text that is not part of the running prose (a template
parameter such as an infobox field, an image caption, a heading) becomes its own small stream, an
"island", so that a citation there gets the field's text as its claim and never the prose around it.

What the rendering does: wikilinks → their label; bold/italic markup, comments, file/image/category and
interlanguage links, reference bodies and maths dropped; HTML entities decoded; list items, table cells,
paragraphs, headings and ``<br>`` become paragraph breaks. Templates render as nothing, except the
common inline ones in ``templates`` (``{{lang}}``, ``{{convert}}`` without the conversion,
``{{nowrap}}``, quotes, lists, dates, …). Not handled: parser functions and Lua modules (``{{#if:}}``,
``{{#invoke:}}``), templates whose output is text they look up elsewhere, unit conversions and ages.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from mwparserfromhell.nodes import (
    Argument,
    Comment,
    ExternalLink,
    Heading,
    HTMLEntity,
    Node,
    Tag,
    Template,
    Text,
    Wikilink,
)
from mwparserfromhell.wikicode import Wikicode

from sidebot.citations.infobox import InfoboxField, infobox_field
from sidebot.citations.tables import CELL_TEMPLATES, RowCells, TableRows
from sidebot.citations.tags import CITATION_NEEDED, CITATION_NEEDED_SPAN, template_key

PARAGRAPH_BREAK = "\n\n"

# Templates that stand for a footnote of their own (a short footnote to a bibliography entry).
SHORT_FOOTNOTE_TEMPLATES = frozenset(
    {"sfn", "sfnp", "sfnm", "sfnmp", "sfn whole", "harvnb", "harv", "harvp", "harvcol", "harvcolnb"}
)  # the in-text forms ({{harvtxt}}: "Smith (2001) says …") are the subject of a sentence, not a citation
# Templates that are a <ref> written another way: body in the first positional parameter. (An explanatory
# note, {{efn}}, is no citation: the refs inside it cite its text, read as any template's parameter is.)
REF_TEMPLATES = frozenset({"#tag:ref", "refn"})
# {{r|name}}: a reused named ref (<ref name="name" />), one per name ({{r|a|b|p=4}}: two, page 4).
REUSE_TEMPLATES = frozenset({"r"})
# Reference lists: the refs inside them are list-defined (definitions, not occurrences in the text).
REFERENCE_LIST_TEMPLATES = frozenset({"reflist", "references", "refs", "notelist", "reflist-talk"})

_BLOCK_TAGS = frozenset(
    {"p", "div", "blockquote", "center", "poem", "table", "tr", "td", "th", "caption", "ul", "ol", "dl", "li",
     "dt", "dd", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "tbody", "thead", "tfoot"}
)  # fmt: skip
_LIST_MARKUP = frozenset({"*", "#", ";", ":"})
# Tags whose content is not prose: no text, but a <ref> inside one is still a citation (an island).
_HIDDEN_TAGS = frozenset(
    {"math", "chem", "ce", "score", "timeline", "graph", "mapframe", "maplink", "templatedata", "hiero",
     "imagemap", "gallery", "inputbox", "categorytree", "includeonly", "syntaxhighlight", "source", "style",
     "charinsert", "templatestyles", "section", "indicator"}
)  # fmt: skip
_HIDDEN_LINK_NAMESPACES = frozenset({"category", "kategorie", "file", "image", "datei", "bild", "media"})
_CAPTIONED_LINK_NAMESPACES = frozenset({"file", "image", "datei", "bild"})
_LANGUAGE_PREFIX = re.compile(r"^[a-z]{2,3}(?:-[a-z]{2,8})*$")
# HTML tags MediaWiki accepts in wikitext (Sanitizer), and the common extension tags: markup, not text.
_MARKUP_TAGS = (
    "abbr|b|bdi|bdo|big|blockquote|br|caption|center|chem|cite|code|data|dd|del|dfn|div|dl|dt|em|font|gallery|"
    "h[1-6]|hr|i|ins|kbd|li|link|mark|math|meta|nowiki|ol|p|poem|pre|q|rb|ref|references|rp|rt|rtc|ruby|s|"
    "samp|small|span|strike|strong|sub|sup|table|tbody|td|tfoot|th|thead|time|tr|tt|u|ul|var|wbr"
)
# Markup the parser could not match (malformed pages) and left as text: ref and HTML tags left open or
# closed twice, bold/italic quotes, and the double braces and brackets of templates, links and tables.
_STRAY_MARKUP = re.compile(
    rf"</?(?:{_MARKUP_TAGS})\b[^<>]*>|'{{2,}}|\{{\{{+|\}}\}}+|\[\[+|\]\]+|\{{\||\|\}}", re.IGNORECASE
)
_TABLE_ROW = ("{|", "|}", "|-", "|+")  # a table's start, end, row and caption lines
_CELL_SPLIT = re.compile(r"\|\||!!")
_ATTRIBUTES_ONLY = re.compile(r"\s*([A-Za-z][\w-]*\s*=\s*(\"[^\"]*\"|'[^']*'|[^\s\"'|]+)\s*)+")
_CELL_ATTRIBUTES = re.compile(r"^[^|\[\]{}]*=[^|\[\]{}]*\|(?!\|)")  # 'align="left" |' before a cell's text
_WHITESPACE = re.compile(r"\s+")


def _table_text(value: str, line_start: bool) -> str:
    """Table markup the parser left as text (a table it could not match): row lines dropped, each cell's
    text (without its attributes) a paragraph of its own. Only lines known to start a line count."""
    lines = value.split("\n")
    for i, line in enumerate(lines):
        if i == 0 and not line_start:
            continue
        text = line.lstrip(" \t")
        if text.startswith(_TABLE_ROW):
            lines[i] = ""
        elif text[:1] in ("|", "!"):
            cells = [_CELL_ATTRIBUTES.sub("", cell, count=1) for cell in _CELL_SPLIT.split(text[1:])]
            lines[i] = PARAGRAPH_BREAK + PARAGRAPH_BREAK.join(cells) + PARAGRAPH_BREAK
    return "\n".join(lines)


class TextStream:
    """Plain text under construction: the article body, or one island inside it.

    An island remembers its parent stream and the parent's length when the island began, so a citation in
    an island can still be given the article text before it as context.
    """

    def __init__(self, parent: TextStream | None = None, field: InfoboxField | None = None) -> None:
        self._parts: list[str] = []
        self.field = field  # the infobox field this island renders (its citations cite the field)
        self._joined: str | None = ""
        self.length = 0
        self.parent = parent
        self.parent_end = parent.length if parent else 0
        self.list_line_open = False  # inside a list item: its line end is a paragraph break
        self.row_starts: list[int] = []  # where each table row begins
        self.row_cells: dict[int, RowCells] = {}  # a row's start → its cells with their column headers
        self.row_ends: dict[int, int] = {}  # a row's start → its end, for the rows in row_cells

    def add(self, text: str) -> None:
        """Append ``text`` (nothing for an empty string)."""
        if text:
            self._parts.append(text)
            self.length += len(text)
            self._joined = None

    def add_break(self) -> None:
        """End the paragraph under way, unless the stream is empty or already ends one."""
        if self.length and not self.text.endswith(PARAGRAPH_BREAK):
            self.add(PARAGRAPH_BREAK)

    @property
    def text(self) -> str:
        """The text so far (the parts are joined once, when read after a change)."""
        if self._joined is None:
            self._joined = "".join(self._parts)
            self._parts = [self._joined]
        return self._joined


@dataclass(frozen=True, slots=True)
class FootnoteMark:
    """Where a footnote marker (``<ref>``, ``{{sfn}}``, ``{{refn}}``) sits in the rendered text."""

    node: Tag | Template
    stream: TextStream
    position: int  # offset in ``stream.text`` of the marker
    section: str  # "H2::H3", "" for the lead
    tags: tuple[str, ...]  # canonical inline tags right after the marker
    reused: str | None = None  # for {{r|name}}: the name of the ref it reuses
    tag_date: str | None = None  # the date= of the first of those tags that has one, as written


def _attribute(node: Tag, name: str) -> str:
    """An HTML attribute's value as written ("" when absent)."""
    for attribute in node.attributes:
        if str(attribute.name).strip().lower() == name and attribute.value is not None:
            return str(attribute.value).strip()
    return ""


def _span(node: Tag, name: str, attributes: str) -> int:
    """A cell's ``rowspan`` or ``colspan`` as browsers read it: its leading digits, 1 when absent or 0.
    ``attributes``: attributes written in the cell's text before a cell template (see :func:`_cell_parts`)."""
    value = _attribute(node, name)
    if not value and (written := re.search(rf"\b{name}\s*=\s*[\"']?(\d+)", attributes, re.I)):
        value = written.group(1)
    digits = re.match(r"\d+", value)
    return max(1, int(digits.group())) if digits and len(digits.group()) < 7 else 1


def _cell_parts(node: Tag) -> tuple[Wikicode | None, str]:
    """A table cell's content and the attributes written in it: ``| rowspan="2" {{n/a}}`` holds
    attributes, since {{n/a}} (like {{won}}, {{yes}}…) writes its own ``style="…" |`` before its text."""
    contents = node.contents
    if contents is None or len(contents.nodes) < 2:
        return contents, ""
    first, second = contents.nodes[0], contents.nodes[1]
    if (
        isinstance(first, Text)
        and _ATTRIBUTES_ONLY.fullmatch(str(first.value))
        and isinstance(second, Template)
        and template_key(second.name) in CELL_TEMPLATES
    ):
        return Wikicode(contents.nodes[1:]), str(first.value)
    return contents, ""


@dataclass(frozen=True, slots=True)
class UnsourcedMark:
    """Where a ``{{citation needed}}`` that follows no footnote marker sits: the claim before it has no
    source. For ``{{citation needed span}}``, ``span_start`` is where the text it marks begins (the claim is
    that text, ending at ``position``). ``after``: how many footnote markers came before it on the page."""

    node: Template
    stream: TextStream
    position: int
    section: str
    date: str | None  # the tag's date= as written ("May 2020")
    after: int
    span_start: int | None = None


def is_ref_tag(node: object) -> bool:
    """Whether ``node`` is a <ref> tag."""
    return isinstance(node, Tag) and str(node.tag).strip().lower() == "ref"


def positional(template: Template) -> list[Wikicode]:
    """The values of a template's unnamed parameters, in order."""
    return [param.value for param in template.params if not param.showkey]


def named(template: Template, *names: str) -> Wikicode | None:
    """The value of the first of ``names`` the template sets to something non-blank."""
    wanted = {name.lower() for name in names}
    for param in template.params:
        if param.showkey and str(param.name).strip().lower() in wanted and str(param.value).strip():
            return param.value
    return None


def collapse(text: str) -> str:
    """``text`` with every run of whitespace one space, trimmed."""
    return _WHITESPACE.sub(" ", text).strip()


DisplayRule = Callable[["WikitextRenderer", Template, TextStream], None]


class WikitextRenderer:
    """Walks a parsed page once, building its plain text and recording every footnote marker in order.

    ``display_rules`` maps template keys to functions that render a template's visible text (see
    ``templates``); ``tags`` maps template keys to canonical inline tags. With ``collect=False``
    the renderer only produces text (used for titles and other short snippets).
    """

    def __init__(
        self,
        *,
        display_rules: Mapping[str, DisplayRule],
        tags: Mapping[str, str],
        page_title: str = "",
        collect: bool = True,
    ) -> None:
        self.display_rules = display_rules
        self.tags = tags
        self.page_title = page_title
        self.collect = collect
        self.marks: list[FootnoteMark] = []
        self.unsourced: list[UnsourcedMark] = []  # {{citation needed}} tags on claims without a footnote
        self._marker_tags: set[int] = set()  # ids of the inline tags that belong to a footnote marker
        self.reference_lists: list[Tag | Template] = []  # <references> and {{reflist}}: not walked
        self._headings: list[tuple[int, str]] = []
        self._pipe_breaks = False  # in an image caption island
        self._walked: set[int] = set()  # ids of the snippets already walked (shown by a display rule)
        self._tables: list[TableRows] = []  # the tables being rendered, innermost last

    # --- public -------------------------------------------------------------------------------------------
    def render(self, code: Wikicode) -> TextStream:
        """The plain text of ``code``, as a new stream; the footnote marks and tags it meets are collected on
        the way."""
        out = TextStream()
        self.walk(code, out)
        return out

    def plain(self, code: Wikicode) -> str:
        """Plain text of a snippet (no markers recorded), whitespace collapsed."""
        renderer = WikitextRenderer(
            display_rules=self.display_rules, tags=self.tags, page_title=self.page_title, collect=False
        )
        return collapse(renderer.render(code).text)

    def island(
        self,
        code: Wikicode,
        parent: TextStream,
        *,
        caption: bool = False,
        field: InfoboxField | None = None,
    ) -> None:
        """Render ``code`` as text of its own (a template parameter, a caption), recording its markers.
        In an image link's ``caption`` island, "|" separates the image options from the caption; ``field``:
        the infobox field ``code`` is the value of."""
        if self.collect:
            pipe_breaks, self._pipe_breaks = self._pipe_breaks, caption
            self.walk(code, TextStream(parent, field))
            self._pipe_breaks = pipe_breaks

    def display_rule(self, key: str) -> DisplayRule | None:
        """The rule for a template key: exact, else by prefix ("formatnum:" for {{formatnum:…}}, "lang-" for
        {{lang-fr|…}})."""
        rule = self.display_rules.get(key)
        for separator in (":", "-"):
            if rule is None and separator in key:
                rule = self.display_rules.get(key.split(separator, 1)[0] + separator)
        return rule

    @property
    def section(self) -> str:
        """The headings above the current point, outermost first, joined with ``::``."""
        return "::".join(title for _, title in self._headings)

    # --- the walk -----------------------------------------------------------------------------------------
    def walk(self, code: Wikicode, out: TextStream) -> None:
        """Render ``code``'s nodes into ``out``: text and entities as they read, tags, templates, links and
        headings by their own rules; an argument by its default."""
        self._walked.add(id(code))
        nodes = code.nodes
        for i, node in enumerate(nodes):
            if isinstance(node, Text):
                self._text(node.value, out)
            elif isinstance(node, Tag):
                self._tag(node, nodes, i, out)
            elif isinstance(node, Template):
                self._template(node, nodes, i, out)
            elif isinstance(node, Wikilink):
                self._wikilink(node, out)
            elif isinstance(node, ExternalLink):
                if node.brackets:
                    if node.title is not None:
                        self.walk(node.title, out)
                else:
                    out.add(str(node.url))
            elif isinstance(node, HTMLEntity):
                out.add(node.normalize())
            elif isinstance(node, Heading):
                self._heading(node, out)
            elif isinstance(node, Argument) and node.default is not None:
                self.walk(node.default, out)

    def mark(
        self, node: Tag | Template, nodes: Sequence[Node], i: int, out: TextStream, reused: str | None = None
    ) -> None:
        """Record a footnote marker (``node``, the ``i``-th of ``nodes``) at the current end of ``out``, with
        the section, the maintenance tags right after it and the name of a reused ref (only when
        collecting)."""
        if self.collect:
            tags, tag_date = self._tags_after(nodes, i)
            self.marks.append(FootnoteMark(node, out, out.length, self.section, tags, reused, tag_date))

    def _text(self, value: str, out: TextStream) -> None:
        line_start = not out.length or out.text.endswith("\n")  # "|" and "!" here may begin table cells
        value = _STRAY_MARKUP.sub("", _table_text(value, line_start))
        if self._pipe_breaks:
            value = value.replace("|", PARAGRAPH_BREAK)
        if out.list_line_open and "\n" in value:
            value = value.replace("\n", PARAGRAPH_BREAK, 1)
            out.list_line_open = False
        out.add(value)

    def _tag(self, node: Tag, nodes: Sequence[Node], i: int, out: TextStream) -> None:
        name = str(node.tag).strip().lower()
        if name == "ref":
            self.mark(node, nodes, i, out)
        elif name == "references":
            self.reference_lists.append(node)  # its refs are definitions, not markers
        elif name in _HIDDEN_TAGS:
            if node.contents is not None:
                self.island(node.contents, out)
        elif node.wiki_markup in _LIST_MARKUP:
            out.add_break()
            out.list_line_open = True
            if node.contents is not None:
                self.walk(node.contents, out)
        elif name in _BLOCK_TAGS:
            out.add_break()
            if name in ("table", "tr"):
                out.row_starts.append(out.length)
            table = self._tables[-1] if self._tables else None
            if name == "table":
                classes = _attribute(node, "class").lower().split()
                self._tables.append(TableRows(data_table="wikitable" in classes))
            elif name == "tr" and table is not None:
                self._end_row(table, out)
                table.row_start = out.length
            start = out.length
            contents, attributes = _cell_parts(node) if name in ("td", "th") else (node.contents, "")
            if contents is not None:
                self.walk(contents, out)
                out.add_break()
            if name in ("td", "th") and table is not None:
                span = (_span(node, "rowspan", attributes), _span(node, "colspan", attributes))
                table.add_cell(name == "th", start, out.length, *span)
            elif name == "table":
                self._end_row(self._tables.pop(), out)
        elif node.contents is not None:
            self.walk(node.contents, out)

    @staticmethod
    def _end_row(table: TableRows, out: TextStream) -> None:
        """A data row of a table with column headers (or a wikitable) is read cell by cell: its cells and
        where it ends are kept for the claims of the refs in it."""
        cells = table.end_row(out.text)
        if cells is not None and table.row_start is not None and (table.has_headers or table.data_table):
            out.row_cells[table.row_start] = cells
            out.row_ends[table.row_start] = out.length

    def _template(self, node: Template, nodes: Sequence[Node], i: int, out: TextStream) -> None:
        key = template_key(node.name)
        if key in REFERENCE_LIST_TEMPLATES:
            self.reference_lists.append(node)  # its refs are definitions, not markers
            return
        canonical = self.tags.get(key)
        if canonical == CITATION_NEEDED_SPAN:
            self._span(node, out)
            return
        if canonical is not None:
            if canonical == CITATION_NEEDED and id(node) not in self._marker_tags:
                self._unsourced(node, out, None)
            return
        if key in SHORT_FOOTNOTE_TEMPLATES:
            self.mark(node, nodes, i, out)
            return
        if key in REUSE_TEMPLATES:
            for name in (self.plain(value).strip() for value in positional(node)):
                if name:
                    self.mark(node, nodes, i, out, reused=name)
            return
        if key.replace(" ", "") in REF_TEMPLATES:
            self.mark(node, nodes, i, out)
            body = positional(node)
            if body:  # refs nested in a note are citations of the note's own text
                self.island(body[0], out)
            return
        rule = self.display_rule(key)
        if rule is not None:
            rule(self, node, out)
        for param in node.params:  # infobox fields, and what a display rule leaves out: islands
            if id(param.value) not in self._walked:
                self.island(param.value, out, field=infobox_field(node, str(param.name).strip()))

    def _span(self, node: Template, out: TextStream) -> None:
        """``{{citation needed span|text=…}}`` shows its text, and that text is a claim without a source."""
        text = named(node, "text") or next(iter(positional(node)), None)
        if text is None:
            return
        start = out.length
        self.walk(text, out)
        self._unsourced(node, out, start)

    def _unsourced(self, node: Template, out: TextStream, span_start: int | None) -> None:
        if self.collect:
            date = named(node, "date")
            self.unsourced.append(
                UnsourcedMark(
                    node,
                    out,
                    out.length,
                    self.section,
                    self.plain(date) if date is not None else None,
                    len(self.marks),
                    span_start,
                )
            )

    def _wikilink(self, node: Wikilink, out: TextStream) -> None:
        title = str(node.title).strip()
        prefix = title.split(":", 1)[0].strip().lower() if ":" in title else ""
        if prefix and not title.startswith(":"):
            if prefix in _CAPTIONED_LINK_NAMESPACES:
                if node.text is not None:
                    self.island(node.text, out, caption=True)
                return
            if prefix in _HIDDEN_LINK_NAMESPACES or _LANGUAGE_PREFIX.match(prefix):
                return
        if node.text is not None and str(node.text).strip():
            self.walk(node.text, out)
        elif node.text is not None:  # the pipe trick: [[Paris, Texas|]] shows "Paris"
            out.add(html.unescape(re.sub(r"\s*\(.*\)$|,.*$", "", title.lstrip(":").split(":")[-1])))
        else:  # the title as written, its character references decoded ([[Pound&nbsp;sterling]])
            out.add(html.unescape(title.lstrip(":")))

    def _heading(self, node: Heading, out: TextStream) -> None:
        title = self.plain(node.title)
        while self._headings and self._headings[-1][0] >= node.level:
            self._headings.pop()
        self._headings.append((node.level, title))
        out.add_break()
        out.list_line_open = False
        self.island(node.title, out)

    def _tags_after(self, nodes: Sequence[Node], i: int) -> tuple[tuple[str, ...], str | None]:
        """Canonical inline tags directly after the marker at ``nodes[i]``, and the first ``date=`` they give:
        only whitespace, punctuation, comments and templates that show no text may come between; another
        citation or any word ends it."""
        found: list[str] = []
        tag_date: str | None = None
        for node in nodes[i + 1 :]:
            if isinstance(node, Comment):
                continue
            if isinstance(node, Text):
                if any(ch.isalnum() for ch in node.value):
                    break
                continue
            if not isinstance(node, Template):
                break
            key = template_key(node.name)
            canonical = self.tags.get(key)
            if canonical == CITATION_NEEDED_SPAN:
                break  # it shows the text it marks: words
            if canonical is not None:
                self._marker_tags.add(id(node))
                if canonical not in found:
                    found.append(canonical)
                date = named(node, "date")
                if tag_date is None and date is not None and self.plain(date).strip():
                    tag_date = self.plain(date).strip()
                continue
            if key in SHORT_FOOTNOTE_TEMPLATES | REUSE_TEMPLATES or key.replace(" ", "") in REF_TEMPLATES:
                break
            if self.display_rule(key) is not None:
                break
        return tuple(found), tag_date
