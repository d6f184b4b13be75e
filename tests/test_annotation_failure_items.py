"""Issue 65: failure-mode items a person can decide.

A project of them alone, made from the command line: `annotate load RUN --failure-modes` loads
every pass/fail item too (149 ahead of 12 in the issue), so the people calibrating the failure
classifier labelled the judges' criteria first; `--failure-modes-only` loads the failed runs'
failure-mode items and nothing else. And what an item shows: an edit as its diff, a file read
as its path and excerpt, a marker where steps are left out (every step in its All steps tab)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import failure_support as fs
import pytest
from annotation_support import REPO, make_run
from cli_support import run_cli
from streamlit.testing.v1 import AppTest

from expgrade.annotation_app.failure_items import failure_log
from expgrade.annotation_app.store import Store
from expgrade.grading.schemas import Step


def _failed_run(root: Path) -> Path:
    """A graded run (judged design and conclusion items) whose runs all failed, each with a
    trajectory that never fixes a missing module, analysed by the failure detectors."""
    run = make_run(root, n_tasks=1, agents=("agentA", "agentB"))
    for folder in (run / "submissions").iterdir():
        steps = fs.module_never_fixed()
        lines = [json.dumps({"index": i, "actor": "agent", **s}) for i, s in enumerate(steps, 1)]
        (folder / "trajectory.jsonl").write_text("\n".join(lines) + "\n")
    results = run / "results.jsonl"
    records = [{**json.loads(line), "all_passed": False} for line in results.read_text().splitlines()]
    results.write_text("".join(json.dumps(r) + "\n" for r in records))
    analysed = run_cli("failures", "analyze", run)
    assert analysed.code == 0, analysed.err
    return run


def _subtasks(db: Path, project: str) -> list[str]:
    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "SELECT i.subtask FROM items i JOIN projects p ON p.id = i.project_id WHERE p.name = ?",
            (project,),
        )
        return sorted(r[0] for r in rows)


def test_failure_modes_only_loads_the_failure_mode_items_alone(tmp_path: Path) -> None:
    run = _failed_run(tmp_path / "run")
    db = tmp_path / "annotate.db"
    both = run_cli("annotate", "load", run, "--project", "mixed", "--failure-modes", "--db", db)
    only = run_cli("annotate", "load", run, "--project", "modes", "--failure-modes-only", "--db", db)
    assert both.code == 0 and only.code == 0, (both.err, only.err)
    assert _subtasks(db, "modes") == ["failure_mode", "failure_mode"]  # one per failed run
    assert set(_subtasks(db, "mixed")) > {"failure_mode"}  # the pass/fail items came too


def test_failure_modes_only_needs_a_graded_run(tmp_path: Path) -> None:
    table = tmp_path / "labels.csv"
    table.write_text("item_id,rater,label\nx,judge,pass\n")
    result = run_cli(
        "annotate", "load", table, "--project", "p", "--failure-modes-only", "--db", tmp_path / "a.db"
    )
    assert result.code == 2 and "--failure-modes-only" in result.err


# -- what a failure-mode item shows --------------------------------------------------------------


def _steps() -> list[Step]:
    """An OpenHands-like run: a file read and its output, an editor's replacement, ten quiet
    steps, then a failing command."""
    edit = {"command": "str_replace", "path": "/w/train.py", "old_str": "lr = 0.1\nepochs = 1",
            "new_str": "lr = 0.05\nepochs = 1"}  # fmt: skip
    quiet: list[dict[str, object]] = [
        {"kind": "message", "role": "assistant", "text": f"thinking {n}"} for n in range(10)
    ]
    rows: list[dict[str, object]] = [
        {"kind": "tool_call", "tool": "str_replace_editor", "call_id": "r",
         "arguments": {"command": "view", "path": "/w/train.py", "view_range": [1, 2]}},
        {"kind": "tool_output", "call_id": "r", "output": "1\tlr = 0.1\n2\tepochs = 1"},
        {"kind": "tool_call", "tool": "str_replace_editor", "call_id": "e", "arguments": edit},
        *quiet,
        {"kind": "tool_call", "tool": "bash", "command": "python train.py", "call_id": "b"},
        {"kind": "tool_output", "call_id": "b", "output": "ModuleNotFoundError: torch", "exit_code": 1},
    ]  # fmt: skip
    return [Step.model_validate({"index": i, **row}) for i, row in enumerate(rows, 1)]


def test_tool_calls_show_by_kind_and_left_out_steps_are_marked() -> None:
    """Before issue 65 an edit showed as `tool str_replace_editor` alone and a gap had no mark."""
    steps = _steps()
    log = failure_log(steps, {1, 2, 3, 14, 15})
    assert "read /w/train.py (lines 1-2)" in log and "excerpt of the read /w/train.py" in log
    assert "edit /w/train.py" in log and "-lr = 0.1\n+lr = 0.05\n epochs = 1" in log
    assert "[... steps 4-13 left out (10): the All steps tab shows every step ...]" in log
    assert "$ python train.py" in log and "thinking 3" not in log
    assert "thinking 3" in failure_log(steps, {s.index for s in steps})


def test_mode_buttons_read_as_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A mode id on a button reads as words: an underscore lets the browser break the label
    mid-word ("Environment_set / up (1)")."""
    run = _failed_run(tmp_path / "run")
    db = tmp_path / "annotate.db"
    loaded = run_cli("annotate", "load", run, "--project", "modes", "--failure-modes-only", "--db", db)
    assert loaded.code == 0, loaded.err
    monkeypatch.setenv("EXPGRADE_ANNOTATE_DB", str(db))
    monkeypatch.delenv("EXPGRADE_TRUSTED_HEADER", raising=False)
    token = Store.open(str(db)).add_user("ann")
    at = AppTest.from_file(str(REPO / "annotation_app" / "app.py"), default_timeout=60).run()
    at.text_input[0].input(token)
    at.button[0].click().run()
    assert not at.exception, at.exception
    labels = [b.label for b in at.button]
    modes = [label for label in labels if label.startswith("Environment")]
    assert modes and all("_" not in label for label in modes), labels
