"""Archived copies: the Wayback Machine's availability API, and the dates and addresses of snapshots.

``GET {availability_url}?url=U&timestamp=YYYYMMDD`` answers
``{"archived_snapshots": {"closest": {"available": true, "url": "http://web.archive.org/web/2019…/U",
"timestamp": "20190503120000", "status": "200"}}}`` or ``{"archived_snapshots": {}}`` when nothing is
archived (https://archive.org/help/wayback_api.php). The endpoint is a setting, so any compatible service (or
a stand-in on loopback in tests) can answer; its answer is untrusted like any source: the request goes through
the same SSRF guard, size and time caps and per-host politeness, and a snapshot is accepted only on a
configured archive host, with a 14-digit timestamp and an archived status of 200.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime

import httpx

from sidebot.config import ArchiveSettings, FetchSettings
from sidebot.sources.address_guard import AddressRefused, HostNotFound
from sidebot.sources.body import BodyTooLarge, BoundedBody, UndecodableBody, parse_content_encoding
from sidebot.sources.client import DeadlineExceeded, SourceClient, deadline, extend_deadline

MAX_ANSWER_BYTES = 256_000
_TIMESTAMP = re.compile(r"^\d{14}$")
_SNAPSHOT_PATH = re.compile(r"^/web/(\d{4,14})(?:[a-z]{2}_)?/(.+)$", re.S)
_DATE_FORMATS = ("%Y-%m-%d", "%d %B %Y", "%B %d, %Y", "%d %b %Y", "%b %d, %Y", "%B %Y", "%Y-%m", "%Y",
                 "%d.%m.%Y", "%d %B, %Y", "%B %d %Y")  # fmt: skip


@dataclass(frozen=True, slots=True)
class Availability:
    """The availability API's answer: the closest snapshot (URL and timestamp), none, or an error."""

    snapshot_url: str | None = None
    timestamp: str | None = None  # YYYYMMDDhhmmss
    error: str | None = None


def wanted_timestamp(access_date: str | None) -> str:
    """The Wayback timestamp (YYYYMMDD) of a citation's access date; "" (the newest snapshot) when there is
    none or it cannot be read."""
    if not access_date:
        return ""
    text = re.sub(r"\s+", " ", access_date.strip().rstrip("."))
    for form in _DATE_FORMATS:
        try:
            return datetime.strptime(text, form).strftime("%Y%m%d")
        except ValueError:
            continue
    return ""


def citation_date(value: str | None) -> str | None:
    """A date as a citation writes it (``|archive-date=9 September 2008``) in ISO form (``2008-09-09``);
    as written when it cannot be read, None when there is none."""
    if not value or not value.strip():
        return None
    stamp = wanted_timestamp(value)
    return iso_timestamp(stamp) if stamp else value.strip()[:32]


def wayback_timestamp(moment: datetime | None) -> str:
    """The Wayback timestamp (YYYYMMDDhhmmss) of a moment; "" (the newest snapshot) for None."""
    return moment.strftime("%Y%m%d%H%M%S") if moment is not None else ""


def snapshot_date(url: str) -> str | None:
    """The date of a Wayback-style snapshot URL (``/web/20190503120000/…``) as ISO (``2019-05-03 12:00``);
    None for other addresses."""
    try:
        path = httpx.URL(url).raw_path.decode("ascii", "replace")
    except (httpx.InvalidURL, TypeError, ValueError):
        return None
    match = _SNAPSHOT_PATH.match(path)
    return iso_timestamp(match.group(1)) if match else None


def iso_timestamp(stamp: str | None) -> str | None:
    """``20190503120000`` → ``2019-05-03 12:00``; shorter stamps keep what they have (``2019-05-03``)."""
    if not stamp or not stamp.isdigit() or len(stamp) < 4:
        return None
    date = "-".join(part for part in (stamp[:4], stamp[4:6], stamp[6:8]) if part)
    return f"{date} {stamp[8:10]}:{stamp[10:12]}" if len(stamp) >= 12 else date


