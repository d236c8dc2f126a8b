"""Names normalised so that the same name matches however it is written: case, diacritics, punctuation and
a possessive ("Zürich" / "Zurich", "U.S." / "US", "McGraw's" / "McGraw"), common abbreviations ("St." /
"Saint"), a few country aliases ("U.S." / "United States" / "USA"), a nationality by its country's stem
("Australian" / "Australia"), and a person by their surname alone (a page names "Smith" after "John Smith"
once, or only as "Mr Smith"). Read by the fact check (:mod:`sidebot.verify.facts`) and by the words every
view says of a finding (:mod:`sidebot.queue.lead`: whether a source's sentence names the claim's subject).
Imports no sidebot module.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_NON_WORD = re.compile(r"[^\w\s]|_")
_POSSESSIVE = re.compile(r"['’]s\b")  # "McGraw's" is McGraw, at the end of a text too
_SPACE = re.compile(r"\s+")
_ABBREVIATIONS = {"st": "saint", "mt": "mount", "ft": "fort", "&": "and", "dr": "doctor", "jr": "junior"}
# words a normal name may hold that its page does not write ("St." read as "saint", "&" as "and")
SPELLED_OUT = frozenset(_ABBREVIATIONS.values())
# each such word with the abbreviations a page writes it as
WRITTEN_SHORT: dict[str, tuple[str, ...]] = {
    full: tuple(short for short, spelled in _ABBREVIATIONS.items() if spelled == full) for full in SPELLED_OUT
}
_ALIAS_GROUPS = (
    ("united states", "united states of america", "us", "usa", "u s", "u s a", "america"),
    ("united kingdom", "uk", "u k", "great britain", "britain"),
    ("soviet union", "ussr", "u s s r"),
    ("united arab emirates", "uae"),
    ("european union", "eu"),
    ("united nations", "un"),
    ("islamic state", "isil", "isis", "daesh", "islamic state of iraq and the levant"),
    ("covid 19", "coronavirus disease 2019"),
    ("sars cov 2", "severe acute respiratory syndrome coronavirus 2"),
    ("new york city", "nyc"),  # not "new york": the state is another place
    ("washington dc", "washington d c"),  # not "washington": the state is another place
)
ALIASES: dict[str, tuple[str, ...]] = {name: group for group in _ALIAS_GROUPS for name in group}
# the aliases that are initials a page writes in capitals ("US", "UAE"): in lower case most are words of
# their own ("us", "un", "eu"); not "isis" and "isil", which newspapers write "Isis" and "Isil"
_INITIALS = frozenset({"us", "usa", "uk", "ussr", "uae", "eu", "un"})
_ACRONYM = re.compile(r"(?:[A-Z]\.?){2,3}")  # a name written as two or three capitals: "WHO", "F.B.I."
_LEADING = ("the ",)
_PERSON_SUFFIXES = {"junior", "senior", "jr", "sr", "ii", "iii", "iv"}
# short words an organisation's initials skip ("Director of Public Prosecutions" is "DPP")
FUNCTION_WORDS = frozenset({"of", "the", "and", "for", "in", "on", "at", "de", "du", "des", "la", "le"})
_GAELIC_PREFIX = re.compile(r"\b(?:mac|mc)(?=[bcdfgklmnpqrstvwz]\w{2})")  # "MacDougal", "McDougal"
_INITIAL_RUN = re.compile(r"\b\w(?: \w\b)+")  # single letters in a row: "a v club"
_COUNTRY_FIRST = re.compile(r"^(?:united states|united kingdom|us|uk|american|british) ")
_SUBTITLE = re.compile(r"\s*:\s+")  # "Truth in Comedy: The Manual of Improvisation"
# US states as newspapers' datelines write them after a town ("Red Lodge, Mont."), AP style, and by their
# two-letter postal codes ("Helena, MT"); written only after a comma, since many are words of their own
_AP_STATES = {
    "alabama": ("Ala.", "AL"), "arizona": ("Ariz.", "AZ"), "arkansas": ("Ark.", "AR"),
    "california": ("Calif.", "CA"), "colorado": ("Colo.", "CO"), "connecticut": ("Conn.", "CT"),
    "delaware": ("Del.", "DE"), "florida": ("Fla.", "FL"), "georgia": ("Ga.", "GA"),
    "illinois": ("Ill.", "IL"), "indiana": ("Ind.", "IN"), "kansas": ("Kan.", "KS"),
    "kentucky": ("Ky.", "KY"), "louisiana": ("La.", "LA"), "maryland": ("Md.", "MD"),
    "massachusetts": ("Mass.", "MA"), "michigan": ("Mich.", "MI"), "minnesota": ("Minn.", "MN"),
    "mississippi": ("Miss.", "MS"), "missouri": ("Mo.", "MO"), "montana": ("Mont.", "MT"),
    "nebraska": ("Neb.", "NE"), "nevada": ("Nev.", "NV"), "new hampshire": ("N.H.", "NH"),
    "new jersey": ("N.J.", "NJ"), "new mexico": ("N.M.", "NM"), "north carolina": ("N.C.", "NC"),
    "north dakota": ("N.D.", "ND"), "oklahoma": ("Okla.", "OK"), "oregon": ("Ore.", "OR"),
    "pennsylvania": ("Pa.", "PA"), "rhode island": ("R.I.", "RI"), "south carolina": ("S.C.", "SC"),
    "south dakota": ("S.D.", "SD"), "tennessee": ("Tenn.", "TN"), "texas": ("TX",),
    "vermont": ("Vt.", "VT"), "virginia": ("Va.", "VA"), "washington": ("Wash.", "WA"),
    "west virginia": ("W.Va.", "WV"), "wisconsin": ("Wis.", "WI"), "wyoming": ("Wyo.", "WY"),
}  # fmt: skip


# Nationalities not made from their country's name by a suffix ("France" / "French"); the regular ones are
# (:func:`nationality_forms`: "India" / "Indian", "Italy" / "Italian", "Japan" / "Japanese")
_NATIONALITIES = {
    "united states": ("american",), "united kingdom": ("british",), "england": ("english",),
    "france": ("french",), "spain": ("spanish",), "netherlands": ("dutch",), "sweden": ("swedish",),
    "denmark": ("danish",), "finland": ("finnish",), "poland": ("polish",), "ireland": ("irish",),
    "scotland": ("scottish", "scots"), "wales": ("welsh",), "norway": ("norwegian",), "greece": ("greek",),
    "portugal": ("portuguese",), "switzerland": ("swiss",), "philippines": ("filipino", "philippine"),
    "turkey": ("turkish",), "iceland": ("icelandic",), "thailand": ("thai",), "china": ("chinese",),
    "vietnam": ("vietnamese",), "lebanon": ("lebanese",), "germany": ("german",), "peru": ("peruvian",),
    "new zealand": ("new zealander",), "czech republic": ("czech",), "soviet union": ("soviet",),
}  # fmt: skip
_COUNTRIES_OF = {word: country for country, words in _NATIONALITIES.items() for word in words}
# a country's nationality made by a suffix: "Brazil" + "ian", "Japan" + "ese", "Pakistan" + "i", "Tibet" +
# "an"; after a vowel "India" + "n", or in place of it: "Italy" → "Italian", "Mexico" → "Mexican", "Europe" →
# "European"
_AFTER_CONSONANT = ("ian", "ese", "i", "an")
_FOR_LAST_VOWEL = ("ian", "an", "ean")


def nationality_forms(name: str) -> tuple[str, ...]:
    """The words of a country's or a continent's nationality (``name`` normal, its aliases read as the
    country: "US" / "American"): a page writes "the American film" for a film made in the United States."""
    country = ALIASES.get(name, (name,))[0]
    if country in _NATIONALITIES:
        return _NATIONALITIES[country]
    if " " in country or len(country) < 4:
        return ()
    if country[-1] in "aeiouy":
        return tuple(dict.fromkeys((country + "n", *(country[:-1] + e for e in _FOR_LAST_VOWEL))))
    return tuple(country + e for e in _AFTER_CONSONANT)


def countries_of(nationality: str) -> tuple[str, ...]:
    """The country of a nationality not made from its name by a suffix, with the country's aliases
    ("american": "united states", "us", "usa", …); () for the others, which share their country's stem."""
    country = _COUNTRIES_OF.get(nationality)
    return () if country is None else ALIASES.get(country, (country,))


