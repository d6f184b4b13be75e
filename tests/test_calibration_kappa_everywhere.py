"""One κ interval everywhere: the failure classifier's calibration and the run report print
Cohen's κ with `agreement.kappa_interval`, as `calibrate` does, not the item bootstrap's
percentile interval (which covered down to 0.69 on 10–30 labels, bench/coverage.md section 4).

Each table below has one rater with a single item outside its most used category: the
percentile bootstrap still varies there and printed an interval; `kappa_interval` prints none
and says why (`too few labels for an interval`)."""

from __future__ import annotations

import math

from expgrade.calibration.bootstrap import COLLAPSED
from expgrade.calibration.failures import failure_calibration, failure_item_id
from expgrade.calibration.run_report import Cell, cell_summary
from expgrade.grading.failures.records import FailureRecord
from expgrade.grading.schemas import LabelRow

MODES = ("setup", "implementation", "analysis")


def _failure_inputs() -> tuple[list[FailureRecord], list[LabelRow]]:
    """20 labelled runs: people say setup ×12, implementation ×6, analysis ×2; the classifier
    agrees except that it calls one implementation run and one analysis run setup, so it names
    analysis once: one item outside "not analysis" in that mode's one-vs-rest table."""
    people = ["setup"] * 12 + ["implementation"] * 6 + ["analysis"] * 2
    classifier = ["setup"] * 12 + ["implementation"] * 5 + ["setup", "analysis", "setup"]
    records, rows = [], []
    for i, (person, mode) in enumerate(zip(people, classifier, strict=True)):
        sub = f"s{i}"
        records.append(
            FailureRecord(
                task_id="t",
                submission_id=sub,
                agent="a",
                agent_model="m",
                status="classified",
                mode=mode,
                taxonomy="test@1#0",
            )
        )
        rows.append(
            LabelRow(item_id=failure_item_id("t", sub), rater="ann", rater_kind="human", label=person)
        )
    return records, rows


def test_failure_mode_kappa_on_one_classified_item_has_no_interval() -> None:
    records, rows = _failure_inputs()
    block = failure_calibration(records, rows, MODES, n_boot=400)
    per = {m["mode"]: m for m in block["per_mode"]}
    rare = per["analysis"]["kappa"]
    assert per["analysis"]["n_classifier"] == 1
    assert math.isfinite(rare["value"])
    assert (rare["ci_low"], rare["ci_high"], rare["interval"]) == (None, None, COLLAPSED)
    assert rare["n"] == 20
    common = per["setup"]["kappa"]  # both raters put ≥ 2 items on each side: an interval
    assert common["ci_low"] <= common["value"] <= common["ci_high"]
    assert "interval" not in common


def test_run_report_kappa_on_one_judge_fail_has_no_interval() -> None:
    """20 labelled units: people fail 2, the judge fails 1 of them and passes the rest."""
    cell = Cell()
    for human, judge in [(True, True)] * 18 + [(False, True), (False, False)]:
        cell.add(judge, human, None)
    out = cell_summary(cell, n_boot=400, confidence=0.95, seed=0, prior=0.15)
    kappa = out["kappa"]
    assert math.isfinite(kappa["value"])
    assert (kappa["ci_low"], kappa["ci_high"], kappa["interval"]) == (None, None, COLLAPSED)
    # the shares beside it keep their exact intervals and their counts
    assert out["agreement"]["n"] == 20 and out["agreement"]["ci_low"] < out["agreement"]["value"]
