"""The visible text of common inline templates, so a claim keeps the words a reader sees.

Each rule renders one template family approximately: ``{{lang|fr|texte}}`` → "texte",
``{{convert|5|km|mi}}`` → "5 km" (the conversion in brackets is left out), ``{{nowrap|…}}`` → its text,
``{{birth date|1950|5|3}}`` → "May 3, 1950". Any template not listed here shows no text in a claim;
references inside its parameters are still found (see ``text``).
"""

from __future__ import annotations

from collections.abc import Mapping

from mwparserfromhell.nodes import Template

from sidebot.citations.tags import LIST_TEMPLATES
from sidebot.citations.text import DisplayRule, TextStream, WikitextRenderer, named, positional

_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")  # fmt: skip
_HEIGHT_UNITS = frozenset({"m", "cm", "ft", "in", "mm"})
_RANGE_WORDS = frozenset({"-", "–", "to", "and", "or", "and(-)", "to(-)", "by", "x", "×", "+", "+/-", "±"})


def _first(r: WikitextRenderer, t: Template, out: TextStream) -> None:
    values = positional(t)
    if values:
        r.walk(values[0], out)


def _second(r: WikitextRenderer, t: Template, out: TextStream) -> None:
    values = positional(t)
    if len(values) > 1:
        r.walk(values[1], out)


def _last(r: WikitextRenderer, t: Template, out: TextStream) -> None:
    values = positional(t)
    if values:
        r.walk(values[-1], out)


def _joined(r: WikitextRenderer, t: Template, out: TextStream) -> None:
    for n, value in enumerate(positional(t)):
        if n:
            out.add(" ")
        r.walk(value, out)


def _items(r: WikitextRenderer, t: Template, out: TextStream) -> None:
    """List templates ({{hlist}}, {{ubl}}, {{plainlist}}): each item is a line of its own."""
    for value in positional(t):
        out.add_break()
        r.walk(value, out)
    out.add_break()


def _quote(r: WikitextRenderer, t: Template, out: TextStream) -> None:
    body = named(t, "text", "quote", "1") or next(iter(positional(t)), None)
    out.add_break()
    if body is not None:
        r.walk(body, out)
    out.add_break()


def _harvard_in_text(r: WikitextRenderer, t: Template, out: TextStream) -> None:
    """{{harvtxt|Smith|Jones|2001}} → "Smith & Jones (2001)"; four or more authors → "Smith et al."."""
    values = [r.plain(v) for v in positional(t)]
    if not values:
        return
    authors, year = values[:-1], values[-1]
    if len(authors) >= 4:
        names = f"{authors[0]} et al."
    elif len(authors) >= 2:
        names = ", ".join(authors[:-1]) + " & " + authors[-1]
    else:
        names = authors[0] if authors else ""
    out.add(f"{names} ({year})".strip())


def _fixed(text: str) -> DisplayRule:
    def rule(r: WikitextRenderer, t: Template, out: TextStream) -> None:
        out.add(text)

    return rule


def _word_or_first(word: str) -> DisplayRule:
    """A table cell's word ({{won}} → "Won"), or the text given in its place ({{won|1st place}})."""

    def rule(r: WikitextRenderer, t: Template, out: TextStream) -> None:
        values = positional(t)
        if values and str(values[0]).strip():
            r.walk(values[0], out)
        else:
            out.add(word)

    return rule


def _sort(r: WikitextRenderer, t: Template, out: TextStream) -> None:
    """{{sort|key|shown}} shows its second value, or the key when there is none."""
    values = positional(t)
    if len(values) > 1 and str(values[1]).strip():
        r.walk(values[1], out)
    elif values:
        r.walk(values[0], out)


def _prefixed(prefix: str) -> DisplayRule:
    def rule(r: WikitextRenderer, t: Template, out: TextStream) -> None:
        out.add(prefix)
        _first(r, t, out)

    return rule


def _page_title(r: WikitextRenderer, t: Template, out: TextStream) -> None:
    out.add(r.page_title)


