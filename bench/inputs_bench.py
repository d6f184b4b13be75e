"""How long the input verbs take on the shared datasets and on a large submissions folder.

1. Importing each shared benchmark in-process (parse + validate + normalise), and the whole
   `expgrade tasks import` command including interpreter start-up.
2. `scan_submissions` over N synthetic native submissions, each with a patch and a workspace
   of F files (the path checks walk every workspace entry).

    .venv/bin/python bench/inputs_bench.py [--repeats 5] [--submissions 200] [--files 50]

Prints a Markdown table; figures are medians.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from expgrade.grading.submission_reader import scan_submissions
from expgrade.grading.task_importers import IMPORTERS, import_batch
from expgrade.grading.task_importers.paperbench import gold_labels

REPO = Path(__file__).resolve().parents[1]
DATA = REPO.parent / "shared" / "datasets"


def median_s(fn: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def build_submissions(root: Path, n: int, files: int) -> None:
    for i in range(n):
        folder = root / f"sub{i:04d}"
        (folder / "workspace" / "src").mkdir(parents=True)
        meta = {
            "task_id": f"expbench/iclr2024/19033/{i % 3}",
            "agent": "a",
            "agent_model": "m",
            "design": "d",
        }
        (folder / "submission.json").write_text(json.dumps(meta))
        (folder / "patch.diff").write_text("--- a/x.py\n+++ b/x.py\n@@ -1 +1 @@\n-a\n+b\n")
        for j in range(files):
            (folder / "workspace" / "src" / f"m{j}.py").write_text("x = 1\n")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--submissions", type=int, default=200)
    parser.add_argument("--files", type=int, default=50)
    args = parser.parse_args()
    rows: list[tuple[str, str, float]] = []
    sources = {
        "expbench": sorted((DATA / "expbench" / "iclr2024").glob("*.json")),
        "autoexperiment": [DATA / "autoexperiment"],
        "paperbench": sorted((DATA / "paperbench" / "rubrics").glob("*.json")),
    }
    for name, srcs in sources.items():
        n = len(import_batch(IMPORTERS[name], srcs).tasks)
        rows.append(
            (
                f"import {name} (in-process)",
                f"{n} tasks",
                median_s(partial(import_batch, IMPORTERS[name], srcs), args.repeats),
            )
        )
    gold = sorted((DATA / "paperbench" / "judge_eval").glob("*.json"))
    rows.append(
        (
            "gold import paperbench (in-process)",
            "195 rows",
            median_s(lambda: [gold_labels(p) for p in gold], args.repeats),
        )
    )
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "t.jsonl"
        cmd = [
            str(REPO / ".venv" / "bin" / "expgrade"),
            "tasks",
            "import",
            "expbench",
            *map(str, sources["expbench"]),
            "--out",
            str(out),
        ]
        rows.append(
            (
                "`expgrade tasks import expbench` (whole command)",
                "206 tasks",
                median_s(lambda: subprocess.run(cmd, check=True, capture_output=True), args.repeats),
            )
        )
        helps = [cmd[0], "--help"]
        rows.append(
            (
                "`expgrade --help` (start-up only, for comparison)",
                "-",
                median_s(lambda: subprocess.run(helps, check=True, capture_output=True), args.repeats),
            )
        )
        root = Path(tmp) / "subs"
        build_submissions(root, args.submissions, args.files)
        rows.append(
            (
                f"scan_submissions ({args.files} workspace files each)",
                f"{args.submissions} submissions",
                median_s(lambda: scan_submissions(root), args.repeats),
            )
        )
    print(f"python {sys.version.split()[0]}, {args.repeats} repeats (median)\n")
    print("| what | size | seconds |\n|---|---|---|")
    for what, size, secs in rows:
        print(f"| {what} | {size} | {secs:.3f} |")


if __name__ == "__main__":
    main()
