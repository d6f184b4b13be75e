"""Harness transcripts as trajectory steps (docs/formats.md §3.1): one converter per shape.

Each converter yields step drafts: the fields of a `Step` without its `index`, which the writer
gives in the order it writes them, so a step's index is its line in `trajectory.jsonl` whatever
the harness. Converters stream over the transcript and cut nothing: an output of a megabyte is
a step of a megabyte. `transcripts.steps_of` picks the converter by what an entry holds (chat messages,
OpenHands SDK events, OpenHands V0 events and their pairs, Inspect events, SWE-agent trajectory
entries, plain text); `mapped_steps` reads steps through a user's per-step specs.

A transcript that is not what its harness writes stops where it stops being readable: the
converter raises `BadStep` naming the entry and what was expected, and the writer keeps the
steps before it and says so.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, get_args

from expgrade.grading.schemas.trajectory import StepActor, StepKind

#: A step without its index: the keyword arguments of `Step`.
StepDraft = dict[str, Any]

KINDS: tuple[str, ...] = get_args(StepKind)
ACTORS: tuple[str, ...] = get_args(StepActor)
#: Tool names whose argument is a shell command (Inspect's `bash`, OpenHands' `execute_bash`, …).
SHELL_TOOLS = ("bash", "shell", "execute_bash", "terminal", "run_command", "cmd", "python")
_SHELL_ARGS = ("command", "cmd", "code")


class BadStep(ValueError):
    """An entry of a transcript that is not what its harness writes: `entry` is its 1-based
    position in the transcript, `expected` what it should have been."""

    def __init__(self, entry: int, expected: str, *, file: Path | None = None) -> None:
        super().__init__(f"entry {entry}: expected {expected}" if entry else expected)
        self.entry = entry
        self.expected = expected
        self.file = file


def _obj(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def text_of(content: Any) -> str:
    """The text of a message's content: a string, or a list of parts (`{"type": "text", ...}`)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [
            text_of(c.get("text", c.get("content", ""))) if isinstance(c, dict) else text_of(c)
            for c in content
        ]
        return "\n".join(p for p in parts if p)
    return ""


def _reasoning_of(content: Any) -> str:
    if not isinstance(content, list):
        return ""
    parts = [c.get("reasoning") for c in content if isinstance(c, dict) and c.get("type") == "reasoning"]
    return "\n".join(p for p in parts if isinstance(p, str) and p)


def _visible_text(content: Any) -> str:
    if isinstance(content, list):
        return text_of([c for c in content if not (isinstance(c, dict) and c.get("type") == "reasoning")])
    return text_of(content)


def _args(value: Any) -> dict[str, Any] | str | None:
    if isinstance(value, str):
        try:
            parsed = json.loads(value)
        except ValueError:
            return value
        return parsed if isinstance(parsed, dict) else value
    return value if isinstance(value, dict) else None


def shell_command(tool: str | None, arguments: Any) -> str | None:
    """The shell command a tool call runs, as one string, where the tool runs one."""
    if isinstance(arguments, dict):
        for key in _SHELL_ARGS:
            if isinstance(arguments.get(key), str) and (key != "code" or tool in SHELL_TOOLS):
                return str(arguments[key])
    if isinstance(arguments, str) and tool in SHELL_TOOLS:
        return arguments
    return None


def _tool_call(call: dict[str, Any], **common: Any) -> StepDraft:
    fn = call.get("function")
    name = fn if isinstance(fn, str) else _obj(fn).get("name")
    args = _args(call.get("arguments", _obj(fn).get("arguments")))
    return {
        "kind": "tool_call",
        "tool": name if isinstance(name, str) else None,
        "arguments": args,
        "command": shell_command(name if isinstance(name, str) else None, args),
        "call_id": str(call["id"]) if call.get("id") is not None else None,
        **common,
    }


# --- chat messages: OpenAI, Inspect, mini-swe-agent, AutoCodeRover, SWE-agent's history -----

_RETURNCODE = re.compile(r"^\s*<returncode>(-?\d+)</returncode>")
_BASH_BLOCK = re.compile(r"```bash\s*\n(.*?)\n```", re.DOTALL)


def chat_steps(message: dict[str, Any], **common: Any) -> Iterator[StepDraft]:
    """One chat message: its reasoning, then its text with its first tool call, one step per
    further call; a tool message is a tool output. A mini-swe-agent 1.x turn (one ```bash
    block, answered by a user message
    starting `<returncode>N</returncode>`) is a tool call and its output."""
    role = message.get("role")
    role = str(role) if role is not None else None
    content = message.get("content")
    recorded = _recorded(message)
    base = {"role": role, "actor": "user" if role in ("user", "system") else "agent", **recorded, **common}
    usage = base.pop("usage", None)
    cost = base.pop("cost", None)
    if role == "tool":
        error = _obj(message.get("error")).get("message")
        yield {
            **base,
            "actor": common.get("actor", "agent"),
            "kind": "error" if error else "tool_output",
            "tool": message.get("function") or message.get("name"),
            "call_id": message.get("tool_call_id"),
            "output": text_of(content) + (f"\n{error}" if error else ""),
        }
        return
    for step in _chat_reply(message, role, content, base):
        yield {**step, **({"usage": usage, "cost": cost} if usage or cost is not None else {})}
        usage, cost = None, None


