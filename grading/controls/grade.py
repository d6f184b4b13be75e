"""Grading a control: the real graders, the real panel, a control record out.

The control goes through `judge_subtasks`, the same call a real submission's judged subtasks go
through, so its prompts are built by the same code from the same task; only the submission is
expgrade's own. Deterministic checks, unit tests and re-execution are not run: a control checks
the judge, and those use none.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from pathlib import Path

from expgrade.grading.controls.cases import ControlCase
from expgrade.grading.graders.inputs import repo_path
from expgrade.grading.graders.judged import Context, Panel
from expgrade.grading.graders.judging import grading_panel, run_judging
from expgrade.grading.graders.pipeline import RecordingPanel, judge_subtasks, mode_fallbacks
from expgrade.grading.graders.settings import GradeSettings
from expgrade.grading.judge.engine import DEFENCES
from expgrade.grading.schemas import JudgedSubtask
from expgrade.grading.schemas.control import ControlItem, ControlRecord, ControlSubtask


def control_settings(case: ControlCase, settings: GradeSettings) -> GradeSettings:
    """The run's settings narrowed to the control's subtasks; never refused: a judge's controls
    are what decide a refusal."""
    return dataclasses.replace(settings, subtasks=case.subtasks, refused={})


def _meta(case: ControlCase) -> dict[str, str]:
    """What every request of the control carries: an undefended one asks for no fences and no marks."""
    return {DEFENCES: "off"} if case.defences == "off" else {}


def _context(case: ControlCase, settings: GradeSettings) -> Context:
    return Context.of(case.task, case.inputs, None, settings, repo_path(case.task, Path(settings.tasks_dir)))


async def _judge(
    case: ControlCase, settings: GradeSettings, panel: Panel, log: list[str]
) -> dict[str, JudgedSubtask]:
    return await judge_subtasks(_context(case, settings), settings, panel, {}, log)


def control_record(
    case: ControlCase, subtasks: dict[str, JudgedSubtask], cost: float | None, duration_s: float
) -> ControlRecord:
    """The control's judge verdicts on the items whose answer is known."""
    out: dict[str, ControlSubtask] = {}
    for name, work in case.work.items():
        sub = subtasks.get(name)
        items = []
        for item in sub.items if sub is not None else []:
            expected = work.expectation(item.criterion_id)
            if expected is None or not isinstance(item.judge, list):
                continue  # an item whose answer is not certain, or one no judge gave
            items.append(
                ControlItem(
                    criterion_id=item.criterion_id or item.criterion,
                    expected="pass" if expected == "pass" else "fail",
                    judges=item.judge,
                )
            )
        out[name] = ControlSubtask(construction=work.construction, items=items)
    return ControlRecord(
        control_id=case.control_id,
        task_id=case.task.id,
        kind=case.kind,
        defences="off" if case.defences == "off" else "on",
        attack=case.attack,
        subtasks=out,
        cost_usd=cost,
        duration_s=round(duration_s, 3),
    )


def grade_control(case: ControlCase, settings: GradeSettings) -> tuple[ControlRecord, list[str]]:
    """Judge one control; its record and a log a person can read."""
    started = time.monotonic()
    narrowed = control_settings(case, settings)
    panel = grading_panel(narrowed)
    if panel is not None:
        panel.meta = _meta(case)
    log = [
        f"control:    {case.control_id} ({case.kind}, defences {case.defences})",
        f"task:       {case.task.id}",
    ]
    if case.attack is not None:
        log.append(f"attack:     {case.attack.family} at {case.attack.placement} ({case.attack.attack_id})")
    if panel is None:
        return control_record(case, {}, 0.0, 0.0), [*log, "no judge: nothing to check"]
    subtasks = run_judging(_judge(case, narrowed, panel, log))
    record = control_record(case, subtasks, panel.cost_usd, time.monotonic() - started)
    for name, sub in record.subtasks.items():
        log.append(f"[{name}] {sub.construction}")
        for item in sub.items:
            got = ", ".join(f"{j.get('rater')}={j.get('label') or j.get('reason')}" for j in item.judges)
            log.append(f"  - {item.criterion_id}: expected {item.expected}; {got}")
            log += [f"      {note}" for note in mode_fallbacks(item.judges)]
    return record, log


def planned_control_calls(case: ControlCase, settings: GradeSettings) -> RecordingPanel:
    """The judge requests a control would send (for `--estimate`: controls cost like submissions)."""

    narrowed = control_settings(case, settings)
    recorder = RecordingPanel(meta=_meta(case))
    asyncio.run(_judge(case, narrowed, recorder, []))
    return recorder
