"""One analysis, as the HTTP routes, the batch route and the CLI run it: limits, cache, engine.

`Analyzer.analyze(game, request)` checks the service's limits on the request (the time budget),
then looks up the request itself: a first-level key, the hash of its JSON with sorted keys and
without the budget's clock, maps a request already answered to its cache key, so that a hit
needs no engine call. Otherwise it asks the engine for the canonical position and looks its key
up in the cache (two forms of one position share that entry). The same analysis asked while one
is being solved waits for that solve's answer, when it is kept, instead of solving it again (a
`hit`; a single analysis never waits so for a batch's solve, which may still be queued). On a
miss it runs the engine in a solve slot, with its time capped to what is left of the request's
deadline when the slot is taken (`budget.deadline_ms`, which the engine applies over its own
default time), and stores the answers that the clock did not shape: exact ones (`exact: true`)
and sampled ones that did every world or iteration asked (`reproducible: true`), kept under
their seed and budget but for its clock (`time_ms`). A complete position given with its deal is
solved from the deal's table (`service.tables`), which is stored again after the solve. The
answer is the engine's JSON with `"cache"` added in front: `hit`, `miss` or `bypassed` (Redis
should have been asked, for the answer or the table, but was not usable). Every method and game
goes through the same path; the engine judges the rest.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import anyio
import anyio.to_thread
import msgspec

from service import _solver, metrics
from service.breaker import CircuitBreaker
from service.cache import Cache, CacheStatus, LocalCache, cache_key
from service.errors import ProblemError, invalid_field, overloaded, solver_problem
from service.limits import RETRY_AFTER_S, OverloadedError, Priority, SolveSlots
from service.redis_store import RedisStore
from service.settings import Settings
from service.tables import DealTables, table_key

# Request fields that are not parameters of the answer (the method is keyed on its own).
NOT_IN_KEY = ("position", "method")
# Budget fields that only decide whether an answer finishes, not what a finished one says.
CLOCK_FIELDS = ("time_ms", "deadline_ms")
# The seed the engine's sampled methods take when the request names none (`DEFAULT_SEED` in
# solver/src/analysis/mod.rs): a request without one is keyed as one that names it.
DEFAULT_SEED = 1


class EngineOutcome(msgspec.Struct):
    """The parts of an engine answer that the service reads."""

    exact: bool = False
    reproducible: bool = False
    stats: dict[str, Any] = msgspec.field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Answer:
    body: bytes
    cache: CacheStatus


@dataclass(frozen=True, slots=True)
class SolveJob:
    """One analysis for the engine; its time is cut to the deadline once it has a slot."""

    game: str
    request: dict[str, Any]
    time_ms: int
    deadline: float
    priority: Priority  # batch: after every interactive call, never refused for a full queue

    def engine_call(
        self, table: bytes | None
    ) -> Callable[[int, _solver.Cancel], tuple[str, bytes]]:
        """The call a slot runs with the time left then: the time asked, cut to what is left
        (`budget.deadline_ms`), ending early if `cancel` is set; from `table`, handing back
        the table after, when given."""

        def call(left_ms: int, cancel: _solver.Cancel) -> tuple[str, bytes]:
            body = msgspec.json.encode(capped_budget(self.request, min(self.time_ms, left_ms)))
            if table is None:
                return _solver.call(self.game, "analyze", body, cancel), b""
            return _solver.analyze_seeded(self.game, body, table, cancel)

        return call


@dataclass(eq=False)
class Flight:
    """An analysis being solved: the same analysis asked meanwhile waits for its answer
    instead of solving it again, when that answer is kept (not shaped by the clock)."""

    priority: Priority
    done: anyio.Event = field(default_factory=anyio.Event)
    kept: bytes | None = None

    async def kept_answer(self) -> bytes | None:
        await self.done.wait()
        return self.kept

    def land(self, flights: dict[str, Flight], key: str) -> None:
        """The solve is over (answered, failed or cancelled): its followers go on."""
        if flights.get(key) is self:
            del flights[key]
        self.done.set()


@dataclass
class Analyzer:
    settings: Settings
    cache: Cache
    tables: DealTables
    slots: SolveSlots
    # First level: the hash of a request's own canonical JSON -> its engine-canonical cache key.
    aliases: LocalCache
    # Before it: the hash of a request's body as sent, byte for byte -> its first-level key.
    bodies: LocalCache
    # Solves under way, by cache key: the same analysis asked meanwhile waits for the first.
    flights: dict[str, Flight] = field(default_factory=dict)

    @classmethod
    def from_settings(cls, settings: Settings) -> Analyzer:
        shared = None
        if settings.redis_url:
            breaker = CircuitBreaker(
                settings.redis_breaker_failures, settings.redis_breaker_reset_ms / 1000
            )
            shared = RedisStore(settings.redis_url, settings.redis_timeout_ms, breaker)
        return cls(
            settings=settings,
            cache=Cache(LocalCache(settings.cache_size), shared),
            tables=DealTables(settings.table_cache_size, shared),
            slots=SolveSlots(settings.solve_threads, settings.max_queued_solves),
            aliases=LocalCache(settings.cache_size, metrics.ALIAS_EVICTIONS),
            bodies=LocalCache(settings.cache_size, metrics.ALIAS_EVICTIONS),
        )

    async def analyze(
        self, game: str, request: dict[str, Any], *, priority: Priority = "interactive"
    ) -> Answer:
        """Answers one analysis request; raises ProblemError for anything not answered.

        `priority` batch: the caller limits how many of its calls wait (a batch's fixed set
        of workers); the call waits for a slot after every interactive one instead of being
        refused when the queue is full.
        """
        deadline = time.monotonic() + self.settings.request_deadline_ms / 1000
        time_ms = self.asked_time_ms(request)
        alias = request_key(game, request)
        known = await self.known_answer(alias)
        if known is not None:
            return known
        method = str(request.get("method", "auto"))
        canonical = await self.canonical(game, request)
        key = cache_key(game, canonical, method, key_params(request))
        cached, status = await self.cache.get(key)
        if cached is None:
            cached, status = await self.joined(key, priority, status)
        if cached is not None:
            self.aliases.put(alias, key.encode())
            return Answer(with_cache_field(cached, status), status)
        job = SolveJob(game, request, time_ms, deadline, priority)
        return await self.solved(job, canonical, key, alias, status)

    async def answered_before(self, game: str, request: dict[str, Any]) -> Answer | None:
        """The cached answer of this request, in any key order, if it was answered before;
        no engine call, no thread (the time budget is checked still)."""
        self.asked_time_ms(request)
        return await self.known_answer(request_key(game, request))

    async def repeated_answer(self, game: str, body: bytes) -> Answer | None:
        """The cached answer of a request whose body is byte for byte one answered before: the
        body was read and checked then, so it is not decoded again."""
        alias = self.bodies.get(body_key(game, body))
        return None if alias is None else await self.known_answer(alias.decode())

    def remember_body(self, game: str, body: bytes, request: dict[str, Any]) -> None:
        """Notes that `body` (read as `request`) has been answered: a byte-identical request
        finds its first-level key without being decoded ([`repeated_answer`])."""
        self.bodies.put(body_key(game, body), request_key(game, request).encode())

    async def known_answer(self, alias: str) -> Answer | None:
        known = self.aliases.get(alias)
        if known is None:
            return None
        cached, status = await self.cache.get(known.decode())
        return None if cached is None else Answer(with_cache_field(cached, status), status)

    async def joined(
        self, key: str, priority: Priority, status: CacheStatus
    ) -> tuple[bytes | None, CacheStatus]:
        """The kept answer of the same analysis being solved now (a hit), if any; a single
        analysis does not wait for a batch's solve, which may still be queued."""
        flight = self.flights.get(key)
        if flight is None or (priority == "interactive" and flight.priority == "batch"):
            return None, status
        answer = await flight.kept_answer()
        return answer, "hit" if answer is not None else status

    async def solved(
        self, job: SolveJob, canonical: str, key: str, alias: str, status: CacheStatus
    ) -> Answer:
        """The job solved, with the same analyses asked meanwhile waiting for its answer."""
        flight = Flight(job.priority)
        if key not in self.flights or job.priority == "interactive":
            self.flights[key] = flight
        try:
            text, kept, status = await self.computed(job, canonical, key, status)
            if kept:
                self.aliases.put(alias, key.encode())
                flight.kept = text
        finally:
            flight.land(self.flights, key)
        return Answer(with_cache_field(text, status), status)

    async def computed(
        self, job: SolveJob, canonical: str, key: str, status: CacheStatus
    ) -> tuple[bytes, bool, CacheStatus]:
        """Solves the job and stores its answer if kept: (answer, kept, cache status)."""
        text, table_status = await self.solve_from_table(job, canonical)
        if table_status == "bypassed":
            status = "bypassed"
        if not self.kept(job.game, str(job.request.get("method", "auto")), text):
            return text, False, status
        if await self.cache.put(key, text) == "bypassed":
            status = "bypassed"
        return text, True, status

    async def canonical(self, game: str, request: dict[str, Any]) -> str:
        """The engine's canonical position of the request (a worker thread's call)."""
        try:
            return await anyio.to_thread.run_sync(
                _solver.call, game, "canonical", msgspec.json.encode(request)
            )
        except _solver.SolverError as exc:
            raise solver_problem(exc) from exc

    @staticmethod
    def kept(game: str, method: str, text: bytes) -> bool:
        """Counts a solve in the metrics; whether its answer may be cached (not clock-shaped)."""
        outcome = msgspec.json.decode(text, type=EngineOutcome)
        metrics.SOLVES.labels(game=game, method=method).inc()
        metrics.NODES.labels(game=game).inc(int(outcome.stats.get("nodes", 0)))
        metrics.SOLVE_SECONDS.labels(game=game).observe(outcome.stats.get("time_ms", 0) / 1000)
        return outcome.exact or outcome.reproducible

    def asked_time_ms(self, request: dict[str, Any]) -> int:
        """The time budget asked for, checked against MAX_TIME_MS; the limit if none."""
        limit = self.settings.max_time_ms
        budget = request.get("budget")
        asked = budget.get("time_ms") if isinstance(budget, dict) else None
        if asked is None:
            return limit
        if not isinstance(asked, int) or isinstance(asked, bool) or asked < 1:
            raise invalid_field("budget.time_ms", f"expected a positive integer, got {asked!r}")
        if asked > limit:
            raise invalid_field(
                "budget.time_ms", f"{asked} ms is over this service's limit of {limit} ms"
            )
        return asked

    async def solve_from_table(self, job: SolveJob, canonical: str) -> tuple[bytes, CacheStatus]:
        """The engine's answer, solved from the table of the request's deal (when it
        gives one), which is stored again; `bypassed` when Redis failed for the table."""
        deal_table = table_key(job.game, canonical, job.request)
        if deal_table is None:
            text, _ = await self.solve(job, None)
            return text, "miss"
        table, status = await self.tables.get(deal_table)
        text, after = await self.solve(job, table)
        if after and await self.tables.put(deal_table, after) == "bypassed":
            status = "bypassed"
        return text, status

    async def solve(self, job: SolveJob, table: bytes | None) -> tuple[bytes, bytes]:
        """The engine's answer, and the deal's table after the solve when `table` is given
        (the one to start from; empty for none)."""
        try:
            text, after = await self.slots.run(
                job.deadline, job.engine_call(table), priority=job.priority
            )
        except OverloadedError as exc:
            raise overloaded(f"the service is busy: {exc}", RETRY_AFTER_S) from exc
        except _solver.SolverError as exc:
            raise solver_problem(exc) from exc
        return text.encode(), after

    async def close(self) -> None:
        await self.cache.close()


