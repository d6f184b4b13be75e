"""Harness transcripts as trajectory steps (docs/formats.md §3.1): one converter per shape.

Each converter yields step drafts: the fields of a `Step` without its `index`, which the writer
gives in the order it writes them, so a step's index is its line in `trajectory.jsonl` whatever
the harness. Converters stream over the transcript and cut nothing: an output of a megabyte is
a step of a megabyte. `transcripts.steps_of` picks the converter by what an entry holds (chat messages,
OpenHands SDK events, OpenHands V0 events and their pairs, Inspect events, SWE-agent trajectory
entries, plain text); `mapped_steps` reads steps through a user's per-step specs.

Every converter holds to the step contract (docs/formats.md §3.1): a tool's output is the
caller's, `harness` only the harness's bookkeeping, exit codes from wherever the harness keeps
them (`exit_code_of`), and tool calls a chat writes as text made calls when answered
(`answered_calls`).

A transcript that is not what its harness writes stops where it stops being readable: the
converter raises `BadStep` naming the entry and what was expected, and the writer keeps the
steps before it and says so.
"""

from __future__ import annotations

import ast
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
SHELL_TOOLS = ("bash", "shell", "execute_bash", "terminal", "run_command", "cmd", "python", "run_bash_cmd")
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


#: The lines harnesses print under a command's output to say how it exited: OpenHands' "[The
#: command completed with exit code N.]" and "Command `…` executed with exit code N.",
#: mini-swe-agent's `<returncode>N</returncode>`, "Exit code: N", "exit status N".
_EXIT_LINE = re.compile(
    r"(?:<returncode>\s*(-?\d+)\s*</returncode>"
    r"|\bexit(?:ed)?(?: with)? (?:code|status)[:\s]+(-?\d+)\b)",
    re.IGNORECASE,
)


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def exit_code_of(*places: Any, text: str | None = None) -> int | None:
    """A command's exit code, from the first place a harness recorded it: an int, or an object
    holding `exit_code` (itself or under `metadata`, as OpenHands' `extras` and SDK observations
    do); else the last "exit code N" line of `text` (what the harness printed under the output)."""
    for place in places:
        if (code := _int(place)) is not None:
            return code
        obj = _obj(place)
        for found in (obj.get("exit_code"), _obj(obj.get("metadata")).get("exit_code")):
            if (code := _int(found)) is not None:
                return code
    if text:
        hits = _EXIT_LINE.findall(text[-2000:])
        if hits:
            return int(next(n for n in hits[-1] if n))
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


#: Whose a chat message is by its role: the task's prompt is the user's; mini-swe-agent's
#: closing `exit` message (the exit status and the submission it recorded) is the harness's.
_CHAT_ACTORS = {"user": "user", "system": "user", "exit": "harness"}


