"""Typed settings: one place for every knob.

Settings come from a TOML file (``sidebot --config PATH``, or ``$SIDEBOT_CONFIG``); anything a file leaves
out takes the defaults below. ``$SIDEBOT_HOME`` moves the data folder (default ``~/.local/share/sidebot``),
``$SIDEBOT_DATABASE_URL`` overrides the database URL. Secrets (passwords) never go in the file: see
:mod:`sidebot.credentials`.
"""

from __future__ import annotations

import difflib
import ipaddress
import os
import re
import tomllib
from datetime import timedelta
from pathlib import Path
from typing import Annotated, Literal, Self
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from sidebot.credentials import (
    BOT_PASSWORD,
    DATABASE_PASSWORD,
    OAUTH_CLIENT_SECRET,
    VERIFIER_TOKEN,
    Found,
    SecretError,
    read_secret,
)
from sidebot.wikitext import is_linkable

CONFIG_ENV = "SIDEBOT_CONFIG"
HOME_ENV = "SIDEBOT_HOME"
DATABASE_ENV = "SIDEBOT_DATABASE_URL"


class ConfigError(Exception):
    """The configuration file is missing, unreadable or invalid."""


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid")


def default_home() -> Path:
    """Where sidebot keeps its data: $SIDEBOT_HOME, else ~/.local/share/sidebot."""
    return Path(os.environ.get(HOME_ENV) or Path.home() / ".local" / "share" / "sidebot").expanduser()


class DatabaseSettings(_Section):
    """[database]: where the queue lives and whether its schema is upgraded on start."""

    url: str = ""  # empty: sqlite file sidebot.db in the data folder
    auto_upgrade: bool = True  # migrate the schema on start; set false to require `sidebot db upgrade`
    # A file holding the PostgreSQL password, put into a URL that has none; or $SIDEBOT_DATABASE_PASSWORD,
    # or the systemd credential sidebot-database-password (sidebot.credentials). Never the password here.
    password_file: str = ""


class WikiSettings(_Section):
    """[wiki]: which wiki is patrolled, how the bot logs in and which templates it reads."""

    name: str = ""  # the key findings are filed under, e.g. "enwiki"
    pywikibot_dir: str = ""  # folder with user-config.py (empty: pywikibot's own default, ~/.pywikibot)
    family: str = "wikipedia"
    code: str = "en"
    article_namespaces: list[int] = [0]
    failed_verification_template: str = "Failed verification"
    citation_needed_template: str = "Citation needed"  # claims without a source (and its redirects)
    citation_needed_span_template: str = "Citation needed span"  # the same, marking the claim's text
    article_url: str = ""  # e.g. "https://en.wikipedia.org/wiki/{title}"; empty: derived from the site
    # The bot logs in with this BotPassword (its name on Special:BotPasswords, e.g. "sidebot"; the account is
    # user-config.py's) and the password from bot_password_file, $SIDEBOT_BOT_PASSWORD or the systemd
    # credential sidebot-bot-password. Empty: Pywikibot's own password_file (user-config.py) is used.
    bot_password_name: str = ""
    bot_password_file: str = ""

    def bot_password(self) -> Found | None:
        """The BotPassword when ``bot_password_name`` is set (None otherwise, or when none is found)."""
        return read_secret(BOT_PASSWORD, self.bot_password_file) if self.bot_password_name else None


# The project's own page, in the default User-Agent: a contact for the local sandbox only. A patrol of any
# other wiki must name its operator (see operator_contact_problem).
PROJECT_CONTACT = "https://meta.wikimedia.org/wiki/Sidebot"
_CONTACT = re.compile(r"(https?://[^\s;,()]+|[\w.+-]+@[\w-]+\.[\w.-]+)")


class FetchSettings(_Section):
    """[fetch]: how sources are fetched (timeouts, caps, politeness, the User-Agent)."""

    connect_timeout: float = 5.0
    read_timeout: float = 15.0
    total_timeout: float = 30.0
    max_bytes: int = 5_000_000
    max_redirects: int = 5
    # Must name a contact; a patrol of a wiki other than the local sandbox needs the operator's own.
    user_agent: str = f"sidebot/0.1 (citation verification bot; {PROJECT_CONTACT})"
    # Networks sources may resolve to even though they are private/loopback (tests: ["127.0.0.1/32"]).
    allow_networks: list[str] = []
    cache_days: float = 30.0
    retry_failed_hours: float = 24.0  # failed fetches (dead, timeout, 5xx) are retried after this
    concurrency: int = 8
    # Politeness (Wikimedia's User-Agent policy asks for a contact in user_agent: a URL or an e-mail address).
    per_host_concurrency: int = Field(2, ge=1)  # requests to one host awaiting their answer at once
    per_host_delay: float = Field(1.0, ge=0)  # seconds between the starts of two requests to one host
    # A 429 (or 503) with Retry-After is retried after the wait it asks for, up to this long; a longer wait
    # leaves the source unread this run (the host is left alone for the time it asked either way).
    max_retry_after: float = Field(60.0, ge=0)
    retries: int = Field(2, ge=0)  # retries of one request after a 429/503
    # Ask a nonsense address next to each page (once per site folder and batch) to recognise soft 404s.
    soft404_probe: bool = True

    @model_validator(mode="after")
    def _contact(self) -> Self:
        if not _CONTACT.search(self.user_agent):
            raise ValueError(
                "fetch.user_agent must name a contact (a URL or an e-mail address), as Wikimedia's "
                "User-Agent policy asks: e.g. 'sidebot/0.1 (https://example.org/sidebot; me@example.org)'"
            )
        return self


