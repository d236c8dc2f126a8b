"""Micro-batching across callers: the citations of concurrent requests go through one model call.

KServe's request batcher is a sidecar of its Kubernetes deployment (the Go agent), not part of the Python
model server, so the server batches itself: requests wait in a queue; one worker takes the first, gathers
whatever else arrives within ``max_wait`` seconds (whole requests, until the batch holds ``max_batch``
citations or more), runs the batch in its own thread and hands each caller its share. While a batch runs,
new requests queue up and form the next one, so under load batches grow by themselves and an idle server
adds at most ``max_wait``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Generic, TypeVar

T = TypeVar("T")
R = TypeVar("R")


@dataclass
class _Request(Generic[T, R]):
    items: Sequence[T]
    done: asyncio.Future[list[R]] = field(default_factory=lambda: asyncio.get_running_loop().create_future())


class MicroBatcher(Generic[T, R]):
    """Runs ``run`` (items in, one result per item out, in order) over batches of several requests' items.

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
        self._queue: asyncio.Queue[_Request[T, R]] | None = None
        self._worker: asyncio.Task | None = None
        # One model call at a time: torch already uses every core inside a call
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="model")

    async def submit(self, items: Sequence[T]) -> list[R]:
        """The results for ``items``, computed in a batch with whatever other requests are waiting."""
        if not items:
            return []
        if self._queue is None:  # created on the server's event loop, at the first request
            self._queue = asyncio.Queue()
            self._worker = asyncio.create_task(self._work())
        request: _Request[T, R] = _Request(items)
        await self._queue.put(request)
        return await request.done

    async def _work(self) -> None:
        assert self._queue is not None
        while True:
            batch = await self._gather(await self._queue.get())
            try:
                await self._answer(batch)
            except Exception as exc:
                if len(batch) == 1:
                    _settle(batch[0], exc)
                    continue
                # One request's bad input must not fail the callers it shared a batch with: run each alone
                for request in batch:
                    try:
                        await self._answer([request])
                    except Exception as alone:
                        _settle(request, alone)

    async def _answer(self, batch: list[_Request[T, R]]) -> None:
        """Run ``batch`` as one model call and give each request its results."""
        flat = [item for request in batch for item in request.items]
        if self._on_batch:
            self._on_batch(len(batch), len(flat))
        results = await asyncio.get_running_loop().run_in_executor(self._executor, self._run, flat)
        if len(results) != len(flat):
            raise RuntimeError(f"the model gave {len(results)} results for {len(flat)} items")
        at = 0
        for request in batch:
            _settle(request, results[at : at + len(request.items)])
            at += len(request.items)

    async def _gather(self, first: _Request[T, R]) -> list[_Request[T, R]]:
        """``first`` and the requests that arrive within ``max_wait``, while the batch has room."""
        assert self._queue is not None
        batch, size = [first], len(first.items)
        deadline = asyncio.get_running_loop().time() + self.max_wait
        while size < self.max_batch:
            try:
                left = deadline - asyncio.get_running_loop().time()
                request = (
                    self._queue.get_nowait() if left <= 0 else await asyncio.wait_for(self._queue.get(), left)
                )
            except (asyncio.QueueEmpty, TimeoutError):
                break
            batch.append(request)
            size += len(request.items)
        return batch


def _settle(request: _Request[T, R], outcome: list[R] | Exception) -> None:
    """Hand ``request`` its results or error, unless its caller gave up (disconnected) meanwhile."""
    if request.done.done():
        return
    if isinstance(outcome, Exception):
        request.done.set_exception(outcome)
    else:
        request.done.set_result(outcome)
