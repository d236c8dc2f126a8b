"""What one request to the verifier server may ask, who may ask, and the refusals, in the same words on REST
and gRPC.

- Who: a bearer token (``Authorization: Bearer TOKEN`` on REST, the same ``authorization`` metadata on gRPC),
  required when the server listens beyond loopback. Health and readiness stay open for probes.
- How much: at most ``max_citations`` citations and ``max_bytes`` bytes per request (REST 413, gRPC
  RESOURCE_EXHAUSTED), and at most ``budget`` seconds of waiting and model time (REST 503, gRPC
  DEADLINE_EXCEEDED); fair batching (:mod:`sidebot.serving.batcher`) keeps small callers moving meanwhile.
"""

from __future__ import annotations

import hmac
import ipaddress
from dataclasses import dataclass

LOOPBACK_NAMES = {"localhost", "localhost.localdomain", "ip6-localhost"}


MAX_CITATIONS = 256  # the patrol sends 50 at a time (sidebot.patrol.loop.CHUNK)
MAX_BYTES = 32 * 1024 * 1024
BUDGET = 90.0  # seconds: under the clients' default 120 s timeout ([verify] endpoint_timeout)


@dataclass(frozen=True, slots=True)
class Limits:
    """What one request to the verifier server may ask."""

    max_citations: int = MAX_CITATIONS
    max_bytes: int = MAX_BYTES
    budget: float = BUDGET


def too_many_citations(count: int, limits: Limits) -> str:
    """Why a request with ``count`` citations is refused (413)."""
    return (
        f"{count} citations in one request: this server takes at most {limits.max_citations} per request "
        f"(--max-citations); send them in smaller requests"
    )


def too_many_bytes(size: int, limits: Limits, over: bool = False) -> str:
    """Why a request of ``size`` bytes is refused (413)."""
    return (
        f"the request is {'over ' if over else ''}{size} bytes: this server takes at most "
        f"{limits.max_bytes} bytes per request (--max-request-bytes); send fewer citations per request"
    )


def over_budget(count: int, limits: Limits) -> str:
    """Why ``count`` citations were not verified in time (503)."""
    return (
        f"{count} citations were not verified within this server's budget of {limits.budget:g} s per "
        f"request (--budget); the server is busy: send fewer citations per request or retry later"
    )


UNAUTHORIZED = (
    "this verifier server needs its token: send 'Authorization: Bearer TOKEN' ([verify] token_file)"
)


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address or name to listen on) is this machine only."""
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def authorized(header: str | bytes | None, token: str | None) -> bool:
    """Whether an ``Authorization`` header value carries ``token`` (always, when no token is set)."""
    if token is None:
        return True
    if header is None:
        return False
    if isinstance(header, str):
        header = header.encode("utf-8", "replace")
    scheme, _, given = header.strip().partition(b" ")
    return scheme.lower() == b"bearer" and hmac.compare_digest(given.strip(), token.encode("utf-8"))
