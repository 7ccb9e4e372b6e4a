"""The Litestar application factory.

`create_app()` reads the settings (environment unless given), loads the engine's catalogue
once, builds the analyzer (cache, Redis level, solve slots), and wires the routes, the body
size limit, the problem-details error handlers, JSON logging at `LOG_LEVEL`, the
request-id/metrics/access-log middleware (around the whole app, so that 404 and 405 answers,
made before any route is found, are observed too) and the OpenAPI 3.1 document: an HTML page at
`/schema` that needs nothing from the network, and JSON at `/schema/openapi.json`; the analysis
board (`service.board`) at `/` and `/board`. Answers of at least `GZIP_MIN_BYTES` are gzipped
for a client that accepts it (streams always), and `CORS_ORIGINS` (none by default) may call
the API from a browser page of another origin.
"""

from __future__ import annotations

from litestar import Litestar
from litestar.config.compression import CompressionConfig
from litestar.config.cors import CORSConfig
from litestar.datastructures import State
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import JsonRenderPlugin
from litestar.openapi.spec import Tag

from service import _solver
from service.analysis import Analyzer
from service.board import BOARD_ROUTES
from service.docs_page import OfflinePagePlugin
from service.errors import EXCEPTION_HANDLERS
from service.examples import add_examples
from service.logs import logging_config
from service.observe import observe
from service.record_routes import RECORD_ROUTES
from service.routes import ROUTE_HANDLERS, GameCatalogue
from service.settings import Settings

# Level 6 (zlib's default): nearly level 9's size at a fraction of its CPU time.
GZIP_MIN_BYTES = 1024
COMPRESSION = CompressionConfig(backend="gzip", minimum_size=GZIP_MIN_BYTES, gzip_compress_level=6)


def cors_config(origins: tuple[str, ...]) -> CORSConfig | None:
    """Cross-origin calls from `origins` (any method and header the API takes); none if empty."""
    if not origins:
        return None
    return CORSConfig(
        allow_origins=list(origins),
        allow_methods=["GET", "POST"],
        allow_headers=["Content-Type", "X-Request-ID"],
        expose_headers=["X-Request-ID", "Retry-After"],
        max_age=600,
    )


def create_app(settings: Settings | None = None) -> Litestar:
    settings = settings or Settings.from_env()
    analyzer = Analyzer.from_settings(settings)
    openapi = OpenAPIConfig(
        title="Card-game analysis service",
        version=_solver.ENGINE_VERSION,
        description=(
            "Positions of Mustamaija, Mü, the Marjapussi family and Muschik as JSON: deal, "
            "legal moves, checked play and analysis, one position or a batch. Errors are "
            "RFC 9457 problem details."
        ),
        path="/schema",
        tags=[
            Tag(name="rules", description="The rules as a service, and analysis per game."),
            Tag(name="analysis", description="Many positions at once."),
            Tag(name="records", description="Played hands: JSON records, PBN and LIN."),
            Tag(name="operations", description="Health, readiness and metrics."),
        ],
        render_plugins=[
            OfflinePagePlugin(path=["/"]),
            JsonRenderPlugin(path=["/openapi.json"]),
        ],
    )

    async def close_analyzer() -> None:
        await analyzer.close()

    app = Litestar(
        route_handlers=[*ROUTE_HANDLERS, *RECORD_ROUTES, *BOARD_ROUTES],
        exception_handlers=EXCEPTION_HANDLERS,
        request_max_body_size=settings.max_body_bytes,
        compression_config=COMPRESSION,
        cors_config=cors_config(settings.cors_origins),
        openapi_config=openapi,
        logging_config=logging_config(settings.log_level),
        on_shutdown=[close_analyzer],
        state=State(
            {"settings": settings, "catalogue": GameCatalogue.load(), "analyzer": analyzer}
        ),
    )
    # Route middleware never sees a request that no route matched: observe the whole app.
    app.asgi_handler = observe(app.asgi_handler)
    add_examples(app)
    return app
