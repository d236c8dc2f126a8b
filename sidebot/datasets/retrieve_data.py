"""Build the small real corpora the retrieval engine ships and tests with, from the shared data sets.

Users do not have the shared data folder, so its output is committed:

- ``sidebot/retrieve/data/distractors.jsonl.gz``: pages the demo corpus pools with the demo's own sources,
  so that retrieval has to find the right page among unrelated ones: WiCE source pages cited by sub-claims
  of WiCE's *training* split (the demo's claims come from the dev split) and SciFact abstracts;
- ``tests/data/retrieve/``: a slice of WiCE dev claims (with their source pages) and of the SciFact corpus in
  their original formats, for the tests.

Selection is deterministic (fixed seed). Climate-FEVER has no license and is never copied.
Run: ``python -m sidebot.datasets.retrieve_data --data ../shared/data``.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
from pathlib import Path
from typing import Any

from sidebot.datasets.documents import wice_source

SEED = 20240611
PACKAGE_DATA = Path(__file__).resolve().parents[1] / "retrieve" / "data"
TEST_DATA = Path(__file__).resolve().parents[2] / "tests" / "data" / "retrieve"


def _jsonl(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def _small_wice(records: list[dict[str, Any]], max_chars: int) -> list[dict[str, Any]]:
    """Records whose source page has a title and at most ``max_chars`` characters, one per page."""
    seen, kept = set(), []
    for record in records:
        source = wice_source(record)
        if source.title and 200 <= len(source.text) <= max_chars and source.url not in seen:
            seen.add(source.url)
            kept.append(record)
    return kept


def write_distractors(data: Path, out: Path, wice_pages: int = 60, abstracts: int = 200) -> dict[str, int]:
    """Write the distractor pages (other WiCE pages, abstracts) the retrieval evaluation pools with the gold
    ones."""
    rng = random.Random(SEED)
    pages = _small_wice(_jsonl(data / "wice" / "subclaims-train.jsonl"), max_chars=8000)
    pages = rng.sample(pages, min(wice_pages, len(pages)))
    scifact = rng.sample(_jsonl(data / "scifact" / "corpus.jsonl"), abstracts)
    out.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(out, "wt", encoding="utf-8") as fh:
        for record in pages:
            doc = wice_source(record)
            fh.write(
                json.dumps({"url": doc.url, "title": doc.title, "text": doc.text}, ensure_ascii=False) + "\n"
            )
        for record in scifact:
            text = "\n".join(record["abstract"])
            fh.write(
                json.dumps(
                    {"url": f"scifact:{record['doc_id']}", "title": record["title"], "text": text},
                    ensure_ascii=False,
                )
                + "\n"
            )
    return {"wice_pages": len(pages), "scifact_abstracts": len(scifact)}


def write_test_slice(data: Path, out: Path, claims: int = 20, abstracts: int = 40) -> dict[str, int]:
    """Write the small slice of claims and pages the retrieval tests read."""
    rng = random.Random(SEED)
    wice = _small_wice(_jsonl(data / "wice" / "claims-dev.jsonl"), max_chars=3500)
    by_label: dict[str, list[dict[str, Any]]] = {}
    for record in wice:
        by_label.setdefault(record["label"], []).append(record)
    picked = []
    for label in sorted(by_label):  # every label, then fill up at random
        picked += rng.sample(by_label[label], min(3, len(by_label[label])))
    rest = [r for r in wice if r not in picked]
    picked += rng.sample(rest, claims - len(picked))
    scifact = rng.sample(_jsonl(data / "scifact" / "corpus.jsonl"), abstracts)
    out.mkdir(parents=True, exist_ok=True)
    for name, rows in (("wice-claims.jsonl", picked), ("scifact-corpus.jsonl", scifact)):
        with (out / name).open("w", encoding="utf-8") as fh:
            fh.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    return {"wice_claims": len(picked), "scifact_abstracts": len(scifact)}


def main() -> None:
    """Command line: write the distractors and the test slice."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--data", type=Path, required=True, help="the shared data folder (wice/, scifact/)")
    args = parser.parse_args()
    print("distractors:", write_distractors(args.data, PACKAGE_DATA / "distractors.jsonl.gz"))
    print("test slice:", write_test_slice(args.data, TEST_DATA))


if __name__ == "__main__":
    main()
