"""Tolerance from measured noise (`grade --reference-runs N`, `--repeats K`, `{seed}`, `reference`).

The method's pieces on their own (the interval, the reference's checks, the comparison, the
repeat summary, the seeds), then the whole path through real Docker sandboxes on a small real
regression experiment that moves by seed (tests/fixtures/noisy_regression): a correct, a 2x-off
and a broken implementation, a reference that fails or misses the paper's numbers, and a
grading killed in the middle of its reference runs and resumed.
"""

from __future__ import annotations

import json
import math
import shutil
import signal
import subprocess
import time
from pathlib import Path

import numpy as np
import pytest
from grade_support import command, environment, results, run_cli
from pydantic import ValidationError
from scipy.stats import t as student_t

from expgrade.grading.aggregate import agent_table
from expgrade.grading.execution import compare
from expgrade.grading.execution.grader import seeded_command
from expgrade.grading.execution.noise import (
    CONFIDENCE,
    Interval,
    per_metric_confidence,
    prediction_interval,
    reference_noise,
)
from expgrade.grading.execution.reference import (
    cached_runs,
    fingerprint,
    reference_seeds,
    save_run,
    submission_seeds,
)
from expgrade.grading.execution.repeats import summarise_repeats
from expgrade.grading.run_folder import RunFolder
from expgrade.grading.schemas import ResultRecord, Task
from expgrade.grading.schemas.result import ExecutionRun, ReferenceRun

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "noisy_regression"
TASK_ID = "native/noisy-regression/adagrad-norm"
EXPECTED = {"regression": {"final_loss": 1.098359, "mean_lr": 0.159064}}


# -- the method on its own --------------------------------------------------------------------


def test_prediction_interval_is_the_textbook_formula() -> None:
    values = [1.0, 2.0, 3.0, 4.0, 5.0]
    got = prediction_interval(values, 0.95)
    sd = float(np.std(values, ddof=1))
    half = float(student_t.ppf(0.975, 4)) * sd * math.sqrt(1 + 1 / 5)
    assert got.mean == pytest.approx(3.0) and got.sd == pytest.approx(sd)
    assert (got.low, got.high) == pytest.approx((3.0 - half, 3.0 + half))
    for bad, conf in (([1.0], 0.95), ([1.0, float("nan")], 0.95), ([1.0, 2.0], 1.0)):
        with pytest.raises(ValueError):
            prediction_interval(bad, conf)


def test_prediction_interval_covers_one_new_normal_run_at_its_level() -> None:
    rng = np.random.default_rng(7)
    trials, n, level = 4000, 5, 0.9
    draws = rng.normal(10.0, 2.0, size=(trials, n + 1))
    inside = sum(row[n] in prediction_interval(list(row[:n]), level) for row in draws)
    assert abs(inside / trials - level) < 0.02


def test_bonferroni_keeps_the_joint_level_over_metrics() -> None:
    assert per_metric_confidence(0.99, 2) == pytest.approx(0.995)
    assert per_metric_confidence(0.99, 1) == pytest.approx(0.99)


def _runs(*rows: tuple[float, float]) -> dict[int, dict[str, dict[str, float]]]:
    return {i + 1: {"regression": {"final_loss": a, "mean_lr": b}} for i, (a, b) in enumerate(rows)}


def test_reference_noise_gives_intervals_or_says_why_it_cannot() -> None:
    runs = _runs((1.0, 0.16), (0.95, 0.17), (1.05, 0.15), (1.02, 0.165))
    noise = reference_noise(runs, EXPECTED)
    assert noise.problem is None and noise.n == 4 and noise.seeds == [1, 2, 3, 4]
    assert set(noise.intervals) == {"regression/final_loss", "regression/mean_lr"}
    level = per_metric_confidence(CONFIDENCE, 2)
    assert noise.intervals["regression/mean_lr"] == prediction_interval([0.16, 0.17, 0.15, 0.165], level)

    far = reference_noise(runs, {"regression": {"final_loss": 2.2, "mean_lr": 0.16}})
    assert far.problem is not None and "regression/final_loss expected 2.2" in far.problem

    missing = {**runs, 5: {"regression": {"final_loss": 1.0}}}
    assert "seed 5 gave no finite regression/mean_lr" in (reference_noise(missing, EXPECTED).problem or "")

    same = reference_noise(_runs((1.098359, 0.16), (1.098359, 0.17)), EXPECTED)
    assert same.exact == ["regression/final_loss"] and same.problem is None
    assert list(same.intervals) == ["regression/mean_lr"]


