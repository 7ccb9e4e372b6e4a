"""Bridge records in the formats players use: PBN in and out, BBO's LIN in.

Written here rather than taken from a library: endplay, the maintained Python bridge suite,
has PBN and LIN parsers, but it ships DDS as a compiled extension (a runtime dependency of the
image for a few hundred lines of text handling), and its parsers raise bare exceptions with no
line or tag (its LIN parser's claim branch even calls `Contract.from_auction` with the wrong
arguments). The service must answer every fault with its place. Only the text is read here:
the deal's cards are read by the engine (`{"pbn": ...}`), and the order of a PBN play
section's cards, which follows who won each trick, comes from the engine's `to_move`.

PBN: the tags Deal, Declarer, Contract, Result, Auction (kept as text: the first caller's
seat, then the calls) and Play (a trick per line, the cards in seat order from the tag's
seat, `-` for no card, `*` ends it); other tags are kept as text. LIN: `md` (the dealer, then
the hands from South clockwise; a missing fourth hand is the cards left), `sv`, `ah`, `pn`,
`mb` (the auction: the contract and declarer come from it), `pc` (the cards in play order),
`mc` (a claim: the declarer's tricks, as Result).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import unquote_plus

from service import _solver
from service.records import Parsed, Source, engine, position_of

SEATS = "NESW"
SUITS = "SHDC"
RANKS = "AKQJT98765432"
TRICKS = 13
# The tags a PBN record is written with first, in the order of PBN's export format.
TAG_ORDER = (
    *("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer"),
    *("Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result"),
)
# Tags read into the record's deal, options and moves, or (Auction) kept with its section.
STRUCTURED = ("Deal", "Declarer", "Auction", "Play")
CARD = re.compile(r"^([SHDC])(10|[2-9TJQKA])$", re.IGNORECASE)
CONTRACT = re.compile(r"^([1-7])(NT|N|[SHDC])(X{0,2})$", re.IGNORECASE)
TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
BARE_DEAL = re.compile(r"^[NESW]:\S+(\s+\S+){3}$", re.IGNORECASE)
ANNOTATION = re.compile(r"^(\$\d+|=\d+=)$")
# LIN's seats: md's dealer digit 1..4 is South, West, North, East; its hands start at South.
LIN_SEATS = (2, 3, 0, 1)
VULNERABLE = {"o": "None", "0": "None", "n": "NS", "e": "EW", "b": "All"}


def card_token(text: str) -> str | None:
    """`SA`, `s10`, `HT!` as the card `SA`, `ST`, `HT`; None for anything else."""
    match = CARD.match(text.rstrip("!?"))
    if match is None:
        return None
    rank = match.group(2).upper()
    return match.group(1).upper() + ("T" if rank == "10" else rank)


# ---- PBN in ----


@dataclass
class Tag:
    name: str
    value: str
    line: int
    section: list[tuple[str, int]] = field(default_factory=list)  # (token, line)

    @property
    def place(self) -> str:
        return f"line {self.line}, [{self.name}]"

    @property
    def known(self) -> str | None:
        """The value, None where PBN says unknown (`?`) or it is empty."""
        value = self.value.strip().lstrip("^")
        return None if value in ("", "?") else value


def without_comments(text: str) -> str:
    """The text with `{...}` comments blanked (their lines kept) and `;`/`%` lines dropped."""
    blanked = re.sub(r"\{[^}]*\}", lambda m: re.sub(r"[^\n]", " ", m.group()), text)
    return "\n".join(
        "" if line.lstrip().startswith((";", "%")) else line for line in blanked.split("\n")
    )


def pbn_tags(text: str, source: Source) -> dict[str, Tag]:
    """The tags of one PBN hand, each with its line and its section's tokens."""
    tags: dict[str, Tag] = {}
    current: Tag | None = None
    for number, line in enumerate(without_comments(text).split("\n"), start=1):
        rest = line
        for match in TAG.finditer(line):
            name = match.group(1)
            if name in tags:
                raise source.problem(
                    f"line {number}, [{name}]", "a second hand starts here; send one hand"
                )
            value = re.sub(r"\\(.)", r"\1", match.group(2))  # PBN escapes \" and \\
            current = tags[name] = Tag(name, value, number)
            rest = rest.replace(match.group(), " ", 1)
        for token in rest.split():
            if current is None:
                raise source.problem(f"line {number}", f"'{token}' is outside any tag")
            current.section.append((token, number))
    return tags


