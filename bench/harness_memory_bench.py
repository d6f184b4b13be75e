"""Importing JSON-lines harness output of any size: peak memory and throughput, before and after.

1. Writes, under /tmp (deleted after), a file of `--size-mb` MB per format by repeating the REAL
   records of tests/fixtures/harness_real, each copy under its own task id (so every copy is a
   submission of its own, not a repeat):
   - `openhands`: `openhands_v0_multi_swe_bench_output.jsonl` (OpenHands V0 records), each
     record's real history repeated `--history-times` times (default 32: lines of about 5 MB,
     as a long run writes), as `run/output.jsonl`;
   - `swebench-predictions`: SWE-agent's `swe_agent_run/all_preds.jsonl`, as `preds.jsonl`.
2. In fresh processes, one after the other in this one run: `expgrade submissions import FMT`
   of the code before (for each commit of `--base`, a copy of this tree with the importers,
   `CHANGED`, as that commit has them: by default ce22117, the last before the importers
   streamed, and 04e7f53, the last before their throughput work; the rest of the tree holds
   other engineers' work in progress, which an old commit's CLI does not start beside) and of
   this tree, this tree once per `--workers` setting (`EXPGRADE_IMPORT_WORKERS`: 1 is one
   process; `auto` a worker per core for a large file). Reports wall time, MB/s,
   the CPU seconds of the import and its worker processes (user + system, from `wait4`: the
   workers are waited for, so their time is the child's children's) and MB per CPU second (on
   a shared machine the wall time is mostly the others' load; the CPU time is the import's own
   cost), peak memory of the whole process tree (`/proc` sampled every `SAMPLE_S` seconds:
   the sum of every process's RSS, which counts the pages forked workers share with the
   importing process once per process, and the sum of PSS, which counts them once), the
   largest single process's `ru_maxrss`, and the load average when the row ended.

    .venv/bin/python bench/harness_memory_bench.py --formats openhands --size-mb 100 1024 [--only this]
    .venv/bin/python bench/harness_memory_bench.py --formats openhands --size-mb 100 --workers 1 2 auto
    .venv/bin/python bench/harness_memory_bench.py --formats swebench-predictions --size-mb 20

Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
REAL = REPO / "tests" / "fixtures" / "harness_real"
#: format -> (real records to repeat, the file name the copy gets, its task-id field)
SOURCES = {
    "openhands": (REAL / "openhands_v0_multi_swe_bench_output.jsonl", "run/output.jsonl", "instance_id"),
    "swebench-predictions": (REAL / "swe_agent_run" / "all_preds.jsonl", "preds.jsonl", "instance_id"),
}
MARK = "@@BENCH-ID@@"
#: The code this change made stream: the importers, taken whole as the commit has them (their
#: files import each other's names, which other work in progress changes).
CHANGED = "grading/harness_importers"
PACKAGES = ("expgrade", "expgrade_cli", "grading", "calibration", "annotation_app")


#: Seconds between two samples of the process tree's memory.
SAMPLE_S = 0.02
PAGE = os.sysconf("SC_PAGE_SIZE")


def _tree(pid: int) -> list[int]:
    """`pid` and its descendants (the import and its worker processes)."""
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        try:
            children = Path(f"/proc/{p}/task/{p}/children").read_text().split()
        except OSError:
            continue
        todo += [int(c) for c in children]
    return found


def _memory(pids: list[int]) -> tuple[int, int]:
    """(summed RSS, summed PSS) in bytes of the processes still alive."""
    rss = pss = 0
    for p in pids:
        try:
            rss += int(Path(f"/proc/{p}/statm").read_text().split()[1]) * PAGE
            for line in Path(f"/proc/{p}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    pss += int(line.split()[1]) * 1024
                    break
        except (OSError, IndexError, ValueError):
            continue
    return rss, pss


def run_import(code: Path, src: Path, out: Path, fmt: str, workers: str | None) -> dict[str, float]:
    """One import in a fresh interpreter: wall and CPU time, and the process tree's peak memory."""
    env = {**os.environ, "PYTHONPATH": str(code), "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    env.pop("EXPGRADE_IMPORT_WORKERS", None)
    if workers is not None:
        env["EXPGRADE_IMPORT_WORKERS"] = workers
    cli = "from expgrade.cli import main; main()"
    cmd = [sys.executable, "-c", cli, "submissions", "import", fmt, str(src), "--out", str(out)]
    start = time.perf_counter()
    # cwd: `python -c` puts the working folder first on sys.path, before PYTHONPATH
    proc = subprocess.Popen(cmd, env=env, cwd=code, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    peak = {"rss": 0, "pss": 0, "processes": 0}
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            pids = _tree(proc.pid)
            rss, pss = _memory(pids)
            peak["rss"], peak["pss"] = max(peak["rss"], rss), max(peak["pss"], pss)
            peak["processes"] = max(peak["processes"], len(pids))
            done.wait(SAMPLE_S)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    err = proc.stderr.read().decode() if proc.stderr else ""
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    done.set()
    sampler.join()
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"import failed ({code}): {err[-2000:]}")
    return {
        "wall_s": wall,
        # the import's own CPU time and its waited-for workers': what it cost, whatever else ran
        "cpu_s": usage.ru_utime + usage.ru_stime,
        "sum_rss_mb": peak["rss"] / 2**20,
        "sum_pss_mb": peak["pss"] / 2**20,
        "max_rss_mb": usage.ru_maxrss / 1024,
        "processes": peak["processes"],
    }


def before_tree(dest: Path, commit: str) -> Path:
    """This tree's packages with the folder `CHANGED` as `commit` has it."""
    for package in PACKAGES:
        shutil.copytree(REPO / package, dest / package, symlinks=True)
    shutil.rmtree(dest / CHANGED)
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", commit, CHANGED], capture_output=True, check=True
    )
    subprocess.run(["tar", "-x", "-C", str(dest)], input=archive.stdout, check=True)
    return dest


