"""Small samples said in words (issue 63, item 6): `calibrate` on three labelled items prints no
point interval, says an undefined κ is undefined (with the raw agreement), counts the raters
truly, and says "agrees too weakly" only where κ's interval lies below a moderate κ."""

from __future__ import annotations

from pathlib import Path

from annotation_support import cli

from expgrade.calibration.analysis import calibrate
from expgrade.calibration.bootstrap import COLLAPSED
from expgrade.grading.schemas import LabelRow


def _rows(human: dict[str, list[str]], judge: list[str]) -> list[LabelRow]:
    rows = [
        LabelRow(item_id=f"i{n}", rater=name, rater_kind="human", label=label)
        for name, labels in human.items()
        for n, label in enumerate(labels)
    ]
    return rows + [
        LabelRow(item_id=f"i{n}", rater="gpt", rater_kind="judge", label=v) for n, v in enumerate(judge)
    ]


def test_three_agreeing_items_give_no_point_interval_and_true_words() -> None:
    report = calibrate(_rows({"alice": ["pass"] * 3, "bob": ["pass"] * 3}, ["pass"] * 3))
    stats = report.judges[0].statistics
    assert stats["percent_agreement"].ci_low < 0.5 < stats["percent_agreement"].ci_high  # exact, not [1, 1]
    for est in stats.values():
        assert est.ci_low != est.ci_high, est  # never [x, x]
    advice = " ".join(report.recommendations.values())
    assert "κ is undefined" in advice and "raw agreement 1.00 on 3 items" in advice
    assert "2 annotators" in advice and "only one human rating" not in advice
    assert "too weakly" not in advice


def test_three_agreeing_items_of_both_kinds_claim_no_human_level() -> None:
    labels = ["pass", "fail", "pass"]
    report = calibrate(_rows({"alice": labels, "bob": labels}, labels))
    kappa = report.judges[0].statistics["cohen_kappa"]
    assert kappa.value == 1.0 and kappa.interval == COLLAPSED
    advice = " ".join(report.recommendations.values())
    assert "too few labels to say it reaches human level" in advice


def test_too_weakly_only_where_the_interval_supports_it() -> None:
    """One rater: 12 items at κ ≈ 0.33 have an interval reaching past 0.6 (no verdict); 200 items
    at the same agreement have one wholly below it (too weakly)."""
    human = ["pass", "pass", "fail", "fail", "pass", "fail"] * 2
    judge = ["pass", "fail", "fail", "pass", "pass", "fail"] * 2
    few = " ".join(calibrate(_rows({"alice": human}, judge), seed=1).recommendations.values())
    assert "too weakly" not in few and "label more items" in few
    many = " ".join(calibrate(_rows({"alice": human * 17}, judge * 17), seed=1).recommendations.values())
    assert "agrees too weakly to replace human grading" in many


def test_the_command_line_says_undefined(tmp_path: Path) -> None:
    table = tmp_path / "labels.jsonl"
    rows = _rows({"alice": ["pass"] * 3, "bob": ["pass"] * 3}, ["pass"] * 3)
    table.write_text("".join(r.model_dump_json(exclude_none=True) + "\n" for r in rows))
    done = cli("calibrate", str(table), "--out", str(tmp_path / "out"), env={"COLUMNS": "200"})
    assert done.returncode == 0, done.stderr
    said = " ".join(done.stdout.split())
    assert "undefined" in said and "[1.00, 1.00]" not in said and "0.00 [0.00, 0.00]" not in said
    assert "humans: 2 raters" in said and "mean pairwise κ undefined" in said
