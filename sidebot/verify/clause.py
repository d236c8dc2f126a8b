"""Whether a part of a claim reads as a clause on its own: the check a part must pass before the verifier
judges it alone and a reviewer sees it (decompose.py).

Rules over a dependency parse cut some sentences badly: an apposition inside brackets ("Central African
Republic (CAR)") gives "Central African Republic ) was (CAR."; a list of flags gives "Colombia;; Democratic
Republic of Congo () was Cote d'Ivoire."; "San Diego, California" gives "San Diego was California.". Scored
alone such a part is noise (the reader rates it about 50 %), and a reviewer cannot tell what it claims. A
part passes when it has

- its own subject and verb: the root of its parse is a verb (or "is"/"was") with a subject;
- nothing dangling: brackets and quotes that open and close, with something between them; no two marks of
  punctuation in a row; no comma between the subject and its verb; no full stop inside it; no dash before
  its full stop;
- something to check: not "X is itself", not "X and Y is Z", not one place or date said to be another
  ("San Diego was California.", "April 9 was 2011.").

:func:`clause_problem` says which rule a part breaks (None: it reads as a clause).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from sidebot.verify.language import PIPE_BATCH, english

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

SUBJECTS = {"nsubj", "nsubjpass", "csubj", "csubjpass", "expl"}
# The rules read one word's lemma and, for a part that says one thing is another, entities: the pipeline's
# lemmatizer and recogniser (over half of its time) are run for those alone (en_core_web_sm's recogniser has
# its own token vectors, so its entities are the same either way).
_ON_DEMAND = ("lemmatizer", "ner")
PLACES_AND_TIMES = {"GPE", "LOC", "DATE", "TIME", "CARDINAL"}
_PAIRS = (("(", ")"), ("[", "]"), ("“", "”"))
_PATTERNS = (
    (re.compile(r"[(\[“]\s*[)\]”]|\"\s*\""), "empty brackets or quotes"),
    (re.compile(r"[,;:]\s*[,;:.!?]|[(\[]\s*[,;:.]|\s[,;:.)\]]"), "punctuation with nothing between"),
    (re.compile(r"\.\s+[a-z]"), "a full stop inside"),
    (re.compile(r"[—–-]\s*\.$"), "a dash before the full stop"),
)


def clause_problem(text: str) -> str | None:
    """Why ``text`` does not read as a clause on its own, in a few words; None when it does."""
    return clause_problems([text])[0]


def clause_problems(texts: Sequence[str]) -> list[str | None]:
    """:func:`clause_problem` of each of ``texts``, the ones that need a parse parsed in one batch."""
    problems = [_surface_problem(text) for text in texts]
    unparsed = [text for text, problem in zip(texts, problems) if problem is None]
    docs = english().pipe(unparsed, disable=_ON_DEMAND, batch_size=PIPE_BATCH)
    grammar = iter(_grammar_problem(doc) for doc in docs)
    return [problem if problem is not None else next(grammar) for problem in problems]


def _surface_problem(text: str) -> str | None:
    """What is wrong with ``text`` that shows without a parse: brackets, quotes and punctuation."""
    for opening, closing in _PAIRS:
        if not _balanced(text, opening, closing):
            return f"unbalanced {opening}{closing}"
    if text.count('"') % 2:
        return 'unbalanced "'
    for pattern, problem in _PATTERNS:
        if pattern.search(text):
            return problem
    return None


def _balanced(text: str, opening: str, closing: str) -> bool:
    """Every ``closing`` closes an ``opening`` before it, and every ``opening`` is closed."""
    depth = 0
    for char in text:
        depth += (char == opening) - (char == closing)
        if depth < 0:
            return False
    return depth == 0


def _grammar_problem(doc: Doc) -> str | None:
    root = next(iter(doc.sents)).root
    if root.pos_ not in {"VERB", "AUX"}:
        return "no verb"
    # the small parser sometimes hangs the subject on the auxiliary ("Something is highly regarded")
    heads = [root, *(c for c in root.children if c.dep_ in {"aux", "auxpass"})]
    subject = next((c for head in heads for c in head.children if c.dep_ in SUBJECTS), None)
    if subject is None:
        return "no subject"
    after = subject.right_edge.i + 1
    if after < root.i and doc[after].text == ",":
        return "a comma between the subject and its verb"
    if _lemma(root) != "be":
        return None
    attribute = next((c for c in root.children if c.dep_ in {"attr", "acomp"}), None)
    if attribute is not None and attribute.tag_ == "PRP":
        return "says nothing (X is itself)"
    if root.lower_ in {"is", "was"} and any(c.dep_ == "conj" for c in subject.children):
        return "a singular verb after two subjects"
    if attribute is not None:
        english().get_pipe("ner")(doc)
        if _place_or_time(attribute) and _place_or_time(subject):
            return "one place or date said to be another"
    return None


def _lemma(token: Token) -> str:
    """``token``'s lemma as the pipeline's lemmatizer gives it when it runs over the whole text."""
    lemmatizer = english().get_pipe("lemmatizer")
    return token.lemma_ if token.lemma and not lemmatizer.overwrite else lemmatizer.lemmatize(token)[0]


def _place_or_time(token: Token) -> bool:
    """Whether ``token``'s phrase is one named place, date, time or number and nothing else."""
    start, end = token.left_edge.i, token.right_edge.i + 1
    words = [t for t in token.doc[start:end] if not t.is_punct and t.dep_ != "det"]
    return bool(words) and all(t.ent_type_ in PLACES_AND_TIMES for t in words)
