"""Grade functions the executor tests share: module-level, so Ray workers can unpickle them."""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import re
import signal
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from expgrade.grading.dispatch import Job
from expgrade.grading.errors import UserError
from expgrade.grading.judge.limits import RateLimiter

REPO = Path(__file__).resolve().parents[1]
DEMO = REPO / "examples" / "demo"


def synthetic_grade(job: Job, gpu_ids: list[int]) -> dict[str, Any]:
    """A deterministic stand-in for a grading: the result depends only on the job's payload."""
    digest = hashlib.sha256(repr(job.payload).encode()).hexdigest()
    time.sleep(0.01)
    return {
        "key": job.key,
        "score": int(digest[:8], 16) / 0xFFFFFFFF,
        "passed": int(digest[0], 16) % 2 == 0,
        "gpus": len(gpu_ids),
    }


def timed_grade(job: Job, gpu_ids: list[int]) -> dict[str, Any]:
    """Holds its devices for `payload` seconds and says when, so tests can check who overlapped."""
    start = time.time()
    time.sleep(float(job.payload))
    return {"key": job.key, "gpu_ids": gpu_ids, "start": start, "end": time.time(), "pid": os.getpid()}


def killed_once_grade(job: Job, gpu_ids: list[int]) -> dict[str, Any]:
    """Logs every attempt; the job named `payload["victim"]` SIGKILLs its own worker the first time."""
    workdir = Path(job.payload["dir"])
    with (workdir / f"attempts-{job.key}").open("a") as log:
        log.write(f"{os.getpid()}\n")
    marker = workdir / "killed"
    if job.key == job.payload["victim"] and not marker.exists():
        marker.write_text(str(os.getpid()))
        time.sleep(0.2)  # let the other jobs get going, so the kill lands mid-run
        os.kill(os.getpid(), signal.SIGKILL)
    time.sleep(0.1)
    return {"key": job.key, "pid": os.getpid()}


def failing_grade(job: Job, gpu_ids: list[int]) -> dict[str, Any]:
    """Fails with a user error on the job whose payload says so: how the executors surface it."""
    if job.payload == "bad":
        raise UserError("cannot grade this one", record=job.key)
    return {"key": job.key}


def rendezvous_grade(job: Job, gpu_ids: list[int]) -> dict[str, Any]:
    """Waits until `parties` jobs have started (proof they ran at once), then holds its devices.

    A barrier rather than a sleep: on a loaded machine a worker may start seconds late, and
    the test must not mistake that for the scheduler serialising the jobs.
    """
    workdir = Path(job.payload["dir"])
    start = time.time()
    (workdir / f"started-{job.key}").write_text(str(start))
    deadline = time.monotonic() + 60
    met = False
    while time.monotonic() < deadline:
        if len(list(workdir.glob("started-*"))) >= job.payload["parties"]:
            met = True
            break
        time.sleep(0.02)
    time.sleep(job.payload["hold"])
    end = time.time()
    return {"key": job.key, "gpu_ids": gpu_ids, "start": start, "end": end, "met": met, "pid": os.getpid()}


def budgeted_judge_grade(job: Job, gpu_ids: list[int]) -> dict[str, Any]:
    """A grading that only judges: `payload["items"]` reference-match items through its own engine,
    on the scripted server, drawing on the run's budget gate (`payload["gate"]`)."""
    from judge_server import PRICED, ref_request

    from expgrade.grading.judge import JudgeConfig, JudgeEngine, JudgeSpec

    p = job.payload
    config = JudgeConfig(
        judges=[JudgeSpec(PRICED)], api_base=p["url"], budget_gate=p["gate"], max_tokens=100,
        use_cache=False, timeout_s=5.0, backoff_base_s=0.01, backoff_max_s=0.1,
    )  # fmt: skip
    reqs = [ref_request(f"{job.key}-{i}", f"42, budgeted {job.key} item {i}") for i in range(p["items"])]
    with JudgeEngine(config) as engine:
        verdicts = engine.judge_sync(reqs)
    return {
        "pid": os.getpid(),
        "verdicts": [(v.item_id, v.status, v.reason, v.cost_usd) for v in verdicts],
    }


