"""Inspect AI sample events as trajectory steps, each with whose step it is (`actor`).

An Inspect sample's events are the whole run: the solver's model calls and tool calls, and
also the scorers' (a model-graded scorer calls a grader model *after* the agent finished) and
sub-agents' (a handoff, an agent used as a tool, a subtask). Which is which is recorded in the
events' spans (`span_begin` with a `type`, and each event's `span_id`: Inspect 0.3.6x on) or,
in older logs, in `step` events that begin and end around them, and in events nested in a
tool's or subtask's `events`. A step inside a scorer's span is the scorer's: the agent's answer
is never taken from it.

A model call inside the agent's own steps that is not the policy's — a control protocol's
trusted monitor scoring each step, a critic, a judge, a summariser — is the `monitor`'s, with
its model: never the agent's, never its answer. ControlArena's monitors open no span of their
own (`control_arena.monitor.basic_monitor_builder` calls `get_model(role="trusted").generate`
inside the protocol's step), so such a call is told by what the policy's calls are not: the
policy is the model (the model role, where Inspect records one) of the agent's first call that
was offered tools; a call of another model or role that makes no tool call is not the policy
acting. A span named for a monitor (`…monitor…`) says so outright.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from expgrade.grading.harness_importers.steps import (
    StepDraft,
    _obj,
    _usage,
    chat_steps,
    exit_code_of,
    shell_command,
    text_of,
)

#: Span (or old `step`) types whose events are a scorer's.
SCORER_SPANS = ("scorer", "scorers")
#: Span types whose events are another agent's than the main one.
SUBAGENT_SPANS = ("handoff", "subtask")


def _actor(types: list[str]) -> str:
    """Whose step, from the types of the spans around it (innermost first)."""
    if any(t in SCORER_SPANS for t in types):
        return "scorer"
    if any(t in SUBAGENT_SPANS for t in types):
        return "subagent"
    agents = [i for i, t in enumerate(types) if t == "agent"]
    if len(agents) > 1 or (agents and "tool" in types[agents[0] :]):
        return "subagent"  # an agent run inside another agent, or as a tool
    return "agent"


def _result_text(result: Any) -> str:
    if isinstance(result, str):
        return result
    if isinstance(result, list):
        return text_of(result)
    return "" if result is None else json.dumps(result, ensure_ascii=False, default=str)


class _Spans:
    """The spans seen so far: id -> (parent id, type, name), and the stack of old `step`s."""

    def __init__(self) -> None:
        self.spans: dict[str, tuple[str | None, str, str]] = {}
        self.steps: list[tuple[str, str]] = []
        #: The prompt messages (role, text) already steps, so a model call's input adds only
        #: those the solvers wrote since (a template's prompt, a follow-up user message).
        self.prompts: set[tuple[str, str]] = set()

    def new_prompts(self, messages: Any) -> list[dict[str, Any]]:
        """The system and user messages of `messages` not yet steps (the agent's input as the
        model saw it, which the sample's first state need not hold), noted as steps now."""
        fresh: list[dict[str, Any]] = []
        for m in messages if isinstance(messages, list) else []:
            if isinstance(m, dict) and m.get("role") in ("system", "user"):
                key = (str(m["role"]), text_of(m.get("content")).strip())
                if key[1] and key not in self.prompts:
                    self.prompts.add(key)
                    fresh.append(m)
        return fresh

    def see(self, e: dict[str, Any]) -> bool:
        """Record a span or step boundary; True when `e` is one (it is no step of its own)."""
        kind = e.get("event")
        if kind == "span_begin":
            self.spans[str(e.get("id"))] = (
                e.get("parent_id"),
                str(e.get("type") or ""),
                str(e.get("name") or ""),
            )
            return True
        if kind == "span_end":
            return True
        if kind == "step":
            if e.get("action") == "begin":
                self.steps.append((str(e.get("type") or ""), str(e.get("name") or "")))
            elif self.steps:
                self.steps.pop()
            return True
        return False

    def where(self, e: dict[str, Any]) -> tuple[list[str], str | None]:
        """(the span types around `e`, innermost first; the innermost span's name)."""
        types: list[str] = []
        names: list[str] = []
        span = e.get("span_id")
        seen: set[str] = set()
        while isinstance(span, str) and span in self.spans and span not in seen:
            seen.add(span)
            parent, kind, name = self.spans[span]
            types.append(kind)
            names.append(name)
            span = parent
        for kind, name in reversed(self.steps):
            types.append(kind)
            names.append(name)
        return types, (names[0] if names else None)


#: Who made a model call: (its model role, where Inspect records one; its model).
Caller = tuple[str | None, str | None]


def _caller(e: dict[str, Any]) -> Caller:
    role, model = e.get("role"), e.get("model")
    return (role if isinstance(role, str) and role else None, model if isinstance(model, str) else None)


def _policy(events: list[Any]) -> Caller | None:
    """The policy's caller: that of the first model call offered tools, in the agent's own
    steps (None when no call was offered tools: nothing tells the policy's calls apart)."""
    spans = _Spans()
    for e in events:
        if not isinstance(e, dict) or spans.see(e):
            continue
        types, span = spans.where(e)
        offered = e.get("event") == "model" and e.get("tools")
        if offered and _actor(types) == "agent" and not _named_monitor(span):
            return _caller(e)
    return None


def _named_monitor(span: str | None) -> bool:
    return span is not None and "monitor" in span.lower()


def _is_monitor(e: dict[str, Any], span: str | None, policy: Caller | None) -> bool:
    """A model call in the agent's steps that is not the policy's (the module's docstring):
    another role (or, where either records none, another model) that makes no tool call."""
    if _named_monitor(span):
        return True
    if policy is None:
        return False
    role, model = _caller(e)
    other = role != policy[0] if role and policy[0] else model != policy[1]
    choices = _obj(e.get("output")).get("choices") or []
    return other and not any(_obj(_obj(c).get("message")).get("tool_calls") for c in choices)


def event_steps(
    events: list[Any],
    *,
    _spans: _Spans | None = None,
    _outer: tuple[str, ...] = (),
    _policy_of: Caller | None = None,
) -> Iterator[StepDraft]:
    """The steps of a sample's events, in order (see the module's docstring)."""
    spans = _spans or _Spans()
    policy = _policy_of if _spans is not None else _policy(events)
    for e in events:
        if not isinstance(e, dict) or spans.see(e):
            continue
        types, span = spans.where(e)
        types += list(_outer)
        actor = _actor(types)
        common: StepDraft = {"actor": actor, "time": e.get("timestamp"), "span": span}
        kind = e.get("event")
        if kind == "model":
            if actor == "agent" and _is_monitor(e, span, policy):
                common["actor"] = "monitor"
            if common["actor"] == "agent":  # the policy's input: the task as the agent saw it
                for message in spans.new_prompts(e.get("input")):
                    yield from chat_steps(message, time=e.get("timestamp"), span=span)
            yield from _model_steps(e, common)
        elif kind == "tool":
            function = e.get("function") if isinstance(e.get("function"), str) else None
            arguments = e.get("arguments") if isinstance(e.get("arguments"), dict) else None
            error = _obj(e.get("error")).get("message")
            output = _result_text(e.get("result"))
            yield {
                **common,
                "role": "tool",
                "kind": "error" if error else "tool_output",
                "tool": function,
                "arguments": arguments,
                "command": shell_command(function, arguments),
                "call_id": str(e["id"]) if e.get("id") is not None else None,
                "output": f"{output}\n{error}".strip("\n") if error else output,
                "exit_code": exit_code_of(e.get("metadata"), text=output),
            }
            if isinstance(e.get("events"), list):  # older logs: an agent run as this tool
                yield from event_steps(
                    e["events"], _spans=spans, _outer=("tool", "agent", *types), _policy_of=policy
                )
        elif kind == "subtask":
            if isinstance(e.get("events"), list):
                yield from event_steps(
                    e["events"], _spans=spans, _outer=("subtask", *types), _policy_of=policy
                )
        elif kind == "score":
            score = _obj(e.get("score"))
            parts = [f"value: {json.dumps(score.get('value'), default=str)}"]
            parts += [f"{k}: {score[k]}" for k in ("answer", "explanation") if score.get(k) not in (None, "")]
            yield {**common, "actor": "scorer", "kind": "message", "text": "\n".join(parts)}
        elif kind == "error":
            error = _obj(e.get("error"))
            yield {**common, "actor": "harness", "kind": "error", "text": str(error.get("message") or error)}
        elif kind == "sample_limit":
            yield {
                **common,
                "actor": "harness",
                "kind": "error",
                "text": f"{e.get('type')} limit: {e.get('message')}",
            }
        elif kind == "sample_init":
            for message in _obj(e.get("state")).get("messages") or []:
                if isinstance(message, dict):
                    spans.new_prompts([message])
                    yield from chat_steps(message, time=e.get("timestamp"), span=span)
        elif kind == "info":
            data = e.get("data")
            yield {
                **common,
                "actor": "harness",
                "kind": "message",
                "text": data if isinstance(data, str) else json.dumps(data, default=str),
            }


def _model_steps(e: dict[str, Any], common: StepDraft) -> Iterator[StepDraft]:
    """A model call: its reply (reasoning, text, tool calls), with the call's model and usage
    on its first step; an error the call raised is an error step."""
    output = _obj(e.get("output"))
    extra: StepDraft = {
        "model": e.get("model") or output.get("model"),
        "usage": _usage(_obj(output.get("usage"))),
    }
    choices = [c for c in output.get("choices") or [] if isinstance(c, dict)]
    first = True
    for choice in choices[:1]:
        for step in chat_steps(_obj(choice.get("message")), **common):
            yield {**step, **(extra if first else {"model": extra["model"]})}
            first = False
    if first and isinstance(output.get("completion"), str) and output["completion"]:
        yield {**common, **extra, "role": "assistant", "kind": "message", "text": output["completion"]}
        first = False
    if e.get("error"):
        yield {**common, **({} if not first else extra), "kind": "error", "text": str(e["error"])}


def agent_reply(events: list[Any]) -> str | None:
    """The last reply the agent's own model calls gave (not a scorer's, not a sub-agent's)."""
    found: str | None = None
    for step in event_steps(events):
        if step["actor"] == "agent" and step.get("role") == "assistant" and (step.get("text") or "").strip():
            found = step["text"]
    return found
