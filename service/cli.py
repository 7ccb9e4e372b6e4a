"""`python -m service analyze FILE`: analyse a file of positions, JSON lines in, JSON lines out.

Each input line is a batch item (`{"game", "position", "method", "budget", "perspective"}`);
each output line is what `POST /v1/analyze/batch` streams for it (`index` is the input line's
number, from 0). Locally (default) the positions are analysed in this process with the service's
own cache and limits (settings from the environment, `REDIS_URL` included); with `--url` they are
sent in batches to a running server through `service.client`. `--jobs` analyses run at once. A
progress bar with the time left goes to stderr when it is a terminal (`service.progress`). The
run is resumable: lines already answered in the output file (status 200 or a 4xx) are skipped,
the rest appended.

A line that is not JSON (400) or not a JSON object (422) gets its own error line in both modes,
without being sent; a batch that the server refuses as a whole (a 4xx) is sent again one line
at a time, so that only the line at fault gets the error.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import anyio
import msgspec

from service.analysis import Analyzer, problem_line
from service.batch import analyze_one
from service.client import AsyncClient, ServiceError
from service.errors import INVALID, MALFORMED, ProblemError
from service.progress import Progress
from service.settings import Settings, SettingsError, available_cpus

REMOTE_CHUNK = 16


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m service analyze", description=__doc__)
    parser.add_argument("file", type=Path, help="JSON lines, one position per line")
    parser.add_argument("-o", "--output", type=Path, help="default: FILE with .out.jsonl")
    parser.add_argument("--url", help="a running service, e.g. http://127.0.0.1:8000")
    parser.add_argument("--jobs", type=int, default=available_cpus(), help="analyses at once")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    return args


def answered(output: Path) -> set[int]:
    """Indexes with a final answer in an earlier run's output: 200, or a 4xx problem."""
    done: set[int] = set()
    if not output.exists():
        return done
    for line in output.read_bytes().splitlines():
        try:
            entry = msgspec.json.decode(line)
        except msgspec.DecodeError:
            continue  # a line cut short by an interrupted run
        if isinstance(entry, dict) and entry.get("status", 500) < 500:
            done.add(int(entry["index"]))
    return done


@dataclass(frozen=True, slots=True)
class Unreadable:
    """An input line that is not JSON, with the decoder's reason."""

    reason: str


def read_items(path: Path, skip: set[int]) -> Iterator[tuple[int, Any]]:
    """(line number, the line's JSON or `Unreadable`) for each line not answered yet."""
    with path.open("rb") as lines:
        for index, line in enumerate(lines):
            if index in skip or not line.strip():
                continue
            try:
                yield index, msgspec.json.decode(line)
            except msgspec.DecodeError as exc:
                yield index, Unreadable(str(exc))


async def run_local(
    items: list[tuple[int, Any]], jobs: int, sink: IO[bytes], bar: Progress
) -> None:
    settings = dataclasses.replace(Settings.from_env(), solve_threads=jobs)
    analyzer = Analyzer.from_settings(settings)
    pending = list(reversed(items))

    async def worker() -> None:
        while pending:
            index, item = pending.pop()
            line = unreadable_line(index, item) or await analyze_one(analyzer, index, item)
            sink.write(line)
            sink.flush()
            bar.advance(line)

    try:
        async with anyio.create_task_group() as group:
            for _ in range(min(jobs, len(items))):
                group.start_soon(worker)
    finally:
        await analyzer.close()


def unreadable_line(index: int, item: Any) -> bytes | None:
    """The answer line of an input line that is not JSON (400) or not an object (422), else
    None: such a line is never analysed nor sent."""
    if isinstance(item, Unreadable):
        reason = f"line {index} is not JSON: {item.reason}"
        return problem_line(index, ProblemError(400, reason, type_=MALFORMED), "input")
    if not isinstance(item, dict):
        reason = f"line {index} is not a JSON object with 'position'"
        return problem_line(index, ProblemError(422, reason, type_=INVALID), "input")
    return None


async def run_remote(
    items: list[tuple[int, Any]], url: str, jobs: int, sink: IO[bytes], bar: Progress
) -> None:
    readable = []
    for index, item in items:
        line = unreadable_line(index, item)
        if line is None:
            readable.append((index, item))
        else:
            sink.write(line)
            bar.advance(line)
    chunks = [readable[i : i + REMOTE_CHUNK] for i in range(0, len(readable), REMOTE_CHUNK)]
    chunks.reverse()
    async with AsyncClient(url, timeout=None) as service:

        def write(out: bytes) -> None:
            sink.write(out)
            sink.flush()
            bar.advance(out)

        async def worker() -> None:
            while chunks:
                chunk = chunks.pop()
                if not await send_batch(service, chunk, write):
                    for item in chunk:  # refused as a whole: find the lines at fault
                        await send_batch(service, [item], write)

        async with anyio.create_task_group() as group:
            for _ in range(min(jobs, len(chunks))):
                group.start_soon(worker)


async def send_batch(
    service: AsyncClient, chunk: list[tuple[int, Any]], write: Callable[[bytes], None]
) -> bool:
    """Writes the server's answer line for each item of `chunk`; False (nothing written) when
    the server refuses a batch of several items as a whole with a 4xx. A 4xx for one item is
    its line; any other status stops the run."""
    try:
        async for line in service.batch_lines(item for _, item in chunk):
            entry = msgspec.json.decode(line)
            entry["index"] = chunk[entry["index"]][0]
            write(msgspec.json.encode(entry) + b"\n")
    except ServiceError as refused:
        if not 400 <= refused.status < 500:
            raise SystemExit(f"{service.http.base_url}: {refused}") from None
        if len(chunk) > 1:
            return False
        problem = msgspec.json.encode(refused.problem)
        write(b'{"index":%d,"status":%d,"problem":%s}\n' % (chunk[0][0], refused.status, problem))
    return True


def analyze_command(argv: list[str]) -> int:
    args = parse_args(argv)
    output: Path = args.output or args.file.with_suffix(".out.jsonl")
    try:
        Settings.from_env()
    except SettingsError as exc:
        print(f"python -m service analyze: {exc}", file=sys.stderr)
        return 2
    if not args.file.exists():
        print(f"python -m service analyze: no file {args.file}", file=sys.stderr)
        return 2
    items = list(read_items(args.file, answered(output)))
    with Progress(len(items), args.quiet) as bar, output.open("ab") as sink:
        if sink.tell() > 0 and not output.read_bytes().endswith(b"\n"):
            sink.write(b"\n")  # end the line an interrupted run cut short
        if args.url:
            anyio.run(run_remote, items, args.url, args.jobs, sink, bar)
        else:
            anyio.run(run_local, items, args.jobs, sink, bar)
    if not args.quiet:
        print(f"{len(items)} positions analysed into {output}", file=sys.stderr)
    return 0