def _recorded(message: dict[str, Any]) -> StepDraft:
    """What mini-swe-agent 2.x records of a message under `extra`: the command's return code,
    when, the call's cost and its model's usage."""
    extra = _obj(message.get("extra"))
    found: StepDraft = {}
    code = extra.get("returncode")
    if isinstance(code, int) and not isinstance(code, bool):
        found["exit_code"] = code
    when = extra.get("timestamp")
    if isinstance(when, int | float) and not isinstance(when, bool):
        found["time"] = datetime.fromtimestamp(when, tz=UTC)
    cost = extra.get("cost")
    if isinstance(cost, int | float) and not isinstance(cost, bool) and cost >= 0:
        found["cost"] = cost
    if usage := _usage(_obj(_obj(extra.get("response")).get("usage"))):
        found["usage"] = usage
    return found


def _chat_reply(
    message: dict[str, Any], role: str | None, content: Any, base: StepDraft
) -> Iterator[StepDraft]:
    """A message that is not a tool's output: its reasoning, then its text, and its tool calls;
    the text goes with the first call (the thought before an action, one step as the harness
    counts it)."""
    text = _visible_text(content)
    if isinstance(message.get("reasoning_content"), str) and message["reasoning_content"]:
        yield {**base, "kind": "reasoning", "text": message["reasoning_content"]}
    if reasoning := _reasoning_of(content):
        yield {**base, "kind": "reasoning", "text": reasoning}
    calls = [c for c in message.get("tool_calls") or [] if isinstance(c, dict)]
    if role == "user" and (m := _RETURNCODE.match(text)):
        yield {**base, "actor": "harness", "kind": "tool_output", "output": text, "exit_code": int(m[1])}
    elif role == "assistant" and not calls and len(blocks := _BASH_BLOCK.findall(text)) == 1:
        yield {**base, "kind": "tool_call", "text": text, "tool": "bash", "command": blocks[0]}
    elif not calls:
        yield {**base, "kind": "message", "text": text}
    for n, call in enumerate(calls):
        yield _tool_call(call, **base, **({"text": text} if n == 0 and text else {}))


# --- OpenHands ---------------------------------------------------------------------------


def _sdk_steps(e: dict[str, Any]) -> Iterator[StepDraft]:
    """One OpenHands V1 SDK event (`kind`): an action (its thought, then the tool call), an
    observation, a message, or the conversation's bookkeeping."""
    source = e.get("source")
    actor = "user" if source == "user" else "harness" if source == "environment" else "agent"
    common: StepDraft = {"time": e.get("timestamp"), "span": f"openhands {e.get('kind')}"}
    kind = e.get("kind")
    if kind == "ActionEvent":
        thought = text_of(e.get("thought"))
        reasoning = e.get("reasoning_content")
        if isinstance(reasoning, str) and reasoning:
            yield {**common, "actor": actor, "kind": "reasoning", "text": reasoning}
        action = _obj(e.get("action"))
        said = [e.get("summary"), thought, action.get("message")]
        thought = "\n".join(p for p in said if isinstance(p, str) and p)
        tool = e.get("tool_name") if isinstance(e.get("tool_name"), str) else action.get("kind")
        usage = _obj(_obj(e.get("llm_response")).get("usage"))
        yield {
            **common,
            "actor": actor,
            "role": "assistant",
            "kind": "tool_call",
            "text": thought or None,
            "tool": tool,
            "arguments": action or None,
            "command": action.get("command") if isinstance(action.get("command"), str) else None,
            "call_id": e.get("tool_call_id"),
            "usage": _usage(usage),
        }
    elif kind == "ObservationEvent":
        obs = _obj(e.get("observation"))
        exit_code = obs.get("exit_code")
        yield {
            **common,
            "actor": "harness",
            "role": "tool",
            "kind": "error" if obs.get("is_error") else "tool_output",
            "tool": e.get("tool_name"),
            "call_id": e.get("tool_call_id"),
            "output": text_of(obs.get("content")) or text_of(obs.get("output")),
            "exit_code": exit_code
            if isinstance(exit_code, int) and not isinstance(exit_code, bool)
            else None,
        }
    elif kind == "MessageEvent":
        llm = _obj(e.get("llm_message"))
        yield {
            **common,
            "actor": actor,
            "role": llm.get("role"),
            "kind": "message",
            "text": text_of(llm.get("content")),
        }
    else:
        detail = next((e[k] for k in ("error", "detail", "reason", "key") if isinstance(e.get(k), str)), None)
        error = "Error" in str(kind)
        yield {
            **common,
            "actor": actor,
            "kind": "error" if error else "message",
            "text": detail or json.dumps(e, default=str),
        }


