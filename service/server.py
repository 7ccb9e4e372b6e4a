"""Runs uvicorn in one process, or in several forked from this one, on one TCP socket.

The listening socket is made here, for TCP, with TCP_NODELAY: uvicorn's own `workers=` mode makes
it without, so that every answer, written as headers then body, waited some 40 ms for the
client's delayed ACK. The workers share the socket. If a worker exits, the others are stopped
and `run` returns 1, for the container or the process manager to restart the service; SIGTERM or
SIGINT stops them all gracefully and `run` returns 0.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import signal
import socket
import sys
from types import FrameType

import uvicorn


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


def serve_on(config: uvicorn.Config, sock: socket.socket) -> None:
    uvicorn.Server(config).run(sockets=[sock])


def run(config: uvicorn.Config, host: str, port: int, workers: int) -> int:
    """Serves ``config``'s app on ``host``:``port`` with ``workers`` processes."""
    sock = listening_socket(host, port)
    if workers == 1:
        serve_on(config, sock)
        return 0
    context = multiprocessing.get_context("fork")
    processes = [context.Process(target=serve_on, args=(config, sock)) for _ in range(workers)]
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
        print("a worker exited; stopping the others", file=sys.stderr, flush=True)
        stop(signal.SIGTERM, None)
    for process in processes:
        process.join()
    return 1 if crashed else 0
