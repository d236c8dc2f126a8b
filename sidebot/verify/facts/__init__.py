"""The fact check: a claim's facts (years, dates, numbers, sums, ranks, names) looked up on its cited page,
and the facts an edit quietly changed in a cited claim.

This module is the package's one entry point. Its modules are private, as pywikibot's ``pagegenerators``
hides ``_factory``, ``_filters`` and ``_generators``, and no module outside the package imports them
(tests/test_layout.py):

- ``_extract``: the facts of a claim (the numbers ``_numbers`` reads, the names spaCy tags)
- ``_numbers``, ``_names``, ``_leading_digits``: how a page may write a number or a name
- ``_check``: each fact looked up on a page, found, missing or contradicted
- ``_rule``: what failing facts do to the verifier's probability
- ``_changes``: the facts an edit changed, and whether the cited page settles them
- ``_sneaky``: quietly changed claims, for the evaluation and the rule's fit
"""

from sidebot.names import names_the_subject, normal_text
from sidebot.verify.facts._changes import changed_facts, settled_by_source
from sidebot.verify.facts._check import FactCheck, FactStatus, PageIndex, check_facts
from sidebot.verify.facts._extract import forget_entities
from sidebot.verify.facts._rule import (
    KEY_RULES,
    NOT_LIKELY,
    FactRule,
    fact_note,
    failing_facts,
    first_failing,
    missing_in_words,
)
from sidebot.verify.facts._sneaky import NewValue, SneakyEdit, make_edit, name_pool

__all__ = [
    "KEY_RULES",
    "NOT_LIKELY",
    "FactCheck",
    "FactRule",
    "FactStatus",
    "NewValue",
    "PageIndex",
    "SneakyEdit",
    "changed_facts",
    "check_facts",
    "fact_note",
    "failing_facts",
    "first_failing",
    "forget_entities",
    "make_edit",
    "missing_in_words",
    "name_pool",
    "names_the_subject",
    "normal_text",
    "settled_by_source",
]
