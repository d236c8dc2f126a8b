"""SSRF guard: which hosts a cited URL may make us connect to.

Cited URLs are written by anyone who can edit a wiki, so a "source" can point at the bot's own machine, its
network, or a cloud metadata service. The guard resolves a host name once (all of its addresses) and refuses
it when any address is loopback, private, link-local, carrier-grade NAT, unspecified, multicast, reserved or
otherwise not globally routable -- judging IPv4-mapped, 6to4 and NAT64 IPv6 addresses by the IPv4 address
inside them -- and when the name itself is an internal one (``localhost``, ``*.internal`` such as
``metadata.google.internal``, a bare single-label intranet name). Networks listed in
``FetchSettings.allow_networks`` are exempt (the tests allow ``127.0.0.1/32``).

Numeric host spellings (``2130706433``, ``0x7f.1``, ``127.1``, ``[::ffff:127.0.0.1]``) need no special
parsing here: the C resolver turns them into the address a connection would really go to, and that address
is what is judged.

The guard only decides; :mod:`sidebot.sources.client` connects to exactly the addresses :meth:`resolve`
returned, so a DNS answer that changes between the check and the connection (DNS rebinding) cannot redirect
the connection.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable
from dataclasses import dataclass

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network

# RFC 6761 / 6762 / 8375 special-use names and the private-use ".internal" TLD, under which cloud metadata
# services live (metadata.google.internal, instance-data.ec2.internal).
_INTERNAL_NAMES = frozenset({"localhost", "localhost.localdomain"})
_INTERNAL_SUFFIXES = (".localhost", ".local", ".internal", ".home.arpa", ".localdomain")

_NAT64_PREFIX = ipaddress.IPv6Network("64:ff9b::/96")  # RFC 6052: the low 32 bits are an IPv4 address
_SHARED_NAT = ipaddress.IPv4Network("100.64.0.0/10")  # RFC 6598 carrier-grade NAT


class AddressRefused(Exception):
    """The host is, or resolves to, an address sources may not be fetched from."""


class HostNotFound(Exception):
    """The host name has no address (DNS failure)."""


def refusal_reason(address: IPAddress) -> str | None:
    """Why ``address`` must not be contacted, or None when it is a public unicast address."""
    embedded = _embedded_ipv4(address)
    kind = _non_public_kind(embedded or address)
    if kind is None:
        return None
    return f"{address} stands for {embedded}, {kind}" if embedded else f"{address} is {kind}"


def _non_public_kind(address: IPAddress) -> str | None:
    if address.is_loopback:
        return "a loopback address"
    if address.is_unspecified:
        return "the unspecified address"
    if address.is_link_local:
        return "a link-local address (where cloud metadata services live)"
    if address.is_multicast:
        return "a multicast address"
    if isinstance(address, ipaddress.IPv4Address) and address in _SHARED_NAT:
        return "in the carrier-grade NAT range 100.64.0.0/10"
    if address.is_reserved:
        return "a reserved address"
    if address.is_private:
        return "a private address"
    if not address.is_global:
        return "not a globally routable address"
    return None


def internal_name_reason(host: str) -> str | None:
    """Why the host *name* is internal, or None. ``host`` is IDNA/ASCII; case and a final dot do not count."""
    name = host.lower().rstrip(".")
    if name in _INTERNAL_NAMES or name.endswith(_INTERNAL_SUFFIXES):
        return f"{host!r} is an internal host name"
    if "." not in name and not _is_ip_literal(name):
        # The resolver completes bare names with its search domains: they reach intranet hosts.
        return f"{host!r} is a single-label (intranet) host name"
    return None


@dataclass(frozen=True)
class AddressGuard:
    """Resolves hosts and refuses the ones sources may not reach, except inside ``allow_networks``."""

    allow_networks: tuple[IPNetwork, ...] = ()

    @classmethod
    def from_settings(cls, allow_networks: Iterable[str]) -> AddressGuard:
        """Build from ``FetchSettings.allow_networks`` (CIDR strings); a malformed entry raises ValueError."""
        networks = []
        for entry in allow_networks:
            try:
                networks.append(ipaddress.ip_network(entry.strip(), strict=False))
            except ValueError as exc:
                raise ValueError(f"fetch.allow_networks: {entry!r} is not an IP network ({exc})") from exc
        return cls(tuple(networks))

    def is_allowed(self, address: IPAddress) -> bool:
        """Whether ``address`` (or the IPv4 address an IPv4-mapped address stands for) is allow-listed."""
        candidates = {address, _mapped_ipv4(address) or address}
        return any(a in network for a in candidates for network in self.allow_networks)

    def check_address(self, address: IPAddress) -> None:
        """Raise :class:`AddressRefused` unless ``address`` is public or allow-listed."""
        if self.is_allowed(address):
            return
        reason = refusal_reason(address)
        if reason:
            raise AddressRefused(reason)

    def resolve(self, host: str, port: int) -> list[IPAddress]:
        """All addresses of ``host``, every one checked; raise when any is refused or there is none.

        One refused address refuses the host: an attacker who controls a name's DNS could otherwise mix a
        public address with an internal one and hope the connection picks the latter. Internal names are
        refused before any DNS query unless something is allow-listed.
        """
        host = host.strip("[]")
        addresses = _numeric_addresses(host, port)
        name_reason = None if addresses else internal_name_reason(host)
        if name_reason and not self.allow_networks:
            raise AddressRefused(name_reason)
        if not addresses:
            addresses = _dns_addresses(host, port)
        for address in addresses:
            try:
                self.check_address(address)
            except AddressRefused as exc:
                shown = "" if _is_ip_literal(host) else f" ({host!r} resolves to {address})"
                raise AddressRefused(f"{exc}{shown}") from None
        if name_reason and not all(self.is_allowed(a) for a in addresses):
            raise AddressRefused(name_reason)
        return addresses


def _numeric_addresses(host: str, port: int) -> list[IPAddress]:
    """The address a numeric host denotes in any spelling the C library accepts (``0x7f.1``); else []."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_NUMERICHOST)
    except (socket.gaierror, UnicodeError, ValueError):
        return []
    return _unique_addresses(infos)


def _dns_addresses(host: str, port: int) -> list[IPAddress]:
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP)
    except socket.gaierror as exc:
        raise HostNotFound(f"cannot resolve host {host!r}: {exc.strerror}") from exc
    except (UnicodeError, ValueError) as exc:
        raise HostNotFound(f"cannot resolve host {host!r}: {exc}") from exc
    addresses = _unique_addresses(infos)
    if not addresses:
        raise HostNotFound(f"cannot resolve host {host!r}: no address")
    return addresses


def _unique_addresses(infos: list[tuple]) -> list[IPAddress]:
    return list(dict.fromkeys(ipaddress.ip_address(info[4][0]) for info in infos))


def _mapped_ipv4(address: IPAddress) -> ipaddress.IPv4Address | None:
    return address.ipv4_mapped if isinstance(address, ipaddress.IPv6Address) else None


def _embedded_ipv4(address: IPAddress) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 address carries and would be routed to: mapped, 6to4 or NAT64."""
    if not isinstance(address, ipaddress.IPv6Address):
        return None
    if address.ipv4_mapped:
        return address.ipv4_mapped
    if address.sixtofour:
        return address.sixtofour
    if address in _NAT64_PREFIX:
        return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
    return None


def _is_ip_literal(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True
