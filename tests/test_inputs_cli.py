"""The input verbs (tasks, gold, submissions, schema) through the real `expgrade` entry point.

Every bad-input case of issue 2 gets its own test: a clear message naming the file (and the
record/field where there is one), exit code 2 when nothing could be done, exit 1 when the
rest of a batch still imported, and never a traceback (checked by `run_cli`).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import run_cli
from typer.testing import CliRunner

from expgrade.cli import _register, app
from expgrade.grading.jsonl import read_models
from expgrade.grading.labels_io import read_label_rows
from expgrade.grading.schemas import Task

_register()


@pytest.fixture(scope="module")
def good_expbench(datasets: Path) -> Path:
    return datasets / "expbench" / "iclr2024" / "19033_complete_final.json"


# --- the three importers and the gold import over the shared data ---------------------------


def test_import_expbench_writes_206_tasks_and_the_kind_summary(tmp_path: Path, shared_datasets: Path) -> None:
    files = sorted((shared_datasets / "expbench" / "iclr2024").glob("*.json"))
    out = tmp_path / "t.jsonl"
    r = run_cli("tasks", "import", "expbench", *files, "--out", out)
    assert r.code == 0, r.err
    tasks = read_models(out, Task)
    assert len(tasks) == 206 and len({t.id for t in tasks}) == 206
    total = next(line for line in r.out.splitlines() if "total" in line)
    assert [int(x) for x in total.replace("│", " ").split() if x.isdigit()] == [206, 97, 55, 54, 54]
    assert "19033_complete_final.json" in r.out


def test_import_autoexperiment_folder_writes_219_tasks(tmp_path: Path, shared_datasets: Path) -> None:
    out = tmp_path / "a.jsonl"
    r = run_cli("tasks", "import", "autoexperiment", shared_datasets / "autoexperiment", "--out", out)
    assert r.code == 0, r.err
    assert len(read_models(out, Task)) == 219
    assert "mlrc_n=2.jsonl" in r.out


def test_import_paperbench_rubrics(tmp_path: Path, datasets: Path) -> None:
    out = tmp_path / "p.jsonl"
    r = run_cli(
        "tasks",
        "import",
        "paperbench",
        *sorted((datasets / "paperbench" / "rubrics").glob("*.json")),
        "--out",
        out,
    )
    assert r.code == 0, r.err
    tasks = read_models(out, Task)
    assert sorted(len(t.rubric.leaves()) for t in tasks if t.rubric) == [69, 77, 121]


def test_gold_import_paperbench_writes_195_rows(tmp_path: Path, datasets: Path) -> None:
    out = tmp_path / "gold.csv"  # JSONL output is covered by the batch test below
    files = sorted((datasets / "paperbench" / "judge_eval").glob("*.json"))
    r = run_cli("gold", "import", "paperbench", *files, "--out", out)
    assert r.code == 0, r.err
    rows = read_label_rows(out)
    assert len(rows) == 195
    assert {r.rater_kind for r in rows} == {"human"} and {r.label for r in rows} == {"pass", "fail"}


def test_gold_import_unknown_kind_exits_2(tmp_path: Path) -> None:
    r = run_cli("gold", "import", "nosuch", tmp_path / "x.json", "--out", tmp_path / "o.jsonl")
    assert r.code == 2 and "unknown gold label source 'nosuch'" in r.err


def test_gold_import_bad_file_is_skipped_and_others_kept(tmp_path: Path, datasets: Path) -> None:
    bad = tmp_path / "broken.expected_result.json"
    bad.write_text(
        '{"id": "x", "requirements": "r", "sub_tasks": [{"id": "l", "requirements": "q", "score": 0.5}]}'
    )
    good = datasets / "paperbench" / "judge_eval" / "semantic-self-consistency.expected_result.json"
    out = tmp_path / "o.jsonl"
    r = run_cli("gold", "import", "paperbench", bad, good, "--out", out)
    assert r.code == 1
    assert "broken.expected_result.json" in r.err and "not binary" in r.err
    assert len(read_label_rows(out)) == 79


# --- bad input: one test per case ------------------------------------------------------------


def _expbench_file(tmp_path: Path, name: str, content: bytes | str) -> Path:
    path = tmp_path / "iclr2024" / name
    path.parent.mkdir(exist_ok=True)
    if isinstance(content, str):
        path.write_text(content)
    else:
        path.write_bytes(content)
    return path


def _import_with_good(tmp_path: Path, bad: Path, good: Path) -> tuple[int, str, int]:
    """Import a bad file with a good one: the bad one is reported, the good one still lands (exit 1)."""
    out = tmp_path / "out.jsonl"
    r = run_cli("tasks", "import", "expbench", bad, good, "--out", out)
    return r.code, r.err, len(read_models(out, Task)) if out.exists() else 0


def test_malformed_json_says_where(tmp_path: Path, good_expbench: Path) -> None:
    bad = _expbench_file(tmp_path, "1_complete_final.json", '{"questions": [\n  {"question": "q",}\n]}')
    code, err, written = _import_with_good(tmp_path, bad, good_expbench)
    assert (code, written) == (1, 3)
    assert "1_complete_final.json" in err and "malformed JSON at line 2" in err


def test_missing_field_is_named(tmp_path: Path, good_expbench: Path) -> None:
    bad = _expbench_file(tmp_path, "2_complete_final.json", '{"questions": [{"method": "m"}]}')
    code, err, _ = _import_with_good(tmp_path, bad, good_expbench)
    assert code == 1
    assert "record questions[0]" in err and "field 'question'" in err and "required" in err


def test_mistyped_field_is_named(tmp_path: Path, good_expbench: Path) -> None:
    bad = _expbench_file(
        tmp_path, "3_complete_final.json", '{"questions": [{"question": "q", "requirements": "x"}]}'
    )
    code, err, _ = _import_with_good(tmp_path, bad, good_expbench)
    assert code == 1 and "field 'requirements'" in err and "valid list" in err


def test_mistyped_autoexperiment_row_names_line_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "mlrc_n=1.jsonl"
    bad.write_text(
        '{"paper_id": "1", "func_ids": "0", "func_details": [], "experiments": "e", "solution": "s",'
        ' "results": {}}\n{"paper_id": "1", "func_ids": 0}\n'
    )
    r = run_cli("tasks", "import", "autoexperiment", bad, "--out", tmp_path / "o.jsonl")
    assert r.code == 2
    assert "line 2" in r.err and "field 'func_ids'" in r.err and "field 'func_details'" in r.err


def test_empty_file(tmp_path: Path, good_expbench: Path) -> None:
    bad = _expbench_file(tmp_path, "4_complete_final.json", "")
    code, err, _ = _import_with_good(tmp_path, bad, good_expbench)
    assert code == 1 and "4_complete_final.json: file is empty" in err


def test_non_utf8_bytes(tmp_path: Path, good_expbench: Path) -> None:
    content = b'{"questions": [{"question": "caf\xe9"}]}'
    bad = _expbench_file(tmp_path, "5_complete_final.json", content)
    code, err, _ = _import_with_good(tmp_path, bad, good_expbench)
    offset = content.index(b"\xe9")
    assert code == 1 and "not UTF-8" in err and f"offset {offset}" in err


def test_file_without_tasks(tmp_path: Path, good_expbench: Path) -> None:
    bad = _expbench_file(tmp_path, "6_complete_final.json", '{"questions": []}')
    code, err, _ = _import_with_good(tmp_path, bad, good_expbench)
    assert code == 1 and "no expbench tasks in this file" in err


def test_unknown_benchmark_exits_2(tmp_path: Path, good_expbench: Path) -> None:
    r = run_cli("tasks", "import", "swebench", good_expbench, "--out", tmp_path / "o.jsonl")
    assert r.code == 2
    assert "unknown benchmark 'swebench'" in r.err and "expbench, autoexperiment, paperbench" in r.err
    assert not (tmp_path / "o.jsonl").exists()


def test_folder_with_no_tasks_exits_2(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / "notes.txt").write_text("nothing here")
    r = run_cli("tasks", "import", "expbench", tmp_path / "empty", "--out", tmp_path / "o.jsonl")
    assert r.code == 2
    assert "folder has no expbench task files" in r.err and "no tasks imported" in r.err
    assert not (tmp_path / "o.jsonl").exists()


def test_missing_source_file_exits_2(tmp_path: Path) -> None:
    r = run_cli("tasks", "import", "expbench", tmp_path / "nope.json", "--out", tmp_path / "o.jsonl")
    assert r.code == 2 and "nope.json: file not found" in r.err


# --- tasks validate ---------------------------------------------------------------------------


def test_validate_lists_every_problem(tmp_path: Path) -> None:
    good = {"id": "a", "source": {"benchmark": "native", "paper_id": "p"}, "question": "q"}
    lines = [
        good,
        {**good, "id": "b", "question": 3},
        {**good, "source": {"benchmark": "swebench", "paper_id": "p"}, "id": "c"},
        good,
        {**good, "id": "d", "masked": [{"file": "../../etc/passwd"}]},
    ]
    path = tmp_path / "tasks.jsonl"
    path.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    r = run_cli("tasks", "validate", path)
    assert r.code == 2
    assert "line 2: field 'question'" in r.err
    assert "line 3: field 'source.benchmark'" in r.err
    assert "task id 'a' is duplicated (lines 1, 4)" in r.err
    assert "task 'd'" in r.err and "'..'" in r.err
    assert "4 problem(s) found" in r.err


def test_validate_accepts_what_import_wrote(tmp_path: Path, datasets: Path) -> None:
    out = tmp_path / "a.jsonl"
    assert run_cli("tasks", "import", "autoexperiment", datasets / "autoexperiment", "--out", out).code == 0
    r = run_cli("tasks", "validate", out)
    assert r.code == 0 and "4 tasks, ids unique" in r.out


def test_validate_malformed_line(tmp_path: Path) -> None:
    path = tmp_path / "tasks.jsonl"
    path.write_text('{"id": "a"\n')
    r = run_cli("tasks", "validate", path)
    assert r.code == 2 and "line 1: malformed JSON" in r.err


# --- schema -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "field"),
    [("task", "question"), ("submission", "agent_model"), ("result", "subtasks"), ("label", "rater_kind")],
)
def test_schema_prints_json_schema(name: str, field: str) -> None:
    # In-process (typer's runner on the registered app): no error path, so no need for a process.
    r = CliRunner().invoke(app, ["schema", name])
    assert r.exit_code == 0
    schema = json.loads(r.stdout)
    assert field in schema["properties"] and "extra" in schema["properties"]


def test_schema_unknown_name_exits_2() -> None:
    r = run_cli("schema", "rubric")
    assert r.code == 2 and "unknown schema 'rubric'" in r.err


@pytest.mark.parametrize(
    "verb",
    [["tasks", "import"], ["tasks", "validate"], ["gold", "import"], ["submissions", "validate"], ["schema"]],
)
def test_every_verb_has_help(verb: list[str]) -> None:
    r = CliRunner().invoke(app, [*verb, "--help"])
    assert r.exit_code == 0 and "Usage" in r.stdout
