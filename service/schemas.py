"""The wire models of the HTTP API, as msgspec Structs.

They give the OpenAPI document its shapes and let Litestar check the envelope of a request (JSON
types of the top-level fields). The types stay lenient on purpose: every field the engine accepts
as absent is optional here too, and the game-specific objects (`options`, `deal`, `state`, `match`,
`result`) are plain JSON objects. What a card, a move or an option means is checked by the Rust
engine, which reports every problem with its path; Python never re-implements a rule.

Responses are produced by the engine as JSON text and passed through unchanged; the response
Structs here document them, and the tests decode real answers with them to keep both in step.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from msgspec import Meta, Struct

Seat = Annotated[int, Meta(ge=0, le=7, description="A seat number, 0-based, clockwise.")]
Seed = Annotated[
    int, Meta(ge=0, description="Seed of the shuffle; the same seed deals the same hand.")
]
JSONObject = dict[str, Any]


class Position(Struct, kw_only=True):
    """A game position, version 1.

    Given either as the hand as dealt plus the moves since (`deal` and `moves`), or as a snapshot
    (`state`), or both (then the snapshot must match the replay). With `view` set it is that seat's
    view: the other seats' hidden cards are given as counts.
    """

    version: Annotated[int, Meta(description="Format version; only 1 exists.")] = 1
    game: Annotated[str | None, Meta(description="The game, as in the route.")] = None
    variant: Annotated[
        str | None,
        Meta(description="A variant name from GET /v1/games; the game's default if absent."),
    ] = None
    options: Annotated[
        JSONObject | None,
        Meta(description="Rule options that override the variant's presets, by name."),
    ] = None
    view: Annotated[
        Seat | None, Meta(description="The seat whose view this is; null for a complete position.")
    ] = None
    deal: Annotated[
        JSONObject | None,
        Meta(description="The hand as dealt (game-specific: hands, dealer, match score...)."),
    ] = None
    moves: Annotated[
        list[str] | None, Meta(description="The moves played since the deal, in text notation.")
    ] = None
    state: Annotated[
        JSONObject | None, Meta(description="A snapshot of the hand now (game-specific).")
    ] = None


class DealRequest(Struct, kw_only=True):
    """`POST /v1/{game}/deal`: a new hand from a seed."""

    variant: Annotated[str | None, Meta(description="A variant name from GET /v1/games.")] = None
    options: Annotated[
        JSONObject | None, Meta(description="Rule options that override the variant's presets.")
    ] = None
    seed: Seed | None = None
    dealer: Annotated[Seat | None, Meta(description="The dealing seat.")] = None
    match: Annotated[
        JSONObject | None,
        Meta(description="The match so far (game-specific: scores before this hand...)."),
    ] = None


class PositionRequest(Struct, kw_only=True):
    """`POST /v1/{game}/legal-moves`: the position to list the moves of."""

    position: Position


class PlayRequest(Struct, kw_only=True):
    """`POST /v1/{game}/play`: a position and the move to play in it."""

    position: Position
    move: Annotated[
        str,
        Meta(
            description="The move, in the text notation of legal-moves; or `best`: the best "
            "move of an analysis of the position (`method`, `budget`, `seed`), a bot's turn."
        ),
    ]
    method: Annotated[
        str | None, Meta(description="With move `best`: the analysis method (default auto).")
    ] = None
    budget: Annotated[Budget | None, Meta(description="With move `best`: the analysis budget.")] = (
        None
    )
    seed: (
        Annotated[int, Meta(ge=0, description="With move `best`: a view's seed (default 1).")]
        | None
    ) = None


class ViewRequest(Struct, kw_only=True):
    """`POST /v1/{game}/view`: a complete position and the seat whose view to answer."""

    position: Position
    seat: Annotated[Seat, Meta(description="The seat whose view to answer.")]


class ViewResponse(Struct, kw_only=True):
    seat: Seat
    position: Annotated[
        Position,
        Meta(
            description="The seat's view: the cards it does not see as counts, the moves it "
            "did not see in the game's notation for them (Muschik `exchange ?? ??`), each "
            "Mustamaija marriage poll with the seat it asked (`no_declaration by 2`); where a "
            "game has no notation for such a move, the view is its snapshot (`state`) alone."
        ),
    ]


class Budget(Struct, kw_only=True):
    """Limits of one analysis; past them the answer marks values that are only bounds."""

    time_ms: Annotated[int, Meta(ge=1, description="Time budget in milliseconds.")] | None = None
    nodes: (
        Annotated[
            int, Meta(ge=1, description="Node budget of the exact search (for PIMC: per world).")
        ]
        | None
    ) = None
    worlds: Annotated[int, Meta(ge=1, description="PIMC: worlds to solve.")] | None = None
    iterations: Annotated[int, Meta(ge=1, description="ISMCTS: iterations to run.")] | None = None


class AnalyzeRequest(Struct, kw_only=True):
    """`POST /v1/{game}/analyze`: a position to analyse, every legal move scored."""

    position: Position
    method: Annotated[
        str,
        Meta(
            description="exact (complete positions), pimc, ismcts or bids (views), or auto: "
            "exact for a complete position; for a view deciding a bid of an auction or a choice "
            "before the play that bids chooses better than the rule-based player (the "
            "Marjapussi family's bids, exchanges, contract and discard, without Kontra/Re; "
            "Mü's trumps and partner) bids, else PIMC where the exact search applies and a "
            "sampled world fits the budget, else ISMCTS."
        ),
    ] = "auto"
    budget: Budget | None = None
    perspective: Annotated[
        Seat | None, Meta(description="The seat whose side the values are for (default: to move).")
    ] = None
    seed: (
        Annotated[int, Meta(ge=0, description="Views: the seed of the sampled worlds (default 1).")]
        | None
    ) = None
    rollout: Annotated[
        str | None, Meta(description="ISMCTS: heuristic (default) or random rollouts.")
    ] = None
    table: Annotated[
        bool | None,
        Meta(
            description="Bridge: true for the deal's table instead of the moves (a "
            "TableResponse): the declarer's tricks for every strain and declarer, as DDS's "
            "CalcDDtable; the position must be before the opening lead, its contract is ignored."
        ),
    ] = None


class ScoredMove(Struct, kw_only=True):
    move: str
    value: Annotated[
        float | None,
        Meta(
            description="In the answer's unit, to 3 decimals; null for a move ISMCTS never "
            "tried and for an exact search's move whose value is only bounded (low..high)."
        ),
    ]
    score: Annotated[
        float | None,
        Meta(
            description="The hand's score (`score_unit`) this move leads to: ISMCTS's mean "
            "payoff; exact: derived from the value where the value decides it; PIMC: the "
            "mean over the worlds of each world's score (its value turned into the hand's "
            "score there); null where the value does not decide it (in any world)."
        ),
    ] = None
    low: float | None = None
    high: float | None = None
    score_low: Annotated[
        float | None, Meta(description="PIMC and bids: the 95% interval of `score` (as low..high).")
    ] = None
    score_high: float | None = None
    certainty: Annotated[
        str,
        Meta(
            description="exact, bound (the value lies in low..high), or estimate (PIMC: low..high "
            "is a 95% interval; ISMCTS: a mean payoff over its visits)."
        ),
    ]
    visits: Annotated[int | None, Meta(description="ISMCTS: the move's visits.")] = None
    worlds: Annotated[int | None, Meta(description="PIMC and bids: the worlds averaged.")] = None


class Perspective(Struct, kw_only=True):
    seat: Seat
    side: int
    seats: list[Seat]


class SearchStats(Struct, kw_only=True):
    time_ms: float
    nodes: int | None = None
    researches: int | None = None
    iterations: Annotated[int | None, Meta(description="ISMCTS iterations run.")] = None
    worlds: Annotated[int | None, Meta(description="PIMC worlds solved; bids: worlds dealt.")] = (
        None
    )
    playouts: Annotated[
        int | None, Meta(description="Bids: moves played out to the end of the hand.")
    ] = None
    consistent_deals: Annotated[
        float | None, Meta(description="Views: the deals consistent with what the seat saw.")
    ] = None
    solves: Annotated[int | None, Meta(description="Tables: the searches run.")] = None


class AnalyzeResponse(Struct, kw_only=True):
    cache: Annotated[
        str,
        Meta(
            description="hit (from the cache), miss (computed now), or bypassed (computed now; "
            "Redis, the shared cache, was slow, down or refused the write)."
        ),
    ]
    method: Annotated[str, Meta(description="The method used: exact, pimc, ismcts or bids.")]
    to_move: Annotated[Seat | None, Meta(description="The seat to move.")]
    decides: DecidesField
    phase: Annotated[str, Meta(description="The phase, as listed in the catalogue.")]
    contract: ContractField
    search: str
    perspective: Perspective
    unit: Annotated[
        str, Meta(description="What `value` counts: the exact search's unit, in every method.")
    ]
    score_unit: Annotated[
        str | None, Meta(description="What `score` counts: the hand's score (the payoff).")
    ] = None
    score: Annotated[
        float | None, Meta(description="The best move's score (see ScoredMove.score).")
    ] = None
    moves: list[ScoredMove]
    best_move: str | None
    value: Annotated[
        float | None,
        Meta(
            description="The best move's value; null where an exact search cut by its budget "
            "did not prove the root's value (then `value_low`..`value_high`)."
        ),
    ]
    exact: bool
    value_low: Annotated[
        float | None, Meta(description="Exact: the lowest value the root can have, proven.")
    ] = None
    value_high: Annotated[
        float | None, Meta(description="Exact: the highest value the root can have, proven.")
    ] = None
    best_move_proven: Annotated[
        bool | None,
        Meta(
            description="Exact: whether the bounds prove `best_move` no worse than any other "
            "move; else it is the move with the best proven bound."
        ),
    ] = None
    principal_variation: list[str]
    stats: SearchStats
    engine_version: str
    method_asked: Annotated[str | None, Meta(description="Views: the method asked for.")] = None
    why_method: Annotated[str | None, Meta(description="Views: why this method.")] = None
    unused_budget: Annotated[
        list[str],
        Meta(description="Budget fields asked that the method used does not read."),
    ] = []
    seed: Annotated[int | None, Meta(description="Views: the seed of the worlds.")] = None
    reproducible: Annotated[
        bool | None,
        Meta(
            description="Views: the answer depends only on the seed (the worlds or iterations "
            "asked were all done before the time ran out); such answers are cached."
        ),
    ] = None
    rollout: str | None = None
    all_moves_listed: Annotated[
        bool | None,
        Meta(
            description="ISMCTS and bids: false where the moves are a list of a phase's too "
            "many moves (Mü's bids; an exchange's or a discard's candidates)."
        ),
    ] = None
    why_estimate: str | None = None


class TableBound(Struct, kw_only=True):
    strain: str
    declarer: str
    low: int
    high: int


class TableResponse(Struct, kw_only=True):
    """`POST /v1/bridge/analyze` with `"table": true`: the deal's 20 double-dummy results."""

    cache: str
    method: Annotated[str, Meta(description="Always exact.")]
    unit: Annotated[str, Meta(description="Always tricks.")]
    tricks: Annotated[
        dict[str, dict[str, int]],
        Meta(
            description="tricks[strain][declarer]: the declarer's side's tricks, strains S H D C "
            "NT, declarers N E S W (the fewest proved where the budget ran out)."
        ),
    ]
    exact: bool
    bounds: Annotated[
        list[TableBound],
        Meta(description="The results the budget left as a range; empty when exact."),
    ]
    stats: SearchStats
    engine_version: str


