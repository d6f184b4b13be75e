"""OpenHands evaluation output (`evaluation/.../output.jsonl`): one `EvalOutput` a line.

Upstream (`evaluation/utils/shared.py`): `instance_id`, `test_result` (for SWE-bench-style runs
`{"git_patch": ...}`), `instruction`, `metadata` (`agent_class`, `llm_config.model`, …),
`history` (serialised events: actions with `action`/`args`, observations with
`observation`/`content`; older files hold `[action, observation]` pairs), `metrics`, `error`.
The instance id is the task id, the agent class the agent, `llm_config.model` the model; the
conclusion is the agent's last `finish` thought (else its last message); `agent.log` is the
history. Reruns of an instance become attempts 1, 2, ….

A record without `metadata` (what `_process_instance_wrapper` writes for a timed-out instance or
one that ran out of retries) takes agent and model from the run's `metadata.json`, which
`make_metadata` writes beside `output.jsonl`; only without it do they fall back to defaults,
and that is reported. How each run ended is read from `error`: `timeout` ("Timeout after N
seconds"), `error (retries exhausted)` ("Maximum retries (N) reached: …"), `agent error`
(`state.last_error`, the run stopped early: stuck in a loop, iteration limit, …), else
`completed`.

In a run folder only `output.jsonl` files are read: the folder also holds
`output.swebench.jsonl` (predictions converted for SWE-bench), `output.swebench_eval.jsonl`,
`output.critic_attempt_N.jsonl` and `maximum_retries_exceeded.jsonl`, which are not runs.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from expgrade.grading.errors import UserError
from expgrade.grading.harness_importers.common import Harness, HarnessOptions, require
from expgrade.grading.harness_importers.writer import HarnessRecord, render_transcript
from expgrade.grading.jsonl import iter_json_lines, load_json


def _obj(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _events(history: list[Any]) -> list[dict[str, Any]]:
    flat: list[dict[str, Any]] = []
    for item in history:
        pair = item if isinstance(item, list | tuple) else [item]
        flat += [e for e in pair if isinstance(e, dict)]
    return flat


def _text(event: dict[str, Any]) -> str:
    args = _obj(event.get("args"))
    for value in (
        args.get("command"),
        args.get("code"),
        args.get("content"),
        args.get("final_thought"),
        args.get("thought"),
        event.get("content"),
        event.get("message"),
    ):
        if isinstance(value, str) and value:
            return value
    return json.dumps(args or event, default=str)[:4000]


def _transcript(events: list[dict[str, Any]]) -> Iterator[tuple[str, str]]:
    for e in events:
        kind = e.get("action") or e.get("observation") or "event"
        yield f"{e.get('source', '?')} {'action' if 'action' in e else 'observation'}: {kind}", _text(e)


def _conclusion(events: list[dict[str, Any]]) -> tuple[str | None, str | None]:
    for e in reversed(events):
        args = _obj(e.get("args"))
        if e.get("action") == "finish":
            for key in ("final_thought", "thought"):
                if isinstance(args.get(key), str) and args[key].strip():
                    return args[key], f"history[finish].args.{key}"
        if (
            e.get("action") == "message"
            and e.get("source") == "agent"
            and isinstance(args.get("content"), str)
        ):
            return args["content"], "history[last agent message].args.content"
    return None, None


def ended(error: object) -> str:
    """How an instance's run ended, from the `error` OpenHands' evaluation code writes."""
    if not isinstance(error, str) or not error.strip():
        return "completed"
    if error.startswith("Timeout after"):
        return "timeout"
    if error.startswith("Maximum retries ("):
        return "error (retries exhausted)"
    return "agent error"


def _run_metadata(path: Path) -> dict[str, Any]:
    """The run's `metadata.json` beside its output file, if it is there and readable."""
    meta = path.parent / "metadata.json"
    if not meta.is_file():
        return {}
    try:
        return _obj(load_json(meta))
    except UserError:
        return {}


def _who(
    obj: dict[str, Any], run_meta: dict[str, Any]
) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """(values, source fields, defaults) of agent and model: the record's, the run's, a default."""
    values: dict[str, str] = {}
    fields: dict[str, str] = {}
    defaults: dict[str, str] = {}
    for name, keys, default in (
        ("agent", ("agent_class",), "openhands"),
        ("agent_model", ("llm_config", "model"), "unknown"),
    ):
        dotted = ".".join(("metadata", *keys))
        for where, meta in ((dotted, _obj(obj.get("metadata"))), (f"metadata.json: {dotted}", run_meta)):
            value: Any = meta
            for key in keys:
                value = _obj(value).get(key)
            if isinstance(value, str) and value:
                values[name], fields[name] = value, where
                break
        else:
            values[name] = default
            defaults[name] = f"'{default}' (no {dotted}, no metadata.json beside the file)"
    return values, fields, defaults


def load(path: Path, options: HarnessOptions) -> Iterator[HarnessRecord]:
    run_meta = _run_metadata(path)
    for line, obj in iter_json_lines(path):
        where = f"line {line}"
        task_id = require(obj, "instance_id", file=path, record=where)
        test_result = require(obj, "test_result", file=path, record=where, kind=dict)
        patch = test_result.get("git_patch")
        if patch is not None and not isinstance(patch, str):
            raise UserError("expected a string", file=path, record=where, field="test_result.git_patch")
        who, who_fields, defaults = _who(obj, run_meta)
        history = obj.get("history") or []
        if not isinstance(history, list):
            raise UserError(
                f"expected a list, found {type(history).__name__}", file=path, record=where, field="history"
            )
        events = _events(history)
        conclusion, conclusion_field = _conclusion(events)
        fields = {"task_id": "instance_id", **who_fields, "patch": "test_result.git_patch", "log": "history"}
        if conclusion_field:
            fields["conclusion"] = conclusion_field
        extra = {k: obj[k] for k in ("error", "metrics", "instruction") if obj.get(k) is not None}
        others = {k: v for k, v in test_result.items() if k != "git_patch"}
        if others:
            extra["test_result"] = others
        yield HarnessRecord(
            task_id=task_id,
            agent=who["agent"],
            agent_model=who["agent_model"],
            record=where,
            fields=fields,
            conclusion=conclusion,
            patch=patch or None,
            log=render_transcript(_transcript(events), title=f"OpenHands history of {task_id}")
            if events
            else None,
            extra={"harness": extra} if extra else {},
            ended=ended(obj.get("error")),
            defaults=defaults,
        )


HARNESS = Harness(name="openhands", patterns=("output.jsonl",), load=load)
