"""`python -m service [serve] [--host H] [--port P]` runs the HTTP service with uvicorn;
`python -m service analyze FILE ...` analyses a file of positions (see `service.cli`).

Serving: host and port default to `HOST` and `PORT`; the other settings come from the
environment (see `service.settings`) and are checked before anything starts. `WORKERS`
processes are started (default: the CPUs given), forked on one TCP socket (`service.server`);
SIGTERM stops them taking requests and lets those in flight finish (`uvicorn_config`);
with more than one, Prometheus metrics are kept in a shared directory
(`PROMETHEUS_MULTIPROC_DIR`, a fresh temporary one unless set).
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import os
import sys
import tempfile

import uvicorn

from service.read_timeouts import read_timeout_protocol
from service.server import run
from service.settings import LOG_LEVELS, Settings, SettingsError

# What a SIGTERM leaves in-flight requests beyond REQUEST_DEADLINE_MS (an answer may come up
# to 100 ms and two Redis writes after the deadline).
SHUTDOWN_MARGIN_S = 5


def parse_args(argv: list[str] | None, defaults: Settings) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m service", description=__doc__)
    parser.add_argument("--host", default=defaults.host, help=f"default {defaults.host} (HOST)")
    parser.add_argument(
        "--port", type=int, default=defaults.port, help=f"default {defaults.port} (PORT)"
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=defaults.workers,
        help=f"server processes, default {defaults.workers} (WORKERS)",
    )
    parser.add_argument(
        "--log-level",
        default=defaults.log_level,
        choices=LOG_LEVELS,
        help=f"default {defaults.log_level} (LOG_LEVEL)",
    )
    return parser.parse_args(argv)


def serve(argv: list[str] | None) -> int:
    try:
        settings = Settings.from_env()
        args = parse_args(argv, settings)
        settings = dataclasses.replace(
            settings, host=args.host, port=args.port, workers=args.workers, log_level=args.log_level
        )
    except SettingsError as exc:
        print(f"python -m service: {exc}", file=sys.stderr)
        return 2
    from service.logs import logging_config

    logging_config(settings.log_level).configure()
    if settings.workers > 1 and not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="cga-metrics-")
    # Workers are new processes: they read the settings from the environment again (the solve
    # threads' default from WORKERS too).
    os.environ.update({"HOST": settings.host, "PORT": str(settings.port)})
    os.environ.update({"WORKERS": str(settings.workers), "LOG_LEVEL": settings.log_level})
    return run(uvicorn_config(settings), settings.host, settings.port, settings.workers)


def uvicorn_config(settings: Settings) -> uvicorn.Config:
    """uvicorn's settings: JSON logs, read timeouts, and on SIGTERM no new requests while the
    ones in flight finish, for up to the analysis deadline and a margin."""
    return uvicorn.Config(
        "service.app:create_app",
        factory=True,
        log_level=settings.log_level,
        log_config=None,
        access_log=False,
        server_header=False,
        http=read_timeout_protocol(
            settings.header_timeout_ms / 1000, settings.body_timeout_ms / 1000
        ),
        timeout_graceful_shutdown=math.ceil(settings.request_deadline_ms / 1000)
        + SHUTDOWN_MARGIN_S,
    )


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["analyze"]:
        from service.cli import analyze_command

        return analyze_command(args[1:])
    if args[:1] == ["serve"]:
        args = args[1:]
    return serve(args)


if __name__ == "__main__":
    sys.exit(main())
