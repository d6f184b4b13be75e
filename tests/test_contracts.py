"""The contracts that cross packages have one definition each (issue 11).

Run folder names (grading/run_folder.py), the unscorable vocabulary (grading/status.py),
sandbox limits (`Limits.from_run`) and the judge settings (grading/judge/settings.py).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from sandbox_support import TINY, submission, tiny_task

from expgrade.grading.errors import UserError
from expgrade.grading.execution import grade_execution
from expgrade.grading.judge.config import JudgeConfig
from expgrade.grading.judge.settings import JudgeSettings
from expgrade.grading.run_folder import RunFolder
from expgrade.grading.sandbox import Limits
from expgrade.grading.sandbox.local_backend import LocalSandbox
from expgrade.grading.schemas import ExecutionSubtask, RunSpec, Task
from expgrade.grading.status import Unscorable
from expgrade.grading.subtasks.passing import subtask_passed

REPO = Path(__file__).resolve().parents[1]
LIBRARY = ("grading", "calibration", "annotation_app", "expgrade_cli")
RUN_FOLDER_NAMES = {
    "results.jsonl",
    "manifest.json",
    "grading.log",
    "stdout.txt",
    "stderr.txt",
    "sandbox.json",
    "unit_tests.txt",
}


def _string_constants(path: Path) -> set[str]:
    """String literals in code, docstrings left out (they may name files in prose)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    }


def test_run_folder_names_are_written_in_one_module_only() -> None:
    offenders = {
        str(path.relative_to(REPO)): sorted(found)
        for package in LIBRARY
        for path in (REPO / package).rglob("*.py")
        if path != REPO / "grading" / "run_folder.py"
        and (found := _string_constants(path) & RUN_FOLDER_NAMES)
    }
    assert offenders == {}


def test_run_folder_layout() -> None:
    folder = RunFolder(Path("run"))
    logs = folder.submission_logs("agent a/../x")
    assert folder.results == Path("run/results.jsonl") and folder.manifest == Path("run/manifest.json")
    assert logs.root.parent == folder.logs and logs.root.name == "agent_a_.._x"
    assert logs.sandbox_record == logs.root / "execution" / "sandbox.json"
    assert logs.unit_tests == logs.root / "implementation" / "unit_tests.txt"


def test_undecided_execution_reads_its_reason_from_the_status_even_in_old_records() -> None:
    old = ExecutionSubtask.model_validate({"status": "sandbox_error", "reason": "engine down"})
    assert old.unscorable is Unscorable.SANDBOX_ERROR and subtask_passed(old) is None
    timed_out = ExecutionSubtask.model_validate({"status": "timeout", "passed": False})
    assert timed_out.unscorable is None and subtask_passed(timed_out) is False  # the code's fault: a fail
    crashed = ExecutionSubtask(status="sandbox_error", unscorable=Unscorable.GRADER_ERROR)
    assert crashed.unscorable is Unscorable.GRADER_ERROR
    assert ExecutionSubtask.model_validate(crashed.model_dump(mode="json")) == crashed


def test_limits_come_from_the_run_with_one_default_each() -> None:
    assert Limits.from_run(None) == Limits()
    run = RunSpec(command="x", timeout_s=120, memory="1g", cpus=1, test_timeout_s=30)
    limits = Limits.from_run(run)
    assert (limits.timeout_s, limits.memory_bytes, limits.cpus, limits.pids) == (
        120,
        1 << 30,
        1,
        Limits().pids,
    )
    assert Limits.from_run(run, tests=True).timeout_s == 30
    assert Limits.from_run(RunSpec(command="x"), tests=True).timeout_s == Limits().timeout_s


def test_top_level_test_keys_move_under_run() -> None:
    data = tiny_task().model_dump(mode="json")
    data.update(test_command="pytest -q", test_files="hidden", test_timeout_s=9)
    run = Task.model_validate(data).run
    assert run is not None and (run.test_command, run.test_files, run.test_timeout_s) == (
        "pytest -q",
        "hidden",
        9,
    )
    data.pop("run")
    with pytest.raises(ValueError, match="need a run spec"):
        Task.model_validate(data)


def test_timeout_message_reports_the_limit_applied(tmp_path: Path) -> None:
    result = grade_execution(
        tiny_task(timeout_s=600),
        submission("infinite_loop"),
        LocalSandbox(),
        repo_base=TINY,
        limits=Limits(timeout_s=1.5),
        work_root=tmp_path,
    )
    assert (
        result.status == "timeout" and "1.5 s" in (result.reason or "") and "600" not in (result.reason or "")
    )


def test_judge_settings_build_the_engine_config() -> None:
    settings = JudgeSettings(
        JudgeConfig.panel(("a/x", "b/y"), rpm=60, tpm=1000, budget_usd=2.0, samples=3, seed=7)
    )
    config = settings.engine_config()
    assert [j.model for j in config.judges] == ["a/x", "b/y"] and all(j.rpm == 60 for j in config.judges)
    assert (config.budget_usd, config.samples, config.seed) == (2.0, 3, 7)
    assert settings.model_limits()["b/y"].tpm == 1000
    with pytest.raises(UserError, match="twice") as err:
        JudgeConfig.panel(("a/x", "a/x"))
    assert err.value.field == "--judge"


def test_judge_settings_are_one_value_per_panel() -> None:
    """Every process keeps one engine per configuration, so equal settings must hash alike and a
    shared limiter or gate (a live object) must not make them differ."""
    a, b = (JudgeSettings(JudgeConfig.panel(("a/x",), budget_usd=1.0)) for _ in range(2))
    assert a == b and hash(a) == hash(b)
    assert a.engine_config(budget_gate=object()) == a.config  # type: ignore[arg-type]
    assert a.with_budget(0.25).config.budget_usd == 0.25 and a.config.budget_usd == 1.0
    assert a != JudgeSettings(JudgeConfig.panel(("a/x",), budget_usd=1.0, seed=1))


def test_judge_settings_carry_how_the_run_spends() -> None:
    """--estimate, --force, --batch and --workers travel on the one settings object."""
    panel = JudgeConfig.panel(("a/x",))
    assert not JudgeSettings(panel).plans_first
    assert JudgeSettings(panel, estimate=True).plans_first
    assert JudgeSettings(panel, batch=True).plans_first
    assert JudgeSettings(
        JudgeConfig.panel(("a/x",), budget_usd=1.0)
    ).plans_first  # the estimate is checked first
    assert not JudgeSettings(JudgeConfig.panel(("a/x",), budget_usd=1.0), force=True).plans_first
    with pytest.raises(UserError, match="do not go together") as err:
        JudgeSettings(panel, batch=True, workers=2)
    assert err.value.field == "--workers"
    with pytest.raises(UserError, match="at least 1"):
        JudgeSettings(panel, workers=0)
