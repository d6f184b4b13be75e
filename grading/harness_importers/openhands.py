"""OpenHands evaluation output (`output.jsonl`): one `EvalOutput` a line, in three generations.

OpenHands has published its evaluation output in three shapes; each record is read as the one
it is, and the import summary names which (a note per file):

- **V1 SDK** (OpenHands/benchmarks `benchmarks/utils/models.py`, the software-agent-sdk):
  `instance_id`, `attempt`, `test_result.git_patch`, `metadata.llm.model`,
  `metadata.agent_type` (`default`, `acp-claude`, …), `history` of SDK events, each with a
  `kind` (`ActionEvent` with an `action.kind`, `ObservationEvent`, `MessageEvent`, …). The
  answer is the last `FinishAction`'s `message`.
- **V0** (OpenHands `evaluation/utils/shared.py`): `test_result.git_patch`,
  `metadata.agent_class`, `metadata.llm_config.model`, `history` of events with
  `action`/`args` or `observation`/`content` (some files hold `[action, observation]` pairs).
  The answer is the last `finish` action's `final_thought` (older: `thought`), else the agent's
  last message.
- **V0, 2024** (OpenHands `evaluation/benchmarks/swe_bench/examples/example_agent_output.jsonl`):
  the patch at the top level (`git_patch`), `swe_instance`, `metadata.model_name`, a history of
  `[action, observation]` pairs, and `test_result` holding the evaluation, or absent.

The instance id is the task id. The agent is `metadata.agent_class` (V0) or
`openhands-sdk[-<agent_type>]` (V1, whose runs name no agent class), so two runs differ by model
and never merge. A record without `metadata` (a timed-out or failed instance) takes agent and
model from the run's `metadata.json` beside the file; only without it do they fall back to
defaults, and that is reported. How each run ended is read from `error` (`ended`). `agent.log`
is the history, one summary per event.

Output of the OpenHands resolver (`openhands/resolver`: `issue`, `issue_type`, `success`, …,
one GitHub issue or PR a line) is not an evaluation run and is refused as such.

In a run folder only `output.jsonl` files are read: the folder also holds
`output.swebench.jsonl` (predictions converted for SWE-bench), `output.swebench_eval.jsonl`,
`output.critic_attempt_N.jsonl` and `maximum_retries_exceeded.jsonl`, which are not runs.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from expgrade.grading.errors import UserError
from expgrade.grading.harness_importers.common import Harness, HarnessOptions, Notice, require
from expgrade.grading.harness_importers.writer import HarnessRecord, render_transcript
from expgrade.grading.jsonl import iter_json_lines, load_json

#: Characters of one event's summary in `agent.log` (an SDK action object runs to 25 KB).
EVENT_CHARS = 1_500


@dataclass(frozen=True)
class Generation:
    """One published shape of OpenHands' `EvalOutput`: where its model and patch are."""

    label: str
    model_keys: tuple[str, ...]
    patch_fields: tuple[str, ...]


SDK = Generation(
    "OpenHands V1 SDK (OpenHands/benchmarks EvalOutput: metadata.llm, SDK events)",
    ("llm", "model"),
    ("test_result.git_patch",),
)
V0 = Generation(
    "OpenHands V0 (evaluation/utils/shared.py EvalOutput: metadata.llm_config, action/observation events)",
    ("llm_config", "model"),
    ("test_result.git_patch",),
)
V0_2024 = Generation(
    "OpenHands V0, 2024 (top-level git_patch, swe_instance, metadata.model_name,"
    " [action, observation] pairs)",
    ("model_name",),
    ("git_patch", "test_result.git_patch"),
)
#: Keys of the OpenHands resolver's `ResolverOutput` (openhands/resolver/resolver_output.py).
RESOLVER_KEYS = ("issue", "issue_type")


