"""Hard negatives generated from real supporting text (FactCC's recipe, applied to the evidence side).

From a sentence window that supports a claim, make the same window with ONE thing changed that the claim
relies on, so a reader that matches words instead of reading accepts it and a reader that reads rejects it:

- ``entity``: a named entity that the claim also names (person, organisation, place, work, event, …) replaced
  by another entity of the same type found elsewhere in the same data set;
- ``number``: a number the claim also states replaced by a different one;
- ``date``: a year the claim also states moved by 1 to 9 years;
- ``negation``: the main verb negated ("was" → "was not", "formed" → "did not form"), or a negation removed.

The claim stays real (a Wikipedia sentence); only the evidence is altered, as when a source says something
close to the claim but not it. Every generated pair is labelled "not supported" and counted by kind in the
model card. Deterministic for a seed: the same windows and seed give the same negatives.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial

from sidebot.training.data import POSITIVE, TrainPair
from sidebot.verify.language import english

NOT_SUPPORTED = (0.0, 0.5, 0.5)  # refutes or not enough info: binary pairs train P(supports) only

KINDS = ("entity", "number", "date", "negation")
SWAPPABLE = {"PERSON", "ORG", "GPE", "LOC", "NORP", "FAC", "EVENT", "WORK_OF_ART", "PRODUCT", "LAW"}
NUMERIC = {"CARDINAL", "QUANTITY", "MONEY", "PERCENT", "ORDINAL"}
_YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)\b")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
_AUX = {"is", "are", "was", "were", "has", "have", "had", "will", "would", "can", "could", "should", "may"}


@dataclass(frozen=True, slots=True)
class Perturbed:
    """A claim with one detail changed to make a hard negative: the new text, the kind of change (one of
    :data:`KINDS`), and what was changed into what."""

    text: str
    kind: str  # one of KINDS
    before: str  # what was changed …
    after: str  # … into what


def _in_claim(fragment: str, claim: str) -> bool:
    return bool(fragment) and re.search(rf"(?<!\w){re.escape(fragment)}(?!\w)", claim, re.I) is not None


def _replace_span(text: str, start: int, end: int, new: str) -> str:
    return text[:start] + new + text[end:]


def swap_entity(doc, claim: str, pool: dict[str, list[str]], rng: random.Random) -> Perturbed | None:
    """Replace an entity the claim also names with another of the same type from ``pool``."""
    candidates = [e for e in doc.ents if e.label_ in SWAPPABLE and _in_claim(e.text, claim)]
    rng.shuffle(candidates)
    for ent in candidates:
        others = [o for o in pool.get(ent.label_, ()) if o.lower() != ent.text.lower() and o not in claim]
        if others:
            new = rng.choice(others)
            text = _replace_span(doc.text, ent.start_char, ent.end_char, new)
            return Perturbed(text, "entity", ent.text, new)
    return None


def change_number(doc, claim: str, rng: random.Random) -> Perturbed | None:
    """Change a number (not a year) that the claim also states."""
    for ent in doc.ents:
        if ent.label_ not in NUMERIC:
            continue
        for m in _NUMBER.finditer(ent.text):
            digits = m.group()
            if _YEAR.fullmatch(digits) or not _in_claim(digits, claim):
                continue
            value = int(re.sub(r"[.,]", "", digits))
            new_value = value + rng.choice([-1, 1]) * max(1, round(value * rng.uniform(0.2, 0.6)))
            if new_value < 0 or new_value == value:
                new_value = value + rng.randint(2, 9)
            new = f"{new_value:,}" if "," in digits else str(new_value)
            start = ent.start_char + m.start()
            text = _replace_span(doc.text, start, start + len(digits), new)
            return Perturbed(text, "number", digits, new)
    return None


def change_date(doc, claim: str, rng: random.Random) -> Perturbed | None:
    """Move a year that the claim also states by 1 to 9 years."""
    for m in _YEAR.finditer(doc.text):
        if _in_claim(m.group(), claim):
            year = int(m.group())
            new = str(year + rng.choice([-1, 1]) * rng.randint(1, 9))
            return Perturbed(_replace_span(doc.text, m.start(), m.end(), new), "date", m.group(), new)
    return None


def negate(doc) -> Perturbed | None:
    """Negate the first sentence's main verb, or drop its negation."""
    for token in doc:
        if token.dep_ == "neg" and token.head.dep_ == "ROOT":
            start = token.idx
            end = token.idx + len(token.text_with_ws)
            if token.text.lower() == "n't":  # "wasn't" → "was"
                end = token.idx + len(token.text)
            text = re.sub(r"\s{2,}", " ", _replace_span(doc.text, start, end, ""))
            return Perturbed(text, "negation", token.text, "")
    root = next((t for t in doc if t.dep_ == "ROOT" and t.pos_ in {"VERB", "AUX"}), None)
    if root is None:
        return None
    aux = next((c for c in root.children if c.dep_ in {"aux", "auxpass"} and c.lower_ in _AUX), None)
    if aux is None and root.lower_ in _AUX:
        aux = root
    if aux is not None:
        at = aux.idx + len(aux.text)
        return Perturbed(_replace_span(doc.text, at, at, " not"), "negation", aux.text, f"{aux.text} not")
    if root.tag_ == "VBD" and root.lemma_:  # "formed" → "did not form"
        new = f"did not {root.lemma_.lower()}"
        return Perturbed(
            _replace_span(doc.text, root.idx, root.idx + len(root.text), new), "negation", root.text, new
        )
    return None