class DealResponse(Struct, kw_only=True):
    seed: int
    position: Position


DecidesField = Annotated[
    Seat | None,
    Meta(
        description="The seat that chooses the move: the seat to move, but in bridge the "
        "declarer for dummy (whose view is accepted on dummy's turn); null once over."
    ),
]
ContractField = Annotated[
    JSONObject | None,
    Meta(
        description="The contract once the hand has fixed it: `side` must reach `target` in "
        "the exact analysis's unit, with the game's terms beside (Huutopussi: `declarer`, "
        "`doublings`; Mü: `chief`, `cards`, the team target as soon as the chief is known); "
        "null before and in games without one."
    ),
]
OverField = Annotated[bool, Meta(description="Whether the hand is over.")]
ResultField = Annotated[
    JSONObject | None, Meta(description="The hand's scores and the match after it, once over.")
]


class LegalMovesResponse(Struct, kw_only=True):
    to_move: Annotated[
        Seat | None, Meta(description="The seat to move; null once the hand is over.")
    ]
    decides: DecidesField
    phase: Annotated[str, Meta(description="The phase, as listed in the catalogue.")]
    contract: ContractField
    over: OverField
    result: ResultField
    count: Annotated[int, Meta(description="How many legal moves there are.")]
    moves: Annotated[
        list[str],
        Meta(
            description="The legal moves in move notation; all of them unless `compact` says not."
        ),
    ]
    compact: Annotated[
        JSONObject | None,
        Meta(
            description="Where the legal moves are too many to list (Mü's bids: any subset of the "
            "hand up to a size), the game's description of them all; `complete` says whether "
            "`moves` lists every one. The catalogue's `legal_moves` entry gives its shape."
        ),
    ] = None


