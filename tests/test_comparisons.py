"""Corrected differences between agents: ppi_py as the oracle for the interval and the labels
plan, and simulated agents with a known order for the ranking."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from ppi_py import ppi_mean_ci, ppi_mean_pointestimate, ppi_mean_power
from test_calibration_cli import expgrade

from expgrade.calibration.comparisons import compare_agents, compare_pair
from expgrade.grading.labels_io import write_label_rows
from expgrade.grading.schemas.label import LabelRow


def _study(seed: int, skills: dict[str, float], n_tasks: int, n_labelled: int, judge_accuracy: float = 0.85):
    """Units of every agent on every task (task difficulty shared), the judge's verdicts and the
    human's on the first `n_labelled` tasks."""
    rng = np.random.default_rng(seed)
    difficulty = rng.normal(0, 1.5, n_tasks)
    agent, task, judge, human = [], [], [], []
    for name, skill in skills.items():
        truth = rng.random(n_tasks) < 1 / (1 + np.exp(-(skill - difficulty)))
        said = np.where(rng.random(n_tasks) < judge_accuracy, truth, ~truth)
        agent += [name] * n_tasks
        task += [f"t{i}" for i in range(n_tasks)]
        judge.append(said.astype(float))
        human.append(np.where(np.arange(n_tasks) < n_labelled, truth.astype(float), np.nan))
    return np.array(agent), np.array(task), np.concatenate(judge), np.concatenate(human)


def test_the_paired_difference_is_ppi_py_on_task_differences() -> None:
    """ppi_py's point; its Wald interval, variances smoothed (`corrected.ppi_mean`), holds ppi_py's."""
    agent, task, judge, human = _study(0, {"a": 0.6, "b": 0.0}, 300, 80)
    p = compare_pair(agent, task, judge, human, "a", "b", confidence=0.95)
    d_hat = judge[agent == "a"] - judge[agent == "b"]
    d = (human[agent == "a"] - human[agent == "b"])[:80]
    low, high = ppi_mean_ci(d, d_hat[:80], d_hat[80:], alpha=0.05)
    assert p.difference.value == pytest.approx(float(ppi_mean_pointestimate(d, d_hat[:80], d_hat[80:])[0]))
    assert p.difference.ci_low <= float(low[0]) and p.difference.ci_high >= float(high[0])
    assert p.difference.ci_high - p.difference.ci_low < 1.2 * float(high[0] - low[0])
    assert p.paired and (p.n_tasks, p.n_labelled) == (300, 80)
    assert p.judge_difference == pytest.approx(d_hat.mean())


def test_the_labels_plan_is_ppi_pys_power_analysis() -> None:
    """Every open pair the plan covers (several studies, so the check does not rest on one draw)."""
    checked = 0
    for seed in range(12):
        agent, task, judge, human = _study(seed, {"a": 0.3, "b": 0.0}, 1000, 40, judge_accuracy=0.9)
        p = compare_pair(agent, task, judge, human, "a", "b", confidence=0.95)
        if p.settled or p.labels_to_settle is None:
            continue
        d_hat = judge[agent == "a"] - judge[agent == "b"]
        d = (human[agent == "a"] - human[agent == "b"])[:40]
        target = ((1.959963984540054 + 0.8416212335729143) * d.std(ddof=1) / abs(d.mean())) ** 2
        plan = ppi_mean_power(d, d_hat[:40], cost_Y=1.0, cost_Yhat=1e-9, effective_n=target, n_max=1000)
        assert abs(p.labels_to_settle + 40 - plan["n"]) <= 1  # ppi_py rounds, we round up
        checked += 1
    assert checked >= 3


def test_pairing_by_task_narrows_the_interval() -> None:
    """Pairing's own gain, shown where the judge explains nothing (accuracy 0.5): with a good
    judge each agent's corrected rate is already the stratified interval on the judge's pass /
    fail strata (`corrected.ppi_mean`), and pairing on top of it gains 0–15 %."""
    width = lambda p: p.difference.ci_high - p.difference.ci_low  # noqa: E731
    ratios = []
    for seed in range(8):
        agent, task, judge, human = _study(seed, {"a": 0.5, "b": 0.0}, 300, 100, judge_accuracy=0.5)
        paired = compare_pair(agent, task, judge, human, "a", "b")
        unpaired = compare_pair(agent, None, judge, human, "a", "b")
        assert paired.paired and not unpaired.paired
        ratios.append(width(paired) / width(unpaired))
    assert max(ratios) < 1.0 and float(np.median(ratios)) < 0.92


def test_the_ranking_marks_ties_it_cannot_break() -> None:
    skills = {"strong": 2.0, "strong-too": 1.95, "weak": -1.5}
    agent, task, judge, human = _study(7, skills, 400, 250)
    rates = {a: float(np.nanmean(human[agent == a])) for a in skills}
    pairs, ranking = compare_agents(agent, task, judge, human, rates)
    ranks = {r.agent: (r.best_rank, r.worst_rank) for r in ranking}
    assert ranks["weak"] == (3, 3)
    assert ranks["strong"] == ranks["strong-too"] == (1, 2)
    open_pair = next(p for p in pairs if {p.a, p.b} == {"strong", "strong-too"})
    assert not open_pair.settled and (
        open_pair.labels_to_settle is not None or "run more tasks" in (open_pair.note or "")
    )
    assert "strong-too" in next(r for r in ranking if r.agent == "strong").tied_with


def test_calibrate_reports_every_pair(tmp_path: Path) -> None:
    agent, task, judge, human = _study(11, {"a": 1.0, "b": 0.0, "c": -1.0}, 120, 60)
    rows = []
    for i, (ag, t, j, h) in enumerate(zip(agent, task, judge, human, strict=True)):
        base = {"item_id": f"{t}/{ag}", "agent_model": ag, "task_id": t}
        rows.append(LabelRow(**base, rater="gpt-4o", rater_kind="judge", label="pass" if j else "fail"))
        if not np.isnan(h):
            rows.append(
                LabelRow(**base, rater=f"ann-{i % 2}", rater_kind="human", label="pass" if h else "fail")
            )
    path = tmp_path / "labels.parquet"
    write_label_rows(path, rows)
    done = expgrade("calibrate", path, "--out", tmp_path / "r", "--bootstrap", "0")
    assert done.returncode == 0, done.stderr
    (entry,) = json.loads((tmp_path / "r" / "report.json").read_text())["agent_comparisons"]
    assert entry["rater"] == "gpt-4o" and len(entry["pairs"]) == 3
    assert all(p["paired"] and p["n_tasks"] == 120 for p in entry["pairs"])
    assert [r["agent"] for r in entry["ranking"]] == ["a", "b", "c"]
    assert "Which agent is better?" in (tmp_path / "r" / "report.html").read_text()
