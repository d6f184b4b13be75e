"""Benchmark pass rates corrected for judge error: Rogan–Gladen and PPI++.

A judge's pass rate is biased by its false passes and false fails. Two corrections, each with a
normal-approximation interval (95 % by default — note that ppi_py defaults to 90 %) whose
variances are Agresti–Coull smoothed, so that tens of labels of a rare pass still get an interval
that covers at its level (measured in bench/coverage.md; `tests/test_calibration_coverage.py`):

* Rogan–Gladen: θ = (p + TNR − 1) / (TPR + TNR − 1), with TPR/TNR measured on the
  human-labelled items and p on every judged item. Its delta-method variance adds the
  sampling error of p (the unlabelled sample) to that of TPR and TNR (the labelled sample):
  Var θ ≈ [p(1−p)/n_p + θ²·TPR(1−TPR)/n₊ + (1−θ)²·TNR(1−TNR)/n₋] / (TPR + TNR − 1)², each
  p(1−p)/n taken at p̃ = (x + z²/2)/(n + z²) over ñ = n + z².
* PPI++ (Angelopoulos, Duchi & Zrnic 2023): the judge's mean on unlabelled items, rectified by
  the judge-vs-human difference on labelled items, with the power-tuning weight λ that
  minimises the variance (clipped to [0, 1], as ppi_py does); never wider than the exact
  (Clopper–Pearson) interval of the human labels alone. Where labels and verdicts are
  pass/fail its interval is the stratified one (judge-pass and judge-fail items, a score
  interval per stratum combined by MOVER): the normal interval's variance, small exactly when
  it is wrong, undercovered.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike
from scipy.special import chdtri, ndtri, stdtrit

from expgrade.calibration.validation import FloatArray
from expgrade.grading.aggregate.intervals import exact_share
from expgrade.grading.estimate import Estimate, wilson_interval

TOO_FEW = "too few labels"
LABELS_ONLY = "human labels only"


def z_value(confidence: float) -> float:
    """The two-sided normal quantile; `scipy.special.ndtri`, since scipy.stats takes a second to import."""
    return float(ndtri(0.5 + confidence / 2.0))


def rogan_gladen(
    judge_rate: float,
    n_judged: int,
    tpr: float,
    n_positive: int,
    tnr: float,
    n_negative: int,
    confidence: float = 0.95,
) -> Estimate:
    """Corrected prevalence and its delta-method interval (Rogan & Gladen 1978), clipped to [0, 1].

    Each of the three rates enters the variance Agresti–Coull smoothed (z²/2 pseudo-successes and
    pseudo-failures), so a TPR of 10/10 on ten positives does not claim to be known exactly.

    NaN when the judge is no better than chance (TPR + TNR ≤ 1): then its verdicts carry no
    information about the true rate and no correction exists.
    """
    youden = tpr + tnr - 1.0
    if not youden > 0 or min(n_judged, n_positive, n_negative) == 0:
        return Estimate(float("nan"), float("nan"), float("nan"))
    theta = (judge_rate + tnr - 1.0) / youden
    z = z_value(confidence)

    def smoothed(rate: float, n: int) -> float:
        """Agresti–Coull's p̃(1 − p̃)/ñ: a 0 or 1 rate measured on a few items still has a variance."""
        adjusted = (rate * n + z * z / 2) / (n + z * z)
        return adjusted * (1 - adjusted) / (n + z * z)

    variance = (
        smoothed(judge_rate, n_judged)
        + theta**2 * smoothed(tpr, n_positive)
        + (1 - theta) ** 2 * smoothed(tnr, n_negative)
    ) / youden**2
    half = z * float(np.sqrt(variance))
    clip = lambda x: float(min(1.0, max(0.0, x)))  # noqa: E731
    return Estimate(clip(theta), clip(theta - half), clip(theta + half))


def _smoothed_variance(values: FloatArray, corners: FloatArray, weight: float) -> float:
    """Variance of the mean of `values`, with `corners` added as pseudo-observations of `weight` each.

    Agresti & Coull (1998) add z²/2 successes and z²/2 failures to a proportion before taking
    its variance; Agresti & Min (2005) do the same for the difference of two matched
    proportions (each cell of the 2 × 2 table). On a few labels of a rare outcome the plain
    variance is often 0 (no disagreement happened to be labelled) and the Wald interval a point;
    the pseudo-observations at the ends of the range keep it honest and vanish as n grows.
    """
    v = np.concatenate([values, corners])
    w = np.concatenate([np.ones(values.size), np.full(corners.size, weight)])
    centre = float(np.average(v, weights=w))
    return float(np.average((v - centre) ** 2, weights=w)) / float(w.sum())


