"""Krippendorff's α: a wrapper over the `krippendorff` package and a vectorised twin for bootstraps.

The package computes α for one data set; a bootstrap needs α for a thousand resampled data sets.
α depends on the data only through the coincidence matrix, and a resample's coincidence matrix
is a weighted sum of per-unit coincidence matrices, so `alpha_from_coincidences` evaluates a
whole (B, k, k) stack in one numpy pass. Tests hold the two paths to the same numbers.

The package defaults to the *interval* level; every call here names the level explicitly,
because nominal verdicts (pass/fail, 1/2/tie) scored as intervals give a different, wrong α.
"""

from __future__ import annotations

import krippendorff
import numpy as np
from numpy.typing import NDArray

from expgrade.calibration.validation import FloatArray, Level, check_counts, check_level, check_values


def package_alpha(value_counts: NDArray[np.floating | np.integer], values: FloatArray, level: Level) -> float:
    """α of one data set given as units × categories counts, through the `krippendorff` package.

    Units with fewer than two ratings carry no pairable information and are dropped first
    (the package would otherwise warn or divide by zero on an all-singleton table).
    Krippendorff, K. (2011). Computing Krippendorff's alpha-reliability. Annenberg School
    for Communication, University of Pennsylvania.
    """
    counts = check_counts(value_counts, "value_counts")
    values = check_values(values, counts.shape[1])
    level = check_level(level)
    counts = counts[counts.sum(axis=1) >= 2]
    if counts.shape[0] == 0 or np.count_nonzero(counts.sum(axis=0)) < 2:
        return float("nan")
    return float(krippendorff.alpha(value_counts=counts, value_domain=values, level_of_measurement=level))


def unit_coincidences(value_counts: NDArray[np.floating | np.integer]) -> FloatArray:
    """Each unit's contribution to the coincidence matrix, shape (U, k, k).

    o_ck(u) = (m_uc·m_uk − [c = k]·m_uc) / (m_u − 1); units with one rating contribute nothing.
    """
    m = check_counts(value_counts, "value_counts")
    totals = m.sum(axis=1)
    pairable = totals >= 2
    outer = m[:, :, None] * m[:, None, :]
    diag = np.einsum("uc,ck->uck", m, np.eye(m.shape[1]))
    denom = np.where(pairable, totals - 1, 1.0)[:, None, None]
    return np.where(pairable[:, None, None], (outer - diag) / denom, 0.0)


def _squared_distances(marginals: FloatArray, values: FloatArray, level: Level) -> FloatArray:
    """δ²_ck for every stacked data set; only the ordinal metric depends on the marginals."""
    k = values.shape[0]
    if level == "nominal":
        return np.broadcast_to(1.0 - np.eye(k), (*marginals.shape[:-1], k, k))
    if level == "interval":
        return np.broadcast_to((values[:, None] - values[None, :]) ** 2, (*marginals.shape[:-1], k, k))
    if level == "ratio":
        total = values[:, None] + values[None, :]
        with np.errstate(divide="ignore", invalid="ignore"):
            d = np.where(total != 0, (values[:, None] - values[None, :]) / total, 0.0)
        return np.broadcast_to(d**2, (*marginals.shape[:-1], k, k))
    # ordinal: (sum of n_g for g between c and k inclusive − (n_c + n_k)/2)²
    cum = np.cumsum(marginals, axis=-1)
    n_c = marginals[..., :, None]
    n_k = marginals[..., None, :]
    idx = np.arange(k)
    lower_is_c = idx[:, None] <= idx[None, :]
    n_low = np.where(lower_is_c, n_c, n_k)
    span = np.abs(cum[..., :, None] - cum[..., None, :]) + n_low
    return (span - (n_c + n_k) / 2.0) ** 2


def alpha_from_coincidences(coincidences: FloatArray, values: FloatArray, level: Level) -> FloatArray:
    """α = 1 − (n − 1)·Σ o_ck δ²_ck / Σ n_c n_k δ²_ck for a stack of coincidence matrices (..., k, k).

    n_c are the coincidence marginals, δ² the level's squared distance; NaN where α is
    undefined (no variation). Krippendorff (2011), "Computing Krippendorff's alpha-reliability".
    """
    o = check_counts(coincidences, "coincidences", square=True)
    marginals = o.sum(axis=-1)
    n = marginals.sum(axis=-1)
    delta = _squared_distances(marginals, check_values(values, o.shape[-1]), check_level(level))
    observed = (o * delta).sum(axis=(-2, -1))
    expected = (marginals[..., :, None] * marginals[..., None, :] * delta).sum(axis=(-2, -1))
    with np.errstate(divide="ignore", invalid="ignore"):
        result = 1.0 - (n - 1.0) * observed / expected
    return np.where(expected > 0, result, np.nan)


def alpha_from_confusions(confusions: FloatArray, values: FloatArray, level: Level) -> FloatArray:
    """α between two coders (e.g. a judge and the human gold) from (..., k, k) confusion counts.

    With exactly two values per unit the coincidence matrix is the confusion matrix plus its
    transpose.
    """
    c = check_counts(confusions, "confusions", square=True)
    return alpha_from_coincidences(c + np.swapaxes(c, -1, -2), values, level)
