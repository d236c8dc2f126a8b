"""How the reader reads a claim that begins mid-sentence.

A claim runs back to the previous footnote marker when that is nearer than the sentence's start
(``Raskob bought the land in 1929,<ref>a</ref> and had it secretly constructed.<ref>b</ref>``), so the second
claim, "and had it secretly constructed", has no subject: the reader cannot tell whose building the source
must describe. The claim's context (the article text before it, ending with it) holds the sentence's start;
the reader reads the claim with that sentence's subject before it, "Raskob … and had it secretly
constructed", and nothing else of the first clause, which the other citation backs. A claim that names its
own subject ("and the United Kingdom led …") is read as it is. The fact check keeps the
claim's own words: the subject's name is not one of this citation's facts.
"""

from __future__ import annotations

from functools import lru_cache

from sidebot.citations.claims import claim_start
from sidebot.records import Claim
from sidebot.verify.language import parse

MAX_SUBJECT_TOKENS = 8  # a longer subject ("The building, designed by …") is read as its noun phrase
RELATIVE = frozenset({"which", "who", "whom", "whose", "where", "that", "when"})


def sentence_lead(claim: Claim) -> str:
    """The words of the claim's sentence before it (from its context) when the claim begins mid-sentence: its
    first letter is lower case and its context has the sentence's start; else ``""``."""
    text, context = claim.text.strip(), claim.context.rstrip()
    first = next((ch for ch in text if ch.isalpha()), "")
    if not first.islower() or not context.endswith(text):
        return ""
    before = len(context) - len(text)
    start = claim_start(context, 0, len(context))
    return context[start:before].strip() if start < before else ""


def antecedent(lead: str) -> str:
    """The noun phrase a relative clause after ``lead`` refers to: its last ("… the tower, which …")."""
    chunks = list(parse(lead).noun_chunks)
    return chunks[-1].text if chunks else ""


def subject(lead: str) -> str:
    """The subject of the clause ``lead`` opens (the dependency parse's subject of its root), or ``""``."""
    doc = parse(lead)
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None:
        return ""
    found = next((t for t in root.children if t.dep_ in ("nsubj", "nsubjpass")), None)
    if found is None:
        return ""
    if found.pos_ == "PRON":  # "it", "he": the title and the context already say whom
        return ""
    span = doc[found.left_edge.i : found.right_edge.i + 1]
    if len(span) > MAX_SUBJECT_TOKENS:
        chunk = next((c for c in doc.noun_chunks if c.root == found), None)
        span = chunk if chunk is not None else doc[found.i : found.i + 1]
    return span.text


def has_own_subject(text: str) -> bool:
    """Whether the clause ``text`` opens names its own subject ("and the United Kingdom led …"); a pronoun
    ("it is the world's largest …") does not count: it is what the sentence's subject resolves."""
    doc = parse(text)
    return any(t.dep_ in ("nsubj", "nsubjpass") and t.pos_ != "PRON" and t.head.dep_ == "ROOT" for t in doc)


@lru_cache(maxsize=4096)  # the verifier asks twice per claim: to choose its windows and to read them
def as_read(claim: Claim) -> str:
    """The claim text the reader reads: with its sentence's subject before it when it begins mid-sentence
    (for a relative clause, "which opened in 1931", the noun phrase just before it)."""
    lead = sentence_lead(claim)
    if not lead or has_own_subject(claim.text):
        return claim.text
    first_word = claim.text.split(maxsplit=1)[0].strip(",;").lower()
    who = antecedent(lead) if first_word in RELATIVE else subject(lead)
    return f"{who} … {claim.text.strip()}" if who else claim.text