def operator_contact_problem(fetch: FetchSettings, api_url: str, config_file: Path | None) -> str | None:
    """Why a patrol of the wiki at ``api_url`` may not fetch sources with these settings, or None.

    Wikimedia's User-Agent policy wants the operator's contact in every request; the default User-Agent
    names only the project's page, which is enough for the local sandbox (a wiki on this machine) and for
    nothing else. One line, naming the setting to fill."""
    host = (urlsplit(api_url).hostname or "").lower()
    if host == "localhost" or _is_loopback(host):
        return None
    contacts = [c.rstrip(".") for c in _CONTACT.findall(fetch.user_agent)]
    if any(c != PROJECT_CONTACT for c in contacts):
        return None
    where = f" in {config_file}" if config_file else " in the config file (--config)"
    return (
        f"a patrol of {api_url} needs the operator's own contact in [fetch] user_agent{where} (a URL or an "
        "e-mail address, as Wikimedia's User-Agent policy asks), e.g. user_agent = \"sidebot/0.1 "
        f'(https://en.wikipedia.org/wiki/User:YourBot; you@example.org)"; {PROJECT_CONTACT} is the '
        "project's page, not yours"
    )


def origin_of(url: str) -> str:
    """The web origin of ``url`` (scheme://host[:port], lower case, no default port), or "" when it has
    none: what a browser sends in its Origin header for a page at that address."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return ""
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return ""
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    default = {"http": 80, "https": 443}[parts.scheme]
    return f"{parts.scheme}://{host}" + (f":{port}" if port not in (None, default) else "")


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


class ArchiveSettings(_Section):
    """Archived copies of dead or non-content sources: the ref's archive-url, else the snapshot closest to
    its access-date (or, without one, to the day its URL was added to the page) that a
    Wayback-Machine-compatible availability API names."""

    enabled: bool = True
    # The Wayback Machine's availability API (https://archive.org/help/wayback_api.php);
    # empty: only the refs' own archive-url is read.
    availability_url: str = "https://archive.org/wayback/available"
    # Snapshot URLs the availability API names must be on one of these hosts (else the answer is refused).
    snapshot_hosts: list[str] = ["web.archive.org"]
    # A citation without access-date is dated by the page history (the revision that added its URL), reading
    # at most this many of the newest revisions; 0: do not read histories (the newest snapshot is asked for).
    history_revisions: int = Field(2000, ge=0)


class MirrorSettings(_Section):
    """Sources that copy Wikipedia (mirrors and forks, circular sources: WP:CIRCULAR) are queued as "copies
    Wikipedia", a failure that ranks above low support. Besides Wikipedia itself, the page's own attribution
    and long passages of the article's text in it (sidebot.patrol.mirrors), the operator lists known mirrors
    here and editors on the wiki ([onwiki.exclusions] mirrors_page); entries are written like the sources
    exclusion list's: a domain (and its subdomains) or a host/path pattern with ``*``."""

    enabled: bool = True
    # A few well-known mirrors and forks; en:Wikipedia:Mirrors and forks lists many more.
    domains: list[str] = [
        "wikiwand.com", "wikimili.com", "alchetron.com", "dbpedia.org", "infogalactic.com", "everipedia.org",
        "wiki2.org", "wikizero.com", "en-academic.com", "enacademic.com", "justapedia.org",
        "encyclopedia.thefreedictionary.com", "newworldencyclopedia.org", "everybodywiki.com",
    ]  # fmt: skip


