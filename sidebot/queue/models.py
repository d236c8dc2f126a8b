"""ORM models of the queue (SQLAlchemy 2, typed). The schema is created and changed only by Alembic
migrations in ``migrations/``; keep these models and the migrations in step."""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import (
    JSON,
    Connection,
    Float,
    ForeignKey,
    Index,
    LargeBinary,
    String,
    Text,
    Unicode,
    UniqueConstraint,
    event,
    inspect,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, Mapper, mapped_column, relationship

from sidebot.queue.facts_backed import backs_nothing

READABLE_STATUSES = frozenset({"ok", "pdf"})  # sidebot.sources.fetch.FetchStatus values that may hold text


def utcnow() -> datetime:
    """Now in UTC, naive: the columns store UTC without a zone (SQLite keeps none)."""
    return datetime.now(UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    """The models' base: JSON columns for dicts and lists."""

    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON}


class FindingState(StrEnum):
    """Where a finding is in its life."""

    OPEN = "open"  # flagged and waiting for an editor
    PASSED = "passed"  # checked; the source supports the claim well enough, not queued
    UNVERIFIABLE = "unverifiable"  # the source could not be fetched or read (reason on the source)
    REVIEWED = "reviewed"  # an editor decided
    STALE = "stale"  # the citation changed or disappeared, or the page was deleted
    FIXED = "fixed"  # the problem was resolved on the wiki (e.g. the tag was removed after a fix)


class RunStatus(StrEnum):
    """How a run ended (or that it is still running)."""

    RUNNING = "running"
    OK = "ok"
    FAILED = "failed"
    PARTIAL = "partial"  # finished, but some of its writes to the wiki failed (they are retried later)
    INTERRUPTED = "interrupted"  # the process died before finishing; found by the next run


class Wiki(Base):
    """A wiki the bot patrols."""

    __tablename__ = "wikis"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(64), unique=True)
    api_url: Mapped[str] = mapped_column(Text, default="")
    article_url: Mapped[str] = mapped_column(Text, default="")  # "https://…/wiki/{title}"
    # The flag threshold learned from reviewers (`sidebot calibrate --from-reviews --apply`); None: the
    # config's verify.flag_below, else the verifier's own. A config that sets flag_below keeps it.
    flag_below: Mapped[float | None]
    # The "very likely fails" band's threshold learned the same way (None: the verifier's own)
    very_likely_below: Mapped[float | None]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Page(Base):
    """An article, as last checked."""

    __tablename__ = "pages"
    __table_args__ = (UniqueConstraint("wiki_id", "title"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    wiki_id: Mapped[int] = mapped_column(ForeignKey("wikis.id", ondelete="CASCADE"))
    title: Mapped[str] = mapped_column(String(512))
    wiki_page_id: Mapped[int | None]  # MediaWiki's page id: survives moves
    rev_id: Mapped[int | None]  # the revision last checked completely
    checked_at: Mapped[datetime | None]
    deleted_at: Mapped[datetime | None]
    # Set when a run left some of the page's citations for the next run (over the per-page cap or time
    # budget): why, and the origin the next run resumes it with.
    deferred_reason: Mapped[str | None] = mapped_column(Text)
    deferred_origin: Mapped[str | None] = mapped_column(String(32))
    # What the wiki says of the page, for the queue's order and who may act on it (sidebot.queue.priority),
    # read when it was last checked (``facts_at``; None: never): in the BLP category, daily views (from a
    # pageview dump), the edit protection level ("" none; "autoconfirmed", "extendedconfirmed", "sysop"…).
    living_person: Mapped[bool | None]
    views_per_day: Mapped[float | None]
    edit_protection: Mapped[str | None] = mapped_column(String(64))
    facts_at: Mapped[datetime | None]

    wiki: Mapped[Wiki] = relationship()
    citations: Mapped[list[Citation]] = relationship(back_populates="page")


class Citation(Base):
    """A citation on a page, known by its fingerprint (claim and source)."""

    __tablename__ = "citations"
    __table_args__ = (UniqueConstraint("page_id", "fingerprint"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    page_id: Mapped[int] = mapped_column(ForeignKey("pages.id", ondelete="CASCADE"), index=True)
    fingerprint: Mapped[str] = mapped_column(String(64))
    position: Mapped[int] = mapped_column(default=0)  # order of the <ref> on the page at its last check
    ref_name: Mapped[str | None] = mapped_column(String(255))
    url: Mapped[str | None] = mapped_column(Text)
    source_title: Mapped[str | None] = mapped_column(Text)
    archive_url: Mapped[str | None] = mapped_column(Text)
    access_date: Mapped[str | None] = mapped_column(Text)  # as the citation gives it ("3 May 2019")
    archive_date: Mapped[str | None] = mapped_column(Text)  # |archive-date= of the archived copy, as given
    url_status: Mapped[str | None] = mapped_column(String(16))  # |url-status= ("dead", "usurped", …)
    # cite web / bare-url / sfn / … / needs-source (a claim tagged {{citation needed}}: no URL)
    kind: Mapped[str] = mapped_column(String(64), default="text")
    # its tag's date= as written: a needs-source claim's {{citation needed}}, a citation's {{failed …}}
    tag_date: Mapped[str | None] = mapped_column(Text)
    claim: Mapped[str] = mapped_column(Text)
    context: Mapped[str] = mapped_column(Text, default="")
    section: Mapped[str] = mapped_column(Text, default="")
    tags: Mapped[list[Any]] = mapped_column(default=list)
    checkable: Mapped[bool] = mapped_column(default=True)
    reason: Mapped[str | None] = mapped_column(Text)  # why not checkable
    present: Mapped[bool] = mapped_column(default=True)  # still on the page at its last check
    first_seen_rev: Mapped[int | None]
    # The revision that added the URL, from the page history: dates the archived copy of a dead source that
    # has no access-date (looked up once, only for such citations).
    added_rev: Mapped[int | None]
    added_at: Mapped[datetime | None]
    last_seen_rev: Mapped[int | None]
    # The citation this one replaced when an edit changed only a number, date or name of its claim and kept
    # its URL (sidebot.verify.facts._changes): its finding tells whether the source states the old value.
    replaces_id: Mapped[int | None] = mapped_column(ForeignKey("citations.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    page: Mapped[Page] = relationship(back_populates="citations")
    findings: Mapped[list[Finding]] = relationship(back_populates="citation")


class Source(Base):
    """A fetched source, cached by URL."""

    __tablename__ = "sources"
    id: Mapped[int] = mapped_column(primary_key=True)
    url_hash: Mapped[str] = mapped_column(String(64), unique=True)  # sha256 of url: URLs can be long
    url: Mapped[str] = mapped_column(Text)
    final_url: Mapped[str | None] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(32))  # sidebot.sources.fetch.FetchStatus
    http_status: Mapped[int | None]
    content_type: Mapped[str | None] = mapped_column(String(255))
    title: Mapped[str | None] = mapped_column(Text)
    text: Mapped[str | None] = mapped_column(Text)
    content_hash: Mapped[str | None] = mapped_column(String(64))
    size_bytes: Mapped[int | None]
    error: Mapped[str | None] = mapped_column(Text)
    # sidebot.sources.classify.PageKind of a page that was read: "content" or what it is instead
    page_kind: Mapped[str | None] = mapped_column(String(32))
    # The page's publication date from its metadata (ISO), and the Wikipedia attribution it carries ("From
    # Wikipedia, the free encyclopedia", a CC BY-SA notice naming Wikipedia): a mirror or fork.
    published: Mapped[str | None] = mapped_column(String(32))
    wikipedia_notice: Mapped[str | None] = mapped_column(Text)
    # What a readable page says of itself (sidebot.sources.metadata: title, author, date, website, doi…); a
    # field the page does not give is absent. ``metadata`` is SQLAlchemy's own attribute, hence the name.
    page_metadata: Mapped[dict[str, Any] | None] = mapped_column("metadata")
    fetched_at: Mapped[datetime] = mapped_column(default=utcnow)

    @property
    def readable(self) -> bool:
        """Whether there is text to verify: a page read as the source ("ok") or a PDF with text ("pdf")."""
        return self.status in READABLE_STATUSES and bool(self.text)


class CitedSource(Base):
    """A source page that backs the claim citing it: read live as the source (no wall, soft 404 or mirror),
    its finding passed. The wiki's cited web, which one indexer feeds into the retrieval corpus
    (sidebot.patrol.corpus_feed), and where it was cited ("also cited in"). One row per (page, URL): a
    re-check records it again under a new id with ``fed_at`` empty, so the indexer sees it once more."""

    __tablename__ = "cited_sources"
    __table_args__ = (UniqueConstraint("page_id", "url_hash"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    page_id: Mapped[int] = mapped_column(ForeignKey("pages.id", ondelete="CASCADE"))
    source_id: Mapped[int] = mapped_column(ForeignKey("sources.id", ondelete="CASCADE"))
    url: Mapped[str] = mapped_column(Text)  # the cited URL: the corpus document's address
    url_hash: Mapped[str] = mapped_column(String(64), index=True)  # sha256 of url
    text_hash: Mapped[str] = mapped_column(String(64), index=True)  # the corpus's hash of the text (aliases)
    rev_id: Mapped[int]  # the page's revision that cited it
    cited_at: Mapped[datetime] = mapped_column(default=utcnow)
    fed_at: Mapped[datetime | None] = mapped_column(index=True)  # when the indexer put it into the corpus

    page: Mapped[Page] = relationship()
    source: Mapped[Source] = relationship()


class ArchiveLookup(Base):
    """A Wayback availability answer for (URL, wanted time), cached like sources: the snapshot it named,
    none (both None), or why the question failed (``error``)."""

    __tablename__ = "archive_lookups"
    id: Mapped[int] = mapped_column(primary_key=True)
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)  # sha256 of wanted + " " + url
    url: Mapped[str] = mapped_column(Text)
    wanted: Mapped[str] = mapped_column(String(14))  # YYYYMMDD[hhmmss] asked for; "" for the newest
    snapshot_url: Mapped[str | None] = mapped_column(Text)
    snapshot_time: Mapped[str | None] = mapped_column(String(14))  # YYYYMMDDhhmmss
    error: Mapped[str | None] = mapped_column(Text)
    fetched_at: Mapped[datetime] = mapped_column(default=utcnow)


class CopyKind(StrEnum):
    """Which copy of a cited source a finding read."""

    LIVE = "live"  # the cited URL itself
    ARCHIVE_URL = "archive-url"  # the archived copy the citation names (archive-url=, {{webarchive}})
    WAYBACK = "wayback"  # the snapshot the Wayback availability API named


class Finding(Base):
    """The verification of one citation (at one fingerprint) by one scorer."""

    __tablename__ = "findings"
    __table_args__ = (
        UniqueConstraint("citation_id", "scorer"),
        Index("ix_findings_state_score", "state", "score"),
        Index("ix_findings_state_priority", "state", "priority"),
    )
    id: Mapped[int] = mapped_column(primary_key=True)
    citation_id: Mapped[int] = mapped_column(ForeignKey("citations.id", ondelete="CASCADE"), index=True)
    source_id: Mapped[int | None] = mapped_column(ForeignKey("sources.id", ondelete="SET NULL"))
    scorer: Mapped[str] = mapped_column(String(128))
    score: Mapped[float | None]
    probability: Mapped[float | None]  # calibrated P(the source backs at least part of the claim)
    every_part_probability: Mapped[float | None]  # P(it backs every part of it); None: verified before r6
    stance: Mapped[str | None] = mapped_column(String(32))
    best_passage: Mapped[str | None] = mapped_column(Text)
    best_passage_index: Mapped[int | None]
    evidence: Mapped[list[Any]] = mapped_column(default=list)  # [{"start", "end", "score"}] in best_passage
    # The claim's parts, each judged alone: [{"text", "score", "probability", "stance", "window"}]
    parts: Mapped[list[Any]] = mapped_column(default=list)
    failed_part: Mapped[str | None] = mapped_column(Text)  # the part the source does not back (partial)
    # The claim's facts looked up on the source: [FactFinding as a dict] (sidebot.records)
    facts: Mapped[list[Any]] = mapped_column(default=list)
    # Its facts to check are each missing or contradicted (sidebot.queue.facts_backed.backs_nothing): the
    # views say "backs none of the claim's facts", so the "backs only part" filter leaves it out. Written
    # from ``facts`` on every insert and update through the ORM (:func:`_facts_backed`), never by hand.
    backs_nothing: Mapped[bool] = mapped_column(default=False)
    fact_note: Mapped[str | None] = mapped_column(Text)  # the failing fact in words
    band: Mapped[str | None] = mapped_column(String(32))  # sidebot.verify.bands.Band, for queued findings
    # A changed fact (reason "changed fact"): {"old", "new", "kind", "old_claim", "old_rev", "new_rev",
    # "editors", "sentence", "new_sentence", "value_at", "new_value_at"}: what an edit changed, the source's
    # sentence that states the old value and, where the source gives the new value only away from the
    # claim's words, the closest of those (``*value_at``: where each sentence writes its value)
    change: Mapped[dict[str, Any] | None]
    state: Mapped[str] = mapped_column(String(16), default=FindingState.OPEN)
    flag_reason: Mapped[str | None] = mapped_column(Text)  # why it is open: low score, tagged, …
    # recent / failed_verification / page / backfill (a dump backfill's page job) / check (a user's check
    # before saving, stored at their request: ``requested_by``)
    origin: Mapped[str] = mapped_column(String(32), default="page")
    rev_id: Mapped[int | None]  # the page revision the citation was verified at
    run_id: Mapped[int | None] = mapped_column(ForeignKey("runs.id", ondelete="SET NULL"))
    closed_reason: Mapped[str | None] = mapped_column(Text)
    # Which copy was read (CopyKind; None: findings older than archived copies), the archived copy's URL and
    # date (YYYY-MM-DD or with time), and why the live URL was not read when an archived copy was tried.
    # ``source_id`` is the source that was read: the archived copy's when one was.
    copy_kind: Mapped[str | None] = mapped_column(String(16))
    copy_url: Mapped[str | None] = mapped_column(Text)
    copy_date: Mapped[str | None] = mapped_column(String(32))
    live_problem: Mapped[str | None] = mapped_column(Text)
    # Which open findings come first (sidebot.queue.priority): higher first; None: not worked out yet
    priority: Mapped[float | None]
    # Stored from a user's check before saving (origin "check", sidebot.queue.checked): who asked, and when
    requested_by: Mapped[str | None] = mapped_column(String(255))
    requested_at: Mapped[datetime | None]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    citation: Mapped[Citation] = relationship(back_populates="findings")
    source: Mapped[Source | None] = relationship()
    suggestions: Mapped[list[Suggestion]] = relationship(
        back_populates="finding", order_by="Suggestion.rank", cascade="all, delete-orphan"
    )
    reviews: Mapped[list[Review]] = relationship(back_populates="finding", order_by="Review.created_at")


@event.listens_for(Finding, "before_insert")
def _facts_backed(_mapper: Mapper[Finding], _connection: Connection, finding: Finding) -> None:
    """Keep ``backs_nothing`` in step with ``facts`` whoever writes them (the patrol's verdicts, a check
    before saving stored, the demo and tests building rows), so the list's filter, in SQL, agrees with the
    words each row shows."""
    finding.backs_nothing = backs_nothing(finding.facts or [])


@event.listens_for(Finding, "before_update")
def _facts_backed_again(mapper: Mapper[Finding], connection: Connection, finding: Finding) -> None:
    """As :func:`_facts_backed`, for a finding whose facts changed (verified again in place,
    :func:`sidebot.queue.store.record_finding`) or whose flag someone set; other updates leave it."""
    attrs = inspect(finding).attrs
    if attrs.facts.history.has_changes() or attrs.backs_nothing.history.has_changes():
        _facts_backed(mapper, connection, finding)


class Suggestion(Base):
    """A better source found by retrieval for a finding."""

    __tablename__ = "suggestions"
    id: Mapped[int] = mapped_column(primary_key=True)
    finding_id: Mapped[int] = mapped_column(ForeignKey("findings.id", ondelete="CASCADE"), index=True)
    rank: Mapped[int]
    url: Mapped[str] = mapped_column(Text)
    title: Mapped[str | None] = mapped_column(Text)
    score: Mapped[float]
    probability: Mapped[float | None]
    every_part_probability: Mapped[float | None]
    passage: Mapped[str | None] = mapped_column(Text)
    evidence: Mapped[list[Any]] = mapped_column(default=list)
    # <ref>{{cite web|…}}</ref> for an editor to paste (sidebot.sources.reference); the bot never inserts it
    reference: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    finding: Mapped[Finding] = relationship(back_populates="suggestions")


class Review(Base):
    """An editor's decision on a finding (sidebot.queue.reviews). ``undone_at``: the reviewer withdrew it (it
    no longer counts); ``reopened_at``/``reopened_by``: someone returned the finding to open, so this decision
    is no longer the finding's current one, but it stays on record and keeps its credit."""

    __tablename__ = "reviews"
    id: Mapped[int] = mapped_column(primary_key=True)
    finding_id: Mapped[int] = mapped_column(ForeignKey("findings.id", ondelete="CASCADE"), index=True)
    reviewer: Mapped[str] = mapped_column(String(255), index=True)
    decision: Mapped[str] = mapped_column(String(32))
    suggestion_id: Mapped[int | None] = mapped_column(ForeignKey("suggestions.id", ondelete="SET NULL"))
    comment: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)  # indexed: leaderboard periods
    undone_at: Mapped[datetime | None]
    reopened_at: Mapped[datetime | None]
    reopened_by: Mapped[str | None] = mapped_column(String(255))

    finding: Mapped[Finding] = relationship(back_populates="reviews")


class Run(Base):
    """One patrol (or other job) run, with its counts and errors; a run that died stays visible."""

    __tablename__ = "runs"
    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(64))
    wiki_id: Mapped[int | None] = mapped_column(ForeignKey("wikis.id", ondelete="SET NULL"))
    started_at: Mapped[datetime] = mapped_column(default=utcnow)
    ended_at: Mapped[datetime | None]
    status: Mapped[str] = mapped_column(String(16), default=RunStatus.RUNNING)
    options: Mapped[dict[str, Any]] = mapped_column(default=dict)
    counts: Mapped[dict[str, Any]] = mapped_column(default=dict)
    errors: Mapped[list[Any]] = mapped_column(default=list)  # [{"page", "error"}]
    pid: Mapped[int | None]
    host: Mapped[str | None] = mapped_column(String(255))  # where it ran: its pid means something there only
    # A `sidebot worker` process's run: its name ("host:pid" unless given), one run per worker process
    worker: Mapped[str | None] = mapped_column(String(255), index=True)
    heartbeat_at: Mapped[datetime | None]  # refreshed while running; a stale one means the run died


class PatrolCursor(Base):
    """How far a page source has been patrolled: the recent-changes patrol resumes from ``position`` (the
    time of the newest change it has finished), so a restart leaves no gap and repeats no work."""

    __tablename__ = "patrol_cursors"
    __table_args__ = (UniqueConstraint("wiki_id", "source"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    wiki_id: Mapped[int] = mapped_column(ForeignKey("wikis.id", ondelete="CASCADE"))
    source: Mapped[str] = mapped_column(String(32))  # "recent", "citation-needed"
    position: Mapped[datetime]  # UTC
    # A sweep that lists pages by ascending page id ({{citation needed}}): the last page done (0: from the
    # start); ``position`` is then when it moved
    page_id: Mapped[int | None]
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class BackfillProgress(Base):
    """How far a dump backfill has enqueued its articles (a dump lists pages by ascending page id), so
    `sidebot backfill` stopped half way resumes after the last page it enqueued."""

    __tablename__ = "backfill_progress"
    __table_args__ = (UniqueConstraint("wiki_id", "dump"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    wiki_id: Mapped[int] = mapped_column(ForeignKey("wikis.id", ondelete="CASCADE"))
    dump: Mapped[str] = mapped_column(String(512))  # the dump file's name (its folder may differ per host)
    last_page_id: Mapped[int] = mapped_column(default=0)
    pages_enqueued: Mapped[int] = mapped_column(default=0)
    finished_at: Mapped[datetime | None]
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)


class SchedulerLease(Base):
    """Held by the one `sidebot schedule` process that may run jobs on this database; renewed while it
    lives, taken over when it lapses or its holder's process is gone."""

    __tablename__ = "scheduler_leases"
    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    owner: Mapped[str] = mapped_column(String(255))  # "host:pid:token"
    acquired_at: Mapped[datetime] = mapped_column(default=utcnow)
    renewed_at: Mapped[datetime] = mapped_column(default=utcnow)


class SchedulerJob(Base):
    """APScheduler's job store table (``SQLAlchemyJobStore``): created here so that Alembic owns the whole
    schema; the columns are APScheduler 3's own."""

    __tablename__ = "apscheduler_jobs"
    id: Mapped[str] = mapped_column(Unicode(191), primary_key=True)
    next_run_time: Mapped[float | None] = mapped_column(Float(25), index=True)
    job_state: Mapped[bytes] = mapped_column(LargeBinary)


class NoticeStatus(StrEnum):
    """Where a talk-page notice is: recorded, posted, to retry, or given up."""

    PENDING = "pending"  # recorded before the save; a crash leaves it for the next run to reconcile
    POSTED = "posted"
    # A passing failure (edit conflict, read-only wiki, writes stopped): the findings are noticed next run.
    RETRY = "retry"
    FAILED = "failed"  # protected page, abuse filter, spam blacklist, captcha…: not retried this period
    REFUSED = "refused"  # {{bots}}/{{nobots}} or opt-out on the talk page: not retried this period


class TalkNotice(Base):
    """A talk-page section about one article's flagged citations. The row is written (pending) before the
    wiki edit and carries ``marker``, an HTML comment in the posted text, so a rerun after a crash can tell
    from the page history whether the edit was saved."""

    __tablename__ = "talk_notices"
    id: Mapped[int] = mapped_column(primary_key=True)
    wiki_id: Mapped[int] = mapped_column(ForeignKey("wikis.id", ondelete="CASCADE"))
    page_id: Mapped[int] = mapped_column(ForeignKey("pages.id", ondelete="CASCADE"), index=True)
    talk_title: Mapped[str] = mapped_column(String(512))
    marker: Mapped[str] = mapped_column(String(64), unique=True)
    section_title: Mapped[str] = mapped_column(Text)
    text: Mapped[str] = mapped_column(Text)  # the section body, exactly as (to be) saved
    status: Mapped[str] = mapped_column(String(16), default=NoticeStatus.PENDING, index=True)
    error: Mapped[str | None] = mapped_column(Text)
    rev_id: Mapped[int | None]  # the talk page revision that added the section
    run_id: Mapped[int | None] = mapped_column(ForeignKey("runs.id", ondelete="SET NULL"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    page: Mapped[Page] = relationship()
    items: Mapped[list[TalkNoticeFinding]] = relationship(
        back_populates="notice", cascade="all, delete-orphan"
    )


class TalkNoticeFinding(Base):
    """A finding a talk notice reports: a finding in a pending or posted notice is never noticed again."""

    __tablename__ = "talk_notice_findings"
    notice_id: Mapped[int] = mapped_column(
        ForeignKey("talk_notices.id", ondelete="CASCADE"), primary_key=True
    )
    finding_id: Mapped[int] = mapped_column(
        ForeignKey("findings.id", ondelete="CASCADE"), primary_key=True, index=True
    )

    notice: Mapped[TalkNotice] = relationship(back_populates="items")
    finding: Mapped[Finding] = relationship()


class WebSession(Base):
    """A login to the review UI. The signed cookie carries only a random token; this row (keyed by the token's
    sha256, so the table alone lets nobody in) is the session: logging out, ``sidebot sessions revoke`` and a
    block found on the wiki delete it, and a saved copy of the cookie means nothing from then on."""

    __tablename__ = "web_sessions"
    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    user: Mapped[str] = mapped_column(String(255), index=True)
    wiki: Mapped[str] = mapped_column(String(64))  # the wiki whose login checked the password
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Worklist(Base):
    """A reviewer's saved filter of the queue (sidebot.queue.worklists): its name and the list's query."""

    __tablename__ = "worklists"
    __table_args__ = (UniqueConstraint("user", "name"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    user: Mapped[str] = mapped_column(String(255))
    name: Mapped[str] = mapped_column(String(100))
    query: Mapped[dict[str, Any]]  # the list page's query string, as a mapping
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class CheckQuotaUse(Base):
    """Citations a user checked before saving in one quota window (sidebot.queue.check_quota): "hour" or
    "day", from ``start`` (UTC, the window's first second). Shared by every web process on the database."""

    __tablename__ = "check_quota"
    user: Mapped[str] = mapped_column(String(255), primary_key=True)
    window: Mapped[str] = mapped_column(String(8), primary_key=True)
    start: Mapped[datetime] = mapped_column(primary_key=True, index=True)
    used: Mapped[int] = mapped_column(default=0)