def entity_pool(texts: Sequence[str]) -> dict[str, list[str]]:
    """Distinct entity strings by type over ``texts`` (the replacements for ``swap_entity``), sorted."""
    pool: dict[str, set[str]] = {}
    for doc in english().pipe(texts, batch_size=64):
        for ent in doc.ents:
            if ent.label_ in SWAPPABLE and len(ent.text) > 2:
                pool.setdefault(ent.label_, set()).add(ent.text)
    return {label: sorted(values) for label, values in pool.items()}


def perturb_all(
    items: Sequence[tuple[str, str]], pool: dict[str, list[str]], seed: int
) -> list[Perturbed | None]:
    """For each (claim, supporting window): one perturbation, of a kind chosen at random among entity, number
    and date changes that apply, else a negation (None when nothing applies)."""
    rng = random.Random(seed)
    out: list[Perturbed | None] = []
    for (claim, _), doc in zip(items, english().pipe([w for _, w in items], batch_size=64)):
        options = [
            partial(swap_entity, doc, claim, pool, rng),
            partial(change_number, doc, claim, rng),
            partial(change_date, doc, claim, rng),
        ]
        rng.shuffle(options)
        options.append(partial(negate, doc))  # applies to almost any sentence: the fallback
        out.append(next((p for p in (f() for f in options) if p is not None), None))
    return out


def generated_negatives(
    pairs: Sequence[TrainPair], seed: int, limit: int | None = None
) -> tuple[list[TrainPair], list[TrainPair]]:
    """(``pairs`` with every perturbed positive put in a ranked group with its negative, the generated
    negatives). Positives are the pairs whose support target is at least ``POSITIVE``; at most ``limit`` of
    them (sampled with ``seed``) are perturbed."""
    rng = random.Random(seed)
    positives = [i for i, p in enumerate(pairs) if p.target[0] >= POSITIVE]
    if limit is not None and len(positives) > limit:
        positives = sorted(rng.sample(positives, limit))
    pool = entity_pool(list(dict.fromkeys(pairs[i].text for i in positives)))
    made = perturb_all([(pairs[i].claim.text, pairs[i].text) for i in positives], pool, seed)
    out, negatives = list(pairs), []
    for i, change in zip(positives, made):
        if change is None:
            continue
        p = pairs[i]
        group = p.group or f"generated:{i}"
        out[i] = replace(p, group=group)
        negatives.append(
            replace(
                p,
                text=change.text,
                target=NOT_SUPPORTED,
                origin=f"generated:{change.kind}",
                group=group,
                binary=True,
            )
        )
    return out, negatives