def _convert(r: WikitextRenderer, t: Template, out: TextStream) -> None:
    """{{convert|5|km|mi}} → "5 km"; {{convert|5|to|10|km}} → "5 to 10 km"."""
    values = [r.plain(v) for v in positional(t)]
    words: list[str] = []
    while values:
        words.append(values.pop(0))  # a number
        if values and values[0] in _RANGE_WORDS:
            words.append(values.pop(0))
            continue
        if values:
            words.append(values.pop(0))  # its unit
        break
    out.add(" ".join(word for word in words if word))


def _height(r: WikitextRenderer, t: Template, out: TextStream) -> None:
    """{{height|ft=5|in=3}} → "5 ft 3 in" (no conversion)."""
    parts = [
        f"{r.plain(p.value)} {str(p.name).strip()}"
        for p in t.params
        if p.showkey and str(p.name).strip() in _HEIGHT_UNITS and str(p.value).strip()
    ]
    out.add(" ".join(parts))


def _fraction(r: WikitextRenderer, t: Template, out: TextStream) -> None:
    values = [r.plain(v) for v in positional(t)]
    if len(values) == 3:
        out.add(f"{values[0]} {values[1]}/{values[2]}")
    elif len(values) == 2:
        out.add(f"{values[0]}/{values[1]}")
    elif values:
        out.add(f"1/{values[0]}")


def date_text(year: str, month: str = "", day: str = "", *, day_first: bool = False) -> str:
    """English date as the date templates show it: "May 3, 1950" (or "3 May 1950" with df=y)."""
    month_name = _MONTHS[int(month) - 1] if month.isdigit() and 1 <= int(month) <= 12 else month
    day = day.lstrip("0")
    if month_name and day:
        return f"{day} {month_name} {year}" if day_first else f"{month_name} {day}, {year}"
    return f"{month_name} {year}".strip()


def _date(r: WikitextRenderer, t: Template, out: TextStream) -> None:
    values = [r.plain(v) for v in positional(t)][:3]
    if values:
        df = named(t, "df")
        day_first = df is not None and r.plain(df).lower() in {"y", "yes"}
        out.add(date_text(*values, day_first=day_first))


def _film_date(r: WikitextRenderer, t: Template, out: TextStream) -> None:
    """{{film date|2017|1|29|Sundance|2017|3|17|United States|ref1=<ref>…</ref>}} → "January 29, 2017
    (Sundance); March 17, 2017 (United States)", each release date followed by its own refs (|refN=), so a
    ref there cites its date, as a reader reads the box."""
    values = positional(t)
    df = named(t, "df")
    day_first = df is not None and r.plain(df).lower() in {"y", "yes"}
    for n in range(0, len(values), 4):
        year, month, day, place = ([r.plain(v) for v in values[n : n + 4]] + ["", "", "", ""])[:4]
        if not year.strip():
            continue
        if n:
            out.add("; ")
        out.add(date_text(*(x for x in (year, month, day) if x.strip()), day_first=day_first))
        if place.strip():
            out.add(f" ({place.strip()})")
        notes = named(t, f"ref{n // 4 + 1}")
        if notes is not None:
            r.walk(notes, out)


def _as_of(r: WikitextRenderer, t: Template, out: TextStream) -> None:
    lower = named(t, "lc") is not None
    out.add("as of " if lower else "As of ")
    _date(r, t, out)


def _case_function(r: WikitextRenderer, t: Template, out: TextStream) -> None:
    """Parser functions that show their argument: {{formatnum:1234}}, {{lc:…}}, {{uc:…}}, {{ucfirst:…}}."""
    function, _, argument = str(t.name).partition(":")
    function = function.strip().lower()
    text = argument.strip()
    if function == "lc":
        text = text.lower()
    elif function == "uc":
        text = text.upper()
    elif function == "ucfirst":
        text = text[:1].upper() + text[1:]
    elif function == "lcfirst":
        text = text[:1].lower() + text[1:]
    out.add(text)


