#!/usr/bin/env python
"""Build the demo content in ``sidebot/data/demo/`` from the project's shared real data sets.

Users do not have the shared data: this script's output is committed, and ``sidebot.sandbox.demo_content``
reads it.
Run it from the repository root (it is deterministic: the same input gives byte-identical output)::

    .venv/bin/python scripts/build_demo_data.py [--data /work/shared/data] [--out sidebot/data/demo]

What it writes:

- ``articles.jsonl.gz``: one wiki article per WiCE ``claim_title``, rebuilt from the real article text WiCE
  recorded before each claim (``claim_context``), the claim, and a ``{{cite web}}`` ref to the claim's source
  on the demo source server (URL prefix :data:`SOURCE_BASE_PLACEHOLDER`, filled in at run time); about half
  of the ``not_supported`` claims also get ``{{Failed verification}}`` (or its redirect ``{{Fv}}``). Plus a
  few real Wikipedia articles copied verbatim, whose web sources are unreachable from the demo.
- ``sources.jsonl.gz``: per WiCE claim, the cited page (title, sentences, metadata), the claim, the label and
  the gold evidence sets, re-indexed after the "(meta data)" lines are taken out of the sentence list.
- ``manifest.json`` (selection, counts, parameters) and ``ATTRIBUTION.md`` (provenance and licenses).

WiCE gives no section order and no text between two claims' context windows; an article holds its claims'
sections with year-named ones ("1995–1996: …") in year order and the others in data-file order, and two
windows of one section are merged where they overlap, else placed one after the other.
"""

from __future__ import annotations

import argparse
import collections
import gzip
import io
import itertools
import json
import random
import re
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import mwparserfromhell

from sidebot.sandbox.demo_content import SOURCE_BASE_PLACEHOLDER, SOURCE_PATH_PREFIX, split_heading

REPO = Path(__file__).resolve().parent.parent
DEFAULT_DATA = Path("/work/shared/data")
DEFAULT_OUT = REPO / "sidebot" / "data" / "demo"

SEED = 20240521
MAX_SOURCE_CHARS = 15_000  # text of the cited page without its metadata lines
TARGETS = {"supported": 18, "partially_supported": 16}  # not_supported: every eligible claim
WHOLE_ARTICLES = 2  # all eligible claims of the N articles with the most of them: multi-section articles
TAGGED_SHARE = 0.5  # of the not_supported claims, the share tagged {{Failed verification}}
FV_SHARE = 1 / 3  # of the tagged ones, the share using the redirect {{Fv}}
TAG_YEARS = (2020, 2023)  # tag dates are drawn from these years (inclusive)
ACCESS_DATE = "2023-03-01"  # WiCE does not record when a page was captured: one fixed date for all refs
MIN_OVERLAP = 40  # characters two context windows must share to be merged

# Real articles copied verbatim (file in wikitext/ → English Wikipedia title): many web citations, a mix of
# cite web / cite news, bare URLs and named refs, each under 60 KB.
WIKIPEDIA_ARTICLES = {
    "Bodmin.txt": "Bodmin",
    "Elizabeth-Gilbert.txt": "Elizabeth Gilbert",
    "toronto_star.txt": "Toronto Star",
    "Arts_Club_of_Chicago.txt": "Arts Club of Chicago",
    "Harry-McPherson.txt": "Harry McPherson",
    "jodie_emery.txt": "Jodie Emery",
    "julia_kristeva.txt": "Julia Kristeva",
    "Clint-Murchison-Sr..txt": "Clint Murchison Sr.",
}
MAX_WIKIPEDIA_CHARS = 60_000

META_PREFIX = "(meta data) "
META_FIELDS = {
    "TITLE": "title",
    "AUTHOR": "author",
    "PUBLISHER": "publisher",
    "PUBLISHED DATETIME": "published",
    "COPYRIGHT": "copyright",
}
LEAD_SECTION = "Abstract."
MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
_INVALID_TITLE = re.compile(r"[#<>\[\]|{}\x00-\x1f\x7f]")
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}")


class BuildError(Exception):
    """The shared data is not where or what this script expects."""


