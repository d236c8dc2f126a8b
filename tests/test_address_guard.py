"""The SSRF guard: which addresses and host names a cited URL may make us connect to."""

from __future__ import annotations

import ipaddress

import pytest

from sidebot.sources.address_guard import (
    AddressGuard,
    AddressRefused,
    HostNotFound,
    internal_name_reason,
    refusal_reason,
)

NO_EXCEPTIONS = AddressGuard.from_settings([])
LOOPBACK_ALLOWED = AddressGuard.from_settings(["127.0.0.1/32"])


@pytest.mark.parametrize(
    ("address", "kind"),
    [
        ("127.0.0.1", "loopback"),
        ("127.255.255.254", "loopback"),
        ("::1", "loopback"),
        ("10.0.0.1", "private"),
        ("172.16.5.4", "private"),
        ("192.168.1.1", "private"),
        ("fc00::1", "private"),
        ("fd12:3456::1", "private"),
        ("169.254.169.254", "link-local"),
        ("fe80::1", "link-local"),
        ("100.64.0.1", "carrier-grade NAT"),
        ("100.127.255.254", "carrier-grade NAT"),
        ("0.0.0.0", "unspecified"),
        ("::", "unspecified"),
        ("224.0.0.1", "multicast"),
        ("239.255.255.250", "multicast"),
        ("ff02::1", "multicast"),
        ("240.0.0.1", "reserved"),
        ("255.255.255.255", "reserved"),
        ("192.0.2.10", "private"),  # TEST-NET-1, documentation only
        ("198.18.0.1", "private"),  # benchmarking
        ("2001:db8::1", "private"),  # documentation
        ("0.1.2.3", "private"),  # "this network"
    ],
)
def test_non_public_addresses_are_refused_with_their_kind(address: str, kind: str) -> None:
    reason = refusal_reason(ipaddress.ip_address(address))
    assert reason is not None and kind in reason


@pytest.mark.parametrize(
    ("address", "inner"),
    [
        ("::ffff:127.0.0.1", "127.0.0.1"),  # IPv4-mapped
        ("::ffff:10.1.2.3", "10.1.2.3"),
        ("::ffff:169.254.169.254", "169.254.169.254"),
        ("2002:a00:1::1", "10.0.0.1"),  # 6to4
        ("64:ff9b::a9fe:a9fe", "169.254.169.254"),  # NAT64
    ],
)
def test_ipv6_addresses_are_judged_by_the_ipv4_address_inside(address: str, inner: str) -> None:
    reason = refusal_reason(ipaddress.ip_address(address))
    assert reason is not None and f"stands for {inner}" in reason


@pytest.mark.parametrize(
    "address",
    [
        "8.8.8.8",
        "1.1.1.1",
        "208.80.154.224",
        "2606:4700:4700::1111",
        "2620:0:861:ed1a::1",
        "::ffff:8.8.8.8",
        "2002:808:808::1",
        "64:ff9b::808:808",
    ],
)
def test_public_addresses_pass(address: str) -> None:
    assert refusal_reason(ipaddress.ip_address(address)) is None
    NO_EXCEPTIONS.check_address(ipaddress.ip_address(address))


@pytest.mark.parametrize(
    "host",
    [
        "localhost",
        "LOCALHOST.",
        "metadata.google.internal",
        "metadata.google.internal.",
        "instance-data.ec2.internal",
        "printer.local",
        "router.home.arpa",
        "app.localhost",
        "intranet",
    ],
)
def test_internal_names_are_recognised(host: str) -> None:
    assert internal_name_reason(host) is not None


@pytest.mark.parametrize(
    "host", ["en.wikipedia.org", "www.seattletimes.com", "127.0.0.1", "::1", "xn--mnchen-3ya.de"]
)
def test_ordinary_names_and_ip_literals_are_not_internal_names(host: str) -> None:
    assert internal_name_reason(host) is None


@pytest.mark.parametrize(
    "host",
    [
        "127.0.0.1",
        "2130706433",
        "0x7f.1",
        "0x7f.0.0.1",
        "127.1",
        "017700000001",
        "::ffff:127.0.0.1",
        "[::ffff:127.0.0.1]",
        "::1",
        "0",
        "0.0.0.0",
        "169.254.169.254",
        "10.0.0.1",
    ],
)
def test_numeric_spellings_of_internal_addresses_are_refused(host: str) -> None:
    with pytest.raises(AddressRefused):
        NO_EXCEPTIONS.resolve(host, 80)


@pytest.mark.parametrize(
    "host", ["127.0.0.1", "2130706433", "0x7f.1", "127.1", "017700000001", "::ffff:127.0.0.1"]
)
def test_allow_networks_lets_loopback_through_in_any_spelling(host: str) -> None:
    addresses = LOOPBACK_ALLOWED.resolve(host, 80)
    assert [getattr(a, "ipv4_mapped", None) or a for a in addresses] == [ipaddress.ip_address("127.0.0.1")]


def test_allow_networks_is_exact() -> None:
    with pytest.raises(AddressRefused, match=r"127\.0\.0\.2 is a loopback"):
        LOOPBACK_ALLOWED.resolve("127.0.0.2", 80)
    with pytest.raises(AddressRefused, match=r"10\.0\.0\.1 is a private"):
        LOOPBACK_ALLOWED.resolve("10.0.0.1", 80)


def test_internal_names_are_refused_without_a_dns_query() -> None:
    # metadata.google.internal does not resolve here: a refusal (not HostNotFound) shows no lookup was needed.
    with pytest.raises(AddressRefused, match="internal host name"):
        NO_EXCEPTIONS.resolve("metadata.google.internal", 80)
    with pytest.raises(AddressRefused, match="single-label"):
        NO_EXCEPTIONS.resolve("intranet", 80)


def test_a_name_that_does_not_resolve_is_host_not_found() -> None:
    with pytest.raises(HostNotFound, match=r"does-not-exist\.invalid"):
        NO_EXCEPTIONS.resolve("does-not-exist.invalid", 80)


def test_a_name_resolving_to_loopback_is_refused() -> None:
    # /etc/hosts maps localhost to loopback on every machine; the refusal names the resolved address.
    with pytest.raises(AddressRefused):
        NO_EXCEPTIONS.resolve("localhost", 80)


def test_malformed_allow_networks_entry_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match=r"allow_networks.*'not-a-network'"):
        AddressGuard.from_settings(["not-a-network"])