def raw_snapshot_url(url: str) -> str:
    """The archived page as it was captured, without the archive's banner: Wayback's ``id_`` form of a
    snapshot URL (``/web/2019…id_/…``); other addresses unchanged."""
    try:
        parsed = httpx.URL(url)
    except (httpx.InvalidURL, TypeError, ValueError):
        return url
    path = parsed.raw_path.decode("ascii", "replace")
    match = _SNAPSHOT_PATH.match(path)
    if not match or path.startswith(f"/web/{match.group(1)}id_/"):
        return url
    return str(parsed.copy_with(raw_path=f"/web/{match.group(1)}id_/{match.group(2)}".encode("ascii")))


def lookup(url: str, wanted: str, client: SourceClient, archive: ArchiveSettings) -> Availability:
    """Ask the availability API for the snapshot of ``url`` closest to ``wanted`` (YYYYMMDD, "" for the
    newest). Never raises for what the network or the answer does: an :class:`Availability` with ``error``."""
    settings = client.settings
    params = {"url": url} | ({"timestamp": wanted} if wanted else {})
    try:
        endpoint = httpx.URL(archive.availability_url).copy_merge_params(params)
    except (httpx.InvalidURL, TypeError, ValueError) as exc:
        return Availability(error=f"the availability URL {archive.availability_url!r} is invalid: {exc}")
    if endpoint.scheme not in ("http", "https"):
        return Availability(error=f"the availability URL must be http(s), not {endpoint.scheme!r}")
    try:
        body = _get(client, endpoint, settings)
    except _Refused as exc:
        return Availability(error=f"availability API: {exc}")
    return parse_answer(body, archive.snapshot_hosts)


def parse_answer(body: bytes, snapshot_hosts: list[str]) -> Availability:
    """Read an availability answer; anything but a well-formed snapshot on an archive host is refused."""
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        return Availability(error=f"availability API: the answer is not JSON ({exc})")
    snapshots = data.get("archived_snapshots") if isinstance(data, dict) else None
    if not isinstance(snapshots, dict):
        return Availability(error="availability API: the answer has no archived_snapshots object")
    closest = snapshots.get("closest")
    if closest is None:
        return Availability()  # nothing archived
    if not isinstance(closest, dict):
        return Availability(error="availability API: archived_snapshots.closest is not an object")
    if closest.get("available") is not True or str(closest.get("status", "200")) != "200":
        return Availability()  # archived, but not as a readable page (e.g. a captured 404 or redirect)
    snapshot, stamp = closest.get("url"), closest.get("timestamp")
    if not isinstance(snapshot, str) or not isinstance(stamp, str) or not _TIMESTAMP.match(stamp):
        return Availability(error="availability API: the snapshot has no valid url and 14-digit timestamp")
    try:
        parsed = httpx.URL(snapshot)
    except (httpx.InvalidURL, TypeError, ValueError) as exc:
        return Availability(error=f"availability API: the snapshot URL is invalid: {exc}")
    hosts = {h.lower() for h in snapshot_hosts}
    if parsed.scheme not in ("http", "https") or parsed.host.lower() not in hosts:
        return Availability(
            error=f"availability API: refused a snapshot on {parsed.host or snapshot!r}, which is not an "
            f"archive host ({', '.join(sorted(hosts)) or 'none configured'})"
        )
    return Availability(snapshot_url=str(parsed), timestamp=stamp)


class _Refused(Exception):
    pass


def _get(client: SourceClient, url: httpx.URL, settings: FetchSettings) -> bytes:
    """The body of a GET (no redirects followed), within the fetch caps and the host's politeness."""
    try:
        with deadline(settings.total_timeout), client.limiter.turn(url.host) as waited:
            extend_deadline(waited)
            with client.stream("GET", url, headers={"Accept": "application/json"}) as response:
                if response.status_code != 200:
                    raise _Refused(f"HTTP {response.status_code} from {url.host}")
                body = BoundedBody(
                    parse_content_encoding(response.headers.get("content-encoding")),
                    min(settings.max_bytes, MAX_ANSWER_BYTES),
                )
                for chunk in response.iter_raw():
                    body.feed(chunk)
                return body.finish()
    except (AddressRefused, HostNotFound) as exc:
        raise _Refused(str(exc)) from None
    except (BodyTooLarge, UndecodableBody) as exc:
        raise _Refused(f"the answer was refused: {exc}") from None
    except DeadlineExceeded:
        raise _Refused(f"no answer within {settings.total_timeout:g} s") from None
    except httpx.HTTPError as exc:
        raise _Refused(f"{url.host} could not be reached: {exc or type(exc).__name__}") from None