class PlayResponse(Struct, kw_only=True):
    played: str
    position: Position
    to_move: Seat | None
    decides: DecidesField
    phase: str
    contract: ContractField
    over: OverField
    result: ResultField
    value: Annotated[
        float | None,
        Meta(description="Move `best`: the chosen move's value, for the side that moved."),
    ] = None
    analysis: Annotated[
        AnalyzeResponse | None, Meta(description="Move `best`: the analysis that chose it.")
    ] = None


class VariantEntry(Struct, kw_only=True):
    name: str
    description: str = ""
    players: list[int] = msgspec.field(default_factory=list)


class GameAnalysis(Struct, kw_only=True):
    exact_value: Annotated[str, Meta(description="What an exact analysis value counts.")]
    exact_search: Annotated[str, Meta(description="How the seats are searched.")]
    exact_phases: Annotated[
        list[str], Meta(description="The phases exact and pimc analyse; ismcts analyses all.")
    ]


class GameEntry(Struct, kw_only=True):
    """One game of the catalogue. Further game-specific keys may be present."""

    name: Annotated[str, Meta(description="The game's route name, as in /v1/{game}/deal.")]
    title: str = ""
    default_variant: str | None = None
    variants: list[VariantEntry]
    options: Annotated[
        JSONObject,
        Meta(
            description="Every rule option: its JSON type and allowed values, a one-line "
            "description, and rule: the rules spec and section that state it."
        ),
    ]
    presets: Annotated[JSONObject, Meta(description="Per variant, the value of every option.")] = (
        msgspec.field(default_factory=dict)
    )
    players: Annotated[list[int], Meta(description="The player counts the game is played with.")]
    phases: Annotated[list[str], Meta(description="The phase names that answers use.")]
    moves: Annotated[
        list[str], Meta(description="Examples of the move notation, one per kind of move.")
    ] = msgspec.field(default_factory=list)
    history_moves: Annotated[
        JSONObject | None,
        Meta(
            description="How a position's moves write what the table saw beyond the move chosen: "
            "asks with their answers, marriage polls with the seat asked (Mustamaija), and in a "
            "view each card the seat did not see as ??."
        ),
    ] = None
    cards: Annotated[str, Meta(description="The card notation.")] = ""
    score: Annotated[str, Meta(description="What a result's scores count.")] = ""
    analysis: Annotated[
        GameAnalysis | None,
        Meta(description="What the exact analysis values, how it searches, and where it applies."),
    ] = None