def _obj(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _at(data: dict[str, Any], dotted: str) -> Any:
    value: Any = data
    for key in dotted.split("."):
        value = _obj(value).get(key)
    return value


def generation(obj: dict[str, Any], events: list[dict[str, Any]], run_meta: dict[str, Any]) -> Generation:
    """Which shape a record has; a record without metadata (a timed-out instance) is read as the
    run's `metadata.json` says."""
    meta = _obj(obj.get("metadata")) or run_meta
    if isinstance(meta.get("llm"), dict) or any("kind" in e for e in events):
        return SDK
    if "git_patch" in obj or "swe_instance" in obj or "model_name" in meta:
        return V0_2024
    return V0


def _events(history: list[Any]) -> list[dict[str, Any]]:
    flat: list[dict[str, Any]] = []
    for item in history:
        pair = item if isinstance(item, list | tuple) else [item]
        flat += [e for e in pair if isinstance(e, dict)]
    return flat


def _bounded(text: str) -> str:
    text = text.strip()
    if len(text) <= EVENT_CHARS:
        return text
    return f"{text[:EVENT_CHARS]} [... {len(text) - EVENT_CHARS} characters cut]"


def _content_text(content: Any) -> str:
    """The text of an SDK content list (`[{"type": "text", "text": ...}, ...]`), or a string."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(str(c.get("text", "")) for c in content if isinstance(c, dict) and c.get("text"))
    return ""


def _sdk_entry(e: dict[str, Any]) -> tuple[str, str]:
    """(header, summary) of one SDK event: its kind and tool, and the one field that says what
    happened (the command run, the file edited, the message, the output), bounded."""
    source, kind = e.get("source", "?"), str(e.get("kind", "event"))
    tool = f" ({e['tool_name']})" if isinstance(e.get("tool_name"), str) and e["tool_name"] else ""
    if kind == "ActionEvent":
        action = _obj(e.get("action"))
        keys = ("command", "message", "code", "query", "url", "path")
        main = next((action[k] for k in keys if isinstance(action.get(k), str)), "")
        if action.get("path") and main != action["path"]:
            main = f"{action['path']}: {main}"
        summary = e.get("summary")
        text = f"{summary}\n{main}" if isinstance(summary, str) and summary else str(main)
        return f"{source} {action.get('kind', 'action')}{tool}", _bounded(text)
    if kind == "ObservationEvent":
        obs = _obj(e.get("observation"))
        error = " [error]" if obs.get("is_error") else ""
        text = _content_text(obs.get("content"))
        return f"{source} {obs.get('kind', 'observation')}{tool}{error}", _bounded(text)
    if kind == "MessageEvent":
        message = _obj(e.get("llm_message"))
        return f"{source} message", _bounded(_content_text(message.get("content")))
    detail = next((e[k] for k in ("error", "detail", "reason", "key") if isinstance(e.get(k), str)), "")
    return f"{source} {kind}", _bounded(detail)


def _v0_text(event: dict[str, Any]) -> str:
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


def _transcript(events: list[dict[str, Any]], gen: Generation) -> Iterator[tuple[str, str]]:
    for e in events:
        if gen is SDK:
            yield _sdk_entry(e)
            continue
        kind = e.get("action") or e.get("observation") or "event"
        source = f"{e['source']} " if isinstance(e.get("source"), str) else ""  # 2024 files: none
        yield f"{source}{'action' if 'action' in e else 'observation'}: {kind}", _v0_text(e)


def _conclusion(events: list[dict[str, Any]], gen: Generation) -> tuple[str | None, str | None]:
    for e in reversed(events):
        if gen is SDK:
            action = _obj(e.get("action"))
            if action.get("kind") == "FinishAction" and isinstance(action.get("message"), str):
                return action["message"], "history[FinishAction].action.message"
            if e.get("kind") == "MessageEvent" and e.get("source") == "agent":
                text = _content_text(_obj(e.get("llm_message")).get("content"))
                if text.strip():
                    return text, "history[last agent MessageEvent].llm_message.content"
            continue
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


def _agent_name(meta: dict[str, Any], gen: Generation) -> tuple[str, str] | None:
    """(agent, the metadata field it came from) as this generation names it, if it does."""
    if gen is SDK:
        if not meta:
            return None
        kind = meta.get("agent_type")
        if isinstance(kind, str) and kind and kind != "default":
            return f"openhands-sdk-{kind}", "metadata.agent_type"
        return "openhands-sdk", "metadata.agent_type" if kind else "metadata (an SDK run)"
    value = meta.get("agent_class")
    return (value, "metadata.agent_class") if isinstance(value, str) and value else None


def _who(
    obj: dict[str, Any], run_meta: dict[str, Any], gen: Generation
) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """(values, source fields, defaults) of agent and model: the record's, the run's, a default."""
    values: dict[str, str] = {}
    fields: dict[str, str] = {}
    defaults: dict[str, str] = {}
    sources = (("", _obj(obj.get("metadata"))), ("metadata.json: ", run_meta))
    for prefix, meta in sources:
        if (found := _agent_name(meta, gen)) is not None:
            values["agent"], fields["agent"] = found[0], prefix + found[1]
            break
    else:
        values["agent"] = "openhands-sdk" if gen is SDK else "openhands"
        where = "metadata.agent_type" if gen is SDK else "metadata.agent_class"
        defaults["agent"] = f"'{values['agent']}' (no {where}, no metadata.json beside the file)"
    dotted = ".".join(gen.model_keys)
    for prefix, meta in sources:
        value = _at(meta, dotted)
        if isinstance(value, str) and value:
            values["agent_model"], fields["agent_model"] = value, f"{prefix}metadata.{dotted}"
            break
    else:
        values["agent_model"] = "unknown"
        defaults["agent_model"] = f"'unknown' (no metadata.{dotted}, no metadata.json beside the file)"
    return values, fields, defaults


def _patch(obj: dict[str, Any], gen: Generation, where: str, path: Path) -> tuple[str | None, str]:
    """(patch, field): the first of the generation's patch fields that is there."""
    for dotted in gen.patch_fields:
        value = _at(obj, dotted)
        if value is None:
            continue
        if not isinstance(value, str):
            raise UserError("expected a string", file=path, record=where, field=dotted)
        return value or None, dotted
    return None, gen.patch_fields[0]


def _refuse_resolver_output(obj: dict[str, Any], path: Path, where: str) -> None:
    if "instance_id" not in obj and all(k in obj for k in RESOLVER_KEYS):
        raise UserError(
            "this is OpenHands resolver output (one GitHub issue or PR a line: issue, issue_type,"
            " success, …), not an evaluation run; import an evaluation's output.jsonl"
            " (instance_id, test_result, history)",
            file=path,
            record=where,
        )


def load(path: Path, options: HarnessOptions) -> Iterator[HarnessRecord | Notice]:
    run_meta = _run_metadata(path)
    read_as: Counter[str] = Counter()
    for line, obj in iter_json_lines(path):
        where = f"line {line}"
        _refuse_resolver_output(obj, path, where)
        task_id = require(obj, "instance_id", file=path, record=where)
        history = obj.get("history") or []
        if not isinstance(history, list):
            raise UserError(
                f"expected a list, found {type(history).__name__}", file=path, record=where, field="history"
            )
        events = _events(history)
        gen = generation(obj, events, run_meta)
        read_as[gen.label] += 1
        test_result = obj.get("test_result")
        if gen is not V0_2024:
            test_result = require(obj, "test_result", file=path, record=where, kind=dict)
        patch, patch_field = _patch(obj, gen, where, path)
        who, who_fields, defaults = _who(obj, run_meta, gen)
        conclusion, conclusion_field = _conclusion(events, gen)
        fields = {"task_id": "instance_id", **who_fields, "patch": patch_field, "log": "history"}
        if conclusion_field:
            fields["conclusion"] = conclusion_field
        attempt = obj.get("attempt") if gen is SDK and isinstance(obj.get("attempt"), int) else None
        if attempt is not None:
            fields["attempt"] = "attempt"
        extra = {k: obj[k] for k in ("error", "metrics", "instruction") if obj.get(k) is not None}
        others = {k: v for k, v in _obj(test_result).items() if k != "git_patch"}
        if others:
            extra["test_result"] = others
        yield HarnessRecord(
            task_id=task_id,
            agent=who["agent"],
            agent_model=who["agent_model"],
            record=where,
            fields=fields,
            attempt=attempt,
            conclusion=conclusion,
            patch=patch,
            log=render_transcript(_transcript(events, gen), title=f"OpenHands history of {task_id}")
            if events
            else None,
            extra={"harness": extra} if extra else {},
            ended=ended(obj.get("error")),
            defaults=defaults,
        )
    for label, n in read_as.items():
        yield Notice(f"read as {label}: {n} record(s)", info=True)


HARNESS = Harness(name="openhands", patterns=("output.jsonl",), load=load)
