"""Adjudicated gold in calibration: a row marked `extra.adjudication` (gold export) is an item's
decided gold, never one more rater. `--gold adjudicated` takes it where it exists and the
majority elsewhere, and says on how many items; the other rules leave it out; the run report's
gold takes it too."""

from __future__ import annotations

from expgrade.calibration import calibrate
from expgrade.calibration.run_report import read_gold
from expgrade.grading.schemas import LabelRow


def _row(item: str, rater: str, label: str | None, kind: str = "human", **extra: object) -> LabelRow:
    status = "graded" if label else "unscorable"
    return LabelRow(item_id=item, rater=rater, rater_kind=kind, label=label, status=status,  # type: ignore[arg-type]
                    reason=None if label else "no diff", extra=extra)  # fmt: skip


def _decided(item: str, label: str | None) -> LabelRow:
    return _row(
        item, "sam", label, adjudication={"adjudicator": "sam", "reason": "r", "label": label or "unscorable"}
    )


#: i1: the people tie, settled pass; i2: both fail; i3: both pass, overruled to fail;
#: i4: a tie decided unscorable; i5: a tie nobody settled
PEOPLE = {"i1": ("pass", "fail"), "i2": ("fail", "fail"), "i3": ("pass", "pass"), "i4": ("pass", "fail"),
          "i5": ("pass", "fail")}  # fmt: skip
JUDGE = {"i1": "pass", "i2": "fail", "i3": "fail", "i4": "pass", "i5": "pass"}
ROWS = [
    *[_row(i, name, labels[n]) for i, labels in PEOPLE.items() for n, name in enumerate(("ann", "bob"))],
    _decided("i1", "pass"),
    _decided("i3", "fail"),
    _decided("i4", None),
    *[_row(i, "judge", label, "judge") for i, label in JUDGE.items()],
]


def test_adjudicated_gold_where_decided_and_the_majority_elsewhere() -> None:
    report = calibrate(ROWS, n_resamples=0, gold="adjudicated")
    assert report.human_raters == ["ann", "bob"]  # the adjudicator is no rater
    assert (report.gold_method, report.gold_adjudicated, report.gold_ties) == ("adjudicated", 3, 1)
    overall = report.groups[0]
    assert (overall.n_gold, overall.gold_counts) == (3, {"fail": 2, "pass": 1})  # i1 pass, i2 fail, i3 fail
    (judge,) = [r for r in report.judges if r.subtask is None and r.criterion is None]
    assert judge.n == 3 and judge.statistics["percent_agreement"].value == 1.0


def test_the_other_rules_leave_the_decisions_out() -> None:
    report = calibrate(ROWS, n_resamples=0, gold="majority")
    assert report.human_raters == ["ann", "bob"] and report.gold_adjudicated == 0
    overall = report.groups[0]
    assert (overall.n_gold, overall.gold_counts) == (2, {"fail": 1, "pass": 1})  # i2 fail, i3 pass
    assert report.humans is not None and report.humans.n_raters == 2


def test_the_run_reports_gold_takes_the_decision() -> None:
    agreed = [_row("i6", "ann", "pass"), _row("i6", "bob", "pass"), _decided("i6", None)]
    gold = read_gold([*ROWS, *agreed], "gold.jsonl", {"i1", "i2", "i3", "i4", "i5", "i6"})
    assert gold.labels == {"i1": True, "i2": False, "i3": False}
    assert gold.match["ties"] == 3  # no gold: i4 and i6 (decided unscorable), i5 (tied)