class VerifySettings(_Section):
    # "cross-encoder": the trained verifier (it beats the bi-encoder cosine "minilm-cosine" on held-out WiCE
    # claims, docs/verifier.md); "url-depth" is SIDE's URL baseline.
    """[verify]: which scorer judges support, where it runs and how it reads a source."""

    scorer: Literal["cross-encoder", "minilm-cosine", "url-depth"] = "cross-encoder"
    # A finding is opened in the review queue when the source's support is below this (the calibrated
    # probability when the scorer has one, else its raw score). None: the scorer's own default.
    flag_below: float | None = None
    # Pairs per model call. Small batches are faster on CPU: the attention scores of a few short pairs stay
    # in cache (`sidebot bench verify --batch-size`; docs/verifier.md).
    batch_size: int = Field(8, ge=1)
    model_dir: str = ""  # the cross-encoder's folder; empty: the model shipped in sidebot/data/models
    precision: Literal["bf16", "fp32"] = "bf16"
    # Sentence windows read per claim and per part of a claim, and sentences per window; 0: the values the
    # model was tuned with (its verifier.json).
    keep_windows: int = Field(0, ge=0)
    window_sentences: int = Field(0, ge=0, le=3)
    # "passages": read ~100-word passages instead of sentence windows (an ablation; docs/verifier.md)
    read: Literal["windows", "passages"] = "windows"
    decompose: bool = True  # judge each part of a long claim too (partial support)
    max_evidence: int = Field(3, ge=0)  # evidence sentences reported per verdict
    threads: int = Field(0, ge=0)  # torch threads; 0: torch's default
    # Where the model runs: "cpu", or "cuda" / "cuda:N" on a GPU machine (typically a verifier server's; it
    # needs a CUDA build of torch). bf16 is autocast on GPUs that support it, else fp16.
    device: str = Field("cpu", pattern=r"^(cpu|cuda(:\d+)?)$")
    # A verifier server (`sidebot serve-verifier`), e.g. "http://gpu-box:8080": patrols, checks and workers
    # send it their citations instead of loading the model; the server's own [verify] settings decide how
    # it reads. Empty: the model runs in this process. Only the cross-encoder scorer is served.
    endpoint: str = ""
    # How to talk to it: "v2", the Open Inference Protocol over REST (endpoint "http://host:8080"); "grpc",
    # the same over gRPC (endpoint "host:8081"); "v1", KServe's v1 REST protocol ("http://host:8080").
    protocol: Literal["v1", "v2", "grpc"] = "v2"
    endpoint_timeout: float = Field(120.0, gt=0)  # seconds for one request (a chunk of up to 50 citations)
    # A file holding the verifier server's bearer token (else $SIDEBOT_VERIFIER_TOKEN or the systemd
    # credential sidebot-verifier-token): the server needs one to listen beyond loopback, its clients send it.
    token_file: str = ""

    def token(self) -> str | None:
        """The verifier server's token, wherever it is kept (sidebot.credentials); None if nowhere."""
        found = read_secret(VERIFIER_TOKEN, self.token_file)
        return found.value if found else None


def _tuned(name: str) -> float:
    """A reranking constant fitted by ``python -m sidebot.eval.retrieve_tune`` (shipped with the package)."""
    from sidebot.retrieve.tuning import tuned

    return float(tuned()[name])


class MetasearchSettings(_Section):
    """A self-hosted SearXNG instance whose JSON API suggests web pages besides the corpus
    (sidebot.retrieve.metasearch; docs/retrieval.md). Off while ``url`` is empty. The instance is the
    operator's (it may be on loopback); the pages it names are fetched as any cited source is."""

    url: str = (
        ""  # the instance's base address, e.g. "http://127.0.0.1:8888"; it needs `json` in search.formats
    )
    max_hits: int = Field(5, ge=1, le=50)  # hits read (fetched and verified) per claim
    timeout: float = Field(10.0, gt=0)  # seconds for the engine's whole answer
    max_bytes: int = Field(2_000_000, ge=1_000)  # a longer answer is refused
    categories: list[str] = []  # SearXNG categories, e.g. ["general", "news"]; empty: the instance's default
    language: str = ""  # e.g. "en"; empty: the instance's default

    @model_validator(mode="after")
    def _http_url(self) -> Self:
        if self.url and (urlsplit(self.url).scheme not in ("http", "https") or not urlsplit(self.url).netloc):
            raise ValueError(f"retrieve.metasearch.url {self.url!r} is not an http(s) address")
        return self


