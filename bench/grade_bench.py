"""Benchmark: `expgrade grade` on 200 submissions x 4 judged subtasks with 100 ms judge latency.

The judge is the scripted OpenAI-compatible server in its own process, answering every call
after `--latency` seconds; calls go through litellm and the judge engine exactly as in a real
run. Each submission is the demo's careful Adam submission under a new id (design: 5 items,
implementation: 3 requirements, in one joint call or three, conclusion: 2 items, integrity: 3
judge items + deterministic checks), so a grading makes 11 judge calls (13 per requirement).
The ideal wall time is what the latency alone allows at the run's judge concurrency:
calls x latency / judge_concurrency.

`--workers 1 2` grades the same submissions once per value, in one run and against one server,
in threads of this process (1) or over that many worker processes (`grade --workers`); the
judge concurrency is split between the processes, so every row allows the same calls in flight.

    .venv/bin/python bench/grade_bench.py [--n 200] [--latency 0.1] [--concurrency 16]
                                          [--judge-concurrency 32] [--workers 1 2]
                                          [--implementation-judging joint|per-requirement]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

from expgrade.grading.graders.settings import GradeSettings  # noqa: E402
from expgrade.grading.judge.config import JudgeConfig  # noqa: E402
from expgrade.grading.judge.settings import JudgeSettings  # noqa: E402
from expgrade.grading.run.orchestrator import grade_run  # noqa: E402

DEMO = REPO / "examples" / "demo"
SUBTASKS = ("design", "implementation", "conclusion", "integrity")
#: Judge calls per grading: design, implementation (by judging mode), conclusion, integrity.
IMPLEMENTATION_CALLS = {"joint": 1, "per-requirement": 3}


def make_tasks(root: Path) -> Path:
    """The demo's Adam task without its unit-test command: the benchmark measures judging only."""
    task = json.loads((DEMO / "tasks.jsonl").read_text().splitlines()[0])
    for key in ("test_command", "test_files"):
        task["run"].pop(key, None)
    task["repo"]["path"] = str(DEMO / "repo")
    root.mkdir(parents=True, exist_ok=True)
    (root / "tasks.jsonl").write_text(json.dumps(task) + "\n")
    return root / "tasks.jsonl"


def make_submissions(root: Path, n: int) -> None:
    src = DEMO / "submissions" / "careful-adam"
    for i in range(n):
        dst = root / f"careful-{i:04d}"
        shutil.copytree(src, dst)
        sub = json.loads((dst / "submission.json").read_text())
        sub["agent"] = f"agent-{i % 4}"
        sub["design"] += f" (copy {i})"  # distinct prompts: nothing is served from a cache
        (dst / "submission.json").write_text(json.dumps(sub))


def grade_once(tasks: Path, subs: Path, out: Path, url: str, a: argparse.Namespace, workers: int) -> float:
    settings = GradeSettings(
        tasks_dir=str(tasks.parent),
        subtasks=SUBTASKS,
        judge=JudgeSettings(
            JudgeConfig.panel(
                ("openai/scripted-judge",),
                api_base=url,
                use_cache=False,
                concurrency=a.judge_concurrency // workers,
            )
        ),
        implementation_judging=a.implementation_judging,
    )
    started = time.monotonic()
    summary = grade_run(tasks, subs, out, settings, concurrency=a.concurrency, workers=workers)
    wall = time.monotonic() - started
    assert summary.graded_now == a.n, summary
    return wall


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--n", type=int, default=200)
    p.add_argument("--latency", type=float, default=0.1)
    p.add_argument("--concurrency", type=int, default=16, help="gradings in flight")
    p.add_argument("--judge-concurrency", type=int, default=32, help="judge calls in flight, all processes")
    p.add_argument("--workers", type=int, nargs="+", default=[1], help="processes; one row per value")
    p.add_argument("--implementation-judging", choices=sorted(IMPLEMENTATION_CALLS), default="joint")
    a = p.parse_args()
    work = Path(tempfile.mkdtemp(prefix="expgrade-grade-bench-"))
    cmd = [sys.executable, "-m", "expgrade.grading.testing.judge_server", "--latency", str(a.latency)]
    server = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, cwd=REPO)
    calls = a.n * (5 + IMPLEMENTATION_CALLS[a.implementation_judging] + 2 + 3)
    ideal = calls * a.latency / a.judge_concurrency
    try:
        assert server.stdout is not None
        url = server.stdout.readline().strip()
        time.sleep(1.0)
        make_submissions(work / "subs", a.n)
        tasks = make_tasks(work / "tasks")
        for i, workers in enumerate(a.workers):
            wall = grade_once(tasks, work / "subs", work / f"run-{i}", url, a, workers)
            print(
                f"| {a.n} | {len(SUBTASKS)} | {calls} | {a.latency * 1000:.0f} ms | {a.concurrency} | "
                f"{a.judge_concurrency} | {workers} | {wall:.1f} s | {ideal:.1f} s | {ideal / wall:.0%} | "
                f"{a.n / wall:.1f}/s |",
                flush=True,
            )
    finally:
        server.terminate()
        server.wait(10)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