# ---------------------------------------------------------------- WiCE records


@dataclass(frozen=True)
class WiceClaim:
    """One WiCE claim whose evidence is a single cited page, with the metadata lines taken out."""

    id: str
    label: str
    claim: str
    article_title: str
    section: str  # WiCE's form: "History.:1995–1996: ….", "Abstract." for the lead
    context: str
    meta: dict[str, str]
    sentences: list[str]
    gold: list[dict[str, list]]
    order: int  # line number in the data file


def parse_record(record: dict[str, Any], order: int) -> WiceClaim | str:
    """The claim, or the reason it cannot be a demo claim.

    WiCE puts the cited page's metadata ("(meta data) TITLE: …", "… PUBLISHED DATETIME: …") at the start of
    the sentence list, and a claim citing several pages has several such blocks. The gold indexes point into
    the full list, metadata included: they are re-indexed here, with metadata picks kept by field name.
    """
    evidence: list[str] = record["evidence"]
    meta: dict[str, str] = {}
    meta_at: dict[int, str] = {}
    body_at: dict[int, int] = {}
    sentences: list[str] = []
    for i, line in enumerate(evidence):
        if line.startswith(META_PREFIX):
            name, _, value = line[len(META_PREFIX) :].partition(":")
            field = META_FIELDS.get(name.strip())
            if field is None:
                return "unknown metadata line"
            if sentences or field in meta:
                return "several cited pages in one record"
            meta[field], meta_at[i] = value.strip(), field
        else:
            body_at[i] = len(sentences)
            sentences.append(line)
    if "title" not in meta:
        return "no page title"
    gold = [
        {
            "sentences": sorted(body_at[i] for i in picked if i in body_at),
            "meta": [meta_at[i] for i in sorted(picked) if i in meta_at],
        }
        for picked in record["supporting_sentences"]
    ]
    m = record["meta"]
    return WiceClaim(
        id=m["id"],
        label=record["label"],
        claim=record["claim"].strip(),
        article_title=m["claim_title"].strip(),
        section=m["claim_section"],
        context=m["claim_context"],
        meta=meta,
        sentences=sentences,
        gold=gold,
        order=order,
    )


def rejection(claim: WiceClaim) -> str | None:
    """Why an otherwise readable claim is left out of the demo, or None."""
    size = sum(len(s) for s in claim.sentences)
    if size > MAX_SOURCE_CHARS:
        return f"source text over {MAX_SOURCE_CHARS} chars"
    title = claim.article_title
    if not title or _INVALID_TITLE.search(title) or title[0].islower():
        return "article title not a plain MediaWiki title"
    return None


def read_wice(path: Path) -> tuple[list[WiceClaim], collections.Counter[str]]:
    """The eligible claims of ``path``, and why the others were left out (reason → count)."""
    eligible, skipped = [], collections.Counter()
    with path.open(encoding="utf-8") as lines:
        for order, line in enumerate(lines):
            parsed = parse_record(json.loads(line), order)
            reason = parsed if isinstance(parsed, str) else rejection(parsed)
            if reason:
                skipped[reason] += 1
            else:
                eligible.append(parsed)
    return eligible, skipped


def select(eligible: list[WiceClaim], rng: random.Random) -> list[WiceClaim]:
    """Every not_supported claim, all claims of the few articles with the most claims, then a seeded
    sample of supported and partially_supported claims up to :data:`TARGETS`."""
    per_article = collections.Counter(c.article_title for c in eligible)
    whole = sorted(per_article, key=lambda t: (-per_article[t], t))[:WHOLE_ARTICLES]
    chosen = {c.id: c for c in eligible if c.label == "not_supported" or c.article_title in whole}
    for label, target in TARGETS.items():
        pool = sorted((c for c in eligible if c.label == label and c.id not in chosen), key=lambda c: c.id)
        rng.shuffle(pool)
        have = sum(c.label == label for c in chosen.values())
        for claim in pool[: max(0, target - have)]:
            chosen[claim.id] = claim
    return sorted(chosen.values(), key=lambda c: c.order)


