"""Property-based tests of every operation of the OpenAPI document (schemathesis), through the
real app and engine: generated and negative bodies, headers and paths, for each of the games in
the `{game}` routes. Hypothesis runs derandomized (a fixed seed) with a case count that fits CI;
any 5xx fails, and so does any answer that does not match the schema the document gives for its
status (schemathesis's response-schema conformance).
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

from service.app import create_app
from service.routes import GameCatalogue
from service.settings import Settings

# Generated cases of every operation: the full tier only (scripts/test --quick leaves them out).
pytestmark = pytest.mark.slow

# A short time budget: generated analyses that the engine accepts end quickly.
APP = create_app(Settings(max_time_ms=200, request_deadline_ms=2000))
SCHEMA = schemathesis.openapi.from_asgi("/schema/openapi.json", APP)
# The games in turn, one per generated case of a `{game}` route (a generated name is a 404).
GAMES = itertools.cycle(GameCatalogue.load().names)


@SCHEMA.parametrize()
@settings(
    max_examples=50,
    derandomize=True,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_every_answer_is_no_server_error_and_matches_the_schema(case: Any) -> None:
    if case.path_parameters and "game" in case.path_parameters:
        case.path_parameters["game"] = next(GAMES)
    response = case.call()
    case.validate_response(response, checks=[not_a_server_error, response_schema_conformance])
