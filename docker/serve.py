"""The container's entry point: runs the service with uvicorn, one worker process per CPU.

`WORKERS` sets the number of worker processes; unset or empty, it is the number of CPUs this
container may use: the CPU quota of its cgroup (a Kubernetes CPU limit, `docker run --cpus`),
rounded up, within the CPUs it may be scheduled on. `LOG_LEVEL` is uvicorn's (default info).
The service's own settings (`HOST`, `PORT`, `MAX_BODY_BYTES`, ...) are read from the environment
by `service.settings`, and checked here first: a bad value stops the container with a message.
"""

from __future__ import annotations

import math
import os
import sys
from pathlib import Path

from service.settings import Settings, SettingsError

CGROUP_V2_CPU_MAX = Path("/sys/fs/cgroup/cpu.max")
CGROUP_V1_QUOTA = Path("/sys/fs/cgroup/cpu/cpu.cfs_quota_us")
CGROUP_V1_PERIOD = Path("/sys/fs/cgroup/cpu/cpu.cfs_period_us")


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


def main() -> None:
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        raise SystemExit(f"serve: {exc}") from None
    workers = worker_count(dict(os.environ))
    print(f"serve: {workers} worker(s) on {settings.host}:{settings.port}", flush=True)
    os.execv(
        sys.executable,
        [
            sys.executable,
            "-m",
            "uvicorn",
            "--factory",
            "service.app:create_app",
            f"--host={settings.host}",
            f"--port={settings.port}",
            f"--workers={workers}",
            f"--log-level={os.environ.get('LOG_LEVEL', 'info')}",
            "--no-server-header",
            "--timeout-graceful-shutdown=20",
        ],
    )


if __name__ == "__main__":
    main()
