"""Controls for the failure judge: crafted runs whose failure mode and step are known.

Each is a short run in the step format, with one failure planted where a person reading it
cannot miss it. The judge sees them exactly as it sees a real run (the same rubric, fields and
fences; the item id never reaches the prompt). A control counts as right only when the judge
names its mode and cites a step of its known set, so a judge that answers one mode for every run,
or cites the first step it is shown, fails them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from expgrade.grading.estimate import wilson_interval
from expgrade.grading.failures.records import FailureJudgeRecord
from expgrade.grading.schemas.trajectory import Step

#: A control's id prefix in the ledger and in failure_checks.json.
CONTROL_PREFIX = "failure-control"


@dataclass(frozen=True)
class ControlRun:
    id: str
    question: str
    steps: tuple[Step, ...]
    mode: str
    #: The steps a right answer may cite.
    accept: frozenset[int]
    outcome: str


def _steps(*specs: dict[str, Any]) -> tuple[Step, ...]:
    return tuple(Step.model_validate({"index": i, **spec}) for i, spec in enumerate(specs, 1))


def _call(command: str) -> dict[str, Any]:
    return {"kind": "tool_call", "tool": "bash", "command": command}


def _out(output: str, exit_code: int) -> dict[str, Any]:
    return {"kind": "tool_output", "role": "tool", "output": output, "exit_code": exit_code}


def _say(text: str) -> dict[str, Any]:
    return {"kind": "message", "role": "assistant", "text": text}


_TASK = "Train the small classifier in train.py on the CIFAR-10 training split and report its test accuracy."


def control_runs() -> list[ControlRun]:
    """The crafted runs (the modes no detector names need them most: implementation, misread task)."""
    return [
        ControlRun(
            f"{CONTROL_PREFIX}-implementation",
            _TASK,
            _steps(
                _say("I will implement the classifier and train it."),
                _call("cat train.py"),
                _out(
                    "def train():\n    # TODO: the model and the optimiser are not written yet\n"
                    "    return 0.1\n",
                    0,
                ),
                _call("python train.py"),
                _out("test accuracy: 0.1\n", 0),
                _say("Done: the classifier reaches 0.1 test accuracy."),
            ),
            "implementation_incomplete",
            frozenset({3, 4, 5}),
            "implementation: fail (the model and optimiser are missing)",
        ),
        ControlRun(
            f"{CONTROL_PREFIX}-misread",
            _TASK,
            _steps(
                _say("The task asks for a survey of image classifiers, so I will write one."),
                _call("ls"),
                _out("train.py\nREADME.md\n", 0),
                _say("Survey: ResNets, ViTs and ConvNeXts are popular image classifiers."),
            ),
            "gave_up",
            frozenset({1}),
            "conclusion: fail (no accuracy reported)",
        ),
        ControlRun(
            f"{CONTROL_PREFIX}-code-error",
            _TASK,
            _steps(
                _say("Training now."),
                _call("python train.py"),
                _out(
                    'Traceback (most recent call last):\n  File "train.py", line 9, in <module>\n'
                    "    loss = criterion(outputs, label)\nNameError: name 'label' is not defined\n",
                    1,
                ),
                _say("The run finished; accuracy is about 0.9."),
            ),
            "code_error",
            frozenset({2, 3}),
            "execution: fail (exit code 1)",
        ),
        ControlRun(
            f"{CONTROL_PREFIX}-environment",
            _TASK,
            _steps(
                _call("pip install torch==9.9"),
                _out("ERROR: No matching distribution found for torch==9.9\n", 1),
                _call("python train.py"),
                _out("Traceback (most recent call last):\nModuleNotFoundError: No module named 'torch'\n", 1),
                _say("I could not get the environment working."),
            ),
            "environment_setup",
            frozenset({1, 2, 3, 4}),
            "execution: fail (exit code 1)",
        ),
    ]


@dataclass(frozen=True)
class ControlResult:
    id: str
    expected: str
    accept: frozenset[int]
    got: FailureJudgeRecord

    @property
    def right(self) -> bool | None:
        """None when the judge gave no usable verdict (unscorable counts neither way)."""
        if self.got.status != "graded":
            return None
        return self.got.label == self.expected and self.got.step in self.accept


def control_figures(results: Sequence[ControlResult]) -> dict[str, Any]:
    """Accuracy on the controls (mode and step both right) with its Wilson interval."""
    decided = [r for r in results if r.right is not None]
    right = sum(1 for r in decided if r.right)
    est = wilson_interval(right, len(decided))
    return {
        "n": len(results),
        "decided": len(decided),
        "right": right,
        "accuracy": est.as_dict(),
        "passed": bool(decided) and right == len(decided),
        "cases": [
            {
                "id": r.id,
                "expected": r.expected,
                "accept_steps": sorted(r.accept),
                "label": r.got.label,
                "step": r.got.step,
                "status": r.got.status,
                "right": r.right,
                **({"reason": r.got.reason} if r.got.reason else {}),
            }
            for r in results
        ],
    }
