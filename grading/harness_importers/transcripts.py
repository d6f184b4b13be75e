"""Any transcript a harness keeps, as steps: the one entry point that picks the converter.

Above `steps` (the converters) and `inspect_steps` (Inspect events), so neither imports the other
in a circle.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from expgrade.grading.harness_importers.inspect_steps import event_steps
from expgrade.grading.harness_importers.steps import (
    BadStep,
    StepDraft,
    _sdk_steps,
    _v0_steps,
    answered_calls,
    chat_steps,
    swe_agent_step,
    text_steps,
)

# --- any transcript ----------------------------------------------------------------------


def steps_of(value: Any) -> Iterator[StepDraft]:
    """The steps of a transcript of any shape a harness keeps (see the module's docstring).

    A list whose entries are Inspect events (`event`) is read as events, with their spans; a
    list of `[action, observation]` pairs is flattened; a string is one text step. An iterator
    is a reader's own converter's steps, streamed as they come (`sessions.py`: a harness that
    keeps one run per file)."""
    if isinstance(value, Iterator):
        yield from value
        return
    if isinstance(value, str):
        if value.strip():
            yield from text_steps([("log", value)])
        return
    if not isinstance(value, list):
        if isinstance(value, dict) and value:
            yield {
                "kind": "message",
                "actor": "harness",
                "text": json.dumps(value, ensure_ascii=False, default=str),
            }
        return
    if any(isinstance(e, dict) and "event" in e for e in value[:5]):
        yield from event_steps(value)
        return
    steps = _entry_steps(value)
    # chat messages may write their tool calls as text; harness events record theirs
    yield from answered_calls(steps) if any(isinstance(e, dict) and "role" in e for e in value[:5]) else steps


def _entry_steps(value: list[Any]) -> Iterator[StepDraft]:
    for n, item in enumerate(value, start=1):
        pair = item if isinstance(item, list | tuple) else [item]
        for e in pair:
            if isinstance(e, str):
                yield {"kind": "message", "actor": "agent", "text": e}
            elif not isinstance(e, dict):
                raise BadStep(n, f"a message or event (a JSON object), found {type(e).__name__}")
            elif "role" in e:
                yield from chat_steps(e)
            elif "kind" in e:
                yield from _sdk_steps(e)
            elif "action" in e and "observation" in e and not isinstance(e.get("action"), dict):
                yield swe_agent_step(e)
            elif "action" in e or "observation" in e:
                yield from _v0_steps(e, answers=_answers(e, pair))
            else:
                yield {
                    "kind": "message",
                    "actor": "agent",
                    "text": json.dumps(e, ensure_ascii=False, default=str),
                }


def _answers(e: dict[str, Any], pair: list[Any] | tuple[Any, ...]) -> bool:
    """Whether a V0 observation answers an action of the agent: its `cause`, or the action
    before it in its `[action, observation]` pair (one that did something: not `null`)."""
    if "observation" not in e:
        return True
    if e.get("cause") is not None:
        return True
    action = pair[0].get("action") if len(pair) == 2 and isinstance(pair[0], dict) else None
    return action is not None and str(action) not in ("null", "None", "")
