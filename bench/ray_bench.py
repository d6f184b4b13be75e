"""Ray executor overhead: the same judge-only gradings through `--executor local` and `--executor ray`.

No sandbox: the gradings are judge-only (design and conclusion by default), judged by the scripted
OpenAI-compatible server (its own process, with a fixed latency) through litellm's real HTTP
path, driven by the real CLI (`expgrade grade`). Submissions are copies of the demo's six,
under new ids, so every grading does real work and none is served from a cache (`--no-cache`).

    .venv/bin/python bench/ray_bench.py                  # 500 gradings, concurrency 8
    .venv/bin/python bench/ray_bench.py -n 60            # quick

Three runs of the same N gradings:
1. local: `--executor local` (threads in the CLI process);
2. ray, warm: `--executor ray` joining a local Ray instance this script started beforehand
   (RAY_ADDRESS), as when a cluster is already up: Ray's task overhead and worker start-up;
3. ray, cold: `--executor ray` with no RAY_ADDRESS, so the CLI starts and stops its own
   instance: what a one-off `--executor ray` on a laptop costs.
The overhead ratio is wall(ray) / wall(local). Results of all three must be identical.
4. bare: N jobs that only sleep 50 ms, through each executor in this process (the warm Ray
   instance): the executor's own cost per job, in ms of worker time.
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
from typing import Any

from expgrade.grading.dispatch import JUDGE_ONLY_CPUS, Job, JobResources, get_executor

REPO = Path(__file__).resolve().parents[1]
DEMO = REPO / "examples" / "demo"
EXPGRADE = str(REPO / ".venv" / "bin" / "expgrade")
HOLD_S = 0.05


def make_inputs(root: Path, n: int) -> tuple[Path, Path]:
    """tasks.jsonl + repo copied from the demo, and N submissions cycling over its six."""
    shutil.copytree(DEMO / "repo", root / "repo")
    shutil.copy(DEMO / "tasks.jsonl", root / "tasks.jsonl")
    demo_subs = sorted(p for p in (DEMO / "submissions").iterdir() if p.is_dir())
    subs = root / "submissions"
    for i in range(n):
        src = demo_subs[i % len(demo_subs)]
        shutil.copytree(src, subs / f"{src.name}-{i:04d}")
    return root / "tasks.jsonl", subs


def start_server(latency: float) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "expgrade.grading.testing.judge_server", "--latency", str(latency)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    url = proc.stdout.readline().strip()
    time.sleep(2)  # the server binds after printing its URL
    return proc, url


def grade(
    label: str,
    tasks: Path,
    subs: Path,
    out: Path,
    executor: str,
    args: argparse.Namespace,
    url: str,
    env: dict[str, str],
) -> dict[str, Any]:
    cmd = [
        EXPGRADE, "grade", "--tasks", str(tasks), "--submissions", str(subs), "--out", str(out),
        "--judge", "openai/scripted-judge", "--api-base", url, "--no-cache",
        "--subtasks", args.subtasks, "--executor", executor,
        "--concurrency", str(args.concurrency),
    ]  # fmt: skip
    start = time.perf_counter()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{label} failed:\n{proc.stderr[-3000:]}")
    lines = (out / "results.jsonl").read_text().splitlines()
    results = {}
    for line in lines:
        r = json.loads(line)
        r.pop("duration_s", None)
        results[(r["task_id"], r["submission_id"])] = r
    print(f"{label:>10}: {len(results)} gradings in {wall:7.1f} s ({len(results) / wall:5.1f}/s)", flush=True)
    return {"wall_s": round(wall, 2), "gradings": len(results), "results": results}


def hold(job: Job, gpu_ids: list[int]) -> dict[str, Any]:
    """A grading that only waits: what is left of the wall time is the executor's own cost."""
    time.sleep(HOLD_S)
    return {"key": job.key}


def bare_overhead(name: str, args: argparse.Namespace) -> float:
    """Executor cost per job in ms: N jobs that each sleep HOLD_S, against the ideal N * HOLD_S / C."""
    jobs = [Job(f"j{i}", i, JobResources(cpus=JUDGE_ONLY_CPUS)) for i in range(args.n)]
    get_executor(name, concurrency=args.concurrency).run(jobs[: args.concurrency], hold, lambda j, r: None)
    start = time.perf_counter()
    get_executor(name, concurrency=args.concurrency).run(jobs, hold, lambda j, r: None)
    wall = time.perf_counter() - start
    ideal = args.n * HOLD_S / args.concurrency
    per_job_ms = (wall - ideal) / args.n * args.concurrency * 1000
    print(f"{name:>10}: {args.n} bare jobs in {wall:.2f} s (ideal {ideal:.2f} s): {per_job_ms:.1f} ms/job")
    return round(per_job_ms, 1)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("-n", type=int, default=500, help="gradings")
    p.add_argument("--concurrency", type=int, default=8)
    p.add_argument("--latency", type=float, default=0.1, help="judge server latency per call, s")
    p.add_argument("--subtasks", default="design,conclusion", help="judge-only subtasks to grade")
    p.add_argument("--skip-cold", action="store_true", help="leave out the run that starts its own Ray")
    p.add_argument("--out", type=Path, default=REPO / "bench" / "ray_results.json")
    args = p.parse_args()

    import ray

    env = {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    env.pop("RAY_ADDRESS", None)
    server, url = start_server(args.latency)
    try:
        with tempfile.TemporaryDirectory(prefix="expgrade-ray-bench-") as tmp:
            root = Path(tmp)
            tasks, subs = make_inputs(root, args.n)
            env["EXPGRADE_CACHE_DIR"] = str(root / "cache")
            runs = {"local": grade("local", tasks, subs, root / "local", "local", args, url, env)}

            t0 = time.perf_counter()
            ray.init(address="local", include_dashboard=False, logging_level="WARNING")
            ray_start_s = time.perf_counter() - t0
            try:
                # ray.init turned on token authentication (RAY_AUTH_MODE) for itself and its children.
                warm_env = {**os.environ, **env, "RAY_ADDRESS": ray.get_runtime_context().gcs_address}
                runs["ray_warm"] = grade("ray, warm", tasks, subs, root / "warm", "ray", args, url, warm_env)
                per_job = {name: bare_overhead(name, args) for name in ("local", "ray")}
            finally:
                ray.shutdown()
            if not args.skip_cold:
                runs["ray_cold"] = grade("ray, cold", tasks, subs, root / "cold", "ray", args, url, env)
    finally:
        server.terminate()
        server.wait(10)

    same = all(run["results"] == runs["local"]["results"] for run in runs.values())
    local = runs["local"]["wall_s"]
    report = {
        "gradings": args.n,
        "concurrency": args.concurrency,
        "judge_latency_s": args.latency,
        "subtasks": args.subtasks,
        "cpus": os.cpu_count(),
        "load_average_at_end": os.getloadavg()[0],
        "ray_init_s": round(ray_start_s, 2),
        "wall_s": {k: v["wall_s"] for k, v in runs.items()},
        "overhead_ratio": {k: round(v["wall_s"] / local, 2) for k, v in runs.items() if k != "local"},
        "identical_results": same,
        "bare_job_overhead_ms": per_job,
    }
    print(json.dumps(report, indent=2))
    args.out.write_text(json.dumps(report, indent=2) + "\n")
    if not same:
        raise SystemExit("results differ between executors")


if __name__ == "__main__":
    main()
