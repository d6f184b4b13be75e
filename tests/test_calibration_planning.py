"""Label planning (issue 63 item 5): the planned n, checked by seeded simulation of the intervals
`corrected.ppi_mean` prints, and `expgrade annotate plan` on a run."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from test_calibration_cli import Done, expgrade

from expgrade.calibration.corrected import ppi_mean, z_value
from expgrade.calibration.planning import (
    ASSUMED,
    Arm,
    JudgeErrors,
    measured_errors,
    plan_difference,
    plan_half_width,
)
from expgrade.grading.items import is_judged, result_item_key
from expgrade.grading.labels_io import write_label_rows
from expgrade.grading.run.store import read_results
from expgrade.grading.schemas.label import LabelRow
from expgrade.grading.subtasks import judged_results

ERRORS = JudgeErrors(0.9, 0.1, "stated")
ROOT = Path(__file__).resolve().parents[1]


def _judge_rate(theta: float, e: JudgeErrors) -> float:
    return theta * e.tpr + (1 - theta) * e.fpr


def _draw(rng: np.random.Generator, theta: float, n_units: int, n_labels: int) -> tuple[float, float]:
    """One simulated benchmark: (PPI++ estimate, half-width) with `n_labels` random units labelled."""
    y = rng.random(n_units) < theta
    f = np.where(y, rng.random(n_units) < ERRORS.tpr, rng.random(n_units) < ERRORS.fpr).astype(float)
    labelled = np.zeros(n_units, dtype=bool)
    labelled[rng.choice(n_units, n_labels, replace=False)] = True
    est = ppi_mean(y[labelled].astype(float), f[labelled], f[~labelled])
    return est.value, (est.ci_high - est.ci_low) / 2


def test_the_planned_labels_give_about_the_stated_half_width() -> None:
    theta, n_units, target = 0.2, 2000, 0.05
    plan = plan_half_width(Arm("a", n_units, _judge_rate(theta, ERRORS)), ERRORS, target)
    assert plan.labels is not None and 10 < plan.labels < n_units
    rng = np.random.default_rng(0)
    widths = [_draw(rng, theta, n_units, plan.labels)[1] for _ in range(300)]
    assert 0.85 * target <= float(np.mean(widths)) <= 1.15 * target
    # a fifth fewer labels than planned would not reach it
    fewer = [_draw(rng, theta, n_units, int(plan.labels * 0.8))[1] for _ in range(300)]
    assert float(np.mean(fewer)) > float(np.mean(widths))


def test_the_planned_labels_tell_two_agents_apart_with_the_stated_power() -> None:
    """With the planned n per agent, the interval of the difference excludes 0 in about 80 % of
    simulated benchmarks whose agents differ by the margin."""
    a, b, n_units, margin = 0.2, 0.35, 1500, 0.15
    plan = plan_difference(
        Arm("a", n_units, _judge_rate(a, ERRORS)), Arm("b", n_units, _judge_rate(b, ERRORS)), ERRORS, margin
    )
    assert plan.labels is not None
    rng = np.random.default_rng(1)
    z = z_value(0.95)
    told = 0
    for _ in range(300):
        (ta, ha), (tb, hb) = _draw(rng, a, n_units, plan.labels), _draw(rng, b, n_units, plan.labels)
        told += abs(tb - ta) > z * np.hypot(ha / z, hb / z)
    assert 0.68 <= told / 300 <= 0.92


def test_a_half_width_beyond_the_run_is_not_reachable_and_says_what_is() -> None:
    plan = plan_half_width(Arm("a", 6, 0.5), ASSUMED, 0.05)
    assert plan.labels is None and plan.best > 0.3


def test_measured_errors_are_smoothed_and_need_both_verdicts() -> None:
    e = measured_errors([True] * 10 + [False] * 10, [True] * 10 + [False] * 10)
    assert (e.tpr, e.fpr) == (11 / 12, 1 / 12) and e.source.startswith("measured on 20 labels")
    assert measured_errors([True, True], [True, True]) is ASSUMED


def _run(*args: str, cwd: Path) -> Done:
    """`expgrade annotate plan ARGS`, through the real entry point (exit 2 on a user error)."""
    return expgrade("annotate", "plan", *args, cwd=cwd)


def _run_folder(tmp_path: Path, per_agent: int) -> Path:
    """The bundled real-judge run, its records repeated to `per_agent` submissions per agent."""
    records = [
        json.loads(line) for line in (ROOT / "examples/real_judge/results.jsonl").read_text().splitlines()
    ]
    out = tmp_path / "run"
    out.mkdir()
    (out / "manifest.json").write_text((ROOT / "examples/real_judge/manifest.json").read_text())
    lines = []
    for k in range(per_agent // 2):
        for r in records:
            lines.append(json.dumps({**r, "submission_id": f"{r['submission_id']}-{k}"}))
    (out / "results.jsonl").write_text("\n".join(lines) + "\n")
    return out


def test_cli_plans_a_half_width_and_a_difference(tmp_path: Path) -> None:
    run = _run_folder(tmp_path, 400)
    half = _run(str(run), "--half-width", "0.1", cwd=tmp_path)
    assert half.returncode == 0, half.stderr
    out = " ".join(half.stdout.split())
    assert "assumed (no labels yet): TPR 0.85, FPR 0.15" in out
    for agent in ("careful-agent", "cheating-agent", "sloppy-agent"):
        assert agent in out
    assert "random draw" in out and "active draw" in out
    diff = _run(str(run), "--difference", "0.2", cwd=tmp_path)
    assert diff.returncode == 0, diff.stderr
    assert "careful-agent vs cheating-agent" in " ".join(diff.stdout.split())


@pytest.mark.parametrize("args", [[], ["--half-width", "0.05", "--difference", "0.1"], ["--half-width", "2"]])
def test_cli_needs_exactly_one_sensible_target(tmp_path: Path, args: list[str]) -> None:
    res = _run(str(_run_folder(tmp_path, 2)), *args, cwd=tmp_path)
    assert res.returncode == 2 and "Traceback" not in res.stderr


def test_cli_plans_from_the_labels_there_are(tmp_path: Path) -> None:
    """With --gold the judge's errors are measured on the labelled submissions (here the judge
    failed every design the people passed: a TPR near 0, said as such) and the labels each agent
    already has are counted."""
    run = _run_folder(tmp_path, 200)
    records = read_results(run)
    rows = [
        LabelRow.model_validate(
            {
                "item_id": result_item_key(r, name, item).id,
                "rater": "h",
                "rater_kind": "human",
                "label": "pass" if k % 2 else "fail",
            }
        )
        for k, r in enumerate(records[:24])
        for name, sub in judged_results(r.subtasks)
        if name == "design"
        for item in sub.items
        if is_judged(item)
    ]
    write_label_rows(tmp_path / "gold.jsonl", rows)
    res = _run(str(run), "--half-width", "0.1", "--subtask", "design", "--gold", "gold.jsonl", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    out = " ".join(res.stdout.split())
    assert "design: judge errors measured on 24 labels (12 pass, 12 fail): TPR 0.07, FPR 0.07" in out
    # 24 labelled submissions over three agents; a judge no better than chance plans for θ = ½:
    # the human labels alone, z²·¼/0.1² less ppi_mean's z² pseudo-labels = 96.0 − 3.8
    assert re.findall(r"│ 8 +│ (\d+) +│", res.stdout) == ["93"] * 3, res.stdout
    assert "random draw: 255 more labelled submissions" in out
