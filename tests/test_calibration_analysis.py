"""`calibration.calibrate` on label rows: gold tie rule, unscorable rows, bias checks, corrected scores."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from expgrade.calibration import calibrate, inter_annotator_agreement, write_reports
from expgrade.calibration.bias import reliability
from expgrade.calibration.families import model_family
from expgrade.calibration.labels import load_label_data, plurality
from expgrade.calibration.report import CalibrationReport, JudgeResult
from expgrade.grading.errors import UserError
from expgrade.grading.labels_io import label_frame
from expgrade.grading.schemas.label import LabelRow


def row(item: str, rater: str, label: str | None, kind: str = "judge", **kw: object) -> LabelRow:
    return LabelRow.model_validate(
        {"item_id": item, "rater": rater, "rater_kind": kind, "label": label, **kw}
    )


def overall(report: CalibrationReport, rater: str) -> JudgeResult:
    return next(r for r in report.judges if r.rater == rater and r.subtask is None and r.criterion is None)


def test_gold_is_the_human_majority_and_a_tie_has_no_gold() -> None:
    rows = [
        # i1: 2 pass vs 1 fail -> pass; i2: 1 pass vs 1 fail -> tie, no gold; i3: single human fail -> fail
        row("i1", "a", "pass", "human"), row("i1", "b", "pass", "human"), row("i1", "c", "fail", "human"),
        row("i2", "a", "pass", "human"), row("i2", "b", "fail", "human"),
        row("i3", "a", "fail", "human"),
        row("i1", "j", "pass"), row("i2", "j", "pass"), row("i3", "j", "pass"),
    ]  # fmt: skip
    data = load_label_data(label_frame(rows))
    assert data.gold.tolist() == [1, -1, 0]
    assert data.gold_ties == 1
    report = calibrate(rows, n_resamples=50)
    j = overall(report, "j")
    assert j.n == 2  # the tied item is left out
    assert j.confusion == [[0, 1], [0, 1]]
    assert report.gold_ties == 1


def test_plurality_ties_among_three_categories() -> None:
    codes, ties = plurality(np.array([[1, 1, 1], [0, 2, 1], [0, 0, 0]], dtype=float))
    assert codes.tolist() == [-1, 1, -1]
    assert ties == 1


def test_unscorable_rows_are_counted_and_never_a_verdict() -> None:
    rows = [row(f"i{i}", "h", "pass" if i % 2 else "fail", "human") for i in range(6)]
    rows += [row(f"i{i}", "j", "pass" if i % 2 else "fail") for i in range(5)]
    rows.append(row("i5", "j", None, status="unscorable", reason="judge timed out"))
    report = calibrate(rows, n_resamples=20)
    assert report.unscorable == {"j": 1}
    j = overall(report, "j")
    assert j.n == 5
    assert j.statistics["percent_agreement"].value == 1.0


def test_all_unscorable_is_a_user_error() -> None:
    with pytest.raises(UserError, match="unscorable"):
        calibrate([row("i1", "j", None, status="unscorable", reason="x")])


def test_scale_detection_and_level_override() -> None:
    ordinal = [
        row("i1", "h", "1", "human"),
        row("i1", "j", "3"),
        row("i2", "h", "2", "human"),
        row("i2", "j", "2"),
    ]
    assert load_label_data(label_frame(ordinal)).scale.level == "ordinal"
    assert load_label_data(label_frame(ordinal), "interval").scale.level == "interval"
    nominal = [row("i1", "h", "red", "human"), row("i1", "j", "blue")]
    scale = load_label_data(label_frame(nominal)).scale
    assert (scale.level, scale.categories) == ("nominal", ("blue", "red"))
    with pytest.raises(UserError, match="numeric"):
        load_label_data(label_frame(nominal), "ordinal")


def synthetic(
    n: int = 600, seed: int = 0, self_bias: float = 0.0, length_bias: float = 0.0
) -> list[LabelRow]:
    """Three humans and two judges on binary items; `gpt-4o` may be biased by design."""
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        truth = rng.random() < 0.5
        agent = rng.choice(["gpt-4o-mini", "claude-3-haiku"])
        length = rng.randint(200, 5000)
        common = {"agent_model": agent, "response_length": length}
        for h in ("h1", "h2", "h3"):
            rows.append(
                row(
                    f"i{i}",
                    h,
                    "pass" if (truth if rng.random() < 0.9 else not truth) else "fail",
                    "human",
                    **common,
                )
            )
        for judge, acc in (("gpt-4o", 0.85), ("claude-3-5-sonnet", 0.85)):
            verdict = truth if rng.random() < acc else not truth
            if judge == "gpt-4o" and agent.startswith("gpt") and rng.random() < self_bias:
                verdict = True
            if judge == "gpt-4o" and rng.random() < length_bias * (length / 5000):
                verdict = True
            rows.append(
                row(f"i{i}", judge, "pass" if verdict else "fail", confidence=0.85, cost_usd=0.002, **common)
            )
    return rows


def test_self_preference_is_detected_only_where_injected() -> None:
    report = calibrate(synthetic(self_bias=0.6), n_resamples=300, seed=1)
    biased = overall(report, "gpt-4o").self_preference
    fair = overall(report, "claude-3-5-sonnet").self_preference
    assert biased is not None and fair is not None
    assert biased["family"] == "OpenAI" and fair["family"] == "Anthropic"
    assert biased["ci_low"] > 0.1
    assert fair["ci_low"] < 0 < fair["ci_high"]


def test_length_bias_coefficient_controls_for_the_human_label() -> None:
    report = calibrate(synthetic(length_bias=0.8), n_resamples=50, seed=2)
    biased = overall(report, "gpt-4o").length_bias
    fair = overall(report, "claude-3-5-sonnet").length_bias
    assert biased is not None and fair is not None
    assert biased["ci_low"] > 0
    assert fair["ci_low"] < 0 < fair["ci_high"]


def test_corrected_scores_and_human_ceiling() -> None:
    report = calibrate(synthetic(), n_resamples=100, seed=3)
    assert report.humans is not None and report.humans.n_raters == 3
    assert 0.5 < report.humans.krippendorff_alpha.value < 0.8
    groups = {(r["group"], r["rater"]) for r in report.corrected_scores}
    assert ("all", "gpt-4o") in groups and ("claude-3-haiku", "gpt-4o") in groups
    everything = next(r for r in report.corrected_scores if r["group"] == "all" and r["rater"] == "gpt-4o")
    # every item is labelled: Rogan–Gladen returns the human pass rate exactly
    human_rate = overall(report, "gpt-4o").human_pass_rate
    assert everything["rogan_gladen"]["value"] == pytest.approx(human_rate, abs=1e-6)
    assert everything["ppi"]["value"] == pytest.approx(human_rate, abs=1e-6)
    board = report.leaderboard["all items"]
    assert {r["rater"] for r in board} == {"gpt-4o", "claude-3-5-sonnet"}
    assert all(r["cost_per_item"] == pytest.approx(0.002) for r in board)
    assert "all items" in report.recommendations


def test_ppi_uses_unlabelled_items() -> None:
    rows = synthetic(n=300, seed=4)
    extra = [row(f"u{i}", "gpt-4o", "pass" if i % 3 else "fail") for i in range(200)]
    report = calibrate(rows + extra, n_resamples=50)
    r = next(r for r in report.corrected_scores if r["group"] == "all" and r["rater"] == "gpt-4o")
    assert report.n_items == 500
    assert r["ppi"]["ci_low"] < r["ppi"]["value"] < r["ppi"]["ci_high"]
    assert r["rogan_gladen"]["ci_low"] < r["rogan_gladen"]["value"] < r["rogan_gladen"]["ci_high"]


def test_panel_of_three_judges_is_evaluated() -> None:
    rows = synthetic(n=200, seed=5)
    rows += [
        row(f"i{i}", "llama-3-70b", r.label) for i, r in enumerate(x for x in rows if x.rater == "gpt-4o")
    ]
    report = calibrate(rows, n_resamples=30)
    panel = [r for r in report.judges if r.panel_of]
    assert panel and sorted(panel[0].panel_of or []) == ["claude-3-5-sonnet", "gpt-4o", "llama-3-70b"]
    assert panel[0].self_preference is None


def test_subtask_groups_are_reported_separately() -> None:
    rows = [
        r.model_copy(update={"subtask": "design" if int(r.item_id[1:]) % 2 else "conclusion"})
        for r in synthetic(n=100)
    ]
    report = calibrate(rows, n_resamples=20)
    subtasks = {r.subtask for r in report.judges if r.rater == "gpt-4o"}
    assert subtasks == {None, "design", "conclusion"}
    assert set(report.recommendations) == {"all items", "conclusion", "design"}


def test_pairwise_position_consistency_by_hand() -> None:
    rows = [
        row(f"p{i}", "expert", "1", "human", extra={"candidate_lengths": {"1": 10, "2": 20}})
        for i in range(4)
    ]
    # item 0, 1: consistent; item 2: picks whatever is shown first; item 3: picks the second shown
    verdicts = [("1", "1"), ("2", "2"), ("1", "2"), ("2", "1")]
    for i, (orig, swapped) in enumerate(verdicts):
        rows.append(row(f"p{i}", "GPT-4", orig, order="original"))
        rows.append(row(f"p{i}", "GPT-4", swapped, order="swapped"))
    report = calibrate(rows, n_resamples=20)
    pc = overall(report, "GPT-4").position_consistency
    assert pc is not None
    assert pc["value"] == 0.5 and pc["n"] == 4
    # shown first: "1" in original order (items 0, 2), "2" in swapped order (items 1, 2) -> 4 of 8
    assert pc["first_position_preference"]["value"] == 0.5
    j = overall(report, "GPT-4")
    assert j.n == 4 and j.statistics["percent_agreement"].value == 0.5  # original-order verdicts count


def test_reliability_diagram_and_ece() -> None:
    gold = np.array([1, 1, 1, 1, 0, 0, 0, 0])
    codes = np.array([1, 1, 1, 0, 0, 0, 1, 1])
    conf = np.array([0.95, 0.95, 0.95, 0.95, 0.65, 0.65, 0.65, 0.65])
    rel = reliability(gold, codes, conf)
    assert rel is not None
    # bin 0.9-1.0: confidence .95, accuracy .75; bin 0.6-0.7: confidence .65, accuracy .5
    assert rel["ece"] == pytest.approx(0.5 * 0.2 + 0.5 * 0.15)
    assert [b["n"] for b in rel["bins"]] == [4, 4]


def test_inter_annotator_agreement_alone() -> None:
    rows = [r for r in synthetic(n=150) if r.rater_kind == "human"]
    h = inter_annotator_agreement(rows, n_resamples=100)
    assert h.n_raters == 3 and h.n_items == 150
    assert h.krippendorff_alpha.ci_low < h.krippendorff_alpha.value < h.krippendorff_alpha.ci_high
    assert len(h.pairwise_kappa) == 3 and h.mean_pairwise_kappa is not None


@pytest.mark.parametrize(
    ("name", "family"),
    [("gpt-4", "OpenAI"), ("openai/gpt-4o", "OpenAI"), ("o3", "OpenAI"), ("claude-3-5-sonnet", "Anthropic"),
     ("meta-llama/Llama-3-8B", "Meta"), ("pandalm-7b", "Meta"), ("cerebras-gpt-6.7B", "Cerebras"),
     ("gemini-1.5-pro", "Google"), ("my-model", None)],
)  # fmt: skip
def test_model_families(name: str, family: str | None) -> None:
    assert model_family(name) == family


def test_judges_without_any_human_rows_is_a_user_error() -> None:
    with pytest.raises(UserError, match="no human label rows"):
        calibrate([row("i1", "j", "pass"), row("i2", "j", "fail")])


def test_interval_scores_use_the_interval_level() -> None:
    rows = []
    for i in range(30):
        rows.append(LabelRow(item_id=f"s{i}", rater="h", rater_kind="human", score=float(i % 5)))
        rows.append(
            LabelRow(
                item_id=f"s{i}", rater="j", rater_kind="judge", score=float(min(4, i % 5 + (i % 7 == 0)))
            )
        )
    report = calibrate(rows, n_resamples=50)
    assert report.level == "interval" and report.categories == ["0", "1", "2", "3", "4"]
    alpha = overall(report, "j").statistics["krippendorff_alpha"]
    assert 0.8 < alpha.value < 1.0
    nominal = calibrate(rows, n_resamples=50, level="nominal")
    assert overall(nominal, "j").statistics["krippendorff_alpha"].value < alpha.value


def test_criterion_groups_need_enough_gold_items() -> None:
    rows = []
    for i in range(60):
        criterion = "big" if i < 45 else "small"
        for rater, kind in (("h", "human"), ("j", "judge")):
            rows.append(
                row(f"c{i}", rater, "pass" if i % 3 else "fail", kind, subtask="design", criterion=criterion)
            )
    report = calibrate(rows, n_resamples=20)
    assert {(r.subtask, r.criterion) for r in report.judges} == {(None, None), ("design", "big")}


def test_no_resamples_gives_point_estimates_without_intervals() -> None:
    report = calibrate(synthetic(n=50), n_resamples=0)
    kappa = overall(report, "gpt-4o").statistics["cohen_kappa"]
    assert np.isfinite(kappa.value) and np.isnan(kappa.ci_low) and np.isnan(kappa.ci_high)


def test_report_files_render_every_section(tmp_path: Path) -> None:
    report = calibrate(synthetic(n=200, self_bias=0.5), n_resamples=50)
    paths = write_reports(report, tmp_path / "out")
    assert [p.name for p in paths] == ["report.json", "details.json", "report.md", "report.html"]
    html = (tmp_path / "out" / "report.html").read_text()
    sections = ["Leniency", "Self-preference", "Confidence calibration", "Corrected pass rates"]
    sections.append("Leaderboard")
    assert all(section in html for section in sections)
    assert html.count("data:image/png;base64,") >= 7
    markdown = (tmp_path / "out" / "report.md").read_text()
    assert "## Self-preference" in markdown and "## Corrected pass rates" in markdown
    details = json.loads((tmp_path / "out" / "details.json").read_text())
    assert details["reliability"]["gpt-4o"]["n"] == 200
    assert details["confusion_matrices"][0]["rows"] == "human gold"
    with pytest.raises(UserError, match="found a file"):
        write_reports(report, tmp_path / "out" / "report.md")
