"""Runs with known failures, for the failure-analysis tests: submission folders with a
`trajectory.jsonl`, their result records, and a run folder around them.

The trajectories are crafted in the shape the harness importers write (grading/schemas/trajectory.py),
after the real mini-swe-agent run in tests/fixtures/harness_real/mini_swe_agent_run (one shell
command per tool call, its output with the return code as the next step) and the OpenHands
histories beside it (an `error` step of the harness's own when a limit or the provider stopped it).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

TASK_ID = "t1"
QUESTION = "Train the classifier in train.py on the CIFAR-10 training split and report its test accuracy."


def task_msg() -> dict[str, Any]:
    return {"kind": "message", "actor": "user", "role": "user", "text": QUESTION}


def call(command: str) -> dict[str, Any]:
    return {"kind": "tool_call", "role": "assistant", "tool": "bash", "command": command}


def out(output: str, exit_code: int = 0) -> dict[str, Any]:
    return {"kind": "tool_output", "role": "tool", "output": output, "exit_code": exit_code}


def say(text: str) -> dict[str, Any]:
    return {"kind": "message", "role": "assistant", "text": text}


def traceback(kind: str, message: str, where: str = "train.py", line: int = 3) -> str:
    return (
        "Traceback (most recent call last):\n"
        f'  File "{where}", line {line}, in <module>\n'
        "    import torch\n"
        f"{kind}: {message}\n"
    )


def write_submission(
    root: Path,
    sub_id: str,
    steps: list[dict[str, Any]] | None,
    *,
    agent: str = "agent-a",
    ended: str | None = None,
    conclusion: str | None = "Test accuracy is 0.91.",
    task_id: str = TASK_ID,
) -> Path:
    """A native submission folder; `steps` None: a harness that recorded no run."""
    folder = root / sub_id
    folder.mkdir(parents=True, exist_ok=True)
    record: dict[str, Any] = {"task_id": task_id, "agent": agent, "agent_model": "model-x"}
    if conclusion is not None:
        record["conclusion"] = conclusion
    if ended is not None:
        record["extra"] = {
            "source": {"harness": "mini-swe-agent", "ended": ended}
        }  # as the importer writes it
    (folder / "submission.json").write_text(json.dumps(record), encoding="utf-8")
    if steps is not None:
        lines = [json.dumps({"index": i, "actor": "agent", **s}) for i, s in enumerate(steps, 1)]
        (folder / "trajectory.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def result(
    sub_id: str,
    *,
    agent: str = "agent-a",
    passed: bool | None = False,
    execution: dict[str, Any] | None = None,
    task_id: str = TASK_ID,
    **extra: Any,
) -> dict[str, Any]:
    """A result record as `expgrade grade` writes it, with only what the analysis reads."""
    subtasks: dict[str, Any] = {}
    if execution is not None:
        subtasks["execution"] = execution
    else:
        subtasks["execution"] = {"status": "failed" if passed is False else "reproduced", "passed": passed}
    return {
        "task_id": task_id,
        "submission_id": sub_id,
        "agent": agent,
        "agent_model": "model-x",
        "paper_id": task_id,
        "subtasks": subtasks,
        "all_passed": passed,
        **extra,
    }


def write_run(
    run_dir: Path, submissions: Path, records: list[dict[str, Any]], tasks: Path | None = None
) -> Path:
    """A run folder: results.jsonl and a manifest naming the submissions (and tasks) it graded."""
    run_dir.mkdir(parents=True, exist_ok=True)
    (run_dir / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    manifest: dict[str, Any] = {"submissions_dir": str(submissions), "seed": 0}
    if tasks is not None:
        manifest["tasks_file"] = str(tasks)
    (run_dir / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return run_dir


def write_tasks(path: Path, *task_ids: str) -> Path:
    path.write_text(
        "".join(
            json.dumps({"id": t, "source": {"benchmark": "expbench", "paper_id": t}, "question": QUESTION})
            + "\n"
            for t in task_ids or (TASK_ID,)
        ),
        encoding="utf-8",
    )
    return path


# The known failures, each a faithful small run.


def module_never_fixed() -> list[dict[str, Any]]:
    """ModuleNotFoundError at step 3; the install fails (5); the import fails again (7)."""
    return [
        task_msg(),
        call("python train.py"),
        out(traceback("ModuleNotFoundError", "No module named 'torch'"), 1),
        call("pip install torch==9.9"),
        out("ERROR: Could not find a version that satisfies the requirement torch==9.9\n", 1),
        call("python train.py"),
        out(traceback("ModuleNotFoundError", "No module named 'torch'"), 1),
        say("Test accuracy is 0.91."),
    ]


def fixed_three_steps_later() -> list[dict[str, Any]]:
    """A NameError at step 3, fixed by the edit at 4 and the rerun at 6 that succeeds."""
    return [
        task_msg(),
        call("python train.py"),
        out(traceback("NameError", "name 'label' is not defined", line=9), 1),
        call("sed -i 's/label)/labels)/' train.py"),
        out("", 0),
        call("python train.py"),
        out("epoch 1 loss 1.21\ntest accuracy: 0.91\n", 0),
        say("Test accuracy is 0.91."),
    ]


def step_limit_hit() -> list[dict[str, Any]]:
    """The agent keeps reading files until the harness stops it at step 6."""
    return [
        task_msg(),
        call("ls"),
        out("train.py\nREADME.md\n", 0),
        call("cat README.md"),
        out("# classifier\n", 0),
        {
            "kind": "error",
            "actor": "harness",
            "text": "LimitsExceeded: the agent reached its step limit (5 steps)",
        },
    ]


def echo_results() -> list[dict[str, Any]]:
    """One short epoch runs (3); the agent types the numbers into results.json at step 4."""
    return [
        task_msg(),
        call("python train.py --epochs 1"),
        out("epoch 1 loss 2.30\n", 0),
        call("echo '{\"accuracy\": 0.93}' > results.json"),
        out("", 0),
        say("Test accuracy is 0.93 (results.json)."),
    ]
