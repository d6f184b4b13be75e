"""Task importers and the PaperBench gold import over the real shared datasets."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from expgrade.grading.errors import UserError
from expgrade.grading.schemas import Task
from expgrade.grading.task_importers import IMPORTERS, import_batch
from expgrade.grading.task_importers.autoexperiment import parse_results
from expgrade.grading.task_importers.common import numeric_leaves
from expgrade.grading.task_importers.paperbench import gold_labels

CONSUMED = {"question", "method", "expected_outcome", "design_complexity", "requirements", "masked_source"}


def _expbench(root: Path) -> list[Task]:
    result = import_batch(IMPORTERS["expbench"], sorted((root / "expbench" / "iclr2024").glob("*.json")))
    assert not result.failed
    return result.tasks


def _autoexperiment(root: Path) -> list[Task]:
    result = import_batch(IMPORTERS["autoexperiment"], [root / "autoexperiment"])
    assert not result.failed
    return result.tasks


@pytest.fixture(scope="module")
def expbench(datasets: Path) -> list[Task]:
    return _expbench(datasets)


@pytest.fixture(scope="module")
def autoexperiment(datasets: Path) -> list[Task]:
    return _autoexperiment(datasets)


def test_bundled_expbench_has_all_three_kinds_with_unique_stable_ids(expbench: list[Task]) -> None:
    assert len(expbench) == len({t.id for t in expbench}) == 29
    assert {t.extra["expbench_kind"] for t in expbench} == {"masked_source", "source-only", "neither"}
    assert "expbench/iclr2024/19033/0" in {t.id for t in expbench}
    assert "expbench/iclr2024/18277/0" in {t.id for t in expbench}  # from 18277_complete_final_sonnet37.json


def test_expbench_imports_all_206_tasks_with_unique_stable_ids(shared_datasets: Path) -> None:
    expbench = _expbench(shared_datasets)
    assert len(expbench) == 206
    assert len({t.id for t in expbench}) == 206
    assert "expbench/iclr2024/19033/0" in {t.id for t in expbench}
    assert "expbench/iclr2024/18277/0" in {t.id for t in expbench}  # from 18277_complete_final_sonnet37.json
    assert all(t.id.startswith("expbench/iclr2024/") and t.source.benchmark == "expbench" for t in expbench)


def test_expbench_kinds_match_the_published_counts(shared_datasets: Path) -> None:
    expbench = _expbench(shared_datasets)
    kinds = Counter(t.extra["expbench_kind"] for t in expbench)
    assert kinds == {"masked_source": 97, "source-only": 55, "neither": 54}
    no_answer = [t for t in expbench if "no_answer" in t.extra]
    assert len(no_answer) == 54
    # Implementation ground truth absent exactly where EXP-Bench says no_answer, and said so.
    assert all(
        t.requirements is None and "requirements" in t.extra["missing_ground_truth"] for t in no_answer
    )
    assert all(t.requirements for t in expbench if "no_answer" not in t.extra)
    # the original code is known (a reference) exactly for the tasks whose files EXP-Bench deletes
    assert Counter(t.reference is not None for t in expbench) == {True: 97 + 55, False: 54}


def test_expbench_masked_tasks_list_repo_relative_files(expbench: list[Task]) -> None:
    masked = [t for t in expbench if t.extra["expbench_kind"] == "masked_source"]
    assert all(t.masked for t in masked)
    assert all(not m.file.startswith("/") for t in masked for m in t.masked or [])
    assert all(t.masked is None for t in expbench if t.extra["expbench_kind"] != "masked_source")


def test_expbench_reference_is_the_repo_with_the_files_it_deletes(
    expbench: list[Task], datasets: Path
) -> None:
    """EXP-Bench deletes `masked_source` (else `source`) from its clone of the paper's repo: the
    clone holds the original code, and those are the files of the solution."""
    raw = {}
    for path in (datasets / "expbench" / "iclr2024").glob("*.json"):
        paper = path.name.split("_", 1)[0]
        for i, item in enumerate(json.loads(path.read_text())["questions"]):
            raw[f"expbench/iclr2024/{paper}/{i}"] = item
    for task in expbench:
        item = raw[task.id]
        deleted = item.get("masked_source", item.get("source"))
        if deleted is None:
            assert task.reference is None
            continue
        assert task.reference is not None and task.reference.patch is task.reference.path is None
        assert task.reference.files == [f.removeprefix("/workspace/") for f in deleted]
    assert {t.reference is None for t in expbench} == {True, False}


def test_expbench_design_ground_truth_including_wrapped_and_absent(expbench: list[Task]) -> None:
    by_id = {t.id: t for t in expbench}
    wrapped = by_id[
        "expbench/iclr2024/18013/0"
    ]  # published as {"design_complexity": {"design_complexity": {...}}}
    assert wrapped.design is not None and wrapped.design.constant_variables
    absent = [t for t in expbench if t.design is None]
    assert {t.id for t in absent} == {f"expbench/iclr2024/18277/{i}" for i in range(2, 7)}
    assert all("design" in t.extra["missing_ground_truth"] for t in absent)


def test_expbench_keeps_every_other_field(datasets: Path, expbench: list[Task]) -> None:
    by_id = {t.id: t for t in expbench}
    path = datasets / "expbench" / "iclr2024" / "19044_complete_final.json"
    raw = json.loads(path.read_text())["questions"]
    for i, item in enumerate(raw):
        task = by_id[f"expbench/iclr2024/19044/{i}"]
        for key in set(item) - CONSUMED:
            assert task.extra[key] == item[key]
    structured = by_id["expbench/iclr2024/19044/0"]  # `method` is a dict there
    assert structured.extra["method_structured"] == raw[0]["method"]
    assert json.loads(structured.method or "") == raw[0]["method"]
    assert "paper" not in structured.extra  # this file has no paper-level keys
    assert "main_takeaways" in by_id["expbench/iclr2024/19033/0"].extra["paper"]


def test_autoexperiment_fixture_rows_import_from_every_file(autoexperiment: list[Task]) -> None:
    per_file = Counter(t.source.extra["file"] for t in autoexperiment)
    assert per_file == {"mlrc_n=0.jsonl": 1, "mlrc_n=1.jsonl": 2, "mlrc_n=2.jsonl": 1}
    assert {t.id for t in autoexperiment} >= {"autoexperiment/0000.00001_", "autoexperiment/0000.00001_0,1"}


def test_autoexperiment_imports_219_rows(shared_datasets: Path) -> None:
    autoexperiment = _autoexperiment(shared_datasets)
    assert len(autoexperiment) == 219
    assert len({t.id for t in autoexperiment}) == 219
    per_file = Counter(t.source.extra["file"] for t in autoexperiment)
    assert per_file == {"mlrc_n=0.jsonl": 4, "mlrc_n=1.jsonl": 36, "mlrc_n=2.jsonl": 179}
    assert all(t.tolerance is not None and t.tolerance.rel == 0.05 for t in autoexperiment)
    assert all(t.reference is not None for t in autoexperiment)


def test_autoexperiment_task_fields(datasets: Path, autoexperiment: list[Task]) -> None:
    row = json.loads((datasets / "autoexperiment" / "mlrc_n=2.jsonl").read_text().splitlines()[0])
    task = next(t for t in autoexperiment if t.id == f"autoexperiment/{row['paper_id']}_{row['func_ids']}")
    assert task.run is not None and task.run.command == row["solution"]
    assert task.question == row["experiments"]
    assert task.expected_results == row["results"]
    assert [(m.file, m.name, m.line_start, m.line_end) for m in task.masked or []] == [
        (f["file"], f["name"], f["line_start"], f["line_end"]) for f in row["func_details"]
    ]
    assert [m.extra["description"] for m in task.masked or []] == [
        f["description"] for f in row["func_details"]
    ]
    # upstream blanks the functions only in the agent's copy: the repo itself is the reference
    assert task.reference is not None and task.reference.patch is task.reference.path is None
    assert task.reference.files == sorted({f["file"] for f in row["func_details"]})


def test_autoexperiment_one_element_lists_are_their_metric(autoexperiment: list[Task]) -> None:
    task = next(t for t in autoexperiment if "results_raw" in t.extra)
    raw = task.extra["results_raw"]
    first = next(iter(raw))
    assert task.expected_results is not None
    assert task.expected_results[first] == {m: v[0] for m, v in raw[first].items()}


def test_results_as_python_literal_string_parse_without_running_code(tmp_path: Path) -> None:
    assert parse_results("{'Experiment 1': {'acc': 0.5}}", file=tmp_path, record="line 1") == {
        "Experiment 1": {"acc": 0.5}
    }
    with pytest.raises(UserError, match="results"):
        parse_results("__import__('os').system('true')", file=tmp_path, record="line 1")
    with pytest.raises(UserError, match="dict of experiments"):
        parse_results("[1, 2]", file=tmp_path, record="line 1")


def test_numeric_leaves_flatten_nested_results() -> None:
    numbers, other = numeric_leaves({"a": {"b": 1, "c": [2.0, 3.0]}, "d": "n/a", "e": True})
    assert numbers == {"a.b": 1.0, "a.c[0]": 2.0, "a.c[1]": 3.0}
    assert other == ["d", "e"]


def test_paperbench_rubrics_become_tasks_with_their_trees(datasets: Path) -> None:
    result = import_batch(
        IMPORTERS["paperbench"], sorted((datasets / "paperbench" / "rubrics").glob("*.json"))
    )
    leaves = {t.id: len(t.rubric.leaves()) for t in result.tasks if t.rubric}
    assert leaves == {
        "paperbench/semantic-self-consistency": 77,
        "paperbench/stochastic-interpolants": 69,
        "paperbench/stay-on-topic-with-classifier-free-guidance": 121,
    }
    tree = result.tasks[0].rubric
    assert tree is not None
    categories = {leaf.task_category for leaf in tree.leaves()}
    assert categories <= {"Code Development", "Code Execution", "Result Analysis"}
    assert "finegrained_task_category" in tree.leaves()[0].extra


def test_paperbench_gold_rows_one_per_leaf(datasets: Path) -> None:
    folder = datasets / "paperbench" / "judge_eval"
    counts = {p.name: len(gold_labels(p)) for p in sorted(folder.glob("*.json"))}
    assert sorted(counts.values()) == [79, 116]
    path = folder / "semantic-self-consistency.expected_result.json"
    rows = gold_labels(path)
    tree = json.loads(path.read_text())
    first_leaf = tree["sub_tasks"][0]["sub_tasks"][0]
    row = rows[0]
    assert row.item_id == f"paperbench/semantic-self-consistency/{first_leaf['id']}"
    assert (row.rater_kind, row.label, row.criterion, row.subtask) == (
        "human",
        "pass" if first_leaf["score"] == 1 else "fail",
        first_leaf["requirements"],
        first_leaf["task_category"],
    )
    assert Counter(r.label for r in rows) == {"pass": 74, "fail": 5}


def _tree(leaves: list[dict[str, object]]) -> dict[str, object]:
    return {"id": "root", "requirements": "r", "weight": 1, "score": 0.5, "sub_tasks": leaves}


def test_paperbench_invalid_leaf_score_is_unscorable_not_fail(tmp_path: Path) -> None:
    path = tmp_path / "p.expected_result.json"
    leaf = {
        "id": "l1",
        "requirements": "x",
        "score": 0.0,
        "valid_score": False,
        "task_category": "Code Execution",
    }
    path.write_text(json.dumps(_tree([leaf])))
    (row,) = gold_labels(path)
    assert row.status == "unscorable" and row.label is None and row.reason


def test_paperbench_non_binary_leaf_score_is_an_error_naming_the_leaf(tmp_path: Path) -> None:
    path = tmp_path / "p.expected_result.json"
    path.write_text(json.dumps(_tree([{"id": "l1", "requirements": "x", "score": 0.5}])))
    with pytest.raises(UserError, match="leaf l1"):
        gold_labels(path)


def test_repeated_ids_across_files_skip_the_later_file(tmp_path: Path, datasets: Path) -> None:
    src = datasets / "expbench" / "iclr2024" / "19033_complete_final.json"
    copy = tmp_path / "iclr2024" / "19033_complete_final_v2.json"
    copy.parent.mkdir()
    copy.write_text(src.read_text())
    result = import_batch(IMPORTERS["expbench"], [src, copy])
    assert len(result.tasks) == 3
    assert [f.path for f in result.failed] == [copy]
    assert "already imported" in (result.failed[0].error or "")


def test_task_problems_empty_file_and_missing_repo(tmp_path: Path) -> None:
    from expgrade.cli.tasks import task_problems

    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert task_problems(empty)[1] == [f"{empty}: no tasks in this file"]
    path = tmp_path / "tasks.jsonl"
    record = {
        "id": "a",
        "source": {"benchmark": "native", "paper_id": "p"},
        "question": "q",
        "repo": {"path": "code"},
    }
    path.write_text(json.dumps(record) + "\n")
    (problem,) = task_problems(path)[1]
    assert "repo.path 'code' is not a folder" in problem
    (tmp_path / "code").mkdir()
    assert task_problems(path)[1] == []
    record["reference"] = {"patch": "solution.diff", "files": ["../outside.py"]}
    path.write_text(json.dumps(record) + "\n")
    patch_missing, escapes = task_problems(path)[1]
    assert "reference.patch" in patch_missing and "solution.diff is not a file" in patch_missing
    assert "reference.files[0]" in escapes
    (tmp_path / "solution.diff").write_text("")
    record["reference"] = {"patch": "solution.diff", "files": ["model.py"]}
    path.write_text(json.dumps(record) + "\n")
    assert task_problems(path)[1] == []


def test_absurdly_nested_json_is_a_user_error(tmp_path: Path) -> None:
    deep = tmp_path / "iclr2024" / "1_complete_final.json"
    deep.parent.mkdir()
    deep.write_text('{"questions": ' + "[" * 100_000 + "]" * 100_000 + "}")
    result = import_batch(IMPORTERS["expbench"], [deep])
    assert "nested too deeply" in (result.failed[0].error or "")
