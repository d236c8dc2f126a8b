"""The login throttle's counts (sidebot.web.throttle) on their own, with a hand-moved clock in place of
time.monotonic (the throttle's own clock parameter), so waits of minutes pass at once. The same rules
through the app, with the local wiki checking the passwords: tests/test_web_login.py."""

from __future__ import annotations

import tracemalloc

import pytest

from sidebot.web.throttle import ACCOUNT_FACTOR, ADDRESS_FACTOR, LoginThrottle, address_key

MAX, WAIT, WAIT_MAX = 5, 30.0, 900.0
OWNER, GUESSER, VICTIM = "203.0.113.9", "198.51.100.7", "Demo Reviewer"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def throttle(clock: Clock) -> LoginThrottle:
    return LoginThrottle(MAX, WAIT, WAIT_MAX, size=1000, clock=clock)


def _fail(throttle: LoginThrottle, username: str, address: str, times: int = 1) -> None:
    """Wrong passwords: each try that may start counts as a failure and is never taken back."""
    for _ in range(times):
        assert throttle.attempt(username, address).wait == 0


def test_others_failures_never_hold_the_right_password_from_an_address_that_has_not_failed(
    throttle: LoginThrottle, clock: Clock
):
    """Issue 52, break 5: five wrong passwords from anyone held Demo Reviewer's own right password."""
    _fail(throttle, VICTIM, GUESSER, MAX)
    held = throttle.attempt(VICTIM, GUESSER)
    assert held.wait == WAIT and held.held_by == "this account" and held.failures == MAX
    assert throttle.attempt(VICTIM, OWNER).wait == 0  # the owner, from their own address
    throttle.succeeded(VICTIM, OWNER)
    # many addresses guessing at the account: each that failed on it is held, the owner's is not
    for n in range(MAX * ACCOUNT_FACTOR):
        _fail(throttle, VICTIM, f"192.0.2.{n}")
    assert throttle.attempt(VICTIM, "192.0.2.0").wait > 0
    assert throttle.attempt(VICTIM, OWNER).wait == 0


def test_one_guess_at_each_end_of_the_wait_holds_only_the_guesser(throttle: LoginThrottle, clock: Clock):
    """Break 5: one wrong try each time the wait ended kept the account locked for good."""
    _fail(throttle, VICTIM, GUESSER, MAX)
    waits = []
    for _ in range(12):  # hours of guessing, one try at each end of the wait
        verdict = throttle.attempt(VICTIM, GUESSER)
        assert verdict.wait > 0
        waits.append(verdict.wait)
        clock.now += verdict.wait
        _fail(throttle, VICTIM, GUESSER)
        assert throttle.attempt(VICTIM, OWNER).wait == 0  # the owner logs in every time
        throttle.succeeded(VICTIM, OWNER)
    assert waits[:5] == [30, 60, 120, 240, 480] and set(waits[5:]) == {WAIT_MAX}  # doubling, capped


def test_one_address_guessing_over_many_accounts_is_held_for_all(throttle: LoginThrottle, clock: Clock):
    for n in range(MAX * ADDRESS_FACTOR):
        _fail(throttle, f"Someone {n}", GUESSER)
    held = throttle.attempt("Someone new", GUESSER)
    assert held.wait == WAIT and held.held_by == "this address"
    assert throttle.attempt("Someone new", OWNER).wait == 0
    clock.now += WAIT
    assert throttle.attempt("Someone new", GUESSER).wait == 0
    assert throttle.attempt("Someone newer", GUESSER).wait == 2 * WAIT


def test_tries_sent_at_once_count_before_the_wiki_answers(throttle: LoginThrottle):
    """The wrong-password path stays costly from one address: 50 tries at once, none answered yet, and only
    the allowed number may go on to the wiki."""
    allowed = [throttle.attempt(VICTIM, GUESSER).wait == 0 for _ in range(50)]
    assert sum(allowed) == MAX and all(allowed[:MAX])


def test_a_success_forgets_the_pair_and_an_unchecked_try_counts_for_nothing(throttle: LoginThrottle):
    _fail(throttle, VICTIM, OWNER, MAX - 1)  # typos
    assert throttle.attempt(VICTIM, OWNER).wait == 0
    throttle.succeeded(VICTIM, OWNER)
    assert throttle.attempt("demo_Reviewer", OWNER).failures == 1  # the wiki's spelling: a fresh count
    throttle.unchecked("demo_Reviewer", OWNER)  # the wiki could not say
    for _ in range(MAX):
        assert throttle.attempt(VICTIM, GUESSER).wait == 0
        throttle.unchecked(VICTIM, GUESSER)
    assert throttle.attempt(VICTIM, GUESSER).failures == 1
    assert list(throttle.pairs) == [(VICTIM, GUESSER)]  # the owner's typos are forgotten for the account
    assert {a: f.count for a, f in throttle.addresses.items()} == {OWNER: MAX - 1, GUESSER: 1}
    assert throttle.accounts[VICTIM].count == MAX


def test_counts_expire_twice_the_longest_wait_after_the_last_failure(throttle: LoginThrottle, clock: Clock):
    _fail(throttle, VICTIM, GUESSER, MAX)
    assert throttle.attempt(VICTIM, GUESSER).wait == WAIT
    clock.now += 2 * WAIT_MAX - 1
    assert throttle.attempt(VICTIM, GUESSER).failures == MAX + 1  # still counted
    clock.now += 2 * WAIT_MAX
    for table in (throttle.pairs, throttle.addresses, throttle.accounts):
        table.expire()
        assert len(table) == 0
    assert throttle.attempt(VICTIM, GUESSER).failures == 1  # started over


def test_memory_stays_bounded_for_any_number_of_names(clock: Clock):
    """Break 5: the table grew by one entry per username tried, refused or not (+14.7 MB for 30,000
    names). Now: refused tries store nothing, and each table holds at most ``size`` entries (LRU): here
    ``size`` 500 and six times as many names (the default is 10,000 entries; figures in the README)."""
    throttle = LoginThrottle(MAX, WAIT, WAIT_MAX, size=500, clock=clock)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for n in range(3000):  # one address: held after MAX * ADDRESS_FACTOR names
            throttle.attempt(f"Name {n} " + "x" * 200, GUESSER)
        assert len(throttle.pairs) == len(throttle.accounts) == MAX * ADDRESS_FACTOR
        for n in range(3000):  # 3,000 addresses (a botnet), one name each
            throttle.attempt(f"Other {n} " + "x" * 200, f"10.{n // 65536}.{n // 256 % 256}.{n % 256}")
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert max(len(throttle.pairs), len(throttle.addresses), len(throttle.accounts)) == 500
    assert grown < 1_000_000, grown


def test_an_ipv6_subscriber_counts_as_one_address():
    assert address_key("2001:db8:1:2:aaaa::1") == address_key("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("::ffff:198.51.100.7") == "198.51.100.7" == address_key("198.51.100.7")
    assert address_key("testclient") == "testclient"
