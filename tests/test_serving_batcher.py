"""The verifier server's micro-batcher with a plain function as the model: concurrent requests share calls,
each caller gets its own results in order, one request's bad input fails only that request, and a big
request is cut into slices taken in turn with the others' (it cannot starve them)."""

from __future__ import annotations

import asyncio
import time

import pytest

from sidebot.serving.batcher import MicroBatcher


class Model:
    """Squares numbers, one call at a time, slowly enough for requests to queue; refuses negative input."""

    def __init__(self) -> None:
        self.calls: list[list[int]] = []

    def __call__(self, items: list[int]) -> list[int]:
        self.calls.append(list(items))
        time.sleep(0.05)
        if any(x < 0 for x in items):
            raise ValueError(f"negative input in {items}")
        return [x * x for x in items]


def test_concurrent_requests_share_model_calls_and_get_their_own_results() -> None:
    model = Model()
    sizes: list[tuple[int, int]] = []

    async def main() -> list[list[int]]:
        batcher = MicroBatcher(model, max_batch=64, max_wait=0.01, on_batch=lambda r, c: sizes.append((r, c)))
        return await asyncio.gather(*(batcher.submit([k, k + 10]) for k in range(6)))

    results = asyncio.run(main())
    assert results == [[k * k, (k + 10) ** 2] for k in range(6)]
    assert len(model.calls) < 6 and sum(c for _, c in sizes) == 12
    assert max(r for r, _ in sizes) > 1


def test_max_batch_caps_every_call() -> None:
    model = Model()

    async def main() -> None:
        batcher = MicroBatcher(model, max_batch=4, max_wait=0.05)
        await asyncio.gather(*(batcher.submit([k, k]) for k in range(6)))

    asyncio.run(main())
    assert all(len(call) <= 4 for call in model.calls) and sum(map(len, model.calls)) == 12


def test_a_bad_request_fails_alone() -> None:
    model = Model()

    async def main() -> list[object]:
        batcher = MicroBatcher(model, max_batch=64, max_wait=0.05)
        requests = [batcher.submit([1, 2]), batcher.submit([-1]), batcher.submit([3])]
        return await asyncio.gather(*requests, return_exceptions=True)

    good, bad, other = asyncio.run(main())
    assert good == [1, 4] and other == [9]
    assert isinstance(bad, ValueError) and "negative input in [-1]" in str(bad)
    assert [1, 2, -1, 3] in model.calls, "the three requests never shared a call"


def test_an_empty_request_needs_no_model_call() -> None:
    model = Model()
    assert asyncio.run(MicroBatcher(model).submit([])) == [] and model.calls == []


def test_a_big_request_is_sliced_and_cannot_starve_a_small_one() -> None:
    """A 40-item request first, a 1-item one while the big one's first call runs: the small one rides the
    next call (equal shares), not the fifth; the big one gets all its results, in order."""
    model = Model()
    finished: list[str] = []

    async def main() -> tuple[list[int], list[int]]:
        batcher = MicroBatcher(model, max_batch=8, max_wait=0.001)

        async def big() -> list[int]:
            result = await batcher.submit(list(range(100, 140)))
            finished.append("big")
            return result

        async def small() -> list[int]:
            while not model.calls:  # the big request's first call has started
                await asyncio.sleep(0.001)
            result = await batcher.submit([7])
            finished.append("small")
            return result

        return await asyncio.gather(big(), small())

    big, small = asyncio.run(main())
    assert big == [x * x for x in range(100, 140)] and small == [49]
    assert all(len(call) <= 8 for call in model.calls) and sum(map(len, model.calls)) == 41
    assert 7 in model.calls[1], f"the small request waited for {model.calls}"
    assert finished == ["small", "big"]


def test_shares_are_equal_and_the_line_rotates() -> None:
    """Three requests waiting at once share a call of 6 as 3 + 2 + 1 (the third has one item: its room goes
    to the others); with room for two, the one left out goes first next time."""
    model = Model()

    async def main(max_batch: int, requests: list[list[int]]) -> list[list[int]]:
        batcher = MicroBatcher(model, max_batch=max_batch, max_wait=0.05)
        return await asyncio.gather(*(batcher.submit(r) for r in requests))

    assert asyncio.run(main(6, [[1, 2, 3, 4], [5, 6, 7], [8]])) == [[1, 4, 9, 16], [25, 36, 49], [64]]
    assert model.calls == [[1, 2, 3, 5, 6, 8], [4, 7]]
    model.calls.clear()
    assert asyncio.run(main(2, [[1, 2], [3, 4], [5, 6]])) == [[1, 4], [9, 16], [25, 36]]
    assert model.calls == [[1, 3], [5, 2], [4, 6]]


def test_a_caller_that_gives_up_drops_its_remaining_slices() -> None:
    model = Model()

    async def main() -> None:
        batcher = MicroBatcher(model, max_batch=4, max_wait=0.001)
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(batcher.submit(list(range(40))), 0.07)
        assert await batcher.submit([3]) == [9]

    asyncio.run(main())
    assert sum(map(len, model.calls)) < 20, f"the abandoned request kept the model busy: {model.calls}"
