"""Every error the service answers with, as RFC 9457 problem details.

One place maps each failure to a status and a problem type: the engine's errors (bad JSON, invalid
positions with every reason and its path, unknown game, a caught engine panic), Litestar's own
(envelope validation, route not found, method not allowed, body too large), a body that the JSON
decoder cannot read (not UTF-8, nested too deeply: 400) and anything
unexpected (500, logged, no internals in the answer). Bodies are `application/problem+json` with
`type`, `title`, `status`, `detail`, `instance`, and `errors: [{path, message}]`.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping
from http import HTTPStatus
from typing import Any

from litestar import Request, Response
from litestar.exceptions import HTTPException, InternalServerException, ValidationException
from litestar.exceptions.base_exceptions import SerializationException
from litestar.handlers import HTTPRouteHandler
from litestar.types import ExceptionHandlersMap
from litestar.utils.scope.state import ScopeState

from service import _solver
from service.schemas import FieldError, ProblemDetails

PROBLEM_JSON = "application/problem+json"

# Problem types: relative URI references, one per kind of problem (listed in the README).
MALFORMED = "/problems/malformed-json"
INVALID = "/problems/invalid-request"
UNKNOWN_GAME = "/problems/unknown-game"
TOO_LARGE = "/problems/body-too-large"
ENGINE_FAULT = "/problems/engine-fault"
OVERLOADED = "/problems/overloaded"
UNSUPPORTED_MEDIA = "/problems/unsupported-media-type"
INTERNAL = "/problems/internal-error"
HTTP_ERROR = "about:blank"

log = logging.getLogger("service")

# Litestar's detail of the 500 it raises when the client disconnects in the middle of the body.
LITESTAR_DISCONNECTED = "client disconnected prematurely"


class UnknownGameError(HTTPException):
    """A `{game}` path parameter that names no game of the catalogue."""

    status_code = 404


class ProblemError(Exception):
    """A problem the service itself finds (a limit, an overload), ready to be answered."""

    def __init__(
        self,
        status: int,
        detail: str,
        *,
        type_: str,
        errors: list[FieldError] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.type_ = type_
        self.errors = errors or []
        self.headers = dict(headers or {})

    def details(self, instance: str) -> ProblemDetails:
        return ProblemDetails(
            type=self.type_,
            title=HTTPStatus(self.status).phrase,
            status=self.status,
            detail=self.detail,
            instance=instance,
            errors=self.errors,
        )


def invalid_field(path: str, message: str) -> ProblemError:
    """A 422 for one field of the request."""
    errors = [FieldError(path=path, message=message)]
    return ProblemError(422, summarise(errors), type_=INVALID, errors=errors)


def overloaded(detail: str, retry_after_s: int) -> ProblemError:
    headers = {"Retry-After": str(retry_after_s)}
    return ProblemError(503, detail, type_=OVERLOADED, headers=headers)


def problem(
    request: Request[Any, Any, Any],
    status: int,
    detail: str,
    *,
    type_: str = HTTP_ERROR,
    errors: list[FieldError] | None = None,
    headers: Mapping[str, str] | None = None,
) -> Response[ProblemDetails]:
    """A problem details response; `title` is the status phrase."""
    body = ProblemDetails(
        type=type_,
        title=HTTPStatus(status).phrase,
        status=status,
        detail=detail,
        instance=request.url.path,
        errors=errors or [],
    )
    return Response(body, status_code=status, media_type=PROBLEM_JSON, headers=headers)


def solver_problem(exc: Exception) -> ProblemError:
    """The engine's errors: 400, 422 with every problem, 404, or 500 for a caught panic."""
    message = str(exc.args[0]) if exc.args else ""
    if isinstance(exc, _solver.InvalidInput):
        errors = parse_problems(message)
        return ProblemError(422, summarise(errors), type_=INVALID, errors=errors)
    if isinstance(exc, _solver.MalformedInput):
        return ProblemError(400, message, type_=MALFORMED)
    if isinstance(exc, _solver.UnknownGame):
        return ProblemError(404, message, type_=UNKNOWN_GAME)
    log.error("engine fault: %s", message)
    return ProblemError(500, f"the engine failed: {message}", type_=ENGINE_FAULT)


def solver_error(request: Request[Any, Any, Any], exc: Exception) -> Response[ProblemDetails]:
    return problem_error(request, solver_problem(exc))


def problem_error(request: Request[Any, Any, Any], exc: Exception) -> Response[ProblemDetails]:
    assert isinstance(exc, ProblemError)
    body = exc.details(request.url.path)
    return Response(body, status_code=exc.status, media_type=PROBLEM_JSON, headers=exc.headers)


def parse_problems(text: str) -> list[FieldError]:
    """The `[{path, message}]` list that InvalidInput carries as JSON text."""
    try:
        items = json.loads(text)
        return [FieldError(path=str(i["path"]), message=str(i["message"])) for i in items]
    except (ValueError, TypeError, KeyError):
        return [FieldError(path="", message=text)]


