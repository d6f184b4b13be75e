"""The run report as data (`RunReport`): per-agent tables, per-subtask counts, per-task drill-down.

HTML, Markdown and JSON are renderings of this one typed structure, so the three formats never
disagree about a number.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from expgrade.grading.aggregate import agent_table
from expgrade.grading.controls.retest import retest_fraction
from expgrade.grading.failures.records import FailureRecord
from expgrade.grading.failures.table import failure_table
from expgrade.grading.failures.taxonomy import Taxonomy, load_taxonomy
from expgrade.grading.judge.types import DEPENDS_ON_INJECTION, FLIPS_WITHOUT_PROSE, PROMPT_INJECTION
from expgrade.grading.report import overview
from expgrade.grading.report.judge_checks import judge_checks
from expgrade.grading.report.runs import agent_runs
from expgrade.grading.schemas import ExecutionSubtask, JudgedSubtask, ResultRecord, RunReport
from expgrade.grading.schemas.control import ControlRecord
from expgrade.grading.schemas.result import ReferenceRun
from expgrade.grading.schemas.retest import RetestRecord
from expgrade.grading.subtasks import LETTERS, SUBTASKS, judged_results
from expgrade.grading.subtasks.passing import is_needed, subtask_passed


def _status(sub: JudgedSubtask | ExecutionSubtask | None) -> dict[str, Any] | None:
    if sub is None:
        return None
    out: dict[str, Any] = {"status": sub.status, "passed": sub.passed, "flags": list(sub.flags)}
    if sub.unscorable is not None:
        out["unscorable"] = sub.unscorable.value
    if isinstance(sub, JudgedSubtask):
        out.update(
            score=sub.score,
            reason=sub.reason,
            items=[
                {
                    "criterion": i.criterion,
                    "verdict": i.verdict,
                    **({"unscorable": i.unscorable.value} if i.unscorable is not None else {}),
                    "rationale": i.rationale,
                    "judge": i.judge
                    if isinstance(i.judge, str)
                    else [j.get("rater") for j in i.judge or [] if isinstance(j, dict)],
                    "flags": list(i.flags),
                    **({"verdicts": _verdicts(i.judge)} if isinstance(i.judge, list) else {}),
                }
                for i in sub.items
            ],
        )
    else:
        out.update(
            reason=sub.reason,
            exit_code=sub.exit_code,
            duration_s=sub.duration_s,
            measured_results=sub.measured_results,
            expected_results=sub.expected_results,
            deviations=[d.model_dump(exclude={"extra"}) for d in sub.deviations],
        )
        if sub.seed is not None:
            out["seed"] = sub.seed
        if sub.tolerance is not None:
            out["tolerance"] = sub.tolerance.model_dump(mode="json", exclude={"extra"})
        if sub.repeats is not None:
            out["repeats"] = sub.repeats.model_dump(mode="json", exclude={"extra"})
    return out


def _verdicts(panel: list[Any]) -> list[dict[str, Any]]:
    """Each judge's recorded verdict of one item, for the drill-down (its item_id is the item's own)."""
    return [{k: v for k, v in j.items() if k != "item_id"} for j in panel if isinstance(j, dict)]


def build_report(
    run_dir: Path,
    records: list[ResultRecord],
    manifest: dict[str, Any],
    *,
    n_boot: int = 1000,
    confidence: float = 0.95,
    seed: int | None = None,
    references: list[ReferenceRun] | None = None,
    controls: list[ControlRecord] | None = None,
    retests: list[RetestRecord] | None = None,
    failures: list[FailureRecord] | None = None,
    failure_checks: dict[str, Any] | None = None,
) -> RunReport:
    """The report of a run's `records`, without its calibration block (expgrade.calibration.run_report).

    references: the run folder's reference runs (`--reference-runs`), for what they cost.
    failures: the run's failure verdicts (RUN_DIR/failures.jsonl), with their judge's checks.
    Reading them is the caller's (expgrade.grading.run.store.report_run)."""
    seed = int(manifest.get("seed", 0)) if seed is None else seed
    attempts = Counter((r.agent, r.task_id) for r in records)
    max_attempts = max(attempts.values(), default=1)
    ks = sorted({1, max_attempts} | ({5} if max_attempts >= 5 else set()))
    rows = agent_table(records, n_boot=n_boot, confidence=confidence, seed=seed, ks=ks)
    counts: dict[str, Counter[str]] = {s.name: Counter() for s in SUBTASKS}
    for r in records:
        for s in SUBTASKS:
            if (sub := s.of(r.subtasks)) is not None:
                counts[s.name][sub.status] += 1
    data = {
        "run_dir": str(run_dir),
        "n_results": len(records),
        "n_tasks": len({r.task_id for r in records}),
        "n_papers": len({r.paper_id or r.task_id for r in records}),
        "bootstrap": {"n": n_boot, "confidence": confidence, "seed": seed, "cluster": "paper"},
        "manifest": {
            k: manifest.get(k)
            for k in (
                "judges",
                "subtasks",
                "thresholds",
                "seed",
                "rubrics",
                "images",
                "versions",
                "tasks_file",
                "submissions_dir",
                "created_at",
                "served",
            )
        },
        "letters": LETTERS,
        "agents": [row.as_dict() for row in rows],
        "status_counts": {k: dict(v) for k, v in counts.items()},
        "unscorable_counts": _unscorable_counts(records),
        "flags": _flag_counts(records),
        "injection_flags": _injection_counts(records),
        "tasks": _drill_down(records),
        "scores": {
            s.name: [
                {"agent": r.agent, "score": sub.score}
                for r in records
                if isinstance(sub := s.of(r.subtasks), JudgedSubtask) and sub.score is not None
            ]
            for s in SUBTASKS
            if s.judged
        },
    }
    if scripted := overview.scripted_judges(list(manifest.get("judges") or [])):
        data["scripted_judges"] = scripted
    if references:
        data["reference_runs"] = _reference_cost(references, records)
    if (runs := agent_runs(records)) is not None:
        data["agent_runs"] = runs
    if failures is not None:
        data["failure_modes"] = failure_table(failures, _taxonomy_of(failures), confidence)
    if failure_checks is not None:
        data["failure_checks"] = failure_checks
    checks = judge_checks(records, controls or [], retests or [], retest_fraction(manifest))
    if checks is not None:
        refused = {s for session in manifest.get("sessions") or [] for s in session.get("refused") or {}}
        for figures in checks.controls:
            figures.refused = figures.failed and figures.subtask in refused
        data["judge_checks"] = checks
    return RunReport.model_validate(data)


