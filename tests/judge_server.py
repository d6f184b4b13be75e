"""Test support for the judge engine: the scripted server and an engine pointed at it.

The server itself lives in `expgrade.grading.testing.judge_server` (the wheel ships it: the demo
runs it when no judge model is set);
`python -m tests.judge_server --latency 0.1` starts it standalone, like the module does.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from expgrade.grading.judge import JudgeConfig, JudgeEngine, JudgeRequest, JudgeSpec
from expgrade.grading.testing.judge_server import FAULTS, ScriptedServer, ServerScript, main

__all__ = ["FAULTS", "ScriptedServer", "ServerScript", "engine_for", "ref_request"]

PRICED = "openai/gpt-4o-mini"  # in litellm's bundled cost map
UNPRICED = "openai/expgrade-test-judge"  # not in it: cost must be unknown, never zero


def engine_for(url: str, cache_dir: Path, *judges: str | JudgeSpec, **settings: Any) -> JudgeEngine:
    """An engine on the scripted server with fast test timings (overridable by `settings`)."""
    specs = [j if isinstance(j, JudgeSpec) else JudgeSpec(j) for j in (judges or (PRICED,))]
    defaults: dict[str, Any] = {
        "api_base": url,
        "cache_path": cache_dir / "judge.sqlite",
        "timeout_s": 2.0,
        "backoff_base_s": 0.01,
        "backoff_max_s": 0.1,
        "max_retries": 3,
    }
    return JudgeEngine(JudgeConfig(judges=specs, **{**defaults, **settings}))


def ref_request(item_id: str, response: str, **fields: Any) -> JudgeRequest:
    """A reference-match request; put `@@script ...@@` in `response` to script the server."""
    return JudgeRequest(
        item_id,
        "reference-match",
        {"question": "What is six times seven?", "reference": "42", "response": response, **fields},
    )


if __name__ == "__main__":
    main()
