"""A data file (not a source to read) from an http(s) address, under the same SSRF guard as every source
fetch: :class:`~sidebot.sources.client.SourceClient` checks each connection's address, redirects
included, against ``[fetch] allow_networks``. Used for Wikimedia's pageview dumps."""

from __future__ import annotations

import httpx

from sidebot.config import FetchSettings
from sidebot.sources.address_guard import AddressRefused, HostNotFound
from sidebot.sources.client import SourceClient


class DownloadError(Exception):
    """The file could not be downloaded; the message says why."""


def download(url: str, settings: FetchSettings, max_bytes: int) -> bytes:
    """The body at ``url`` (http or https only), at most ``max_bytes``, kept as sent (no decoding)."""
    if not url.lower().startswith(("http://", "https://")):
        raise DownloadError(f"{url!r} is not an http(s) address")
    body = bytearray()
    try:
        with SourceClient(settings) as client, client.stream("GET", url, follow_redirects=True) as response:
            if not response.is_success:
                raise DownloadError(f"{url} answered HTTP {response.status_code}")
            for chunk in response.iter_raw():
                body += chunk
                if len(body) > max_bytes:
                    raise DownloadError(f"{url} is over the {max_bytes:,}-byte limit")
    except (httpx.HTTPError, AddressRefused, HostNotFound) as exc:
        raise DownloadError(f"cannot download {url}: {exc}") from exc
    return bytes(body)
