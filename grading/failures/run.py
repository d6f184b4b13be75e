"""The failure analysis of a graded run: RUN_DIR/failures.jsonl and RUN_DIR/failure_checks.json.

Every submission that did not pass is analysed (failed, or undecided: a sandbox fault leaves
execution unscorable, and that is exactly the run whose failure is the infrastructure's); a
passing one gets no failure verdict. Detectors first; the judge, when the run has one, only for
runs with a trajectory that no detector explains, and it is checked on the same engine by
controls with known answers and by test-retest before its verdicts are read.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from expgrade.grading.errors import UserError
from expgrade.grading.failures.assess import WITHOUT_TRAJECTORY, gather_evidence, primary
from expgrade.grading.failures.controls import ControlResult, control_figures, control_runs
from expgrade.grading.failures.judge import (
    Asked,
    failure_rubric,
    judged,
    outcome,
    render_step,
    request_for,
    retest_request,
)
from expgrade.grading.failures.records import CHECKS_FILE, FAILURES_FILE, FailureRecord, FindingRecord
from expgrade.grading.failures.taxonomy import Taxonomy
from expgrade.grading.jsonl import read_models, write_models
from expgrade.grading.judge.preflight import checked
from expgrade.grading.judge.rubrics import load_rubric
from expgrade.grading.judge.settings import JudgeSettings
from expgrade.grading.judge.types import JudgeRequest, Verdict
from expgrade.grading.run.manifest import load_manifest
from expgrade.grading.run.store import read_results
from expgrade.grading.schemas import ResultRecord, Task
from expgrade.grading.submission_reader import LoadedSubmission, scan_submissions

#: The share of judged runs asked again for test-retest, and the fewest asked.
RETEST_FRACTION = 0.2
MIN_RETEST = 4


@dataclass
class Analysis:
    records: list[FailureRecord]
    checks: dict[str, Any] | None = None
    problems: list[str] = field(default_factory=list)


def _manifest_path(run_dir: Path, manifest: dict[str, Any], key: str) -> Path | None:
    value = manifest.get(key)
    if not isinstance(value, str):
        return None
    path = Path(value)
    return path if path.is_absolute() else run_dir / path


def _tasks(path: Path | None) -> dict[str, Task]:
    return {t.id: t for t in read_models(path, Task)} if path is not None and path.is_file() else {}


def _base(record: ResultRecord, taxonomy: Taxonomy) -> dict[str, Any]:
    return {
        "task_id": record.task_id,
        "submission_id": record.submission_id,
        "agent": record.agent,
        "agent_model": record.agent_model,
        "attempt": record.attempt,
        "paper_id": record.paper_id,
        "taxonomy": taxonomy.ref,
    }


def analyze_run(
    run_dir: Path,
    taxonomy: Taxonomy,
    *,
    submissions: Path | None = None,
    tasks: Path | None = None,
    judges: JudgeSettings | None = None,
    seed: int = 0,
    on_progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Failure verdicts for every submission of the run that did not pass, written to the run folder."""
    results = read_results(run_dir)
    manifest = load_manifest(run_dir) or {}
    submissions = submissions or _manifest_path(run_dir, manifest, "submissions_dir")
    if submissions is None or not submissions.is_dir():
        raise UserError(
            "the submissions folder is needed to read the runs' trajectories: give --submissions",
            file=run_dir,
        )
    task_map = _tasks(tasks or _manifest_path(run_dir, manifest, "tasks_file"))
    scan = scan_submissions(submissions)
    located: dict[str, LoadedSubmission] = {s.submission_id: s for s in scan.submissions}
    analysis = Analysis([], problems=[str(p) for p in scan.problems])
    failed = [r for r in results if r.all_passed is not True]
    pending: list[tuple[int, Asked, dict[int, str]]] = []
    if judges is not None and judges.preflight:  # the inputs hold: now the judge, before any write
        judges = checked(judges)[0]
    rubric_ref = failure_rubric(taxonomy, run_dir / "failures") if judges is not None else None
    for n, record in enumerate(failed, 1):
        loaded = located.get(record.submission_id)
        if loaded is None:
            analysis.problems.append(f"{record.submission_id}: not in {submissions}; no failure verdict")
            continue
        try:
            evidence = gather_evidence(record, loaded.submission, loaded.root)
        except UserError as exc:
            analysis.problems.append(f"{record.submission_id}: {exc}")
            continue
        base = _base(record, taxonomy)
        base["n_steps"] = len(evidence.steps) if evidence.steps is not None else None
        base["findings"] = [FindingRecord.model_validate(f.as_dict()) for f in evidence.findings]
        if evidence.steps is None:
            base["not_assessed"] = (
                f"no trajectory.jsonl: only {WITHOUT_TRAJECTORY} were checked; the modes that need the "
                "run's steps could not be assessed"
            )
        top = primary(evidence.findings, taxonomy)
        texts = {s.index: render_step(s) for s in evidence.steps or ()}
        if top is not None:
            record_ = FailureRecord(
                **base,
                status="classified",
                mode=top.mode,
                step=top.step,
                step_text=texts.get(top.step) if top.step is not None else None,
                source="detector",
                evidence=top.evidence,
            )
        elif evidence.steps and rubric_ref is not None:
            task = task_map.get(record.task_id)
            asked = request_for(
                f"failure/{record.task_id}/{record.submission_id}",
                rubric_ref,
                task.question
                if task is not None
                else f"(task {record.task_id}: its text is not in the tasks file)",
                evidence.steps,
                outcome(record),
                {"task_id": record.task_id, "submission_id": record.submission_id, "subtask": "failure_mode"},
            )
            pending.append((len(analysis.records), asked, texts))
            record_ = FailureRecord(**base, status="not_assessed", cited_steps=list(asked.shown))
        else:
            why = (
                "no detector found a cause and no judge was given (--judge) for the rest"
                if evidence.steps
                else base.get("not_assessed") or "the trajectory has no steps"
            )
            record_ = FailureRecord(**{**base, "not_assessed": why}, status="not_assessed")
        analysis.records.append(record_)
        if on_progress is not None:
            on_progress(n, len(failed))
    if judges is not None and rubric_ref is not None:
        analysis.checks = _judge(analysis, pending, judges, rubric_ref, seed)
    write_models(run_dir / FAILURES_FILE, analysis.records)
    if analysis.checks is not None:
        (run_dir / CHECKS_FILE).write_text(json.dumps(analysis.checks, indent=2) + "\n", encoding="utf-8")
    return analysis