class RetrieveSettings(_Section):
    """Retrieval of better sources for weak citations (sidebot.retrieve; docs/retrieval.md)."""

    enabled: bool = True  # patrols suggest sources for weak citations when an index exists
    folder: Path | None = None  # corpus and indexes; empty: <home>/retrieve
    passage_words: int = Field(100, ge=10)  # SIDE's passage size
    sparse_passages: int = Field(1000, ge=1)  # BM25 passages fetched per query, grouped into documents
    dense_passages: int = Field(1000, ge=1)  # nearest passages fetched per query, grouped into documents
    candidates: int = Field(100, ge=1)  # documents kept from each index before fusion (SIDE: 100 + 100)
    rm3: bool = False  # RM3 pseudo-relevance feedback on the expanded query (measured: it hurts on WiCE)
    fusion: Literal["combsum", "rrf"] = "combsum"  # see sidebot.retrieve.fusion
    sparse_weight: float = Field(0.5, ge=0, le=1)  # combsum: weight of the max-normalised BM25 score
    rrf_k: int = Field(60, ge=1)  # rrf: the constant of Cormack et al. 2009
    rerank: int = Field(50, ge=1)  # fused documents the verifier reranks
    passages_per_document: int = Field(3, ge=1)  # retrieved passages kept per document
    rerank_passages: int = Field(1, ge=1)  # of those, how many the verifier reads when reranking
    # rerank score = verifier score + this * fusion score / best one; suggestions must beat the cited source's
    # verifier score by ``margin``. Both are fitted for the shipped verifier (sidebot/retrieve/data).
    rerank_retrieval_weight: float = Field(default_factory=lambda: _tuned("rerank_retrieval_weight"))
    margin: float = Field(default_factory=lambda: _tuned("margin"))
    # For citations editors tagged {{failed verification}}: any candidate the verifier prefers (SIDE's rule).
    tagged_margin: float = 0.0
    # A suggestion's calibrated probability of supporting the claim must be at least this, and at least the
    # flag threshold. The probability is calibrated on cited pages, most of which support their claim; pages
    # that do not support it still reach 0.5-0.8, so the bar is higher (fitted on half of 120 WiCE dev
    # claims, measured on the other half: docs/retrieval.md).
    min_probability: float = Field(0.86, ge=0, le=1)
    max_suggestions: int = Field(3, ge=1)
    # A claim with no readable source ({{citation needed}}, a dead link without an archived copy) has no
    # score to beat: its gate (sidebot.retrieve.unsourced) asks a candidate page for these instead, fitted on
    # the fit half of WiCE dev by `python -m sidebot.eval.unsourced_tune` (docs/retrieval.md; 2026-12-06,
    # verifier r14).
    unsourced_min_probability: float = Field(0.88, ge=0, le=1)
    unsourced_min_every_part: float = Field(0.25, ge=0, le=1)  # P(the page backs every part of the claim)
    unsourced_runner_up_margin: float = 0.0  # its score minus the best other page's score read
    unsourced_max_suggestions: int = Field(1, ge=1)
    unsourced_facts_on_page: bool = False  # the facts check on the whole page, not the passage shown
    exact_below: int = Field(200_000, ge=1)  # passages: exact FAISS search below, HNSW-SQ8 above
    hnsw_m: int = Field(32, ge=4)
    ef_search: int = Field(128, ge=1)
    index_threads: int = Field(2, ge=1)
    metasearch: MetasearchSettings = MetasearchSettings()
    # The wiki's cited web (sidebot.patrol.corpus_feed): the patrol records every source that backs its claim,
    # and one indexer (`sidebot index update`, the scheduler's corpus-feed job, the end of `sidebot patrol
    # --once`) adds them to the corpus and indexes their new passages. Operator corpora (`sidebot corpus
    # add`) are not counted against the cap nor evicted; past it, the fed documents go by ``feed_evict_by``:
    # the least recently cited first ("cited": a page the wiki keeps citing stays) or the earliest added.
    feed: bool = True
    feed_max_documents: int = Field(100_000, ge=0)  # 0: no cap
    feed_evict_by: Literal["cited", "added"] = "cited"

    def resolved_folder(self, home: Path) -> Path:
        """The retrieval folder: ``folder`` when set, else ``retrieve`` in the data folder ``home`` (``~``
        expanded)."""
        return (self.folder or home / "retrieve").expanduser()


class PatrolSettings(_Section):
    """[patrol]: what a patrol looks at and how much of a page one run may take."""

    recent_limit: int = 50
    # One page cannot hold a patrol: past these, its remaining citations are deferred (with the reason, on
    # the page's record) and the next run goes on with them. The largest real article in the test data
    # (United Kingdom, 328 kB of wikitext) has 695 citations, 599 of them with a URL.
    max_citations_per_page: int = Field(1000, ge=1)  # citations fetched and scored per page in one run
    page_time_budget: float = Field(600.0, gt=0)  # seconds of fetching and scoring per page in one run
    # A wiki that stops answering (5xx, maxlag, timeouts) after Pywikibot's own retries: the patrol waits for
    # it this long (0: the run stops at once), trying again after outage_retry_wait seconds, doubling up to
    # outage_retry_max (sidebot.patrol.outage).
    outage_wait: float = Field(1800.0, ge=0)
    outage_retry_wait: float = Field(30.0, gt=0)
    outage_retry_max: float = Field(300.0, gt=0)
    # A claim tagged {{citation needed}} is queued ("needs a source") only with a verified suggestion: a
    # patroller cannot act on "no source found". True (`sidebot patrol --all`): queued without one too.
    needs_source_without_suggestion: bool = False


# Durations below are seconds (``600``) or ISO 8601 (``"PT10M"``, ``"P1D"``).
Interval = Annotated[timedelta, Field(gt=timedelta(0))]