def test_an_interval_replaces_the_fixed_tolerance_for_its_metric() -> None:
    measured = {"regression": {"final_loss": 0.90, "mean_lr": 0.40}}  # -18 % and +151 %
    fixed = compare(EXPECTED, measured, None)
    assert {d.metric for d in fixed.deviations} == {"final_loss", "mean_lr"}
    band = {
        "regression/final_loss": Interval(1.0, 0.05, 0.8, 1.2),
        "regression/mean_lr": Interval(0.16, 0.01, 0.12, 0.2),
    }
    cmp = compare(EXPECTED, measured, None, band)
    (dev,) = cmp.deviations
    assert (dev.metric, dev.low, dev.high) == ("mean_lr", 0.12, 0.2)
    assert "outside the reference runs' interval [0.12, 0.2]" in cmp.explain()


def _run(seed: int, passed: bool | None, loss: float) -> ExecutionRun:
    status = {True: "reproduced", False: "mismatch", None: "sandbox_error"}[passed]
    return ExecutionRun(
        task_id="t",
        submission_id="s",
        attempt=1,
        seed=seed,
        status=status,
        passed=passed,
        measured_results={"e": {"loss": loss}} if passed is not None else {},
    )


def test_repeat_summary_keeps_undecided_runs_apart() -> None:
    both = summarise_repeats([_run(0, True, 1.0), _run(9, False, 3.0)], 2)
    assert (both.pass_all, both.pass_any, both.passed, both.decided) == (False, True, 1, 2)
    assert both.spread["e/loss"].model_dump(exclude={"extra"}) == {
        "n": 2,
        "mean": 2.0,
        "sd": pytest.approx(math.sqrt(2)),
        "min": 1.0,
        "max": 3.0,
    }
    open_ = summarise_repeats([_run(0, True, 1.0), _run(9, None, 0.0)], 2)
    assert (open_.pass_all, open_.pass_any) == (None, True)
    failed = summarise_repeats([_run(0, False, 1.0), _run(9, None, 0.0)], 2)
    assert (failed.pass_all, failed.pass_any) == (False, None)


def test_seeds_of_references_and_submissions_never_meet() -> None:
    assert reference_seeds(8) == list(range(1, 9))
    assert submission_seeds(4, 8) == [0, 9, 10, 11]
    assert submission_seeds(1, 8) == [0] and submission_seeds(3, 0) == [0, 1, 2]
    cmd = "python3 train.py --seed {seed} && awk '{print $1}' x && echo '{\"a\": 1}'"
    assert seeded_command(cmd, 7) == "python3 train.py --seed 7 && awk '{print $1}' x && echo '{\"a\": 1}'"


def test_a_reference_is_a_patch_or_a_folder_not_both() -> None:
    (line,) = (FIXTURE / "tasks.jsonl").read_text().splitlines()
    task = Task.model_validate_json(line)
    assert task.reference is not None and task.reference.patch == "reference.diff"
    data = json.loads(line)
    data["reference"] = {"patch": "a.diff", "path": "solved/"}
    with pytest.raises(ValidationError, match="not both"):
        Task.model_validate(data)


def test_cached_reference_runs_of_other_code_are_not_reused(tmp_path: Path) -> None:
    """Fixing the reference patch (or the command) in TASKS.jsonl makes the cache stale."""
    shutil.copytree(FIXTURE, tmp_path / "t")
    (line,) = (tmp_path / "t" / "tasks.jsonl").read_text().splitlines()
    task = Task.model_validate_json(line)
    before = fingerprint(task, tmp_path / "t")
    logs = RunFolder(tmp_path / "run").reference(task.id)
    for seed, status in ((1, "ran"), (2, "failed"), (3, "sandbox_error")):
        save_run(logs, ReferenceRun(task_id=task.id, seed=seed, status=status, fingerprint=before))
    assert sorted(cached_runs(logs, [1, 2, 3, 4], before)) == [1, 2]  # the machine's failure is retried
    patch = tmp_path / "t" / "reference.diff"
    patch.write_text(patch.read_text().replace("**0.5", "**0.25"))
    assert fingerprint(task, tmp_path / "t") != before
    assert cached_runs(logs, [1, 2], fingerprint(task, tmp_path / "t")) == {}
    assert task.run is not None
    other = task.model_copy(update={"run": task.run.model_copy(update={"command": "python3 train.py"})})
    assert fingerprint(other, FIXTURE) != fingerprint(task, FIXTURE)


