"""ASGI middleware for every request: a request id, Prometheus metrics and an access log line.

The request id is the caller's `X-Request-ID` when it is a short token, else a new one; it is
sent back in `X-Request-ID` and appears on every log line written while the request is
answered. Latency runs until the last byte of the answer (a batch stream included) and is
labelled with the route template and the game, never the raw path.
"""

from __future__ import annotations

import logging
import re
import time
import uuid
from typing import Any

from litestar.enums import ScopeType
from litestar.types import ASGIApp, Message, Receive, Scope, Send

from service import metrics
from service.logs import REQUEST_ID

log = logging.getLogger("service.access")

_GOOD_ID = re.compile(r"[A-Za-z0-9._:-]{1,64}")


def request_id_of(scope: Scope) -> str:
    for name, value in scope.get("headers", []):
        if name == b"x-request-id":
            text = value.decode("latin-1")
            if _GOOD_ID.fullmatch(text):
                return text
    return uuid.uuid4().hex


def observe(app: ASGIApp) -> ASGIApp:
    async def middleware(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != ScopeType.HTTP:
            await app(scope, receive, send)
            return
        request_id = request_id_of(scope)
        token = REQUEST_ID.set(request_id)
        start = time.perf_counter()
        status = 500

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                headers = list(message.get("headers", []))
                headers.append((b"x-request-id", request_id.encode()))
                message = {**message, "headers": headers}
            await send(message)

        try:
            await app(scope, receive, send_with_id)
        finally:
            elapsed = time.perf_counter() - start
            route, game = labels(scope, status)
            metrics.REQUESTS.labels(route=route, game=game, status=str(status)).inc()
            metrics.LATENCY.labels(route=route, game=game).observe(elapsed)
            log.info(
                "%s %s %d",
                scope.get("method", ""),
                scope["path"],
                status,
                extra={"status": status, "route": route, "game": game, "ms": elapsed * 1e3},
            )
            REQUEST_ID.reset(token)

    return middleware


def labels(scope: Scope, status: int) -> tuple[str, str]:
    """The route template (`/v1/{game}/analyze`) and the game, for metric labels; a game that
    does not exist (404) is not a label value, so callers cannot grow the label set."""
    template: Any = scope.get("path_template")
    route = template if isinstance(template, str) else "unmatched"
    params: Any = scope.get("path_params") or {}
    game = str(params.get("game", "")) if status != 404 else ""
    return route.replace("{game:str}", "{game}"), game