def plain(text: str) -> str:
    """Lower case without diacritics ("Lancôme" → "lancome"): a folded name's words are substrings of its
    sentence's plain text, so a page can be searched for them before it is folded."""
    if text.isascii():
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def fold(text: str) -> str:
    """Lower case, no diacritics, punctuation as spaces removed ("U.S." → "u s"), one space between words."""
    folded = _POSSESSIVE.sub(" ", plain(text).replace("&", " and "))
    return _SPACE.sub(" ", _NON_WORD.sub(" ", folded)).strip()


def normal_text(text: str) -> str:
    """A text's words as names are compared: folded, abbreviations spelled out ("St. Louis" → "saint
    louis"). Pages and claims are read this way too, so that a name matches the text it is written in."""
    return " ".join(_ABBREVIATIONS.get(w, w) for w in fold(text).split())


def normal_name(text: str) -> str:
    """A name as it is compared: :func:`normal_text` without a leading "the"."""
    name = normal_text(text)
    for lead in _LEADING:
        if name.startswith(lead):
            name = name[len(lead) :]
    return name


def name_forms(name: str, label: str) -> list[str]:
    """The written forms of a name (normalised) any of which on a page states it, most specific first."""
    base = normal_name(name)
    if not base:
        return []
    forms = [base]
    compact = base.replace(" ", "")
    if len(compact) <= 5 and compact != base:  # "u s" as written "US"
        forms.append(compact)
    forms += [alias for alias in ALIASES.get(base, ALIASES.get(compact, ())) if alias not in forms]
    title = _SUBTITLE.split(name, maxsplit=1)
    if len(title) == 2 and len(normal_name(title[0]).split()) > 1:  # a work's title without its subtitle
        forms.append(normal_name(title[0]))
    initialled = _INITIAL_RUN.sub(lambda m: m[0].replace(" ", ""), base)
    if initialled != base and initialled not in forms:  # "The A.V. Club" written "The AV Club"
        forms.append(initialled)
    national = _COUNTRY_FIRST.sub("", base)
    if national != base and len(national.split()) > 1:  # "the National Film Registry" of the United States
        forms.append(national)
    initials = acronym(name)
    if initials and initials not in forms:  # "NAS" for "the National Academy of Sciences"
        forms.append(initials)
    forms += [form for form in (fold(a) for a in _AP_STATES.get(base, ())) if form not in forms]
    if label in ("GPE", "LOC"):  # "the United States" written "an American film", "India" "Indian"
        forms += [form for form in nationality_forms(base) if form not in forms]
    elif label == "NORP":  # "French" written "France", "American" "the U.S." (the stem finds the others)
        forms += [form for form in countries_of(base) if form not in forms]
    if label == "PERSON":
        gaelic = _GAELIC_PREFIX.sub(lambda m: "mc" if m[0] == "mac" else "mac", base)
        if gaelic != base:  # "MacDougal" also written "McDougal", and the other way round
            forms.append(gaelic)
        words = [w for w in base.split() if w not in _PERSON_SUFFIXES]
        if len(words) > 1 and len(words[-1]) > 2:
            forms.append(words[-1])  # the surname alone
    return forms