def summarise(errors: list[FieldError]) -> str:
    if not errors:
        return "the request is invalid"
    first = errors[0]
    where = f"{first.path}: " if first.path else ""
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return f"{where}{first.message}{more}"


_MISSING_FIELD = re.compile(r"Object missing required field `([^`]*)`")


def validation_error(
    request: Request[Any, Any, Any], exc: ValidationException
) -> Response[ProblemDetails]:
    """Litestar's check of the request envelope: a missing body is 400, wrong types are 422."""
    if not ScopeState.from_scope(request.scope).body:
        return problem(
            request, 400, "the request body is empty; send a JSON object", type_=MALFORMED
        )
    errors = [field_error(item) for item in exc.extra] if isinstance(exc.extra, list) else []
    return problem(request, 422, summarise(errors), type_=INVALID, errors=errors)


def field_error(item: Any) -> FieldError:
    """One entry of a ValidationException, with the path read from the body's root."""
    if not isinstance(item, Mapping):
        return FieldError(path="", message=str(item))
    key = str(item.get("key") or "")
    message = str(item.get("message") or "")
    path = "" if key == "data" else key.removeprefix("data.")
    if missing := _MISSING_FIELD.fullmatch(message):
        path = f"{path}.{missing[1]}" if path else missing[1]
        message = "missing"
    return FieldError(path=path, message=message)


def http_error(request: Request[Any, Any, Any], exc: HTTPException) -> Response[ProblemDetails]:
    """Litestar's HTTP errors: not found, method not allowed, too large, bad JSON."""
    status = exc.status_code
    headers = dict(exc.headers or {})
    if isinstance(exc, UnknownGameError):
        return problem(request, status, exc.detail, type_=UNKNOWN_GAME)
    if status == HTTPStatus.REQUEST_ENTITY_TOO_LARGE:
        limit = body_limit(request)
        detail = "the request body is too large"
        if limit is not None:
            detail = f"the request body is larger than the limit of {limit} bytes"
        return problem(request, status, detail, type_=TOO_LARGE)
    if isinstance(exc.__cause__, SerializationException):
        return problem(
            request, 400, f"the request body is not valid JSON: {exc.detail}", type_=MALFORMED
        )
    detail = exc.detail
    if detail == HTTPStatus(status).phrase:  # Litestar's default: say what was asked for
        if status == HTTPStatus.NOT_FOUND:
            detail = f"no route {request.url.path}"
        elif status == HTTPStatus.METHOD_NOT_ALLOWED:
            detail = f"{request.method} is not allowed on {request.url.path}"
    if status >= 500:
        log.error("HTTP %s on %s %s: %s", status, request.method, request.url.path, exc.detail)
    return problem(request, status, detail, headers=headers)


def undecodable_body(
    request: Request[Any, Any, Any], exc: UnicodeDecodeError
) -> Response[ProblemDetails]:
    """A body that is not UTF-8 (JSON text must be): bad bytes inside a string included."""
    detail = f"the request body is not valid JSON: not UTF-8 at byte {exc.start}"
    return problem(request, 400, detail, type_=MALFORMED)


def too_deep(request: Request[Any, Any, Any], _: RecursionError) -> Response[ProblemDetails]:
    """JSON nested deeper than the decoder follows (the engine stops at 128 levels)."""
    detail = "the request body is not valid JSON: arrays and objects nested too deeply"
    return problem(request, 400, detail, type_=MALFORMED)


def body_limit(request: Request[Any, Any, Any]) -> int | None:
    """The body size limit of the route that was asked for."""
    handler = request.scope.get("route_handler")
    if isinstance(handler, HTTPRouteHandler):
        return handler.resolve_request_max_body_size()
    return None


def internal_error(request: Request[Any, Any, Any], exc: Exception) -> Response[ProblemDetails]:
    """Anything unexpected: logged with its traceback, answered without internals. A client
    gone before its body was read (or cut off by the body read timeout) is its own fault: a
    400 that nobody reads, logged without a traceback."""
    if isinstance(exc, InternalServerException) and exc.detail == LITESTAR_DISCONNECTED:
        log.warning(
            "%s %s: the client left before its body was read", request.method, request.url.path
        )
        return problem(request, 400, "the client disconnected before its body was read")
    log.error("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
    return problem(request, 500, "an unexpected error occurred", type_=INTERNAL)


EXCEPTION_HANDLERS: ExceptionHandlersMap = {
    _solver.SolverError: solver_error,
    ProblemError: problem_error,
    ValidationException: validation_error,
    HTTPException: http_error,
    UnicodeDecodeError: undecodable_body,
    RecursionError: too_deep,
    500: internal_error,
}
