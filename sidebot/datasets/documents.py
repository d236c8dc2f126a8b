"""Read documents for the corpus from the file formats we meet: plain jsonl, WiCE, SciFact, Climate-FEVER.

Every reader yields :class:`Document` (url, title, text). Data sets without URLs get a stable identifier in
a scheme of their own (``wice:ID``, ``scifact:ID``) so they can never be mistaken for a fetchable web page.
The format of a file is recognised from the keys of its first record; a bad record stops the read with the
file and line number, before anything is added (the corpus adds a file in one transaction).
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import quote

WICE_META_PREFIX = "(meta data) "
_WICE_TITLE = re.compile(r"^\(meta data\) TITLE:\s*(.*)$")
_SUBCLAIM_SUFFIX = re.compile(r"-\d+$")


class DocumentFormatError(ValueError):
    """A record in an input file cannot be read as a document."""


@dataclass(frozen=True, slots=True)
class Document:
    """A page for the retrieval corpus: its address, title and text."""

    url: str
    title: str
    text: str


def wice_source_url(claim_id: str) -> str:
    """WiCE has no URLs: its source pages are named after the claim id (a sub-claim ``dev00001-2`` shares the
    page of claim ``dev00001``)."""
    return f"wice:{_SUBCLAIM_SUFFIX.sub('', claim_id)}"


def wice_source(record: dict[str, Any]) -> Document:
    """The page a WiCE claim cites: its title from the ``(meta data) TITLE:`` line, its text = the other
    sentences, one per line."""
    sentences = record["evidence"]
    title = ""
    for sentence in sentences:
        if match := _WICE_TITLE.match(sentence):
            title = match.group(1).strip()
            break
    text = "\n".join(s for s in sentences if not s.startswith(WICE_META_PREFIX))
    return Document(url=wice_source_url(record["meta"]["id"]), title=title, text=text)


def _scifact_document(record: dict[str, Any]) -> Document:
    return Document(
        url=f"scifact:{record['doc_id']}", title=record["title"], text="\n".join(record["abstract"])
    )


def _plain_document(record: dict[str, Any]) -> Document:
    url, text = record["url"], record["text"]
    if not isinstance(url, str) or not url.strip() or not isinstance(text, str):
        raise KeyError("url and text must be strings, url non-empty")
    return Document(url=url.strip(), title=str(record.get("title") or ""), text=text)


def _climate_fever_documents(records: Iterator[tuple[int, dict[str, Any]]]) -> Iterator[Document]:
    """Climate-FEVER gives Wikipedia sentences with their article title: gather each article's sentences."""
    articles: dict[str, list[str]] = {}
    for _, record in records:
        for evidence in record["evidences"]:
            sentences = articles.setdefault(evidence["article"], [])
            if evidence["evidence"] not in sentences:
                sentences.append(evidence["evidence"])
    for title, sentences in articles.items():
        url = "https://en.wikipedia.org/wiki/" + quote(title.replace(" ", "_"))
        yield Document(url=url, title=title, text="\n".join(sentences))


_PER_RECORD: dict[str, tuple[frozenset[str], Callable[[dict[str, Any]], Document]]] = {
    "wice": (frozenset({"evidence", "meta"}), wice_source),
    "scifact": (frozenset({"doc_id", "abstract"}), _scifact_document),
    "jsonl": (frozenset({"url", "text"}), _plain_document),
}
_CLIMATE_FEVER_KEYS = frozenset({"claim", "evidences"})
FORMATS = (*_PER_RECORD, "climate-fever")


def _open(path: Path) -> TextIO:
    if path.suffix == ".gz":
        return gzip.open(path, "rt", encoding="utf-8")
    return path.open(encoding="utf-8")


def json_records(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """The JSON objects of a JSON-lines file (gzipped too), each with its line number."""
    number = 0
    try:
        with _open(path) as fh:
            for number, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                try:
                    record = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise DocumentFormatError(f"{path}:{number}: not JSON ({exc.msg})") from exc
                if not isinstance(record, dict):
                    raise DocumentFormatError(f"{path}:{number}: expected a JSON object")
                yield number, record
    except UnicodeDecodeError as exc:
        raise DocumentFormatError(f"{path}:{number + 1}: not UTF-8 text ({exc.reason})") from exc
    except (gzip.BadGzipFile, EOFError) as exc:
        raise DocumentFormatError(f"{path}: not a readable gzip file ({exc})") from exc


def detect_format(path: Path) -> str:
    """The format of a jsonl file, from the keys of its first record."""
    for number, record in json_records(path):
        keys = set(record)
        for name, (required, _) in _PER_RECORD.items():
            if required <= keys:
                return name
        if _CLIMATE_FEVER_KEYS <= keys:
            return "climate-fever"
        raise DocumentFormatError(
            f"{path}:{number}: unknown format (keys {sorted(keys)}); expected url+text (+title), "
            "a WiCE claim (evidence, meta), a SciFact corpus record (doc_id, abstract) or Climate-FEVER"
        )
    raise DocumentFormatError(f"{path}: no records")


def read_documents(path: Path | str) -> Iterator[Document]:
    """Documents in ``path`` (jsonl, optionally gzipped), in file order."""
    path = Path(path)
    if not path.is_file():
        raise DocumentFormatError(f"{path}: no such file")
    fmt = detect_format(path)
    if fmt == "climate-fever":
        try:
            yield from _climate_fever_documents(json_records(path))
        except (KeyError, TypeError) as exc:
            raise DocumentFormatError(f"{path}: not a Climate-FEVER record ({exc!r})") from exc
        return
    _, make = _PER_RECORD[fmt]
    for number, record in json_records(path):
        try:
            yield make(record)
        except (KeyError, TypeError, AttributeError) as exc:
            raise DocumentFormatError(f"{path}:{number}: not a {fmt} record ({exc!r})") from exc