class Catalogue(Struct, kw_only=True):
    """`GET /v1/games`: every game the engine serves."""

    engine_version: str
    analysis_methods: Annotated[
        dict[str, str], Meta(description="What each analysis method answers, and for what.")
    ] = msgspec.field(default_factory=dict)
    games: list[GameEntry]


class Health(Struct, kw_only=True):
    status: str
    engine_version: str
    redis: Annotated[
        str,
        Meta(
            description="disabled (no REDIS_URL); up (Redis took a write and read it back); "
            "down, down (refuses writes), or down (breaker open: the cache skips Redis)."
        ),
    ]


class BatchRequest(Struct, kw_only=True):
    """`POST /v1/analyze/batch`: many positions, of any games."""

    positions: Annotated[
        list[JSONObject],
        Meta(
            description="Each as the body of /v1/{game}/analyze (`position`, `method`, "
            "`budget`, `perspective`), with `game` (or the position's `game`) naming the game "
            "and optionally `id`, a string that the item's answer line echoes. They are checked "
            "one by one: a bad one gets its own error line, its paths from the batch's root "
            "(`positions[3].method`). An item that gives `record`, `pbn` or `lin` (or is a "
            "record itself: `game`, `deal`, `moves`, no `position`) is analysed as by "
            "/v1/records/analyze; its line carries `record`."
        ),
    ]


class BatchLine(Struct, kw_only=True):
    """One line of a batch answer (NDJSON)."""

    index: Annotated[int, Meta(description="The position's index in the request.")]
    id: Annotated[str | None, Meta(description="The item's `id`, when it gave one.")] = None
    status: Annotated[int, Meta(description="200, or the HTTP status its problem would have.")]
    game: str | None = None
    answer: Annotated[
        AnalyzeResponse | None, Meta(description="The analysis, when status is 200.")
    ] = None
    problem: Annotated[
        ProblemDetails | None, Meta(description="Why this position got no answer.")
    ] = None
    record: Annotated[
        RecordAnalysis | None,
        Meta(description="For an item that gives a record: its analysis, when status is 200."),
    ] = None


class Readiness(Struct, kw_only=True):
    status: str


