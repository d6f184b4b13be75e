"""The implementation grader's optional unit tests (ResearchCodeBench style), run in the sandbox.

A task may name a test command (`run.test_command`) and a folder of tests the agent never
saw (`run.test_files`, relative to TASKS.jsonl). The tests are copied into a clean room
*after* the submission's change is applied, so the agent cannot have edited them, and the
command's exit code becomes one more implementation item: code that only looks right to a
judge fails here. They run through the execution grader's runner (`sandbox/clean_run.py`),
under every limit the experiment gets: disk cap, GPU canary, clean-room name, environment.
"""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path

from expgrade.grading.graders.judged import deterministic_item
from expgrade.grading.run_folder import SubmissionLogs
from expgrade.grading.safepath import check_tree, resolve_inside
from expgrade.grading.sandbox import Limits, Sandbox
from expgrade.grading.sandbox.clean_run import run_in_clean_room, run_labels
from expgrade.grading.sandbox.cleanroom import CleanRoomError, SubmissionRejected
from expgrade.grading.schemas import CriterionItem, Task
from expgrade.grading.status import Unscorable
from expgrade.grading.submission_reader import LoadedSubmission

#: the item id of the task's unit-test run (`expgrade.grading.items`)
UNIT_TESTS = "unit_tests"

CRITERION = "the task's unit tests pass"


def run_unit_tests(
    task: Task,
    loaded: LoadedSubmission,
    *,
    sandbox: Sandbox,
    tasks_dir: Path,
    gpu_ids: list[int],
    logs: SubmissionLogs,
) -> CriterionItem | None:
    """One item: pass when the test command exits 0; unscorable when the sandbox itself failed."""
    run = task.run
    command = run.test_command if run is not None else None
    if run is None or command is None or not command.strip():
        return None
    criterion = f"{CRITERION} (`{command}`)"
    hidden = None
    if run.test_files:
        hidden = resolve_inside(tasks_dir, run.test_files, what="run.test_files")
        check_tree(hidden, what="run.test_files")
    limits = Limits.from_run(run, tests=True)
    with ExitStack() as stack:
        try:
            ran = stack.enter_context(
                run_in_clean_room(
                    task,
                    sandbox,
                    command=["sh", "-c", command],
                    limits=limits,
                    labels=run_labels(task, loaded),
                    repo_base=tasks_dir,
                    patch=loaded.patch,
                    workspace=loaded.workspace,
                    hidden_files=hidden,
                    gpu_ids=gpu_ids,
                )
            )
        except SubmissionRejected as exc:
            return deterministic_item(UNIT_TESTS, criterion, False, f"the change cannot be applied: {exc}")
        except CleanRoomError as exc:
            return _sandbox_failed(criterion, str(exc))
        result = ran.result
        logs.implementation.mkdir(parents=True, exist_ok=True)
        output = result.stdout.text() + result.stderr.text()
        logs.unit_tests.write_text(output, encoding="utf-8")
    if result.error is not None:
        return _sandbox_failed(criterion, result.error)
    passed = result.exit_code == 0 and not result.timed_out
    why = (
        f"timed out at the {limits.timeout_s:g} s limit"
        if result.timed_out
        else f"exit code {result.exit_code}"
    )
    return deterministic_item(UNIT_TESTS, criterion, passed, f"{why}: {output.strip()[-400:]}")


def _sandbox_failed(criterion: str, why: str) -> CriterionItem:
    """The sandbox, not the code, failed: the item is unscorable, never a fail."""
    return CriterionItem(
        criterion=criterion,
        criterion_id=UNIT_TESTS,
        verdict=None,
        unscorable=Unscorable.SANDBOX_ERROR,
        rationale=f"sandbox: {why}",
        judge="deterministic",
    )
