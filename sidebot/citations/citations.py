"""Find every citation on a page, with the claim it supports and the source it points to.

Pure: wikitext in, a list of ``ExtractedCitation`` out; no network. The work is split into
``parse`` (wikitext → tree, read as MediaWiki reads broken markup), ``text`` (tree →
plain text with footnote markers; ``templates`` for inline templates), ``claims``
(claim and context at a marker), ``refs`` (named refs and their definitions),
``sources`` (what a footnote body cites) and ``tags`` (inline tags).

A citation is one footnote marker in the rendered page: each ``<ref>`` occurrence (a reused named ref
``<ref name="x" />`` takes the body of its definition, which may come later or sit in
``{{reflist|refs=…}}`` / ``<references>…</references>``), each ``{{refn}}`` / ``{{#tag:ref}}``, and each
short footnote ``{{sfn}}`` / ``{{harvnb}}``-style template outside a ref. Refs inside reference lists are
definitions, not occurrences. As in MediaWiki, an unclosed ``<ref>`` is literal text, not a citation (and
is left out of claims, as is a stray ``</ref>``); an unclosed ``<!--`` hides the rest of the page.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from mwparserfromhell.wikicode import Wikicode

from sidebot.citations.claims import CONTEXT_WORDS, claims_for, clean_claim, preceding_words
from sidebot.citations.infobox import Expander, field_claim
from sidebot.citations.parse import parse_wikitext
from sidebot.citations.refs import Definitions, Footnote, footnote_of, is_footnote, ref_definitions
from sidebot.citations.sources import CitedSource, describe_body, short_footnote
from sidebot.citations.tags import CITATION_NEEDED, tag_table, template_key
from sidebot.citations.templates import DISPLAY_RULES
from sidebot.citations.text import FootnoteMark, UnsourcedMark, WikitextRenderer

_WHITESPACE = re.compile(r"\s+")


@dataclass(frozen=True, slots=True)
class ExtractedCitation:
    """One citation on a page. ``fingerprint`` identifies it across revisions and page moves (see
    ``fingerprint()``); ``claim`` is ``""`` when nothing precedes the marker in its paragraph, table row or
    template field (e.g. ``| area_footnotes = <ref>…</ref>`` in an infobox)."""

    index: int  # 0-based order of this <ref> occurrence in the page
    fingerprint: str  # stable id, see ``fingerprint``
    ref_name: str | None  # name= of the ref, if any
    url: str | None  # the URL to check (None if the ref has none)
    source_title: str | None  # |title= of a cite template, or the [url label] text
    archive_url: str | None
    access_date: str | None
    kind: str  # 'cite web', 'cite news', …, other template name, 'bare-url', 'link', 'sfn', 'text'
    claim: str  # plain text before the ref, back to the previous ref or sentence boundary
    context: str  # ~200 plain words before the ref, ending with the claim (cut from the left)
    section: str  # section path, e.g. "History::Early life" ("" for the lead)
    tags: tuple[str, ...]  # canonical inline tags at the ref: 'failed verification', 'dubious', …
    checkable: bool  # has an http(s) URL we can fetch
    reason: str | None  # why not checkable
    archive_date: str | None = None  # |archive-date= (or {{webarchive|date=}}) as written
    url_status: str | None = (
        None  # |url-status= as written: "dead", "usurped" and "unfit" mean the URL is gone
    )
    placement: str = "prose"  # "prose", "infobox" (a field) or "table" (a row read with its headers)
    # the date= of its tag as written: a needs-source claim's {{citation needed}}, a citation's {{failed …}}
    tag_date: str | None = None


NEEDS_SOURCE = "needs-source"  # the kind of a claim tagged {{citation needed}}: no footnote, no URL
_NEEDS_SOURCE_KEY = "\x00{{citation needed}}"  # its fingerprint's source key: no URL or ref body equals it


def normalize(text: str) -> str:
    """Collapse whitespace and lower-case: the form claims and ref texts take inside fingerprints."""
    return _WHITESPACE.sub(" ", text).strip().lower()


def fingerprint(claim: str, source_key: str, occurrence: int) -> str:
    """sha1 hex of ``normalize(claim) + "\\x1f" + source_key + "\\x1f" + str(occurrence)``.

    ``source_key`` is the citation's URL, or the normalised wikitext of its footnote body when it has none;
    ``occurrence`` counts earlier citations on the page with the same (normalised claim, source_key) pair,
    so two identical citations of one claim stay distinct. The article title is not part of it: a page
    move keeps every fingerprint, and so does any edit that changes neither the claim nor the source.
    """
    payload = f"{normalize(claim)}\x1f{source_key}\x1f{occurrence}"
    return hashlib.sha1(payload.encode("utf-8")).hexdigest()


def extract_citations(
    wikitext: str,
    title: str = "",
    tag_aliases: Mapping[str, str] | None = None,
    *,
    unsourced: bool = False,
    expand: Expander | None = None,
) -> list[ExtractedCitation]:
    """All citations on a page, in page order.

    ``title`` fills ``{{PAGENAME}}`` in claims. ``tag_aliases`` (alias → canonical tag) extends the
    built-in redirects of {{failed verification}}, {{dubious}}, {{citation needed}} and {{citation needed
    span}}; an alias mapping to anything else raises ValueError. Malformed wikitext never raises: what can be
    read is returned. With ``unsourced``, each claim tagged {{citation needed}} (a tag that follows no
    footnote) or marked by {{citation needed span}} comes too, as a citation of kind ``NEEDS_SOURCE``
    without a URL (see :func:`_needs_source`), in page order among the others. ``expand`` (the wiki's
    ``expandtemplates``) reads an infobox field made only of templates the renderer cannot expand; without
    it such a field gives no claim.
    """
    if not isinstance(wikitext, str):
        raise TypeError(f"wikitext must be str, not {type(wikitext).__name__}")
    tags = tag_table(tag_aliases)
    if not wikitext.strip():
        return []
    code = parse_wikitext(wikitext)
    renderer = WikitextRenderer(display_rules=DISPLAY_RULES, tags=tags, page_title=title)
    renderer.render(code)
    definitions = ref_definitions((mark.node for mark in renderer.marks), renderer.reference_lists)
    claims, row_starts = _claims(renderer.marks, title, renderer.plain, expand)
    citations: list[ExtractedCitation] = []
    seen: Counter[tuple[str, str]] = Counter()
    for index, (mark, claim, row_start) in enumerate(zip(renderer.marks, claims, row_starts)):
        footnote, cited_text, source = _resolve(mark, definitions, renderer)
        pair = (normalize(claim), source.url or normalize(str(cited_text)))
        citations.append(
            ExtractedCitation(
                index=index,
                fingerprint=fingerprint(claim, pair[1], seen[pair]),
                ref_name=footnote.name,
                url=source.url,
                source_title=source.source_title,
                archive_url=source.archive_url,
                access_date=source.access_date,
                kind=source.kind,
                claim=claim,
                context=_context(mark, claim, row_start),
                section=mark.section,
                tags=_merge(_tags_inside(footnote.body, tags), mark.tags),
                checkable=source.reason is None,
                reason=source.reason,
                archive_date=source.archive_date,
                url_status=source.url_status,
                placement=_placement(mark, row_start),
                tag_date=mark.tag_date,
            )
        )
        seen[pair] += 1
    if not unsourced or not renderer.unsourced:
        return citations
    needs = _needs_source(renderer, title, expand)
    merged = sorted(
        [(c.index, 0, c) for c in citations] + [(after, 1, n) for after, n in needs], key=lambda t: t[:2]
    )
    return [replace(c, index=i) for i, (_, _, c) in enumerate(merged)]


def _needs_source(
    renderer: WikitextRenderer, title: str, expand: Expander | None
) -> list[tuple[int, ExtractedCitation]]:
    """The claims tagged {{citation needed}}, each with how many footnote markers precede it. The claim is
    read as a citation's is (back to the previous footnote marker or tag, or sentence boundary); a span's
    claim is the text it marks. A tag with no words before it (a paragraph's start) has no claim: left out.
    The fingerprint keys on the claim alone, so a re-run, a new date or a moved page keeps it."""
    out: list[tuple[int, ExtractedCitation]] = []
    seen: Counter[str] = Counter()
    for mark, claim, context in _unsourced_claims(renderer, title, expand):
        if not claim:
            continue
        key = normalize(claim)
        citation = ExtractedCitation(
            index=0,
            fingerprint=fingerprint(claim, _NEEDS_SOURCE_KEY, seen[key]),
            ref_name=None,
            url=None,
            source_title=None,
            archive_url=None,
            access_date=None,
            kind=NEEDS_SOURCE,
            claim=claim,
            context=context,
            section=mark.section,
            tags=(CITATION_NEEDED,),
            checkable=False,
            reason="no citation: the claim is tagged {{citation needed}}",
            tag_date=mark.date or None,
        )
        seen[key] += 1
        out.append((mark.after - 1, citation))  # sorts after the footnote marker before it
    return out


def _unsourced_claims(
    renderer: WikitextRenderer, title: str, expand: Expander | None
) -> list[tuple[UnsourcedMark, str, str]]:
    """(tag, claim, context) of each {{citation needed}}: read as a citation's claim is, back to the previous
    footnote marker of its stream or the sentence boundary. Another tag is no cut point (it cites nothing):
    in "It opposed X,{{cn}} and backed Y.{{cn}}" the second claim is the whole sentence, not "and backed Y.".
    """
    markers: dict[int, list[int]] = {}
    for mark in renderer.marks:
        markers.setdefault(id(mark.stream), []).append(mark.position)
    out: list[tuple[UnsourcedMark, str, str]] = []
    for tag in renderer.unsourced:
        stream = tag.stream
        if tag.span_start is not None:
            claim = clean_claim(stream.text[tag.span_start : tag.position])
        else:
            before = [p for p in markers.get(id(stream), []) if p < tag.position]
            claim = claims_for(stream, [*before[-1:], tag.position])[-1][0]
        if stream.field is not None and claim:
            claim = field_claim(title, stream.field, claim, renderer.plain, expand)
        out.append((tag, claim, preceding_words(stream, tag.position)))
    return out


def article_text(wikitext: str, title: str = "") -> str:
    """The article's running text as a reader sees it (references, templates' markup and the like left out):
    what a copy of the article would carry, for telling a source that copies Wikipedia."""
    if not isinstance(wikitext, str) or not wikitext.strip():
        return ""
    renderer = WikitextRenderer(
        display_rules=DISPLAY_RULES, tags=tag_table(None), page_title=title, collect=False
    )
    return renderer.render(parse_wikitext(wikitext)).text


def _claims(
    marks: list[FootnoteMark], title: str, plain: Callable[[Wikicode], str], expand: Expander | None
) -> tuple[list[str], list[int | None]]:
    """Each marker's claim: the text before it in its stream; in an infobox field, the field as a reader
    reads the box (sidebot.citations.infobox); with it, the start of the table row a claim reads with its
    headers (sidebot.citations.tables)."""
    by_stream: dict[int, list[int]] = {}
    for i, mark in enumerate(marks):
        by_stream.setdefault(id(mark.stream), []).append(i)
    claims = [""] * len(marks)
    row_starts: list[int | None] = [None] * len(marks)
    for indexes in by_stream.values():
        stream = marks[indexes[0]].stream
        for i, (claim, row) in zip(indexes, claims_for(stream, [marks[i].position for i in indexes])):
            claims[i] = field_claim(title, stream.field, claim, plain, expand) if stream.field else claim
            row_starts[i] = row
    return claims, row_starts


def _placement(mark: FootnoteMark, row_start: int | None) -> str:
    """Where the marker sits, as its claim was read: an infobox field, a table row read with its headers,
    or prose (which includes a cell of a table read as text)."""
    if mark.stream.field is not None:
        return "infobox"
    return "table" if row_start is not None else "prose"


def _context(mark: FootnoteMark, claim: str, row_start: int | None) -> str:
    """SIDE's context: the words before the marker; for an infobox field or a table row read with its
    headers, the article's words before the box or the row and the claim as it reads, so the context still
    ends with the claim."""
    stream = mark.stream
    if row_start is not None:
        before = preceding_words(stream, row_start)
    elif stream.field is None or not claim:
        return preceding_words(stream, mark.position)
    else:
        before = preceding_words(stream.parent, stream.parent_end) if stream.parent is not None else ""
    words = f"{before} {claim}".split()
    return " ".join(words[-CONTEXT_WORDS:])


def _resolve(
    mark: FootnoteMark, definitions: Definitions, renderer: WikitextRenderer
) -> tuple[Footnote, object, CitedSource]:
    """(the marker's footnote, the wikitext that keys its fingerprint when it has no URL, what it cites)."""
    node = mark.node
    if not is_footnote(node):  # a short footnote template such as {{sfn}}
        return Footnote(None, "", None), node, short_footnote()
    footnote = footnote_of(node, mark.reused)
    body = footnote.body
    if body is None and footnote.name:
        body = definitions.get((footnote.group, footnote.name))
        if body is None:
            reason = f"named ref {footnote.name!r} has no definition on the page"
            return footnote, node, CitedSource(kind="text", reason=reason)
    return footnote, body or "", describe_body(body, renderer.plain)


def _tags_inside(body: Wikicode | None, tags: Mapping[str, str]) -> tuple[str, ...]:
    """Inline tags an editor put inside the footnote itself (``<ref>{{cite …}} {{fv}}</ref>``)."""
    if body is None:
        return ()
    found = (tags.get(template_key(t.name)) for t in body.ifilter_templates(recursive=False))
    return tuple(tag for tag in found if tag)


def _merge(*groups: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(tag for group in groups for tag in group))
