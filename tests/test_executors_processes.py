"""The local executor over worker processes (`expgrade grade --workers N`).

Each worker process runs several gradings at once in threads; the budget gate and the rate
limiter are the run's, in a manager process, however many workers draw on them.
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import threading
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from executors_support import (
    REPO,
    DemoRun,
    budgeted_judge_grade,
    demo_env,
    failing_grade,
    grade_demo,
    killed_once_grade,
    limited_grade,
    rendezvous_grade,
    retest_records,
    synthetic_grade,
    unreadable_grade,
)

from expgrade.grading.dispatch import Job, get_executor
from expgrade.grading.dispatch.process_pool import WorkerDied
from expgrade.grading.errors import UserError
from expgrade.grading.judge.limits import ModelLimits
from expgrade.grading.testing.judge_server import ScriptedServer


def collect(jobs: list[Job], grade: Any, *, concurrency: int = 4, workers: int = 2) -> dict[str, Any]:
    out: dict[str, Any] = {}

    def on_result(job: Job, result: dict[str, Any]) -> None:
        assert job.key not in out, f"{job.key} delivered twice"
        out[job.key] = result

    get_executor("local", concurrency=concurrency, workers=workers).run(jobs, grade, on_result)
    return out


def raised_by_run(run: Callable[[], None]) -> BaseException | None:
    """What `run` raised (None if nothing), failing the test if it is still running after 300 s.

    A hang is the defect these runs guard against, not slowness, so the bound is generous: in a
    whole-suite run at load 11-25 the worker processes took their first job 37 s after the test
    began, and the killed-worker test, then bounded at 30 s, failed although its run ended as it
    should (WorkerDied naming k0, the other worker's five results delivered).
    """
    raised: list[BaseException] = []

    def target() -> None:
        try:
            run()
        except BaseException as exc:
            raised.append(exc)

    runner = threading.Thread(target=target, daemon=True)
    runner.start()
    runner.join(300)
    assert not runner.is_alive(), "the run hung instead of ending"
    return raised[0] if raised else None


def test_gradings_run_in_the_worker_processes_several_at_a_time_and_never_more_than_concurrency(
    tmp_path: Path,
) -> None:
    # The first four wait for each other: a worker process that starts late on a loaded machine
    # still gets its share, instead of the other finishing all eight before it is up.
    payload = {"dir": str(tmp_path), "parties": 4, "hold": 0.5}
    out = collect([Job(f"j{i}", payload) for i in range(8)], rendezvous_grade, concurrency=4, workers=2)
    runs = list(out.values())
    pids = {r["pid"] for r in runs}
    assert len(pids) == 2 and os.getpid() not in pids
    # Within one worker process, gradings overlap: it runs two at once in threads.
    for pid in pids:
        mine = sorted((r for r in runs if r["pid"] == pid), key=lambda r: r["start"])
        assert any(a["end"] > b["start"] for a, b in pairwise(mine)), pid
    # Across the run, never more than --concurrency in flight.
    events = sorted([(r["start"], 1) for r in runs] + [(r["end"], -1) for r in runs])
    live = peak = 0
    for _, step in events:
        live += step
        peak = max(peak, live)
    assert peak <= 4


def test_the_same_inputs_give_the_same_results_as_threads() -> None:
    jobs = [Job(f"t/{i}", {"task": i, "text": "x" * i}) for i in range(24)]
    in_threads = collect(jobs, synthetic_grade, concurrency=4, workers=1)
    in_processes = collect(jobs, synthetic_grade, concurrency=4, workers=2)
    assert len(in_threads) == 24 and in_processes == in_threads


def test_a_user_error_in_a_worker_surfaces_as_itself_after_the_finished_ones() -> None:
    jobs = [Job("a", "ok"), Job("b", "ok"), Job("c", "bad"), Job("d", "ok")]
    done: list[str] = []
    with pytest.raises(UserError, match="cannot grade this one") as err:
        get_executor("local", concurrency=1, workers=2).run(
            jobs, failing_grade, lambda j, r: done.append(j.key)
        )
    assert err.value.record == "c"
    assert done == ["a", "b"]


def test_a_worker_killed_mid_grading_fails_the_run_naming_it_and_keeps_the_other_results(
    tmp_path: Path,
) -> None:
    keys = [f"k{i}" for i in range(6)]
    payload = {"dir": str(tmp_path), "victim": "k0"}
    done: list[str] = []
    raised = raised_by_run(
        lambda: get_executor("local", concurrency=2, workers=2).run(
            [Job(k, payload) for k in keys], killed_once_grade, lambda j, r: done.append(j.key)
        )
    )
    assert isinstance(raised, WorkerDied) and re.search(r"k0.*rerun the same command", str(raised)), raised
    assert "exit code -9" in str(raised)
    assert done and "k0" not in done, "the other worker's results were delivered"


def test_a_result_the_driver_cannot_read_fails_its_grading_without_hanging(tmp_path: Path) -> None:
    raised = raised_by_run(
        lambda: get_executor("local", concurrency=2, workers=2).run(
            [Job("odd", str(tmp_path))], unreadable_grade, lambda j, r: None
        )
    )
    assert raised is not None and "could not be read back" in str(raised)


def test_one_rate_limit_holds_every_worker_process() -> None:
    executor = get_executor("local", concurrency=4, workers=2)
    limiter = executor.rate_limiter({"judge/model": ModelLimits(rpm=600)})  # 10/s, burst 10
    out: dict[str, Any] = {}
    executor.run(
        [Job(f"w{i}", limiter) for i in range(4)], limited_grade, lambda j, r: out.setdefault(j.key, r)
    )
    times = sorted(t for r in out.values() for t in r["times"])
    assert len(times) == 40
    # One bucket for both processes: 40 calls at 10/s after a burst of 10 take about 3 s; a
    # limiter per process would have let them through in about 1.5 s.
    assert times[-1] - times[0] >= 2.7


def test_the_budget_caps_every_worker_process_together(judge_server: ScriptedServer) -> None:
    budget = 0.0005  # gpt-4o-mini with max_tokens=100: roughly $0.0001 worst case a call
    executor = get_executor("local", concurrency=4, workers=2)
    gate = executor.budget_gate(budget)
    payload = {"url": judge_server.url, "gate": gate, "items": 6}
    before = judge_server.stats["requests"]
    out: dict[str, Any] = {}
    executor.run(
        [Job(f"worker{i}", payload) for i in range(4)],
        budgeted_judge_grade,
        lambda j, r: out.__setitem__(j.key, r),
    )
    calls = judge_server.stats["requests"] - before
    verdicts = [v for r in out.values() for v in r["verdicts"]]
    assert len(verdicts) == 24 and len({v[0] for v in verdicts}) == 24
    graded = [v for v in verdicts if v[1] == "graded"]
    refused = [v for v in verdicts if v[1] == "unscorable"]
    assert graded and refused and all(reason == "budget" for _, _, reason, _ in refused)
    assert len({r["pid"] for r in out.values()}) == 2, "the gradings ran in both worker processes"
    assert sum(cost for *_, cost in graded) <= budget
    assert calls == len(graded), "a refused call never reached the server"
    assert len(graded) <= 8, "far fewer than the 24 that a budget per process would have paid for"


def test_workers_are_for_the_local_executor_only() -> None:
    with pytest.raises(UserError) as err:
        get_executor("ray", concurrency=2, workers=2)
    assert err.value.field == "--workers"
    with pytest.raises(UserError) as err:
        get_executor("local", concurrency=2, workers=0)
    assert err.value.field == "--workers"


def test_expgrade_grade_gives_the_same_results_over_worker_processes(
    tmp_path: Path, demo_graded_in_threads: DemoRun
) -> None:
    in_threads = demo_graded_in_threads.results
    url = demo_graded_in_threads.judge_url
    in_processes = grade_demo(tmp_path / "processes", ["--workers", "2"], url, demo_env(tmp_path))
    assert in_threads and in_processes == in_threads
    manifest = (tmp_path / "processes" / "manifest.json").read_text()
    assert '"workers": 2' in manifest
    # The retests run after the gradings, on the same executor and its shared limiter: asked
    # again in the worker processes, they get the judge's verdicts, not a dead limiter's errors.
    retests = retest_records(tmp_path / "processes")
    again = [v["status"] for r in retests.values() for i in r["items"] for v in i["again"]]
    assert again and set(again) == {"graded"}, again
    assert retests == retest_records(demo_graded_in_threads.folder)


def test_the_shared_limiter_and_gate_outlive_each_run_until_the_executor_is_closed() -> None:
    # `expgrade grade` runs its gradings, then its retests, on one executor with one limiter and
    # one gate: a run that ended them would fail every judge call of the next with an OSError.
    executor = get_executor("local", concurrency=2, workers=2)
    limiter = executor.rate_limiter({"judge/model": ModelLimits(rpm=60_000)})
    gate = executor.budget_gate(1.0)
    out: dict[str, Any] = {}
    for run in ("first", "second"):
        jobs = [Job(f"{run}{i}", limiter) for i in range(2)]
        executor.run(jobs, limited_grade, lambda j, r: out.__setitem__(j.key, r))
        assert [len(out[job.key]["times"]) for job in jobs] == [10, 10], run
        assert asyncio.run(gate.try_reserve(0.25)), run
    assert not asyncio.run(gate.try_reserve(0.75)), "one gate for both runs: $0.50 of $1 was left"
    executor.close()
    with pytest.raises(OSError):
        asyncio.run(gate.try_reserve(0.01))


def test_expgrade_grade_workers_with_ray_exits_2_naming_the_option(tmp_path: Path) -> None:
    demo = REPO / "examples" / "demo"
    cmd = [
        str(REPO / ".venv" / "bin" / "expgrade"), "grade", "--tasks", str(demo / "tasks.jsonl"),
        "--submissions", str(demo / "submissions"), "--out", str(tmp_path / "run"),
        "--subtasks", "integrity", "--executor", "ray", "--workers", "2",
    ]  # fmt: skip
    env = {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert "--workers" in proc.stderr and "Traceback" not in proc.stderr
    assert not (tmp_path / "run").exists(), "refused before anything was written"