def test_repeats_stay_inside_one_attempt_when_aggregating() -> None:
    """Two attempts at a task, each run with 3 seeds: pass@k over attempts sees 2, not 6."""
    records = []
    for attempt, passes in ((1, [True, True, False]), (2, [False, False, False])):
        runs = [_run(s, p, 1.0) for s, p in zip((0, 9, 10), passes, strict=True)]
        execution = {
            "status": runs[0].status,
            "passed": runs[0].passed,
            "runs": [r.model_dump() for r in runs],
            "repeats": summarise_repeats(runs, 3).model_dump(),
        }
        records.append(
            ResultRecord.model_validate(
                {
                    "task_id": "t",
                    "submission_id": f"s{attempt}",
                    "agent": "a",
                    "agent_model": "m",
                    "attempt": attempt,
                    "subtasks": {"execution": execution},
                    "all_passed": runs[0].passed,
                }
            )
        )
    (row,) = agent_table(records, ks=(1, 2), n_boot=50)
    assert row.pass_at_k[2].value == 1.0 and row.pass_at_k[2].n_tasks == 1  # 2 attempts, one passed
    assert row.pass_at_k[1].value == 0.5
    assert row.repeats is not None and row.repeats.k == 3
    assert row.repeats.pass_all.value == 0.0 and row.repeats.pass_any.value == 0.5
    assert row.repeats.pass_any.n == 2


# -- end to end through Docker ------------------------------------------------------------------


