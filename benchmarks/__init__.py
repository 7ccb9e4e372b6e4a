"""Benchmarks of the engine and the service, run from the repository's root (they are not part
of the installed `service` package): `python -m benchmarks.engine` (random playouts inside Rust
and through the binding), `benchmarks.deal` (a deal analysed move by move), `benchmarks.views`
(default view analyses per game) and `benchmarks.service` (each route's cost against /health)."""
