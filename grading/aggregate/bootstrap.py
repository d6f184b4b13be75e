"""Bootstrap confidence intervals clustered by paper.

Tasks from one paper share a codebase, a domain and often a failure mode, so they are not
independent draws; resampling tasks one by one would give intervals that are too narrow.
Resampling whole papers (clusters) with replacement keeps that correlation in the interval.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from expgrade.grading.estimate import NAN, Estimate


def clustered_bootstrap_mean(
    values: Sequence[float],
    clusters: Sequence[str],
    *,
    n_boot: int = 1000,
    confidence: float = 0.95,
    seed: int = 0,
) -> Estimate:
    """Mean of `values` with a CI from resampling whole clusters; same seed, same interval.

    Each replicate draws as many clusters as there are, with replacement, and takes the mean
    over all units in the drawn clusters (a ratio estimator, so big papers weigh more, just as
    in the point estimate).
    """
    if len(values) != len(clusters):
        raise ValueError("values and clusters must have the same length")
    if not values:
        return Estimate(NAN, NAN, NAN, 0, 0)
    names = sorted(set(clusters))
    index = {c: i for i, c in enumerate(names)}
    sums = np.zeros(len(names))
    counts = np.zeros(len(names))
    for v, c in zip(values, clusters, strict=True):
        sums[index[c]] += v
        counts[index[c]] += 1
    point = float(sums.sum() / counts.sum())
    rng = np.random.default_rng(seed)
    draws = rng.integers(0, len(names), size=(n_boot, len(names)))
    stats = sums[draws].sum(axis=1) / counts[draws].sum(axis=1)
    alpha = (1.0 - confidence) / 2.0
    low, high = np.quantile(stats, [alpha, 1.0 - alpha])
    return Estimate(point, float(low), float(high), len(values), len(names))