def acronym(name: str) -> str:
    """The initials of a name of three or more capitalised words, function words skipped ("nas" for "the
    National Academy of Sciences"); "" for a shorter name, or one with a word in lower case or a number."""
    words = [w for w in re.findall(r"[\w'’-]+", name) if w.lower() not in FUNCTION_WORDS]
    if len(words) < 3 or not all(w[0].isupper() and w[0].isalpha() for w in words):
        return ""
    return fold("".join(w[0] for w in words))


def expansion_pattern(name: str) -> re.Pattern[str] | None:
    """Where a page spells out a name written as three to six capitals ("DPP"): capitalised words of three
    letters or more with those initials, function words allowed between them ("Director of Public
    Prosecutions"); None for another name. Two capitals, or words of two letters, match headlines by chance
    ("By Be Cyber" is no "BBC")."""
    letters = re.sub(r"[.\s]", "", name.strip())
    if not re.fullmatch(r"[A-Z]{3,6}", letters):
        return None
    between = r"(?:\s+(?:" + "|".join(sorted(FUNCTION_WORDS)) + r"))*\s+"
    words = between.join(rf"{c}[a-z]{{2,}}" for c in letters)
    return re.compile(rf"(?<![\w-]){words}(?![\w-])")


@lru_cache(maxsize=1024)
def _dateline_state(form: str, name: str) -> re.Pattern[str] | None:
    """How a page writes ``form`` when it is the dateline abbreviation of the state ``name``: after a comma,
    as written ("Red Lodge, Mont.", "Helena, MT"); None for any other form."""
    written = [a for a in _AP_STATES.get(normal_name(name), ()) if fold(a) == form]
    if not written:
        return None
    return re.compile(r",\s*(?:" + "|".join(re.escape(a) for a in written) + r")(?!\w)")