def ppi_mean(
    y: ArrayLike,
    y_hat: ArrayLike,
    y_hat_unlabeled: ArrayLike,
    confidence: float = 0.95,
    bounds: tuple[float, float] = (0.0, 1.0),
) -> Estimate:
    """PPI++ mean of `y` using judge predictions, with an interval that holds its level on few labels.

    The point estimate is ppi_py's `ppi_mean_pointestimate` (power-tuned λ clipped to [0, 1]).
    Where labels and verdicts are pass/fail the interval is the stratified one (`_stratified`:
    judge-pass and judge-fail strata, a modified Wilson interval each, combined by MOVER),
    stretched to hold the point: every simulated regime ≥ 0.94 at nominal 0.95 and on average
    narrower than the t interval below, which covered 0.925 for a lenient judge on 10–30 labels
    because its variance came out small exactly when it was wrong (bench/coverage.md).
    Elsewhere (a difference of two pass rates, a judge's probability) the interval is PPI++'s
    normal interval (Angelopoulos, Duchi & Zrnic 2023) with the two
    variances Agresti–Coull smoothed (`_smoothed_variance`): the rectifier Y − λŶ over the labels
    with z²/4 pseudo-labels at each corner of `bounds`², the judge's mean over the unlabelled
    items with z²/2 at each end (on a wider range than [0, 1], fewer: as much added spread as
    on the unit range), the rectifier's on n − 2 degrees of freedom (λ is fitted to the same
    labels), and Student's t quantile on as many. Plain PPI++ covered 84 % at nominal 95 % on
    20 labels of a 10 % pass rate, and as little as 2 % on 10 labels of a 0.5 % one;
    bench/coverage.md has this interval's coverage in every regime.

    It is never wider than the human labels alone allow: where their exact (Clopper–Pearson)
    interval is narrower (too few unlabelled items, a weak judge), or where the judge adds
    nothing at all (λ = 0: the estimate is the labels' mean), that interval is the answer,
    marked `interval="human labels only"` (`_labels_alone`: why exact, not Wilson's). No labels,
    or two labels that are not pass/fail: no interval, `interval="too few labels"`. The
    interval is clipped to `bounds`, the range `y` can take (a pass rate: [0, 1]; a difference
    of two: [−1, 1]).
    """
    yl = np.asarray(y, dtype=float)
    fl = np.asarray(y_hat, dtype=float)
    fu = np.asarray(y_hat_unlabeled, dtype=float)
    n, big_n = yl.size, fu.size
    if n == 0:
        return Estimate(float("nan"), float("nan"), float("nan"), n=0, interval=TOO_FEW)
    z = z_value(confidence)
    low_b, high_b = bounds
    lam = 0.0
    if big_n:
        # λ* = Cov(Y, Ŷ) / ((1 + n/N)·Var(Ŷ)), the variance-minimising weight, clipped to [0, 1]
        cov = float(np.mean((yl - yl.mean()) * (fl - fl.mean())))
        var_hat = float(np.var(np.concatenate([fl, fu]), ddof=1)) if n + big_n > 1 else 0.0
        lam = float(np.clip(cov / ((1 + n / big_n) * var_hat), 0.0, 1.0)) if var_hat > 0 else 0.0
    theta = float((lam * fu.mean() if big_n else 0.0) + np.mean(yl - lam * fl))
    alone = _labels_alone(yl, confidence, bounds)
    if alone is not None and lam == 0:
        # the judge adds nothing (λ = 0): the estimate is the labels' mean and its interval theirs.
        # Taking the narrower of two intervals for the same mean covered 93 % (bench/coverage.md)
        return alone
    strata = _stratified(yl, fl, np.concatenate([fl, fu]), confidence, bounds)
    if strata is not None:
        # the point stays ppi_py's (the same regression on a two-valued judge, λ clipped and
        # shrunk by n/N): the interval is stretched to hold it where they differ (≤ 2 % of draws)
        low, high = min(strata[0], max(low_b, theta)), max(strata[1], min(high_b, theta))
        if alone is not None and alone.ci_high - alone.ci_low <= high - low:
            return alone
        return Estimate(theta, low, high, n=n)
    # the rectifier's variance on its residual degrees of freedom: n − 1, one fewer where λ was
    # fitted to the same labels (as a regression estimator's); Student's t on as many (fewhumans
    # uses n − 1): on 10–30 labels, z and n − 1 covered 86–93 % (bench/coverage.md)
    df = n - 1 - (lam > 0)
    if df < 1:
        return alone or Estimate(theta, float("nan"), float("nan"), n=n, interval=TOO_FEW)
    corner_y = np.array([low_b, low_b, high_b, high_b])
    corner_f = np.array([low_b, high_b, low_b, high_b])
    unit = z * z / (high_b - low_b) ** 2  # as many pseudo-labels' worth of spread as on a [0, 1] scale
    variance = _smoothed_variance(yl - lam * fl, corner_y - lam * corner_f, unit / 4) * n / df
    if big_n and lam > 0:
        variance += lam**2 * _smoothed_variance(fu, np.array([low_b, high_b]), unit / 2)
    half = float(stdtrit(df, 0.5 + confidence / 2)) * float(np.sqrt(variance))
    low, high = max(low_b, theta - half), min(high_b, theta + half)
    if alone is not None and alone.ci_high - alone.ci_low <= high - low:
        return alone
    return Estimate(theta, low, high, n=n)


