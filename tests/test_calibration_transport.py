"""Borrowed corrections (issue 63 item 4): the transport test of equal judge error rates across
agents, and what `calibrate`'s per-agent rows say when their correction uses other agents' labels."""

from __future__ import annotations

import math
import random
from pathlib import Path

from expgrade.calibration import calibrate, write_reports
from expgrade.calibration.transport import TRANSPORT_LEVEL, transport_test
from expgrade.grading.schemas.label import LabelRow


def _labelled(
    n: int, tpr: dict[str, float], fpr: dict[str, float], seed: int
) -> tuple[list[str], list[bool], list[bool]]:
    """`n` labelled items per agent, half human-pass, judged with the agent's own TPR/FPR."""
    rng = random.Random(seed)
    agents, human, judge = [], [], []
    for a in tpr:
        for i in range(n):
            truth = i % 2 == 0
            agents.append(a)
            human.append(truth)
            judge.append(rng.random() < (tpr[a] if truth else fpr[a]))
    return agents, human, judge


def test_equal_error_rates_are_rejected_at_about_the_level_and_unequal_ones_found() -> None:
    """Under equal TPR/FPR the exact conditional test rejects at most about `level` of the time;
    a judge that passes one agent's failures half the time is caught on 100 labels per agent."""
    rejections = 0
    for seed in range(200):
        a, h, j = _labelled(30, {"x": 0.9, "y": 0.9, "z": 0.9}, {"x": 0.1, "y": 0.1, "z": 0.1}, seed)
        rejections += transport_test(a, h, j, draws=400, seed=seed).differ
    assert rejections / 200 <= TRANSPORT_LEVEL + 0.04
    a, h, j = _labelled(100, {"x": 0.9, "y": 0.9}, {"x": 0.1, "y": 0.5}, 1)
    test = transport_test(a, h, j)
    assert test.differ and test.df == 2 and test.p_value is not None and test.p_value < 0.01
    assert test.agents == ("x", "y") and test.n_labels == 200


def test_labels_of_one_agent_test_nothing() -> None:
    test = transport_test(["x"] * 6, [True, False] * 3, [True, False] * 3)
    assert test.p_value is None and test.df == 0 and not test.differ


def _rows(fpr_b: float, labelled_b: int, seed: int = 0, *, fails_only: bool = False) -> list[LabelRow]:
    """Agent a: 80 labelled items; agent b: 80 items, the first `labelled_b` of them labelled
    (only its human failures with `fails_only`); one judge with TPR 0.9 on both and FPR 0.1 on
    a's items, `fpr_b` on b's."""
    rng = random.Random(seed)
    rows = []
    for agent, fpr, labelled in (("a", 0.1, 80), ("b", fpr_b, labelled_b)):
        for i in range(80):
            item, truth = f"{agent}{i}", i % 2 == 0
            verdict = rng.random() < (0.9 if truth else fpr)
            common = {"item_id": item, "agent_model": agent}
            rows.append(
                LabelRow.model_validate(
                    {
                        **common,
                        "rater": "judge",
                        "rater_kind": "judge",
                        "label": "pass" if verdict else "fail",
                    }
                )
            )
            if i < labelled and not (fails_only and agent == "b" and truth):
                rows.append(
                    LabelRow.model_validate(
                        {**common, "rater": "h", "rater_kind": "human", "label": "pass" if truth else "fail"}
                    )
                )
    return rows


def _row(report: object, group: str) -> dict[str, object]:
    return next(r for r in report.corrected_scores if r["group"] == group)  # type: ignore[attr-defined]


def test_an_unlabelled_agent_says_its_correction_is_borrowed(tmp_path: Path) -> None:
    report = calibrate(_rows(0.1, 0), n_resamples=20)
    b = _row(report, "b")
    assert b["correction_note"] == (
        "correction borrowed: 0 of this agent's items labelled; uses 80 labels of other agents "
        "(transport untested: no two agents share labels of one human verdict)"
    )
    assert not math.isnan(b["rogan_gladen"]["value"])  # type: ignore[index]
    assert _row(report, "all")["correction_note"] is None
    files = {p.suffix: p.read_text() for p in write_reports(report, tmp_path)}
    md = files[".md"]
    assert "b (judge), Rogan–Gladen: correction borrowed: 0 of this agent" in files[".html"].replace(
        "&#39;", "'"
    )
    assert "- b (judge), Rogan–Gladen: correction borrowed: 0 of this agent's items labelled" in md


def test_judge_errors_that_differ_by_agent_stop_the_borrowing() -> None:
    """b's failures pass the judge half the time: the pooled FPR would under-correct b, so b is
    corrected with its own labels, and an agent without enough of them gets no correction."""
    own = _row(calibrate(_rows(0.5, 80), n_resamples=20), "b")
    note = str(own["correction_note"])
    assert note.startswith("judge errors differ by agent (p=") and note.endswith("own 80 labels only")
    truth = 0.5
    rg = own["rogan_gladen"]
    assert rg["ci_low"] <= truth <= rg["ci_high"]  # type: ignore[index]
    few = _row(calibrate(_rows(0.5, 80, fails_only=True), n_resamples=20), "b")  # no human pass of b
    few_note = str(few["correction_note"])
    assert few_note.endswith("no borrowed correction"), few_note
    assert few["rogan_gladen"]["value"] is None  # type: ignore[index]
