"""Micro-batching across callers, fairly: the citations of concurrent requests go through shared model calls,
and a big request is cut into slices taken in turn with everyone else's, so it cannot make them wait.

KServe's request batcher is a sidecar of its Kubernetes deployment (the Go agent), not part of the Python
model server, so the server batches itself: requests wait in a line; one worker waits ``max_wait`` seconds
for others to arrive (unless ``max_batch`` citations already wait), then fills a model call of at most
``max_batch`` citations by giving every waiting request an equal share of it (a request with fewer left gives
its room to the others), runs the call in its own thread and hands each caller its share of the results. A
request with citations left goes to the back of the line. So a caller with one citation waits for at most
the model call running when it arrived and its own, whatever the size of the others' requests; under load
calls fill up by themselves, and an idle server adds at most ``max_wait``.

A caller that gives up (its time budget ran out, it disconnected) cancels its request: its slices not yet
run are dropped.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Generic, TypeVar

T = TypeVar("T")
R = TypeVar("R")


@dataclass(eq=False)
class _Request(Generic[T, R]):
    items: Sequence[T]
    done: asyncio.Future[list[R]] = field(default_factory=lambda: asyncio.get_running_loop().create_future())
    taken: int = 0  # items handed to the model so far (slices are taken in order)
    results: list[R] = field(default_factory=list)

    @property
    def left(self) -> int:
        return len(self.items) - self.taken


@dataclass(frozen=True)
class _Slice(Generic[T, R]):
    request: _Request[T, R]
    start: int
    stop: int

    @property
    def items(self) -> Sequence[T]:
        return self.request.items[self.start : self.stop]


class MicroBatcher(Generic[T, R]):
    """Runs ``run`` (items in, one result per item out, in order) over batches of at most ``max_batch``
    items, shared fairly by the waiting requests.

    ``on_batch(requests, items)`` is told the size of every batch run (the server's metrics)."""

    def __init__(
        self,
        run: Callable[[list[T]], list[R]],
        max_batch: int = 64,
        max_wait: float = 0.002,
        on_batch: Callable[[int, int], None] | None = None,
    ) -> None:
        self._run = run
        self.max_batch = max_batch
        self.max_wait = max_wait
        self._on_batch = on_batch
        self._line: deque[_Request[T, R]] = deque()
        self._arrived: asyncio.Event | None = None
        self._worker: asyncio.Task | None = None
        # One model call at a time: torch already uses every core inside a call
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="model")

    async def submit(self, items: Sequence[T]) -> list[R]:
        """The results for ``items``, computed in batches shared with whatever other requests wait.
        Cancelling the caller drops the request's slices not yet run."""
        if not items:
            return []
        if self._arrived is None:  # created on the server's event loop, at the first request
            self._arrived = asyncio.Event()
            self._worker = asyncio.create_task(self._work())
        request: _Request[T, R] = _Request(items)
        self._line.append(request)
        self._arrived.set()
        return await request.done  # a cancelled caller cancels this future too

    async def _work(self) -> None:
        while True:
            batch = await self._next_batch()
            try:
                await self._answer(batch)
            except Exception as exc:
                if len(batch) == 1:
                    _settle(batch[0].request, exc)
                    continue
                # One request's bad input must not fail the callers it shared a batch with: run each alone
                for piece in batch:
                    try:
                        await self._answer([piece])
                    except Exception as alone:
                        _settle(piece.request, alone)

    async def _next_batch(self) -> list[_Slice[T, R]]:
        """Wait for work, then ``max_wait`` for more (while fewer than ``max_batch`` items wait); take a fair
        batch."""
        assert self._arrived is not None
        loop = asyncio.get_running_loop()
        while not self._waiting():
            self._arrived.clear()
            await self._arrived.wait()
        deadline = loop.time() + self.max_wait
        while sum(r.left for r in self._line) < self.max_batch:
            left = deadline - loop.time()
            if left <= 0:
                break
            self._arrived.clear()
            try:
                await asyncio.wait_for(self._arrived.wait(), left)
            except TimeoutError:
                break
            self._waiting()
        return self._take()

    def _waiting(self) -> bool:
        """Drop requests whose caller gave up (or that failed); whether any still wait."""
        live = [r for r in self._line if not r.done.done()]
        if len(live) != len(self._line):
            self._line = deque(live)
        return bool(live)

    def _take(self) -> list[_Slice[T, R]]:
        """Up to ``max_batch`` items: equal shares for the requests in line (water-filling), in line order;
        a request with items left moves to the back of the line."""
        line = list(self._line)
        counts = [0] * len(line)
        room = self.max_batch
        while room > 0:
            open_ = [k for k, r in enumerate(line) if r.left > counts[k]]
            if not open_:
                break
            share = max(1, room // len(open_))
            for k in open_:
                give = min(share, line[k].left - counts[k], room)
                counts[k] += give
                room -= give
                if room == 0:
                    break
        batch = []
        for request, count in zip(line, counts):
            if count:
                batch.append(_Slice(request, request.taken, request.taken + count))
                request.taken += count
        # a request given nothing keeps its place; one served that has items left goes to the back
        kept = [r for r, count in zip(line, counts) if r.left and not count]
        self._line = deque(kept + [r for r, count in zip(line, counts) if r.left and count])
        return batch

    async def _answer(self, batch: list[_Slice[T, R]]) -> None:
        """Run ``batch`` as one model call and give each request its results (settled once complete)."""
        flat = [item for piece in batch for item in piece.items]
        if self._on_batch:
            self._on_batch(len(batch), len(flat))
        results = await asyncio.get_running_loop().run_in_executor(self._executor, self._run, flat)
        if len(results) != len(flat):
            raise RuntimeError(f"the model gave {len(results)} results for {len(flat)} items")
        at = 0
        for piece in batch:
            request = piece.request
            request.results.extend(results[at : at + len(piece.items)])
            at += len(piece.items)
            if len(request.results) == len(request.items):
                _settle(request, request.results)


def _settle(request: _Request[T, R], outcome: list[R] | Exception) -> None:
    """Hand ``request`` its results or error, unless its caller gave up (disconnected) meanwhile."""
    if request.done.done():
        return
    if isinstance(outcome, Exception):
        request.done.set_exception(outcome)
    else:
        request.done.set_result(outcome)
