"""Password logins slowed down after failures, counted so that nobody else's failures lock a person out.

Without it the login form would be a password-guessing front end for the wiki's accounts, and the wiki's
own throttle would see every guess coming from the bot's address. Three counts of failed logins:

- per (account, address): after ``login_max_failures`` failures of one account from one address, that
  address must wait before trying that account again: ``login_wait`` seconds, doubled with every further
  failure up to ``login_wait_max``;
- per address, over all accounts (one address trying many accounts: password spraying): the same waits
  after ``ADDRESS_FACTOR`` times as many failures;
- per account, over all addresses (guesses at one account from many addresses): after ``ACCOUNT_FACTOR``
  times as many failures, every address *that has itself failed on that account* waits. An address with no
  failure on the account is never held for it, so the owner's right password from their own address works
  however many wrong ones others sent, and one guess at each end of the wait locks out only the guesser.

A try is counted as a failure when it starts and taken back when the wiki accepts the password (or could
not check it): tries sent at once cannot all pass before the first one fails. Refused tries never reach the
wiki and record nothing. The counts live in bounded LRU tables (``size`` entries each; a key with no failure
for twice ``login_wait_max`` seconds expires and starts over, so one guess at each end of the longest wait
keeps its sender held), and guessing at a million names costs a fixed amount of memory. An IPv6 address
counts by its /64 (one subscriber's whole prefix). Which address a request comes from behind a reverse
proxy: ``[web] trusted_proxies`` (:func:`sidebot.web.app.create_app`). The counts live in the ``sidebot
serve`` process, so a restart forgets them: the wait is a brake on guessing, the wiki's own throttle stays
the wall.
"""

from __future__ import annotations

import ipaddress
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from cachetools import TTLCache

ADDRESS_FACTOR = 4  # one address may fail this many times more than one account (people share addresses)
ACCOUNT_FACTOR = 4  # one account may fail this many times more, over all addresses, before those hold
FORGET_AFTER = 2  # a key expires this many longest waits after its last failure
IPV6_PREFIX = 64
MAX_KEY_CHARS = 256


@dataclass(slots=True)
class _Failures:
    count: int
    last: float


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a login may be tried now: ``wait`` seconds to go (0: yes, and the try is counted), whose
    failures hold it, and the failures of this account from this address so far."""

    wait: float
    held_by: str = ""  # "this account" or "this address"
    failures: int = 0


_Key = TypeVar("_Key")


def _fail(table: TTLCache[_Key, _Failures], key: _Key, now: float) -> None:
    """Count one more failure under ``key``; (re)setting the entry restarts its expiry."""
    entry = table.get(key)
    table[key] = _Failures((entry.count if entry else 0) + 1, now)


def account_key(username: str) -> str:
    """A username as the wiki compares it: underscores as spaces, one space, first letter upper case."""
    name = " ".join(username.replace("_", " ").split())
    return (name[:1].upper() + name[1:])[:MAX_KEY_CHARS]


def address_key(address: str) -> str:
    """An address as the throttle counts it: IPv4 as is (an IPv4-mapped IPv6 address too), IPv6 by its /64;
    anything else (a Unix socket, "unknown") as given."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address[:MAX_KEY_CHARS]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, IPV6_PREFIX), strict=False))
    return str(ip)


class LoginThrottle:
    """Failed-login counts per (account, address), per address and per account (thread-safe)."""

    def __init__(
        self,
        max_failures: int,
        wait: float,
        wait_max: float,
        size: int = 10_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max_failures, self.first_wait, self.wait_max, self.clock = max_failures, wait, wait_max, clock
        ttl = wait_max * FORGET_AFTER
        self.pairs: TTLCache[tuple[str, str], _Failures] = TTLCache(size, ttl, timer=clock)
        self.addresses: TTLCache[str, _Failures] = TTLCache(size, ttl, timer=clock)
        self.accounts: TTLCache[str, _Failures] = TTLCache(size, ttl, timer=clock)
        self._lock = threading.Lock()

    def attempt(self, username: str, address: str) -> Verdict:
        """Whether ``username`` may be tried from ``address`` now. When it may, the try counts as a failure
        until :meth:`succeeded` or :meth:`unchecked` takes it back."""
        account, place = account_key(username), address_key(address)
        pair = (account, place)
        with self._lock:
            now = self.clock()
            pair_wait = self._wait(self.pairs.get(pair), self.max_failures, now)
            place_wait = self._wait(self.addresses.get(place), self.max_failures * ADDRESS_FACTOR, now)
            account_wait = 0.0
            if pair in self.pairs:  # only an address that has failed on the account is held for it
                account_wait = self._wait(self.accounts.get(account), self.max_failures * ACCOUNT_FACTOR, now)
            held = max(
                (pair_wait, "this account"), (account_wait, "this account"), (place_wait, "this address")
            )
            if held[0] > 0:
                return Verdict(held[0], held[1], self._count(self.pairs, pair))
            _fail(self.pairs, pair, now)
            _fail(self.addresses, place, now)
            _fail(self.accounts, account, now)
            return Verdict(0.0, "", self.pairs[pair].count)

    def succeeded(self, username: str, address: str) -> None:
        """The wiki accepted the password: this account's failures from this address are forgotten, and
        the try is taken back from the address's and the account's counts."""
        account, place = account_key(username), address_key(address)
        with self._lock:
            self.pairs.pop((account, place), None)
            self._take_back(self.addresses, place)
            self._take_back(self.accounts, account)

    def unchecked(self, username: str, address: str) -> None:
        """The wiki could not check the password: the try counts for nothing."""
        account, place = account_key(username), address_key(address)
        with self._lock:
            self._take_back(self.pairs, (account, place))
            self._take_back(self.addresses, place)
            self._take_back(self.accounts, account)

    def _wait(self, entry: _Failures | None, allowed: int, now: float) -> float:
        if entry is None or entry.count < allowed:
            return 0.0
        wait = min(self.first_wait * 2 ** (entry.count - allowed), self.wait_max)
        return max(0.0, entry.last + wait - now)

    @staticmethod
    def _count(table: TTLCache, key: object) -> int:
        entry = table.get(key)
        return entry.count if entry else 0

    @staticmethod
    def _take_back(table: TTLCache, key: object) -> None:
        entry = table.get(key)
        if entry is None:
            return
        if entry.count <= 1:
            table.pop(key, None)
        else:
            entry.count -= 1  # in place: the expiry stays that of the last failure