class FieldError(Struct, kw_only=True):
    """One thing wrong with a request, and where: a path from the body's root."""

    path: Annotated[
        str, Meta(description="Where in the request body, as `position.deal.hands[2][4]`.")
    ]
    message: str


class ProblemDetails(Struct, kw_only=True):
    """An error, as an RFC 9457 problem details object (`application/problem+json`)."""

    type: Annotated[str, Meta(description="A URI reference naming the kind of problem.")]
    title: str
    status: int
    detail: str
    instance: Annotated[str, Meta(description="The request path.")]
    errors: Annotated[
        list[FieldError],
        Meta(description="Every problem found in the request body; empty if none is a field's."),
    ] = msgspec.field(default_factory=list)


class Record(Struct, kw_only=True):
    """One hand as played, in every game: the hand as dealt and every move since (a position
    without view or snapshot), and free-text `tags` kept with it."""

    version: Annotated[int, Meta(description="Format version; only 1 exists.")] = 1
    game: Annotated[str, Meta(description="The game, as listed by GET /v1/games.")]
    variant: str | None = None
    options: JSONObject | None = None
    deal: Annotated[JSONObject, Meta(description="The hand as dealt, as in a position.")]
    moves: Annotated[list[str], Meta(description="Every move since the deal.")] = []
    tags: Annotated[
        dict[str, str],
        Meta(
            description="Text kept with the hand: a PBN file's tags (Event, Board, Dealer, "
            "Vulnerable, Contract as bid, Result as the declarer's tricks, Auction as the "
            "first caller's seat then the calls)."
        ),
    ] = {}


RecordText = Annotated[
    str | None,
    Meta(description="Bridge: a PBN record of one hand (`pbn`) or a BBO LIN record (`lin`)."),
]


class RecordRequest(Struct, kw_only=True):
    """A record, given as exactly one of `record` (JSON), `pbn` or `lin` (bridge text)."""

    record: Annotated[
        JSONObject | None, Meta(description="A record as JSON (see Record), any game.")
    ] = None
    pbn: RecordText = None
    lin: RecordText = None


class RecordAnalyzeRequest(RecordRequest, kw_only=True):
    """`POST /v1/records/analyze`: a record and the analysis of each of its positions."""

    method: Annotated[str, Meta(description="As for /v1/{game}/analyze.")] = "auto"
    budget: Annotated[Budget | None, Meta(description="Each position's budget.")] = None
    perspective: Annotated[
        Seat | None,
        Meta(
            description="The seat whose side every value is for (bridge: the declarer by "
            "default, as DDS's AnalysePlayPBN); none: each value is for the side that moved."
        ),
    ] = None
    seed: Annotated[int, Meta(ge=0)] | None = None


class RecordAnswer(Struct, kw_only=True):
    """`POST /v1/records/read`: the record, replayed and checked by the engine."""

    format: Annotated[str, Meta(description="record, pbn or lin: how it was given.")]
    record: Record


class PbnAnswer(Struct, kw_only=True):
    """`POST /v1/records/pbn`: a bridge record as PBN text."""

    pbn: str


class RecordMove(Struct, kw_only=True):
    """One move of a record and what the analysis before it said."""

    ply: Annotated[int, Meta(description="The move's index in the record, from 0.")]
    move: str
    seat: Annotated[Seat | None, Meta(description="The seat that chose it (`decides`).")]
    value: Annotated[
        float | None,
        Meta(description="The value after this move (null where only bounded: low..high)."),
    ]
    low: float | None = None
    high: float | None = None
    certainty: Annotated[
        str | None, Meta(description="exact, bound or estimate; null if the move was unlisted.")
    ]
    best_move: str | None
    best_value: Annotated[
        float | None, Meta(description="The value the best move would have kept.")
    ]
    loss: Annotated[
        float | None,
        Meta(description="What this move lost against the best, for the side that moved."),
    ]


class RecordStats(Struct, kw_only=True):
    positions: int
    nodes: int
    time_ms: float
    cache_hits: int


class RecordAnalysis(Struct, kw_only=True):
    """`POST /v1/records/analyze`: every move of a record with its value and its loss."""

    record: Record
    method: str
    unit: str
    perspective: Annotated[
        Seat | None, Meta(description="The seat whose side values are for; null: the mover's.")
    ]
    values: Annotated[
        list[float | None] | None,
        Meta(
            description="With a perspective: the value before the first move, then after "
            "each move (bridge: the declarer's tricks, as AnalysePlayPBN); else null."
        ),
    ]
    moves: list[RecordMove]
    exact: Annotated[bool, Meta(description="Whether every value is exact.")]
    stats: RecordStats
