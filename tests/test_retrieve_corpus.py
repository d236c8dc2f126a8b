"""The corpus and its readers, on the real test slice (tests/data/retrieve, see ATTRIBUTION.md there)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from sidebot.datasets.documents import Document, DocumentFormatError, detect_format, read_documents
from sidebot.retrieve.corpus import Corpus
from sidebot.retrieve.exclusions import is_citing_article, is_wikimedia_url

DATA = Path(__file__).parent / "data" / "retrieve"
WICE = DATA / "wice-claims.jsonl"
SCIFACT = DATA / "scifact-corpus.jsonl"


def test_wice_reader_takes_title_from_meta_line_and_drops_meta_lines():
    records = [json.loads(line) for line in WICE.read_text().splitlines()]
    documents = list(read_documents(WICE))
    assert len(documents) == len(records) == 20
    first, record = documents[0], records[0]
    assert first.url == f"wice:{record['meta']['id']}"
    assert record["evidence"][0] == f"(meta data) TITLE: {first.title}"
    assert "(meta data)" not in first.text
    body = [s for s in record["evidence"] if not s.startswith("(meta data)")]
    assert first.text.split("\n") == body


def test_scifact_reader():
    documents = list(read_documents(SCIFACT))
    record = json.loads(SCIFACT.read_text().splitlines()[0])
    assert len(documents) == 40
    assert documents[0] == Document(
        f"scifact:{record['doc_id']}", record["title"], "\n".join(record["abstract"])
    )


def test_plain_jsonl_reader_reads_gzip(tmp_path):
    path = tmp_path / "pages.jsonl.gz"
    source = next(read_documents(WICE))
    with gzip.open(path, "wt", encoding="utf-8") as fh:
        fh.write(
            json.dumps({"url": "https://example.org/a", "title": source.title, "text": source.text}) + "\n"
        )
    assert detect_format(path) == "jsonl"
    assert list(read_documents(path)) == [Document("https://example.org/a", source.title, source.text)]


def test_climate_fever_shape_groups_sentences_by_article(tmp_path):
    # The shape of a Climate-FEVER record (the data set has no license, so none is copied here); the sentences
    # are SciFact's, only the layout matters to the reader.
    sentences = json.loads(SCIFACT.read_text().splitlines()[0])["abstract"]
    record = {
        "claim_id": "0",
        "claim": "c",
        "claim_label": "SUPPORTS",
        "evidences": [
            {"article": "Global warming", "evidence": sentences[0]},
            {"article": "Global warming", "evidence": sentences[1]},
            {"article": "Sea level rise", "evidence": sentences[2]},
        ],
    }
    path = tmp_path / "cf.jsonl"
    path.write_text(json.dumps(record) + "\n")
    documents = list(read_documents(path))
    assert [d.url for d in documents] == [
        "https://en.wikipedia.org/wiki/Global_warming",
        "https://en.wikipedia.org/wiki/Sea_level_rise",
    ]
    assert documents[0].text == "\n".join(sentences[:2])
    with Corpus(tmp_path / "corpus") as corpus:
        report = corpus.add(documents)
    assert report.excluded == 2 and report.added == 0  # Wikipedia is never a source


@pytest.mark.parametrize(
    "content, message",
    [
        ('{"url": "https://a.example/", "text": "x"}\nnot json\n', ":2: not JSON"),
        ('{"name": "x"}\n', ":1: unknown format"),
        ('{"url": "https://a.example/", "text": "x"}\n{"url": 5, "text": "y"}\n', ":2: not a jsonl record"),
        ("", "no records"),
    ],
)
def test_bad_input_names_file_and_line(tmp_path, content, message):
    path = tmp_path / "bad.jsonl"
    path.write_text(content)
    with pytest.raises(DocumentFormatError, match=message):
        list(read_documents(path))


@pytest.mark.parametrize("name", ["binary.jsonl", "binary.jsonl.gz"])
def test_binary_input_is_a_clear_error(tmp_path, name):
    path = tmp_path / name
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    with pytest.raises(DocumentFormatError, match="not UTF-8 text|not a readable gzip file"):
        list(read_documents(path))


def test_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(DocumentFormatError, match="no such file"):
        list(read_documents(tmp_path / "nope.jsonl"))


def test_passages_are_title_prefixed_100_word_chunks(tmp_path):
    with Corpus(tmp_path) as corpus:
        report = corpus.add(read_documents(WICE))
        passages = [p for batch in corpus.iter_passages() for p in batch]
    assert report.added == 20 and report.passages == len(passages)
    assert all(len(p.passage.text.split()) <= 124 for p in passages)
    assert sum(len(p.passage.text.split()) == 100 for p in passages) > len(passages) / 3
    first = passages[0]
    assert first.index_text() == f"{first.passage.title}\n{first.passage.text}"
    assert first.url.startswith("wice:")


def test_incremental_add_and_duplicates(tmp_path):
    documents = list(read_documents(WICE))
    with Corpus(tmp_path) as corpus:
        assert corpus.add(documents[:10]).added == 10
        report = corpus.add(documents)  # the first ten again, unchanged
        assert (report.added, report.unchanged) == (10, 10)
        before = corpus.stats()

        copy = Document(
            "https://mirror.example/page", documents[0].title, " ".join(documents[0].text.split())
        )
        report = corpus.add([copy])  # same text (modulo whitespace) at another URL
        assert report.duplicate_content == 1
        assert corpus.canonical_url(copy.url) == documents[0].url
        assert corpus.stats()["passages"] == before["passages"]

        changed = Document(documents[1].url, documents[1].title, documents[2].text + "\nA new closing line.")
        old_ids = [p.id for p in corpus.document_passages(documents[1].url)]
        report = corpus.add([changed])
        assert report.updated == 1
        assert corpus.passages(old_ids) == {}  # replaced passages are inactive
        new = corpus.document_passages(documents[1].url)
        assert new and min(p.id for p in new) > before["max_passage_id"]
        assert new[-1].passage.text.endswith("A new closing line.")
        assert corpus.stats()["inactive_passages"] == len(old_ids)


def test_a_bad_record_adds_nothing_from_its_file(tmp_path):
    good = WICE.read_text().splitlines()[:3]
    path = tmp_path / "mixed.jsonl"
    path.write_text("\n".join([*good, "{broken"]) + "\n")
    with Corpus(tmp_path / "c") as corpus:
        with pytest.raises(DocumentFormatError, match=":4: not JSON"):
            corpus.add(read_documents(path))
        assert corpus.stats()["documents"] == 0


def test_empty_documents_are_counted_not_added(tmp_path):
    with Corpus(tmp_path) as corpus:
        report = corpus.add([Document("https://a.example/", "t", "  \n ")])
    assert (report.empty, report.added) == (1, 0)


@pytest.mark.parametrize(
    "url, excluded",
    [
        ("https://en.wikipedia.org/wiki/Chicago", True),
        ("http://de.m.wikipedia.org/wiki/X", True),
        ("https://commons.wikimedia.org/wiki/File:X.jpg", True),
        ("https://www.wikidata.org/wiki/Q1", True),
        ("https://wikipedia.org.evil.example/x", False),
        ("https://notwikipedia.org/x", False),
        ("https://www.chicagotribune.com/news", False),
        ("wice:dev00001", False),
    ],
)
def test_wikimedia_urls(url, excluded):
    assert is_wikimedia_url(url) is excluded


def test_citing_article_copies():
    assert is_citing_article("Roger Hedgecock - Wikipedia", "Roger Hedgecock")
    assert is_citing_article("Roger Hedgecock | Wikipedia, the free encyclopedia", "roger hedgecock")
    assert not is_citing_article("Roger Hedgecock", "Roger Hedgecock")  # e.g. his own homepage
    assert not is_citing_article("About Us – Media Play News", "Roger Hedgecock")
    assert not is_citing_article("Anything - Wikipedia", "")


def test_rebase_moves_urls_and_keeps_passages(tmp_path):
    documents = [Document(f"http://127.0.0.1:8731/wice/{i}", "t", f"Page number {i} text.") for i in range(3)]
    other = Document("https://example.org/http://127.0.0.1:8731/x", "t", "Another page altogether.")
    with Corpus(tmp_path) as corpus:
        corpus.add([*documents, other])
        corpus.add([Document("http://127.0.0.1:8731/alias", "t", documents[0].text)])  # an alias
        before = {p.id for batch in corpus.iter_passages() for p in batch}
        assert corpus.rebase_urls("http://127.0.0.1:8731/", "http://127.0.0.1:9000/") == 4
        assert corpus.document_id(documents[0].url) is None
        assert corpus.canonical_url("http://127.0.0.1:9000/alias") == "http://127.0.0.1:9000/wice/0"
        assert corpus.canonical_url(other.url) == other.url  # the prefix only counts at the start
        assert {p.id for batch in corpus.iter_passages() for p in batch} == before
