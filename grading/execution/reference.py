"""The task's reference solution, run N times with seeds 1..N to measure the experiment's noise.

Each run goes through `run_once`, the very path a submission's run takes (same sandbox, image,
limits and environment; a fresh clean room each time, so one run's leftovers cannot feed the
next). A finished run is written to RUN_DIR/reference/<task>/seed-<seed>.json by the caller,
atomically, so a killed grading resumes with the runs it already paid for; a run that broke
on the machine's side (`sandbox_error`) is run again. The intervals come from
`expgrade.grading.execution.noise`.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from expgrade.grading.execution.grader import CodeTree, Refused, run_failure, run_once, write_run_logs
from expgrade.grading.execution.noise import (
    CHECK_CONFIDENCE,
    CONFIDENCE,
    ReferenceNoise,
    ToleranceBasis,
    reference_noise,
)
from expgrade.grading.run_folder import ReferenceLogs
from expgrade.grading.sandbox.base import Sandbox
from expgrade.grading.sandbox.limits import Limits
from expgrade.grading.schemas import Task
from expgrade.grading.schemas.result import ReferenceRun

#: A reference run that ended well: it exited 0 and wrote every number it writes.
RAN = "ran"
#: Statuses that are the machine's fault, not the reference's: such a cached run is run again.
RETRY = frozenset({"sandbox_error"})


def reference_seeds(n: int) -> list[int]:
    """Seeds 1..N: the submissions' first run keeps seed 0, the task's own setting."""
    return list(range(1, n + 1))


def submission_seeds(repeats: int, reference_runs: int) -> list[int]:
    """Seed 0, then seeds after the reference's (N+1, N+2, ...): no submission run repeats a
    reference run's seed, so the check compares independent draws."""
    return [0, *range(reference_runs + 1, reference_runs + repeats)]


def needs_reference(task: Task) -> bool:
    """A task whose execution is checked against numbers, and that has a reference to run."""
    return task.reference is not None and task.run is not None and bool(task.expected_results)


def reference_tree(task: Task, tasks_dir: Path) -> CodeTree | str:
    """The reference's code, or why it cannot be found (`tasks validate` says the same)."""
    ref = task.reference
    assert ref is not None
    if ref.patch is None and ref.path is None:
        if task.repo is None or (task.repo.path is None and task.repo.url is None):
            return "the reference is the task's repo as it stands, but the task names no repo"
        return CodeTree()
    name = ref.patch if ref.patch is not None else ref.path
    assert name is not None
    path = Path(name) if Path(name).is_absolute() else tasks_dir / name
    if ref.patch is not None and not path.is_file():
        return f"reference.patch {path} is not a file (relative paths are relative to the tasks file)"
    if ref.path is not None and not path.is_dir():
        return f"reference.path {path} is not a folder (relative paths are relative to the tasks file)"
    return CodeTree(patch=path) if ref.patch is not None else CodeTree(workspace=path)


