"""Turning subtask scores into pass/fail, and subtasks into the conjunctive All-✓.

Thresholds are configurable because benchmarks disagree on what "correct" means for a
partially covered design (EXP-Bench reports the share, a leaderboard wants a yes/no).
The conjunction uses three-valued (Kleene) logic: one definite fail decides `False` even
when another subtask is unscorable, but a conjunction that still depends on an unscorable
subtask is `None`, never a silent pass or fail.
"""

from __future__ import annotations

from collections.abc import Iterable

from expgrade.grading.errors import UserError
from expgrade.grading.schemas import ExecutionSubtask, JudgedSubtask, Subtasks
from expgrade.grading.subtasks import DEFAULT_THRESHOLDS, SUBTASKS


def parse_thresholds(specs: Iterable[str]) -> dict[str, float]:
    """`["design=0.8", ...]` -> thresholds merged over the defaults; bad specs are user errors."""
    out = dict(DEFAULT_THRESHOLDS)
    for spec in specs:
        name, sep, value = spec.partition("=")
        name = name.strip()
        if not sep or name not in DEFAULT_THRESHOLDS:
            raise UserError(
                f"bad pass threshold '{spec}': expected SUBTASK=NUMBER with SUBTASK one of "
                f"{', '.join(DEFAULT_THRESHOLDS)}",
                field="--pass-threshold",
            )
        try:
            x = float(value)
        except ValueError:
            raise UserError(
                f"bad pass threshold '{spec}': '{value}' is not a number", field="--pass-threshold"
            ) from None
        if not 0.0 <= x <= 1.0:
            raise UserError(f"bad pass threshold '{spec}': must lie in [0, 1]", field="--pass-threshold")
        out[name] = x
    return out


def share_passed(verdicts: Iterable[str | None]) -> tuple[float | None, int]:
    """(share of 'pass' among decided items, number of undecided items).

    The share is None when an item is undecided: a design score that silently left out an
    unscorable variable would be higher than the truth for some reading of that variable.
    """
    decided = 0
    passed = 0
    undecided = 0
    for v in verdicts:
        if v is None:
            undecided += 1
            continue
        decided += 1
        passed += v == "pass"
    if undecided or not decided:
        return None, undecided
    return passed / decided, 0


def passes(score: float | None, threshold: float) -> bool | None:
    return None if score is None else score >= threshold - 1e-12


def subtask_passed(sub: JudgedSubtask | ExecutionSubtask | None) -> bool | None:
    """The subtask's pass value as the conjunction sees it; None also for 'not needed'."""
    if sub is None:
        return None
    if isinstance(sub, ExecutionSubtask):
        return None if sub.unscorable is not None else sub.passed
    return None if sub.status != "graded" else sub.passed


def is_needed(sub: JudgedSubtask | ExecutionSubtask | None) -> bool:
    """A subtask takes part in All-✓ unless it was not asked for or there is nothing to grade.

    Nothing to grade: a judged subtask `skipped` (no ground truth, no judge), or an execution
    `not_run` (the task gives nothing to run or no expected results to compare with). Were
    these needed, every such task would have `all_passed` null forever.
    """
    if sub is None:
        return False
    if isinstance(sub, ExecutionSubtask):
        return sub.status != "not_run"
    return sub.status != "skipped"


def all_passed(subtasks: Subtasks) -> bool | None:
    """Conjunctive All-✓ over the needed subtasks (a review's flags, integrity's, count as a fail).

    None when nothing is needed at all: an empty conjunction is not evidence of success.
    """
    values: list[bool | None] = []
    for s in SUBTASKS:
        sub = s.of(subtasks)
        if not is_needed(sub):
            continue
        if s.kind == "review" and isinstance(sub, JudgedSubtask) and sub.flags:
            values.append(False)
            continue
        values.append(subtask_passed(sub))
    if not values:
        return None
    if any(v is False for v in values):
        return False
    if any(v is None for v in values):
        return None
    return True
