"""The one item identity and the one verdict → label-row conversion (grading/items.py)."""

from __future__ import annotations

from expgrade.grading.items import ItemKey, criterion_id_of, item_id, label_row, result_item_key
from expgrade.grading.schemas import CriterionItem, ResultRecord
from expgrade.grading.status import Unscorable


def _record() -> ResultRecord:
    return ResultRecord.model_validate(
        {
            "task_id": "bench/paper/t1",
            "submission_id": "s1",
            "agent": "a",
            "agent_model": "m",
            "attempt": 1,
            "subtasks": {},
        }
    )


def test_ids_survive_slashes_in_task_ids_and_criterion_rewording() -> None:
    key = ItemKey.parse(item_id("bench/paper/t1", "s1", "design", "independent:lr"))
    assert key == ItemKey("bench/paper/t1", "s1", "design", "independent:lr")
    before = CriterionItem(criterion="independent variable 'lr': 0.1", criterion_id="independent:lr")
    after = CriterionItem(
        criterion="independent variable 'lr' (learning rate): 0.1 or 0.01", criterion_id="independent:lr"
    )
    assert result_item_key(_record(), "design", before) == result_item_key(_record(), "design", after)


def test_older_runs_take_the_id_from_their_judge_records() -> None:
    judged = {"item_id": "bench/paper/t1/s1/implementation/req2", "rater": "j", "label": "pass"}
    assert criterion_id_of(CriterionItem(criterion="the text", judge=[judged])) == "req2"
    assert criterion_id_of(CriterionItem(criterion="outcome")) == "outcome"


def test_every_verdict_shape_becomes_the_same_kind_of_row() -> None:
    key = ItemKey("t", "s", "conclusion", "support")
    judge = label_row(key, {"rater": "m", "status": "unscorable", "reason": "refusal", "label": None})
    assert (judge.status, judge.reason, judge.label, judge.criterion, judge.subtask) == (
        "unscorable",
        "refusal",
        None,
        "support",
        "conclusion",
    )
    no_reason = label_row(key, {"rater": "m", "label": None})
    assert no_reason.status == "unscorable" and no_reason.reason == Unscorable.PROVIDER_ERROR
    human = label_row(key.id, {"rater": "ann", "label": "pass", "confidence": 0.8}, rater_kind="human")
    assert (human.item_id, human.rater_kind, human.label, human.subtask) == (key.id, "human", "pass", None)
    hand_written = label_row(key, {"rater": "j", "verdict": "fail"})
    assert hand_written.label == "fail" and hand_written.status == "graded"
