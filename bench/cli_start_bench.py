"""Start-up of the commands that call no model: `expgrade --help`, `schema task`, `rubrics list`.

Each command runs as a whole process (interpreter, imports, output), `--runs` times, this
checkout and `--before OTHER_CHECKOUT` interleaved so both see the same load; the load average
is recorded before and after. Wall and CPU (the child's user + system) are reported as the
minimum and the median of the runs. The processes run in an empty folder, so `python -c` finds
the checkout named by PYTHONPATH and not the current directory's.

    .venv/bin/python bench/cli_start_bench.py --before /path/to/other/checkout --json out.json
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median
from typing import Any

COMMANDS = (["--help"], ["schema", "task"], ["rubrics", "list"])


def _run(tree: Path, argv: list[str], cwd: str) -> tuple[float, float]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(
        [sys.executable, "-c", "from expgrade.cli import main; main()", *argv],
        env=env,
        cwd=cwd,
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--runs", type=int, default=7)
    p.add_argument("--before", type=Path, help="another checkout, timed beside this one")
    p.add_argument("--json", type=Path, help="also write the figures here")
    a = p.parse_args()
    trees = {"now": Path(__file__).resolve().parents[1]}
    if a.before is not None:
        trees["before"] = a.before.resolve()
    times: dict[tuple[str, str], list[tuple[float, float]]] = {}
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory() as empty:
        for _ in range(a.runs):
            for argv in COMMANDS:
                for name, tree in trees.items():
                    times.setdefault((name, " ".join(argv)), []).append(_run(tree, argv, empty))
    out: dict[str, Any] = {
        "runs": a.runs,
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
        "commands": {},
    }
    for (name, command), values in times.items():
        walls, cpus = [w for w, _ in values], [c for _, c in values]
        out["commands"].setdefault(f"expgrade {command}", {})[name] = {
            "wall_min_s": round(min(walls), 3),
            "wall_median_s": round(median(walls), 3),
            "cpu_min_s": round(min(cpus), 3),
            "cpu_median_s": round(median(cpus), 3),
        }
    text = json.dumps(out, indent=2)
    print(text)
    if a.json:
        a.json.write_text(text + "\n")


if __name__ == "__main__":
    main()
