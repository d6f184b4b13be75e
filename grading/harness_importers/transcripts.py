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
    chat_steps,
    swe_agent_step,
    text_steps,
)

# --- any transcript ----------------------------------------------------------------------


def steps_of(value: Any) -> Iterator[StepDraft]:
    """The steps of a transcript of any shape a harness keeps (see the module's docstring).

    A list whose entries are Inspect events (`event`) is read as events, with their spans; a
    list of `[action, observation]` pairs is flattened; a string is one text step."""
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
    for n, item in enumerate(value, start=1):
        for e in item if isinstance(item, list | tuple) else [item]:
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
                yield from _v0_steps(e)
            else:
                yield {
                    "kind": "message",
                    "actor": "agent",
                    "text": json.dumps(e, ensure_ascii=False, default=str),
                }
