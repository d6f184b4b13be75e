"""One way to run a task's command on a submission: a clean room, its limits, its GPUs, a sandbox.

The experiment (`grading/execution`) and the task's hidden unit tests (`graders/unit_tests.py`)
both run the agent's code, so they share this runner rather than copies of it: a copy drifted
once and ran the tests without the disk cap, the GPU canary or the clean-room name that lets
`expgrade sandbox gc` find what a killed run left. Every limit here applies to both.

In order: a clean-room parent named `expgrade-run-<pid>-...`; the `run.disk` cap mounted on it;
the task's code plus the submission's change (plus files the agent never saw, for tests); the
GPUs (the caller's, or the process allocator's, waiting until enough are free); a canary that
the GPUs work inside the sandbox; then the command, with the task's environment only. The
clean room lives while the caller reads what the run wrote, and is gone when it is done.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from expgrade.grading.sandbox.base import Sandbox, SandboxRequest, SandboxResult
from expgrade.grading.sandbox.cleanroom import CleanRoomError, new_clean_room_parent, prepare_clean_room
from expgrade.grading.sandbox.disk import capped_dir, is_full
from expgrade.grading.sandbox.gpu import (
    GpuAllocator,
    GpuUnavailable,
    canary_command,
    default_allocator,
    detect_gpus,
)
from expgrade.grading.sandbox.limits import Limits
from expgrade.grading.schemas import Submission, Task


class SubmissionArtifacts(Protocol):
    """What a clean run reads from a submission.

    `expgrade.grading.submission_reader.LoadedSubmission` has it all."""

    submission_id: str
    submission: Submission
    patch: Path | None
    workspace: Path | None
    reproduce: Path | None


@dataclass
class CleanRun:
    """A finished run: the sandbox's result, how the code got there, and where it ran (still there)."""

    result: SandboxResult
    notes: list[str]
    workdir: Path


def run_labels(task: Task, artifacts: SubmissionArtifacts) -> dict[str, str]:
    """The container labels that say whose run it is (the sandbox adds its owner's)."""
    return {"expgrade.task": task.id[:200], "expgrade.submission": artifacts.submission_id[:200]}


def task_environment(task: Task) -> dict[str, str]:
    """Only what the task names: host secrets (API keys, tokens) never reach the code."""
    if task.run is None:
        return {}
    passed = {name: os.environ[name] for name in task.run.pass_env if name in os.environ}
    return {**passed, **task.run.env}


@contextmanager
def run_in_clean_room(
    task: Task,
    sandbox: Sandbox,
    *,
    command: list[str],
    limits: Limits,
    labels: dict[str, str],
    repo_base: Path | None,
    patch: Path | None = None,
    workspace: Path | None = None,
    reproduce: Path | None = None,
    hidden_files: Path | None = None,
    env: dict[str, str] | None = None,
    gpu_ids: Sequence[int] | None = None,
    allocator: GpuAllocator | None = None,
    work_root: Path | None = None,
) -> Iterator[CleanRun]:
    """Run `command` on the submission in a clean room under `limits`; the room lives in the block.

    Raises `SubmissionRejected` when the submission's change cannot be placed, `CleanRoomError`
    when the machinery failed: the task's code, the disk or the GPUs. The code's own faults are
    in the result, never raised.
    The code is the task's repository plus `patch`, or the whole `workspace`, with `reproduce`
    as its entry point (`prepare_clean_room`). gpu_ids: devices chosen by the caller; None with
    GPUs needed takes them from `allocator` (default: one allocator per process over this host's
    GPUs). hidden_files: a folder copied over the room after the change is applied (the task's
    tests), so the agent cannot have edited it. env: set beside the task's environment (a seed).
    """
    need = task.run.gpus if task.run else 0
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
                    patch=patch,
                    workspace=workspace,
                    reproduce=reproduce,
                )
            except OSError as exc:  # the capped disk is too small for the task's code
                raise CleanRoomError(str(exc)) from exc
            if hidden_files is not None:
                shutil.copytree(hidden_files, room.path, dirs_exist_ok=True)
            if gpu_ids is not None:
                if len(gpu_ids) < need:
                    raise CleanRoomError(_too_few_gpus(need, gpu_ids))
                devices = tuple(gpu_ids[:need])
            elif need == 0:
                devices = ()
            else:
                pool = allocator or default_allocator()
                try:
                    taken = devices = pool.take(need)
                except GpuUnavailable as exc:
                    raise CleanRoomError(str(exc)) from None
            request = SandboxRequest(
                command=command,
                workdir=room.path,
                image=task.run.image if task.run else None,
                env={**task_environment(task), **(env or {})},
                limits=limits,
                gpu_ids=devices,
                labels=labels,
            )
            result = gpu_canary(sandbox, request) if devices else None
            if result is None:
                result = sandbox.run(request)
                result.disk_full = result.exit_code != 0 and is_full(work)
            result.isolation["disk"] = disk_note
            yield CleanRun(result, room.notes, room.path)
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
