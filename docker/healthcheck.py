"""The container's health check: exits 0 when `GET /health` on this container's port answers 200.

Uses only the standard library, since the runtime image has no curl.
"""

from __future__ import annotations

import os
import sys
import urllib.request

url = f"http://127.0.0.1:{os.environ.get('PORT', '8000')}/health"
try:
    with urllib.request.urlopen(url, timeout=2) as answer:
        sys.exit(0 if answer.status == 200 else 1)
except OSError as exc:
    print(f"healthcheck: {url}: {exc}", file=sys.stderr)
    sys.exit(1)