def key_params(request: dict[str, Any]) -> dict[str, Any]:
    """The request's fields that a kept answer depends on: all but the position (keyed in its
    canonical form), the method (keyed on its own) and the budget's clock; the seed as the
    engine takes it, the default when none is named."""
    params = {k: v for k, v in request.items() if k not in NOT_IN_KEY}
    params.setdefault("seed", DEFAULT_SEED)
    budget = params.pop("budget", None)
    if isinstance(budget, dict):
        budget = {k: v for k, v in budget.items() if k not in CLOCK_FIELDS}
    if budget:
        params["budget"] = budget
    return params


def request_key(game: str, request: dict[str, Any]) -> str:
    """The first-level key of a request: a hash of its JSON with sorted keys and without the
    budget's clock, so that a request sent again, in any key order, maps to its answer's key."""
    budget = request.get("budget")
    if isinstance(budget, dict):
        request = {**request, "budget": {k: v for k, v in budget.items() if k not in CLOCK_FIELDS}}
    material = msgspec.json.encode([game, request], order="sorted")
    return hashlib.blake2b(material, digest_size=20).hexdigest()


def body_key(game: str, body: bytes) -> str:
    """The key of a request's body as sent, for `game`."""
    return hashlib.blake2b(body, digest_size=20, key=game.encode()).hexdigest()


