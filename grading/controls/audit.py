"""`expgrade judge audit`: a judge checked on the user's own tasks before a large run.

Only controls are judged (known-pass, known-fail, attack; docs/controls.md): no submission is
read and no sandbox runs, so an audit costs a few dozen calls, priced before anything is spent
(`plan` feeds the same estimate `--estimate` prints). Two audits of two judges on the same tasks
compare them for the job; the audit's figures are the ones a graded run reports in
`judge_checks`.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

from expgrade.grading.controls.cases import ControlCase, ControlOptions, build_controls
from expgrade.grading.controls.figures import attack_figures, control_figures
from expgrade.grading.controls.grade import grade_control, planned_control_calls
from expgrade.grading.controls.store import ControlStore, read_controls
from expgrade.grading.graders.judging import engine_for
from expgrade.grading.graders.settings import GradeSettings
from expgrade.grading.judge.estimate import Estimate, estimate
from expgrade.grading.judge.ledger import Totals
from expgrade.grading.schemas import Task
from expgrade.grading.schemas.report import JudgeChecks

AUDIT_JSON = "audit.json"


@dataclass(frozen=True)
class AuditResult:
    checks: JudgeChecks
    calls: Totals
    wall_s: float


def audit_cases(
    tasks: Sequence[Task], settings: GradeSettings, plain: int, attacks: int, undefended: bool
) -> list[ControlCase]:
    """The audit's controls: `plain` known-pass and known-fail ones over the tasks, `attacks` attack ones."""
    options = ControlOptions(ratio=1.0, attacks=attacks, undefended=undefended)
    seed = settings.judge.config.seed if settings.judge else 0
    judged = [s for s in settings.subtasks if s != "execution"]
    return build_controls(tasks, judged, Path(settings.tasks_dir), options, plain, seed=seed)


def plan(cases: Sequence[ControlCase], settings: GradeSettings) -> Estimate:
    """What the audit will cost, per subtask and judge; nothing is called."""
    assert settings.judge is not None
    engine = engine_for(settings.judge, rate_limiter=None, budget_gate=None)
    requests, reasks = [], []
    for case in cases:
        recorded = planned_control_calls(case, settings)
        requests += recorded.requests
        reasks += recorded.reasks
    return estimate(engine, requests, reasks=reasks)


def run_audit(
    cases: Sequence[ControlCase],
    settings: GradeSettings,
    out: Path,
    *,
    concurrency: int = 4,
    on_done: Callable[[], None] | None = None,
) -> AuditResult:
    """Judge every control not yet in OUT/controls.jsonl (an audit resumes like a run), write
    OUT/audit.json, and return the figures with what the calls cost."""
    assert settings.judge is not None
    started = time.monotonic()
    out.mkdir(parents=True, exist_ok=True)
    store = ControlStore.open(out)
    todo = [c for c in cases if c.control_id not in store.finished]
    engine = engine_for(settings.judge, rate_limiter=None, budget_gate=None)
    before = replace(engine.ledger.run)
    with ThreadPoolExecutor(max_workers=concurrency) as pool:
        for record, log in pool.map(lambda c: grade_control(c, settings), todo):
            store.append(record)
            (out / "controls").mkdir(exist_ok=True)
            (out / "controls" / f"{record.control_id}.log").write_text(
                "\n".join(log) + "\n", encoding="utf-8"
            )
            if on_done is not None:
                on_done()
    records = read_controls(out)
    figures = control_figures(records)
    costs = [r.cost_usd for r in records]
    checks = JudgeChecks(
        controls=figures,
        attacks=attack_figures(records),
        cross_checks=[],
        degenerate=[],
        failing=[f"{f.judge} on {f.subtask}" for f in figures if f.failed],
        controls_n=len(records),
        cost_usd=None if any(c is None for c in costs) else round(sum(c or 0.0 for c in costs), 6),
    )
    spent = replace(engine.ledger.run)
    spent.calls -= before.calls
    spent.cached -= before.cached
    result = AuditResult(checks, spent, round(time.monotonic() - started, 3))
    payload = {
        "judges": list(settings.judge.models),
        "subtasks": sorted({s for r in records for s in r.subtasks}),
        "calls": result.calls.calls,
        "cache_hits": result.calls.cached,
        "wall_s": result.wall_s,
        "judge_checks": checks.as_json(),
    }
    (out / AUDIT_JSON).write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    return result