class ScheduleSettings(_Section):
    """`sidebot schedule`: what runs how often. Every job runs at most once at a time; runs missed while the
    scheduler was down are made up once (coalesced), not once per missed interval."""

    recent_every: Interval = timedelta(minutes=10)  # recent-changes patrol, resuming where the last one ended
    recent_max_pages: int = Field(500, ge=1)  # pages per recent-changes run; the rest wait for the next run
    # Re-read this much before the last change seen: a replica that shows an edit late cannot hide it.
    # Pages re-read at a revision already checked cost one database query, nothing more.
    recent_overlap: Annotated[timedelta, Field(ge=timedelta(0))] = timedelta(minutes=2)
    failed_verification_every: Interval = timedelta(days=1)  # sweep of {{failed verification}} pages
    citation_needed_every: Interval = timedelta(days=1)  # sweep of {{citation needed}} pages (resumable)
    citation_needed_max_pages: int = Field(500, ge=1)  # pages per sweep run; the next run goes on from there
    stale_every: Interval = timedelta(hours=6)  # deleted, moved and changed pages with open findings
    onwiki_every: Interval = timedelta(hours=1)  # review list, count page, talk notices (those enabled)
    corpus_feed_every: Interval = timedelta(minutes=30)  # cited sources into the corpus (retrieve.feed)
    # `sidebot queue prioritize`: page facts, views from [priority] pageviews, every open finding's priority
    priority_every: Interval = timedelta(days=1)
    # One scheduler per database: the running one renews a lease; another may take over when it lapses.
    lease_timeout: Interval = timedelta(minutes=5)


class WorkersSettings(_Section):
    """`sidebot worker` processes on any number of machines sharing one PostgreSQL queue database: when
    enabled, the page sources (the scheduler's patrols, `sidebot patrol`, `sidebot backfill`) enqueue page
    jobs and the workers check the pages. Off: one process patrols (the SQLite default)."""

    enabled: bool = False
    queue: Literal["procrastinate"] = "procrastinate"  # the PostgreSQL task-queue library (docs/scale.md)
    # A worker whose heartbeat is this old is dead (kill -9, lost machine): its job goes back to the queue.
    stalled_after: float = Field(30.0, ge=5)
    heartbeat_every: float = Field(5.0, gt=0)
    retry_attempts: int = Field(5, ge=0)  # a job that fails (the wiki down) is tried again this many times
    retry_wait: float = Field(60.0, ge=0)  # seconds before the first retry, one more such wait per retry
    # A worker whose queue database goes away keeps trying to reach it, database_retry_wait seconds apart,
    # doubling up to database_retry_max, for up to database_outage_wait seconds (sidebot.workers.outage).
    database_outage_wait: float = Field(3600.0, ge=0)
    database_retry_wait: float = Field(2.0, gt=0)
    database_retry_max: float = Field(60.0, gt=0)


class ReviewListSettings(_Section):
    """The on-wiki list of open findings (a wikitable), split into subpages ``TITLE/2``, ``TITLE/3``… when
    long, plus a page holding only the number of open findings (for templates and dashboards)."""

    enabled: bool = False
    title: str = ""  # e.g. "User:SidebotBot/Review list"
    count_title: str = ""  # e.g. "User:SidebotBot/Open count"; empty: no count page
    rows_per_page: int = Field(100, ge=1, le=1000)
    max_pages: int = Field(10, ge=1, le=100)  # the list shows at most rows_per_page × max_pages findings
    claim_chars: int = Field(200, ge=20, le=1000)  # excerpts are cut to these lengths
    source_chars: int = Field(120, ge=20, le=500)
    finding_url: str = ""  # the review UI's page of a finding, "{id}" replaced; empty: no link
    # The bands of queued findings the list carries (sidebot.verify.bands); changed facts always
    bands: list[Literal["very likely fails", "may fail"]] = ["very likely fails"]
    # WikiProjects that asked for their own list: one more list per project, of the findings on the articles
    # whose talk page carries the project's banner (project_banner), at project_title ({title}: the list's)
    projects: list[str] = []
    project_title: str = "{title}/WikiProject {project}"
    project_banner: str = "WikiProject {project}"  # the banner template's name, without "Template:"


class NoticeSettings(_Section):
    """Talk-page notices: OFF unless a wiki's config turns them on (see docs in config/*.toml)."""

    enabled: bool = False
    # {{bots|optout=<this>}} on a talk page stops our notices there
    message_type: str = Field("sidebot", pattern=r"^[A-Za-z0-9_-]+$")
    period: Interval = timedelta(days=30)  # at most one notice section per article in this period
    max_per_run: int = Field(5, ge=1)
    max_per_day: int = Field(20, ge=1)  # counted over the last 24 hours, all runs together
    section_title: str = Field(
        "Citations that may not support the article text", pattern=r"^[^\n=\[\]{}|<>~]+$"
    )
    claim_chars: int = Field(200, ge=20, le=1000)
    source_chars: int = Field(120, ge=20, le=500)


class ExclusionSettings(_Section):
    """On-wiki lists editors maintain; re-read at the start of every run. Empty title: no such list."""

    sources_page: str = ""  # domains (example.com) and URL patterns (example.com/blog/*), one per "*" line
    pages_page: str = ""  # articles, one "* [[Title]]" per line
    mirrors_page: str = ""  # Wikipedia mirrors: citations of them are queued as "copies Wikipedia"