def run_reference(
    task: Task,
    seed: int,
    sandbox: Sandbox,
    *,
    tasks_dir: Path,
    logs: ReferenceLogs,
    gpu_ids: Sequence[int] | None = None,
    work_root: Path | None = None,
) -> ReferenceRun:
    """One run of the task's reference with `seed`; its output goes to `logs.run(seed)`."""
    tree = reference_tree(task, tasks_dir)
    if isinstance(tree, str):
        return ReferenceRun(task_id=task.id, seed=seed, status="failed", reason=tree, finished_at=_now())
    limits = Limits.from_run(task.run)
    done = run_once(
        task,
        tree,
        sandbox,
        seed=seed,
        labels={"expgrade.task": task.id[:200], "expgrade.submission": "reference"},
        limits=limits,
        gpu_ids=gpu_ids,
        repo_base=tasks_dir,
        work_root=work_root,
    )
    if isinstance(done, Refused):
        why = (
            f"the reference patch does not apply: {done.reason}"
            if done.status == "patch_failed"
            else done.reason
        )
        return ReferenceRun(task_id=task.id, seed=seed, status=done.status, reason=why, finished_at=_now())
    failure = run_failure(task, limits, done.result)
    status, reason = RAN, None
    if failure is not None:
        status, reason = failure.status, failure.reason
    elif done.problem is not None:
        status, reason = "missing_results", done.problem
    write_run_logs(logs.run(seed), done.result, done.notes, status)
    return ReferenceRun(
        task_id=task.id,
        seed=seed,
        status=status,
        reason=reason,
        exit_code=done.result.exit_code,
        duration_s=done.result.duration_s,
        measured_results=done.measured,
        image=done.result.image,
        image_id=done.result.image_id,
        finished_at=_now(),
    )


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def save_run(logs: ReferenceLogs, run: ReferenceRun) -> None:
    """Write one finished run atomically: a kill leaves the old file or the new, never half."""
    logs.root.mkdir(parents=True, exist_ok=True)
    target = logs.record(run.seed)
    tmp = target.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(run.model_dump(mode="json"), indent=2), encoding="utf-8")
    with open(tmp, "rb") as f:
        os.fsync(f.fileno())
    os.replace(tmp, target)


def fingerprint(task: Task, tasks_dir: Path) -> str:
    """What a reference run depends on: the run spec, the repo, the reference and its patch's bytes.

    Editing any of them in TASKS.jsonl (a fixed patch, another command or image) makes the cached
    runs stale, so a resumed grading runs them again instead of reusing numbers of other code. A
    reference folder or a repo path is named, not hashed (it may be gigabytes).
    """
    ref = task.reference
    parts: dict[str, Any] = {
        "run": task.run.model_dump(mode="json") if task.run else None,
        "repo": task.repo.model_dump(mode="json") if task.repo else None,
        "reference": ref.model_dump(mode="json") if ref else None,
    }
    if ref is not None and ref.patch is not None:
        patch = Path(ref.patch) if Path(ref.patch).is_absolute() else tasks_dir / ref.patch
        parts["patch_sha256"] = hashlib.sha256(patch.read_bytes()).hexdigest() if patch.is_file() else None
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()[:16]


def cached_runs(logs: ReferenceLogs, seeds: Sequence[int], fingerprint: str) -> dict[int, ReferenceRun]:
    """The runs of `seeds` already finished (and worth keeping) in the run folder for this
    `fingerprint` of the task."""
    out = {}
    for seed in seeds:
        path = logs.record(seed)
        if not path.is_file():
            continue
        try:
            run = ReferenceRun.model_validate_json(path.read_text(encoding="utf-8"))
        except (ValidationError, ValueError, OSError):
            continue  # unreadable: run it again
        if run.status not in RETRY and run.seed == seed and run.fingerprint == fingerprint:
            out[seed] = run
    return out


def basis_from_runs(
    task: Task,
    runs: Mapping[int, ReferenceRun],
    *,
    confidence: float = CONFIDENCE,
    check_confidence: float = CHECK_CONFIDENCE,
) -> ToleranceBasis:
    """The tolerance the task's submissions are checked with, from its finished reference runs."""
    bad = [r for _, r in sorted(runs.items()) if r.status != RAN]
    if bad:
        first = bad[0]
        problem = (
            f"{len(bad)} of {len(runs)} reference run(s) did not finish well; seed {first.seed}: "
            f"{first.status}: {first.reason}"
        )
        return ToleranceBasis.measured(
            task, ReferenceNoise(n=len(runs), seeds=sorted(runs), confidence=confidence, problem=problem)
        )
    noise = reference_noise(
        {s: r.measured_results for s, r in runs.items()},
        task.expected_results or {},
        task.tolerance,
        confidence=confidence,
        check_confidence=check_confidence,
    )
    return ToleranceBasis.measured(task, noise)
