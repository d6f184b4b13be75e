"""The one rule for an interval over tasks, used by every table that shows one (docs/calibration.md,
"Intervals over tasks").

A cluster bootstrap resamples whole tasks (or papers); with a handful of them it can only
recombine what it saw. Two tasks that both passed resample to 1.00 every time, and the report
said `1.00 [1.00, 1.00]`: certainty from two observations. So:

* with at least `MIN_BOOTSTRAP_CLUSTERS` clusters and a bootstrap that varies, the interval is
  the cluster bootstrap's percentile interval (`interval` "cluster bootstrap");
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
from scipy.special import betaincinv

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


def clopper_pearson(successes: float, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """The exact binomial interval (Clopper & Pearson 1934) for `successes` of `trials`.

    low = B⁻¹(α/2; x, n − x + 1), high = B⁻¹(1 − α/2; x + 1, n − x) with B⁻¹ the inverse regularised
    incomplete beta function, low = 0 at x = 0 and high = 1 at x = n. `successes` may be
    fractional (a sum of cluster means in [0, 1]): the beta form extends to it, and since a value
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
        return Estimate(est.value, est.ci_low, est.ci_high, est.n, k, interval=BOOTSTRAP)
    return exact_interval(est.value, k, bounds=bounds, confidence=confidence, n=est.n)


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
