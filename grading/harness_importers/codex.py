"""Codex CLI rollouts: the JSON lines Codex keeps per session
(`~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl`), one session a submission.

Each line is `{timestamp, type, payload}`: `session_meta` (the session's id, `cwd`, CLI
version), `turn_context` (each turn's `model`, policies), `response_item` (what the model read
and wrote: `message`, `reasoning`, `function_call` and `custom_tool_call` with their
`*_output`, `local_shell_call`), `event_msg` (what the CLI showed: mostly the same items again,
and `token_count`) and `compacted`.

- task id: the name of the folder the session worked in (`session_meta.cwd`); the session id,
  CLI version and originator are kept under `extra.harness`;
- agent `codex`; model: the last `turn_context.model`;
- steps: from the `response_item`s: a reasoning's readable summary and content a reasoning step
  (only encrypted: counted, no step); an assistant message a message; each call a `tool_call`
  (the shell command of `shell`'s argv, `exec_command`'s `cmd`, a `local_shell_call`'s action),
  its output a `tool_output` joined by `call_id` (the exit code from the output's
  `metadata.exit_code` or its `Exit code: N` line); user messages the user's, except what the CLI
  writes in the user's name (`<environment_context>`, `<user_instructions>`, AGENTS.md) and
  `developer` messages: the harness's; a `token_count`'s `last_token_usage` the usage of the
  model call whose items precede it, or, in a rollout whose first count comes before the
  model's first item (CLI 0.40 writes each count before its call's items), of the call whose
  items follow it; an `error` event an error step, a `compacted` record and an aborted turn
  the harness's messages;
- answer: the last assistant message, else the last `task_complete`'s `last_agent_message`;
- the `event_msg`s that repeat a response item (`user_message`, `agent_message`,
  `agent_reasoning`, `exec_command_end`, …) and other bookkeeping are counted in a note.
"""

from __future__ import annotations

import json
import shlex
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from expgrade.grading.harness_importers.common import Harness, HarnessOptions, Notice
from expgrade.grading.harness_importers.mapping import Derived, Preset
from expgrade.grading.harness_importers.presets import Raw
from expgrade.grading.harness_importers.sessions import (
    begins_as,
    load_records,
    obj,
    session_fields,
    session_record,
    task_of,
    type_finder,
    usage_of,
)
from expgrade.grading.harness_importers.steps import StepDraft, exit_code_of, text_of
from expgrade.grading.harness_importers.writer import HarnessRecord
from expgrade.grading.jsonl import iter_json_lines

RECORD_TYPES = ("session_meta", "turn_context", "response_item", "event_msg", "compacted")
#: What the CLI writes as the user's message that the user did not type.
_INJECTED = ("<environment_context>", "<user_instructions>", "# AGENTS.md instructions")
#: `event_msg`s that are steps: an error the CLI recorded, a turn it aborted.
_EVENTS = ("error", "stream_error", "turn_aborted")

type_finder("codex_type", RECORD_TYPES, "the type of a Codex CLI rollout line")

ROLLOUT = Preset(
    harness="codex",
    generation="rollout",
    describe="Codex CLI rollout (JSON lines: session_meta, turn_context, response_item, event_msg)",
    fields=session_fields("'codex'"),
    signature=("codex_type(type)", "payload", "timestamp"),
)
PRESETS = (ROLLOUT,)


def _text(content: Any) -> str:
    """Content parts (`input_text`, `output_text`, `summary_text`, `reasoning_text`) as text."""
    if isinstance(content, list):
        return "\n".join(
            "[image]" if isinstance(c, dict) and "image" in str(c.get("type")) else text_of([c])
            for c in content
        )
    return text_of(content)


