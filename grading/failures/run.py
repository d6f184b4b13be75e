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
from expgrade.grading.failures.assess import WITHOUT_GRADING, WITHOUT_TRAJECTORY, gather_evidence, primary
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
from expgrade.grading.schemas import ResultRecord, Submission, Task
from expgrade.grading.status import Unscorable
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


def _base(record: ResultRecord | Submission, submission_id: str, taxonomy: Taxonomy) -> dict[str, Any]:
    return {
        "task_id": record.task_id,
        "submission_id": submission_id,
        "agent": record.agent,
        "agent_model": record.agent_model,
        "attempt": record.attempt,
        "paper_id": record.paper_id if isinstance(record, ResultRecord) else None,
        "taxonomy": taxonomy.ref,
    }


@dataclass(frozen=True)
class _Case:
    """One run to analyse: its submission, and its result record where it was graded."""

    loaded: LoadedSubmission
    record: ResultRecord | None


#: The failure judge's `outcome` field for a run that was never graded.
NOT_GRADED = "not graded: the run's outcome is not known (analysed from its submission alone)"


def analyze_run(
    run_dir: Path,
    taxonomy: Taxonomy,
    *,
    submissions: Path | None = None,
    tasks: Path | None = None,
    judges: JudgeSettings | None = None,
    seed: int = 0,
    on_progress: Callable[[int, int], None] | None = None,
    candidates: bool = False,
) -> Analysis:
    """Failure verdicts for every submission of the run that did not pass, written to the run folder
    (`candidates`: the detectors measured below the precision goal too, their findings so marked)."""
    results = read_results(run_dir)
    manifest = load_manifest(run_dir) or {}
    submissions = submissions or _manifest_path(run_dir, manifest, "submissions_dir")
    if submissions is None or not submissions.is_dir():
        raise UserError(
            "the submissions folder is needed to read the runs' trajectories: give --submissions",
            file=run_dir,
        )
    scan = scan_submissions(submissions)
    located: dict[str, LoadedSubmission] = {s.submission_id: s for s in scan.submissions}
    problems = [str(p) for p in scan.problems]
    cases = []
    for record in (r for r in results if r.all_passed is not True):
        if (loaded := located.get(record.submission_id)) is None:
            problems.append(f"{record.submission_id}: not in {submissions}; no failure verdict")
        else:
            cases.append(_Case(loaded, record))
    graded_with = [str(j) for j in manifest.get("judges") or []]
    no_judge = (
        f"no detector found a cause; the run was graded with --judge {', '.join(graded_with)}, but the "
        "failure judge runs only when asked (`expgrade failures analyze RUN_DIR --judge M`: its calls are "
        "not in the grading's --estimate or --budget-usd)"
        if graded_with and judges is None
        else None
    )
    task_map = _tasks(tasks or _manifest_path(run_dir, manifest, "tasks_file"))
    return _analyze(
        cases, run_dir, taxonomy, task_map, judges, seed, on_progress,
        problems=problems, no_judge=no_judge, candidates=candidates,
    )  # fmt: skip


def analyze_submissions(
    submissions: Path,
    out: Path,
    taxonomy: Taxonomy,
    *,
    tasks: Path | None = None,
    judges: JudgeSettings | None = None,
    seed: int = 0,
    on_progress: Callable[[int, int], None] | None = None,
    candidates: bool = False,
) -> Analysis:
    """Failure verdicts for every run of a submissions folder (imported or native) that was never
    graded, written to `out`: whether a run passed is not known, so every one is analysed; what
    needs a graded run (claim support, the re-execution) is said to be not assessed."""
    if not submissions.is_dir():
        raise UserError("not a folder of submissions", file=submissions)
    scan = scan_submissions(submissions)
    out.mkdir(parents=True, exist_ok=True)
    cases = [_Case(s, None) for s in scan.submissions]
    return _analyze(
        cases,
        out,
        taxonomy,
        _tasks(tasks),
        judges,
        seed,
        on_progress,
        problems=[str(p) for p in scan.problems],
        candidates=candidates,
    )