def assign_tags(claims: list[WiceClaim], rng: random.Random) -> dict[str, str]:
    """claim id → the inline tag put after its ref: a sample of the not_supported claims."""
    failed = sorted(c.id for c in claims if c.label == "not_supported")
    tagged = rng.sample(failed, round(len(failed) * TAGGED_SHARE))
    redirects = round(len(tagged) * FV_SHARE)
    tags = {}
    for n, claim_id in enumerate(tagged):
        name = "Fv" if n < redirects else "Failed verification"
        month, year = rng.choice(MONTHS), rng.randint(*TAG_YEARS)
        tags[claim_id] = f"{{{{{name}|date={month} {year}}}}}"
    return tags


# ---------------------------------------------------------------- wikitext


_INLINE_MARKUP = re.compile(
    r"\[\[|\]\]|\{\{|\}\}|\{\||\|\}|''+|~{3,}|__[A-Z_]+__|-\{|\}-"
    r"|\[(?=\s*(?:[a-z][a-z0-9+.-]*:|//))"  # [http://… label] external link
    r"|(?:https?|ftp)://"  # bare URLs become links
    r"|\b(?:ISBN|RFC|PMID)\b"  # magic links, where a wiki enables them
)
_ENTITY_LIKE = re.compile(r"&(?=#?\w+;)")  # "&amp;" in plain text must not display as "&"
_TAG_LIKE = re.compile(r"<(?=[A-Za-z/!])")  # <ref>, </div>, <!-- …
_LINE_START_MARKUP = re.compile(r"^(?:[*#:;=]|-{4}|\{\|)")


def escape_wikitext(text: str) -> str:
    """Wikitext that displays ``text`` (plain, one line) as is: markup-like runs go in ``<nowiki>``.

    Only what MediaWiki would read as markup is touched, so the wikitext stays readable: links, templates,
    tables, bold/italics, signatures, magic words, external and magic links, HTML tags and comments,
    entities, and list/heading/rule markers at the start of the line.
    """
    text = _ENTITY_LIKE.sub("&amp;", text)
    text = _TAG_LIKE.sub("&lt;", text)
    text = _INLINE_MARKUP.sub(lambda m: f"<nowiki>{m.group(0)}</nowiki>", text)
    return _LINE_START_MARKUP.sub(lambda m: f"<nowiki>{m.group(0)}</nowiki>", text)


def escape_template_value(text: str) -> str:
    """A template parameter value that displays as ``text``: pipes, braces and brackets become entities
    (brackets would end the external link a cite template makes), other markup is escaped as in text."""
    text = _ENTITY_LIKE.sub("&amp;", " ".join(text.split()))
    for char, entity in (("|", "&#124;"), ("{", "&#123;"), ("}", "&#125;"), ("[", "&#91;"), ("]", "&#93;")):
        text = text.replace(char, entity)
    text = _TAG_LIKE.sub("&lt;", text).replace("''", "&#39;&#39;")
    return re.sub(r"~{3,}|__[A-Z_]+__|(?:https?|ftp)://", lambda m: f"<nowiki>{m.group(0)}</nowiki>", text)


def section_path(section: str) -> tuple[str, ...]:
    """WiCE's section string → heading path: ``"History.:1995–96: X."`` → ``("History", "1995–96: X")``."""
    if section == LEAD_SECTION:
        return ()
    return tuple(part.removesuffix(".").strip() for part in section.split(".:"))


def citation_title(claim: WiceClaim) -> str:
    """The page's title; for a page without one (20 WiCE pages have an empty TITLE), the first line of the
    page, which is what an editor citing it would see as its headline."""
    if claim.meta["title"]:
        return claim.meta["title"]
    first = next(line for line in claim.sentences if line.strip())
    return split_heading(first.strip())[1]


def cite(claim: WiceClaim) -> str:
    """The claim's ``<ref>`` to its page on the demo source server (URL filled in at run time)."""
    params = [
        f"url={SOURCE_BASE_PLACEHOLDER}{SOURCE_PATH_PREFIX}{claim.id}",
        f"title={escape_template_value(citation_title(claim))}",
    ]
    published = claim.meta.get("published", "")
    if _DATE.match(published):
        params.append(f"date={published[:10]}")
    params.append(f"access-date={ACCESS_DATE}")
    return "<ref>{{cite web |" + " |".join(params) + "}}</ref>"