@dataclass
class _FirstPass:
    facts: dict[str, Any] = field(default_factory=dict)
    cwd: str | None = None
    model: Derived | None = None
    answer: Derived | None = None
    last_message: Derived | None = None
    skipped: Counter[str] = field(default_factory=Counter)
    items: int = 0
    #: Whether the CLI wrote each `token_count` before its model call's items (None: no count).
    usage_first: bool | None = None
    #: Whether a model output item (`_from_model`) has been read yet.
    answered: bool = False

    def read(self, path: Path) -> None:
        for line, record in iter_json_lines(path):
            kind, payload = record.get("type"), obj(record.get("payload"))
            if kind == "session_meta":
                self.cwd = self.cwd or payload.get("cwd")
                for key in ("id", "originator", "cli_version", "source", "model_provider"):
                    if payload.get(key) is not None:
                        self.facts.setdefault(key, payload[key])
            elif kind == "turn_context" and isinstance(payload.get("model"), str):
                self.model = Derived(payload["model"], f"line {line}: turn_context.payload.model")
            elif kind == "response_item":
                self.items += 1
                self.answered = self.answered or _from_model(payload)
                text = _text(payload.get("content"))
                if payload.get("type") == "reasoning" and not (text or _text(payload.get("summary"))):
                    self.skipped["reasoning with only encrypted content"] += 1
                if payload.get("type") == "message" and payload.get("role") == "assistant" and text.strip():
                    self.answer = Derived(text, f"line {line}: the last assistant message")
            elif kind == "event_msg" and payload.get("type") == "token_count" and self.usage_first is None:
                if obj(obj(payload.get("info")).get("last_token_usage")):
                    self.usage_first = not self.answered
            elif kind == "event_msg" and payload.get("type") == "task_complete":
                said = payload.get("last_agent_message")
                if isinstance(said, str) and said.strip():
                    self.last_message = Derived(said, f"line {line}: task_complete.last_agent_message")
            if kind == "event_msg" and payload.get("type") not in (*_EVENTS, "token_count"):
                self.skipped[f"event_msg {payload.get('type')}"] += 1
            elif kind not in RECORD_TYPES:
                self.skipped[str(kind)] += 1


def _from_model(item: dict[str, Any]) -> bool:
    """Whether a response item is the model's output (what a model call's usage counts)."""
    kind = item.get("type")
    return kind in ("reasoning", "function_call", "custom_tool_call", "local_shell_call") or (
        kind == "message" and item.get("role") == "assistant"
    )


def shell_of(args: Any) -> str | None:
    """The shell command of a call: `shell`'s argv (`bash -lc SCRIPT` as the script), or a
    command string (`exec_command`'s `cmd`)."""
    a = obj(args)
    argv = a.get("command")
    if isinstance(argv, list) and all(isinstance(x, str) for x in argv):
        if (
            len(argv) == 3
            and argv[0].rsplit("/", 1)[-1] in ("bash", "sh", "zsh")
            and argv[1] in ("-lc", "-c")
        ):
            return argv[2]
        return shlex.join(argv)
    for key in ("cmd", "command"):
        if isinstance(a.get(key), str):
            return str(a[key])
    return None


def _args(value: Any) -> Any:
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


def _output(value: Any) -> tuple[str, int | None]:
    """A call's output and exit code: `{"output", "metadata": {"exit_code"}}` as JSON text (as
    `shell` records it), text opening with `Exit code: N` (`exec_command`), or content parts."""
    if isinstance(value, list):
        return _text(value), None
    text = value if isinstance(value, str) else json.dumps(value)
    parsed = _args(text)
    if isinstance(parsed, dict) and isinstance(parsed.get("output"), str):
        return parsed["output"], exit_code_of(parsed)
    return text, exit_code_of(text=text.split("\n", 1)[0])