def _limited_calls(limiter: RateLimiter, calls: int) -> list[float]:
    """A stand-in for a grading's judge calls: `calls` acquisitions at once, their times."""

    async def one() -> float:
        await limiter.acquire("judge/model", 100)
        return time.time()

    async def all_of_them() -> list[float]:
        return list(await asyncio.gather(*(one() for _ in range(calls))))

    return asyncio.run(all_of_them())


def limited_grade(job: Job, gpu_ids: list[int]) -> dict[str, Any]:
    return {"key": job.key, "times": _limited_calls(job.payload, 10)}


#: Fields that measure the run rather than grade the submission. Which of two calls sharing a
#: prefix reaches the provider first (and so pays for it uncached) depends on scheduling.
TIMING = {"duration_s", "cached_prompt_tokens"}
#: Each re-execution gets a fresh random clean room, named in messages such as a traceback.
CLEAN_ROOM = re.compile(r"expgrade-run-\w+")


def without_timing(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: without_timing(v) for k, v in value.items() if k not in TIMING}
    if isinstance(value, list):
        return [without_timing(v) for v in value]
    if isinstance(value, str):
        return CLEAN_ROOM.sub("expgrade-run-*", value)
    return value


def demo_env(tmp: Path) -> dict[str, str]:
    """The environment `grade_demo` runs the CLI in: a judge cache of its own under `tmp`, and the
    venv first on PATH (the demo experiment runs on its scikit-learn, as Ray's workers do)."""
    return {
        **os.environ,
        "LITELLM_LOCAL_MODEL_COST_MAP": "True",
        "EXPGRADE_CACHE_DIR": str(tmp / "cache"),
        "PATH": f"{REPO / '.venv' / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
    }


@dataclass(frozen=True)
class DemoRun:
    """The demo graded once in threads (`grade_demo` with no options), with the scripted judge
    that graded it still serving, so another executor's run can be compared against it."""

    judge_url: str
    folder: Path
    results: dict[tuple[str, str], Any]


@contextmanager
def demo_in_threads(tmp: Path) -> Iterator[DemoRun]:
    """Grade the demo in threads into `tmp`/threads; the judge serves until the block ends."""
    from expgrade.grading.run.demo import demo_judge_script
    from expgrade.grading.testing.judge_server import ScriptedServer

    with ScriptedServer(demo_judge_script()) as judge:
        yield DemoRun(judge.url, tmp / "threads", grade_demo(tmp / "threads", [], judge.url, demo_env(tmp)))


def retest_records(run: Path) -> dict[str, Any]:
    """The run's retest records (retest.jsonl) by id, without what measures the run."""
    lines = (run / "retest.jsonl").read_text().splitlines()
    return {r["retest_id"]: without_timing(r) for r in map(json.loads, lines)}


def grade_demo(out: Path, how: list[str], api_base: str, env: dict[str, str]) -> dict[tuple[str, str], Any]:
    """`expgrade grade` on the demo, run the way `how` says; its results without run-specific fields."""
    cmd = [
        str(REPO / ".venv" / "bin" / "expgrade"), "grade",
        "--tasks", str(DEMO / "tasks.jsonl"), "--submissions", str(DEMO / "submissions"), "--out", str(out),
        "--judge", "openai/scripted-judge", "--api-base", api_base, "--no-cache",
        "--subtasks", "design,conclusion,integrity,execution", "--sandbox", "local",
        "--concurrency", "2", "--rpm", "6000", *how,
    ]  # fmt: skip
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = (out / "results.jsonl").read_text().splitlines()
    return {(r["task_id"], r["submission_id"]): without_timing(r) for r in map(json.loads, lines)}


def unreadable_grade(job: Job, gpu_ids: list[int]) -> Any:
    """Returns an object of a module only this worker process can import: it pickles here and
    cannot be unpickled by the driver."""
    import importlib
    import sys

    folder = Path(job.payload)
    (folder / "worker_only.py").write_text("class Result:\n    pass\n")
    sys.path.insert(0, str(folder))
    return importlib.import_module("worker_only").Result()