def _normalize_context(text: str) -> str:
    """WiCE separates paragraphs with " \\n "; make it "\\n" so windows of one section can be compared."""
    return re.sub(r"[ \t]*\n[ \t]*", "\n", text).strip(" ")


def claim_window(claim: WiceClaim) -> str:
    """The plain text of the claim's section up to the end of the claim, as far back as WiCE recorded."""
    context = _normalize_context(claim.context)
    if not context:
        return claim.claim
    return context + ("" if context.endswith("\n") else " ") + claim.claim


def merge_windows(windows: list[str]) -> str:
    """Shortest text holding every window, merging overlapping ones (windows of one section may share
    text; a later claim's window often contains the earlier claim)."""

    def merge(order: Iterable[str]) -> str:
        text = ""
        for window in order:
            if window in text:
                continue
            overlap = next(
                (
                    k
                    for k in range(min(len(text), len(window)), MIN_OVERLAP - 1, -1)
                    if text.endswith(window[:k])
                ),
                0,
            )
            text = text + window[overlap:] if overlap else (text + "\n" + window if text else window)
        return text

    if len(windows) > 6:
        return merge(windows)
    return min((merge(p) for p in itertools.permutations(windows)), key=len)


def section_wikitext(claims: list[WiceClaim], tags: dict[str, str]) -> str:
    """The paragraphs of one section: merged context windows with each claim's ref (and tag) after it."""
    text = merge_windows([claim_window(c) for c in claims])
    inserts = []
    for n, claim in enumerate(claims):
        window = claim_window(claim)
        at = text.find(window)
        if at < 0:
            raise BuildError(f"{claim.id}: window lost while merging the section")
        inserts.append((at + len(window), n))
    # Private-use characters mark where refs go, so escaping and paragraph splitting leave them in place.
    for end, n in sorted(inserts, reverse=True):
        text = text[:end] + chr(0xE000 + n) + text[end:]
    paragraphs = [escape_wikitext(line.strip()) for line in text.split("\n") if line.strip()]
    wikitext = "\n\n".join(paragraphs)
    for n, claim in enumerate(claims):
        wikitext = wikitext.replace(chr(0xE000 + n), cite(claim) + tags.get(claim.id, ""))
    return wikitext


def _sibling_rank(path: tuple[str, ...], first_seen: dict[tuple[str, ...], int]) -> tuple[int, int]:
    """Sections named after years ("1995–1996: …") in year order, the others as first seen in the data."""
    year = re.match(r"(\d{4})\b", path[-1])
    return (int(year.group(1)) if year else 10_000, first_seen[path])


def article_wikitext(title: str, claims: list[WiceClaim], tags: dict[str, str]) -> str:
    """A demo article: the claims' sections, nested as their heading paths say, then the references."""
    by_path: dict[tuple[str, ...], list[WiceClaim]] = collections.defaultdict(list)
    for claim in sorted(claims, key=lambda c: c.order):
        by_path[section_path(claim.section)].append(claim)
    first_seen = {}
    for path in by_path:
        for depth in range(1, len(path) + 1):
            first_seen.setdefault(path[:depth], len(first_seen))
    ordered = sorted(by_path, key=lambda p: [_sibling_rank(p[:d], first_seen) for d in range(1, len(p) + 1)])
    ids = ", ".join(c.id for c in sorted(claims, key=lambda c: c.id))
    provenance = (
        f'<!-- sidebot demo article: text of the English Wikipedia article "{escape_template_value(title)}"'
        f" as recorded in the WiCE data set (claims {ids}); CC BY-SA."
        " See sidebot/data/demo/ATTRIBUTION.md. -->"
    )
    parts = [provenance]
    written: set[tuple[str, ...]] = set()
    for path in ordered:
        for depth in range(1, len(path) + 1):
            if path[:depth] not in written:
                marks = "=" * (depth + 1)
                parts.append(f"{marks} {escape_wikitext(path[depth - 1])} {marks}")
                written.add(path[:depth])
        parts.append(section_wikitext(by_path[path], tags))
    parts.append("== References ==\n{{Reflist}}")
    return "\n\n".join(parts) + "\n"