class OnwikiSettings(_Section):
    """What the bot writes on the wiki, and the etiquette every write follows."""

    doc_page: str = ""  # the bot's documentation page, linked from every edit summary
    stop_page: str = ""  # if anyone but the bot edits this page, the bot stops writing
    report_page: str = ""  # where the review list sends readers to report a mistake; empty: doc_page's talk
    simulate: bool = False  # dry run: print the exact wikitext instead of saving
    max_edits_per_run: int = Field(50, ge=1)
    review_list: ReviewListSettings = ReviewListSettings()
    notices: NoticeSettings = NoticeSettings()
    exclusions: ExclusionSettings = ExclusionSettings()

    @property
    def writes(self) -> bool:
        """Whether any on-wiki output is turned on (the review list or the talk-page notices)."""
        return self.review_list.enabled or self.notices.enabled

    @model_validator(mode="after")
    def _etiquette(self) -> Self:
        if self.writes and not (self.doc_page.strip() and self.stop_page.strip()):
            raise ValueError("on-wiki outputs need onwiki.doc_page and onwiki.stop_page")
        if self.review_list.enabled and not self.review_list.title.strip():
            raise ValueError("onwiki.review_list.enabled needs onwiki.review_list.title")
        if self.review_list.projects and "{project}" not in self.review_list.project_title:
            raise ValueError("onwiki.review_list.project_title must contain {project}")
        if self.review_list.finding_url and "{id}" not in self.review_list.finding_url:
            raise ValueError("onwiki.review_list.finding_url must contain {id}")
        if self.review_list.finding_url and not is_linkable(
            self.review_list.finding_url.replace("{id}", "1")
        ):
            raise ValueError("onwiki.review_list.finding_url must be an http(s) address with a valid host")
        return self


class PrioritySettings(_Section):
    """Which open findings come first (sidebot.queue.priority): a finding's priority is the sum of the
    weights that apply to it. Biographies of living people (WP:BLP) first, then the most read pages, the
    longest-tagged claims, and the reasons that matter most (changed facts, removed citations)."""

    blp_category: str = "Living people"  # the wiki's category of biographies of living people (no prefix)
    living_person: float = Field(3.0, ge=0)  # added for a page in blp_category
    views: float = Field(1.0, ge=0)  # per factor of ten in the page's daily views (log10(1 + views/day))
    tag_age: float = Field(0.5, ge=0)  # per year since the tag's date= ({{citation needed}}, {{failed …}})
    tag_age_max_years: float = Field(5.0, gt=0)  # older tags count as this old
    # Per reason kind (sidebot.queue.support.ReasonKind values); a kind not named adds nothing
    reasons: dict[str, float] = {
        "changed_fact": 4.0,
        "citation_removed": 4.0,
        "source_replaced": 3.0,
        "tag_removed": 3.0,
        "copies_wikipedia": 2.0,
        "fact_contradicted": 1.5,
        "contradicts": 1.5,
        "tagged": 1.0,
        "partial": 0.5,
        "fact_missing": 0.5,
    }
    # Wikimedia's pageview dump (https://dumps.wikimedia.org/other/pageviews/: lines "domain_code
    # page_title count_views total_response_size", plain or .gz): a local path or an http(s) URL (fetched
    # through the SSRF guard). Empty: no page views.
    pageviews: str = ""
    pageviews_domain: str = "en"  # the wiki's domain code; its mobile one ("en.m") counts too
    pageviews_hours: float = Field(1.0, gt=0)  # hours the file covers (1: an hourly dump): views/day scale


