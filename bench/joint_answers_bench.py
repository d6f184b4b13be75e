"""Joint answers as chat models write them: how many requirement verdicts the parser gets right.

Two measurements (issue 24), each printed as JSON and written down in bench/joint_answers.md:

1. The frozen set `tests/data/garbled_joint_answers.jsonl` (hand-written before the parser
   changed): for every number asked, the parser either gives the verdict the judge meant
   (`right`), gives nothing so the grader asks again (`abstained`), or gives another verdict
   (`wrong`, which must stay 0). A reply counts only when the engine accepts it as a reply
   (`parse_reply`), as in grading.
2. The issue's case: 7 held-out submissions with 2 requirements each, graded with joint
   judging through litellm against the scripted server playing a judge that answers only the
   first requirement of each list: verdicts lost (unscorable) out of 14, and judge calls made.

    .venv/bin/python bench/joint_answers_bench.py
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import tempfile
import urllib.request
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

from expgrade.grading.judge.parse import Parsed, parse_reply, requirement_answers
from expgrade.grading.judge.rubrics import load_rubric

ROOT = Path(__file__).resolve().parents[1]
FROZEN = ROOT / "tests" / "data" / "garbled_joint_answers.jsonl"
#: The issue's case: seven submissions, two requirements each, verdicts scripted by requirement.
SUBMISSIONS = 7


def frozen_set() -> dict[str, Any]:
    rubric = load_rubric("implementation-joint")
    counts: Counter[str] = Counter({"right": 0, "abstained": 0, "wrong": 0})
    wrong_cases: list[str] = []
    abstained: list[str] = []
    for line in FROZEN.read_text(encoding="utf-8").splitlines():
        case = json.loads(line)
        accepted = isinstance(parse_reply(case["text"], None, rubric), Parsed)
        answers = requirement_answers(case["text"], rubric) if accepted else {}
        for number in case["asked"]:
            meant = case["meant"].get(str(number))
            got = answers.get(number)
            label = got[0] if got else None
            if label is None:
                counts["abstained"] += 1
                abstained.append(f"{case['case']}#{number}")
            elif label == meant:
                counts["right"] += 1
            else:
                counts["wrong"] += 1
                wrong_cases.append(f"{case['case']}#{number}")
    return {"cases": sum(1 for _ in FROZEN.open()), "requirements": sum(counts.values()), **counts,
            "wrong_cases": wrong_cases, "abstained_cases": abstained}  # fmt: skip


def _server(rules: Path, habits: str) -> tuple[subprocess.Popen[str], str]:
    """The scripted server from this checkout, in its own process (the grading code under test
    may be another checkout's: `PYTHONPATH=<old tree> python bench/joint_answers_bench.py`)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = [
        sys.executable,
        "-m",
        "expgrade.grading.testing.judge_server",
        "--joint",
        habits,
        "--rules",
        str(rules),
    ]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    assert proc.stdout is not None
    url = proc.stdout.readline().strip()
    for _ in range(200):
        try:
            urllib.request.urlopen(url.removesuffix("/v1") + "/stats", timeout=1).read()
            break
        except OSError:
            asyncio.run(asyncio.sleep(0.05))
    return proc, url


def issue_case(habits: str = "first") -> dict[str, Any]:
    """Seven submissions × two requirements, joint judging, a judge with `habits`."""
    from expgrade.grading.graders.inputs import SubmissionInputs
    from expgrade.grading.graders.integrity import ChangedFiles
    from expgrade.grading.graders.judged import Context, grade_implementation
    from expgrade.grading.graders.judging import grading_panel, run_judging
    from expgrade.grading.graders.settings import GradeSettings
    from expgrade.grading.judge.config import JudgeConfig
    from expgrade.grading.judge.settings import JudgeSettings
    from expgrade.grading.schemas import JudgedSubtask, Submission, Task

    cases = [
        ([f"submission {s}: load split {s} of the data", f"submission {s}: train model {s} for 60 steps"],
         ["pass" if (s + r) % 2 else "fail" for r in range(2)])
        for s in range(SUBMISSIONS)
    ]  # fmt: skip
    rules = [{"contains": req, "verdict": v} for reqs, vs in cases for req, v in zip(reqs, vs, strict=True)]
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "rules.json"
        script.write_text(json.dumps({"rules": rules}))
        proc, url = _server(script, habits)
        try:
            settings = GradeSettings(
                tasks_dir=".",
                judge=JudgeSettings(
                    JudgeConfig.panel(("openai/scripted-judge",), api_base=url, use_cache=False)
                ),
            )
            counts: Counter[str] = Counter({"right": 0, "lost": 0, "wrong": 0})
            for s, (reqs, verdicts) in enumerate(cases):
                task = Task.model_validate(
                    {"id": f"t/{s}", "source": {"benchmark": "native", "paper_id": "p"},
                     "question": "Does it work?", "requirements": reqs}
                )  # fmt: skip
                diff = (
                    f"diff --git a/m{s}.py b/m{s}.py\n--- a/m{s}.py\n+++ b/m{s}.py\n@@ -1 +1 @@\n+run({s})\n"
                )
                sub = Submission(task_id=task.id, agent="a", agent_model="m")
                inputs = SubmissionInputs(f"s{s}", sub, diff, None, None, ChangedFiles.from_diff(diff))
                ctx = replace(
                    Context(task, inputs, None, {"implementation": 1.0}, 20_000, None),
                    implementation_judging="joint",
                )

                async def go(c: Context = ctx) -> JudgedSubtask:
                    return await grade_implementation(c, grading_panel(settings))

                graded = run_judging(go())
                for item, meant in zip(graded.items, verdicts, strict=True):
                    counts[
                        "lost" if item.verdict is None else "right" if item.verdict == meant else "wrong"
                    ] += 1
            stats = json.loads(urllib.request.urlopen(url.removesuffix("/v1") + "/stats", timeout=5).read())
        finally:
            proc.terminate()
            proc.wait(10)
    return {
        "judge_habits": habits,
        "requirements": 2 * SUBMISSIONS,
        **counts,
        "judge_calls": stats["requests"],
    }


def main() -> None:
    out = {
        "frozen_set": frozen_set(),
        "issue_case": issue_case("first"),
        "issue_case_prose": issue_case("prose+reverse"),
    }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