def _stratified(
    yl: FloatArray, fl: FloatArray, f_all: FloatArray, confidence: float, bounds: tuple[float, float]
) -> tuple[float, float] | None:
    """The post-stratified interval of a two-valued outcome under a two-valued judge; None where
    either takes other values (a difference of two pass rates, a judge's probability).

    θ = q·p₁ + (1 − q)·p₀, with q the judge's pass share over every judged item and p₁, p₀ the
    labels' pass rates among the items the judge passed and failed. Each p gets its modified
    Wilson interval and MOVER (Zou & Donner 2008) combines them: L = θ − √Σ(wᵢ(pᵢ − lᵢ))²,
    U = θ + √Σ(wᵢ(uᵢ − pᵢ))². A score interval's width does not shrink with its own error as a
    normal interval's variance does: PPI++'s t interval, narrow exactly when no labelled item of
    the rare stratum disagreed, covered 0.86–0.90 on the draws where it was the narrower, 0.925 in
    all for a lenient judge (bench/coverage.md); a stratum without labels spans [0, 1].
    """
    low_b, high_b = bounds
    two_valued = lambda v: bool(np.all((v == low_b) | (v == high_b)))  # noqa: E731
    if not (two_valued(yl) and two_valued(f_all)):
        return None
    span = high_b - low_b
    q = float(np.mean(f_all == high_b))
    theta = below = above = 0.0
    for weight, stratum in ((q, fl == high_b), (1.0 - q, fl == low_b)):
        m = int(stratum.sum())
        # no label in a stratum: its rate may be anything
        w = modified_wilson(int(np.sum(yl[stratum] == high_b)), m, confidence) if m else None
        p, lo, hi = (w.value, w.ci_low, w.ci_high) if w else (0.5, 0.0, 1.0)
        theta += weight * p
        below += (weight * (p - lo)) ** 2
        above += (weight * (hi - p)) ** 2
    return (
        low_b + span * max(0.0, theta - float(np.sqrt(below))),
        low_b + span * min(1.0, theta + float(np.sqrt(above))),
    )


def _labels_alone(yl: FloatArray, confidence: float, bounds: tuple[float, float]) -> Estimate | None:
    """The exact (Clopper–Pearson, `exact_share`) interval of the labels' own mean, rescaled from
    `bounds`; None unless every label sits at one end of the range (the binomial interval is for
    two-valued outcomes). Why exact: printed whenever the judge adds nothing, this interval's
    coverage is the binomial sum over the label counts, and the modified Wilson interval's dips
    with p (0.924 on 10 labels of a 30 % rate: a failure-mode share, bench/coverage.md §6);
    Clopper–Pearson's never falls below its level, a little wider (tests/test_calibration_coverage.py)."""
    low_b, high_b = bounds
    if not np.all((yl == low_b) | (yl == high_b)):
        return None
    w = exact_share(float(np.sum(yl == high_b)), float(yl.size), confidence)
    span = high_b - low_b
    return Estimate(
        low_b + span * w.value,
        low_b + span * w.ci_low,
        low_b + span * w.ci_high,
        n=yl.size,
        interval=LABELS_ONLY,
    )


