"""The execution grader: re-run a submission in a clean room and check the numbers it produces.

EXP-Bench's check is "exit code 0" in the agent's own workspace; AutoExperiment compares the
numbers the agent *reports*. Here the code is rebuilt from the task repository plus the
submission's change, run in a sandbox, and the results it writes are compared with the task's
expected results (and with what the agent claimed).
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

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
from expgrade.grading.sandbox.base import Sandbox, SandboxRequest, SandboxResult
from expgrade.grading.sandbox.cleanroom import (
    CleanRoomError,
    SubmissionRejected,
    new_clean_room_parent,
    prepare_clean_room,
)
from expgrade.grading.sandbox.disk import capped_dir, is_full
from expgrade.grading.sandbox.gpu import (
    GpuAllocator,
    GpuUnavailable,
    canary_command,
    default_allocator,
    detect_gpus,
)
from expgrade.grading.sandbox.limits import Limits
from expgrade.grading.schemas import ExecutionSubtask, Submission, Task
from expgrade.grading.schemas.result import ExecutionStatus

#: Largest results file read back from a run.
RESULTS_FILE_MAX_BYTES = 16 * 1024**2


class SubmissionArtifacts(Protocol):
    """What the grader reads from a submission.

    `expgrade.grading.submission_reader.LoadedSubmission` has it all."""

    submission_id: str
    submission: Submission
    patch: Path | None
    workspace: Path | None
    reproduce: Path | None


def _environment(task: Task) -> dict[str, str]:
    """Only what the task names: host secrets (API keys, tokens) never reach the code."""
    if task.run is None:
        return {}
    passed = {name: os.environ[name] for name in task.run.pass_env if name in os.environ}
    return {**passed, **task.run.env}


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
    need = task.run.gpus if task.run else 0
    if artifacts.reproduce is not None:
        command = ["bash", "reproduce.sh"]
    else:
        assert task.run is not None
        command = ["sh", "-c", task.run.command]

    limits = limits or Limits.from_run(task.run)
    work = new_clean_room_parent(work_root)
    pool: GpuAllocator | None = None
    taken: tuple[int, ...] = ()
    try:
        with capped_dir(work, limits.disk_bytes) as disk_note:
            try:
                room = prepare_clean_room(
                    work / "work",
                    repo=task.repo,
                    repo_base=repo_base,
                    patch=artifacts.patch,
                    workspace=artifacts.workspace,
                    reproduce=artifacts.reproduce,
                )
            except SubmissionRejected as exc:
                return _verdict("patch_failed", str(exc), known)
            except (CleanRoomError, OSError) as exc:  # OSError: the capped disk is too small
                return _verdict("sandbox_error", str(exc), known)
            if gpu_ids is not None:
                if len(gpu_ids) < need:
                    return _verdict("sandbox_error", _too_few_gpus(need, gpu_ids), known)
                devices = tuple(gpu_ids[:need])
            elif need == 0:
                devices = ()
            else:
                pool = allocator or default_allocator()
                try:
                    taken = devices = pool.take(need)
                except GpuUnavailable as exc:
                    return _verdict("sandbox_error", str(exc), known)
            request = SandboxRequest(
                command=command,
                workdir=room.path,
                image=task.run.image if task.run else None,
                env=_environment(task),
                limits=limits,
                gpu_ids=devices,
                labels={
                    "expgrade.task": task.id[:200],
                    "expgrade.submission": artifacts.submission_id[:200],
                },
            )
            result = gpu_canary(sandbox, request) if devices else None
            if result is None:
                result = sandbox.run(request)
                result.disk_full = result.exit_code != 0 and is_full(work)
            result.isolation["disk"] = disk_note
            outcome = _status(task, artifacts.submission, room.path, limits, result, known)
            if logs is not None:
                _write_logs(logs, result, room.notes, outcome)
            return outcome
    finally:
        if pool is not None:
            pool.give_back(taken)
        shutil.rmtree(work, ignore_errors=True)


def _too_few_gpus(need: int, given: Sequence[int]) -> str:
    """Asked vs found, so a person sees at once that the machine, not the code, fell short."""
    here = len(detect_gpus())
    return (
        f"the task asks for {need} GPU(s); this grading was given {len(given)} "
        f"({here} on this machine): grade it where {need} are free"
    )


def gpu_canary(sandbox: Sandbox, request: SandboxRequest) -> SandboxResult | None:
    """Probe the GPUs in the very sandbox the command gets; the failed probe's result, or None.

    CUDA failing to initialise because of the sandbox (device nodes, driver libraries, runtime)
    would otherwise look like the agent's code crashing: `failed` instead of `sandbox_error`.
    """
    n = len(request.gpu_ids)
    probe_limits = dataclasses.replace(request.limits, timeout_s=min(120.0, request.limits.timeout_s))
    probe = sandbox.run(dataclasses.replace(request, command=canary_command(n), limits=probe_limits))
    if probe.error is None and probe.exit_code == 0 and not probe.timed_out:
        return None
    if probe.error is None:
        said = (probe.stderr.text() + probe.stdout.text()).strip()[-600:]
        probe.error = (
            f"GPU canary failed: {n} GPU(s) {list(request.gpu_ids)} allocated, but in the sandbox: {said}"
        )
    return probe


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
