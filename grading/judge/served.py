"""Which model answers under a judge's name: the endpoint, what it lists, what its answers say.

A name is not a model. `openai/judge` on `--api-base A` and on `--api-base B` may be two models,
and one llama.cpp server restarted with another GGUF answers the same name with another model.
A verdict cached or resumed under the name alone would then be served as the other model's.
So the response cache keys (grading/judge/engine.py) and a run folder's manifest
(grading/run/manifest.py) carry this identity, found by the preflight (grading/judge/preflight.py):
the endpoint, the server's `/models` entry for the name, and the `model` and `system_fingerprint`
its tiny answer came back with.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from typing import Any

#: The stable fields of a `/models` row. `created` is left out (vLLM stamps it with the time of
#: the request) and so is vLLM's `permission` (fresh ids per request): neither says which model.
_ROW_FIELDS = ("id", "owned_by", "root", "parent", "meta")


def endpoint_of(model: str, api_base: str | None) -> str:
    """Where `model`'s calls go: the `--api-base`, else the OpenAI SDK's base URL from the
    environment for `openai/`, else the provider's own API (`provider:anthropic`)."""
    if api_base:
        return api_base.rstrip("/")
    provider = model.partition("/")[0] if "/" in model else "openai"
    if provider == "openai":
        base = os.environ.get("OPENAI_BASE_URL") or os.environ.get("OPENAI_API_BASE")
        return (base or "https://api.openai.com/v1").rstrip("/")
    return f"provider:{provider}"


def listed_identity(model: str, rows: list[dict[str, Any]]) -> str | None:
    """What `/models` says serves `model`: its own row where the server lists the name, else every
    row (a server that ignores names answers with what it lists); None where it lists nothing."""
    name = model.partition("/")[2] or model
    mine = [r for r in rows if r.get("id") in (name, model)] or rows
    if not mine:
        return None
    stable = [{k: r[k] for k in _ROW_FIELDS if k in r} for r in mine]
    return json.dumps(sorted(stable, key=lambda r: str(r.get("id"))), sort_keys=True, separators=(",", ":"))


@dataclass(frozen=True)
class Served:
    """What answered a judge's name in the preflight (see the module docstring)."""

    endpoint: str
    #: The `/models` rows for the name (`listed_identity`); None where the server lists none.
    listed: str | None = None
    #: The answer's `model`: what the server says answered (None where it said nothing).
    answered_by: str | None = None
    #: The answer's `system_fingerprint` (OpenAI's backend configuration), where given.
    fingerprint: str | None = None

    def cache_part(self) -> dict[str, Any]:
        """The part of a response-cache key: every field, the fingerprint included (an answer of
        another backend configuration is not reused)."""
        return asdict(self)

    def resume_part(self) -> dict[str, Any]:
        """What must not change between two sessions of one run folder: the fingerprint is left
        out, as providers rotate it without changing the model, which would refuse every resume."""
        return {k: v for k, v in asdict(self).items() if k != "fingerprint"}

    def as_json(self, requested: str) -> dict[str, Any]:
        return {"requested": requested, **asdict(self)}


def differs(requested: str, answered_by: str | None) -> bool:
    """Whether the answering model is another name than the one asked for (`openai/x` asks for `x`)."""
    if not answered_by:
        return False
    return answered_by not in (requested, requested.partition("/")[2])


def mismatches(served: Any) -> list[str]:
    """Each judge of a manifest's `served` block whose answers named another model than the one
    asked for, said as "asked for openai/x; answered by y" (none for a block it cannot read)."""
    if not isinstance(served, dict):
        return []
    out = []
    for requested, seen in sorted(served.items()):
        if not isinstance(seen, dict):
            continue
        names = [seen.get("answered_by"), *(seen.get("answered_by_seen") or ())]
        other = [n for n in dict.fromkeys(names) if isinstance(n, str) and differs(requested, n)]
        if other:
            out.append(f"asked for {requested}; answered by {', '.join(other)}")
    return out