def _judge(
    analysis: Analysis,
    pending: Sequence[tuple[int, Asked, dict[int, str]]],
    judges: JudgeSettings,
    rubric_ref: str,
    seed: int,
) -> dict[str, Any]:
    """Judge the pending runs, the controls and a retest sample in one engine session."""
    from expgrade.grading.judge.engine import JudgeEngine

    rubric = load_rubric(rubric_ref)
    controls = control_runs()
    control_asked = [
        request_for(
            c.id, rubric_ref, c.question, c.steps, c.outcome, {"subtask": "failure_mode", "check": "control"}
        )
        for c in controls
    ]
    rng = random.Random(seed)
    k = min(len(pending), max(MIN_RETEST, round(RETEST_FRACTION * len(pending))))
    again = rng.sample(list(pending), k) if pending else []
    requests: list[JudgeRequest] = [
        *(a.request for _, a, _ in pending),
        *(a.request for a in control_asked),
        *(retest_request(a) for _, a, _ in again),
    ]
    with JudgeEngine(judges.engine_config()) as engine:
        verdicts = engine.judge_sync(requests)
    first_judge = judges.models[0]
    mine = [v for v in verdicts if v.judge == first_judge]
    by_item: dict[str, Verdict] = {v.item_id: v for v in mine}
    for at, asked, texts in pending:
        got = judged(by_item[asked.request.item_id], asked.shown, rubric)
        record = analysis.records[at]
        if got.status == "graded":
            update = {
                "status": "classified",
                "mode": got.label,
                "step": got.step,
                "source": "judge",
                "judge": got,
            }
            analysis.records[at] = record.model_copy(
                update={**update, "step_text": texts.get(got.step) if got.step is not None else None}
            )
        else:
            analysis.records[at] = record.model_copy(
                update={
                    "status": "unscorable",
                    "unscorable": (got.reason or "").split(":")[0] or None,
                    "judge": got,
                }
            )
    results = [
        ControlResult(c.id, c.mode, c.accept, judged(by_item[a.request.item_id], a.shown, rubric))
        for c, a in zip(controls, control_asked, strict=True)
    ]
    pairs = []
    for _, asked, _ in again:
        first = judged(by_item[asked.request.item_id], asked.shown, rubric)
        second = judged(by_item[f"{asked.request.item_id}:retest"], asked.shown, rubric)
        pairs.append((asked.request.item_id, first, second))
    return {
        "judge": first_judge,
        "rubric": f"{rubric.id}@{rubric.version}#{rubric.digest}",
        "controls": control_figures(results),
        "retest": retest_figures(pairs),
    }


def retest_figures(pairs: Sequence[tuple[str, Any, Any]]) -> dict[str, Any]:
    """How often the judge named another mode (or another step) when asked the same run again."""
    from expgrade.grading.estimate import wilson_interval

    decided = [(i, a, b) for i, a, b in pairs if a.status == "graded" and b.status == "graded"]
    flips = [i for i, a, b in decided if a.label != b.label]
    moved = [i for i, a, b in decided if a.label == b.label and a.step != b.step]
    return {
        "n": len(pairs),
        "decided": len(decided),
        "mode_flips": len(flips),
        "flip_rate": wilson_interval(len(flips), len(decided)).as_dict(),
        "step_moves": len(moved),
        "flipped_items": flips,
        "seed_policy": "the run's own seeds and temperature; the response cache is bypassed",
    }
