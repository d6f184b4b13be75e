"""How long Ctrl-C takes to end `expgrade grade`, and whether `--budget-usd` imports litellm (issue 64).

    .venv/bin/python bench/judge_interrupt_bench.py [--repeats 3]

Ctrl-C: the demo's six submissions graded on `design` against the scripted judge answering in
3 s, SIGINT once the first judge call reached the server; the figure is SIGINT to exit (130).
Imports: `grade --judge openai/gpt-4o-mini --budget-usd 5` on one submission under
`python -X importtime`: whether litellm is among the imports, and the wall time of the process.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from expgrade.grading.testing.judge_server import ScriptedServer, ServerScript

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "examples" / "demo"
CLI = [sys.executable, "-c", "from expgrade.cli import main; main()"]


def _env(tmp: Path) -> dict[str, str]:
    return {**os.environ, "LITELLM_LOCAL_MODEL_COST_MAP": "True", "EXPGRADE_CACHE_DIR": str(tmp / "cache")}


def ctrl_c_seconds(tmp: Path) -> float:
    with ScriptedServer(ServerScript(latency_s=3.0)) as server:
        argv = [
            *CLI, "grade", "--tasks", str(DEMO / "tasks.jsonl"), "--submissions", str(DEMO / "submissions"),
            "--out", str(tmp / "run"), "--subtasks", "design", "--sandbox", "local", "--controls", "0",
            "--retest", "0", "--judge", "openai/scripted-judge", "--api-base", server.url,
        ]  # fmt: skip
        proc = subprocess.Popen(argv, env=_env(tmp), stderr=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
        while server.stats["requests"] == 0 and proc.poll() is None:
            time.sleep(0.02)
        started = time.monotonic()
        proc.send_signal(signal.SIGINT)
        code = proc.wait(120)
        took = time.monotonic() - started
    assert code == 130, code
    return took


def budget_imports(tmp: Path) -> tuple[bool, float]:
    subs = tmp / "subs"
    shutil.copytree(DEMO / "submissions" / "careful-lr", subs / "careful-lr")
    with ScriptedServer() as server:
        argv = [
            "grade", "--tasks", str(DEMO / "tasks.jsonl"), "--submissions", str(subs),
            "--out", str(tmp / "b"), "--subtasks", "design", "--controls", "0", "--retest", "0",
            "--judge", "openai/gpt-4o-mini", "--api-base", server.url, "--budget-usd", "5",
        ]  # fmt: skip
        code = f"import sys; sys.argv = {['expgrade', *argv]!r}; from expgrade.cli import main; main()"
        started = time.monotonic()
        proc = subprocess.run(
            [sys.executable, "-X", "importtime", "-c", code], capture_output=True, text=True, env=_env(tmp)
        )
        took = time.monotonic() - started
    assert proc.returncode == 0, proc.stderr[-2000:]
    return any(line.rstrip().endswith("| litellm") for line in proc.stderr.splitlines()), took


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--repeats", type=int, default=3)
    a = p.parse_args()
    times = []
    for _ in range(a.repeats):
        with tempfile.TemporaryDirectory() as tmp:
            times.append(ctrl_c_seconds(Path(tmp)))
    print(
        f"ctrl-c to exit: median {statistics.median(times):.2f} s, max {max(times):.2f} s ({a.repeats} runs)"
    )
    with tempfile.TemporaryDirectory() as tmp:
        imported, took = budget_imports(Path(tmp))
    print(f"grade --budget-usd 5 (openai/): litellm imported: {imported}; process {took:.1f} s")
    print(f"load average: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
