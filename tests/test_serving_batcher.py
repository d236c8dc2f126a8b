"""The verifier server's micro-batcher with a plain function as the model: concurrent requests share calls,
each caller gets its own results in order, and one request's bad input fails only that request."""

from __future__ import annotations

import asyncio
import time

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


def test_max_batch_caps_a_call_at_whole_requests() -> None:
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