def chat_steps(message: dict[str, Any], **common: Any) -> Iterator[StepDraft]:
    """One chat message: its reasoning, then its text with its first tool call, one step per
    further call; a tool message is a tool output. A tool call written as text in the message
    is found by `answered_calls`, which sees the message that answers it."""
    role = message.get("role")
    role = str(role) if role is not None else None
    content = message.get("content")
    recorded = _recorded(message)
    base = {"role": role, "actor": _CHAT_ACTORS.get(role or "", "agent"), **recorded, **common}
    usage = base.pop("usage", None)
    cost = base.pop("cost", None)
    if role == "tool":
        error = _obj(message.get("error")).get("message")
        output = text_of(content) + (f"\n{error}" if error else "")
        yield {
            **base,
            "actor": common.get("actor", "agent"),
            "kind": "error" if error else "tool_output",
            "tool": message.get("function") or message.get("name"),
            "call_id": message.get("tool_call_id"),
            "output": output,
            "exit_code": exit_code_of(base.get("exit_code"), message, text=output),
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
    if not calls:
        yield {**base, "kind": "message", "text": text}
    for n, call in enumerate(calls):
        yield _tool_call(call, **base, **({"text": text} if n == 0 and text else {}))


# --- tool calls written as text ------------------------------------------------------------

#: The CS 294-264 ReAct agents' block: the tool's name, then `----ARG----`, a name and a value
#: per argument (`----VALUE----` before the value in some versions). Their parser takes the
#: last BEGIN and the last END marker (`rfind`), so a doubled END stays in the value, as it ran.
_BEGIN, _END = "----BEGIN_FUNCTION_CALL----", "----END_FUNCTION_CALL----"
_BLOCK_ARG = re.compile(
    r"----ARG----[ \t]*\n([^\n]+)\n(?:----VALUE----[ \t]*\n)?(.*?)(?=\n----ARG----|\Z)", re.DOTALL
)
#: The call echoed at the head of its result: `run_bash_cmd(args={'command': 'ls'})`.
_ARGS_LINE = re.compile(r"^\s*(?P<name>[A-Za-z_]\w*)\(args=(?P<args>\{.*?\})\)\s*$", re.MULTILINE | re.DOTALL)
#: OpenHands' and SWE-smith's text protocol: `<function=name><parameter=key>value</parameter>`.
_XML_CALL = re.compile(r"<function=(?P<name>[\w.-]+)>(?P<body>.*?)(?:</function>|\Z)", re.DOTALL)
_XML_PARAM = re.compile(r"<parameter=(?P<key>[\w.-]+)>\n?(?P<value>.*?)\n?</parameter>", re.DOTALL)
#: ReAct: `Action: tool` with `Action Input: …` (LangChain), or `Action: tool[input]` (the paper's).
_REACT = re.compile(
    r"^Action:\s*(?P<name>[\w.-]+)\s*"
    r"(?:\[(?P<bracket>.*)\]\s*$|\n+Action Input:\s*(?P<input>.*?)(?=\n\s*Observation:|\Z))",
    re.MULTILINE | re.DOTALL,
)
#: Fenced blocks: mini-swe-agent's one ```bash block; SWE-agent's command block (no language).
_FENCE = re.compile(r"^```(?P<lang>[\w-]*)[ \t]*\n(?P<body>.*?)\n```", re.MULTILINE | re.DOTALL)
_SHELL_FENCES = ("bash", "sh", "shell", "console", "")


def text_call(text: str) -> tuple[str, dict[str, Any] | str | None, str | None] | None:
    """The tool call a message writes as text, as (tool, arguments, shell command): a
    `----BEGIN_FUNCTION_CALL----` block, an XML `<function=…>` call, a ReAct `Action:`, or one
    fenced shell block (the last ``` block, as SWE-agent reads its command). None when the text
    writes none."""
    begin, end = text.rfind(_BEGIN), text.rfind(_END)
    if 0 <= begin < end:
        name, _, body = text[begin + len(_BEGIN) : end].strip("\n").partition("\n")
        args = {k.strip(): v.rstrip("\n") for k, v in _BLOCK_ARG.findall(body.rstrip("\n"))}
        return name.strip(), args, shell_command(name.strip(), args)
    if calls := list(_XML_CALL.finditer(text)):
        last = calls[-1]
        xml_args = {m["key"]: m["value"] for m in _XML_PARAM.finditer(last["body"])}
        return last["name"], xml_args, shell_command(last["name"], xml_args)
    if actions := list(_REACT.finditer(text)):
        last = actions[-1]
        value = (last["bracket"] if last["bracket"] is not None else last["input"] or "").strip()
        react_args = _args(value)
        return last["name"], react_args, shell_command(last["name"], react_args)
    fences = [m for m in _FENCE.finditer(text) if m["lang"] in _SHELL_FENCES]
    if fences and (len(fences) == 1 or not fences[-1]["lang"]):
        return "bash", None, fences[-1]["body"]
    return None


def _echoed_call(output: str) -> tuple[str, dict[str, Any] | str | None, str | None] | None:
    """The call a result names at its head (`tool(args={...})` above `----TOOL RESULT BEGIN----`)."""
    head = output.split("----TOOL RESULT BEGIN----", 1)[0]
    m = _ARGS_LINE.match(head) if "(args=" in head[:2000] else None
    if m is None:
        return None
    try:
        parsed = ast.literal_eval(m["args"])
    except (ValueError, SyntaxError):
        parsed = m["args"]
    args = parsed if isinstance(parsed, dict) else m["args"]
    return m["name"], args, shell_command(m["name"], args)


def answered_calls(steps: Iterable[StepDraft]) -> Iterator[StepDraft]:
    """Chat steps with the tool calls written as text made `tool_call` steps (docs/formats.md
    §3.1): an agent message whose text writes a call (`text_call`, or the call its answer
    echoes), answered by the next message (a user, system or tool message that is not the
    task), is the call with its command, and that answer its output with its exit code, the
    caller's. Both texts stay whole. A call nothing answered (the run's last message) stays a
    message: it never ran."""
    pending: StepDraft | None = None
    for step in steps:
        if pending is not None:
            answer = _answer(pending, step)
            if answer is not None:
                yield answer[0]
                yield answer[1]
                pending = None
                continue
            yield pending
            pending = None
        if step.get("kind") == "message" and step.get("actor") == "agent" and step.get("role") == "assistant":
            pending = step
        else:
            yield step
    if pending is not None:
        yield pending


_ANSWERS = ("message", "tool_output")


def _answer(call: StepDraft, reply: StepDraft) -> tuple[StepDraft, StepDraft] | None:
    if reply.get("role") not in ("user", "system", "tool") or reply.get("kind") not in _ANSWERS:
        return None
    output = reply.get("output") if reply.get("kind") == "tool_output" else reply.get("text")
    output = output if isinstance(output, str) else ""
    found = text_call(call.get("text") or "") or _echoed_call(output)
    if found is None:
        return None
    tool, arguments, command = found
    made = {**call, "kind": "tool_call", "tool": tool, "arguments": arguments, "command": command}
    done = {
        **{k: v for k, v in reply.items() if k != "text"},
        "actor": call.get("actor", "agent"),
        "kind": "tool_output",
        "tool": reply.get("tool") or tool,
        "output": output,
        "exit_code": exit_code_of(reply.get("exit_code"), text=output),
    }
    return made, done


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
    elif kind in ("ObservationEvent", "AgentErrorEvent", "UserRejectObservation"):
        obs = _obj(e.get("observation"))
        output = text_of(obs.get("content")) or text_of(obs.get("output")) or text_of(e.get("error"))
        yield {
            **common,
            "actor": "agent",  # the output of the agent's own call
            "role": "tool",
            "kind": "error" if obs.get("is_error") or kind != "ObservationEvent" else "tool_output",
            "tool": e.get("tool_name"),
            "call_id": e.get("tool_call_id"),
            "output": output,
            "exit_code": exit_code_of(obs, text=output),
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
    else:  # the conversation's bookkeeping: its state, a pause, a condensation, the system prompt
        detail = next((e[k] for k in ("error", "detail", "reason", "key") if isinstance(e.get(k), str)), None)
        error = "Error" in str(kind)
        yield {
            **common,
            "actor": "user" if source == "user" else "harness",
            "kind": "error" if error else "message",
            "text": detail or json.dumps(e, default=str),
        }


#: OpenHands V0 observations that answer no call of the agent: the controller's state changes
#: (an iteration or budget limit stops the run with `agent_state_changed` to `error`), the
#: placeholder under a `finish` or `message` action, recalled memory, a condensation.
V0_BOOKKEEPING = ("agent_state_changed", "null", "recall", "condensation", "agent_condensation")
#: What the controller says when it stops the run itself (an `error` observation that answers
#: no call): a limit, a budget, a loop it detected. Any other error is the agent's call failing
#: (a malformed call is answered by an `error` with no `cause`).
_STOPPED = re.compile(r"maximum (?:iteration|budget|retries)|budget|limit|stuck in a loop|is stuck", re.I)
#: Observations of a command run, whose printed "exit code N" line is its exit code.
_V0_COMMANDS = ("run", "run_ipython", "")
#: V0 actions that run a command (`args.command`) or code (`args.code`).
_V0_RUNS = ("run", "run_ipython", "CmdRunAction", "IPythonRunCellAction")
#: V0 actions that say something rather than call a tool: the agent's message and finish, and
#: (from `system` on) the harness's own: its system prompt, the memory recall it triggers, a
#: state change, an empty action.
V0_SAYS = ("message", "finish", "MessageAction", "system", "recall", "change_agent_state", "null", "None")


def _v0_steps(e: dict[str, Any], *, answers: bool = True) -> Iterator[StepDraft]:
    """One OpenHands V0 event: an `action` (its thought, the command or code, the message) or
    an `observation`: the output of the agent's call, with the exit code wherever the
    observation records it (`extras.exit_code`, `extras.metadata.exit_code`, the "exit code N"
    line); the harness's own when it answers no call (`V0_BOOKKEEPING`; an `error` that
    answers nothing: `answers` is False when the observation has no `cause` and no action
    before it in its pair, as when the controller stops the run at its iteration limit)."""
    source = e.get("source")
    actor = "user" if source == "user" else "harness" if source == "environment" else "agent"
    args = _obj(e.get("args"))
    extras = _obj(e.get("extras"))
    common: StepDraft = {"time": e.get("timestamp"), "actor": actor, "call_id": _call_id(e)}
    if "action" in e:
        action = str(e.get("action"))
        thought = args.get("thought")
        if action in V0_SAYS:
            text = next(
                (
                    args[k]
                    for k in ("content", "final_thought", "thought")
                    if isinstance(args.get(k), str) and args[k]
                ),
                e.get("message") if isinstance(e.get("message"), str) else "",
            )
            bookkeeping = action in V0_SAYS[3:] and actor != "user"
            yield {
                **common,
                "actor": "harness" if bookkeeping else actor,
                "role": "system" if action == "system" else "user" if actor == "user" else "assistant",
                "kind": "message",
                "text": text,
                "tool": None if action == "message" else action,
                "arguments": args or None,
            }
            return
        code = args.get("command") if action in ("run", "CmdRunAction") else args.get("code")
        yield {
            **common,
            "role": "assistant",
            "kind": "tool_call",
            "text": thought if isinstance(thought, str) and thought else None,
            "tool": action,
            "arguments": args or None,
            "command": code if isinstance(code, str) and action in _V0_RUNS else None,
        }
        return
    observation = str(e.get("observation"))
    content = e.get("content")
    output = content if isinstance(content, str) else json.dumps(content, default=str)
    if observation in V0_BOOKKEEPING or (observation == "error" and not answers and _STOPPED.search(output)):
        reason = extras.get("reason")
        said = "\n".join(t for t in (output, reason if isinstance(reason, str) else None) if t)
        stopped = observation == "error" or extras.get("agent_state") == "error"
        yield {
            **common,
            "actor": "user" if actor == "user" else "harness",
            "kind": "error" if stopped else "message",
            "tool": observation,
            "text": said or (e.get("message") if isinstance(e.get("message"), str) else ""),
        }
        return
    message = e.get("message") if isinstance(e.get("message"), str) else None
    yield {
        **common,
        "actor": "user" if actor == "user" else "agent",  # the output of the agent's own call
        "role": "tool",
        "kind": "error" if observation == "error" else "tool_output",
        "tool": observation,
        "output": output,
        "exit_code": exit_code_of(
            extras, text=f"{output}\n{message or ''}" if observation in _V0_COMMANDS else None
        ),
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
    output = entry.get("observation") if isinstance(entry.get("observation"), str) else None
    return {
        "kind": "tool_call",
        "role": "assistant",
        "text": entry.get("thought") if isinstance(entry.get("thought"), str) else None,
        "tool": "bash",
        "command": action if isinstance(action, str) else None,
        "output": output,
        "exit_code": exit_code_of(entry.get("exit_code"), _obj(entry.get("state")), text=output),
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
