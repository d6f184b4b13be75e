"""Trajectory records (docs/formats.md §3): every step of an agent's run, one JSON object a line.

`trajectory.jsonl` sits beside `submission.json`. It is the run in full, not a rendering of it:
nothing is cut, so a claim, a failure or a judge's verdict can cite a step by its `index`, and a
person can read that step back with `expgrade submissions show DIR/ID --steps K`. `agent.log`
is derived from it for people who read logs as text.

Every harness maps to these few kinds. A tool call and its output are two steps joined by
`call_id`, because harnesses record them apart (and some record outputs with no call, or calls
that never returned). `actor` says whose step it is: the answer of a submission is the agent's,
never a scorer's grader call that happened to be the last model event of an Inspect sample.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import Field

from expgrade.grading.schemas.base import Record

#: The trajectory file of a native submission folder.
TRAJECTORY_FILE = "trajectory.jsonl"

#: What a step is. `error` is an error the harness recorded as such (a tool that raised, a
#: provider fault), not a tool output that printed a traceback: that is a `tool_output`.
StepKind = Literal["message", "reasoning", "tool_call", "tool_output", "error"]

#: Whose step it is. `harness` is the harness's own bookkeeping (a limit hit, a retry);
#: `scorer` a step taken while scoring the run; `subagent` a step of an agent the main one started;
#: `monitor` a model call inside the run that is not the policy's (a control protocol's monitor,
#: a critic, a judge, a summariser): never the agent's, never its answer (docs/formats.md §3.1).
StepActor = Literal["agent", "subagent", "scorer", "monitor", "harness", "user"]


class StepUsage(Record):
    """Tokens of the model call behind a step, as the harness recorded them."""

    input_tokens: int | None = Field(default=None, ge=0)
    output_tokens: int | None = Field(default=None, ge=0)
    total_tokens: int | None = Field(default=None, ge=0)


class Step(Record):
    """One step of an agent's run."""

    index: int = Field(ge=1, description="Position in the run, 1-based; what a citation names.")
    kind: StepKind
    actor: StepActor = "agent"
    role: str | None = Field(default=None, description="The message role: system, user, assistant, tool.")
    time: datetime | None = None
    #: The harness's own grouping (an Inspect span, an OpenHands event source), kept as it was.
    span: str | None = None
    text: str | None = Field(default=None, description="A message's or reasoning's content, whole.")
    tool: str | None = None
    arguments: dict[str, Any] | str | None = None
    #: The shell command as one string, where the tool call runs one (bash, execute_bash, …).
    command: str | None = None
    call_id: str | None = Field(default=None, description="Joins a tool call to its output.")
    output: str | None = Field(default=None, description="A tool's output, whole.")
    exit_code: int | None = None
    model: str | None = None
    usage: StepUsage | None = None
    cost: float | None = Field(default=None, ge=0, description="US dollars, where the harness recorded them.")
