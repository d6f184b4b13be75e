"""The one rule for an interval over tasks, used by every table that shows one (docs/calibration.md,
"Intervals over tasks").

A cluster bootstrap resamples whole tasks (or papers); with a handful of them it can only
recombine what it saw. Two tasks that both passed resample to 1.00 every time, and the report
said `1.00 [1.00, 1.00]`: certainty from two observations. So:

* with at least `MIN_BOOTSTRAP_CLUSTERS` clusters and a bootstrap that varies, the interval is
  the cluster bootstrap's percentile interval widened to at least Korn and Graubard's
  (`effective_interval`; `interval` "cluster bootstrap"): on 5–50 papers of ten correlated
  results the percentile interval alone covered 0.83–1.00 at nominal 0.95 (below 0.94 in 21 of
  48 regimes), widened 0.92–1.00 on k − 1 degrees of freedom (below in 1: a rare pass met in
  one to three papers), ≥ 0.94 in all 48 on the variance's own (bench/coverage.md, section 7);
* otherwise a mean of bounded values gets the exact (Clopper–Pearson) interval on the clusters
  (`interval` "exact on tasks"): each cluster counts as one trial, whatever its size;
* a statistic with no exact interval (Cohen's κ) gets none, and says "too few tasks for an
  interval" (or, on enough tasks, that every resample gave the same value).

An interval is therefore never a point unless its bounds make it one, and never narrower on few
tasks than what that many tasks can support.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from scipy.special import betaincinv, ndtri, stdtrit

from expgrade.grading.aggregate.bootstrap import clustered_bootstrap_mean
from expgrade.grading.estimate import NAN, Estimate

#: The fewest clusters whose bootstrap is trusted; below it the exact interval is used.
MIN_BOOTSTRAP_CLUSTERS = 5
BOOTSTRAP = "cluster bootstrap"
EXACT = "exact on tasks"
TOO_FEW = "too few tasks for an interval"
SAME = "no interval: every resample of the tasks gives the same value"


def _check(confidence: float, n_boot: int) -> None:
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must lie in (0, 1); got {confidence}")
    if n_boot < 1:
        raise ValueError(f"n_boot must be at least 1; got {n_boot}")


def clopper_pearson(successes: float, trials: float, confidence: float = 0.95) -> tuple[float, float]:
    """The exact binomial interval (Clopper & Pearson 1934) for `successes` of `trials`.

    low = B⁻¹(α/2; x, n − x + 1), high = B⁻¹(1 − α/2; x + 1, n − x) with B⁻¹ the inverse regularised
    incomplete beta function, low = 0 at x = 0 and high = 1 at x = n. `successes` may be
    fractional (a sum of cluster means in [0, 1]), and so may `trials` (an effective sample size,
    `effective_interval`): the beta form extends to both, and since a value
    in [0, 1] varies no more than a 0/1 one of the same mean, the binomial case is the widest.

    Clopper, C. J. & Pearson, E. S. (1934). The use of confidence or fiducial limits illustrated
    in the case of the binomial. Biometrika 26(4), 404–413.
    """
    if trials < 1:
        raise ValueError(f"trials must be at least 1; got {trials}")
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must lie in [0, {trials}]; got {successes}")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must lie in (0, 1); got {confidence}")
    alpha = 1.0 - confidence
    low = 0.0 if successes <= 0 else float(betaincinv(successes, trials - successes + 1, alpha / 2))
    high = 1.0 if successes >= trials else float(betaincinv(successes + 1, trials - successes, 1 - alpha / 2))
    return low, high


def exact_share(successes: float, n: float, confidence: float = 0.95) -> Estimate:
    """`successes` of `n` units as a share with its exact (`clopper_pearson`) interval; NaN on no
    units. The one interval of a share of items (`calibrate`'s agreement, TPR and TNR; the run
    report's). Why not Wilson's: its exact binomial coverage at nominal 0.95 falls to 0.84 on 10
    items (near a share of 0 or 1) and below 0.94 at some share for every n from 5 to 200;
    Clopper–Pearson's never falls below its level, at 1.06× the width (median;
    bench/coverage.md, section 12)."""
    if n == 0:
        return Estimate(NAN, NAN, NAN)
    low, high = clopper_pearson(successes, n, confidence)
    return Estimate(successes / n, low, high)


def task_interval(
    values: Sequence[float],
    clusters: Sequence[str],
    *,
    bounds: tuple[float, float] = (0.0, 1.0),
    n_boot: int = 1000,
    confidence: float = 0.95,
    seed: int = 0,
) -> Estimate:
    """The mean of `values` (a pass rate, a score, a paired difference) with the interval the rule
    above allows, seeded like the bootstrap it may use.

    values: one number per unit (a result), each within `bounds` (a rate: (0, 1); a difference of
    two rates: (−1, 1)); clusters: each unit's task or paper. The point is the ratio mean over
    all units (`clustered_bootstrap_mean`). The exact interval rescales the point to
    p = (mean − lo) / (hi − lo), takes Clopper–Pearson for k·p successes of the k clusters and maps
    it back: a difference of −1.00 on two tasks is −1.00 [−1.00, 0.68], not [−1.00, −1.00].
    """
    _check(confidence, n_boot)
    lo, hi = bounds
    if not lo < hi:
        raise ValueError(f"bounds must be (low, high) with low < high; got {bounds}")
    if len(values) != len(clusters):
        raise ValueError(
            "values and clusters must be aligned (one cluster per value); "
            f"got {len(values)} and {len(clusters)}"
        )
    outside = [v for v in values if not (math.isfinite(v) and lo <= v <= hi)]
    if outside:
        raise ValueError(f"values must lie in [{lo}, {hi}]; found {outside[:5]}")
    est = clustered_bootstrap_mean(values, clusters, n_boot=n_boot, confidence=confidence, seed=seed)
    k = est.n_clusters or 0
    if k == 0:
        return est
    if not few_tasks(est, k):
        low, high = effective_interval(values, clusters, bounds=bounds, confidence=confidence)
        return Estimate(est.value, min(est.ci_low, low), max(est.ci_high, high), est.n, k, interval=BOOTSTRAP)
    return exact_interval(est.value, k, bounds=bounds, confidence=confidence, n=est.n)


def effective_interval(
    values: Sequence[float],
    clusters: Sequence[str],
    *,
    bounds: tuple[float, float] = (0.0, 1.0),
    confidence: float = 0.95,
) -> tuple[float, float]:
    """Korn & Graubard's interval for a mean over clustered units: Clopper–Pearson on the effective
    number of units, p(1 − p) over the cluster-robust (sandwich) variance of the ratio mean, capped
    at the number of units and shrunk by (z / t_df)² for the degrees of freedom the variance rests
    on (`variance_df`: k − 1, fewer where a few clusters carry it). Why: the percentile bootstrap
    over a few tens of clusters is too narrow (it cannot see the clusters it did not draw, and is
    symmetric where a rare pass rate is skewed); this interval keeps Clopper–Pearson's shape near 0
    and 1 and pays for the correlation within a cluster through the effective size. Values are
    rescaled from `bounds` to [0, 1] and back, like `exact_interval`. Where no variance is estimated
    the effective size is the number of units: every cluster at the mean (variance 0), or one unit a
    cluster, where the units are the trials and Clopper–Pearson on them is the exact interval (the
    (z / t)² shrinkage there made 10 tasks' interval 14 % wider than exact for nothing).

    Korn, E. L. & Graubard, B. I. (1998). Confidence intervals for proportions with small
    expected number of positive counts estimated from survey data. Survey Methodology 24(2),
    193–201. Satterthwaite, F. E. (1946). An approximate distribution of estimates of variance
    components. Biometrics Bulletin 2(6), 110–114.
    """
    lo, hi = bounds
    _, index = np.unique(np.asarray(clusters), return_inverse=True)
    share = (np.asarray(values, dtype=float) - lo) / (hi - lo)
    sums = np.bincount(index, weights=share)
    counts = np.bincount(index).astype(float)
    k, n = sums.size, float(counts.sum())
    if k < 2:
        raise ValueError(f"an effective interval needs at least 2 clusters; got {k}")
    p = float(sums.sum() / n)
    residuals = (sums - p * counts) ** 2
    variance = k / (k - 1) * float(residuals.sum()) / n**2
    size = n
    if variance > 0 and counts.max() > 1:  # one result a cluster: the results are the trials
        tail = (1.0 - confidence) / 2.0
        df = variance_df(residuals)
        size = min(n, p * (1 - p) / variance) * (float(ndtri(1 - tail)) / float(stdtrit(df, 1 - tail))) ** 2
    low, high = clopper_pearson(p * size, size, confidence) if size >= 1 else (0.0, 1.0)
    return lo + low * (hi - lo), lo + high * (hi - lo)


def variance_df(contributions: np.ndarray) -> float:
    """Degrees of freedom of a variance estimated as a sum of per-cluster `contributions` (squared
    residual totals): Satterthwaite's (1946) two-moment match, 2·V² / Var(V) with Var(V) from the
    spread of the contributions, at most k − 1 and at least 1.

    Why not k − 1 alone: when a few clusters carry nearly all the variance (a rare pass, met in one
    to three papers), the variance rests on those few and is as unsure as a variance from a
    sample of that size; their residuals look independent, the sandwich sees no clustering and
    k − 1 took Korn–Graubard's interval to 0.91 coverage on 20 papers at a 5 % rate, ICC 0.5
    (bench/coverage.md, section 7). On residuals spread evenly the estimate is near k and the cap
    leaves k − 1, as before.
    """
    k = contributions.size
    spread = float(np.sum((contributions - contributions.mean()) ** 2))
    if spread <= 0:
        return float(k - 1)
    return float(min(k - 1, max(1.0, 2 * float(contributions.sum()) ** 2 / spread)))


def exact_interval(
    value: float,
    n_clusters: int,
    *,
    bounds: tuple[float, float] = (0.0, 1.0),
    confidence: float = 0.95,
    n: int | None = None,
) -> Estimate:
    """`value`, a mean over `n_clusters` tasks within `bounds`, with the exact interval on tasks:
    rescaled to p in [0, 1], Clopper–Pearson for k·p successes of k, mapped back. The fallback of
    `task_interval`, and the floor of an estimator with its own interval (the PPI++ difference of
    two agents, calibration/comparisons.py) on too few tasks."""
    lo, hi = bounds
    share = min(max((value - lo) / (hi - lo), 0.0), 1.0)
    low, high = clopper_pearson(share * n_clusters, n_clusters, confidence)
    return Estimate(value, lo + low * (hi - lo), lo + high * (hi - lo), n, n_clusters, interval=EXACT)


def few_tasks(est: Estimate, n_clusters: int) -> bool:
    """Whether an interval over `n_clusters` tasks falls under the rule's fallback: too few tasks
    for a resampling or large-sample interval, or one that collapsed to a point."""
    return n_clusters < MIN_BOOTSTRAP_CLUSTERS or not est.ci_high > est.ci_low


def task_statistic(
    point: float, replicates: np.ndarray, n: int, n_clusters: int, confidence: float = 0.95
) -> Estimate:
    """A statistic without an exact interval (Cohen's κ between two runs) under the same rule:
    its cluster-bootstrap percentile interval from `replicates` (NaN ones, where the statistic is
    undefined, left out) when there are enough clusters and the replicates vary; otherwise no
    interval, and `interval` says why ("too few tasks for an interval", or every resample the same)."""
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must lie in (0, 1); got {confidence}")
    r = np.asarray(replicates, dtype=float)
    r = r[np.isfinite(r)]
    if n_clusters >= MIN_BOOTSTRAP_CLUSTERS and r.size:
        tail = (1.0 - confidence) / 2.0
        low, high = (float(x) for x in np.quantile(r, [tail, 1.0 - tail]))
        if high > low:
            return Estimate(point, low, high, n, n_clusters, interval=BOOTSTRAP)
    if not math.isfinite(point):
        return Estimate(point, NAN, NAN, n, n_clusters)
    return Estimate(
        point, NAN, NAN, n, n_clusters, interval=TOO_FEW if n_clusters < MIN_BOOTSTRAP_CLUSTERS else SAME
    )
