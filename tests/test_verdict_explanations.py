"""Every explanation a person reads names the verdict, and for unscorable the reason (issue 24).

One function (`expgrade.grading.status.describe_verdict`) writes them; these tests read what the
report, the Inspect score and grading.log show, not the function's return values alone.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from expgrade.grading.schemas import CriterionItem, ExecutionSubtask, JudgedSubtask, ResultRecord, Subtasks
from expgrade.grading.status import UNSTATED, Unscorable, describe_verdict


def _unreachable_judge() -> JudgedSubtask:
    items = [CriterionItem(criterion=c, unscorable=Unscorable.PROVIDER_ERROR) for c in ("outcome", "support")]
    return JudgedSubtask(
        status="unscorable",
        unscorable=Unscorable.UNDECIDED_ITEMS,
        reason="2 of 2 item(s) unscorable",
        items=items,
    )


def _record(**subtasks: object) -> ResultRecord:
    from expgrade.grading.subtasks.passing import all_passed

    st = Subtasks.model_validate(subtasks)
    return ResultRecord(
        task_id="t1", submission_id="s1", agent="a", agent_model="m", subtasks=st, all_passed=all_passed(st)
    )


@pytest.mark.parametrize(
    ("record", "expected"),
    [
        (JudgedSubtask(status="graded", score=0.0, passed=False), "fail (score 0.00)"),
        (JudgedSubtask(status="graded", score=0.75, passed=True), "pass (score 0.75)"),
        (JudgedSubtask(status="skipped", reason="the task has no expected outcome"), "skipped (the task"),
        (CriterionItem(criterion="c", verdict="partial"), "level partial"),
        (CriterionItem(criterion="c"), f"unscorable ({UNSTATED})"),
        (ExecutionSubtask(status="mismatch", passed=False), "fail (mismatch)"),
        (ExecutionSubtask(status="sandbox_error", reason="docker died"), "unscorable (sandbox_error): do"),
        ({"status": "unscorable", "reason": "budget"}, "unscorable (budget)"),  # a judge verdict's record
        (_unreachable_judge(), "unscorable (undecided_items): 2 of 2 item(s) unscorable [2 provider_error]"),
    ],
)
def test_a_verdict_is_described_by_what_it_is(record: object, expected: str) -> None:
    assert describe_verdict(record).startswith(expected)
    # The same words from the JSON a report is rendered from.
    if hasattr(record, "model_dump"):
        assert describe_verdict(record.model_dump(mode="json")) == describe_verdict(record)


def test_the_inspect_explanation_names_the_verdict_and_the_reason() -> None:
    from expgrade.grading.inspect_scorer import score_of

    failed = score_of(_record(conclusion=JudgedSubtask(status="graded", score=0.0, passed=False)))
    assert failed.value == 0.0
    assert failed.explanation == "conclusion: fail (score 0.00)"
    unscored = score_of(_record(conclusion=_unreachable_judge()))
    assert unscored.explanation is not None and "provider_error" in unscored.explanation
    assert "graded" not in unscored.explanation


def test_the_html_report_and_grading_log_name_the_verdict(tmp_path: Path) -> None:
    from expgrade.grading.graders.pipeline import _describe
    from expgrade.grading.report.build import build_report
    from expgrade.grading.report.render import render_html

    failing = JudgedSubtask(
        status="graded",
        score=0.0,
        passed=False,
        items=[CriterionItem(criterion="outcome", verdict="fail", judge=[{"rater": "j", "label": "fail"}])],
    )
    records = [_record(conclusion=failing, design=_unreachable_judge())]
    html = render_html(build_report(tmp_path, records, {}, n_boot=10))
    text = re.sub(r"<[^>]+>", "", html)  # what a reader sees, whatever the markup around the words
    assert "conclusion: fail (score 0.00)" in text
    assert "design: unscorable (undecided_items)" in text and "2 provider_error" in text
    assert ">unscorable (provider_error)</td>" in html
    log = "\n".join(_describe("conclusion", failing) + _describe("design", _unreachable_judge()))
    assert "[conclusion] fail (score 0.00)" in log and "- fail: outcome (j=fail)" in log
    assert "[design] unscorable (undecided_items)" in log and "- unscorable (provider_error): outcome" in log
    assert "status=graded" not in log
