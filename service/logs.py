"""Structured logs: one JSON object per line on stderr, with the request id of the request
being answered (set by `service.observe`), so the lines of one request can be found together.

`logging_config(level)` is Litestar's logging configuration of the app (and of the parent
process of `python -m service`): the root logger's one handler writes JSON, and Litestar's and
uvicorn's loggers hand their records to it, at `LOG_LEVEL`. Whatever a request carries (a path
with `%0A` in it) is a JSON string in the line, escaped, never a line of its own.
"""

from __future__ import annotations

import contextvars
import json
import logging
import time
from typing import Any

from litestar.logging.config import LoggingConfig

REQUEST_ID: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id", default=None)

# Attributes every LogRecord has; anything else was passed as `extra=` and is logged as a field.
# uvicorn's `color_message` repeats the message with terminal colours.
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {
    "message",
    "asctime",
    "color_message",
}


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        request_id = REQUEST_ID.get()
        if request_id is not None:
            entry["request_id"] = request_id
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                entry[key] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str)


def logging_config(level: str) -> LoggingConfig:
    """JSON lines on stderr at `level` for the service's, Litestar's and uvicorn's loggers."""
    level = level.upper()
    to_root = {"level": level, "handlers": [], "propagate": True}
    return LoggingConfig(
        logging_module="logging",
        formatters={"json": {"()": JsonFormatter}},
        handlers={
            "console": {
                "class": "logging.StreamHandler",
                "stream": "ext://sys.stderr",
                "formatter": "json",
            }
        },
        root={"handlers": ["console"], "level": level},
        loggers={
            name: dict(to_root)
            for name in ("litestar", "uvicorn", "uvicorn.error", "uvicorn.access")
        },
        log_exceptions="never",  # service.errors logs what it answers with a 500
    )
