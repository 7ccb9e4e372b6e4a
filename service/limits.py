"""How many solves a process runs at once, and who waits: interactive work before batches.

`SolveSlots.run` runs one engine call in a worker thread once one of `SOLVE_THREADS` slots is
free. Waiting calls are served by priority: every interactive call (a single analysis, a bot's
turn) before any batch call, each kind in arrival order. So a batch uses the threads that
interactive work leaves, and a single analysis waits at most for the solves running (and the
interactive calls ahead of it), never behind a batch's queue.

An interactive call is refused at once with :class:`OverloadedError` (HTTP 503 with
`Retry-After`) when every slot is taken and `MAX_QUEUED_SOLVES` interactive calls already wait,
plus one for each batch call running: a batch never makes a single analysis fail, as those
threads would otherwise have run interactive work. Batch calls never count against the queue
(their callers bound their own number). A call that
cannot start before its deadline is refused the same way. A call that has started is given the
time left before the deadline when its slot is taken (after the wait), so the engine itself
stops in time; it is also handed a `_solver.Cancel` flag, set when the call is cancelled (its
client went away), which stops the engine as its time running out would: the slot is free
again within milliseconds instead of at the deadline. A waiting call that is cancelled gives
its place in the queue up at once.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

import anyio
import anyio.to_thread

from service import _solver, metrics

T = TypeVar("T")
Priority = Literal["interactive", "batch"]

RETRY_AFTER_S = 1


class OverloadedError(Exception):
    """No solve slot is free, and the queue is full or the deadline passed."""


@dataclass(eq=False)
class Waiter:
    """One call waiting for a slot; `granted` once a released slot is handed to it."""

    granted: bool = False
    event: anyio.Event = field(default_factory=anyio.Event)


class SolveSlots:
    def __init__(self, threads: int, max_queued: int) -> None:
        self.free = threads
        self.max_queued = max_queued
        self.queues: dict[Priority, deque[Waiter]] = {"interactive": deque(), "batch": deque()}
        self.running: dict[Priority, int] = {"interactive": 0, "batch": 0}
        # The slots do the limiting; the thread call must not also wait on anyio's default
        # limiter of 40 threads.
        self.threads = anyio.CapacityLimiter(threads)

    @property
    def waiting(self) -> int:
        """Interactive calls waiting for a slot (those that count against the queue's limit)."""
        return len(self.queues["interactive"])

    async def run(
        self,
        deadline: float,
        work: Callable[[int, _solver.Cancel], T],
        *,
        priority: Priority = "interactive",
    ) -> T:
        """`work(left_ms, cancel)` in a thread, once a slot is free and before `deadline`
        (monotonic); `left_ms` is the time left before the deadline when the slot was taken,
        `cancel` a flag set if this call is cancelled while `work` runs."""
        if priority == "interactive" and self.queue_full():
            metrics.OVERLOADED.inc()
            raise OverloadedError(f"every solve slot is taken and {self.waiting} solves wait")
        await self.acquire(deadline, priority)
        metrics.RUNNING.inc()
        self.running[priority] += 1
        left_ms = max(1, int((deadline - time.monotonic()) * 1000))
        try:
            return await self.in_thread(work, left_ms)
        finally:
            self.running[priority] -= 1
            metrics.RUNNING.dec()
            self.release()

    async def in_thread(self, work: Callable[[int, _solver.Cancel], T], left_ms: int) -> T:
        """`work` in a worker thread; cancelling this call sets the flag `work` holds, then
        waits for `work` to return (promptly, as the engine checks the flag as it checks its
        deadline) before the cancellation goes on, so the slot is never freed early."""
        cancel = _solver.Cancel()
        call = anyio.to_thread.run_sync(work, left_ms, cancel, limiter=self.threads)
        outcome = await beside(call, lambda _: set_when_cancelled(cancel))
        return outcome[0]  # a cancellation from outside is raised, never an empty outcome

    def queue_full(self) -> bool:
        """No slot is free and the interactive queue is full: `MAX_QUEUED_SOLVES`, and a place
        for each slot a batch holds."""
        return not self.free and self.waiting >= self.max_queued + self.running["batch"]

    def can_take_now(self, priority: Priority) -> bool:
        """A free slot that no waiting call of this priority or a higher one comes before."""
        ahead = self.queues["interactive"] or (priority == "batch" and self.queues["batch"])
        return self.free > 0 and not ahead

    async def acquire(self, deadline: float, priority: Priority) -> None:
        if self.can_take_now(priority):
            self.free -= 1
            return
        waiter = Waiter()
        self.queues[priority].append(waiter)
        metrics.QUEUE_DEPTH.inc()
        try:
            with anyio.fail_after(max(0.0, deadline - time.monotonic())):
                await waiter.event.wait()
        except TimeoutError:
            self.give_up(waiter, priority)
            metrics.OVERLOADED.inc()
            raise OverloadedError(
                "no solve slot became free before the request's deadline"
            ) from None
        except BaseException:  # cancelled: the client went away
            self.give_up(waiter, priority)
            raise
        finally:
            metrics.QUEUE_DEPTH.dec()

    def give_up(self, waiter: Waiter, priority: Priority) -> None:
        """A waiter leaves: its place in the queue, or the slot handed to it meanwhile."""
        if waiter.granted:
            self.release()
        else:
            self.queues[priority].remove(waiter)

    def release(self) -> None:
        """Hands the slot to the first interactive waiter, else the first batch waiter."""
        for queue in self.queues.values():
            if queue:
                waiter = queue.popleft()
                waiter.granted = True
                waiter.event.set()
                return
        self.free += 1


async def beside(
    work: Awaitable[T], watch: Callable[[anyio.CancelScope], Coroutine[Any, Any, None]]
) -> list[T]:
    """`work`'s result (in a list), while `watch(scope)` runs beside it until `work` ends;
    empty if `watch` cancelled `scope`, which `work` runs in. What `work` raises is raised as it
    is, not wrapped in the task group's ExceptionGroup; so is a cancellation from outside."""
    outcome: list[T] = []
    failure: list[Exception] = []
    async with anyio.create_task_group() as group:
        group.start_soon(watch, group.cancel_scope)
        try:
            outcome.append(await work)
        except Exception as exc:
            failure.append(exc)
        group.cancel_scope.cancel()
    if failure:
        raise failure[0]
    return outcome


async def set_when_cancelled(cancel: _solver.Cancel) -> None:
    """Sets `cancel` once this task is cancelled (after the thread returns, a flag no one reads)."""
    try:
        await anyio.sleep_forever()
    finally:
        cancel.set()
