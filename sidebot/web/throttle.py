"""Password logins slowed down after failures, per account and per address, before the wiki is asked.

Without it the login form would be a password-guessing front end for the wiki's accounts, and the wiki's
own throttle would see every guess coming from the bot's address. After ``login_max_failures`` failed
logins for one account (or four times as many from one address), each further try must wait
``login_wait`` seconds, doubling with every further failure up to ``login_wait_max``; a key with no failure
for ``login_wait_max`` seconds starts over, and a successful login clears its account's count. Refused
tries never reach the wiki. The counts live in the ``sidebot serve`` process (one per deployment), so a
restart forgets them: the wait is a brake on guessing, the wiki's own throttle stays the wall.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

ADDRESS_FACTOR = 4  # one address may fail this many times more than one account (people share addresses)


@dataclass(slots=True)
class _Failures:
    count: int = 0
    last: float = 0.0


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a login may be tried now: ``wait`` seconds to go (0: yes), and whose failures hold it."""

    wait: float
    held_by: str = ""  # "this account" or "this address"


def account_key(username: str) -> str:
    """A username as the wiki compares it: underscores as spaces, one space, first letter upper case."""
    name = " ".join(username.replace("_", " ").split())
    return name[:1].upper() + name[1:]


class LoginThrottle:
    """Failed-login counts by account and by address (thread-safe)."""

    def __init__(
        self, max_failures: int, wait: float, wait_max: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.max_failures, self.first_wait, self.wait_max, self.clock = max_failures, wait, wait_max, clock
        self._failures: dict[tuple[str, str], _Failures] = {}
        self._lock = threading.Lock()

    def check(self, username: str, address: str) -> Verdict:
        """How long a login for ``username`` from ``address`` must wait now."""
        with self._lock:
            account = self._wait(("account", account_key(username)), self.max_failures)
            place = self._wait(("address", address), self.max_failures * ADDRESS_FACTOR)
        if account >= place:
            return Verdict(account, "this account" if account else "")
        return Verdict(place, "this address")

    def failed(self, username: str, address: str) -> int:
        """Count a failed login; returns the account's failures so far."""
        now = self.clock()
        with self._lock:
            for key in (("account", account_key(username)), ("address", address)):
                entry = self._current(key, now)
                entry.count, entry.last = entry.count + 1, now
            return self._failures[("account", account_key(username))].count

    def succeeded(self, username: str) -> None:
        with self._lock:
            self._failures.pop(("account", account_key(username)), None)

    def _current(self, key: tuple[str, str], now: float) -> _Failures:
        entry = self._failures.get(key)
        if entry is None or now - entry.last > self.wait_max:
            entry = self._failures[key] = _Failures()
        return entry

    def _wait(self, key: tuple[str, str], allowed: int) -> float:
        now = self.clock()
        entry = self._current(key, now)
        if entry.count < allowed:
            return 0.0
        wait = min(self.first_wait * 2 ** (entry.count - allowed), self.wait_max)
        return max(0.0, entry.last + wait - now)