def _grade(tmp: Path, tasks: Path, subs: Path, out: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return run_cli(
        tmp,
        "grade",
        "--tasks",
        tasks,
        "--submissions",
        subs,
        "--out",
        out,
        "--subtasks",
        "execution",
        "--concurrency",
        "2",
        *extra,
        timeout=600,
    )


def _reference_values(out: Path) -> dict[int, dict[str, float]]:
    runs = [json.loads(p.read_text()) for p in sorted((out / "reference").glob("*/seed-*.json"))]
    assert all(r["status"] == "ran" and r["task_id"] == TASK_ID for r in runs)
    return {r["seed"]: r["measured_results"]["regression"] for r in runs}


@pytest.mark.docker
def test_reference_runs_set_the_tolerance_and_repeats_report_pass_k(tmp_path: Path) -> None:
    out = tmp_path / "run"
    done = _grade(
        tmp_path,
        FIXTURE / "tasks.jsonl",
        FIXTURE / "submissions",
        out,
        "--reference-runs",
        "8",
        "--repeats",
        "4",
    )
    assert done.returncode == 0, done.stderr
    assert "reference runs: 8 run now" in done.stdout

    # paid once per task: 8 reference runs for 3 submissions, each with its own logs
    ref = _reference_values(out)
    assert sorted(ref) == list(range(1, 9))
    assert len(list((out / "reference").glob("*/seed-*/sandbox.json"))) == 8
    level = per_metric_confidence(CONFIDENCE, 2)
    want = {
        f"regression/{m}": prediction_interval([ref[s][m] for s in sorted(ref)], level)
        for m in ("final_loss", "mean_lr")
    }

    recs = results(out)
    assert set(recs) == {"correct", "double_lr", "missing_sqrt"}
    for sid, rec in recs.items():
        ex = rec["subtasks"]["execution"]
        tol = ex["tolerance"]
        assert tol["source"] == "reference_runs" and tol["n"] == 8 and tol["seeds"] == list(range(1, 9))
        for key, interval in want.items():
            got = tol["intervals"][key]
            assert (got["low"], got["high"]) == pytest.approx((interval.low, interval.high))
        assert [r["seed"] for r in ex["runs"]] == [0, 9, 10, 11]
        assert {(r["task_id"], r["submission_id"], r["attempt"]) for r in ex["runs"]} == {(TASK_ID, sid, 1)}
        assert ex["seed"] == 0 and ex["status"] == ex["runs"][0]["status"]
        for run in ex["runs"]:  # each run's verdict is exactly "every metric inside its interval"
            inside = all(run["measured_results"]["regression"][k.split("/")[1]] in want[k] for k in want)
            assert run["status"] == ("reproduced" if inside else "mismatch"), run
        assert ex["repeats"]["k"] == 4 and ex["repeats"]["decided"] == 4

    for wrong in ("double_lr", "missing_sqrt"):  # 2x off, and the missing square root
        ex = recs[wrong]["subtasks"]["execution"]
        assert {r["status"] for r in ex["runs"]} == {"mismatch"} and ex["repeats"]["pass_any"] is False
    correct = recs["correct"]["subtasks"]["execution"]
    assert correct["status"] == "reproduced" and correct["repeats"]["pass_any"] is True
    # the fixed 5 % rule on the very same runs: fewer of the correct runs would pass
    within_5 = sum(
        all(
            abs(r["measured_results"]["regression"][m] / v - 1) <= 0.05
            for m, v in EXPECTED["regression"].items()
        )
        for r in correct["runs"]
    )
    assert within_5 < correct["repeats"]["passed"]

    report = json.loads(run_cli(tmp_path, "report", out, "--format", "json").stdout)
    block = report["reference_runs"]
    assert block["runs"] == 8 and block["submissions"] == 3
    assert block["duration_s"] == pytest.approx(sum(t["duration_s"] for t in block["tasks"]))
    agents = {a["agent"]: a for a in report["agents"]}
    assert agents["correct"]["repeats"]["pass_any"]["value"] == 1.0
    assert agents["missing_sqrt"]["repeats"]["pass_any"]["value"] == 0.0
    md = run_cli(tmp_path, "report", out, "--format", "md", "--out", tmp_path / "r.md")
    assert md.returncode == 0
    text = (tmp_path / "r.md").read_text()
    assert "## Reference runs (--reference-runs)" in text and "pass^k (all K reproduced)" in text


def _variant(tmp: Path, **changes: object) -> tuple[Path, Path]:
    """The fixture task under a new id with `changes`, and the correct submission for it."""
    root = tmp / "task"
    shutil.copytree(FIXTURE, root)
    data = json.loads((root / "tasks.jsonl").read_text())
    data.update(changes)
    (root / "tasks.jsonl").write_text(json.dumps(data) + "\n")
    subs = tmp / "subs"
    shutil.copytree(root / "submissions" / "correct", subs / "correct")
    sub = json.loads((subs / "correct" / "submission.json").read_text())
    (subs / "correct" / "submission.json").write_text(json.dumps({**sub, "task_id": data["id"]}))
    return root / "tasks.jsonl", subs


@pytest.mark.docker
def test_a_reference_that_fails_or_misses_the_paper_makes_the_task_unscorable(tmp_path: Path) -> None:
    broken_tasks, subs = _variant(tmp_path / "broken", reference={"patch": "broken.diff"})
    diff = (FIXTURE / "reference.diff").read_text().replace("grad_sq_sum**0.5", "grad_sq_sum**0.5 / 0")
    (broken_tasks.parent / "broken.diff").write_text(diff)
    far_tasks, far_subs = _variant(
        tmp_path / "far", expected_results={"regression": {"final_loss": 1.098359, "mean_lr": 0.32}}
    )
    for tasks, submissions, n, why in (
        (broken_tasks, subs, "3", "reference run(s) did not finish well; seed 1: failed: exit code 1"),
        (
            far_tasks,
            far_subs,
            "5",
            "the reference disagrees with the expected results beyond its own interval",
        ),
    ):
        out = tasks.parent / "run"
        done = _grade(tasks.parent, tasks, submissions, out, "--reference-runs", n)
        assert done.returncode == 0, done.stderr
        (rec,) = results(out).values()
        ex = rec["subtasks"]["execution"]
        assert (ex["status"], ex["unscorable"], ex["passed"], rec["all_passed"]) == (
            "reference_failed",
            "reference_failed",
            None,
            None,
        )
        assert why in ex["reason"] and why in ex["tolerance"]["why"]
        assert "reference unusable:" in done.stderr
        assert not (out / "logs" / "correct" / "execution" / "stdout.txt").exists()  # never ran


@pytest.mark.docker
def test_a_killed_grading_resumes_with_the_reference_runs_it_paid_for(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = [
        "grade",
        "--tasks",
        FIXTURE / "tasks.jsonl",
        "--submissions",
        FIXTURE / "submissions",
        "--out",
        out,
        "--subtasks",
        "execution",
        "--concurrency",
        "1",
        "--reference-runs",
        "6",
    ]
    proc = subprocess.Popen(
        command(*args), env=environment(tmp_path), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and proc.poll() is None:
        if len(list((out / "reference").glob("*/seed-*.json"))) >= 2:
            break
        time.sleep(0.05)
    assert proc.poll() is None, "the grading finished before it could be killed"
    proc.send_signal(signal.SIGKILL)
    proc.wait(30)
    kept = {p.name: p.read_bytes() for p in (out / "reference").glob("*/seed-*.json")}
    assert 2 <= len(kept) < 6
    assert not (out / "results.jsonl").exists() or not (out / "results.jsonl").read_text().strip()

    again = run_cli(tmp_path, *args, timeout=600)
    assert again.returncode == 0, again.stderr
    assert f"reference runs: {6 - len(kept)} run now" in again.stdout
    assert f"{len(kept)} from the run folder's cache" in again.stdout
    after = {p.name: p.read_bytes() for p in (out / "reference").glob("*/seed-*.json")}
    assert sorted(after) == [f"seed-{s}.json" for s in range(1, 7)]
    assert all(after[name] == data for name, data in kept.items())  # not run again
    assert not list((out / "reference").glob("*/*.tmp"))
    assert {r["subtasks"]["execution"]["tolerance"]["n"] for r in results(out).values()} == {6}
    run_cli(tmp_path, "sandbox", "gc")  # the killed run's container and clean room