def _taxonomy_of(failures: list[FailureRecord]) -> Taxonomy | None:
    """The shipped taxonomy when the verdicts were made under it (for the modes' titles), else None."""
    shipped = load_taxonomy()
    return shipped if all(f.taxonomy == shipped.ref for f in failures) else None


def _reference_cost(references: list[ReferenceRun], records: list[ResultRecord]) -> dict[str, Any]:
    """Sandbox time of the reference runs, per task and in all, and spread over the results it served."""
    by_task: dict[str, list[ReferenceRun]] = defaultdict(list)
    for run in references:
        by_task[run.task_id].append(run)
    total = sum(r.duration_s or 0.0 for r in references)
    served = sum(1 for r in records if r.task_id in by_task)
    return {
        "runs": len(references),
        "duration_s": round(total, 3),
        "submissions": served,
        "duration_s_per_submission": round(total / served, 3) if served else None,
        "tasks": [
            {
                "task_id": task_id,
                "runs": len(runs),
                "failed": sum(r.status != "ran" for r in runs),
                "duration_s": round(sum(r.duration_s or 0.0 for r in runs), 3),
            }
            for task_id, runs in sorted(by_task.items())
        ],
    }


def _unscorable_counts(records: list[ResultRecord]) -> list[dict[str, Any]]:
    """How often each reason (expgrade.grading.status) left a subtask, or one of its items, undecided."""
    c: Counter[tuple[str, str, str]] = Counter()
    examples: dict[tuple[str, str, str], str | None] = {}
    for r in records:
        for s in SUBTASKS:
            sub = s.of(r.subtasks)
            if sub is None:
                continue
            if sub.unscorable is not None:
                c[(s.name, "subtask", sub.unscorable)] += 1
            if isinstance(sub, JudgedSubtask):
                for i in sub.items:
                    if i.unscorable is not None:
                        c[(s.name, "item", i.unscorable)] += 1
                        examples.setdefault((s.name, "item", i.unscorable), _judge_words(i.judge))
    return [
        {"subtask": s, "level": lvl, "reason": why, "count": n, "example": examples.get((s, lvl, why))}
        for (s, lvl, why), n in sorted(c.items())
    ]