def read_pbn(text: str) -> Parsed:
    """A PBN record (one hand) as a bridge record; the play's order from the engine."""
    source = Source("pbn")
    if BARE_DEAL.match(text.strip()):
        text = f'[Deal "{text.strip()}"]'
    tags = pbn_tags(text, source)
    if "Deal" not in tags:
        raise source.problem("", 'no [Deal "N:..."] tag: a record needs the deal')
    source.places["deal"] = tags["Deal"].place
    options, text_tags = pbn_contract(tags, source)
    record = {
        "version": 1,
        "game": "bridge",
        "options": options,
        "deal": {"pbn": tags["Deal"].value.strip()},
        "moves": [],
        "tags": text_tags,
    }
    if "Play" in tags:
        record["moves"] = pbn_play(record, tags["Play"], source)
    return Parsed(record, source)


def pbn_contract(tags: dict[str, Tag], source: Source) -> tuple[dict[str, Any], dict[str, str]]:
    """The options (strain, declarer) from Contract, Declarer and Play; the tags kept as text."""
    options: dict[str, Any] = {}
    contract, declarer = tags.get("Contract"), tags.get("Declarer")
    if contract is not None and contract.known and contract.known.lower() != "pass":
        options["strain"] = strain_of(contract.known, contract.place, source)
        source.places["strain"] = contract.place
    if declarer is not None and declarer.known:
        options["declarer"] = seat_of(declarer, source)
        source.places["declarer"] = declarer.place
    play = tags.get("Play")
    if play is not None:
        if play.section and "strain" not in options:
            raise source.problem(play.place, "a play needs the contract's strain: give [Contract]")
        check_leader(play, options, source)
    result = tags.get("Result")
    if result is not None and result.known and not is_tricks(result.known):
        raise source.problem(result.place, f"'{result.value}' is not the declarer's tricks, 0..13")
    kept = {name: tag.value for name, tag in tags.items() if name not in STRUCTURED}
    if "Auction" in tags:
        auction = tags["Auction"]
        kept["Auction"] = " ".join([auction.value, *(token for token, _ in auction.section)])
    return options, kept


def strain_of(contract: str, place: str, source: Source) -> str:
    """A contract's strain: S, H, D, C or NT."""
    match = CONTRACT.match(contract)
    if match is None:
        raise source.problem(place, f"'{contract}' is not a contract, as 4S, 3NTX or Pass")
    return "NT" if match.group(2).upper() in ("N", "NT") else match.group(2).upper()


def is_tricks(text: str) -> bool:
    return text.isdigit() and int(text) <= TRICKS


def seat_of(tag: Tag, source: Source) -> str:
    """A tag's seat letter, N E S W."""
    value = (tag.known or "").upper()
    if len(value) != 1 or value not in SEATS:
        raise source.problem(tag.place, f"'{tag.value}' is not a seat: N, E, S or W")
    return value


def check_leader(play: Tag, options: dict[str, Any], source: Source) -> None:
    """The Play tag's seat leads: the declarer is its right-hand opponent (set if not given)."""
    if not play.known:
        return
    leader = SEATS.index(seat_of(play, source))
    if "declarer" not in options:
        options["declarer"] = SEATS[(leader + 3) % 4]
        source.places["declarer"] = play.place
    elif SEATS.index(options["declarer"]) != (leader + 3) % 4:
        expected = SEATS[(SEATS.index(options["declarer"]) + 1) % 4]
        why = f"{SEATS[leader]} leads, but the declarer's left-hand opponent is {expected}"
        raise source.problem(play.place, why)


