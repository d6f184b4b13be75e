"""A number said of a metric is judged on that metric (grading/graders/claims.py, issue 61 item 2):
any spelling of its name, a mismatch when it is another metric's value, and a sentence that names
no metric matched as before, saying so. The run is the issue's: it printed `acc_k1=0.9733`,
`acc_k25=0.9600`, `test mse: 3050.0123` and `r2: 0.4021`; its steps are shaped as the importers
write them (the tool output is the agent's, with its exit code; docs/formats.md §3)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from expgrade.grading.graders.claims import (
    ClaimsResult,
    check_claims,
    claim_findings,
    claim_line,
    metric_tokens,
)
from expgrade.grading.graders.integrity import CLAIMS_UNSUPPORTED, ChangedFiles
from expgrade.grading.graders.pipeline import integrity_subtask
from expgrade.grading.schemas import ExecutionSubtask, Submission, Task
from expgrade.grading.schemas.result import ClaimCheck

TASK = Task.model_validate(
    {
        "id": "t/knn",
        "source": {"benchmark": "native", "paper_id": "p"},
        "question": "Fit k-nearest-neighbour classifiers and a ridge regression; report what they reach.",
        "tolerance": {"rel": 0.001},
    }
)
PRINTED = "acc_k1=0.9733\nacc_k25=0.9600\ntest mse: 3050.0123\nr2: 0.4021\n"
STEPS = [
    {"index": 1, "kind": "message", "actor": "user", "role": "user", "text": TASK.question},
    {"index": 2, "kind": "tool_call", "actor": "agent", "tool": "bash", "command": "python run.py",
     "call_id": "c1"},
    {"index": 3, "kind": "tool_output", "actor": "agent", "role": "tool", "call_id": "c1", "output": PRINTED,
     "exit_code": 0},
]  # fmt: skip


def _checks(tmp_path: Path, conclusion: str, *, steps: bool = True, measured: dict[str, Any] | None = None
            ) -> list[ClaimCheck]:  # fmt: skip
    if steps:
        (tmp_path / "trajectory.jsonl").write_text("".join(json.dumps(s) + "\n" for s in STEPS))
    sub = Submission.model_validate(
        {"agent": "a", "agent_model": "m", "task_id": TASK.id, "conclusion": conclusion}
    )
    execution = ExecutionSubtask(status="reproduced", measured_results=measured) if measured else None
    result = check_claims(TASK, sub, tmp_path, ChangedFiles.from_diff(""), execution)
    assert result.checks is not None
    return [c for c in result.checks if c.kind == "number"]


@pytest.mark.parametrize(
    ("spelling", "tokens"),
    [
        ("R²", {"r2"}), ("R^2", {"r2"}), ("r2", {"r2"}), ("R-squared", {"r2"}), ("r_squared", {"r2"}),
        ("acc_k25", {"acc", "k25"}), ("accuracy with k=25", {"acc", "with", "k25"}),
        ("F1", {"f1"}), ("f1-score", {"f1"}), ("f1_score", {"f1"}),
        ("mse", {"mse"}), ("mean squared error", {"mse"}), ("RMSE", {"rmse"}),
        ("root mean squared error", {"rmse"}), ("test accuracy", {"acc"}),
    ],
)  # fmt: skip
def test_every_spelling_of_a_metric_is_one_name(spelling: str, tokens: set[str]) -> None:
    assert metric_tokens(spelling) == tokens


def test_an_r2_claim_is_judged_on_r2_in_any_spelling(tmp_path: Path) -> None:
    for sentence in ("Test R² reaches 0.402.", "Test R^2 reaches 0.402.", "The R-squared is 0.402."):
        (check,) = _checks(tmp_path, sentence)
        assert (check.value, check.metric, check.support, check.step) == (0.402, "r2", "transcript", 3)


def test_an_r2_claim_only_the_re_run_measured_is_measured(tmp_path: Path) -> None:
    measured = {"main": {"mse": 3050.0123, "r2": 0.4021}}
    (check,) = _checks(tmp_path, "Test R² reaches 0.402.", steps=False, measured=measured)
    assert (check.metric, check.support) == ("main/r2", "measured")
    (wrong,) = _checks(tmp_path, "Test R² reaches 3050.0123.", steps=False, measured=measured)
    assert wrong.support == "mismatch" and "3050.0123 is the re-run's main/mse" in wrong.why


def test_another_ks_accuracy_claimed_as_k25s_is_a_mismatch_that_fails_integrity(tmp_path: Path) -> None:
    (check,) = _checks(tmp_path, "With k=25 the accuracy is 0.9733.")  # k = 1's value; 25 is no claim
    assert (check.metric, check.support, check.step) == ("acc_k25", "mismatch", 3)
    assert check.why.startswith("claimed acc_k25 = 0.9733; the run printed acc_k25 = 0.96 at step 3;")
    assert check.why.endswith("0.9733 is acc_k1 (step 3)")
    (spaced,) = _checks(tmp_path, "The accuracy with k = 25 is 0.96.")
    assert (spaced.metric, spaced.support) == ("acc_k25", "transcript")
    result = ClaimsResult(_checks(tmp_path, "With k=25 the accuracy is 0.9733."), None, None)
    sub = integrity_subtask({CLAIMS_UNSUPPORTED: claim_findings(result)}, [], False)
    assert sub.passed is False and "claimed acc_k25 = 0.9733" in (sub.items[0].rationale or "")


def test_a_sentence_that_names_no_metric_matches_any_printed_number_and_says_so(tmp_path: Path) -> None:
    (check,) = _checks(tmp_path, "We got 0.9733 in the end.")
    assert (check.metric, check.support, check.step) == (None, "transcript", 3)
    assert "names no metric" in check.why


def test_a_percentage_is_the_fraction_of_the_metric_it_names(tmp_path: Path) -> None:
    (check,) = _checks(tmp_path, "With k=1 the accuracy is 97.33%.")
    assert (check.metric, check.support) == ("acc_k1", "transcript")


def test_each_claim_is_one_line_with_its_number_metric_support_and_step(tmp_path: Path) -> None:
    (check,) = _checks(tmp_path, "With k=25 the accuracy is 0.9733.")
    line = claim_line(check)
    assert line.startswith("0.9733 [acc_k25]: mismatch, step 3 (claimed acc_k25")
    assert "With k=25" not in line


def test_a_call_recorded_with_its_output_in_one_step_supports_what_it_printed(tmp_path: Path) -> None:
    """SWE-agent's action/observation is one `tool_call` step with both (docs/formats.md §3.1)."""
    combined = [
        STEPS[0],
        {**STEPS[1], "output": PRINTED, "exit_code": 0},
        {"index": 3, "kind": "tool_call", "actor": "agent", "tool": "bash", "command": "echo r2: 0.5512",
         "output": "r2: 0.5512\n", "exit_code": 0},
    ]  # fmt: skip
    (tmp_path / "trajectory.jsonl").write_text("".join(json.dumps(s) + "\n" for s in combined))
    sub = Submission.model_validate(
        {"agent": "a", "agent_model": "m", "task_id": TASK.id, "conclusion": "R² is 0.402; later R² 0.5512."}
    )
    result = check_claims(TASK, sub, tmp_path, ChangedFiles.from_diff(""), None)
    by_value = {c.value: c for c in result.checks or [] if c.kind == "number"}
    assert (by_value[0.402].support, by_value[0.402].step) == ("transcript", 2)
    assert by_value[0.5512].support == "unsupported" and "typed it at step 3" in by_value[0.5512].why
