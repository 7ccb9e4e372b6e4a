"""The OpenAPI page at `/schema`: HTML written on the server from the OpenAPI document, with
no script and no style from anywhere else, so it reads the same offline.

Each operation shows its summary and description, its parameters, and the examples of its
request body and answers; the whole document is at `/schema/openapi.json`.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from litestar import Request
from litestar.openapi.plugins import OpenAPIRenderPlugin

STYLE = """
body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
h2{border-bottom:1px solid #ccc;padding-bottom:.2rem}
.op{border:1px solid #ddd;border-radius:6px;padding:.5rem 1rem;margin:1rem 0}
.verb{font-weight:bold;text-transform:uppercase;margin-right:.5rem}
pre{background:#f6f6f6;padding:.5rem;overflow:auto;max-height:24rem;font-size:.85rem}
"""


class OfflinePagePlugin(OpenAPIRenderPlugin):
    def render(self, request: Request[Any, Any, Any], openapi_schema: dict[str, Any]) -> bytes:
        info = openapi_schema.get("info", {})
        parts = [
            "<!DOCTYPE html><html><head><meta charset='utf-8'>",
            f"<title>{escape(info.get('title', 'API'))}</title><style>{STYLE}</style></head><body>",
            f"<h1>{escape(info.get('title', ''))} <small>{escape(info.get('version', ''))}</small>"
            "</h1>",
            f"<p>{escape(info.get('description', ''))}</p>",
            "<p>The OpenAPI 3.1 document: <a href='/schema/openapi.json'>openapi.json</a></p>",
        ]
        for path, operations in openapi_schema.get("paths", {}).items():
            parts.append(f"<h2>{escape(path)}</h2>")
            for verb, operation in operations.items():
                if isinstance(operation, dict) and "responses" in operation:
                    parts.append(render_operation(verb, path, operation))
        parts.append("</body></html>")
        return "".join(parts).encode()


def render_operation(verb: str, path: str, operation: dict[str, Any]) -> str:
    parts = [
        f"<div class='op' id='{escape(operation.get('operationId', ''))}'>",
        f"<p><span class='verb'>{escape(verb)}</span><code>{escape(path)}</code> ",
        f"{escape(operation.get('summary', ''))}</p>",
        f"<p>{escape(operation.get('description', ''))}</p>",
    ]
    for parameter in operation.get("parameters", []):
        parts.append(
            f"<p>parameter <code>{escape(parameter.get('name', ''))}</code> "
            f"({escape(parameter.get('in', ''))}): {escape(parameter.get('description', ''))}</p>"
        )
    body = operation.get("requestBody", {}).get("content", {})
    for media, content in body.items():
        parts.extend(render_examples(f"request body ({media})", content))
    for status, response in operation.get("responses", {}).items():
        description = escape(response.get("description", ""))
        parts.append(f"<p><b>{escape(status)}</b> {description}</p>")
        for media, content in response.get("content", {}).items():
            parts.extend(render_examples(f"{status} ({media})", content))
    parts.append("</div>")
    return "".join(parts)


def render_examples(label: str, content: dict[str, Any]) -> list[str]:
    out = []
    for name, example in content.get("examples", {}).items():
        value = example.get("value")
        text = value if isinstance(value, str) else json.dumps(value, indent=1)
        summary = escape(example.get("summary") or name)
        out.append(f"<p>example, {escape(label)}: {summary}</p><pre>{escape(text)}</pre>")
    return out
