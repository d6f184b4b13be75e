"""Calibration statistics against published reference values and independent implementations."""

from __future__ import annotations

import krippendorff
import numpy as np
import pytest
from sklearn.metrics import cohen_kappa_score, f1_score

from expgrade.calibration.agreement import (
    binary_rates,
    cohen_kappa,
    confusion_matrix,
    confusion_statistics,
    gwet_ac1,
    macro_f1,
    multi_rater_agreement,
    percent_agreement,
    scott_pi,
)
from expgrade.calibration.bootstrap import estimate, percentile_interval, resample_table
from expgrade.calibration.corrected import LABELS_ONLY, modified_wilson, ppi_mean, rogan_gladen
from expgrade.calibration.krippendorff_alpha import (
    alpha_from_coincidences,
    alpha_from_confusions,
    package_alpha,
    unit_coincidences,
)

NAN = np.nan
# Krippendorff (2011), "Computing Krippendorff's alpha-reliability": 4 observers × 12 units.
KRIPPENDORFF_4X12 = [
    [1, 2, 3, 3, 2, 1, 4, 1, 2, NAN, NAN, NAN],
    [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, NAN, 3],
    [NAN, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, NAN],
    [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, NAN],
]
# The krippendorff package's docstring example, with missing values.
DOCSTRING = [
    [NAN, NAN, NAN, NAN, NAN, 3, 4, 1, 2, 1, 1, 3, 3, NAN, 3],
    [1, NAN, 2, 1, 3, 3, 4, 3, NAN, NAN, NAN, NAN, NAN, NAN, NAN],
    [NAN, NAN, 2, 1, 3, 4, 4, NAN, 2, 1, 1, 3, 3, NAN, 4],
]


def value_counts(data: list[list[float]]) -> tuple[np.ndarray, np.ndarray]:
    arr = np.array(data, dtype=float)
    values = np.unique(arr[~np.isnan(arr)])
    counts = np.stack([(arr == v).sum(axis=0) for v in values], axis=1)
    return counts, values


@pytest.mark.parametrize(
    ("data", "level", "expected", "digits"),
    [
        (KRIPPENDORFF_4X12, "nominal", 0.743, 3),
        (KRIPPENDORFF_4X12, "ordinal", 0.815, 3),
        (KRIPPENDORFF_4X12, "interval", 0.849, 3),
        (KRIPPENDORFF_4X12, "ratio", 0.797, 3),
        (DOCSTRING, "nominal", 0.691358, 6),
        (DOCSTRING, "interval", 0.810845, 6),
    ],
)
def test_krippendorff_reference_values_by_both_paths(
    data: list[list[float]], level: str, expected: float, digits: int
) -> None:
    counts, values = value_counts(data)
    assert round(package_alpha(counts, values, level), digits) == expected  # type: ignore[arg-type]
    vectorised = alpha_from_coincidences(unit_coincidences(counts).sum(axis=0), values, level)  # type: ignore[arg-type]
    assert round(float(vectorised), digits) == expected


def test_irrcac_three_by_three_table() -> None:
    table = np.array([[13, 0, 0], [0, 20, 7], [0, 4, 56]], dtype=float)
    assert round(float(cohen_kappa(table)), 4) == 0.7964
    assert round(float(scott_pi(table)), 4) == 0.7962
    assert round(float(gwet_ac1(table)), 3) == 0.849
    assert float(percent_agreement(table)) == pytest.approx(0.89)


def test_kappa_paradox_high_agreement_near_zero_kappa_while_ac1_stays_high() -> None:
    # Feinstein & Cicchetti's paradox: both raters say "pass" almost always.
    table = np.array([[118, 5], [2, 0]], dtype=float)
    assert float(percent_agreement(table)) == pytest.approx(0.944)
    assert abs(float(cohen_kappa(table))) < 0.05
    assert float(gwet_ac1(table)) > 0.9


