"""Renders and lints the Helm chart in helm/ and validates every manifest against Kubernetes.

With the default values and with each values file in helm/ci/: `helm lint --strict`, a render
(which checks the values against values.schema.json), and for every rendered object the schema of
its kind in Kubernetes KUBE_VERSION (strict: no unknown fields), plus what the chart promises:
every pod runs as non-root on a read-only root filesystem, the service's container is probed on
/health and /ready; every selector picks the pods of its own component (never the bundled
Redis's for the service, nor the service's for Redis); the bundled Redis has a password that the
service's REDIS_URL carries and a NetworkPolicy that admits the service's pods only; a pod is
given longer to stop than its preStop pause and an analysis's deadline; pods are annotated for
Prometheus and spread over nodes where the values say so. Values that break the schema or the
chart's rules must be refused. Uses helm-python-sdk (no helm binary) and kubernetes-validate.
Exits 1 on the first problem.
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
APP = f"{RELEASE}-cardgame-analysis"
REDIS = f"{APP}-redis"

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


def named(objects: list[dict[str, Any]], kind: str, name: str) -> dict[str, Any] | None:
    found = [o for o in objects if o["kind"] == kind and o["metadata"]["name"] == name]
    return found[0] if found else None


def selectors(objects: list[dict[str, Any]]) -> list[tuple[str, dict[str, str], str]]:
    """(where, selector, the Deployment whose pods it must pick) for every pod selector."""
    found: list[tuple[str, dict[str, str], str]] = []
    for obj in objects:
        kind, name, spec = obj["kind"], obj["metadata"]["name"], obj.get("spec", {})
        owner = REDIS if name == REDIS else APP
        if kind == "Service":
            found.append((f"Service {name}", spec["selector"], owner))
        if kind in ("Deployment", "PodDisruptionBudget"):
            found.append((f"{kind} {name}", spec["selector"]["matchLabels"], owner))
        if kind == "Deployment":
            for spread in spec["template"]["spec"].get("topologySpreadConstraints", []):
                found.append((f"{name} spread", spread["labelSelector"]["matchLabels"], owner))
        if kind == "NetworkPolicy":
            found.append((f"NetworkPolicy {name}", spec["podSelector"]["matchLabels"], REDIS))
            for rule in spec["ingress"]:
                for peer in rule["from"]:
                    found.append((f"{name} ingress", peer["podSelector"]["matchLabels"], APP))
    return found


def check_selectors(objects: list[dict[str, Any]]) -> None:
    """Each selector picks the pods it is for and no other Deployment's."""
    pods = {
        o["metadata"]["name"]: o["spec"]["template"]["metadata"]["labels"]
        for o in objects
        if o["kind"] == "Deployment"
    }
    for where, selector, owner in selectors(objects):
        for name, labels in pods.items():
            picks = all(labels.get(key) == value for key, value in selector.items())
            if picks != (name == owner):
                verb = "picks" if picks else "misses"
                raise ChartError(f"{where}: the selector {selector} {verb} the pods of {name}")


def env_of(deployment: dict[str, Any]) -> dict[str, Any]:
    container = deployment["spec"]["template"]["spec"]["containers"][0]
    return {entry["name"]: entry for entry in container.get("env", [])}


def check_redis_auth(objects: list[dict[str, Any]]) -> None:
    """The bundled Redis asks a password, from the Secret that the service's URL uses too, and
    only the service's pods may reach it."""
    redis, app = named(objects, "Deployment", REDIS), named(objects, "Deployment", APP)
    if redis is None or app is None:
        return
    args = redis["spec"]["template"]["spec"]["containers"][0]["args"]
    if args[:2] != ["--requirepass", "$(REDIS_PASSWORD)"]:
        raise ChartError(f"Deployment {REDIS}: no password: {args}")
    secret = env_of(redis)["REDIS_PASSWORD"]["valueFrom"]
    app_env = env_of(app)
    if app_env["REDIS_PASSWORD"]["valueFrom"] != secret:
        raise ChartError(f"Deployment {APP}: REDIS_PASSWORD is not Redis's: {app_env}")
    if "://:$(REDIS_PASSWORD)@" not in app_env["REDIS_URL"]["value"]:
        raise ChartError(f"Deployment {APP}: REDIS_URL without the password")
    if named(objects, "NetworkPolicy", REDIS) is None:
        raise ChartError(f"no NetworkPolicy for {REDIS}")


def check_shutdown(objects: list[dict[str, Any]]) -> None:
    """The pod's grace outlasts its preStop pause, an analysis's deadline and the service's
    own shutdown margin (5 s)."""
    app, config = named(objects, "Deployment", APP), named(objects, "ConfigMap", APP)
    assert app is not None
    assert config is not None
    pod = app["spec"]["template"]["spec"]
    pause = int(pod["containers"][0]["lifecycle"]["preStop"]["exec"]["command"][1])
    deadline_s = int(config["data"].get("REQUEST_DEADLINE_MS", "30000")) / 1000
    if pod["terminationGracePeriodSeconds"] <= pause + deadline_s + 5:
        raise ChartError(
            f"Deployment {APP}: {pod['terminationGracePeriodSeconds']} s to stop, under the "
            f"{pause} s pause + {deadline_s} s deadline + 5 s"
        )


def check_scraping_and_spread(objects: list[dict[str, Any]], values: dict[str, Any]) -> None:
    app = named(objects, "Deployment", APP)
    assert app is not None
    template = app["spec"]["template"]
    scraped = template["metadata"]["annotations"].get("prometheus.io/scrape") == "true"
    if scraped != values.get("metrics", {}).get("scrapeAnnotations", True):
        raise ChartError(f"Deployment {APP}: Prometheus annotations {scraped}, not as asked")
    keys = [c["topologyKey"] for c in template["spec"].get("topologySpreadConstraints", [])]
    default = ["kubernetes.io/hostname", "topology.kubernetes.io/zone"]
    if keys != values.get("topologySpread", {}).get("topologyKeys", default):
        raise ChartError(f"Deployment {APP}: spread over {keys}, not as asked")


def check(values: dict[str, Any]) -> list[str]:
    lint(values)
    objects = render(values)
    for obj in objects:
        validate(obj)
        if obj["kind"] == "Deployment":
            check_pod(obj)
    check_selectors(objects)
    check_redis_auth(objects)
    check_shutdown(objects)
    check_scraping_and_spread(objects, values)
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
