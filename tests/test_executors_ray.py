"""The Ray executor on one local Ray instance (2 CPUs, 2 declared GPUs, no real GPU needed).

Ray hands out GPU ids for the GPUs a node declares, so `ray.init(num_gpus=2)` lets these tests
check GPU scheduling on a machine without GPUs. One instance serves the whole module: Ray
takes seconds to start on two cores.
"""

from __future__ import annotations

import contextlib
import json
import os
import pickle
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from executors_support import (
    DemoRun,
    budgeted_judge_grade,
    demo_env,
    failing_grade,
    grade_demo,
    killed_once_grade,
    limited_grade,
    rendezvous_grade,
    synthetic_grade,
    timed_grade,
)
from grade_support import command
from killed_support import (
    assert_gone_in_time,
    endless_run,
    grade_args,
    grader_of,
    leftovers_of,
    processes_with,
    remove_leftovers_of,
    wait_for_start,
)

from expgrade.grading.dispatch import Job, JobResources, get_executor
from expgrade.grading.dispatch.ray_executor import RayBudgetGate
from expgrade.grading.errors import UserError
from expgrade.grading.judge.limits import ModelLimits
from expgrade.grading.testing.judge_server import ScriptedServer

ray = pytest.importorskip("ray", reason="the ray extra is not installed (pip install 'expgrade[ray]')")

pytestmark = pytest.mark.ray

GPU = JobResources(gpus=1, cpus=0.1)
REPO = Path(__file__).resolve().parents[1]
DEMO = REPO / "examples" / "demo"


def free_ports(count: int) -> list[int]:
    """`count` distinct ports the kernel reports free now (held open together, so distinct)."""
    with contextlib.ExitStack() as stack:
        socks = [stack.enter_context(socket.socket()) for _ in range(count)]
        for sock in socks:
            sock.bind(("127.0.0.1", 0))
        return [sock.getsockname()[1] for sock in socks]


@pytest.fixture(scope="module", autouse=True)
def local_ray() -> Iterator[None]:
    """One Ray head node of this module's own (`ray start --head --block`), joined with `ray.init`.

    Not `ray.init(num_cpus=...)`, for two failures on a loaded machine: its raylet waits a fixed
    15 s (not configurable) for the dashboard agent to write its port file, and on two busy cores
    the agent's imports took longer, so the raylet aborted ("Timed out waiting for file
    .../metrics_agent_port_...") and every test of the module errored at setup; and it puts every
    instance's dashboard agent on port 52365, its dashboard head on 8265 and its files under
    /tmp/ray, shared with any other Ray another test run starts beside this one. Here every port
    is given (free ones), so the raylet waits on no port file, and the instance has a temp dir of
    its own; the head is up when it writes its address file there, which is waited on with a
    generous bound.
    """
    with pytest.MonkeyPatch.context() as env:
        # One authentication mode for the head, this driver and the CLI runs that join it through
        # RAY_ADDRESS, whatever token ~/.ray holds: this process read its mode (unset: disabled)
        # when it imported Ray, and a head that found a token there would turn token auth on.
        env.setenv("RAY_AUTH_MODE", "disabled")
        temp_dir = Path(tempfile.mkdtemp(prefix="expgrade-ray-"))  # short: Ray's socket paths live in it
        try:
            head = start_ray_head(temp_dir)
            try:
                # Workers import the grade functions by module name, as they would grading.run's.
                ray.init(
                    address=(temp_dir / "ray_current_cluster").read_text().strip(),
                    logging_level="WARNING",
                    runtime_env={"env_vars": {"PYTHONPATH": str(Path(__file__).parent)}},
                )
                yield
                ray.shutdown()
            finally:
                head.terminate()  # `--block` stops the node's processes on SIGTERM
                with contextlib.suppress(subprocess.TimeoutExpired):
                    head.wait(timeout=120)
                head.kill()
        finally:
            shutil.rmtree(temp_dir, ignore_errors=True)