# ---------------------------------------------------------------- real Wikipedia articles


def ref_profile(wikitext: str) -> dict[str, int]:
    """Counts that show what a real article's citations exercise."""
    code = mwparserfromhell.parse(wikitext)
    refs = [t for t in code.filter_tags(recursive=True) if str(t.tag).strip().lower() == "ref"]
    bodies = [str(r.contents).strip() for r in refs if not r.self_closing]
    templates = [str(t.name).strip().lower() for t in code.filter_templates(recursive=True)]
    return {
        "refs": len(refs),
        "named_refs": sum(1 for r in refs if r.has("name")),
        "reused_refs": sum(1 for r in refs if r.self_closing),
        "cite_web": templates.count("cite web"),
        "cite_news": templates.count("cite news"),
        "bare_url_refs": sum(1 for b in bodies if re.fullmatch(r"\[?https?://\S+(?:\s[^\]]*)?\]?", b)),
        "refs_with_url": sum(1 for b in bodies if re.search(r"https?://", b)),
    }


def read_wikipedia(folder: Path) -> list[dict[str, Any]]:
    articles = []
    for name, title in WIKIPEDIA_ARTICLES.items():
        text = (folder / name).read_text(encoding="utf-8")
        if len(text) > MAX_WIKIPEDIA_CHARS:
            raise BuildError(f"{name} is {len(text)} chars, over {MAX_WIKIPEDIA_CHARS}")
        articles.append({"title": title, "file": name, "chars": len(text), **ref_profile(text), "text": text})
    return articles


# ---------------------------------------------------------------- output


def source_record(claim: WiceClaim, tags: dict[str, str]) -> dict[str, Any]:
    tag = tags.get(claim.id)
    return {
        "id": claim.id,
        "title": claim.meta["title"],
        "published": claim.meta.get("published"),
        "author": claim.meta.get("author"),
        "publisher": claim.meta.get("publisher"),
        "copyright": claim.meta.get("copyright"),
        "sentences": claim.sentences,
        "label": claim.label,
        "gold": claim.gold,
        "claim": {
            "text": claim.claim,
            "article_title": claim.article_title,
            "section": "::".join(section_path(claim.section)),
            "context": claim.context,
        },
        "tag": tag[2:].split("|")[0] if tag else None,
    }


def jsonl_gz(records: Iterable[dict[str, Any]]) -> bytes:
    """gzip with a zero timestamp and no file name, so a rebuild of the same data is byte-identical."""
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0, compresslevel=9) as out:
        for record in records:
            out.write((json.dumps(record, ensure_ascii=False) + "\n").encode("utf-8"))
    return buffer.getvalue()


def license_lines(data: Path) -> tuple[list[str], str]:
    """The README table rows of the two data sets used, and WiCE's dataset license section, verbatim."""
    readme = (data / "README.md").read_text(encoding="utf-8").splitlines()
    rows = [line for line in readme if line.startswith(("| wice/claims-dev", "| wikitext/"))]
    if len(rows) != 2:
        raise BuildError(f"expected the wice and wikitext rows in {data / 'README.md'}, found {len(rows)}")
    wice_license = (data / "wice" / "LICENSE.md").read_text(encoding="utf-8")
    dataset = wice_license.split("### Dataset", 1)[-1].split("###", 1)[0].strip()
    return rows, dataset


# pageviews-illustrative.txt is not built from shared data (there is none): written once for the demo and
# kept in the folder; the build only describes it, so that ATTRIBUTION.md says what every file is.
PAGEVIEWS_NOTE = """## Page views (pageviews-illustrative.txt)

Written for the demo, in the format of Wikimedia's hourly pageview dumps
(https://dumps.wikimedia.org/other/pageviews/: `domain_code page_title count_views total_response_size`,
desktop `en` and mobile `en.m` lines) for the demo's 70 articles. **The counts are illustrative, not
measured**: the project's shared data holds no pageview data and this machine cannot reach Wikimedia. The
better-known articles were given larger counts by hand, the others small counts from a hash of the title.
They exist so that `sidebot queue prioritize` has a dump to read in the demo; a real deployment points
`[priority] pageviews` at a real dump.
"""