def modified_wilson(successes: int, n: int, confidence: float = 0.95) -> Estimate:
    """Wilson's score interval as Brown, Cai & DasGupta (2001, §4.1.1) modify it near 0 and 1.

    Wilson's coverage dips well below its level where n·p is about 1 (91 % on 10 labels of a 5 %
    rate: two passes put its lower end above 0.05). Within `k` successes of an end (k = 2 up to
    50 labels, 3 beyond) that end is the one-sided Poisson bound χ²₂ₓ(α/2)/2n where lower; none
    or all successes pin the end to exactly 0 or 1.
    """
    w = wilson_interval(successes, n, confidence)
    k, tail = (2 if n <= 50 else 3), (1 - confidence) / 2

    def poisson_end(x: int) -> float:
        return float(chdtri(2 * x, 1 - tail)) / (2 * n) if 1 <= x <= k else 1.0

    low = 0.0 if successes == 0 else min(w.ci_low, poisson_end(successes))
    high = 1.0 if successes == n else max(w.ci_high, 1 - poisson_end(n - successes))
    return Estimate(w.value, max(0.0, low), min(1.0, high), n=n)


def active_ppi_mean(
    y: ArrayLike, labelled: ArrayLike, inclusion: ArrayLike, y_hat: ArrayLike, confidence: float = 0.95
) -> Estimate:
    """Active inference (Zrnic & Candès 2024): the mean of `y` over all N units when unit i was
    labelled with known probability π_i, chosen by how informative it looked.

    θ = mean_i [λ·ŷ_i + ξ_i/π_i · (y_i − λ·ŷ_i)] is unbiased for any λ because E[ξ_i/π_i] = 1;
    λ is power-tuned to the variance-minimising value (clipped to [0, 1], as PPI++ does) and
    the interval is the CLT one over the N independent terms, its variance smoothed as
    `ppi_mean`'s is (z²/4 pseudo-units at each corner of [0, 1]², drawn with the labels' mean π),
    with Student's t on n_labelled − 1 degrees of freedom: unsmoothed, with z, it covered 53–89 %
    at nominal 95 % on 20–50 labels (bench/coverage.md). Without the 1/π_i weights the labelled
    units, chosen for disagreement, would over-represent the judge's mistakes.
    `y` and `inclusion` are read only where `labelled` is true.
    """
    xi = np.asarray(labelled, dtype=bool)
    f = np.asarray(y_hat, dtype=float)
    pi = np.where(xi, np.asarray(inclusion, dtype=float), 1.0)
    yy = np.where(xi, np.asarray(y, dtype=float), 0.0)
    if f.size == 0 or not xi.any():
        return Estimate(float("nan"), float("nan"), float("nan"))
    w = xi / pi
    a = f * (1.0 - w)  # the λ-part of each term
    b = w * yy
    var_a = float(np.var(a))
    lam = float(np.clip(-np.mean((a - a.mean()) * (b - b.mean())) / var_a, 0.0, 1.0)) if var_a > 0 else 1.0
    terms = lam * a + b
    theta = float(terms.mean())
    z = z_value(confidence)
    # z²/4 pseudo-units at each corner of [0, 1]², labelled with the labels' mean π (as in ppi_mean)
    inverse = 1.0 / float(np.mean(pi[xi]))
    corner_y, corner_f = np.array([0.0, 0.0, 1.0, 1.0]), np.array([0.0, 1.0, 0.0, 1.0])
    pseudo = lam * corner_f * (1.0 - inverse) + corner_y * inverse
    # Student's t on the labels' degrees of freedom: the 1/π-weighted labels carry the tails
    quantile = float(stdtrit(max(int(xi.sum()) - 1, 1), 0.5 + confidence / 2))
    half = quantile * float(np.sqrt(_smoothed_variance(terms, pseudo, z * z / 4)))
    return Estimate(theta, max(0.0, theta - half), min(1.0, theta + half))


def labels_for_half_width(rectifier_variance: float, half_width: float, confidence: float = 0.95) -> int:
    """Human labels after which a PPI++ interval is ±`half_width`: z²·Var(Y − λŶ) / h².

    The judge's own term shrinks with the (much larger) unlabelled sample and is left out.
    """
    return max(1, int(np.ceil(z_value(confidence) ** 2 * rectifier_variance / half_width**2)))
