"""Agreement statistics computed from confusion counts, vectorised over a leading stack axis.

Every function takes counts shaped (..., k, k) — rows are the human gold label, columns the
judge — so the observed table (k, k) and a thousand bootstrap tables (1000, k, k) go through
the same code in one numpy pass. Undefined values (a 0/0, e.g. κ when both raters use one
category) come back as NaN rather than raising, because they occur routinely in resamples.
Invalid input (a negative count, a table that is not square, a code outside the scale)
raises a ValueError naming the argument (calibration/validation.py).

Notation: for a table c with n = Σ c, p_o = Σ_i c_ii / n is the observed agreement, r_i and
q_i the row (gold) and column (judge) proportions, and p_e the agreement expected by chance.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from expgrade.calibration.bootstrap import COLLAPSED, percentile_interval, posterior_tables
from expgrade.calibration.krippendorff_alpha import alpha_from_confusions
from expgrade.calibration.validation import FloatArray, Level, check_codes, check_counts, check_values
from expgrade.grading.estimate import Estimate

#: fewest items each rater must put in a second category before κ gets an interval
KAPPA_MIN_MINORITY = 2


def _div(num: FloatArray, den: FloatArray) -> FloatArray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(den != 0, num / np.where(den != 0, den, 1.0), np.nan)


def _parts(c: FloatArray) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray]:
    """Total n, observed agreement, and the row (gold) and column (judge) proportions."""
    n = c.sum(axis=(-2, -1))
    po = _div(np.trace(c, axis1=-2, axis2=-1), n)
    rows = _div(c.sum(axis=-1), n[..., None])
    cols = _div(c.sum(axis=-2), n[..., None])
    return n, po, rows, cols


def percent_agreement(c: FloatArray) -> FloatArray:
    """Observed agreement p_o = Σ_i c_ii / n: the share of items both raters put in one category."""
    return _parts(check_counts(c, "c", square=True))[1]


def cohen_kappa(c: FloatArray) -> FloatArray:
    """Cohen's κ = (p_o − p_e) / (1 − p_e), chance agreement from each rater's own marginals.

    p_e = Σ_i r_i·q_i. Cohen, J. (1960). A coefficient of agreement for nominal scales.
    Educational and Psychological Measurement 20(1), 37–46. Equals scikit-learn's
    `cohen_kappa_score` on the same labels.
    """
    _, po, rows, cols = _parts(check_counts(c, "c", square=True))
    pe = (rows * cols).sum(axis=-1)
    return _div(po - pe, 1.0 - pe)


def kappa_interval(
    c: FloatArray, resampled: FloatArray, confidence: float, rng: np.random.Generator
) -> Estimate:
    """Cohen's κ of the table `c` with an interval that holds its level on tens of items.

    `resampled` is κ on the item bootstrap's tables. The interval spans both the bootstrap's
    percentile interval and the percentile interval of κ under the Dirichlet posterior of the
    cell probabilities (Jeffreys' prior, `posterior_tables`, as many draws, from a child of
    `rng` so the caller's stream is untouched). Alone, each fell short of 0.95 somewhere on
    10–100 items (the bootstrap to 0.69, the posterior to 0.88): the bootstrap where the
    off-diagonal is thin (it cannot move mass into an empty cell), the posterior where κ is high
    and the table small (it pulls κ towards 0). Where either rater put fewer than
    `KAPPA_MIN_MINORITY` items outside their most used category, κ rests on one or two items
    and no interval held its level: none is printed (`too few labels for an interval`).
    Measured in bench/coverage.md, section 4. Undefined κ (a rater used one category): NaN, no
    interval.
    """
    c = check_counts(c, "c", square=True)
    point = float(cohen_kappa(c))
    if not np.isfinite(point):
        return Estimate(point)
    minority = min(float(np.sort(c.sum(axis=axis))[-2]) for axis in (0, 1))
    if minority < KAPPA_MIN_MINORITY:
        return Estimate(point, interval=COLLAPSED)
    draws = np.asarray(resampled, dtype=float)
    if draws.size == 0:  # no resamples asked for: no interval
        return Estimate(point)
    used = (c.sum(axis=0) + c.sum(axis=1)) > 0  # a category nobody used gets no prior mass
    posterior = cohen_kappa(posterior_tables(c[used][:, used], draws.size, rng.spawn(1)[0]))
    lows, highs = percentile_interval(np.stack([draws, posterior], axis=1), confidence)
    return Estimate(point, float(np.nanmin(lows)), float(np.nanmax(highs)))


def scott_pi(c: FloatArray) -> FloatArray:
    """Scott's π = (p_o − p_e) / (1 − p_e), chance agreement from the pooled marginals.

    p_e = Σ_i ((r_i + q_i) / 2)². Scott, W. A. (1955). Reliability of content analysis: the
    case of nominal scale coding. Public Opinion Quarterly 19(3), 321–325.
    """
    _, po, rows, cols = _parts(check_counts(c, "c", square=True))
    pooled = (rows + cols) / 2.0
    pe = (pooled**2).sum(axis=-1)
    return _div(po - pe, 1.0 - pe)


def gwet_ac1(c: FloatArray) -> FloatArray:
    """Gwet's AC1 = (p_o − p_e) / (1 − p_e) with p_e = 1/(k−1)·Σ_q π_q(1 − π_q), π_q = (r_q + q_q)/2.

    Robust to skewed prevalence, where κ collapses. k is the number of categories of the scale,
    not only those observed, as in irrCAC. Gwet, K. L. (2008). Computing inter-rater
    reliability and its variance in the presence of high agreement. British Journal of
    Mathematical and Statistical Psychology 61(1), 29–48.
    """
    c = check_counts(c, "c", square=True)
    _, po, rows, cols = _parts(c)
    k = c.shape[-1]
    pooled = (rows + cols) / 2.0
    pe = (pooled * (1.0 - pooled)).sum(axis=-1) / max(k - 1, 1)
    return _div(po - pe, 1.0 - pe)


def macro_f1(c: FloatArray) -> FloatArray:
    """Macro F1 = mean over used categories i of F1_i = 2·c_ii / (Σ_j c_ij + Σ_j c_ji).

    Categories neither rater used are left out, as scikit-learn's `f1_score(average="macro")`
    does. Van Rijsbergen, C. J. (1979). Information Retrieval, 2nd ed., ch. 7.
    """
    c = check_counts(c, "c", square=True)
    diag = np.diagonal(c, axis1=-2, axis2=-1)
    support = c.sum(axis=-1) + c.sum(axis=-2)
    f1 = _div(2.0 * diag, support)
    used = support > 0
    return _div(np.where(used, f1, 0.0).sum(axis=-1), used.sum(axis=-1).astype(float))


@dataclass(frozen=True)
class BinaryRates:
    """Rates that need a positive class (`pass`): sensitivity, specificity and pass rates."""

    tpr: FloatArray
    tnr: FloatArray
    judge_pass_rate: FloatArray
    human_pass_rate: FloatArray

    @property
    def leniency(self) -> FloatArray:
        """Judge pass rate minus human pass rate: > 0 means the judge passes too much."""
        return self.judge_pass_rate - self.human_pass_rate


def binary_rates(c: FloatArray, positive: int) -> BinaryRates:
    """TPR = c_pp / Σ_j c_pj, TNR = Σ_{i,j≠p} c_ij / Σ_{i≠p,j} c_ij, and both pass rates.

    `positive` is the code of the pass category. The standard sensitivity and specificity of
    diagnostic testing, with the human gold as the reference (rows).
    """
    c = check_counts(c, "c", square=True)
    if not 0 <= positive < c.shape[-1]:
        raise ValueError(f"positive must be a category code in [0, {c.shape[-1]}); got {positive}")
    n = c.sum(axis=(-2, -1))
    negatives = [i for i in range(c.shape[-1]) if i != positive]
    gold_pos = c[..., positive, :].sum(axis=-1)
    judge_pos = c[..., :, positive].sum(axis=-1)
    true_neg = c[..., negatives, :][..., :, negatives].sum(axis=(-2, -1))
    return BinaryRates(
        tpr=_div(c[..., positive, positive], gold_pos),
        tnr=_div(true_neg, n - gold_pos),
        judge_pass_rate=_div(judge_pos, n),
        human_pass_rate=_div(gold_pos, n),
    )


AGREEMENT_STATISTICS = (
    "percent_agreement",
    "cohen_kappa",
    "scott_pi",
    "gwet_ac1",
    "krippendorff_alpha",
    "macro_f1",
)
BINARY_STATISTICS = ("tpr", "tnr", "leniency", "judge_pass_rate", "human_pass_rate")


def confusion_statistics(
    c: FloatArray, values: FloatArray, level: Level, positive: int | None
) -> dict[str, FloatArray]:
    """Every judge-vs-gold statistic for a stack of confusion tables, keyed by report name.

    Binary statistics are present only when the scale has a positive class (`pass`).
    `values` gives each category's number (for the interval and ratio α).
    """
    c = check_counts(c, "c", square=True)
    values = check_values(values, c.shape[-1])
    out: dict[str, FloatArray] = {
        "percent_agreement": percent_agreement(c),
        "cohen_kappa": cohen_kappa(c),
        "scott_pi": scott_pi(c),
        "gwet_ac1": gwet_ac1(c),
        "krippendorff_alpha": alpha_from_confusions(c, values, level),
        "macro_f1": macro_f1(c),
    }
    if positive is not None:
        rates = binary_rates(c, positive)
        out.update(
            tpr=rates.tpr,
            tnr=rates.tnr,
            leniency=rates.leniency,
            judge_pass_rate=rates.judge_pass_rate,
            human_pass_rate=rates.human_pass_rate,
        )
    return out


def confusion_matrix(gold: np.ndarray, judged: np.ndarray, k: int) -> FloatArray:
    """(k, k) counts c_ij = #{items with gold code i and judge code j}; code -1 (missing) is skipped."""
    if k < 1:
        raise ValueError(f"k must be a positive number of categories; got {k}")
    gold = check_codes(gold, "gold", k)
    judged = check_codes(judged, "judged", k)
    if gold.shape != judged.shape:
        raise ValueError(f"gold and judged must be aligned; got shapes {gold.shape} and {judged.shape}")
    keep = (gold >= 0) & (judged >= 0)
    flat = np.bincount(gold[keep] * k + judged[keep], minlength=k * k)
    return flat.reshape(k, k).astype(float)


def multi_rater_agreement(
    value_counts: FloatArray, weights: FloatArray | None = None
) -> tuple[FloatArray, FloatArray]:
    """Pairwise percent agreement and Gwet's multi-rater AC1 of units with any number of raters.

    `value_counts` is (U, k): how many raters put unit u in category c. `weights` (..., U) says
    how often each unit is counted — all ones for the data, bootstrap counts for resamples —
    so the human ceiling's bootstrap is one matrix product. Units with fewer than two ratings
    are ignored.

    Pairwise agreement p_a = Σ_u Σ_c m_uc(m_uc − 1) / (m_u(m_u − 1)), averaged over units;
    AC1 = (p_a − p_e) / (1 − p_e) with p_e = 1/(k−1)·Σ_c π_c(1 − π_c), π_c the mean share of
    category c. Gwet, K. L. (2014). Handbook of Inter-Rater Reliability, 4th ed., ch. 4.
    """
    m = check_counts(value_counts, "value_counts")
    if m.ndim != 2:
        raise ValueError(f"value_counts must be (units, categories); got shape {m.shape}")
    w = np.ones(m.shape[0]) if weights is None else np.asarray(weights, dtype=float)
    if w.shape[-1:] != m.shape[:1] or (w < 0).any():
        raise ValueError(
            f"weights must be non-negative with {m.shape[0]} units on the last axis; got {w.shape}"
        )
    totals = m.sum(axis=-1)
    pairable = (totals >= 2).astype(float)
    k = m.shape[-1]
    agree_u = np.nan_to_num(_div((m * (m - 1.0)).sum(axis=-1), totals * (totals - 1.0)))
    share = np.nan_to_num(_div(m, totals[:, None])) * pairable[:, None]
    n_units = w @ pairable
    pa = _div(w @ (agree_u * pairable), n_units)
    pi = _div(w @ share, n_units[..., None])
    pe = (pi * (1.0 - pi)).sum(axis=-1) / max(k - 1, 1)
    return pa, _div(pa - pe, 1.0 - pe)