def test_stack_evaluation_matches_sklearn_and_krippendorff_per_table() -> None:
    rng = np.random.default_rng(3)
    stack = []
    for _ in range(20):
        gold = rng.integers(0, 3, 200)
        judge = np.where(rng.random(200) < 0.7, gold, rng.integers(0, 3, 200))
        table = confusion_matrix(gold, judge, 3)
        stack.append(table)
        assert float(cohen_kappa(table)) == pytest.approx(cohen_kappa_score(gold, judge))
        assert float(macro_f1(table)) == pytest.approx(f1_score(gold, judge, average="macro"))
        for level in ("nominal", "ordinal", "interval"):
            expected = krippendorff.alpha(
                reliability_data=np.vstack([gold, judge]).astype(float),
                level_of_measurement=level,
                value_domain=[0, 1, 2],
            )
            assert float(alpha_from_confusions(table, np.arange(3.0), level)) == pytest.approx(expected)
    stats = confusion_statistics(np.array(stack), np.arange(3.0), "ordinal", None)
    for i, table in enumerate(stack):
        single = confusion_statistics(table, np.arange(3.0), "ordinal", None)
        for name, values in stats.items():
            assert values[i] == pytest.approx(float(single[name]))


def test_binary_rates_treat_pass_as_positive() -> None:
    # rows: gold fail, pass; columns: judge fail, pass
    table = np.array([[30, 10], [5, 55]], dtype=float)
    s = confusion_statistics(table, np.array([0.0, 1.0]), "nominal", 1)
    assert float(s["tpr"]) == pytest.approx(55 / 60)
    assert float(s["tnr"]) == pytest.approx(30 / 40)
    assert float(s["judge_pass_rate"]) == pytest.approx(0.65)
    assert float(s["human_pass_rate"]) == pytest.approx(0.60)
    assert float(s["leniency"]) == pytest.approx(0.05)


def test_undefined_statistics_are_nan_not_errors() -> None:
    one_category = np.array([[0, 0], [0, 10]], dtype=float)
    assert np.isnan(cohen_kappa(one_category))
    assert float(percent_agreement(one_category)) == 1.0


def test_multi_rater_agreement_matches_hand_count() -> None:
    # three raters, two units: (2 pass, 1 fail) agrees on 1 of 3 pairs, (3 pass) on all
    counts = np.array([[1, 2], [0, 3]], dtype=float)
    pa, ac1 = multi_rater_agreement(counts)
    assert float(pa) == pytest.approx((1 / 3 + 1) / 2)
    pi_pass = (2 / 3 + 1) / 2
    pe = 2 * pi_pass * (1 - pi_pass)
    assert float(ac1) == pytest.approx((float(pa) - pe) / (1 - pe))


def test_multinomial_bootstrap_matches_index_resampling() -> None:
    """The (B, k, k) multinomial draw has the distribution of resampling items with replacement."""
    rng = np.random.default_rng(0)
    gold = rng.integers(0, 2, 400)
    judge = np.where(rng.random(400) < 0.8, gold, 1 - gold)
    table = confusion_matrix(gold, judge, 2)
    fast = cohen_kappa(resample_table(table, 4000, np.random.default_rng(1)))
    idx = np.random.default_rng(2).integers(0, 400, size=(4000, 400))
    slow = np.array([cohen_kappa(confusion_matrix(gold[i], judge[i], 2)) for i in idx])
    assert fast.mean() == pytest.approx(slow.mean(), abs=0.005)
    assert fast.std() == pytest.approx(slow.std(), rel=0.08)


def test_bootstrap_is_seeded_and_interval_brackets_the_estimate() -> None:
    table = np.array([[40, 10], [8, 42]], dtype=float)
    a = estimate(
        float(cohen_kappa(table)), cohen_kappa(resample_table(table, 500, np.random.default_rng(7))), 0.95
    )
    b = estimate(
        float(cohen_kappa(table)), cohen_kappa(resample_table(table, 500, np.random.default_rng(7))), 0.95
    )
    assert a == b
    assert a.ci_low < a.value < a.ci_high
    low, high = percentile_interval(np.empty((0, 3)), 0.95)
    assert np.isnan(low).all() and np.isnan(high).all()


