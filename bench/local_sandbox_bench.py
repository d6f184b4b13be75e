"""What the local sandbox's new isolation costs, against the local sandbox before it (no GPU needed).

Side by side in one run, interleaved, median of `--repeats` of each:
- `bare`: the command as a plain subprocess;
- `before`: the local backend as it was before issue 13 (`prlimit --as`, `killpg`), loaded from
  git at commit BEFORE;
- `rlimits`: the new backend without cgroups or bubblewrap (subreaper supervisor, RLIMIT_DATA);
- `cgroup`: + a memory/pids cgroup (v1 here, v2 on the GPU machines);
- `cgroup+bwrap`: + bubblewrap (network namespace, read-only system), the default where installed.
Two commands: `true` (start-up cost per run) and a ~1 s CPU job (`--work-s`), whose ratio to bare
is what a real run pays.

    .venv/bin/python bench/local_sandbox_bench.py [--repeats 7] [--work-s 1.0]

Prints a Markdown table and writes bench/local_sandbox_results.json.
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

from before import module_at

from expgrade.grading.sandbox import Limits, SandboxRequest
from expgrade.grading.sandbox.local_backend import LocalSandbox

BEFORE = "9bb0496"  # the last commit with the prlimit-based local backend
REPO = Path(__file__).resolve().parents[1]


def old_backend() -> object:
    return module_at(BEFORE, "grading/sandbox/local_backend.py", "old_local_backend").LocalSandbox()


def sandboxed(box: object, request: SandboxRequest, isolation: dict[str, object], name: str) -> None:
    res = box.run(request)  # type: ignore[attr-defined]
    assert res.exit_code == 0 and res.error is None, res
    isolation[name] = getattr(res, "isolation", {})


def timed(run: Callable[[], object]) -> float:
    started = time.monotonic()
    run()
    return time.monotonic() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--work-s", type=float, default=1.0)
    args = parser.parse_args()
    job = f"import time\nend = time.process_time() + {args.work_s}\nwhile time.process_time() < end: pass"
    commands = {"true": ["true"], f"{args.work_s:g} s CPU job": [sys.executable, "-c", job]}
    sides: dict[str, object] = {
        "before": old_backend(),
        "rlimits": LocalSandbox(use_cgroups=False, use_bwrap=False),
        "cgroup": LocalSandbox(use_bwrap=False),
        "cgroup+bwrap": LocalSandbox(),
    }
    table: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory(prefix="expgrade-bench-") as tmp:
        work = Path(tmp) / "work"
        work.mkdir()
        isolation: dict[str, object] = {}
        for label, cmd in commands.items():
            times: dict[str, list[float]] = {"bare": [], **{name: [] for name in sides}}
            for _ in range(args.repeats):
                times["bare"].append(timed(partial(subprocess.run, cmd, cwd=work, check=True)))
                for name, box in sides.items():
                    request = SandboxRequest(command=cmd, workdir=work, limits=Limits(timeout_s=120))
                    times[name].append(timed(partial(sandboxed, box, request, isolation, name)))
            table[label] = {side: statistics.median(ts) for side, ts in times.items()}
    print("| command | bare s | " + " | ".join(f"{s} s (× bare)" for s in sides) + " |")
    print("|---|---|" + "---|" * len(sides))
    for label, medians in table.items():
        cells = [f"{medians[s]:.3f} ({medians[s] / medians['bare']:.2f})" for s in sides]
        print(f"| {label} | {medians['bare']:.3f} | " + " | ".join(cells) + " |")
    for label, medians in table.items():
        print(f"{label}: cgroup+bwrap / before = {medians['cgroup+bwrap'] / medians['before']:.3f}")
    out = Path(__file__).with_name("local_sandbox_results.json")
    out.write_text(
        json.dumps({"repeats": args.repeats, "medians_s": table, "isolation": isolation}, indent=2)
    )


if __name__ == "__main__":
    main()
