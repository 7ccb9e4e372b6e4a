"""Renders and lints the Helm chart in helm/ and validates every manifest against Kubernetes.

With the default values and with each values file in helm/ci/: `helm lint --strict`, a render
(which checks the values against values.schema.json), and for every rendered object the schema of
its kind in Kubernetes KUBE_VERSION (strict: no unknown fields), plus what the chart promises:
every pod runs as non-root on a read-only root filesystem, the service's container is probed on
/health and /ready. Values that break the schema or the chart's rules must be refused. Uses
helm-python-sdk (no helm binary) and kubernetes-validate. Exits 1 on the first problem.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import helm_python as helm
import kubernetes_validate
import yaml

CHART = Path(__file__).resolve().parent.parent / "helm"
KUBE_VERSION = "1.30.0"
RELEASE = "games"

# Values the chart must refuse, each with why.
BAD_VALUES: list[tuple[str, dict[str, Any]]] = [
    ("negative workers", {"workers": -1}),
    ("unknown top-level value", {"replicas": 3}),
    ("two Redis sources", {"redis": {"url": "redis://r:6379/0", "bundled": {"enabled": True}}}),
    ("a URL that is not Redis", {"redis": {"url": "http://r:6379"}}),
    ("a setting the chart owns", {"config": {"PORT": "9000"}}),
]


class ChartError(Exception):
    """A rendered manifest, a lint finding or a values check that is wrong."""


def lint(values: dict[str, Any]) -> None:
    report = helm.lint(CHART, values, strict=True, kube_version=f"v{KUBE_VERSION}")
    findings = [m for m in report["messages"] if m["severity"] >= 2] + report["errors"]
    if findings:
        raise ChartError(f"helm lint: {findings}")


def render(values: dict[str, Any]) -> list[dict[str, Any]]:
    """Every Kubernetes object the chart renders with ``values``; NOTES.txt must render too."""
    manifests = helm.Chart.load(CHART).render(values, name=RELEASE, namespace="games")
    objects: list[dict[str, Any]] = []
    for path, text in sorted(manifests.items()):
        if path.endswith("NOTES.txt"):
            if not text.strip():
                raise ChartError("NOTES.txt renders empty")
            continue
        objects.extend(doc for doc in yaml.safe_load_all(text) if doc)
    return objects


def validate(obj: dict[str, Any]) -> None:
    try:
        kubernetes_validate.validate(obj, KUBE_VERSION, strict=True)
    except kubernetes_validate.ValidationError as exc:
        where = ".".join(str(part) for part in exc.path)
        raise ChartError(f"{obj['kind']} {where}: {exc.message}") from None
    except kubernetes_validate.SchemaNotFoundError as exc:
        raise ChartError(str(exc)) from None


def check_pod(deployment: dict[str, Any]) -> None:
    """The pod of a Deployment: non-root, read-only root filesystem, the service's probes."""
    name = deployment["metadata"]["name"]
    pod = deployment["spec"]["template"]["spec"]
    if pod.get("securityContext", {}).get("runAsNonRoot") is not True:
        raise ChartError(f"Deployment {name}: the pod may run as root")
    for container in pod["containers"]:
        security = container.get("securityContext", {})
        if security.get("readOnlyRootFilesystem") is not True:
            raise ChartError(f"Deployment {name}: {container['name']} can write its root fs")
        if security.get("allowPrivilegeEscalation") is not False:
            raise ChartError(f"Deployment {name}: {container['name']} may escalate")
        if container["name"] == "service":
            probes = (container["livenessProbe"], container["readinessProbe"])
            paths = tuple(probe["httpGet"]["path"] for probe in probes)
            if paths != ("/health", "/ready"):
                raise ChartError(f"Deployment {name}: probes on {paths}")


def check(values: dict[str, Any]) -> list[str]:
    lint(values)
    objects = render(values)
    for obj in objects:
        validate(obj)
        if obj["kind"] == "Deployment":
            check_pod(obj)
    return sorted(f"{obj['kind']}/{obj['metadata']['name']}" for obj in objects)


def refuses(values: dict[str, Any]) -> bool:
    try:
        render(values)
    except (helm.HelmValuesError, helm.HelmRenderError):
        return True
    return False


def main() -> int:
    cases: list[tuple[str, dict[str, Any]]] = [("default values", {})] + [
        (str(path.relative_to(CHART.parent)), helm.values_from_yaml(path.read_text()))
        for path in sorted((CHART / "ci").glob("*.yaml"))
    ]
    for label, values in cases:
        try:
            print(f"{label}: {', '.join(check(values))}")
        except ChartError as exc:
            print(f"check_chart: {label}: {exc}")
            return 1
    for reason, values in BAD_VALUES:
        if not refuses(values):
            print(f"check_chart: the chart accepts {reason}: {values}")
            return 1
        print(f"refused: {reason}")
    print(f"chart: {len(cases)} value sets rendered, linted and valid in Kubernetes {KUBE_VERSION}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