def test_rogan_gladen_recovers_the_human_rate_on_the_same_items() -> None:
    rng = np.random.default_rng(5)
    human = rng.random(500) < 0.3
    judge = np.where(human, rng.random(500) < 0.85, rng.random(500) < 0.2)
    tpr, tnr = judge[human].mean(), (~judge[~human]).mean()
    est = rogan_gladen(
        float(judge.mean()), 500, float(tpr), int(human.sum()), float(tnr), int((~human).sum())
    )
    assert est.value == pytest.approx(human.mean(), abs=1e-12)
    assert est.ci_low < est.value < est.ci_high


def test_rogan_gladen_interval_reference_value() -> None:
    # p = 0.4 on 1000 judged items; TPR 0.9 on 100 positives, TNR 0.8 on 100 negatives.
    # θ = (0.4 + 0.8 − 1)/0.7 = 2/7; each rate's p(1−p)/n at Agresti–Coull's p̃ = (x + z²/2)/(n + z²)
    z = 1.959964
    est = rogan_gladen(0.4, 1000, 0.9, 100, 0.8, 100, confidence=0.95)
    theta = 2 / 7

    def ac(x: float, n: int) -> float:
        p = (x + z * z / 2) / (n + z * z)
        return p * (1 - p) / (n + z * z)

    var = (ac(400, 1000) + theta**2 * ac(90, 100) + (5 / 7) ** 2 * ac(80, 100)) / 0.49
    assert est.value == pytest.approx(theta)
    assert est.ci_high - est.value == pytest.approx(z * np.sqrt(var), rel=1e-6)
    perfect = rogan_gladen(0.3, 200, 1.0, 6, 1.0, 14)  # 20 labels, all agreeing: not a point
    assert perfect.ci_high - perfect.ci_low > 0.05
    assert np.isnan(rogan_gladen(0.4, 100, 0.5, 10, 0.5, 10).value)  # a coin-flip judge cannot be corrected