def _analyze(
    cases: Sequence[_Case],
    out: Path,
    taxonomy: Taxonomy,
    task_map: dict[str, Task],
    judges: JudgeSettings | None,
    seed: int,
    on_progress: Callable[[int, int], None] | None,
    *,
    problems: list[str],
    no_judge: str | None = None,
    candidates: bool = False,
) -> Analysis:
    analysis = Analysis([], problems=problems)
    pending: list[tuple[int, Asked, dict[int, str]]] = []
    if judges is not None and judges.preflight:  # the inputs hold: now the judge, before any write
        judges = checked(judges)[0]
    rubric_ref = failure_rubric(taxonomy, out / "failures") if judges is not None else None
    for n, case in enumerate(cases, 1):
        record, loaded = case.record, case.loaded
        try:
            evidence = gather_evidence(record, loaded.submission, loaded.root, candidates=candidates)
        except UserError as exc:
            analysis.problems.append(f"{loaded.submission_id}: {exc}")
            continue
        base = _base(record or loaded.submission, loaded.submission_id, taxonomy)
        base["n_steps"] = len(evidence.steps) if evidence.steps is not None else None
        base["findings"] = [FindingRecord.model_validate(f.as_dict()) for f in evidence.findings]
        unassessed = [] if record is not None else [WITHOUT_GRADING]
        if evidence.steps is None:
            unassessed.insert(
                0,
                f"no trajectory.jsonl: only {WITHOUT_TRAJECTORY if record else 'limits'} were checked; the "
                "modes that need the run's steps could not be assessed",
            )
        if unassessed:
            base["not_assessed"] = "; ".join(unassessed)
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
                candidate=top.candidate,
            )
        elif evidence.steps and rubric_ref is not None:
            task = task_map.get(base["task_id"])
            asked = request_for(
                f"failure/{base['task_id']}/{loaded.submission_id}",
                rubric_ref,
                task.question
                if task is not None
                else f"(task {base['task_id']}: its text is not in the tasks file)",
                evidence.steps,
                outcome(record) if record is not None else NOT_GRADED,
                {
                    "task_id": base["task_id"],
                    "submission_id": loaded.submission_id,
                    "subtask": "failure_mode",
                },
            )
            pending.append((len(analysis.records), asked, texts))
            record_ = FailureRecord(**base, status="not_assessed", cited_steps=list(asked.shown))
        else:
            cause = (
                (no_judge or "no detector found a cause and no judge was given (--judge) for the rest")
                if evidence.steps
                else "the trajectory has no steps"
                if evidence.steps is not None
                else None
            )
            why = "; ".join(p for p in (cause, base.get("not_assessed")) if p)
            record_ = FailureRecord(**{**base, "not_assessed": why}, status="not_assessed")
        analysis.records.append(record_)
        if on_progress is not None:
            on_progress(n, len(cases))
    if judges is not None and rubric_ref is not None:
        analysis.checks = _judge(analysis, pending, judges, rubric_ref, seed)
    write_models(out / FAILURES_FILE, analysis.records)
    if analysis.checks is not None:
        (out / CHECKS_FILE).write_text(json.dumps(analysis.checks, indent=2) + "\n", encoding="utf-8")
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
    results = [
        ControlResult(c.id, c.mode, c.accept, judged(by_item[a.request.item_id], a.shown, rubric))
        for c, a in zip(controls, control_asked, strict=True)
    ]
    controls_block = control_figures(results)
    # Held to its controls like the main judge (grading/controls): one that failed them names no
    # mode; its answers stay in the record for audit, and the runs count as unscorable.
    refused = (
        None
        if controls_block["passed"]
        else f"the failure judge got {controls_block['right']} of {controls_block['decided']} decided "
        "controls right (failure_checks.json): its verdicts are not used"
    )
    for at, asked, texts in pending:
        got = judged(by_item[asked.request.item_id], asked.shown, rubric)
        record = analysis.records[at]
        if got.status == "graded" and refused is None:
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
        elif got.status == "graded":
            analysis.records[at] = record.model_copy(
                update={"status": "unscorable", "unscorable": Unscorable.JUDGE_FAILED_CONTROLS.value,
                        "not_assessed": refused, "judge": got}
            )  # fmt: skip
        else:
            analysis.records[at] = record.model_copy(
                update={
                    "status": "unscorable",
                    "unscorable": (got.reason or "").split(":")[0] or None,
                    "judge": got,
                }
            )
    pairs = []
    for _, asked, _ in again:
        first = judged(by_item[asked.request.item_id], asked.shown, rubric)
        second = judged(by_item[f"{asked.request.item_id}:retest"], asked.shown, rubric)
        pairs.append((asked.request.item_id, first, second))
    return {
        "judge": first_judge,
        "rubric": f"{rubric.id}@{rubric.version}#{rubric.digest}",
        "controls": controls_block,
        "refused": refused,
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
