"""The container's entry point: runs the service with uvicorn, one worker process per CPU.

`WORKERS` sets the number of worker processes; unset or empty, it is the number of CPUs this
container may use: the CPU quota of its cgroup (a Kubernetes CPU limit, `docker run --cpus`),
rounded up, within the CPUs it may be scheduled on. `LOG_LEVEL` is uvicorn's (default info).
The service's own settings (`HOST`, `PORT`, `MAX_BODY_BYTES`, ...) are read from the environment
by `service.settings`, and checked here first: a bad value stops the container with a message.

The listening socket is made here, for TCP (so that every connection gets TCP_NODELAY: a socket
made as uvicorn's `--workers` makes it does not, and each answer then waits some 40 ms for the
client's delayed ACK), and shared by the worker processes, forked from this one. If a worker
exits, the others are stopped and this process exits 1 for the container to be restarted;
SIGTERM or SIGINT stops them all gracefully.
"""

from __future__ import annotations

import math
import multiprocessing
import multiprocessing.connection
import os
import signal
import socket
import sys
from pathlib import Path
from types import FrameType

import uvicorn

from service.settings import Settings, SettingsError

CGROUP_V2_CPU_MAX = Path("/sys/fs/cgroup/cpu.max")
CGROUP_V1_QUOTA = Path("/sys/fs/cgroup/cpu/cpu.cfs_quota_us")
CGROUP_V1_PERIOD = Path("/sys/fs/cgroup/cpu/cpu.cfs_period_us")
LOG_LEVELS = ("critical", "error", "warning", "info", "debug", "trace")


def cpu_quota() -> float | None:
    """CPUs allowed by the cgroup's quota (e.g. 1.5), or None when there is no quota."""
    try:
        quota, period = CGROUP_V2_CPU_MAX.read_text().split()
    except (OSError, ValueError):
        try:
            quota = CGROUP_V1_QUOTA.read_text().strip()
            period = CGROUP_V1_PERIOD.read_text().strip()
        except OSError:
            return None
    if quota in ("max", "-1"):
        return None
    return int(quota) / int(period)


def usable_cpus() -> int:
    """The CPUs this process may run on, capped by the cgroup's quota (rounded up), at least 1."""
    cpus = len(os.sched_getaffinity(0))
    quota = cpu_quota()
    if quota is not None:
        cpus = min(cpus, math.ceil(quota))
    return max(1, cpus)


def worker_count(environ: dict[str, str]) -> int:
    text = environ.get("WORKERS", "").strip()
    if not text:
        return usable_cpus()
    if not text.isdigit() or not 1 <= int(text) <= 256:
        raise SystemExit(f"serve: WORKERS must be an integer in 1..256, got {text!r}")
    return int(text)


def listening_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host``:``port`` (a name, an IPv4 or an IPv6 address)."""
    family, kind, proto, _, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, proto=socket.IPPROTO_TCP
    )[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.bind(address)
    return sock


def serve(config: uvicorn.Config, sock: socket.socket) -> None:
    uvicorn.Server(config).run(sockets=[sock])


def supervise(config: uvicorn.Config, sock: socket.socket, workers: int) -> int:
    """Runs ``workers`` forked servers on ``sock`` until a signal (0) or a worker's exit (1)."""
    context = multiprocessing.get_context("fork")
    processes = [context.Process(target=serve, args=(config, sock)) for _ in range(workers)]
    for process in processes:
        process.start()
    stopping = False

    def stop(signum: int, _: FrameType | None) -> None:
        nonlocal stopping
        stopping = True
        for process in processes:
            if process.is_alive():
                process.terminate()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    multiprocessing.connection.wait([process.sentinel for process in processes])
    crashed = not stopping
    if crashed:
        print("serve: a worker exited; stopping the others", file=sys.stderr, flush=True)
        stop(signal.SIGTERM, None)
    for process in processes:
        process.join()
    return 1 if crashed else 0


def main() -> int:
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        raise SystemExit(f"serve: {exc}") from None
    workers = worker_count(dict(os.environ))
    log_level = os.environ.get("LOG_LEVEL", "info")
    if log_level not in LOG_LEVELS:
        choices = ", ".join(LOG_LEVELS)
        raise SystemExit(f"serve: LOG_LEVEL must be one of {choices}, got {log_level!r}")
    config = uvicorn.Config(
        "service.app:create_app",
        factory=True,
        log_level=log_level,
        server_header=False,
        timeout_graceful_shutdown=20,
    )
    sock = listening_socket(settings.host, settings.port)
    print(f"serve: {workers} worker(s) on {settings.host}:{settings.port}", flush=True)
    if workers == 1:
        serve(config, sock)
        return 0
    return supervise(config, sock, workers)


if __name__ == "__main__":
    sys.exit(main())