def play_tokens(play: Tag, source: Source) -> Iterator[tuple[str | None, str]]:
    """Each card slot of a play section, in its order: the card (None for `-`) and its place;
    annotations are skipped and `*` ends the section."""
    for token, line in play.section:
        if token == "*":
            return
        if ANNOTATION.match(token):
            continue
        place = f"line {line}, [Play] card '{token}'"
        if token == "-":
            yield None, place
            continue
        card = card_token(token)
        if card is None:
            raise source.problem(place, "not a card (suit S H D C, then rank 2-9 T J Q K A) or '-'")
        yield card, place


def pbn_play(record: dict[str, Any], play: Tag, source: Source) -> list[str]:
    """The play section's cards in the order played: each trick's line is in seat order from
    the Play tag's seat, and each trick starts with the seat the engine says is to move."""
    first = SEATS.index(seat_of(play, source))
    slots = list(play_tokens(play, source))
    moves: list[str] = []
    for start in range(0, len(slots), 4):
        trick = slots[start : start + 4] + [(None, slots[-1][1])] * (start + 4 - len(slots))
        leader = to_move(record, moves, source)
        played = [trick[(leader + i - first) % 4] for i in range(4)]
        for i, (card, place) in enumerate(played):
            if card is None:
                if any(c is not None for c, _ in played[i + 1 :]) or start + 4 < len(slots):
                    raise source.problem(place, "a card follows a missing one ('-')")
                break
            moves.append(card)
            source.move_places.append(place)
    return moves


def to_move(record: dict[str, Any], moves: list[str], source: Source) -> int:
    """The seat to move after `moves` (checked by the engine)."""
    try:
        answer = engine(
            "bridge", "legal-moves", {"position": {**position_of(record), "moves": moves}}
        )
    except _solver.SolverError as exc:
        raise source.engine_problem(exc) from exc
    seat = answer["to_move"]
    if seat is None:
        raise source.problem(source.move_places[-1], "the hand is over: no card may follow")
    return int(seat)


# ---- LIN in ----


@dataclass
class Lin:
    """What a LIN record says, as it is read."""

    dealer: int | None = None
    hands: str | None = None
    calls: list[str] = field(default_factory=list)
    call_places: list[str] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)
    tags: dict[str, str] = field(default_factory=dict)


def lin_pairs(text: str) -> Iterator[tuple[str, str, str]]:
    """(key, value, place) of each `key|value|` of a LIN text or of a handviewer link."""
    if "lin=" in text:
        text = text.split("lin=", 1)[1].split("&")[0]
    if re.search(r"%7c", text, re.IGNORECASE):
        text = unquote_plus(text)
    items = text.strip().split("|")
    for number, start in enumerate(range(0, len(items) - 1, 2), start=1):
        key, value = items[start].strip().lower(), items[start + 1].strip()
        yield key, value, f"{key}|{value}| (item {number})"


def read_lin(text: str) -> Parsed:
    """A BBO LIN record (one hand) as a bridge record."""
    source = Source("lin")
    lin = Lin()
    for key, value, place in lin_pairs(text):
        if key in LIN_READERS:
            LIN_READERS[key](lin, value, place, source)
    if lin.hands is None:
        raise source.problem("", "no md|...| item: a record needs the deal")
    options = lin_contract(lin, source)
    if lin.moves and "strain" not in options:
        why = "cards are played but the auction (mb) names no contract"
        raise source.problem(source.move_places[0], why)
    record = {
        "version": 1,
        "game": "bridge",
        "options": options,
        "deal": {"pbn": lin.hands},
        "moves": lin.moves,
        "tags": lin.tags,
    }
    return Parsed(record, source)


def lin_card(lin: Lin, value: str, place: str, source: Source) -> None:
    """`pc|SA|`: the next card played."""
    card = card_token(value)
    if card is None:
        raise source.problem(place, "not a card (suit S H D C, then rank 2-9 T J Q K A)")
    lin.moves.append(card)
    source.move_places.append(place)


