"""What a patrol run did, counted: the record every part of the patrol adds to, stored with the run (its
``counts`` JSON) and printed in its summary under the same names."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, fields


@dataclass
class PatrolCounts:
    """One run's counts (a worker's run: all its page jobs). :meth:`as_dict` gives them by name."""

    pages_seen: int = 0
    pages_checked: int = 0
    pages_unchanged: int = 0
    pages_excluded: int = 0
    pages_missing: int = 0
    pages_newer_checked: int = 0  # a dump older than what a patrol already checked
    pages_deferred: int = 0
    page_errors: int = 0
    page_texts_fetched: int = 0  # API calls for page text (a backfill makes none)
    templates_expanded: int = 0  # API calls to expand an infobox field's templates
    wiki_outages: int = 0
    wiki_outage_seconds: int = 0
    jobs_done: int = 0  # a worker's page jobs
    citations_seen: int = 0
    citations_not_checkable: int = 0
    citations_removed: int = 0
    citations_untagged: int = 0
    citations_tagged: int = 0
    citations_excluded: int = 0
    citations_scored: int = 0
    citations_deferred: int = 0
    changed_facts: int = 0
    sources_cached: int = 0
    sources_fetched: int = 0
    fetch_ms: int = 0
    verify_ms: int = 0  # where a GPU would help
    verifier_errors: int = 0
    added_dates_read: int = 0
    added_dates_failed: int = 0
    revision_texts_read: int = 0
    archive_lookups: int = 0
    archive_lookups_cached: int = 0
    archive_lookups_failed: int = 0
    archived_copies_read: int = 0
    archived_copies_unreadable: int = 0
    archived_copies_none: int = 0
    archived_pages_cached: int = 0
    archived_pages_fetched: int = 0
    findings_copies_wikipedia: int = 0
    findings_with_suggestions: int = 0
    findings_closed_page_gone: int = 0
    cited_sources_recorded: int = 0
    cited_sources_not_the_source: int = 0
    suggestions_stored: int = 0
    suggestions_failed: int = 0
    suggestions_no_index: int = 0
    needs_source_seen: int = 0
    needs_source_with_suggestion: int = 0
    needs_source_no_suggestion: int = 0
    needs_source_not_searched: int = 0
    # counts by kind, each named "<field>_<kind>" (findings_open, sources_dead, sources_read_wayback…)
    findings: Counter[str] = field(default_factory=Counter)  # by the finding's state
    sources: Counter[str] = field(default_factory=Counter)  # by the fetch status of each source fetched
    sources_read: Counter[str] = field(default_factory=Counter)  # by the copy read (live, archived)
    archived_pages: Counter[str] = field(default_factory=Counter)  # by the fetch status of each copy fetched
    # edits that touched a citation, queued: citation_removed, source_replaced, tag_removed
    edits: Counter[str] = field(default_factory=Counter)

    def as_dict(self) -> dict[str, int]:
        """The counts that are not zero, by name ("pages_checked", "findings_open"…)."""
        named: dict[str, int] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Counter):
                named |= {f"{f.name}_{kind}": n for kind, n in value.items()}
            else:
                named[f.name] = value
        return {name: n for name, n in named.items() if n}