def attribution(claims: list[WiceClaim], wikipedia: list[dict[str, Any]], data: Path) -> str:
    rows, wice_license = license_lines(data)
    lines = [
        "# Where the demo content comes from",
        "",
        "Written by `scripts/build_demo_data.py` from the project's shared copies of two public data sets.",
        "Nothing here is made up: the demo articles hold real Wikipedia text and the sources real web text.",
        "What the build adds is marked below.",
        "",
        "## Licenses (as stated with the data)",
        "",
        "| folder | what | records | license |",
        "|---|---|---|---|",
        *rows,
        "",
        'WiCE\'s license statement (wice/LICENSE.md, section "Dataset"):',
        "",
        *[f"> {line}" if line else ">" for line in wice_license.splitlines()],
        "",
        'WiCE: Ryo Kamoi, Tanya Goyal, Juan Diego Rodriguez, Greg Durrett. "WiCE: Real-World Entailment for',
        'Claims in Wikipedia". EMNLP 2023. https://github.com/ryokamoi/wice',
        "",
        '## WiCE claims (articles.jsonl.gz, origin "wice"; sources.jsonl.gz)',
        "",
        "From WiCE's dev split (`claims-dev.jsonl`). Per claim: the Wikipedia article text before the claim",
        "(`claim_context`), the claim, the section, and the full text of the cited web page as captured by",
        "Common Crawl, with WiCE's label and annotated evidence sets. Wikipedia text: CC BY-SA, © Wikipedia",
        "contributors (https://en.wikipedia.org/wiki/ARTICLE). Web page text: © its publishers, used under"
        " the",
        "Common Crawl terms of use as WiCE distributes it. Annotations: ODC-BY, WiCE authors.",
        "",
        "Added by the build (not from WiCE): the article layout (WiCE gives no section order: sections named",
        "after years in year order, the others in data-file order; headings from WiCE's section names), the",
        "`{{cite web}}` refs (URL of the local demo source server; the page title and publication date from",
        "WiCE's metadata, or the page's first line where it has no title; access-date fixed at",
        f"{ACCESS_DATE} since WiCE does not record when a page was captured), and"
        " `{{Failed verification}}`",
        "/ `{{Fv}}` tags with seeded random dates on a sample of the not_supported claims"
        " (see manifest.json).",
        "",
        "| claim | label | Wikipedia article | section | cited page title |",
        "|---|---|---|---|---|",
    ]
    for c in sorted(claims, key=lambda c: c.id):
        page_title = c.meta["title"] or f"(none; cited as: {citation_title(c)})"
        cells = [c.id, c.label, c.article_title, " > ".join(section_path(c.section)) or "(lead)", page_title]
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    lines += [
        "",
        '## Real Wikipedia articles (articles.jsonl.gz, origin "wikipedia")',
        "",
        "Copied verbatim from the shared `wikitext/` folder: English Wikipedia articles as raw wikitext,",
        "© Wikipedia contributors, CC BY-SA (https://creativecommons.org/licenses/by-sa/4.0/).",
        "",
        "| title | file | article |",
        "|---|---|---|",
    ]
    for a in wikipedia:
        url = "https://en.wikipedia.org/wiki/" + a["title"].replace(" ", "_")
        lines.append(f"| {a['title']} | wikitext/{a['file']} | {url} |")
    return "\n".join([*lines, "", PAGEVIEWS_NOTE])


