"""The run report's calibration numbers: PPI++ against the reference implementation (ppi_py,
a dev dependency), the active-inference estimator, the not-estimable rule and the label plan."""

from __future__ import annotations

import numpy as np
import pytest
from ppi_py import ppi_mean_ci, ppi_mean_pointestimate

from expgrade.annotation_app.queueing import Unit, draw, inclusion_probabilities
from expgrade.calibration.corrected import active_ppi_mean, labels_for_half_width, ppi_mean
from expgrade.calibration.run_report import MIN_GOLD, Cell, cell_summary


def _binary(rng: np.random.Generator, n: int, big_n: int, noise: float) -> tuple[np.ndarray, ...]:
    truth = rng.random(n + big_n) < 0.4
    judge = np.where(rng.random(n + big_n) < noise, ~truth, truth)
    return truth[:n].astype(float), judge[:n].astype(float), judge[n:].astype(float)


@pytest.mark.parametrize(
    ("n", "big_n", "noise", "seed"), [(20, 200, 0.1, 0), (60, 1000, 0.3, 1), (12, 30, 0.0, 2)]
)
def test_report_cell_is_ppi_py_with_an_interval_that_holds_its_level(
    n: int, big_n: int, noise: float, seed: int
) -> None:
    """The point is ppi_py's to 1e-6; the interval is ppi_py's Wald one with smoothed variances
    (`corrected.ppi_mean`): close to ppi_py's where the labels disagree with the judge now and
    then, and no point where they happen to agree on every item (noise 0: ppi_py's is [θ, θ])."""
    y, f, fu = _binary(np.random.default_rng(seed), n, big_n, noise)
    cell = Cell()
    for yi, fi in zip(y, f, strict=True):
        cell.add(bool(fi), bool(yi), None)
    for fi in fu:
        cell.add(bool(fi), None, None)
    ours = cell_summary(cell, n_boot=20, confidence=0.95, seed=0, prior=0.15)["corrected_pass_rate"]
    low, high = ppi_mean_ci(y, f, fu, alpha=0.05)
    assert ours["value"] == pytest.approx(float(ppi_mean_pointestimate(y, f, fu)[0]), abs=1e-6)
    if noise > 0:
        assert (ours["ci_low"], ours["ci_high"]) == pytest.approx(
            (max(0.0, float(low[0])), min(1.0, float(high[0]))), abs=0.03
        )
    assert ours["ci_high"] - ours["ci_low"] > 0.02
    direct = ppi_mean(y, f, fu, confidence=0.9)
    assert direct.ci_high - direct.ci_low < ours["ci_high"] - ours["ci_low"]


def test_active_estimator_is_unbiased_where_the_labelled_sample_is_not() -> None:
    """Items the judge wrongly passes are drawn 4x as often; unweighted they bias the mean down."""
    rng = np.random.default_rng(7)
    big_n = 400
    truth = (rng.random(big_n) < 0.5).astype(float)
    judge = np.where(rng.random(big_n) < 0.2, 1 - truth, truth)
    pi = np.where((judge == 1) & (truth == 0), 0.4, 0.1)  # false passes oversampled
    estimates, naive = [], []
    for _ in range(400):
        xi = rng.random(big_n) < pi
        estimates.append(active_ppi_mean(truth, xi, pi, judge).value)
        naive.append(ppi_mean(truth[xi], judge[xi], judge[~xi]).value)
    assert np.mean(estimates) == pytest.approx(truth.mean(), abs=0.01)
    assert abs(np.mean(naive) - truth.mean()) > 0.03


def test_fewer_than_ten_gold_units_is_not_estimable_never_a_number() -> None:
    cell = Cell()
    for i in range(40):
        cell.add(i % 2 == 0, (i % 2 == 0) if i < MIN_GOLD - 1 else None, None)
    out = cell_summary(cell, n_boot=20, confidence=0.95, seed=0, prior=0.15)
    assert out["corrected_pass_rate"] == {"value": None, "ci_low": None, "ci_high": None}
    assert out["not_estimable"].startswith("9 human-labelled")
    assert out["agreement"]["value"] == 1.0 and out["raw_pass_rate"] == 0.5


def test_label_plan_from_a_prior() -> None:
    """z² · p / h²: 15 % disagreement needs 231 labels for ±0.05 at 95 %."""
    assert labels_for_half_width(0.15, 0.05) == 231
    out = cell_summary(
        Cell([1.0, 0.0], [None, None], [None, None]), n_boot=0, confidence=0.95, seed=0, prior=0.15
    )
    assert out["labels_for_ci_0.05"] == 231 and out["planned_from"] == "prior disagreement 0.15"


def test_budget_is_spread_over_strata_and_favours_disagreement() -> None:
    units = [Unit(f"a/{i}", ("a", "design"), 5, 1.0 if i < 5 else 0.0) for i in range(40)]
    units += [Unit(f"b/{i}", ("b", "design"), 1, 0.0) for i in range(6)]
    pi = inclusion_probabilities(units, 40)
    assert sum(pi[u.key] * u.size for u in units) == pytest.approx(40)
    assert all(pi[f"b/{i}"] == 1.0 for i in range(6))  # the small stratum is labelled whole
    assert pi["a/0"] > pi["a/39"] > 0  # disagreement first, but nobody has probability 0
    drawn = draw(pi, seed=3)
    assert set(drawn) <= set(pi) and all(drawn[k] == pi[k] for k in drawn)
