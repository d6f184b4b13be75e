"""The subtask registry is the one list of subtasks: the result schema, the pipeline's graders,
All-✓, the report's columns and the label rows all follow it."""

from __future__ import annotations

import inspect

from expgrade.grading.report.render import HEADERS, SUBTASK_KEYS
from expgrade.grading.schemas import ExecutionSubtask, JudgedSubtask, Subtasks
from expgrade.grading.subtasks import (
    ALL_SUBTASKS,
    DEFAULT_THRESHOLDS,
    JUDGED_SUBTASKS,
    LETTERS,
    SUBTASKS,
    judged_results,
)
from expgrade.grading.subtasks.passing import all_passed


def test_every_subtask_of_the_schema_is_registered_once() -> None:
    fields = {n for n in Subtasks.model_fields if n != "extra"}
    assert set(ALL_SUBTASKS) == fields and len(ALL_SUBTASKS) == len(fields)


def test_every_grader_named_by_the_registry_exists() -> None:
    for s in SUBTASKS:
        grader = s.load_grader()
        assert callable(grader), s.grader
        if s.kind == "judged":  # the pipeline awaits grader(ctx, panel)
            assert inspect.iscoroutinefunction(grader)
            assert list(inspect.signature(grader).parameters) == ["ctx", "panel"]


def test_the_report_columns_and_defaults_follow_the_registry() -> None:
    assert (*ALL_SUBTASKS, "all") == SUBTASK_KEYS
    assert HEADERS == ("D", "I", "E", "C", "integrity", "All ✓")
    assert LETTERS == {"design": "D", "implementation": "I", "execution": "E", "conclusion": "C"}
    assert DEFAULT_THRESHOLDS == {"design": 1.0, "implementation": 1.0, "conclusion": 1.0}
    assert JUDGED_SUBTASKS == ("design", "implementation", "conclusion", "integrity")


def test_a_review_flag_fails_all_passed_and_judged_results_skip_the_missing() -> None:
    ok = JudgedSubtask(status="graded", score=1.0, passed=True)
    flagged = JudgedSubtask(status="graded", score=1.0, passed=True, flags=["paper_access"])
    run = ExecutionSubtask(status="reproduced", passed=True)
    assert all_passed(Subtasks(design=ok, execution=run, integrity=ok)) is True
    assert all_passed(Subtasks(design=ok, execution=run, integrity=flagged)) is False
    st = Subtasks(design=ok, execution=run, integrity=flagged)
    assert [name for name, _ in judged_results(st)] == ["design", "integrity"]