def lin_vulnerable(lin: Lin, value: str, _place: str, _source: Source) -> None:
    """`sv|o|`: none, `n` North-South, `e` East-West, `b` both."""
    lin.tags["Vulnerable"] = VULNERABLE.get(value.lower(), value)


def lin_board(lin: Lin, value: str, _place: str, _source: Source) -> None:
    """`ah|Board 12|`: the board's number."""
    lin.tags["Board"] = value.removeprefix("Board").strip()


def lin_deal(lin: Lin, value: str, place: str, source: Source) -> None:
    """`md|3S...H...D...C...,...|`: the dealer, then the hands from South clockwise."""
    if lin.hands is not None:
        raise source.problem(place, "a second hand starts here; send one hand")
    if not value or value[0] not in "1234":
        raise source.problem(place, "a deal starts with the dealer, 1 South .. 4 East")
    lin.dealer = LIN_SEATS[int(value[0]) - 1]
    lin.tags["Dealer"] = SEATS[lin.dealer]
    hands = [lin_hand(hand, place, source) for hand in value[1:].split(",")[:4]]
    while len(hands) < 4:
        hands.append([])
    if not hands[3]:
        dealt = {card for hand in hands for card in hand}
        hands[3] = [suit + rank for suit in SUITS for rank in RANKS if suit + rank not in dealt]
    lin.hands = "S:" + " ".join(pbn_hand(hand) for hand in hands)
    source.places["deal"] = place


def lin_hand(text: str, place: str, source: Source) -> list[str]:
    """A LIN hand, `SAK2HQJD5C987`, as cards."""
    cards: list[str] = []
    suit = None
    for char in text.upper().replace("10", "T"):
        if char in SUITS:
            suit = char
        elif char in RANKS and suit is not None:
            cards.append(suit + char)
        else:
            raise source.problem(
                place, f"'{char}' in hand '{text}' is neither a suit S H D C nor a rank after one"
            )
    return cards


def pbn_hand(cards: list[str]) -> str:
    """Cards as a PBN hand: spades.hearts.diamonds.clubs, each from the ace down."""
    return ".".join("".join(rank for rank in RANKS if suit + rank in cards) for suit in SUITS)


def lin_call(lin: Lin, value: str, place: str, source: Source) -> None:
    """`mb|1S|`, `mb|p|`, `mb|d|`, `mb|r|`, `mb|3N!|`: a call of the auction."""
    text = value.rstrip("!").upper()
    call = {"P": "Pass", "D": "X", "R": "XX"}.get(text, text)
    match = CONTRACT.match(call)
    if match is None and call not in ("Pass", "X", "XX"):
        raise source.problem(place, "not a call: p, d, r, or a level 1-7 and a strain S H D C N")
    if match is not None:
        call = match.group(1) + ("NT" if match.group(2) in ("N", "NT") else match.group(2))
    lin.calls.append(call)
    lin.call_places.append(place)


def lin_names(lin: Lin, value: str, _place: str, _source: Source) -> None:
    """`pn|south,west,north,east|`: the players' names."""
    for seat, name in zip(("South", "West", "North", "East"), value.split(","), strict=False):
        lin.tags[seat] = name


def lin_claim(lin: Lin, value: str, place: str, source: Source) -> None:
    """`mc|9|`: the declarer claims this many tricks in all."""
    if not value.isdigit() or int(value) > TRICKS:
        raise source.problem(place, "a claim is the declarer's tricks, 0..13")
    lin.tags["Result"] = value