def manifest(
    claims: list[WiceClaim],
    tags: dict[str, str],
    wice_titles: list[str],
    wikipedia: list[dict[str, Any]],
    skipped: collections.Counter[str],
    eligible: collections.Counter[str],
) -> dict[str, Any]:
    return {
        "built_by": "scripts/build_demo_data.py",
        "parameters": {
            "seed": SEED,
            "wice_file": "wice/claims-dev.jsonl",
            "max_source_chars": MAX_SOURCE_CHARS,
            "targets": TARGETS | {"not_supported": "all eligible"},
            "whole_articles": WHOLE_ARTICLES,
            "tagged_share": TAGGED_SHARE,
            "fv_share": FV_SHARE,
            "tag_years": list(TAG_YEARS),
            "access_date": ACCESS_DATE,
            "max_wikipedia_chars": MAX_WIKIPEDIA_CHARS,
        },
        "wice": {
            "claims": len(claims),
            "by_label": dict(sorted(collections.Counter(c.label for c in claims).items())),
            "eligible_by_label": dict(sorted(eligible.items())),
            "left_out": dict(sorted(skipped.items())),
            "tagged": {
                "Failed verification": sum("{{Failed" in t for t in tags.values()),
                "Fv": sum("{{Fv" in t for t in tags.values()),
            },
            "articles": len(wice_titles),
            "claim_ids": [c.id for c in claims],
            "tags": dict(sorted(tags.items())),
        },
        "wikipedia": {
            "articles": len(wikipedia),
            "refs": sum(a["refs"] for a in wikipedia),
            "per_article": [{k: v for k, v in a.items() if k != "text"} for a in wikipedia],
        },
        "articles": wice_titles + [a["title"] for a in wikipedia],
    }


def build(data: Path, out: Path) -> dict[str, Any]:
    wice_file = data / "wice" / "claims-dev.jsonl"
    if not wice_file.is_file():
        raise BuildError(f"{wice_file} not found: pass --data with the shared data folder")
    eligible, skipped = read_wice(wice_file)
    rng = random.Random(SEED)
    claims = select(eligible, rng)
    tags = assign_tags(claims, rng)
    wikipedia = read_wikipedia(data / "wikitext")

    by_title: dict[str, list[WiceClaim]] = collections.defaultdict(list)
    for claim in claims:
        by_title[claim.article_title].append(claim)
    clash = set(by_title) & {a["title"] for a in wikipedia}
    if clash:
        raise BuildError(f"WiCE and Wikipedia demo articles share titles: {sorted(clash)}")
    wice_titles = sorted(by_title)
    articles = [
        {
            "title": t,
            "origin": "wice",
            "claim_ids": sorted(c.id for c in by_title[t]),
            "wikitext": article_wikitext(t, by_title[t], tags),
        }
        for t in wice_titles
    ] + [
        {"title": a["title"], "origin": "wikipedia", "claim_ids": [], "wikitext": a["text"]}
        for a in wikipedia
    ]

    out.mkdir(parents=True, exist_ok=True)
    (out / "articles.jsonl.gz").write_bytes(jsonl_gz(articles))
    (out / "sources.jsonl.gz").write_bytes(
        jsonl_gz(source_record(c, tags) for c in sorted(claims, key=lambda c: c.id))
    )
    eligible_by_label = collections.Counter(c.label for c in eligible)
    summary = manifest(claims, tags, wice_titles, wikipedia, skipped, eligible_by_label)
    (out / "manifest.json").write_text(
        json.dumps(summary, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    (out / "ATTRIBUTION.md").write_text(attribution(claims, wikipedia, data), encoding="utf-8")
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--data", type=Path, default=DEFAULT_DATA, help="the shared data folder (default: %(default)s)"
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (default: %(default)s)")
    args = parser.parse_args(argv)
    try:
        summary = build(args.data, args.out)
    except (BuildError, OSError) as exc:
        print(f"build_demo_data: {exc}", file=sys.stderr)
        return 1
    sizes = {p.name: p.stat().st_size for p in sorted(args.out.iterdir()) if p.is_file()}
    print(
        json.dumps(
            {
                "claims_by_label": summary["wice"]["by_label"],
                "wice_articles": summary["wice"]["articles"],
                "wikipedia_articles": summary["wikipedia"]["articles"],
                "bytes": sizes,
                "total_bytes": sum(sizes.values()),
            },
            indent=2,
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
