"""The execution grader: re-run a submission in a clean room and check the numbers it produces.

EXP-Bench's check is "exit code 0" in the agent's own workspace; AutoExperiment compares the
numbers the agent *reports*. Here the code is rebuilt from the task repository plus the
submission's change, run in a sandbox, and the results it writes are compared with the task's
expected results (and with what the agent claimed).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from expgrade.grading.execution.compare import Comparison, compare
from expgrade.grading.execution.noise import ToleranceBasis
from expgrade.grading.execution.repeats import summarise_repeats
from expgrade.grading.execution.results import (
    Results,
    ResultsUnreadable,
    normalise,
    parse_stdout,
    parse_with_patterns,
    read_results_file,
)
from expgrade.grading.run_folder import RunLogs, SubmissionLogs
from expgrade.grading.sandbox.base import Sandbox, SandboxResult
from expgrade.grading.sandbox.clean_run import SubmissionArtifacts, run_in_clean_room, run_labels
from expgrade.grading.sandbox.cleanroom import CleanRoomError, SubmissionRejected
from expgrade.grading.sandbox.gpu import GpuAllocator
from expgrade.grading.sandbox.limits import Limits
from expgrade.grading.schemas import ExecutionSubtask, Submission, Task
from expgrade.grading.schemas.result import ExecutionRun, ExecutionStatus
from expgrade.grading.schemas.task import SEED_PLACEHOLDER

#: The run's seed, in the sandbox's environment (for a reproduce.sh, which has no `{seed}`).
SEED_ENV = "EXPGRADE_SEED"

#: Largest results file read back from a run.
RESULTS_FILE_MAX_BYTES = 16 * 1024**2


def _verdict(status: ExecutionStatus, reason: str, known: dict[str, Any], **fields: Any) -> ExecutionSubtask:
    """One place decides `passed`: reproduced passes, unscorable is None, everything else fails."""
    sub = ExecutionSubtask(status=status, reason=reason, **known, **fields)
    return sub.model_copy(update={"passed": None if sub.unscorable else status == "reproduced"})


def seeded_command(command: str, seed: int) -> str:
    """`run.command` with `{seed}` replaced (a plain replace: commands hold other braces, awk, JSON)."""
    return command.replace(SEED_PLACEHOLDER, str(seed))


@dataclass(frozen=True)
class CodeTree:
    """Where a run's code comes from: the task's repo plus a patch, a whole tree, an entry point."""

    patch: Path | None = None
    workspace: Path | None = None
    reproduce: Path | None = None


@dataclass
class Execution:
    """One finished run in the sandbox, read back before its clean room is removed."""

    result: SandboxResult
    notes: list[str]
    measured: Results
    problem: str | None  # why there are no results, when there are none


@dataclass(frozen=True)
class Refused:
    """A run that never started: the code could not be placed, or the machine fell short."""

    status: ExecutionStatus
    reason: str


def run_once(
    task: Task,
    tree: CodeTree,
    sandbox: Sandbox,
    *,
    seed: int,
    labels: dict[str, str],
    limits: Limits,
    gpu_ids: Sequence[int] | None = None,
    allocator: GpuAllocator | None = None,
    repo_base: Path | None = None,
    work_root: Path | None = None,
) -> Execution | Refused:
    """Build a clean room from `tree`, run the task's command with `seed` in it, read the numbers.

    Submissions and the task's reference run through here alike, so both see the same sandbox.
    """
    if tree.reproduce is not None:
        command = ["bash", "reproduce.sh"]
    else:
        assert task.run is not None
        command = ["sh", "-c", seeded_command(task.run.command, seed)]
    with ExitStack() as stack:
        try:
            ran = stack.enter_context(
                run_in_clean_room(
                    task,
                    sandbox,
                    command=command,
                    limits=limits,
                    labels=labels,
                    repo_base=repo_base,
                    patch=tree.patch,
                    workspace=tree.workspace,
                    reproduce=tree.reproduce,
                    env={SEED_ENV: str(seed)},
                    gpu_ids=gpu_ids,
                    allocator=allocator,
                    work_root=work_root,
                )
            )
        except SubmissionRejected as exc:
            return Refused("patch_failed", str(exc))
        except CleanRoomError as exc:
            return Refused("sandbox_error", str(exc))
        measured, problem = _measured(task, ran.workdir, ran.result)
        return Execution(ran.result, ran.notes, measured, problem)


def grade_execution(
    task: Task,
    artifacts: SubmissionArtifacts,
    sandbox: Sandbox,
    *,
    gpu_ids: Sequence[int] | None = None,
    allocator: GpuAllocator | None = None,
    logs: SubmissionLogs | None = None,
    repo_base: Path | None = None,
    work_root: Path | None = None,
    limits: Limits | None = None,
    basis: ToleranceBasis | None = None,
    seeds: Sequence[int] = (0,),
) -> ExecutionSubtask:
    """Grade the execution subtask of one task × submission. Never raises for the code's faults.

    gpu_ids: devices chosen by the caller (e.g. `ray.get_gpu_ids()`); when None and the task
    needs GPUs, they come from `allocator` (default: one allocator per process over this host's
    GPUs), waiting until enough are free. repo_base: the folder a relative `repo.path` is
    relative to (the TASKS.jsonl folder). work_root: where clean rooms are built (default: the
    system temp dir). logs: the submission's log folder (stdout, stderr and the run record go
    to its execution part). limits: overrides `Limits.from_run(task.run)`.
    basis: the tolerance the numbers are checked with (default: the task's fixed tolerance).
    seeds: one run per seed (`--repeats`); the record's status is the first run's.
    """
    basis = basis or ToleranceBasis.fixed(task, "no --reference-runs: the task's tolerance")
    known: dict[str, Any] = {
        "claimed_results": artifacts.submission.claimed_results,
        "expected_results": task.expected_results or {},
    }
    if task.run is None and artifacts.reproduce is None:
        return _verdict("not_run", "the task has no run spec and the submission no reproduce.sh", known)
    if not task.expected_results:
        return _verdict("not_run", "the task has no expected_results to check a run against", known)
    known["tolerance"] = basis.record
    if basis.problem is not None:
        return _verdict("reference_failed", basis.problem, known)
    limits = limits or Limits.from_run(task.run)
    tree = CodeTree(artifacts.patch, artifacts.workspace, artifacts.reproduce)
    labels = run_labels(task, artifacts)
    outcomes = []
    for i, seed in enumerate(seeds):
        done = run_once(
            task,
            tree,
            sandbox,
            seed=seed,
            labels=labels,
            limits=limits,
            gpu_ids=gpu_ids,
            allocator=allocator,
            repo_base=repo_base,
            work_root=work_root,
        )
        if isinstance(done, Refused):
            outcome = _verdict(done.status, done.reason, known, seed=seed)
        else:
            outcome = _status(task, artifacts.submission, limits, done, known, basis, seed)
            if logs is not None:
                write_run_logs(
                    logs.execution_run(seed, first=i == 0), done.result, done.notes, outcome.status
                )
        outcomes.append(outcome)
    if len(seeds) == 1:
        return outcomes[0]
    runs = [_run_of(task, artifacts, o) for o in outcomes]
    return outcomes[0].model_copy(update={"runs": runs, "repeats": summarise_repeats(runs, len(seeds))})


def _run_of(task: Task, artifacts: SubmissionArtifacts, o: ExecutionSubtask) -> ExecutionRun:
    return ExecutionRun(
        task_id=task.id,
        submission_id=artifacts.submission_id,
        attempt=artifacts.submission.attempt,
        seed=o.seed if o.seed is not None else 0,
        status=o.status,
        passed=o.passed,
        reason=o.reason,
        exit_code=o.exit_code,
        duration_s=o.duration_s,
        measured_results=o.measured_results,
        deviations=o.deviations,
    )


def _measured(task: Task, workdir: Path, result: SandboxResult) -> tuple[Results, str | None]:
    """The run's results and, when there are none, why."""
    run = task.run
    expected = task.expected_results
    if run is not None and run.results_file:
        try:
            raw = read_results_file(workdir, run.results_file, max_bytes=RESULTS_FILE_MAX_BYTES)
        except ResultsUnreadable as exc:
            return {}, str(exc)
        if raw is None:
            return {}, f"the run wrote no {run.results_file}"
        return normalise(raw, expected), None
    stdout = result.stdout.text()
    if run is not None and run.result_patterns:
        found = parse_with_patterns(stdout, run.result_patterns)
        return found, None if found else "no result pattern matched stdout"
    found = parse_stdout(stdout, expected)
    return found, None if found else "stdout holds no JSON object with results"


def _status(
    task: Task,
    submission: Submission,
    limits: Limits,
    run: Execution,
    known: dict[str, Any],
    basis: ToleranceBasis,
    seed: int,
) -> ExecutionSubtask:
    """Map what happened in the sandbox onto an execution status, most decisive cause first."""
    result = run.result
    flags = ["output_truncated"] if result.stdout.dropped_bytes or result.stderr.dropped_bytes else []
    known = {
        **known,
        "exit_code": result.exit_code,
        "duration_s": result.duration_s,
        "seed": seed,
        "image": result.image,
        "image_id": result.image_id,
    }
    failure = run_failure(task, limits, result)
    if failure is not None:
        return _verdict(failure.status, failure.reason, known, flags=flags)
    flags += ["pids_limit_hit"] * result.pids_limited + ["oom_event"] * result.oom_killed
    claim_flags, claim_note = _check_claims(task, submission, run.measured)
    flags += claim_flags
    if run.problem is not None:
        return _verdict("missing_results", run.problem + claim_note, known, flags=flags)
    measured = run.measured
    cmp = compare(task.expected_results or {}, measured, task.tolerance, basis.intervals)
    flags += ["extra_results"] * bool(cmp.extra) + ["nonfinite_results"] * bool(cmp.nonfinite)
    within = "within the reference runs' intervals" if basis.intervals else "within tolerance"
    reason = (cmp.explain() or f"all expected metrics {within}") + claim_note
    status: ExecutionStatus = "reproduced" if cmp.all_within else "mismatch"
    return _verdict(status, reason, known, flags=flags, measured_results=measured, deviations=cmp.deviations)


def run_failure(task: Task, limits: Limits, result: SandboxResult) -> Refused | None:
    """Why a run did not finish well (sandbox, limits, exit code), or None when it did."""
    if result.error is not None:
        return Refused("sandbox_error", result.error)
    limit = f"{limits.timeout_s:g}"  # the limit applied, which may not be the task's
    # A limit explains a run that did not finish well; a run that coped (exit 0) is judged by
    # its numbers, with the limit noted as a flag.
    finished = not result.timed_out and result.exit_code == 0
    if result.pids_limited and not finished:
        after = f"; then killed at the {limit} s timeout" if result.timed_out else ""
        return Refused(
            "resource_limit", "the process limit was hit (fork bomb or runaway process creation)" + after
        )
    if result.timed_out:
        return Refused("timeout", f"killed after the {limit} s wall-clock limit")
    if result.disk_full and not finished:
        cap = task.run.disk if task.run and task.run.disk else "the default"
        return Refused("resource_limit", f"the run filled its disk cap (run.disk: {cap})")
    if result.oom_killed and not finished:
        return Refused("resource_limit", "killed for exceeding the memory limit (OOM)")
    if result.exit_code != 0:
        tail = result.stderr.text()[-600:].strip()
        return Refused("failed", f"exit code {result.exit_code}: {tail}")
    return None


def _check_claims(task: Task, submission: Submission, measured: Results) -> tuple[list[str], str]:
    """Flag numbers the agent reported that its own code does not produce."""
    claimed = submission.claimed_results
    if not claimed:
        return [], ""
    if not measured:
        return ["claimed_unverified"], "; the agent claimed results the run did not produce"
    cmp: Comparison = compare(claimed, measured, task.tolerance)
    if cmp.deviations:
        return ["claimed_mismatch"], "; the claimed results are not what the code produces: " + cmp.explain(
            "claimed"
        )
    return [], ""


def write_run_logs(logs: RunLogs, result: SandboxResult, notes: list[str], status: str) -> None:
    """stdout, stderr and the sandbox record of one run (a submission's or a reference's)."""
    logs.root.mkdir(parents=True, exist_ok=True)
    logs.stdout.write_text(result.stdout.text(), encoding="utf-8")
    logs.stderr.write_text(result.stderr.text(), encoding="utf-8")
    record = {
        "backend": result.backend,
        "image": result.image,
        "image_id": result.image_id,
        "clean_room": notes,
        "exit_code": result.exit_code,
        "duration_s": result.duration_s,
        "timed_out": result.timed_out,
        "oom_killed": result.oom_killed,
        "pids_limited": result.pids_limited,
        "disk_full": result.disk_full,
        "isolation": result.isolation,
        "stdout_bytes": result.stdout.total_bytes,
        "stdout_dropped_bytes": result.stdout.dropped_bytes,
        "stderr_bytes": result.stderr.total_bytes,
        "stderr_dropped_bytes": result.stderr.dropped_bytes,
        "error": result.error,
        "status": status,
        "host_config": (result.inspect or {}).get("HostConfig"),
    }
    logs.sandbox_record.write_text(json.dumps(record, indent=2, default=str), encoding="utf-8")


__all__ = ["CodeTree", "Execution", "Refused", "SubmissionArtifacts", "grade_execution", "run_once"]
