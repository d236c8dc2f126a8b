"""Turn a text or HTML body into str when the declared charset may be missing or wrong.

Order: a byte-order mark; a declared UTF-16/32 charset when the body has the NUL bytes such text is full of
(a UTF-8 page labelled ``charset=utf-16`` has none, and is read as UTF-8); valid UTF-8 (a body that
decodes as UTF-8 with non-ASCII characters is UTF-8 whatever the label says -- the usual lie is
"iso-8859-1" on a UTF-8 page, and real Latin-1 text is practically never valid UTF-8); the declared
charset (header, then the HTML ``<meta>``), if Python knows it and the bytes fit; charset-normalizer's
guess; UTF-8 with replacement characters as the last resort. Labels are read the WHATWG way: "iso-8859-1"
and "ascii" mean windows-1252.

A label is attacker-chosen: Python's registry also answers for codecs that are not character encodings
(``base64``, ``hex``, ``zlib``, ``bz2``, ``uu``, ``quopri``, ``rot13``), for ``undefined`` (which refuses
every byte) and for codecs of other jobs (``idna``, ``punycode``, ``unicode_escape``); those labels are
ignored as if unknown, and a decode that fails in any way falls through to the next step.
:func:`decode_text` never raises.
"""

from __future__ import annotations

import codecs
import re

import charset_normalizer

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),  # before UTF-16 LE, whose BOM is its prefix
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
_READ_AS_WINDOWS_1252 = frozenset({"iso8859-1", "ascii"})  # WHATWG Encoding Standard label mapping
# Registered as text encodings but not charsets a web page can be in: they would turn escapes or IDNA labels
# in the body into other characters, or (``undefined``) refuse every byte.
_NOT_PAGE_CHARSETS = frozenset(
    {"undefined", "idna", "punycode", "unicode-escape", "raw-unicode-escape", "charmap"}
)
_META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([a-zA-Z0-9_.:-]+)""", re.IGNORECASE)


def decode_text(body: bytes, declared: str | None = None, *, html: bool = False) -> str:
    """``body`` as text; ``declared`` is the Content-Type charset; ``html`` also reads ``<meta charset>``."""
    for bom, encoding in _BOMS:
        if body.startswith(bom):
            return body.decode(encoding, errors="replace")
    labels = [declared] if declared else []
    if html:
        match = _META_CHARSET.search(body[:4096])
        if match:
            labels.append(match.group(1).decode("ascii"))
    codecs_named = [c for c in map(_codec, labels) if c]
    if codecs_named and codecs_named[0].startswith(("utf-16", "utf-32")):
        if b"\x00" in body or not _is_utf8(body):  # markup in UTF-16/32 always has NULs
            return body.decode(codecs_named[0], errors="replace")
        codecs_named = codecs_named[1:]  # the label is wrong: the bytes are UTF-8
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError:
        pass
    for codec in codecs_named:
        try:
            return body.decode(codec)
        except (UnicodeError, LookupError, ValueError, TypeError):  # a codec may refuse bytes in other ways
            continue
    guess = charset_normalizer.from_bytes(body).best()
    if guess is not None:
        return str(guess)
    return body.decode("utf-8", errors="replace")


def _is_utf8(body: bytes) -> bool:
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _codec(label: str) -> str | None:
    """Python's codec name for a charset label, or None for a label that is not a known page charset."""
    try:
        info = codecs.lookup(label.strip().lower())
    except (LookupError, ValueError, UnicodeError):  # ValueError: a label with a NUL in it
        return None
    name = info.name
    if not info._is_text_encoding or name in _NOT_PAGE_CHARSETS:  # bytes-to-bytes or str-to-str codecs
        return None
    if name in _READ_AS_WINDOWS_1252:
        return "cp1252"
    return None if name == "utf-8" else name  # UTF-8 was tried already