class WebSettings(_Section):
    """`sidebot serve`: the review UI and JSON API."""

    host: str = "127.0.0.1"
    port: int = Field(8080, ge=1, le=65535)
    # The address people use, when a proxy sits in front (e.g. "https://sidebot.toolforge.org"); empty:
    # http://host:port. An https address also marks the session cookie Secure.
    public_url: str = ""
    # Signs session cookies. Empty: web-secret.key in the data folder, created (mode 0600) on first start.
    secret_key_file: str = ""
    session_hours: float = Field(12.0, gt=0)  # a login lasts at most this long
    session_idle_minutes: float = Field(120.0, gt=0)  # and ends sooner when unused this long
    page_size: int = Field(50, ge=1, le=500)
    # "wiki-password": people log in with their account on the wiki (action=clientlogin; sidebot keeps no
    # password), for the local test wiki. "oauth": MediaWiki OAuth 2 (a consumer registered on the wiki).
    auth: Literal["wiki-password", "oauth"] = "wiki-password"
    # api.php that wiki-password logins go to; empty: the api_url the queue holds for [wiki].name.
    login_api_url: str = ""
    # After this many failed password logins for one account from one address (4x as many from one address
    # over all accounts), each further try from there waits login_wait seconds, doubled per further failure
    # up to login_wait_max; addresses that never failed on an account are not held (sidebot.web.throttle).
    login_max_failures: int = Field(5, ge=1)
    login_wait: float = Field(30.0, gt=0)
    login_wait_max: float = Field(900.0, gt=0)
    login_throttle_size: int = Field(10_000, ge=100)  # entries per failure table (LRU; they expire too)
    # Reverse proxies (addresses or networks) whose X-Forwarded-For names the client: a request from one
    # of them counts as coming from the last address in that header that is not itself a trusted proxy;
    # any other request from its peer address (its X-Forwarded-For ignored). [] trusts none.
    trusted_proxies: list[str] = ["127.0.0.1", "::1"]
    oauth_rest_url: str = "https://meta.wikimedia.org/w/rest.php"  # the wiki's rest.php (OAuth 2 endpoints)
    oauth_client_id: str = ""
    # The consumer secret: a file holding it, or $SIDEBOT_OAUTH_CLIENT_SECRET; never in the config itself.
    oauth_client_secret_file: str = ""
    wiki_timeout: float = Field(15.0, gt=0)  # seconds for each call to a wiki's API
    # A login counts on the wiki that checked it. Wikis (by [wiki] name) listed here share their accounts
    # (e.g. Wikimedia's SUL: ["enwiki", "dewiki", "commonswiki"]): a login on one may review findings of the
    # others, with blocks and self-review asked of the finding's wiki. Unlisted wikis: their own logins only.
    shared_account_wikis: list[str] = []
    # Wiki pages that may call the JSON API from a browser with the reviewer's cookie (CORS with credentials):
    # the wiki gadget's origins, e.g. ["https://en.wikipedia.org"]. Empty: the configured wiki's origin (of
    # [wiki] article_url, else of login_api_url). Never "*"; other origins get no CORS headers.
    gadget_origins: list[str] = []
    # Who may decide (asked of the finding's wiki at login and on each decision, the answer kept
    # rights_cache_minutes): members of every group named (e.g. ["autoconfirmed"]) with at least
    # review_min_edits edits; blocked users never. Findings on pages a reviewer cannot edit (edit protection
    # above their rights) are marked, and left out of their list unless they ask for them.
    review_groups: list[str] = []
    review_min_edits: int = Field(0, ge=0)
    rights_cache_minutes: float = Field(5.0, ge=0)
    # The check before saving (POST /api/check): citations each logged-in user may have checked per hour and
    # per day, citations one request may check, and the largest edited text it takes (characters).
    check_per_hour: int = Field(100, ge=1)
    check_per_day: int = Field(500, ge=1)
    check_max_refs: int = Field(20, ge=1, le=200)
    check_max_chars: int = Field(1_000_000, ge=1000)

    @model_validator(mode="after")
    def _origins(self) -> Self:
        for origin in self.gadget_origins:
            if origin_of(origin) != origin:
                raise ValueError(
                    f"web.gadget_origins: {origin!r} is not an origin: write scheme://host[:port], no path "
                    "and no trailing slash (e.g. https://en.wikipedia.org)"
                )
        return self

    @model_validator(mode="after")
    def _proxies(self) -> Self:
        for proxy in self.trusted_proxies:
            try:
                ipaddress.ip_network(proxy)
            except ValueError:
                raise ValueError(
                    f"web.trusted_proxies: {proxy!r} is not an IP address or network (e.g. 10.0.0.0/8)"
                ) from None
        return self


class Settings(_Section):
    """All the settings, from the TOML config and the environment."""

    home: Path = Field(default_factory=default_home)
    database: DatabaseSettings = DatabaseSettings()
    wiki: WikiSettings = WikiSettings()
    fetch: FetchSettings = FetchSettings()
    archive: ArchiveSettings = ArchiveSettings()
    verify: VerifySettings = VerifySettings()
    mirrors: MirrorSettings = MirrorSettings()
    patrol: PatrolSettings = PatrolSettings()
    web: WebSettings = WebSettings()
    schedule: ScheduleSettings = ScheduleSettings()
    onwiki: OnwikiSettings = OnwikiSettings()
    priority: PrioritySettings = PrioritySettings()
    workers: WorkersSettings = WorkersSettings()
    retrieve: RetrieveSettings = Field(default_factory=RetrieveSettings)
    source_file: Path | None = None  # the TOML file these settings came from

    @property
    def database_url(self) -> str:
        """The queue database's URL, with the database password put in when the URL has none and the
        password is found (:func:`sidebot.credentials.read_secret`)."""
        url = os.environ.get(DATABASE_ENV) or self.database.url
        if not url:
            return f"sqlite:///{self.home / 'sidebot.db'}"
        if not url.startswith("postgresql"):
            return url
        from sqlalchemy.engine import make_url
        from sqlalchemy.exc import ArgumentError

        try:
            parsed = make_url(url)
        except ArgumentError:  # not a URL: opening the database says so, in one line
            return url
        if parsed.password:
            return url
        found = read_secret(DATABASE_PASSWORD, self.database.password_file)
        return parsed.set(password=found.value).render_as_string(hide_password=False) if found else url

    @model_validator(mode="after")
    def _secret_files_readable(self) -> Self:
        """A secret's file that is named must be readable now, not at the first database call."""
        for secret, file in (
            (DATABASE_PASSWORD, self.database.password_file),
            (BOT_PASSWORD, self.wiki.bot_password_file),
            (OAUTH_CLIENT_SECRET, self.web.oauth_client_secret_file),
            (VERIFIER_TOKEN, self.verify.token_file),
        ):
            if file and not os.environ.get(secret.env):
                try:
                    read_secret(secret, file)
                except SecretError as exc:
                    raise ValueError(str(exc)) from None
        return self

    @model_validator(mode="after")
    def _workers_share_postgresql(self) -> Self:
        if self.workers.enabled and not self.database_url.startswith("postgresql"):
            raise ValueError(
                "workers need a PostgreSQL queue database ([database] url): SQLite serves one process only"
            )
        return self


