"""Sandbox overhead and throughput against the bare Docker CLI.

1. Overhead: `DockerSandbox.run` of `sleep 1` (hardened container, attach-streamed output,
   our timer, inspect, forced removal) against `docker run --rm IMAGE sleep 1`; ratio of
   medians (target <= 1.2). Also against `docker run --rm --network none`, since the bare
   default pays for a bridge network the sandbox does not create.
2. Throughput: many short runs (`true`) at 2x the machine's cores in parallel, through the
   sandbox and through `docker run --rm`, in runs per second.

    .venv/bin/python bench/sandbox_bench.py [--repeats 7] [--runs 40]

Needs the base image (`expgrade sandbox build-image`). Prints a Markdown table and writes
bench/sandbox_results.json.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from expgrade.grading.sandbox import BASE_IMAGE, Limits, SandboxRequest
from expgrade.grading.sandbox.docker_backend import DockerSandbox


def bare(cmd: list[str], *options: str) -> float:
    started = time.monotonic()
    subprocess.run(["docker", "run", "--rm", *options, BASE_IMAGE, *cmd], check=True, capture_output=True)
    return time.monotonic() - started


def sandboxed(box: DockerSandbox, cmd: list[str]) -> float:
    with tempfile.TemporaryDirectory(prefix="expgrade-bench-") as work:
        started = time.monotonic()
        res = box.run(SandboxRequest(command=cmd, workdir=Path(work), limits=Limits(timeout_s=60)))
        elapsed = time.monotonic() - started
    assert res.error is None and res.exit_code == 0, res
    return elapsed


def throughput(fn: object, runs: int, workers: int) -> float:
    started = time.monotonic()
    with ThreadPoolExecutor(workers) as pool:
        list(pool.map(lambda _: fn(), range(runs)))  # type: ignore[operator]
    return runs / (time.monotonic() - started)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()
    box = DockerSandbox()
    sandboxed(box, ["true"]), bare(["true"])  # warm both paths (image cache, client connection)
    bare_s, nonet_s, box_s = [], [], []
    for _ in range(args.repeats):  # interleaved, so load from other users hits all alike
        bare_s.append(bare(["sleep", "1"]))
        nonet_s.append(bare(["sleep", "1"], "--network", "none"))
        box_s.append(sandboxed(box, ["sleep", "1"]))
    workers = 2 * (os.cpu_count() or 1)
    tp_box = throughput(lambda: sandboxed(box, ["true"]), args.runs, workers)
    tp_bare = throughput(lambda: bare(["true"]), args.runs, workers)
    out = {
        "image": BASE_IMAGE,
        "cores": os.cpu_count(),
        "repeats": args.repeats,
        "bare_docker_run_s": {"median": statistics.median(bare_s), "all": bare_s},
        "bare_docker_run_network_none_s": {"median": statistics.median(nonet_s), "all": nonet_s},
        "sandbox_run_s": {"median": statistics.median(box_s), "all": box_s},
        "ratio_median": statistics.median(box_s) / statistics.median(bare_s),
        "throughput_workers": workers,
        "throughput_runs": args.runs,
        "sandbox_runs_per_s": tp_box,
        "bare_runs_per_s": tp_bare,
    }
    Path(__file__).with_name("sandbox_results.json").write_text(json.dumps(out, indent=2))
    print("| measure | bare `docker run --rm` | expgrade DockerSandbox | ratio |")
    print("|---|---|---|---|")
    print(
        f"| `sleep 1`, median of {args.repeats} (s) | {out['bare_docker_run_s']['median']:.3f} | "
        f"{out['sandbox_run_s']['median']:.3f} | {out['ratio_median']:.2f} |"
    )
    nonet = statistics.median(nonet_s)
    print(
        f"| `sleep 1`, bare with `--network none` (s) | {nonet:.3f} | {out['sandbox_run_s']['median']:.3f} | "
        f"{out['sandbox_run_s']['median'] / nonet:.2f} |"
    )
    print(
        f"| `true` x {args.runs} at {workers} in parallel (runs/s) | {tp_bare:.2f} | {tp_box:.2f} | "
        f"{tp_box / tp_bare:.2f} |"
    )


if __name__ == "__main__":
    main()
