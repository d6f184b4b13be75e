"""Importing an OpenHands `output.jsonl` of long histories: trajectories in bounded memory.

1. Writes an OpenHands V0-style `output.jsonl` in a temporary folder (never committed): records
   of `--events` history events each (`run` actions with their `run` observations, each output
   `--output-kb` of random text, as a long agent run prints), until the file is `--size-mb` MB.
2. In fresh processes, one after the other in this one run: `expgrade submissions import
   openhands` of the code before trajectories (commit `--base`, unpacked from git into a
   temporary folder) and of this tree. Reports wall time, MB/s and peak RSS (the child's
   `ru_maxrss`, from `wait4`), the steps written and the bytes of `trajectory.jsonl`.

    .venv/bin/python bench/harness_trajectory_bench.py [--size-mb 200] [--events 2000] [--output-kb 4]
    .venv/bin/python bench/harness_trajectory_bench.py --size-mb 1024 --only this

Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BASE = "2c12742"


def write_output(path: Path, size_mb: int, events: int, output_kb: int) -> int:
    """Records until `size_mb`; returns how many."""
    rng = random.Random(0)
    target = size_mb * 1024 * 1024
    written = n = 0
    with path.open("w") as fh:
        while written < target:
            history: list[dict[str, object]] = []
            for k in range(events // 2):
                history.append(
                    {"id": 2 * k, "source": "agent", "action": "run", "timestamp": "2025-01-01T00:00:00",
                     "args": {"command": f"python step_{k}.py", "thought": "run the next step"}}
                )  # fmt: skip
                out = base64.b64encode(rng.randbytes(output_kb * 768)).decode()
                history.append(
                    {"id": 2 * k + 1, "source": "agent", "observation": "run", "cause": 2 * k,
                     "content": out, "extras": {"exit_code": k % 3, "command": f"python step_{k}.py"}}
                )  # fmt: skip
            record = {
                "instance_id": f"bench__task-{n}",
                "metadata": {"agent_class": "CodeActAgent", "llm_config": {"model": "gpt-4o"}},
                "history": history,
                "test_result": {"git_patch": "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n"},
                "error": None,
            }
            line = json.dumps(record) + "\n"
            fh.write(line)
            written += len(line)
            n += 1
    return n


def unpack_base(dest: Path, commit: str) -> Path:
    archive = subprocess.run(
        [
            "git",
            "-C",
            str(REPO),
            "archive",
            commit,
            "expgrade",
            "expgrade_cli",
            "grading",
            "calibration",
            "annotation_app",
        ],
        capture_output=True,
        check=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True)
    return dest


def run_import(code: Path, src: Path, out: Path, fmt: str = "openhands") -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(code), "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    cli = "from expgrade.cli import main; main()"
    cmd = [sys.executable, "-c", cli, "submissions", "import", fmt, str(src), "--out", str(out)]
    start = time.perf_counter()
    # cwd: `python -c` puts the working folder first on sys.path, before PYTHONPATH
    proc = subprocess.Popen(cmd, env=env, cwd=code, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    err = proc.stderr.read().decode() if proc.stderr else ""
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"import failed ({code}): {err[-2000:]}")
    trajectories = list(out.glob("*/trajectory.jsonl"))
    steps = sum(sum(1 for _ in p.open("rb")) for p in trajectories)
    return {
        "wall_s": wall,
        # the child's own CPU time: what it cost whatever else the shared machine ran meanwhile
        "cpu_s": usage.ru_utime + usage.ru_stime,
        "peak_rss_mb": usage.ru_maxrss / 1024,
        "steps": steps,
        "trajectory_mb": sum(p.stat().st_size for p in trajectories) / 2**20,
        "log_mb": sum(p.stat().st_size for p in out.glob("*/agent.log")) / 2**20,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--size-mb", type=int, default=200)
    parser.add_argument("--events", type=int, default=2000)
    parser.add_argument("--output-kb", type=int, default=4)
    parser.add_argument("--base", default=BASE)
    parser.add_argument("--only", choices=("both", "this"), default="both")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="expgrade-traj-bench-") as tmp_name:
        tmp = Path(tmp_name)
        src = tmp / "run" / "output.jsonl"
        src.parent.mkdir()
        records = write_output(src, args.size_mb, args.events, args.output_kb)
        size = src.stat().st_size / 2**20
        print(
            f"output.jsonl: {size:.0f} MB, {records} records of {args.events} events"
            f" ({args.output_kb} KB outputs)\n"
        )
        codes = {"this tree": REPO}
        if args.only == "both":
            (tmp / "base").mkdir()
            codes = {f"before ({args.base})": unpack_base(tmp / "base", args.base), **codes}
        print("| importer | wall s | MB/s | peak RSS MB | steps | trajectory.jsonl MB | agent.log MB |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for name, code in codes.items():
            out = tmp / f"out-{len(name)}"
            got = run_import(code, src, out)
            print(
                f"| {name} | {got['wall_s']:.1f} | {size / got['wall_s']:.1f} | {got['peak_rss_mb']:.0f} |"
                f" {got['steps']:.0f} | {got['trajectory_mb']:.0f} | {got['log_mb']:.1f} |",
                flush=True,
            )
            shutil.rmtree(out)


if __name__ == "__main__":
    main()
