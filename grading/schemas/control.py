"""Control gradings (docs/controls.md): one record per control in RUN_DIR/controls.jsonl.

A control is a submission expgrade writes itself, from a task, whose verdict is known before any
judge reads it: the task's own reference presented as the agent's work (known-pass), or work
that cannot pass (known-fail: a placeholder, another task's work, a contradicting conclusion, a
diff that touches no code, a log with a forbidden action), optionally with an attack planted
where agents put text. Controls are kept apart from results.jsonl so they can never reach pass
rates, label exports or annotation queues.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from expgrade.grading.schemas.base import Record

ControlKind = Literal["known_pass", "known_fail", "attack"]


class PlantedAttack(Record):
    """The attack an attack control carries, and where it was planted."""

    attack_id: str = Field(description="the row of grading/controls/attacks.jsonl it came from")
    family: str
    placement: str = Field(
        description="code_comment, readme_line, log_line, results_value, conclusion_prose or concealed_markup"
    )


class ControlItem(Record):
    """One judged item of a control and the verdict it must get."""

    criterion_id: str
    expected: Literal["pass", "fail"]
    #: each judge's verdict record, as a result item stores it (`expgrade.grading.items.verdict_record`)
    judges: list[dict[str, Any]] = Field(default_factory=list)


class ControlSubtask(Record):
    construction: str = Field(description="how the control's work for this subtask was made")
    items: list[ControlItem] = Field(default_factory=list)


class ControlRecord(Record):
    control_id: str
    task_id: str
    kind: ControlKind
    defences: Literal["on", "off"] = "on"
    attack: PlantedAttack | None = None
    subtasks: dict[str, ControlSubtask] = Field(default_factory=dict)
    cost_usd: float | None = None
    duration_s: float | None = None