# In the data folder; written by `sidebot demo` and `sidebot testwiki up`.
SANDBOX_CONFIG = Path("testwiki") / "sidebot.toml"


def default_config_path() -> Path | None:
    """The config a command uses when it is given none: ``$SIDEBOT_CONFIG``, else the local sandbox's that
    ``sidebot demo`` (or ``sidebot testwiki up``) wrote into the data folder, so that after the demo every
    command works on the demo's wiki and queue; else None (the built-in defaults)."""
    if os.environ.get(CONFIG_ENV):
        return Path(os.environ[CONFIG_ENV]).expanduser()
    sandbox = default_home() / SANDBOX_CONFIG
    return sandbox if sandbox.is_file() else None


def load_settings(path: Path | str | None = None) -> Settings:
    """Read settings from ``path`` (or ``$SIDEBOT_CONFIG``); with neither, the built-in defaults."""
    path = path or os.environ.get(CONFIG_ENV)
    if not path:
        return Settings()
    path = Path(path).expanduser()
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise ConfigError(f"config file not found: {path}") from exc
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"cannot read config file {path}: {exc}") from exc
    if "home" in raw:
        raw["home"] = _resolve(raw["home"], path.parent)
    for section, key in (
        ("wiki", "pywikibot_dir"),
        ("wiki", "bot_password_file"),
        ("database", "password_file"),
    ):
        if isinstance(raw.get(section), dict) and raw[section].get(key):
            raw[section][key] = str(_resolve(raw[section][key], path.parent))
    try:
        return Settings(**raw, source_file=path.resolve())
    except ValidationError as exc:
        raise ConfigError(f"invalid config file {path}: {explain(exc)}") from exc


def explain(error: ValidationError) -> str:
    """Each problem of a config file on one line, in the file's own terms: the key (as ``[section] key``)
    and, for a key sidebot does not know, the nearest one it does ("did you mean"), instead of pydantic's
    multi-line report with documentation URLs."""
    problems = []
    for item in error.errors(include_url=False):
        loc = [str(part) for part in item["loc"]]
        if item["type"] == "extra_forbidden":
            nearest = difflib.get_close_matches(loc[-1], _known_keys(loc[:-1]), n=1, cutoff=0.6)
            hint = f" (did you mean {_key_name([*loc[:-1], nearest[0]])}?)" if nearest else ""
            section = f" in [{'.'.join(loc[:-1])}]" if len(loc) > 1 else ""
            kind = "key" if section else "section or key"
            problems.append(f"unknown {kind} {loc[-1]!r}{section}{hint}")
        elif item["type"] == "value_error" and _section(loc):  # a section's own check names its keys
            problems.append(item["msg"].removeprefix("Value error, "))
        else:
            message = item["msg"].removeprefix("Value error, ")
            problems.append(f"{_key_name(loc)}: {message}" if loc else message)
    return "; ".join(problems)


def _key_name(loc: list[str]) -> str:
    """``["fetch", "user_agent"]`` as a config file writes it: ``[fetch] user_agent``."""
    if _section(loc):
        return f"[{'.'.join(loc)}]"
    return f"[{'.'.join(loc[:-1])}] {loc[-1]}" if len(loc) > 1 else loc[0]


def _section(loc: list[str]) -> type[BaseModel] | None:
    """The settings class at ``loc`` (a path of keys from the top), or None when it is not a section."""
    model: type[BaseModel] = Settings
    for key in loc:
        field = model.model_fields.get(key)
        annotation = field.annotation if field else None
        if not (isinstance(annotation, type) and issubclass(annotation, BaseModel)):
            return None
        model = annotation
    return model


def _known_keys(loc: list[str]) -> list[str]:
    model = _section(loc)
    return [name for name in model.model_fields if name != "source_file"] if model else []


def _resolve(value: str, base: Path) -> Path:
    """Paths in a config file are relative to the file's folder."""
    p = Path(value).expanduser()
    return p if p.is_absolute() else (base / p).resolve()
