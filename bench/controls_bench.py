"""What controls and test-retest add to a run's judge calls, by run size (docs/controls.md,
docs/stability.md; figures in bench/controls.md).

The demo's six submissions copied K times (new folder names, same tasks), planned with the
estimate `expgrade grade --estimate` prints: with neither (`--controls 0 --retest 0`), with the
default controls alone (`--retest 0`), and with both at their defaults. No judge is called.
Usage: python bench/controls_bench.py [--copies 1 10 50]
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from pathlib import Path

from expgrade.grading.controls import ControlOptions
from expgrade.grading.graders.settings import GradeSettings
from expgrade.grading.judge import JudgeConfig
from expgrade.grading.judge.settings import JudgeSettings
from expgrade.grading.run.plan import estimate_run

DEMO = Path(__file__).resolve().parents[1] / "examples" / "demo"
SUBTASKS = ("design", "implementation", "conclusion", "integrity")


def copies(k: int, into: Path) -> Path:
    subs = into / f"subs-{k}"
    for n in range(k):
        for sub in (DEMO / "submissions").iterdir():
            shutil.copytree(sub, subs / f"{sub.name}-{n}")
    return subs


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--copies", type=int, nargs="+", default=[1, 10, 50])
    a = p.parse_args()
    config = JudgeConfig.panel(("openai/gpt-4o-mini",), api_base="http://127.0.0.1:9/v1", use_cache=False)
    settings = GradeSettings(tasks_dir=str(DEMO), subtasks=SUBTASKS, judge=JudgeSettings(config))
    head = (
        "submissions",
        "calls, neither",
        "+ controls",
        "+ retest (defaults)",
        "controls' share",
        "retest's share",
        "$ neither",
        "$ both",
    )
    print("| " + " | ".join(head) + " | plan s |")
    print("|" + "---|" * (len(head) + 1))
    with tempfile.TemporaryDirectory() as tmp:
        for k in a.copies:
            subs = copies(k, Path(tmp))
            started = time.monotonic()
            plans = [
                estimate_run(DEMO / "tasks.jsonl", subs, settings, options)
                for options in (ControlOptions(ratio=0, retest=0), ControlOptions(retest=0), ControlOptions())
            ]
            took = time.monotonic() - started
            neither, controls, both = (e.total().calls for e in plans)
            print(
                f"| {6 * k} | {neither} | {controls} | {both} | {(controls - neither) / both:.1%} "
                f"| {(both - controls) / both:.1%} | {plans[0].expected_usd:.4f} "
                f"| {plans[2].expected_usd:.4f} | {took:.1f} |"
            )


if __name__ == "__main__":
    main()
