"""Honest states never crash (issue 64): every verb that reads a run or labels, over an empty, a
one-item and a no-overlap input, ends with a message and exit 0, 1 or 2, never a traceback.

`report --gold PROJECT` before anyone labelled (the demo's own printed next step) writes the report
saying so, in every format; gold whose items are none of the run's is one clear exit 2 in every
format. The inputs are real: one submission graded by `expgrade grade` against the scripted judge,
its `expgrade labels`, an annotation project loaded from it.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from grade_support import DEMO, JUDGE, run_cli

from expgrade.grading.testing.judge_server import ScriptedServer

pytestmark = pytest.mark.timeout(900)

FORMATS = ("html", "md", "json")


@dataclass(frozen=True)
class Inputs:
    tmp: Path
    runs: dict[str, Path]  # "empty", "one", "other" (one item, none shared with "one")
    labels: dict[str, Path]  # "empty", "one", "apart" (people's rows on items the judge never saw)
    db: Path  # an annotation database whose project "fresh" has items and no labels


def _grade(tmp: Path, submission: str, url: str) -> Path:
    subs, out = tmp / f"subs-{submission}", tmp / f"run-{submission}"
    shutil.copytree(DEMO / "submissions" / submission, subs / submission)
    done = run_cli(
        tmp, "grade", "--tasks", DEMO / "tasks.jsonl", "--submissions", subs, "--out", out,
        "--subtasks", "design", "--controls", "0", "--retest", "0", "--judge", JUDGE, "--api-base", url,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return out


def _rows(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _write(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> Inputs:
    tmp = tmp_path_factory.mktemp("honest")
    with ScriptedServer() as server:
        one, other = _grade(tmp, "careful-lr", server.url), _grade(tmp, "sloppy-adam", server.url)
    empty = tmp / "run-empty"
    shutil.copytree(one, empty)
    (empty / "results.jsonl").write_text("")
    judged = tmp / "judged.jsonl"
    assert run_cli(tmp, "labels", one, "--out", judged).returncode == 0
    rows = _rows(judged)
    person = {**rows[0], "rater": "alice", "rater_kind": "human", "label": "pass", "status": "graded"}
    apart = [
        {**r, "item_id": f"elsewhere/{r['item_id']}", "rater": "alice", "rater_kind": "human"} for r in rows
    ]
    labels = {
        "empty": _write(tmp / "labels-empty.jsonl", []),
        "one": _write(tmp / "labels-one.jsonl", [person]),
        "apart": _write(tmp / "labels-apart.jsonl", [*rows, *apart]),
    }
    db = tmp / "annotate.db"
    loaded = run_cli(tmp, "annotate", "load", one, "--project", "fresh", "--db", db)
    assert loaded.returncode == 0, loaded.stderr
    return Inputs(tmp, {"empty": empty, "one": one, "other": other}, labels, db)


def _run_verbs(run: Path, out: Path) -> dict[str, list[str | Path]]:
    return {
        **{f"report {f}": ["report", run, "--format", f, "--out", out / f"report.{f}"] for f in FORMATS},
        "labels": ["labels", run, "--out", out / "labels.jsonl"],
        "failures analyze": ["failures", "analyze", run],
        "annotate load": ["annotate", "load", run, "--project", "p", "--db", out / "a.db"],
    }


def _label_verbs(labels: Path, run: Path, out: Path) -> dict[str, list[str | Path]]:
    return {
        "calibrate": ["calibrate", labels, "--out", out / "calibration"],
        "gold validate": ["gold", "validate", labels],
        **{
            f"report --gold {f}": ["report", run, "--gold", labels, "--format", f, "--out", out / f"gold.{f}"]
            for f in FORMATS
        },
    }


def _ends_honestly(tmp: Path, argv: list[str | Path]) -> tuple[int, str]:
    """Exit 0, 1 or 2 with no traceback (run_cli asserts that one); what was said, on one line."""
    done = run_cli(tmp, *argv)
    said = " ".join((done.stdout + done.stderr).split())
    assert done.returncode in (0, 1, 2), f"{argv}: exit {done.returncode}: {said[-800:]}"
    return done.returncode, said


@pytest.mark.parametrize("state", ["empty", "one"])
def test_every_verb_that_reads_a_run_ends_honestly(inputs: Inputs, state: str) -> None:
    run = inputs.tmp / f"copy-{state}"  # a copy per test: a verb may write into the run folder
    shutil.copytree(inputs.runs[state], run)
    out = inputs.tmp / f"out-run-{state}"
    out.mkdir()
    for verb, argv in _run_verbs(run, out).items():
        code, said = _ends_honestly(inputs.tmp, argv)
        if state == "one":
            assert code == 0, f"{verb}: {said}"
    compared = _ends_honestly(
        inputs.tmp, ["compare", inputs.runs[state], inputs.runs["other"], "--out", out / "c"]
    )
    assert compared[0] == 2, compared  # no judged item in common: said, not a comparison of nothing


@pytest.mark.parametrize("state", ["empty", "one", "apart"])
def test_every_verb_that_reads_labels_ends_honestly(inputs: Inputs, state: str) -> None:
    out = inputs.tmp / f"out-labels-{state}"
    out.mkdir()
    for verb, argv in _label_verbs(inputs.labels[state], inputs.runs["one"], out).items():
        code, said = _ends_honestly(inputs.tmp, argv)
        if state == "apart" and verb.startswith("report"):
            # gold that matches nothing: the same clear refusal in every format
            assert code == 2 and "none of the 5 labelled item(s) is in this run" in said, said


def test_report_gold_project_without_labels_says_so_in_every_format(inputs: Inputs) -> None:
    words = "no labels in project fresh yet: label with `expgrade annotate`"
    for f in FORMATS:
        target = inputs.tmp / f"fresh.{f}"
        gold: list[str | Path] = ["--gold", "fresh", "--db", inputs.db]
        argv = ["report", inputs.runs["one"], *gold, "--format", f, "--out", target]
        code, said = _ends_honestly(inputs.tmp, argv)
        assert code == 0 and words in said, said
        text = target.read_text()
        if f == "json":
            calibration = json.loads(text)["calibration"]
            assert calibration["status"] == "uncalibrated" and calibration["note"] == words
        else:
            assert words in text


def test_a_cut_line_read_several_times_is_said_once_and_counted_as_one_file(inputs: Inputs) -> None:
    run = inputs.tmp / "copy-cut"
    shutil.copytree(inputs.runs["one"], run)
    with (run / "results.jsonl").open("a") as f:
        f.write('{"task_id": "cut by a cra')  # what a grader killed mid-append leaves
    done = run_cli(inputs.tmp, "report", run, "--format", "md")
    said = " ".join(done.stderr.split())
    assert done.returncode == 1, said
    assert said.count("line 2: cut short") == 1  # the report reads results.jsonl more than once
    assert "exit 1: 1 file(s) ended in a cut line" in said