def write_repeated(src: Path, dest: Path, id_field: str, size_mb: int, history_times: int) -> int:
    """Copies of `src`'s records until `dest` holds `size_mb` MB, each with a task id of its
    own and its `history` (if any) repeated `history_times` times, as a long run's is; returns
    how many records."""
    templates: list[tuple[str, str, str]] = []
    for line in src.read_text(encoding="utf-8").splitlines():
        if line.strip():
            record = json.loads(line)
            if isinstance(record.get("history"), list):
                record["history"] = record["history"] * history_times
            head, tail = json.dumps({**record, id_field: MARK}, ensure_ascii=False).split(MARK)
            templates.append((head, str(record[id_field]), tail + "\n"))
    dest.parent.mkdir(parents=True, exist_ok=True)
    target = size_mb * 1024 * 1024
    written = n = 0
    with dest.open("w", encoding="utf-8") as fh:
        while written < target:
            head, task, tail = templates[n % len(templates)]
            line = f"{head}{task}-copy{n // len(templates)}{tail}"
            fh.write(line)
            written += len(line.encode())
            n += 1
    return n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-mb", type=int, nargs="+", default=[100])
    parser.add_argument("--formats", nargs="+", choices=sorted(SOURCES), default=sorted(SOURCES))
    parser.add_argument(
        "--base",
        nargs="+",
        default=["ce22117", "04e7f53"],
        help="the commits to compare with: before the importers streamed, before their throughput work",
    )
    parser.add_argument(
        "--history-times",
        type=int,
        default=32,
        help="an OpenHands record's real history, this many times over",
    )
    parser.add_argument("--only", choices=("both", "this"), default="both")
    parser.add_argument(
        "--workers",
        nargs="+",
        default=["1", "auto"],
        help="this tree under each EXPGRADE_IMPORT_WORKERS setting (1: one process; auto: a worker per core)",
    )
    args = parser.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.2f}\n")
    print(
        "| format | input MB | records | importer | wall s | MB/s | CPU s | MB / CPU s | processes"
        " | peak Σ RSS MB | peak Σ PSS MB | largest RSS MB | written | load |"
    )
    print("|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory(prefix="expgrade-memory-bench-", dir="/tmp") as tmp_name:
        tmp = Path(tmp_name)
        codes: dict[str, tuple[Path, str | None]] = {
            f"this tree, workers {w}": (REPO, w) for w in args.workers
        }
        if args.only == "both":
            bases = {
                f"before ({base})": (before_tree(tmp / f"base-{base}", base), None) for base in args.base
            }
            codes = {**bases, **codes}
        for fmt in args.formats:
            real, name, id_field = SOURCES[fmt]
            for size_mb in args.size_mb:
                src = tmp / "in" / name
                records = write_repeated(real, src, id_field, size_mb, args.history_times)
                size = src.stat().st_size / 2**20
                for label, (code, workers) in codes.items():
                    out = tmp / "out"
                    got = run_import(code, src, out, fmt, workers)
                    wall, cpu = got["wall_s"], got["cpu_s"]
                    written = sum(1 for _ in out.glob("*/submission.json"))
                    load = os.getloadavg()[0]
                    print(
                        f"| {fmt} | {size:.0f} | {records} | {label} | {wall:.1f} | {size / wall:.1f} |"
                        f" {cpu:.1f} | {size / cpu:.1f} | {got['processes']:.0f} | {got['sum_rss_mb']:.0f} |"
                        f" {got['sum_pss_mb']:.0f} | {got['max_rss_mb']:.0f} | {written} | {load:.1f} |",
                        flush=True,
                    )
                    shutil.rmtree(out)
                shutil.rmtree(tmp / "in")
    print(f"\nload average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
