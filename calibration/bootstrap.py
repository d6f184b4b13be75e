"""Item bootstrap without a Python loop over resamples.

Resampling N items with replacement and counting how many fall into each item *type* (a cell
of a confusion table, a pattern of human votes, ...) gives counts distributed exactly as
Multinomial(N, observed type shares). So for any statistic that depends on the items only
through such counts, drawing the (B, T) count matrix with one `Generator.multinomial` call is
the ordinary item bootstrap — same distribution, no index arrays of size B × N — and the
statistic is then evaluated on the whole stack at once.
"""

from __future__ import annotations

import warnings

import numpy as np
from numpy.typing import NDArray

from expgrade.calibration.validation import FloatArray
from expgrade.grading.estimate import Estimate


def resample_type_counts(
    counts: NDArray[np.integer | np.floating], n_resamples: int, rng: np.random.Generator
) -> FloatArray:
    """(B, T) bootstrap counts of T item types observed `counts` times each."""
    flat = np.asarray(counts, dtype=float).ravel()
    total = round(flat.sum())
    if total == 0:
        return np.zeros((n_resamples, flat.size))
    return rng.multinomial(total, flat / flat.sum(), size=n_resamples).astype(float)


def resample_table(table: FloatArray, n_resamples: int, rng: np.random.Generator) -> FloatArray:
    """Bootstrap copies of a count table of any shape: (B, *table.shape)."""
    return resample_type_counts(table, n_resamples, rng).reshape(n_resamples, *np.shape(table))


def posterior_tables(
    table: FloatArray, n_draws: int, rng: np.random.Generator, prior: float = 0.5
) -> FloatArray:
    """(B, *table.shape) cell probabilities drawn from the Dirichlet posterior of a count table.

    Jeffreys' prior (½ per cell) by default. Unlike a resample, a draw puts mass in every cell,
    so a statistic of a table whose off-diagonal happened to be empty (κ of ten agreeing items)
    still varies: the bootstrap of those ten items is a point, the posterior is not.
    """
    flat = np.asarray(table, dtype=float).ravel() + prior
    g = rng.gamma(flat, size=(n_draws, flat.size))
    return (g / g.sum(axis=1, keepdims=True)).reshape(n_draws, *np.shape(table))


def percentile_interval(samples: FloatArray, confidence: float) -> tuple[FloatArray, FloatArray]:
    """Percentile interval over axis 0, ignoring resamples where the statistic is undefined."""
    tail = (1.0 - confidence) / 2.0 * 100.0
    s = np.asarray(samples, dtype=float)
    if s.shape[0] == 0:  # no resamples asked for: no interval
        return np.full(s.shape[1:], np.nan), np.full(s.shape[1:], np.nan)
    s = np.where(np.isfinite(s), s, np.nan)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # an all-NaN column is simply not estimable
        low = np.nanpercentile(s, tail, axis=0)
        high = np.nanpercentile(s, 100.0 - tail, axis=0)
    return low, high


#: why a bootstrap interval is not printed: every resample gave the same value
COLLAPSED = "too few labels for an interval"


def estimate(point: float | FloatArray, samples: FloatArray, confidence: float) -> Estimate:
    """The point with its percentile interval; no interval (`COLLAPSED`) where the resamples all
    agree. On three agreeing items every resample's agreement is 1 and the percentile interval is
    `[1.00, 1.00]`: a claim of certainty the data cannot make, so nothing is printed instead."""
    low, high = percentile_interval(samples, confidence)
    lo, hi = float(low), float(high)
    if np.isfinite(lo) and np.isfinite(hi) and hi - lo <= 1e-12:
        return Estimate(float(point), interval=COLLAPSED)
    return Estimate(float(point), lo, hi)
