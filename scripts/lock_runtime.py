"""Writes constraints.txt: the service's runtime dependencies (pyproject.toml's `dependencies`
and all of theirs) pinned at the versions pip resolves from PyPI now, for this Python.

The Dockerfile installs the wheel with `--constraint constraints.txt`, so two builds of one commit
install the same packages; scripts/test-deploy checks that every package it installs is pinned.
Run it with the image's Python minor version (3.11) after changing the dependencies:

    python scripts/lock_runtime.py
    python scripts/lock_runtime.py --check VENV/bin/python   # every package there pinned as here
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEADER = """\
# The service's runtime dependencies, pinned: written by scripts/lock_runtime.py (pip's
# resolution from PyPI for Python {python}); the Dockerfile installs with these constraints.
"""


def resolved(requirements: list[str]) -> list[tuple[str, str]]:
    """(name, version) of everything pip would install for ``requirements`` from PyPI."""
    with tempfile.TemporaryDirectory() as work:
        report = Path(work) / "report.json"
        pip = [sys.executable, "-m", "pip", "install", "--quiet", "--dry-run", "--ignore-installed"]
        index = ["--index-url", "https://pypi.org/simple", "--report", str(report)]
        subprocess.run([*pip, *index, *requirements], check=True)
        installs = json.loads(report.read_text())["install"]
    return sorted(
        ((item["metadata"]["name"], item["metadata"]["version"]) for item in installs),
        key=lambda pair: pair[0].lower(),
    )


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def unpinned(python: str) -> list[str]:
    """The packages installed for ``python`` that constraints.txt does not pin at their version
    (the project itself and pip's own tools aside)."""
    listed = subprocess.run(
        [python, "-m", "pip", "list", "--format", "json"], check=True, capture_output=True
    )
    pins = {
        canonical(name): version
        for name, _, version in (
            line.strip().partition("==")
            for line in (ROOT / "constraints.txt").read_text().splitlines()
            if line.strip() and not line.startswith("#")
        )
    }
    own = {"cardgame-analysis", "pip", "setuptools", "wheel"}
    installed = {canonical(i["name"]): i["version"] for i in json.loads(listed.stdout)}
    return [
        f"{name}=={version}"
        for name, version in installed.items()
        if name not in own and pins.get(name) != version
    ]


def main() -> int:
    if sys.argv[1:2] == ["--check"]:
        loose = unpinned(sys.argv[2])
        for package in loose:
            print(f"lock_runtime: {package} is installed but not pinned in constraints.txt")
        return 1 if loose else 0
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pins = resolved(project["dependencies"])
    python = f"{sys.version_info.major}.{sys.version_info.minor}"
    lines = [f"{name}=={version}\n" for name, version in pins]
    (ROOT / "constraints.txt").write_text(HEADER.format(python=python) + "".join(lines))
    print(f"constraints.txt: {len(pins)} packages pinned for Python {python}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
