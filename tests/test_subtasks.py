"""The subtask registry is the one list of subtasks: the result schema, the pipeline's graders,
All-✓, the report's columns and the label rows all follow it."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path
from typing import TypeGuard

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


def _reads_past_the_registry(node: ast.AST) -> TypeGuard[ast.Call]:
    """`getattr(x.subtasks, name)`, `vars(x.subtasks)` or `x.subtasks.model_dump(...)`: a
    record's subtasks reached by field name or by the schema's own walk, not through SUBTASKS."""
    if not isinstance(node, ast.Call):
        return False
    func, args = node.func, node.args

    def subtasks(n: ast.AST) -> bool:
        return isinstance(n, ast.Attribute) and n.attr == "subtasks"

    if isinstance(func, ast.Name) and func.id in ("getattr", "vars"):
        return bool(args) and subtasks(args[0])
    return isinstance(func, ast.Attribute) and func.attr.startswith("model_dump") and subtasks(func.value)


def test_the_subtasks_of_a_result_are_read_through_the_registry_only() -> None:
    """One way to a record's subtask, `Subtask.of` (and `judged_results`), so that a new
    subtask is found everywhere its registry entry is; `getattr(record.subtasks, name)` beside it
    was a second way (issue 49)."""
    root = Path(__file__).resolve().parents[1]
    found = []
    for package in ("grading", "calibration", "annotation_app", "expgrade_cli"):
        for path in sorted((root / package).rglob("*.py")):
            if path.is_relative_to(root / "grading" / "subtasks"):
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            found += [
                f"{path.relative_to(root)}:{n.lineno}" for n in ast.walk(tree) if _reads_past_the_registry(n)
            ]
    assert found == []
