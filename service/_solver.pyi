"""Type stubs for the Rust extension module built from solver/ (feature ``python``)."""

ENGINE_VERSION: str

class SolverError(Exception):
    """Base of every error the solver raises."""

class MalformedInput(SolverError):
    """The body is not JSON at all (HTTP 400); args[0] is the message."""

class InvalidInput(SolverError):
    """The body is JSON but wrong (HTTP 422).

    args[0] is a JSON array of ``{"path": ..., "message": ...}``, one entry per problem.
    """

class UnknownGame(SolverError):
    """No game of that name (HTTP 404); args[0] is the message."""

class EngineFault(SolverError):
    """A panic inside the engine, caught at the boundary (HTTP 500); args[0] is the message."""

class Cancel:
    """A flag that stops an analysis early, as if its time had run out; any thread may set it.

    An answer cut short so is a bound or an estimate (never ``exact`` nor ``reproducible``).
    """

    def set(self) -> None:
        """Asks the call holding this flag to stop."""

    @property
    def is_set(self) -> bool: ...

def games() -> str:
    """The catalogue as JSON text: the engine version, and per game its variants and options."""

def call(game: str, route: str, body: bytes, cancel: Cancel | None = None) -> str:
    """Answers one request: ``route`` is "deal", "legal-moves", "play", "analyze" or
    "canonical" (the canonical form of the body's position, JSON text: the service's cache key).

    ``body`` is the raw JSON of the request; an analysis stops early once ``cancel`` is set.

    Returns the JSON text of the answer. Releases the GIL while it works.
    """

def bench(game: str, variant: str, hands: int, seed: int, repeats: int = 5) -> str:
    """Plays ``repeats`` rounds of ``hands`` seeded random hands inside Rust; timings as JSON text.

    The answer has ``moves_per_s`` and ``hands_per_s`` (from the median repeat), and ``move_ns``
    and ``hand_ns`` as ``{"median", "p99"}`` over the repeats.
    """

def analyze_seeded(
    game: str, body: bytes, table: bytes, cancel: Cancel | None = None
) -> tuple[str, bytes]:
    """Answers ``analyze`` as ``call`` does, starting from ``table``: the table entries
    carried from earlier solves of positions of the same game and rules (in practice one deal).

    ``table`` is the engine's binary form as an earlier call returned it (empty for none; one
    that does not read, torn in a cache, is left out). Returns the answer's JSON text and the
    table after this solve (the given one merged with what this solve proved, at most 4,096
    exact-table and 16,384 partition-search entries: those that took the most search). The
    values equal those of ``call``; the table only saves work. Stops early once ``cancel`` is
    set. Releases the GIL while it works.
    """

def bench_exact(game: str, request: str) -> str:
    """The exact search timed inside Rust on seeded positions of one variant; JSON text.

    ``request`` is a JSON object: ``variant``, ``options`` (an object, or absent for the
    variant's presets), ``positions`` and ``cards`` (that many positions at a trick's start,
    reached by seeded random legal play, where the seat to move holds at most ``cards``
    cards), ``time_ms`` and ``nodes`` (each position's budget; every legal move is scored).
    The answer's ``positions`` hold per position its ``seed``, ``cards``, ``ms``, ``nodes``,
    ``solved`` and ``checksum`` (the sum of the root moves' values).
    """