class _Steps:
    """The second pass: a model call's items are held until its `token_count` gives their usage
    (one call's items at most), then written; or, where the CLI wrote each count before its
    call's items (`usage_first`), the count's usage waits for the next call's first item."""

    def __init__(self, model: str | None, usage_first: bool) -> None:
        self.held: list[StepDraft] = []
        self.tools: dict[str, str | None] = {}
        self.model = model
        self.usage_first = usage_first
        self.early: dict[str, Any] | None = None

    def run(self, path: Path) -> Iterator[StepDraft]:
        for _, record in iter_json_lines(path):
            kind, payload = record.get("type"), obj(record.get("payload"))
            common: StepDraft = {"time": record.get("timestamp")}
            if kind == "turn_context" and isinstance(payload.get("model"), str):
                self.model = payload["model"]
            elif kind == "response_item":
                for step in self._item(payload, common):
                    if step.get("actor") in ("user", "harness"):
                        yield from self.flush()
                        yield step
                    else:
                        if self.early is not None and step.get("role") == "assistant":
                            step["usage"], self.early = self.early, None
                        self.held.append(step)
            elif kind == "event_msg" and payload.get("type") == "token_count":
                yield from self._usage(obj(payload.get("info")))
            elif kind == "event_msg" and payload.get("type") in _EVENTS:
                yield from self.flush()
                said = payload.get("message") or payload.get("reason") or payload.get("type")
                error = payload.get("type") != "turn_aborted"
                yield {
                    **common,
                    "kind": "error" if error else "message",
                    "actor": "harness",
                    "text": str(said),
                }
            elif kind == "compacted":
                yield from self.flush()
                yield {**common, "kind": "message", "actor": "harness", "text": _text(payload.get("message"))}
        yield from self.flush()

    def _usage(self, info: dict[str, Any]) -> Iterator[StepDraft]:
        """A `token_count`: the usage of the held call's items, or of the next call's."""
        last = obj(info.get("last_token_usage"))
        usage = usage_of(
            last.get("input_tokens"), last.get("output_tokens"), cached=last.get("cached_input_tokens")
        )
        first = next((s for s in self.held if s.get("role") == "assistant"), None)
        if usage and self.usage_first:
            self.early = usage
        elif usage and first is not None:
            first["usage"] = usage
        yield from self.flush()

    def flush(self) -> Iterator[StepDraft]:
        yield from self.held
        self.held = []

    def _item(self, item: dict[str, Any], common: StepDraft) -> Iterator[StepDraft]:
        kind = item.get("type")
        agent: StepDraft = {**common, "actor": "agent", "role": "assistant", "model": self.model}
        if kind == "message":
            role = str(item.get("role"))
            text = _text(item.get("content"))
            if role == "assistant":
                yield {**agent, "kind": "message", "text": text}
                return
            injected = role != "user" or text.lstrip().startswith(_INJECTED)
            yield {
                **common,
                "kind": "message",
                "actor": "harness" if injected else "user",
                "role": role,
                "text": text,
            }
        elif kind == "reasoning":
            parts = [_text(item.get("summary")), _text(item.get("content"))]
            text = "\n".join(p for p in parts if p)
            if text:
                yield {**agent, "kind": "reasoning", "text": text}
        elif kind in ("function_call", "custom_tool_call", "local_shell_call"):
            name = item.get("name") if isinstance(item.get("name"), str) else "local_shell"
            args = _args(item.get("arguments", item.get("input", item.get("action"))))
            call_id = item.get("call_id") or item.get("id")
            self.tools[str(call_id)] = name
            yield {
                **agent,
                "kind": "tool_call",
                "tool": name,
                "arguments": args if isinstance(args, dict | str) else None,
                "command": shell_of(args),
                "call_id": str(call_id) if call_id is not None else None,
            }
        elif kind in ("function_call_output", "custom_tool_call_output"):
            output, code = _output(item.get("output"))
            call_id = str(item.get("call_id"))
            yield {
                **common,
                "kind": "tool_output",
                "actor": "agent",
                "role": "tool",
                "tool": self.tools.pop(call_id, None),
                "call_id": call_id,
                "output": output,
                "exit_code": code,
            }
        else:
            yield {**agent, "kind": "tool_call", "tool": str(kind), "arguments": item}


def load(path: Path, options: HarnessOptions) -> Iterator[HarnessRecord | Notice]:
    first = _FirstPass()
    first.read(path)
    record = session_record(
        task=task_of(
            first.cwd, first.facts.get("id"), path, cwd_field="session_meta.cwd", id_field="session_meta.id"
        ),
        steps=_Steps(None, bool(first.usage_first)).run(path),
        model=first.model,
        answer=first.answer or first.last_message,
        facts={**first.facts, **({"cwd": first.cwd} if first.cwd else {})},
    )
    empty = None if first.items else "the rollout holds no response_item (no message, reasoning or call)"
    yield from load_records(ROLLOUT, [Raw("the rollout", record)], path, options, first.skipped, empty=empty)


def is_rollout(path: Path) -> bool:
    return begins_as(ROLLOUT, path)


HARNESS = Harness(
    name="codex", patterns=("rollout-*.jsonl", "*.jsonl"), load=load, accepts=is_rollout, presets=PRESETS
)
