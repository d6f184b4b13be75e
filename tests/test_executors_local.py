"""The local executor: bounded concurrency, GPU hand-out, streaming, failure surfacing."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from executors_support import failing_grade, synthetic_grade, timed_grade

from expgrade.grading.dispatch import Job, JobResources, get_executor, resources_for
from expgrade.grading.dispatch.base import JUDGE_ONLY_CPUS
from expgrade.grading.errors import UserError
from expgrade.grading.sandbox.gpu import GpuAllocator
from expgrade.grading.schemas import RunSpec

REPO = Path(__file__).resolve().parents[1]


def overlapping(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return bool(a["start"] < b["end"] and b["start"] < a["end"])


def test_never_runs_more_than_concurrency_at_once() -> None:
    live, peak = 0, 0
    lock = threading.Lock()

    def grade(job: Job, gpu_ids: list[int]) -> dict[str, Any]:
        nonlocal live, peak
        with lock:
            live += 1
            peak = max(peak, live)
        time.sleep(0.3)
        with lock:
            live -= 1
        return {"key": job.key}

    results: list[str] = []
    get_executor("local", concurrency=3).run(
        [Job(f"j{i}", i) for i in range(7)], grade, lambda job, r: results.append(r["key"])
    )
    assert peak == 3
    assert sorted(results) == sorted(f"j{i}" for i in range(7))


def test_results_reach_the_callers_thread_as_each_job_finishes() -> None:
    caller = threading.get_ident()
    seen: list[tuple[str, int, float]] = []
    jobs = [Job("slow", 0.6), Job("fast", 0.05)]
    get_executor("local", concurrency=2).run(
        jobs, timed_grade, lambda job, r: seen.append((job.key, threading.get_ident(), time.time()))
    )
    assert [key for key, _, _ in seen] == ["fast", "slow"]
    assert {thread for _, thread, _ in seen} == {caller}
    assert seen[1][2] - seen[0][2] > 0.3  # the fast result was handed over before the slow one ended


def test_gpu_jobs_get_their_own_devices_and_cpu_jobs_pass_a_waiting_one() -> None:
    gpu = JobResources(gpus=1)
    jobs = [Job("g1", 1.0, gpu), Job("g2", 1.0, gpu), Job("g3", 1.0, gpu), Job("c1", 0.1), Job("c2", 0.1)]
    out: dict[str, dict[str, Any]] = {}
    get_executor("local", concurrency=4, gpus=GpuAllocator([0, 1])).run(
        jobs, timed_grade, lambda job, r: out.setdefault(job.key, r)
    )
    gpu_runs = [out[k] for k in ("g1", "g2", "g3")]
    assert all(len(r["gpu_ids"]) == 1 and r["gpu_ids"][0] in (0, 1) for r in gpu_runs)
    for i, a in enumerate(gpu_runs):
        for b in gpu_runs[i + 1 :]:
            if overlapping(a, b):
                assert a["gpu_ids"] != b["gpu_ids"]
    # Two GPUs: the third GPU job waited for one of the first two to end...
    assert out["g3"]["start"] >= min(out["g1"]["end"], out["g2"]["end"])
    # ...while the CPU jobs queued behind it ran at once, with no devices.
    assert out["c1"]["gpu_ids"] == [] and out["c1"]["start"] < out["g1"]["end"]


def test_a_job_needing_more_gpus_than_the_host_has_runs_without_them_after_one_warning() -> None:
    """Everything else of it is graded; its grader ends the execution as sandbox_error (asked vs found)."""
    jobs = [Job("ok", 0.0), Job("task/sub", 0.0, JobResources(gpus=3)), Job("one", 0.0, JobResources(gpus=1))]
    runner = get_executor("local", concurrency=2, gpus=GpuAllocator([0, 1]))
    warning = runner.gpu_shortfall(jobs)  # type: ignore[attr-defined]
    assert warning is not None and "1 grading(s) ask for up to 3 GPU(s) but this machine has 2" in warning
    got: dict[str, list[int]] = {}
    runner.run(jobs, timed_grade, lambda j, r: got.update({j.key: r["gpu_ids"]}))
    assert got["task/sub"] == [] and len(got["one"]) == 1 and got["ok"] == []
    assert runner.gpu_shortfall([Job("one", 0.0, JobResources(gpus=1))]) is None  # type: ignore[attr-defined]


def test_a_failing_grading_stops_new_jobs_keeps_finished_ones_and_reraises() -> None:
    jobs = [Job("a", "ok"), Job("b", "ok"), Job("c", "bad"), Job("d", "ok"), Job("e", "ok")]
    done: list[str] = []
    with pytest.raises(UserError, match="cannot grade this one"):
        get_executor("local", concurrency=1).run(jobs, failing_grade, lambda job, r: done.append(job.key))
    assert done == ["a", "b"]


def test_same_inputs_give_the_same_results_at_any_concurrency() -> None:
    jobs = [Job(f"t/{i}", {"task": i, "text": "x" * i}) for i in range(40)]
    runs: list[dict[str, dict[str, Any]]] = []
    for concurrency in (1, 8):
        runs.append({})
        get_executor("local", concurrency=concurrency).run(
            jobs, synthetic_grade, lambda j, r: runs[-1].setdefault(j.key, r)
        )
    assert len(runs[0]) == 40 and runs[0] == runs[1]


def test_duplicate_keys_are_refused() -> None:
    with pytest.raises(ValueError, match="share the key"):
        get_executor("local", concurrency=1).run(
            [Job("a", 1), Job("a", 2)], synthetic_grade, lambda j, r: None
        )


def test_unknown_executor_and_bad_concurrency_are_user_errors() -> None:
    with pytest.raises(UserError) as err:
        get_executor("slurm", concurrency=1)
    assert err.value.field == "--executor" and "local, ray" in str(err.value)
    with pytest.raises(UserError) as err:
        get_executor("local", concurrency=0)
    assert err.value.field == "--concurrency"


def test_ray_executor_without_ray_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # what `import ray` does when it is not installed
    with pytest.raises(UserError) as err:
        get_executor("ray", concurrency=1)
    assert "pip install 'expgrade[ray]'" in str(err.value)


def test_resources_follow_the_tasks_run_limits_only_when_executing() -> None:
    run = RunSpec(command="python train.py", gpus=2, cpus=4, memory="1.5g")
    assert resources_for(run, execute=True) == JobResources(gpus=2, cpus=4.0, memory_bytes=1536 * 1024**2)
    assert resources_for(run, execute=False) == JobResources(gpus=0, cpus=JUDGE_ONLY_CPUS)
    assert resources_for(None, execute=True) == JobResources(gpus=0, cpus=JUDGE_ONLY_CPUS)
    assert resources_for(RunSpec(command="x"), execute=True) == JobResources()
    with pytest.raises(UserError) as err:
        resources_for(RunSpec(command="x", memory="lots"), execute=True)
    assert err.value.field == "run.memory"


def test_the_local_rate_limiter_spaces_calls_to_the_providers_rate() -> None:
    import asyncio

    from expgrade.grading.judge.limits import ModelLimits

    limiter = get_executor("local", concurrency=1).rate_limiter({"m": ModelLimits(rpm=600)})

    async def burst() -> float:
        start = time.monotonic()
        await asyncio.gather(*(limiter.acquire("m", 10) for _ in range(25)))
        return time.monotonic() - start

    # 10 per second with a burst of 10: 25 calls need at least 1.5 s.
    assert asyncio.run(burst()) >= 1.4


def test_a_failing_result_handler_does_not_wait_for_running_gradings() -> None:
    def on_result(job: Job, result: dict[str, Any]) -> None:
        raise OSError("disk full")

    start = time.monotonic()
    with pytest.raises(OSError, match="disk full"):
        get_executor("local", concurrency=2).run(
            [Job("fast", 0.0), Job("slow", 20.0)], timed_grade, on_result
        )
    assert time.monotonic() - start < 15, "the 20 s grading was not waited for"


def test_expgrade_grade_executor_ray_without_ray_exits_2_with_the_install_command(tmp_path: Path) -> None:
    # A `ray` package that fails to import stands in for a machine without the extra.
    fake = tmp_path / "no_ray" / "ray"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("raise ImportError('No module named ray')\n")
    demo = REPO / "examples" / "demo"
    env = {**os.environ, "PYTHONPATH": str(fake.parent), "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    cmd = [
        str(REPO / ".venv" / "bin" / "expgrade"), "grade", "--tasks", str(demo / "tasks.jsonl"),
        "--submissions", str(demo / "submissions"), "--out", str(tmp_path / "run"),
        "--subtasks", "integrity", "--executor", "ray",
    ]  # fmt: skip
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert "pip install 'expgrade[ray]'" in proc.stderr
    assert "Traceback" not in proc.stderr
