"""`python -m service [--host H] [--port P]`: runs the HTTP service with uvicorn.

Host and port default to the `HOST` and `PORT` environment variables, else 127.0.0.1:8000; the
other settings (`MAX_BODY_BYTES`) come from the environment, see `service.settings`.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys

import uvicorn

from service.settings import Settings, SettingsError


def parse_args(argv: list[str] | None, defaults: Settings) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m service", description=__doc__)
    parser.add_argument("--host", default=defaults.host, help=f"default {defaults.host} (HOST)")
    parser.add_argument(
        "--port", type=int, default=defaults.port, help=f"default {defaults.port} (PORT)"
    )
    parser.add_argument(
        "--log-level",
        default="info",
        choices=["critical", "error", "warning", "info", "debug"],
        help="uvicorn's log level (default info)",
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    try:
        settings = Settings.from_env()
        args = parse_args(argv, settings)
        settings = dataclasses.replace(settings, host=args.host, port=args.port)
    except SettingsError as exc:
        print(f"python -m service: {exc}", file=sys.stderr)
        return 2

    from service.app import create_app

    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        log_level=args.log_level,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
