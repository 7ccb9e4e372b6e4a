"""A circuit breaker: after some failures in a row, stop calling a flaky dependency for a while.

Closed: calls go through and failures are counted; a success resets the count. After
`failures` in a row the breaker opens: calls are refused at once, without touching the
dependency, for `reset_s` seconds. Then it is half-open: one call is let through as a trial;
its success closes the breaker, its failure opens it again. No retries, so no retry storms.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class CircuitBreaker:
    failures: int
    reset_s: float
    clock: Callable[[], float] = time.monotonic
    failed_in_a_row: int = 0
    opened_at: float | None = None
    trial_running: bool = field(default=False)

    @property
    def state(self) -> str:
        """`closed`, `open` or `half-open`."""
        if self.opened_at is None:
            return "closed"
        if self.clock() - self.opened_at < self.reset_s:
            return "open"
        return "half-open"

    def allow(self) -> bool:
        """Whether a call may go to the dependency now; in half-open, only one trial at a time."""
        state = self.state
        if state == "closed":
            return True
        if state == "half-open" and not self.trial_running:
            self.trial_running = True
            return True
        return False

    def succeeded(self) -> None:
        self.failed_in_a_row = 0
        self.opened_at = None
        self.trial_running = False

    def failed(self) -> None:
        self.failed_in_a_row += 1
        if self.trial_running or self.failed_in_a_row >= self.failures:
            self.opened_at = self.clock()
        self.trial_running = False