def lin_contract(lin: Lin, source: Source) -> dict[str, Any]:
    """The strain and declarer from the auction (the last bid, and the first of its side to
    name its strain); the auction and the contract kept as PBN text."""
    dealer = lin.dealer or 0
    if not lin.calls:
        return {}
    lin.tags["Auction"] = " ".join([SEATS[dealer], *lin.calls])
    bids = [(i, call) for i, call in enumerate(lin.calls) if call[0].isdigit()]
    if not bids:
        lin.tags["Contract"] = "Pass"
        return {}
    last, bid = bids[-1]
    strain, side = bid[1:], (dealer + last) % 2
    first = next(i for i, call in bids if call[1:] == strain and (dealer + i) % 2 == side)
    doubles = [call for call in lin.calls[last + 1 :] if call in ("X", "XX")]
    declarer = SEATS[(dealer + first) % 4]
    lin.tags.update(Contract=bid + (doubles[-1] if doubles else ""), Declarer=declarer)
    source.places["strain"] = source.places["declarer"] = lin.call_places[last]
    return {"strain": strain, "declarer": declarer}


# ---- PBN out ----


def write_pbn(record: dict[str, Any], source: Source) -> str:
    """A canonical bridge record (as `records.replayed` answers it) as PBN text: the tags
    kept, the deal, declarer, contract, result, the auction and the play section."""
    options, tags = record["options"], dict(record.get("tags", {}))
    declarer = int(options["declarer"])
    deal = record["deal"].get("pbn") or "N:" + " ".join(map(pbn_hand, record["deal"]["hands"]))
    tags.update(Deal=deal, Declarer=SEATS[declarer])
    tags["Contract"] = written_contract(tags.get("Contract"), str(options["strain"]), source)
    if "Result" not in tags and len(record["moves"]) == 4 * TRICKS:
        over = engine("bridge", "legal-moves", {"position": position_of(record)})
        tags["Result"] = str(over["result"]["declarer_tricks"])
    auction = tags.pop("Auction", None)
    names = [n for n in TAG_ORDER if n in tags] + [n for n in tags if n not in TAG_ORDER]
    lines = [f'[{name} "{escaped(tags[name])}"]' for name in names]
    if auction:
        first, *calls = auction.split()
        lines += [f'[Auction "{first}"]', *rows(calls)]
    if record["moves"]:
        leader = (declarer + 1) % 4
        lines += [f'[Play "{SEATS[leader]}"]', *play_rows(record, leader)]
    return "\n".join(lines) + "\n"


def escaped(value: str) -> str:
    """A tag value as PBN writes it: `\\` and `"` escaped by a backslash."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def written_contract(given: str | None, strain: str, source: Source) -> str:
    """The Contract tag: as kept, when its strain is the record's; PBN needs its level."""
    match = CONTRACT.match(given or "")
    if match is None:
        why = f"PBN names the contract with its level, as '4{strain}': give it in tags.Contract"
        raise source.problem("tags.Contract", why)
    if ("NT" if match.group(2).upper() in ("N", "NT") else match.group(2).upper()) != strain:
        raise source.problem("tags.Contract", f"'{given}' is not in the record's strain {strain}")
    return str(given)


def rows(tokens: list[str]) -> list[str]:
    """Tokens four to a line."""
    return [" ".join(tokens[i : i + 4]) for i in range(0, len(tokens), 4)]


def play_rows(record: dict[str, Any], leader: int) -> list[str]:
    """The play section: a trick per line, each card in the column of the seat that held it
    (from the opening leader), `-` for a card not played, `*` after an unfinished play."""
    owner = {card: seat for seat, hand in enumerate(record["deal"]["hands"]) for card in hand}
    moves = record["moves"]
    lines = []
    for start in range(0, len(moves), 4):
        columns = ["-"] * 4
        for card in moves[start : start + 4]:
            columns[(owner[card] - leader) % 4] = card
        lines.append(" ".join(columns))
    return lines + (["*"] if len(moves) < 4 * TRICKS else [])


# What each LIN item says; other items (st, pg, an, rh, nt, ...) say nothing of the hand.
LIN_READERS: dict[str, Callable[[Lin, str, str, Source], None]] = {
    "md": lin_deal,
    "sv": lin_vulnerable,
    "ah": lin_board,
    "pn": lin_names,
    "mb": lin_call,
    "pc": lin_card,
    "mc": lin_claim,
}