DISPLAY_RULES: Mapping[str, DisplayRule] = {
    **dict.fromkeys(
        [
            "nowrap",
            "nobr",
            "small",
            "smaller",
            "big",
            "larger",
            "abbr",
            "ill",
            "interlanguage link",
            "nihongo",
            "em",
            "strong",
            "var",
            "mvar",
            "flag",
            "flagcountry",
            "visible anchor",
            "keypress",
            "font",
            "noitalic",
            "lang-",
            "nastaliq",
        ],
        _first,
    ),
    **dict.fromkeys(["lang", "tooltip"], _second),
    # {{birth-date|1965|c. 965}} and {{Version|o|1.0}} (release tables) show their last value
    **dict.fromkeys(["transl", "transliteration", "resize", "birth-date", "death-date", "version"], _last),
    **dict.fromkeys(["sortname", "linktext"], _joined),
    **dict.fromkeys(sorted(LIST_TEMPLATES), _items),
    **dict.fromkeys(["quote", "blockquote", "cquote", "quotation", "quote box", "rquote", "zitat"], _quote),
    **dict.fromkeys(["convert", "cvt"], _convert),
    **dict.fromkeys(["frac", "fraction"], _fraction),
    "height": _height,
    **dict.fromkeys(
        [
            "start date",
            "end date",
            "birth date",
            "death date",
            "birth date and age",
            "death date and age",
            "start date and age",
            "end date and age",
            "dts",
            "date",
        ],
        _date,
    ),
    "as of": _as_of,
    "formatdate": _first,  # de: {{FormatDate|2004-11-09}}, the date as written
    **dict.fromkeys(["film date", "filmdate"], _film_date),
    # table cells (sidebot.citations.tables.CELL_TEMPLATES): the word a reader sees in the cell
    "won": _word_or_first("Won"),
    **dict.fromkeys(["nom", "nominated"], _word_or_first("Nominated")),
    **dict.fromkeys(["n/a", "na", "n.a.", "table-na", "sdash"], _word_or_first("—")),
    "yes": _word_or_first("Yes"),
    "no": _word_or_first("No"),
    "tba": _word_or_first("TBA"),
    "tbd": _word_or_first("TBD"),
    "dunno": _word_or_first("?"),
    "partial": _word_or_first("Partial"),
    "pending": _word_or_first("Pending"),
    "draw": _word_or_first("Draw"),
    "included": _word_or_first("Included"),
    "dropped": _word_or_first("Dropped"),
    "unknown": _word_or_first("Unknown"),
    "nonpartisan": _word_or_first("Nonpartisan"),
    "active": _word_or_first("Active"),
    "inactive": _word_or_first("Inactive"),
    "good": _word_or_first("Good"),
    "bad": _word_or_first("Bad"),
    "okay": _word_or_first("Okay"),
    **dict.fromkeys(["sort", "sortkey"], _sort),
    "nts": _first,  # {{ntsh}}, a hidden sort key, shows nothing
    **dict.fromkeys(["harvtxt", "harvcoltxt"], _harvard_in_text),
    **dict.fromkeys(["circa", "c."], _prefixed("c. ")),
    **dict.fromkeys(["us$", "usd"], _prefixed("US$")),
    "isbn": _prefixed("ISBN "),
    **dict.fromkeys(["pagename", "fullpagename", "pagenamee", "subpagename", "basepagename"], _page_title),
    "!": _fixed("|"),
    "=": _fixed("="),
    **dict.fromkeys(["nbsp", "space", "spaces", "sp"], _fixed(" ")),
    **dict.fromkeys(["ndash", "–", "en dash"], _fixed("–")),
    **dict.fromkeys(["mdash", "emdash", "—", "em dash"], _fixed("—")),
    "mdashb": _fixed(" — "),
    **dict.fromkeys(["snd", "spnd", "spaced ndash", "spaced en dash"], _fixed(" – ")),
    **dict.fromkeys(["middot", "·", "dot"], _fixed(" · ")),
    **dict.fromkeys(["formatnum:", "lc:", "uc:", "ucfirst:", "lcfirst:"], _case_function),
}
