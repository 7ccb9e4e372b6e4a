"""The HTTP service of the card-game analysis engine.

`service.app.create_app()` builds the Litestar application; `python -m service` runs it with
uvicorn; `python -m benchmarks.engine` measures the engine directly and through the binding. The
rules and the search live in the Rust extension `service._solver`, built from `solver/`.
"""
