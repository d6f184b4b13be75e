"""Intervals beyond the corrected rate hold their level: small, seeded copies of the regimes of
bench/coverage_more_bench.py where an interval covered below 0.94 at nominal 0.95.

* pass rates over tasks (`task_interval`) on results clustered in papers, and pass^k over
  submissions (the same interval): the cluster bootstrap's percentile interval alone covered
  0.83–0.89 on 5–20 papers with correlated results, 0.87–0.93 for pass^k on 30 submissions;
* the run report's agreement, TPR and TNR (`run_report.cell_summary`): the item bootstrap's
  percentile interval covered 0.86 on 100 labels of a judge agreeing on 94 %;
* `calibrate`'s agreement, TPR and TNR: Wilson's interval's exact coverage fell to 0.84 on 10 items.

The truth is known because it is simulated: the pass rate of the population the papers are
drawn from, E[r^K] over the submissions' reproduction rates, the judge's population agreement.
"""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import binom

from expgrade.calibration.analysis import calibrate
from expgrade.calibration.run_report import Cell, cell_summary
from expgrade.grading.aggregate.bootstrap import clustered_bootstrap_mean
from expgrade.grading.aggregate.intervals import BOOTSTRAP, task_interval
from expgrade.grading.schemas import LabelRow

REPS = 300


def _clustered(rng: np.random.Generator, papers: int, per: int, rate: float, icc: float) -> np.ndarray:
    """0/1 results, `per` in each paper, the paper's rate Beta with intra-paper correlation `icc`."""
    s = 1 / icc - 1
    p = np.repeat(rng.beta(rate * s, (1 - rate) * s, papers), per)
    return (rng.random(p.size) < p).astype(float)


@pytest.mark.parametrize(("papers", "rate", "icc"), [(5, 0.2, 0.5), (10, 0.2, 0.5)])
def test_pass_rate_over_correlated_papers_covers(papers: int, rate: float, icc: float) -> None:
    """Ten results a paper, as EXP-Bench's tasks come: the bootstrap over a handful of papers
    alone is too narrow; the interval must hold the population's rate at its level."""
    rng = np.random.default_rng(63)
    clusters = np.repeat([f"paper{i}" for i in range(papers)], 10).tolist()
    covered = 0
    for r in range(REPS):
        est = task_interval(_clustered(rng, papers, 10, rate, icc).tolist(), clusters, n_boot=400, seed=r)
        covered += est.ci_low <= rate <= est.ci_high
    assert covered / REPS >= 0.93


def test_pass_hat_k_covers() -> None:
    """pass^k: 30 submissions run 3 times each, each reproducing with its own rate (mean 0.95):
    the share where all 3 reproduced, against E[r³]."""
    rng = np.random.default_rng(5)
    s = 1 / 0.3 - 1
    a, b = 0.95 * s, 0.05 * s
    truth = (a / (a + b)) * ((a + 1) / (a + b + 1)) * ((a + 2) / (a + b + 2))  # E[r³] of Beta(a, b)
    tasks = [f"t{i}" for i in range(30)]
    covered = 0
    for r in range(REPS):
        runs = rng.random((30, 3)) < rng.beta(a, b, 30)[:, None]
        est = task_interval(runs.all(axis=1).astype(float).tolist(), tasks, n_boot=400, seed=r)
        covered += est.ci_low <= truth <= est.ci_high
    assert covered / REPS >= 0.93


def test_bootstrap_interval_is_kept_where_it_is_wider() -> None:
    """The correction only widens: enough tasks that vary keep the cluster bootstrap's label,
    point and seed, and the bootstrap's interval lies inside the one returned."""
    rng = np.random.default_rng(2)
    values = (rng.random(60) < 0.4).astype(float).tolist()
    clusters = [f"t{i // 6}" for i in range(60)]
    boot = clustered_bootstrap_mean(values, clusters, n_boot=300, seed=1)
    est = task_interval(values, clusters, n_boot=300, seed=1)
    assert est.interval == BOOTSTRAP and est.value == boot.value
    assert est.ci_low <= boot.ci_low < boot.ci_high <= est.ci_high


def test_run_report_agreement_covers() -> None:
    """100 labelled units, the judge agreeing on 94 % (TPR 0.9, FPR 0.05 at a 5 % pass rate):
    the report's agreement interval holds the judge's population agreement at its level, and
    so does its TNR."""
    rng = np.random.default_rng(11)
    rate, tpr, fpr = 0.05, 0.90, 0.05
    agreement = rate * tpr + (1 - rate) * (1 - fpr)
    hits = {"agreement": 0, "tnr": 0}
    for r in range(REPS):
        truth = rng.random(100) < rate
        said = np.where(truth, rng.random(100) < tpr, rng.random(100) < fpr)
        cell = Cell()
        for t, s in zip(truth, said, strict=True):
            cell.add(bool(s), bool(t), None)
        out = cell_summary(cell, n_boot=200, confidence=0.95, seed=r, prior=0.15)
        hits["agreement"] += out["agreement"]["ci_low"] <= agreement <= out["agreement"]["ci_high"]
        hits["tnr"] += out["tnr"]["ci_low"] <= 1 - fpr <= out["tnr"]["ci_high"]
    assert hits["agreement"] / REPS >= 0.93
    assert hits["tnr"] / REPS >= 0.93


def _printed_intervals(n: int) -> dict[str, list[tuple[float, float]]]:
    """What `calibrate` prints for each number of agreements 0..n on `n` labelled items: agreement
    and TPR from items the people all passed, TNR from items they all failed (the judge right on
    the first x of them)."""
    out: dict[str, list[tuple[float, float]]] = {"percent_agreement": [], "tpr": [], "tnr": []}
    for x in range(n + 1):
        for gold, other, stats in (
            ("pass", "fail", ("percent_agreement", "tpr")),
            ("fail", "pass", ("tnr",)),
        ):
            rows = [LabelRow(item_id=f"i{i}", rater="h", rater_kind="human", label=gold) for i in range(n)]
            rows += [
                LabelRow(item_id=f"i{i}", rater="j", rater_kind="judge", label=gold if i < x else other)
                for i in range(n)
            ]
            got = calibrate(rows, n_resamples=10).judges[0].statistics
            for s in stats:
                out[s].append((got[s].ci_low, got[s].ci_high))
    return out


@pytest.mark.parametrize("n", [10, 20])
def test_calibrate_agreement_tpr_tnr_cover_exactly(n: int) -> None:
    """The exact binomial coverage of `calibrate`'s agreement, TPR and TNR intervals, summed over
    every outcome (no simulation noise), holds 0.94 at nominal 0.95 at every rate of a fine grid.
    Wilson's interval, printed before, covered 0.84 at worst on 10 items and 0.85 on 20
    (bench/coverage.md, section 12)."""
    rates = np.linspace(0.001, 0.999, 999)
    pmf = binom.pmf(np.arange(n + 1)[:, None], n, rates[None, :])
    for stat, intervals in _printed_intervals(n).items():
        low, high = np.array(intervals).T
        covers = (low[:, None] <= rates[None, :]) & (rates[None, :] <= high[:, None])
        coverage = (pmf * covers).sum(axis=0)
        assert coverage.min() >= 0.94, (stat, float(rates[coverage.argmin()]), float(coverage.min()))
