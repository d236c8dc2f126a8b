"""Split a claim into the parts a source must each support (WiCE's sub-claims; partial support).

A Wikipedia sentence often packs several facts: "Arnold is the publisher of Media Play News, one of five
Hollywood trades and the only one dedicated to home entertainment." A source backing the first fact but not
the last is partial support, which a single claim-vs-source score averages away. Rules over spaCy's
dependency parse cut the sentence at:

- coordinated clauses and verbs ("formed a band … and released two albums"): each conjunct keeps the
  shared subject;
- relative clauses ("Arnold, who later became the publisher of …"): "Arnold later became the publisher of …";
- appositions ("Media Play News, one of five Hollywood trades"): "Media Play News is one of five …".

What remains of the main clause is the first part. A part shorter than ``MIN_WORDS`` words is dropped, and so
is one that does not read as a clause on its own (clause.py: "Central African Republic ) was (CAR."); a claim
with fewer than two parts is returned whole. The split is checked against WiCE's hand-made sub-claims by
``sidebot eval decompose`` (docs/verifier.md).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from sidebot.verify.clause import clause_problems
from sidebot.verify.language import parse_all

MIN_WORDS = 4
MAX_PARTS = 4
_RELATIVE = {"who", "which", "that", "whom", "whose"}


def _text(tokens) -> str:
    """Tokens (any order) as text in sentence order, original spacing kept, outer punctuation trimmed."""
    ordered = sorted(tokens, key=lambda t: t.i)
    text = "".join(t.text_with_ws for t in ordered).strip()
    text = re.sub(r"\s+([,.;:])", r"\1", text)
    return text.strip(" ,;:-–—").strip()


def _subtree(token, cut: set) -> set:
    """``token``'s subtree without the subtrees rooted at tokens in ``cut`` (other than itself)."""
    out, stack = set(), [token]
    while stack:
        t = stack.pop()
        if t is not token and t in cut:
            continue
        out.add(t)
        stack.extend(t.children)
    return out


def _sentence(text: str) -> str:
    """Tidy a part: the punctuation and conjunctions its cuts left behind go, it starts upper-case and ends
    with a full stop."""
    text = re.sub(r"(\s*,)+", ",", text)
    text = re.sub(r"(,\s*)?\b(and|or|but)\s*[,.;:]?\s*$", "", text.strip())
    text = text.rstrip(" .,;:")
    return (text[:1].upper() + text[1:] + ".") if text else ""


def decompose(claim: str) -> list[str]:
    """The parts of ``claim`` (the claim itself, alone, when it does not split)."""
    return decompose_all([claim])[0]


def decompose_all(claims: Sequence[str]) -> list[list[str]]:
    """:func:`decompose` of each of ``claims``: the claims parsed in one batch, then all their candidate
    parts in another (the clause check)."""
    candidates = []
    for doc in parse_all(claims):
        parts = [p for sent in doc.sents for p in _split_sentence(sent)]
        candidates.append([p for p in dict.fromkeys(parts) if len(p.split()) >= MIN_WORDS])
    problems = iter(clause_problems([p for parts in candidates for p in parts]))
    decomposed = []
    for claim, parts in zip(claims, candidates):
        parts = [p for p in parts if next(problems) is None]
        decomposed.append(parts[:MAX_PARTS] if len(parts) >= 2 else [claim])
    return decomposed


def _split_sentence(sent) -> list[str]:
    root = sent.root
    verb_conjs = [t for t in root.children if t.dep_ == "conj" and t.pos_ in {"VERB", "AUX"}]
    relcls = [t for t in sent if t.dep_ == "relcl"]
    apposes = [t for t in sent if t.dep_ == "appos" and t.head.pos_ in {"PROPN", "NOUN"}]
    cut = set(verb_conjs) | set(relcls) | set(apposes)
    if not cut:
        return [_sentence(sent.text)]
    subject = next((c for c in root.children if c.dep_ in {"nsubj", "nsubjpass"}), None)
    subject_text = _text(_subtree(subject, cut)) if subject is not None else ""
    past = root.tag_ == "VBD" or any(c.tag_ == "VBD" for c in root.children if c.dep_ in {"aux", "auxpass"})
    main = _subtree(root, cut)
    main -= {t for t in main if t.dep_ == "cc" and t.head is root and verb_conjs}
    parts = [_sentence(_text(main))]
    for verb in verb_conjs:
        tokens = _subtree(verb, cut) - {t for t in verb.children if t.dep_ == "cc"}
        own_subject = any(c.dep_ in {"nsubj", "nsubjpass", "expl"} for c in verb.children)
        text = _text(tokens)
        parts.append(_sentence(text if own_subject or not subject_text else f"{subject_text} {text}"))
    for clause in relcls:
        noun = _text(_subtree(clause.head, cut))
        tokens = _subtree(clause, cut)
        pronoun = [t for t in tokens if t.lower_ in _RELATIVE and t.dep_ in {"nsubj", "nsubjpass"}]
        if pronoun:
            parts.append(_sentence(f"{noun} {_text(tokens - set(pronoun))}"))
    for appos in apposes:
        noun = _text(_subtree(appos.head, cut))
        parts.append(_sentence(f"{noun} {'was' if past else 'is'} {_text(_subtree(appos, cut))}"))
    return [p for p in parts if p]
