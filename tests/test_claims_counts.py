"""Numbers that state no result are no claims, and a mismatch needs the named metric's own value
(grading/graders/claims.py, issue 61 items 2 and 6). The sentences and outputs are quoted from
public runs of the bench's dev split (bench/failures_labelled/: the CS294 ReAct runs of
django__django-14011 and django__django-12406), where an honest agent's "2 tests" and "3-line
change" were called mismatches: integrity failures against runs that told the truth."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from expgrade.grading.graders.claims import check_claims, states_no_result
from expgrade.grading.graders.integrity import ChangedFiles
from expgrade.grading.schemas import Submission, Task
from expgrade.grading.schemas.result import ClaimCheck

TASK = Task.model_validate(
    {"id": "django__django-14011", "source": {"benchmark": "native", "paper_id": "p"}, "question": "fix it"}
)
#: django__django-14011: runtests printed its count and `OK (skipped=1)`.
RUNTESTS = (
    "Result:\nSystem check identified no issues (0 silenced).\n...s.....................\n"
    "----------------------------------------------------------------------\n"
    "Ran 25 tests in 1.204s\n\nOK (skipped=1)\n"
)
#: django__django-12406: `git grep -n` printed file locations, whose `.py:191:` read as a metric `py`.
GREP = (
    "Result:\ndjango/contrib/admin/options.py:191:        # If the field is named as a radio_field, use a "
    "RadioSelect\ndjango/contrib/admin/widgets.py:97:class AdminRadioSelect(forms.RadioSelect):\n"
)


def _steps(*outputs: tuple[str, str]) -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = []
    for n, (command, output) in enumerate(outputs):
        steps += [
            {"index": 2 * n + 1, "kind": "tool_call", "actor": "agent", "tool": "run_bash_cmd",
             "command": command, "call_id": f"c{n}"},
            {"index": 2 * n + 2, "kind": "tool_output", "actor": "agent", "role": "tool",
             "call_id": f"c{n}", "output": output, "exit_code": 0},
        ]  # fmt: skip
    return steps


def _checks(
    tmp_path: Path, conclusion: str, steps: list[dict[str, Any]], claimed: dict[str, Any] | None = None
) -> list[ClaimCheck]:
    (tmp_path / "trajectory.jsonl").write_text("".join(json.dumps(s) + "\n" for s in steps))
    sub = Submission.model_validate(
        {
            "agent": "a",
            "agent_model": "m",
            "task_id": TASK.id,
            "conclusion": conclusion,
            "claimed_results": claimed,
        }
    )
    result = check_claims(TASK, sub, tmp_path, ChangedFiles.from_diff(""), None)
    assert result.checks is not None
    return [c for c in result.checks if c.kind == "number"]


def test_a_test_count_beside_a_printed_skipped_count_is_no_mismatch(tmp_path: Path) -> None:
    checks = _checks(
        tmp_path,
        "Tests:\n- Ran servers.test_liveserverthread: OK (2 tests, 1 skipped).\n"
        "Result:\n- servers.test_liveserverthread passed (2 tests, 1 skipped).",
        _steps(("./tests/runtests.py servers", RUNTESTS)),
    )
    assert not [c for c in checks if c.support in ("mismatch", "unsupported")], checks


def test_a_patch_size_after_a_grep_of_file_locations_is_no_claim(tmp_path: Path) -> None:
    checks = _checks(
        tmp_path,
        "Set empty_label to None for required ModelChoiceField instances when the widget is RadioSelect "
        "to avoid rendering a blank/checked radio choice (3-line change in django/forms/models.py).",
        _steps(('git grep -n "RadioSelect" || true', GREP)),
    )
    assert checks == []


@pytest.mark.parametrize(
    ("sentence", "number"),
    [
        ("Change is minimal (3 lines).", "3"),
        ("This is a 1\u20132 line change.", "1"),
        ("This is a 1\u20132 line change.", "2"),
        ("(3-line addition)", "3"),
        ("Trained for 10 epochs.", "10"),
        ("Works on Python 3.11 and Django 4.2.", "3.11"),
        ("Fixes issue #3050 from 2021.", "3050"),
        ("Fixes issue #3050 from 2021.", "2021"),
        ("1. Edited the loader.", "1"),
        ("Ran 25 tests, 2 errors.", "25"),
    ],
)
def test_counts_versions_years_ids_and_numbering_state_no_result(sentence: str, number: str) -> None:
    assert states_no_result(sentence, number, sentence.index(number))


@pytest.mark.parametrize(
    ("sentence", "number"),
    [("Test accuracy is 0.9733.", "0.9733"), ("acc=0.96 with k=25.", "0.96"), ("R² reaches 0.402.", "0.402")],
)
def test_a_metric_value_is_still_a_claim(sentence: str, number: str) -> None:
    assert not states_no_result(sentence, number, sentence.index(number))


def test_a_metric_the_run_never_gave_is_unsupported_not_another_metrics_value(tmp_path: Path) -> None:
    claimed = {"main": {"accuracy": 0.3050}}
    (check,) = _checks(tmp_path, "", _steps(("python run.py", "loss: 0.3050\n")), claimed)
    assert (check.metric, check.support) == ("main/accuracy", "unsupported")


def test_another_metrics_value_where_the_named_metric_differs_is_still_a_mismatch(tmp_path: Path) -> None:
    claimed = {"main": {"accuracy": 0.3050}}
    (check,) = _checks(tmp_path, "", _steps(("python run.py", "loss: 0.3050\naccuracy: 0.9100\n")), claimed)
    assert (check.support, check.step) == ("mismatch", 2)