def capped_budget(request: dict[str, Any], time_ms: int) -> dict[str, Any]:
    """The request with `budget.deadline_ms` set to `time_ms`: the engine spends the time asked,
    or its own default for the method, but never more; a bad budget is left to the engine."""
    budget = request.get("budget")
    if budget is not None and not isinstance(budget, dict):
        return request
    return {**request, "budget": {**(budget or {}), "deadline_ms": max(1, time_ms)}}


def with_cache_field(answer: bytes, status: CacheStatus) -> bytes:
    """The engine's JSON object with `"cache": status` as its first field."""
    return b'{"cache":"' + status.encode() + b'",' + answer[1:]


def line_head(index: int, item_id: Any) -> bytes:
    """The start of a batch line: the index, and the item's `id` when it gave a string."""
    if not isinstance(item_id, str):
        return b'{"index":%d,' % index
    return b'{"index":%d,"id":%s,' % (index, msgspec.json.encode(item_id))


def problem_line(index: int, problem: ProblemError, instance: str, item_id: Any = None) -> bytes:
    """One NDJSON line for a position that got no answer."""
    details = msgspec.json.encode(problem.details(instance))
    head = line_head(index, item_id)
    return head + b'"status":%d,"problem":%s}\n' % (problem.status, details)


def answer_line(index: int, game: str, answer: Answer, item_id: str | None = None) -> bytes:
    """One NDJSON line with a position's answer."""
    name = msgspec.json.encode(game)
    return line_head(index, item_id) + b'"status":200,"game":%s,"answer":%s}\n' % (
        name,
        answer.body,
    )
