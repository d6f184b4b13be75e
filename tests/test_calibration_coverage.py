"""The corrected pass rate's interval covers the truth at its stated level, checked the only way it
can be: simulate benchmarks whose true pass rate is known and count how often the interval holds it.

A small, seeded version of bench/coverage_bench.py, on the regimes of issue 63 where plain PPI++
covered 84–92 % at nominal 95 % (a few tens of labels, rare passes). The estimand is the pass
rate of the items judged (docs/calibration.md).
"""

from __future__ import annotations

import numpy as np
import pytest

from expgrade.calibration.corrected import LABELS_ONLY, TOO_FEW, modified_wilson, ppi_mean

REPS = 800
#: (items judged, human labels, true pass rate, judge TPR, judge FPR)
REGIMES = [
    (200, 20, 0.15, 0.95, 0.05),
    (200, 20, 0.10, 0.80, 0.10),
    (400, 10, 0.50, 0.90, 0.10),
    (1000, 100, 0.05, 0.90, 0.05),
]


def _draw(
    rng: np.random.Generator, items: int, labels: int, rate: float, tpr: float, fpr: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Human truth and judge verdict per item, and which items a person labelled (a plain sample)."""
    truth = (rng.random(items) < rate).astype(float)
    judge = np.where(truth == 1, rng.random(items) < tpr, rng.random(items) < fpr).astype(float)
    labelled = np.zeros(items, dtype=bool)
    labelled[rng.choice(items, labels, replace=False)] = True
    return truth, judge, labelled


@pytest.mark.parametrize(("items", "labels", "rate", "tpr", "fpr"), REGIMES)
def test_corrected_rate_covers_at_its_level(
    items: int, labels: int, rate: float, tpr: float, fpr: float
) -> None:
    rng = np.random.default_rng(63)
    covered = 0
    for _ in range(REPS):
        truth, judge, labelled = _draw(rng, items, labels, rate, tpr, fpr)
        est = ppi_mean(truth[labelled], judge[labelled], judge[~labelled])
        covered += est.ci_low <= truth.mean() <= est.ci_high
    assert covered / REPS >= 0.93


def test_never_wider_than_the_labels_own_wilson_interval() -> None:
    """A judge that agrees with nobody adds nothing: the answer is the labels' own score interval
    (Wilson's, modified near 0 and 1 by Brown, Cai & DasGupta)."""
    rng = np.random.default_rng(1)
    for _ in range(200):
        truth, judge, labelled = _draw(rng, 300, 15, 0.2, 0.3, 0.7)  # an adversarial judge
        est = ppi_mean(truth[labelled], judge[labelled], judge[~labelled])
        w = modified_wilson(int(truth[labelled].sum()), 15)
        assert est.ci_high - est.ci_low <= w.ci_high - w.ci_low + 1e-12
        if est.interval == LABELS_ONLY:
            assert (est.value, est.ci_low, est.ci_high) == pytest.approx((w.value, w.ci_low, w.ci_high))


def test_a_judge_that_adds_nothing_gives_the_labels_interval_not_the_narrower_of_two() -> None:
    """λ = 0 (the judge's verdicts anti-correlate with the labels): the estimate is the labels'
    mean, so its interval is theirs, whatever the t interval of the same mean happens to say.
    Picking the narrower of the two covered 93 % on 100 labels of a 5 % rate (bench/coverage.md)."""
    y = np.array([1.0] * 3 + [0.0] * 47)
    f = 1.0 - y  # every verdict wrong: λ is clipped to 0
    est = ppi_mean(y, f, np.ones(500))
    w = modified_wilson(3, 50)
    assert est.interval == LABELS_ONLY
    assert (est.value, est.ci_low, est.ci_high) == pytest.approx((w.value, w.ci_low, w.ci_high))


def test_two_passes_in_ten_labels_do_not_rule_out_a_five_percent_rate() -> None:
    """Wilson's interval for 2 of 10 starts at 0.057, so at a true 5 % rate it covered 91 %; the
    modified interval's lower end is the Poisson bound χ²₄(0.025)/20 = 0.024."""
    est = ppi_mean(np.array([1.0] * 2 + [0.0] * 8), np.array([0.0] * 10), np.zeros(190))
    assert est.ci_low == pytest.approx(0.0242209, abs=1e-6)
    assert modified_wilson(0, 10).ci_low == 0.0 and modified_wilson(10, 10).ci_high == 1.0


def test_agreeing_labels_of_a_rare_pass_do_not_give_a_point_interval() -> None:
    """Twenty labels, all fails, judge agreeing on every one: the plain Wald interval was [0, 0]."""
    y = np.zeros(20)
    est = ppi_mean(y, y, np.zeros(180))
    assert est.ci_low == 0.0 and est.ci_high > 0.05


def test_no_labels_says_too_few_labels() -> None:
    est = ppi_mean(np.array([]), np.array([]), np.ones(5))
    assert np.isnan(est.ci_low) and est.interval == TOO_FEW