def _judge_words(judges: Any) -> str | None:
    """The first judge's own account of an unscorable item (`reason_detail`), if any judge gave one."""
    details = (
        [j.get("reason_detail") for j in judges if isinstance(j, dict)] if isinstance(judges, list) else []
    )
    return next((d for d in details if d), None)


def _flag_counts(records: list[ResultRecord]) -> dict[str, int]:
    c: Counter[str] = Counter()
    for r in records:
        for s in SUBTASKS:
            if (sub := s.of(r.subtasks)) is not None:
                c.update(f"{s.name}:{f}" for f in sub.flags)
    return dict(sorted(c.items()))


def _injection_counts(records: list[ResultRecord]) -> dict[str, dict[str, int]]:
    """Per agent: judged items flagged prompt_injection, by who flagged them, and how many flipped
    (without the flagged span, or without the agent's prose: `verdict_flips_without_prose`).

    Counted per item (one criterion of one submission), not per judge: a panel of three that
    all saw the same attack is one flagged item.
    """
    out: dict[str, Counter[str]] = defaultdict(Counter)
    for r in records:
        for _, sub in judged_results(r.subtasks):
            for item in sub.items:
                if FLIPS_WITHOUT_PROSE in item.flags:  # wording-free: counted flagged or not
                    out[r.agent][FLIPS_WITHOUT_PROSE] += 1
                if PROMPT_INJECTION not in item.flags:
                    continue
                judges = (
                    [j for j in item.judge or [] if isinstance(j, dict)]
                    if isinstance(item.judge, list)
                    else []
                )
                sources = {j.get("injection_source") for j in judges} - {None}
                source = (
                    "both"
                    if "both" in sources or sources >= {"pattern", "judge"}
                    else next(iter(sources), "pattern")
                )
                out[r.agent].update({PROMPT_INJECTION: 1, f"source:{source}": 1})
                if DEPENDS_ON_INJECTION in item.flags:
                    out[r.agent][DEPENDS_ON_INJECTION] += 1
    return {agent: dict(sorted(c.items())) for agent, c in sorted(out.items())}


def _drill_down(records: list[ResultRecord]) -> list[dict[str, Any]]:
    by_task: dict[str, list[ResultRecord]] = defaultdict(list)
    for r in records:
        by_task[r.task_id].append(r)
    out = []
    for task_id in sorted(by_task):
        recs = sorted(by_task[task_id], key=lambda r: (r.agent, r.attempt, r.submission_id))
        out.append(
            {
                "task_id": task_id,
                "paper_id": recs[0].paper_id,
                "submissions": [
                    {
                        "submission_id": r.submission_id,
                        "agent": r.agent,
                        "agent_model": r.agent_model,
                        "attempt": r.attempt,
                        "all_passed": r.all_passed,
                        "cost_usd": r.cost_usd,
                        "duration_s": r.duration_s,
                        "passed": {
                            s.name: subtask_passed(sub) if is_needed(sub := s.of(r.subtasks)) else "n/a"
                            for s in SUBTASKS
                        },
                        "subtasks": {s.name: _status(s.of(r.subtasks)) for s in SUBTASKS},
                        **_run_view(r),
                    }
                    for r in recs
                ],
            }
        )
    return out


def _run_view(r: ResultRecord) -> dict[str, Any]:
    """The submission's claims and run figures for the drill-down, where it has them."""
    out: dict[str, Any] = {}
    if r.claims is not None:
        out["claims"] = [c.model_dump(mode="json", exclude={"extra"}) for c in r.claims]
    if r.agent_run is not None:
        out["agent_run"] = r.agent_run.model_dump(mode="json", exclude={"extra"}, exclude_none=True)
    return out