def start_ray_head(temp_dir: Path) -> subprocess.Popen[bytes]:
    """`ray start --head --block` on free ports under `temp_dir`, up once its address file is there."""
    # Ray's workers inherit the raylet's environment: put the venv's python3 (with scikit-learn,
    # which the demo experiment runs on) first on PATH, as CI's bootstrap does.
    env = {**os.environ, "PATH": f"{REPO / '.venv' / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}"}
    gcs, dashboard, agent_grpc, agent_http, metrics, runtime_env = free_ports(6)
    said = temp_dir / "ray-start.log"
    with said.open("w") as log:
        head = subprocess.Popen(
            [
                str(REPO / ".venv" / "bin" / "ray"), "start", "--head", "--block", "--num-cpus=2",
                "--num-gpus=2", "--include-dashboard=false", f"--temp-dir={temp_dir}", f"--port={gcs}",
                f"--dashboard-port={dashboard}",
                f"--dashboard-agent-grpc-port={agent_grpc}", f"--dashboard-agent-listen-port={agent_http}",
                f"--metrics-export-port={metrics}", f"--runtime-env-agent-port={runtime_env}",
            ],
            env=env, stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
    deadline = time.monotonic() + 300
    while head.poll() is None and time.monotonic() < deadline:
        if (temp_dir / "ray_current_cluster").exists():
            return head
        time.sleep(0.2)
    head.kill()
    head.wait()
    pytest.fail(f"the Ray head did not start (exit code {head.returncode}):\n{said.read_text()[-3000:]}")


def collect(jobs: list[Job], grade: Any, concurrency: int = 8) -> dict[str, dict[str, Any]]:
    """Runs the jobs on Ray; asserts every result arrived exactly once."""
    out: dict[str, dict[str, Any]] = {}

    def on_result(job: Job, result: dict[str, Any]) -> None:
        assert job.key not in out, f"{job.key} delivered twice"
        out[job.key] = result

    get_executor("ray", concurrency=concurrency).run(jobs, grade, on_result)
    return out


def test_concurrent_gpu_jobs_get_distinct_ids_and_a_third_waits(tmp_path: Path) -> None:
    # Holds 1.5 s apart: the two jobs that meet at the barrier end far enough apart that the one
    # whose clock says it ended first is also the one whose GPU Ray released first.
    jobs = [Job(f"g{i}", {"dir": str(tmp_path), "parties": 2, "hold": 1.0 + 1.5 * i}, GPU) for i in range(3)]
    out = collect(jobs, rendezvous_grade)
    runs = sorted(out.values(), key=lambda r: r["start"])
    first, second, third = runs
    assert first["met"] and second["met"], "two GPUs: the first two jobs ran at once"
    assert sorted(first["gpu_ids"] + second["gpu_ids"]) == [0, 1]
    assert third["start"] >= min(first["end"], second["end"]), "the third job must wait for a GPU"
    freed = first["gpu_ids"] if first["end"] <= second["end"] else second["gpu_ids"]
    assert third["gpu_ids"] == freed


def test_a_job_asking_for_two_gpus_gets_both_and_cpu_jobs_get_none() -> None:
    out = collect(
        [Job("pair", 0.1, JobResources(gpus=2, cpus=0.1)), Job("cpu", 0.1, JobResources(cpus=0.1))],
        timed_grade,
    )
    assert sorted(out["pair"]["gpu_ids"]) == [0, 1]
    assert out["cpu"]["gpu_ids"] == []


def test_a_worker_killed_mid_task_is_retried_and_nothing_is_lost_or_recomputed(tmp_path: Path) -> None:
    keys = [f"k{i}" for i in range(6)]
    payload = {"dir": str(tmp_path), "victim": "k2"}
    out = collect([Job(k, payload, JobResources(cpus=0.5)) for k in keys], killed_once_grade, concurrency=4)
    assert (tmp_path / "killed").exists(), "the victim's first attempt did kill its worker"
    assert sorted(out) == keys
    attempts = {k: len((tmp_path / f"attempts-{k}").read_text().splitlines()) for k in keys}
    assert attempts == {k: 2 if k == "k2" else 1 for k in keys}
    assert out["k2"]["pid"] != int((tmp_path / "killed").read_text()), "the retry ran in a fresh worker"


def test_the_same_inputs_give_the_same_results_as_the_local_executor() -> None:
    jobs = [
        Job(f"task{i % 7}/sub{i}", {"task": i % 7, "answer": "y" * i}, JobResources(cpus=0.1))
        for i in range(30)
    ]
    local: dict[str, dict[str, Any]] = {}
    get_executor("local", concurrency=4).run(jobs, synthetic_grade, lambda j, r: local.__setitem__(j.key, r))
    assert collect(jobs, synthetic_grade) == local
    assert len(local) == 30


def test_a_user_error_in_a_grading_surfaces_as_itself_after_the_finished_ones() -> None:
    jobs = [Job("a", "ok", GPU), Job("b", "bad", GPU), Job("c", "ok", GPU), Job("d", "ok", GPU)]
    done: list[str] = []
    with pytest.raises(UserError, match="cannot grade this one") as err:
        get_executor("ray", concurrency=1).run(jobs, failing_grade, lambda job, r: done.append(job.key))
    assert err.value.record == "b"
    assert done == ["a"], "no new job starts after a failure"


def test_a_job_asking_for_more_gpus_than_any_node_has_runs_without_them_after_one_warning() -> None:
    """As on the local executor: everything else is graded; the grader reports asked vs found."""
    jobs = [Job("ok", 0.0, GPU), Job("big/one", 0.0, JobResources(gpus=4, cpus=0.1))]
    executor = get_executor("ray", concurrency=2)
    warning = executor.gpu_shortfall(jobs)
    assert warning is not None and "big/one" in warning
    assert "up to 4 GPU(s)" in warning and "has 2" in warning
    out: dict[str, dict[str, Any]] = {}
    executor.run(jobs, timed_grade, lambda job, r: out.__setitem__(job.key, r))
    assert out["big/one"]["gpu_ids"] == [] and len(out["ok"]["gpu_ids"]) == 1
    assert get_executor("ray", concurrency=2).gpu_shortfall(jobs[:1]) is None


def test_a_job_asking_for_more_memory_than_any_node_has_is_refused() -> None:
    too_much = JobResources(cpus=0.1, memory_bytes=10 * 1024**5)  # 10 PiB
    with pytest.raises(UserError) as err:
        collect([Job("huge", 0.0, too_much)], timed_grade)
    assert err.value.record == "huge" and "memory" in str(err.value)


def test_a_failing_result_handler_cancels_the_gradings_still_running(tmp_path: Path) -> None:
    def on_result(job: Job, result: dict[str, Any]) -> None:
        raise OSError("disk full")

    # The slow grading would hold its GPU for 300 s: far longer than cancelling it and starting
    # the next grading take on a loaded machine, so the bound below tells the two apart.
    start = time.time()
    with pytest.raises(OSError, match="disk full"):
        get_executor("ray", concurrency=2).run(
            [Job("fast", 0.0, GPU), Job("slow", 300.0, GPU)], timed_grade, on_result
        )
    # Its GPU is free again: a grading needing both devices gets them before the slow one's end.
    out = collect([Job("pair", 0.0, JobResources(gpus=2, cpus=0.1))], timed_grade)
    assert sorted(out["pair"]["gpu_ids"]) == [0, 1]
    assert out["pair"]["start"] < start + 300, "the 300 s grading was cancelled, not waited for"


def test_the_callers_ray_instance_is_left_running() -> None:
    collect([Job("x", 0.0, GPU)], timed_grade)
    assert ray.is_initialized()


def test_the_cluster_rate_limiter_holds_every_worker_to_one_rate() -> None:
    executor = get_executor("ray", concurrency=4)
    limiter = executor.rate_limiter({"judge/model": ModelLimits(rpm=600)})  # 10/s, burst 10
    # Each task unpickles the settings anew; the limiter stays one object per process, so a
    # worker's judge engine cached by settings is reused rather than rebuilt per grading.
    assert pickle.loads(pickle.dumps(limiter)) is limiter
    out: dict[str, dict[str, Any]] = {}
    executor.run(
        [Job(f"w{i}", limiter, JobResources(cpus=0.1)) for i in range(4)],
        limited_grade,
        lambda j, r: out.__setitem__(j.key, r),
    )
    times = sorted(t for r in out.values() for t in r["times"])
    assert len(times) == 40
    # One bucket for all four workers: 40 calls at 10/s after a burst of 10 take about 3 s;
    # four separate in-process limiters would have let them through in about 1 s.
    assert times[-1] - times[0] >= 2.7
    per_second = Counter(int(t - times[0]) for t in times)
    assert max(per_second.values()) <= 21


def test_the_budget_caps_the_whole_cluster_not_each_worker(judge_server: ScriptedServer) -> None:
    """Four worker processes judge 6 priced items each; the budget pays for about five calls.

    One gate for the run: a call reserves its worst case before it starts, so spend never
    passes the cap (no in-flight overshoot: the reservation is made first, and a reply never
    costs more than its worst case). Per-worker ledgers would have let each worker spend the
    whole budget, about four times over.
    """
    budget = 0.0005  # gpt-4o-mini with max_tokens=100: roughly $0.0001 worst case a call
    executor = get_executor("ray", concurrency=4)
    gate = executor.budget_gate(budget)
    assert isinstance(gate, RayBudgetGate) and pickle.loads(pickle.dumps(gate)) is gate
    payload = {"url": judge_server.url, "gate": gate, "items": 6}
    jobs = [Job(f"worker{i}", payload, JobResources(cpus=0.5)) for i in range(4)]
    before = judge_server.stats["requests"]
    out: dict[str, dict[str, Any]] = {}
    executor.run(jobs, budgeted_judge_grade, lambda j, r: out.__setitem__(j.key, r))
    calls = judge_server.stats["requests"] - before

    verdicts = [v for r in out.values() for v in r["verdicts"]]
    assert len(verdicts) == 24 and len({v[0] for v in verdicts}) == 24, "every item came back once"
    graded = [v for v in verdicts if v[1] == "graded"]
    refused = [v for v in verdicts if v[1] == "unscorable"]
    assert graded and all(reason == "budget" for _, _, reason, _ in refused)
    assert len(graded) + len(refused) == 24
    assert len({r["pid"] for r in out.values()}) >= 2, "the gradings ran in several worker processes"
    spent = sum(cost for *_, cost in graded)
    assert spent <= budget
    assert calls == len(graded), "a refused call never reached the server"
    account = gate.account()
    assert account["spent_usd"] == pytest.approx(spent) and account["reserved_usd"] == pytest.approx(0.0)
    assert account["refusals"] == len(refused)
    assert len(graded) <= 8, "far fewer than the 24 that per-worker budgets would have paid for"


# --- `expgrade grade --executor ray` against `--executor local`, through the real CLI ----------


def test_expgrade_grade_gives_the_same_results_on_ray_as_locally(
    tmp_path: Path, demo_graded_in_threads: DemoRun
) -> None:
    local = demo_graded_in_threads.results  # the local executor's run, shared with the processes' test
    # The CLI joins this module's Ray instance, the way it joins a cluster: through RAY_ADDRESS.
    env = {**demo_env(tmp_path), "RAY_ADDRESS": ray.get_runtime_context().gcs_address}
    on_ray = grade_demo(tmp_path / "ray", ["--executor", "ray"], demo_graded_in_threads.judge_url, env)
    assert len(local) == len(list((DEMO / "submissions").iterdir()))
    assert on_ray == local
    statuses = {r["subtasks"]["execution"]["status"] for r in local.values()}
    assert "reproduced" in statuses, "the demo's careful submissions re-run and reproduce"
    manifest = json.loads((tmp_path / "ray" / "manifest.json").read_text())
    assert manifest["sessions"][-1]["executor"] == "ray"


# --- a worker SIGKILLed mid-job: its sandbox ends on its own, the retry removes what is left ---


@pytest.mark.parametrize("sandbox", [pytest.param("docker", marks=pytest.mark.docker), "local"])
def test_a_killed_workers_sandbox_ends_at_its_limit_and_the_retry_removes_it(
    tmp_path: Path, sandbox: str
) -> None:
    if sandbox == "docker":
        pytest.importorskip("docker").from_env().ping()
    marker = f"expgrade-killed-{uuid.uuid4().hex[:12]}"
    tasks, subs = endless_run(tmp_path, marker)
    out = tmp_path / "run"
    env = {
        **os.environ,
        "LITELLM_LOCAL_MODEL_COST_MAP": "True",
        "EXPGRADE_CACHE_DIR": str(tmp_path / "cache"),
        "RAY_ADDRESS": ray.get_runtime_context().gcs_address,
    }
    driver = subprocess.Popen(
        command(*grade_args(tasks, subs, out, sandbox, "--executor", "ray")), env=env,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    worker = 0
    try:
        running = wait_for_start(marker, driver)
        started = time.monotonic()
        worker = grader_of(min(running), sandbox)
        assert worker != driver.pid, "the sandbox was started by a Ray worker, not the driver"
        time.sleep(1.5)
        os.kill(worker, signal.SIGKILL)
        killed = time.monotonic()
        assert_gone_in_time(f"ray/{sandbox}", running, started, killed)
        said, _ = driver.communicate(timeout=240)
        assert driver.returncode == 0, said
        assert leftovers_of(worker) == [], "the retry's sweep removes what the dead worker left"
        assert processes_with(marker) == set()
        lines = (out / "results.jsonl").read_text().splitlines()
        assert len(lines) == 1 and json.loads(lines[0])["subtasks"]["execution"]["status"] == "timeout"
    finally:
        for pid in processes_with(marker):
            os.kill(pid, signal.SIGKILL)
        if worker:
            remove_leftovers_of(worker)
        driver.kill()
