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
from pathlib import Path
from typing import Any

from expgrade.grading.execution.compare import Comparison, compare
from expgrade.grading.execution.results import (
    Results,
    ResultsUnreadable,
    normalise,
    parse_stdout,
    parse_with_patterns,
    read_results_file,
)
from expgrade.grading.run_folder import SubmissionLogs
from expgrade.grading.sandbox.base import Sandbox, SandboxResult
from expgrade.grading.sandbox.clean_run import SubmissionArtifacts, run_in_clean_room
from expgrade.grading.sandbox.cleanroom import CleanRoomError, SubmissionRejected
from expgrade.grading.sandbox.gpu import GpuAllocator
from expgrade.grading.sandbox.limits import Limits
from expgrade.grading.schemas import ExecutionSubtask, Submission, Task
from expgrade.grading.schemas.result import ExecutionStatus

#: Largest results file read back from a run.
RESULTS_FILE_MAX_BYTES = 16 * 1024**2


def _verdict(status: ExecutionStatus, reason: str, known: dict[str, Any], **fields: Any) -> ExecutionSubtask:
    """One place decides `passed`: reproduced passes, unscorable is None, everything else fails."""
    sub = ExecutionSubtask(status=status, reason=reason, **known, **fields)
    return sub.model_copy(update={"passed": None if sub.unscorable else status == "reproduced"})


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
) -> ExecutionSubtask:
    """Grade the execution subtask of one task × submission. Never raises for the code's faults.

    gpu_ids: devices chosen by the caller (e.g. `ray.get_gpu_ids()`); when None and the task
    needs GPUs, they come from `allocator` (default: one allocator per process over this host's
    GPUs), waiting until enough are free. repo_base: the folder a relative `repo.path` is
    relative to (the TASKS.jsonl folder). work_root: where clean rooms are built (default: the
    system temp dir). logs: the submission's log folder (stdout, stderr and the run record go
    to its execution part).
    limits: overrides `Limits.from_run(task.run)`.
    """
    known: dict[str, Any] = {
        "claimed_results": artifacts.submission.claimed_results,
        "expected_results": task.expected_results or {},
    }
    if task.run is None and artifacts.reproduce is None:
        return _verdict("not_run", "the task has no run spec and the submission no reproduce.sh", known)
    if not task.expected_results:
        return _verdict("not_run", "the task has no expected_results to check a run against", known)
    if artifacts.reproduce is not None:
        command = ["bash", "reproduce.sh"]
    else:
        assert task.run is not None
        command = ["sh", "-c", task.run.command]

    limits = limits or Limits.from_run(task.run)
    with ExitStack() as stack:
        try:
            ran = stack.enter_context(
                run_in_clean_room(
                    task,
                    artifacts,
                    sandbox,
                    command=command,
                    limits=limits,
                    repo_base=repo_base,
                    gpu_ids=gpu_ids,
                    allocator=allocator,
                    work_root=work_root,
                    with_reproduce=True,
                )
            )
        except SubmissionRejected as exc:
            return _verdict("patch_failed", str(exc), known)
        except CleanRoomError as exc:
            return _verdict("sandbox_error", str(exc), known)
        outcome = _status(task, artifacts.submission, ran.workdir, limits, ran.result, known)
        if logs is not None:
            _write_logs(logs, ran.result, ran.notes, outcome)
        return outcome


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
    workdir: Path,
    limits: Limits,
    result: SandboxResult,
    known: dict[str, Any],
) -> ExecutionSubtask:
    """Map what happened in the sandbox onto an execution status, most decisive cause first."""
    flags = ["output_truncated"] if result.stdout.dropped_bytes or result.stderr.dropped_bytes else []
    known = {**known, "exit_code": result.exit_code, "duration_s": result.duration_s}
    if result.error is not None:
        return _verdict("sandbox_error", result.error, known, flags=flags)
    limit = f"{limits.timeout_s:g}"  # the limit applied, which may not be the task's
    # A limit explains a run that did not finish well; a run that coped (exit 0) is judged by
    # its numbers, with the limit noted as a flag.
    finished = not result.timed_out and result.exit_code == 0
    if result.pids_limited and not finished:
        after = f"; then killed at the {limit} s timeout" if result.timed_out else ""
        reason = "the process limit was hit (fork bomb or runaway process creation)" + after
        return _verdict("resource_limit", reason, known, flags=flags)
    if result.timed_out:
        return _verdict("timeout", f"killed after the {limit} s wall-clock limit", known, flags=flags)
    if result.disk_full and not finished:
        cap = task.run.disk if task.run and task.run.disk else "the default"
        return _verdict(
            "resource_limit", f"the run filled its disk cap (run.disk: {cap})", known, flags=flags
        )
    if result.oom_killed and not finished:
        return _verdict("resource_limit", "killed for exceeding the memory limit (OOM)", known, flags=flags)
    if result.exit_code != 0:
        tail = result.stderr.text()[-600:].strip()
        return _verdict("failed", f"exit code {result.exit_code}: {tail}", known, flags=flags)
    flags += ["pids_limit_hit"] * result.pids_limited + ["oom_event"] * result.oom_killed
    measured, problem = _measured(task, workdir, result)
    claim_flags, claim_note = _check_claims(task, submission, measured)
    flags += claim_flags
    if problem is not None:
        return _verdict("missing_results", problem + claim_note, known, flags=flags)
    cmp = compare(task.expected_results or {}, measured, task.tolerance)
    flags += ["extra_results"] * bool(cmp.extra) + ["nonfinite_results"] * bool(cmp.nonfinite)
    reason = (cmp.explain() or "all expected metrics within tolerance") + claim_note
    status: ExecutionStatus = "reproduced" if cmp.all_within else "mismatch"
    return _verdict(status, reason, known, flags=flags, measured_results=measured, deviations=cmp.deviations)


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


def _write_logs(
    logs: SubmissionLogs, result: SandboxResult, notes: list[str], outcome: ExecutionSubtask
) -> None:
    logs.execution.mkdir(parents=True, exist_ok=True)
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
        "status": outcome.status,
        "host_config": (result.inspect or {}).get("HostConfig"),
    }
    logs.sandbox_record.write_text(json.dumps(record, indent=2, default=str), encoding="utf-8")


__all__ = ["SubmissionArtifacts", "grade_execution"]
