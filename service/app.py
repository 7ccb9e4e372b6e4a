"""The Litestar application factory.

`create_app()` reads the settings (environment unless given), loads the engine's catalogue once,
and wires the routes, the body size limit, the problem-details error handlers and the OpenAPI 3.1
document, which is served as JSON at `/schema` and `/schema/openapi.json` (no documentation page
that would load scripts from a CDN).
"""

from __future__ import annotations

from litestar import Litestar
from litestar.datastructures import State
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import JsonRenderPlugin

from service import _solver
from service.errors import EXCEPTION_HANDLERS
from service.routes import ROUTE_HANDLERS, GameCatalogue
from service.settings import Settings


def create_app(settings: Settings | None = None) -> Litestar:
    settings = settings or Settings.from_env()
    openapi = OpenAPIConfig(
        title="Card-game analysis service",
        version=_solver.ENGINE_VERSION,
        description=(
            "Positions of Mustamaija, Mü, the Marjapussi family and Muschik as JSON: deal, "
            "legal moves and checked play. Errors are RFC 9457 problem details."
        ),
        path="/schema",
        render_plugins=[JsonRenderPlugin(path=["/", "/openapi.json"])],
    )
    return Litestar(
        route_handlers=ROUTE_HANDLERS,
        exception_handlers=EXCEPTION_HANDLERS,
        request_max_body_size=settings.max_body_bytes,
        openapi_config=openapi,
        state=State({"settings": settings, "catalogue": GameCatalogue.load()}),
    )