@lru_cache(maxsize=1024)
def written_in_capitals(form: str, name: str) -> re.Pattern[str] | None:
    """How a page writes ``form``, one of the forms of ``name``, when it is initials: in capitals, with dots
    or without ("U.S.", "U. S.", "US", not the "U.S" of "U.S.A."); None for a form written in words.
    Initials are a form written as single letters ("u s"), a country's or body's ("us", "uk", "un"), or the
    name itself where it is two or three capitals ("WHO"): in lower case such a form is most often a word
    of its own ("us", "un", "who"), so it states the name only in capitals."""
    words = form.split()
    compact = form.replace(" ", "")
    bare = re.sub(r"^the\s+", "", name.strip(), flags=re.IGNORECASE)
    initials = (
        (len(words) > 1 and all(len(w) == 1 for w in words))
        or form in _INITIALS
        or (_ACRONYM.fullmatch(bare) is not None and compact == fold(bare).replace(" ", ""))
        or (compact == form and compact == acronym(name))
    )
    if not initials:
        return None
    dotted = r"\.\s?".join(re.escape(c.upper()) for c in compact)
    return re.compile(rf"(?<![\w.])(?:{dotted}\.?|{re.escape(compact.upper())})(?!\.?\w)")


def states_form(form: str, name: str, folded: str, text: str) -> bool:
    """Whether a sentence (``text``, and ``folded``: its :func:`normal_text` between spaces) writes the form
    ``form`` of ``name``: initials only in capitals."""
    if f" {form} " not in folded:
        return False
    dateline = _dateline_state(form, name)
    if dateline is not None:
        return dateline.search(text) is not None
    capitals = written_in_capitals(form, name)
    return capitals is None or capitals.search(text) is not None


_NUMBER_SIGNS = frozenset({"no", "number", "nr"})


def _numbered(word: str, after: str) -> bool:
    """Whether ``word`` is the "No." of "No. 2" (folded: "no 2")."""
    return word in _NUMBER_SIGNS and after.isdigit()


_DISAMBIGUATION = re.compile(r"\s*\([^)]*\)\s*$")


def names_the_subject(article_title: str, page_text: str) -> bool:
    """Whether ``page_text`` names the article's subject: its title without a disambiguation ("Foo (band)" →
    "Foo"), or the title's last word, which for a person is the surname a page may use alone ("Emery" for
    "Jodie Emery"). A number names nothing alone, so a title ending in one falls back to its last two words
    ("Flight 77", "Su-25"; "Cemetery No. 2" as "Cemetery 2", since pages write "Cemetery # 2"). An empty
    title names nothing to look for: True.

    A page that never names the subject is on another subject, however much of the claim's wording it holds:
    the commonest wrong suggestion from a web snapshot (another band's line-up, another state's senate race).
    On WiCE dev the cited pages of 111 of 115 supported claims name their subject this way (169 of 191
    partially supported)."""
    title = normal_name(_DISAMBIGUATION.sub("", article_title))
    if not title:
        return True
    page = f" {normal_name(page_text)} "
    words = title.split()
    kept = [w for w, after in zip(words, words[1:] + [""]) if not _numbered(w, after)]
    last = " ".join(kept[-2:]) if kept[-1].isdigit() else kept[-1]
    fallback = last != title and not last.isdigit()
    return f" {title} " in page or (fallback and f" {last} " in page)
