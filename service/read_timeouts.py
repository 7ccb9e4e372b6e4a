"""Read timeouts for slow clients: uvicorn's h11 protocol with a deadline per request read.

uvicorn times out only idle keep-alive connections; a client that sends its request a byte at a
time holds a connection (and, once its headers are in, a task) for ever. Here a request's
headers must arrive within `HEADER_TIMEOUT_MS` of its first byte, and its body within
`BODY_TIMEOUT_MS` of its headers. A request that misses its deadline gets a 408 and the
connection is closed; an app still waiting for that body sees the client disconnect, and what
it answers is dropped.
"""

from __future__ import annotations

import asyncio

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

TIMEOUT_ANSWER = (
    b"HTTP/1.1 408 Request Timeout\r\ncontent-type: text/plain; charset=utf-8\r\n"
    b"connection: close\r\ncontent-length: %d\r\n\r\n%s"
)


def read_timeout_protocol(header_timeout_s: float, body_timeout_s: float) -> type[H11Protocol]:
    """uvicorn's h11 protocol class, with these read timeouts (uvicorn's `http=` setting)."""

    class ReadTimeoutProtocol(H11Protocol):
        reading: str | None = None  # "headers" or "body" while a timer runs for it
        read_timer: asyncio.TimerHandle | None = None

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            self.time_the_read()

        def connection_lost(self, exc: Exception | None) -> None:
            self.stop_timer()
            super().connection_lost(exc)

        def time_the_read(self) -> None:
            """Starts the timer of the part of a request now being read; stops it once read."""
            state = self.conn.their_state
            if state is h11.IDLE and self.conn.trailing_data[0]:
                self.start_timer("headers", header_timeout_s)
            elif state is h11.SEND_BODY:
                self.start_timer("body", body_timeout_s)
            else:
                self.stop_timer()

        def start_timer(self, part: str, timeout_s: float) -> None:
            if self.reading != part:
                self.stop_timer()
                self.reading = part
                self.read_timer = self.loop.call_later(timeout_s, self.timed_out, part, timeout_s)

        def stop_timer(self) -> None:
            if self.read_timer is not None:
                self.read_timer.cancel()
            self.reading, self.read_timer = None, None

        def timed_out(self, part: str, timeout_s: float) -> None:
            self.logger.warning("request %s not received within %g s: 408", part, timeout_s)
            self.reading, self.read_timer = None, None
            if self.transport.is_closing():
                return
            if part == "body" and self.cycle is not None:
                if self.cycle.response_started:  # the app answered without the whole body
                    self.transport.close()
                    return
                self.cycle.disconnected = True  # the app's answer, if any, is dropped
                self.cycle.message_event.set()
            text = f"the request's {part} did not arrive within {timeout_s:g} s".encode()
            self.transport.write(TIMEOUT_ANSWER % (len(text), text))
            self.transport.close()

    return ReadTimeoutProtocol
