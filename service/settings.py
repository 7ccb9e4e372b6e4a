"""Settings of the HTTP service, read from the environment and checked once at start.

| variable         | default     | meaning                                           |
|------------------|-------------|---------------------------------------------------|
| `HOST`           | `127.0.0.1` | address to listen on                              |
| `PORT`           | `8000`      | TCP port, 1..65535                                |
| `MAX_BODY_BYTES` | `1048576`   | largest accepted request body; larger gets a 413  |

A bad value raises :class:`SettingsError` naming the variable, so the service does not start
half-configured.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_MAX_BODY_BYTES = 1024 * 1024
MAX_BODY_BYTES_CEILING = 1024 * 1024 * 1024


class SettingsError(ValueError):
    """A setting from the environment or the command line is not usable."""


@dataclass(frozen=True, slots=True)
class Settings:
    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES

    def __post_init__(self) -> None:
        if not self.host or self.host != self.host.strip():
            raise SettingsError(f"HOST must be a host name or address, got {self.host!r}")
        check_range("PORT", self.port, 1, 65535)
        check_range("MAX_BODY_BYTES", self.max_body_bytes, 1, MAX_BODY_BYTES_CEILING)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """Reads the settings from ``environ`` (default: the process environment)."""
        env = os.environ if environ is None else environ
        return cls(
            host=env.get("HOST", DEFAULT_HOST),
            port=parse_int("PORT", env.get("PORT"), DEFAULT_PORT),
            max_body_bytes=parse_int(
                "MAX_BODY_BYTES", env.get("MAX_BODY_BYTES"), DEFAULT_MAX_BODY_BYTES
            ),
        )


def parse_int(name: str, text: str | None, default: int) -> int:
    """The integer in ``text``, or ``default`` when the variable is unset or empty."""
    if text is None or not text.strip():
        return default
    try:
        return int(text.strip())
    except ValueError:
        raise SettingsError(f"{name} must be an integer, got {text!r}") from None


def check_range(name: str, value: int, low: int, high: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise SettingsError(f"{name} must be an integer in {low}..{high}, got {value!r}")