def test_ppi_mean_matches_ppi_py_reference_values() -> None:
    """Numbers printed by ppi_py 0.2.3 (`ppi_mean_pointestimate`, `ppi_mean_ci`) on 200 labels: the
    same point and nearly the same interval (smoothing and t vanish); on a few labels the interval
    is the stratified one (pass/fail verdicts) or the smoothed t one (a judge's probability),
    checked by hand, or the labels' own Wilson interval where narrower."""
    y = np.array([1, 0, 1, 1, 0, 1, 0, 1], dtype=float)
    f = np.array([1, 0, 1, 0, 0, 1, 1, 1], dtype=float)
    fu = np.array([1, 1, 0, 1, 0, 1, 1, 0, 1, 1, 0, 1], dtype=float)
    at_95 = ppi_mean(y, f, fu)  # ours defaults to 95 % (ppi_py's to 90 %)
    # 8 labels, 2 disagreements: the stratified interval is narrower than the labels' own
    # modified Wilson interval [0.3057, 0.8632]
    assert at_95.interval is None
    assert (at_95.ci_low, at_95.ci_high) == pytest.approx((0.33824949, 0.87772908), abs=1e-8)
    # 20 labels, one disagreement, 100 more judged items; by hand, the stratified interval: q =
    # 35/120 judge passes, 5/5 and 1/15 passes in the strata (modified Wilson), MOVER
    y20 = np.array([1.0] * 6 + [0.0] * 14)
    f20 = y20.copy()
    f20[0] = 0.0
    fu100 = np.array([1.0] * 30 + [0.0] * 70)
    q, top, bottom = 35 / 120, modified_wilson(5, 5), modified_wilson(1, 15)
    centre = q + (1 - q) / 15
    strata = ppi_mean(y20, f20, fu100)
    assert (strata.ci_low, strata.ci_high) == pytest.approx(
        (
            centre - np.hypot(q * (1 - top.ci_low), (1 - q) * (1 / 15 - bottom.ci_low)),
            centre + (1 - q) * (bottom.ci_high - 1 / 15),
        )
    )
    # the same labels with the judge's probabilities (0.9 / 0.1): PPI++ beats Wilson; by hand:
    # Student's t (18 df: λ is fitted to the labels) on the variances smoothed with z²/4
    # pseudo-labels per corner (the rectifier's on 18 degrees of freedom), z²/2 per end
    f20 = np.where(f20 == 1, 0.9, 0.1)
    fu100 = np.where(fu100 == 1, 0.9, 0.1)
    est20 = ppi_mean(y20, f20, fu100)
    z, t18 = 1.959964, 2.100922
    all_f = np.concatenate([f20, fu100])
    cov = float(np.mean((y20 - y20.mean()) * (f20 - f20.mean())))
    lam = min(1.0, cov / ((1 + 20 / 100) * float(np.var(all_f, ddof=1))))
    w = z * z / 4
    r = np.concatenate([y20 - lam * f20, [0.0, -lam, 1.0, 1.0 - lam]])
    rw = np.concatenate([np.ones(20), np.full(4, w)])
    g = np.concatenate([fu100, [0.0, 1.0]])
    gw = np.concatenate([np.ones(100), np.full(2, 2 * w)])
    rectifier = np.cov(r, aweights=rw, bias=True) / rw.sum() * 20 / 18
    var = rectifier + lam**2 * np.cov(g, aweights=gw, bias=True) / gw.sum()
    assert est20.value == pytest.approx(lam * fu100.mean() + np.mean(y20 - lam * f20))
    assert (est20.ci_low, est20.ci_high) == pytest.approx(
        (est20.value - t18 * np.sqrt(var), est20.value + t18 * np.sqrt(var)), abs=1e-6
    )
    assert est20.interval is None
    rng = np.random.default_rng(0)
    big_y = (rng.random(200) < 0.4).astype(float)
    big_f = np.where(rng.random(200) < 0.8, big_y, 1 - big_y)
    big_fu = (rng.random(1000) < 0.45).astype(float)
    est = ppi_mean(big_y, big_f, big_fu)
    assert est.value == pytest.approx(0.35655631, abs=1e-8)
    # the stratified score interval is a little asymmetric: within 0.005 of ppi_py's on 200 labels
    assert (est.ci_low, est.ci_high) == pytest.approx((0.29932062, 0.41379200), abs=5e-3)
    classical = ppi_mean(y, f, np.array([]))
    assert classical.value == pytest.approx(y.mean())
    assert classical.interval == LABELS_ONLY  # no judged items beyond the labels: the labels' own (exact) interval


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: cohen_kappa([[-1, 2], [3, 4]]), "c must hold non-negative counts"),
        (lambda: cohen_kappa([[1, 2, 3], [4, 5, 6]]), r"c must be a square \(k, k\) table"),
        (lambda: cohen_kappa([1, 2, 3]), "c must have at least two axes"),
        (lambda: gwet_ac1([[1, np.nan], [0, 1]]), "c must hold finite counts"),
        (lambda: binary_rates(np.eye(2), 2), r"positive must be a category code in \[0, 2\)"),
        (
            lambda: confusion_matrix(np.array([0, 2]), np.array([0, 1]), 2),
            r"gold must hold codes in \[0, 2\)",
        ),
        (lambda: confusion_matrix(np.array([0, 1]), np.array([0]), 2), "gold and judged must be aligned"),
        (lambda: alpha_from_confusions(np.eye(2), np.array([0.0]), "nominal"), "values must give one number"),
        (lambda: alpha_from_confusions(np.eye(2), np.array([0.0, 1.0]), "nominl"), "level must be one of"),
        (
            lambda: package_alpha(np.array([[1, -1]]), np.array([0.0, 1.0]), "nominal"),
            "value_counts must hold",
        ),
    ],
)
def test_statistics_reject_invalid_input_naming_the_argument(call, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()
