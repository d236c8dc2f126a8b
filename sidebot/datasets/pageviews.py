"""Wikimedia's pageview dumps (https://dumps.wikimedia.org/other/pageviews/): one line per page and access
method, ``domain_code page_title count_views total_response_size`` separated by single spaces, e.g.
``en Kate_Winslet 1520 0`` (desktop) and ``en.m Kate_Winslet 3110 0`` (mobile web). The hourly files come
gzip-compressed; both forms are read. Titles are written with underscores; they are read with spaces, as
the queue stores them.
"""

from __future__ import annotations

import gzip
import io
import zlib
from collections.abc import Collection, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

GZIP_MAGIC = b"\x1f\x8b"
MAX_LINE = 4096  # a title is at most 255 bytes: longer lines are not pageview lines


class PageviewFormatError(ValueError):
    """The data is not in the pageview dump format."""


def parse_pageviews(
    lines: Iterable[bytes | str], domain: str, titles: Collection[str] | None = None
) -> dict[str, int]:
    """Views per title of the wiki ``domain`` ("en": its desktop "en" and mobile "en.m" lines), summed.
    ``titles``: keep only these (a whole dump holds millions of pages). Lines of other wikis are skipped;
    a line that is not ``domain title count size`` raises :class:`PageviewFormatError` with its number."""
    wanted = {domain, f"{domain}.m"}
    views: dict[str, int] = {}
    for number, raw in enumerate(lines, 1):
        line = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
        line = line.rstrip("\r\n")
        if not line:
            continue
        fields = line.split(" ")
        if len(line) > MAX_LINE or len(fields) != 4 or not fields[2].isdigit():
            raise PageviewFormatError(
                f"line {number} is not 'domain_code page_title count_views total_response_size': "
                f"{line[:80]!r}"
            )
        code, title, count = fields[0], fields[1].replace("_", " "), int(fields[2])
        if code not in wanted or (titles is not None and title not in titles):
            continue
        views[title] = views.get(title, 0) + count
    return views


def read_pageviews(data: bytes | Path, domain: str, titles: Collection[str] | None = None) -> dict[str, int]:
    """:func:`parse_pageviews` of a file (a path) or its bytes, gzip-compressed or not."""
    try:
        with _opened(data) as lines:
            return parse_pageviews(lines, domain, titles)
    except (gzip.BadGzipFile, EOFError, zlib.error) as exc:
        raise PageviewFormatError(f"the compressed pageview data is damaged: {exc}") from exc


@contextmanager
def _opened(data: bytes | Path) -> Iterator[IO[bytes] | gzip.GzipFile]:
    """The stream of lines, decompressed when it starts with gzip's magic bytes."""
    with data.open("rb") if isinstance(data, Path) else io.BytesIO(data) as raw:
        head = raw.read(2)
        raw.seek(0)
        if head != GZIP_MAGIC:
            yield raw
            return
        with gzip.GzipFile(fileobj=raw) as unpacked:
            yield unpacked
