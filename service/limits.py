"""How many solves a process runs at once, and how many may wait: never an unbounded queue.

`SolveSlots.run` runs one engine call in a worker thread once one of `SOLVE_THREADS` slots is
free. If every slot is taken and `MAX_QUEUED_SOLVES` calls already wait, it refuses at once with
:class:`OverloadedError` (HTTP 503 with `Retry-After`); a call that cannot start before its deadline
is refused the same way. A call that has started is never abandoned: it is given the time left
before the deadline when its slot is taken (after the wait), so the engine itself stops in time.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

import anyio
import anyio.to_thread

from service import metrics

T = TypeVar("T")

RETRY_AFTER_S = 1


class OverloadedError(Exception):
    """No solve slot is free, and the queue is full or the deadline passed."""


class SolveSlots:
    def __init__(self, threads: int, max_queued: int) -> None:
        self.limiter = anyio.CapacityLimiter(threads)
        self.max_queued = max_queued
        # The slots do the limiting; the thread call must not also wait on anyio's default
        # limiter of 40 threads.
        self.threads = anyio.CapacityLimiter(threads)

    @property
    def waiting(self) -> int:
        return int(self.limiter.statistics().tasks_waiting)

    async def run(self, deadline: float, work: Callable[[int], T], *, wait: bool = False) -> T:
        """`work(left_ms)` in a thread, once a slot is free and before `deadline` (monotonic);
        `left_ms` is the time left before the deadline when the slot was taken.

        With `wait`, a full queue does not refuse the call: for callers that bound their own
        number of waiting calls (a batch's workers).
        """
        busy = self.limiter.borrowed_tokens >= self.limiter.total_tokens
        if busy and self.waiting >= self.max_queued and not wait:
            metrics.OVERLOADED.inc()
            raise OverloadedError(f"every solve slot is taken and {self.waiting} solves wait")
        metrics.QUEUE_DEPTH.inc()
        try:
            with anyio.fail_after(max(0.0, deadline - time.monotonic())):
                await self.limiter.acquire()
        except TimeoutError:
            metrics.OVERLOADED.inc()
            raise OverloadedError(
                "no solve slot became free before the request's deadline"
            ) from None
        finally:
            metrics.QUEUE_DEPTH.dec()
        metrics.RUNNING.inc()
        left_ms = max(1, int((deadline - time.monotonic()) * 1000))
        try:
            return await anyio.to_thread.run_sync(work, left_ms, limiter=self.threads)
        finally:
            metrics.RUNNING.dec()
            self.limiter.release()
