"""The templates every local test wiki gets, so imported Wikipedia articles display and the bot finds the
maintenance tags it looks for. Simplified versions of English Wikipedia's templates (which need Lua
modules): same names, same parameters that matter, similar output."""

from __future__ import annotations


def _inline_tag(link: str, label: str, tooltip: str, category: str) -> str:
    """An inline maintenance tag like ``[failed verification]`` with its date in the tooltip."""
    return (
        f'<sup class="noprint Inline-Template">&#91;<i>[[{link}|<span title="{tooltip}'
        '{{#if:{{{date|}}}| ({{{date}}})}}">'
        f"{label}</span>]]</i>&#93;</sup><includeonly>[[Category:{category}]]</includeonly>"
    )


def _citation(css_class: str, container: str, extra: str) -> str:
    """A citation template rendering: authors, linked title, container (website, newspaper…), date,
    ``extra`` (publisher, volume, pages…), archive link and access date."""
    authors = (
        "{{#if:{{{last|}}}|{{{last}}}{{#if:{{{first|}}}|, {{{first}}}}}. "
        "|{{#if:{{{author|}}}|{{{author}}}. }}}}"
    )
    title = '{{#if:{{{url|}}}|[{{{url}}} "{{{title|}}}"]|"{{{title|}}}"}}. '
    archive = (
        "{{#if:{{{archive-url|{{{archiveurl|}}}}}}|[{{{archive-url|{{{archiveurl}}}}}} Archived] from the "
        "original{{#if:{{{archive-date|{{{archivedate|}}}}}}| on {{{archive-date|{{{archivedate}}}}}}}}. }}"
    )
    accessed = "{{#if:{{{access-date|{{{accessdate|}}}}}}|Retrieved {{{access-date|{{{accessdate}}}}}}.}}"
    return (
        f'<cite class="citation {css_class}">{authors}{title}'
        f"{{{{#if:{container}|''{container}''. }}}}"
        "{{#if:{{{date|}}}|{{{date}}}. }}"
        f"{extra}{archive}{accessed}</cite>"
        "<noinclude>\nA simplified citation template of the sidebot test wiki.</noinclude>"
    )


STANDARD_TEMPLATES: dict[str, str] = {
    "Template:Failed verification": _inline_tag(
        "Wikipedia:Verifiability",
        "failed verification",
        "The material near this tag failed verification of its source citation(s).",
        "All articles with failed verification",
    )
    + "<noinclude>\nPlace after a citation whose source does not support the material it is cited for."
    " Parameters: <code>date</code>, <code>reason</code>.</noinclude>",
    "Template:Fv": "#REDIRECT [[Template:Failed verification]]",
    "Template:Not in citation given": "#REDIRECT [[Template:Failed verification]]",
    "Template:Citation needed": _inline_tag(
        "Wikipedia:Citation needed",
        "citation needed",
        "This claim needs references to reliable sources.",
        "All articles with unsourced statements",
    )
    + "<noinclude>\nPlace after a claim that needs a citation. Parameters: <code>date</code>.</noinclude>",
    "Template:Cn": "#REDIRECT [[Template:Citation needed]]",
    "Template:Fact": "#REDIRECT [[Template:Citation needed]]",
    "Template:Citation needed span": '<span class="citation-needed-content">{{{text|{{{1|}}}}}}</span>'
    + _inline_tag(
        "Wikipedia:Citation needed",
        "citation needed",
        "This claim needs references to reliable sources.",
        "All articles with unsourced statements",
    )
    + "<noinclude>\nMarks the text (<code>text</code>) that needs a citation. Parameters: <code>date</code>."
    "</noinclude>",
    "Template:Dubious": _inline_tag(
        "Wikipedia:Accuracy dispute",
        "dubious",
        "The material near this tag is possibly inaccurate or nonfactual.",
        "All accuracy disputes",
    )
    + "<noinclude>\nPlace after a doubtful claim. "
    + "Parameters: <code>1</code> (talk section), <code>date</code>."
    "</noinclude>",
    "Template:Cite web": _citation(
        "web", "{{{website|{{{work|}}}}}}", "{{#if:{{{publisher|}}}|{{{publisher}}}. }}"
    ),
    "Template:Cite news": _citation(
        "news",
        "{{{work|{{{newspaper|}}}}}}",
        "{{#if:{{{publisher|}}}|{{{publisher}}}. }}{{#if:{{{page|}}}|p. {{{page}}}. }}",
    ),
    "Template:Cite book": _citation(
        "book",
        "",
        "{{#if:{{{publisher|}}}|{{{publisher}}}. }}{{#if:{{{isbn|}}}|ISBN {{{isbn}}}. }}"
        "{{#if:{{{page|{{{pages|}}}}}}|p. {{{page|{{{pages}}}}}}. }}",
    ),
    "Template:Cite journal": _citation(
        "journal",
        "{{{journal|}}}",
        "{{#if:{{{volume|}}}|'''{{{volume}}}'''{{#if:{{{issue|}}}| ({{{issue}}})}}. }}"
        "{{#if:{{{pages|}}}|pp. {{{pages}}}. }}{{#if:{{{doi|}}}|doi:{{{doi}}}. }}",
    ),
    "Template:Reflist": '<div class="reflist">{{#tag:references|{{{refs|}}}|group={{{group|}}}}}</div>'
    "<noinclude>\nThe list of references of an article.</noinclude>",
    "Template:Bots": "<noinclude>Tells bots whether they may edit this page: "
    "<code><nowiki>{{bots|deny=…}}</nowiki></code>, <code><nowiki>{{bots|optout=…}}</nowiki></code>."
    "</noinclude>",
    "Template:Nobots": "<noinclude>Asks all bots not to edit this page.</noinclude>",
}