def _v0_steps(e: dict[str, Any]) -> Iterator[StepDraft]:
    """One OpenHands V0 event: an `action` (its thought, the command or code, the message) or
    an `observation` (its content, and the exit code a command's observation records)."""
    source = e.get("source")
    actor = "user" if source == "user" else "harness" if source == "environment" else "agent"
    args = _obj(e.get("args"))
    extras = _obj(e.get("extras"))
    common: StepDraft = {"time": e.get("timestamp"), "actor": actor, "call_id": _call_id(e)}
    if "action" in e:
        action = str(e.get("action"))
        thought = args.get("thought")
        command = args.get("command") if isinstance(args.get("command"), str) else None
        if action in ("message", "finish", "system") or not (command or args.get("code")):
            text = next(
                (
                    args[k]
                    for k in ("content", "final_thought", "thought")
                    if isinstance(args.get(k), str) and args[k]
                ),
                e.get("message") if isinstance(e.get("message"), str) else "",
            )
            yield {
                **common,
                "role": "user" if actor == "user" else "assistant",
                "kind": "message",
                "text": text,
                "tool": None if action == "message" else action,
                "arguments": args or None,
            }
            return
        yield {
            **common,
            "role": "assistant",
            "kind": "tool_call",
            "text": thought if isinstance(thought, str) and thought else None,
            "tool": action,
            "arguments": args,
            "command": command
            if command is not None
            else (args["code"] if isinstance(args.get("code"), str) else None),
        }
        return
    observation = str(e.get("observation"))
    exit_code = extras.get("exit_code")
    content = e.get("content")
    yield {
        **common,
        "actor": "harness",
        "role": "tool",
        "kind": "error" if observation == "error" else "tool_output",
        "tool": observation,
        "output": content if isinstance(content, str) else json.dumps(content, default=str),
        "exit_code": exit_code if isinstance(exit_code, int) and not isinstance(exit_code, bool) else None,
    }


def _call_id(e: dict[str, Any]) -> str | None:
    value = e.get("cause") if "observation" in e else e.get("id")
    return str(value) if value is not None else None


def _usage(usage: Mapping[str, Any]) -> dict[str, int] | None:
    """Tokens as `StepUsage` names them, from OpenAI's or Inspect's names."""
    pairs = {
        "input_tokens": usage.get("input_tokens", usage.get("prompt_tokens")),
        "output_tokens": usage.get("output_tokens", usage.get("completion_tokens")),
        "total_tokens": usage.get("total_tokens"),
    }
    kept = {k: v for k, v in pairs.items() if isinstance(v, int) and not isinstance(v, bool) and v >= 0}
    return kept or None


# --- SWE-agent trajectory entries ---------------------------------------------------------


def swe_agent_step(entry: dict[str, Any]) -> StepDraft:
    """One entry of a SWE-agent `.traj` `trajectory`: the thought, the action (a shell command
    or one of its tools' command lines) and what it printed, as one tool call."""
    action = entry.get("action")
    return {
        "kind": "tool_call",
        "role": "assistant",
        "text": entry.get("thought") if isinstance(entry.get("thought"), str) else None,
        "tool": "bash",
        "command": action if isinstance(action, str) else None,
        "output": entry.get("observation") if isinstance(entry.get("observation"), str) else None,
    }


# --- text --------------------------------------------------------------------------------


def text_steps(texts: Iterable[tuple[str, str]], *, actor: str = "harness") -> Iterator[StepDraft]:
    """Logs with no structure (PaperBench's `./logs`, a run's text log): one step per file,
    named by `span`, the text whole."""
    for name, text in texts:
        yield {"kind": "message", "actor": actor, "span": name, "text": text}


# --- a user's per-step mapping -----------------------------------------------------------


#: The `Step` fields a per-step spec may name.
STEP_FIELDS: dict[str, str] = {
    "kind": f"one of {', '.join(KINDS)} (default: tool_call with a command or tool,"
    " tool_output with only an output, else message)",
    "actor": f"one of {', '.join(ACTORS)} (default: agent)",
    "role": "the message role",
    "time": "when (ISO 8601)",
    "span": "the harness's grouping",
    "text": "the message or reasoning",
    "tool": "the tool's name",
    "arguments": "the tool's arguments",
    "command": "the shell command",
    "call_id": "joins a tool call to its output",
    "output": "the tool's output",
    "exit_code": "the command's exit code",
    "model": "the model of the call",
    "usage": "tokens: {input_tokens, output_tokens, total_tokens}",
    "cost": "US dollars",
}
