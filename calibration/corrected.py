"""Benchmark pass rates corrected for judge error: Rogan–Gladen and PPI++.

A judge's pass rate is biased by its false passes and false fails. Two corrections, each with a
normal-approximation interval (95 % by default — note that ppi_py defaults to 90 %):

* Rogan–Gladen: θ = (p + TNR − 1) / (TPR + TNR − 1), with TPR/TNR measured on the
  human-labelled items and p on every judged item. Its delta-method variance adds the
  sampling error of p (the unlabelled sample) to that of TPR and TNR (the labelled sample):
  Var θ ≈ [p(1−p)/n_p + θ²·TPR(1−TPR)/n₊ + (1−θ)²·TNR(1−TNR)/n₋] / (TPR + TNR − 1)².
* PPI++ (Angelopoulos, Duchi & Zrnic 2023): the judge's mean on unlabelled items, rectified by
  the judge-vs-human difference on labelled items, with the power-tuning weight λ that
  minimises the variance (clipped to [0, 1], as ppi_py does).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike
from scipy.special import ndtri

from expgrade.grading.estimate import Estimate


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
    """Corrected prevalence and its delta-method interval, clipped to [0, 1].

    NaN when the judge is no better than chance (TPR + TNR ≤ 1): then its verdicts carry no
    information about the true rate and no correction exists.
    """
    youden = tpr + tnr - 1.0
    if not youden > 0 or min(n_judged, n_positive, n_negative) == 0:
        return Estimate(float("nan"), float("nan"), float("nan"))
    theta = (judge_rate + tnr - 1.0) / youden
    variance = (
        judge_rate * (1 - judge_rate) / n_judged
        + theta**2 * tpr * (1 - tpr) / n_positive
        + (1 - theta) ** 2 * tnr * (1 - tnr) / n_negative
    ) / youden**2
    half = z_value(confidence) * float(np.sqrt(variance))
    clip = lambda x: float(min(1.0, max(0.0, x)))  # noqa: E731
    return Estimate(clip(theta), clip(theta - half), clip(theta + half))


def ppi_mean(
    y: ArrayLike, y_hat: ArrayLike, y_hat_unlabeled: ArrayLike, confidence: float = 0.95
) -> Estimate:
    """PPI++ mean of `y` using judge predictions; matches ppi_py's `ppi_mean_ci` at the same level.

    With no unlabelled items there is nothing for the judge to add, and the estimate is the
    classical mean of the human labels with its CLT interval (λ = 0).
    """
    yl = np.asarray(y, dtype=float)
    fl = np.asarray(y_hat, dtype=float)
    fu = np.asarray(y_hat_unlabeled, dtype=float)
    n, big_n = yl.size, fu.size
    if n == 0:
        return Estimate(float("nan"), float("nan"), float("nan"))
    if big_n == 0:
        lam = 0.0
        imputed_var = 0.0
    else:
        # λ* = Cov(Y, Ŷ) / ((1 + n/N)·Var(Ŷ)), the variance-minimising weight, clipped to [0, 1]
        cov = float(np.mean((yl - yl.mean()) * (fl - fl.mean())))
        var_hat = float(np.var(np.concatenate([fl, fu]), ddof=1)) if n + big_n > 1 else 0.0
        lam = float(np.clip(cov / ((1 + n / big_n) * var_hat), 0.0, 1.0)) if var_hat > 0 else 0.0
        imputed_var = float(np.var(lam * fu)) / big_n
    imputed = lam * fu.mean() if big_n else 0.0
    rectifier = yl - lam * fl
    theta = float(imputed + rectifier.mean())
    half = z_value(confidence) * float(np.sqrt(imputed_var + np.var(rectifier) / n))
    return Estimate(theta, theta - half, theta + half)


def active_ppi_mean(
    y: ArrayLike, labelled: ArrayLike, inclusion: ArrayLike, y_hat: ArrayLike, confidence: float = 0.95
) -> Estimate:
    """Active inference (Zrnic & Candès 2024): the mean of `y` over all N units when unit i was
    labelled with known probability π_i, chosen by how informative it looked.

    θ = mean_i [λ·ŷ_i + ξ_i/π_i · (y_i − λ·ŷ_i)] is unbiased for any λ because E[ξ_i/π_i] = 1;
    λ is power-tuned to the variance-minimising value (clipped to [0, 1], as PPI++ does) and
    the interval is the CLT one over the N independent terms. Without the 1/π_i weights the
    labelled units, chosen for disagreement, would over-represent the judge's mistakes.
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
    half = z_value(confidence) * float(np.std(terms) / np.sqrt(f.size))
    return Estimate(theta, theta - half, theta + half)


def labels_for_half_width(rectifier_variance: float, half_width: float, confidence: float = 0.95) -> int:
    """Human labels after which a PPI++ interval is ±`half_width`: z²·Var(Y − λŶ) / h².

    The judge's own term shrinks with the (much larger) unlabelled sample and is left out.
    """
    return max(1, int(np.ceil(z_value(confidence) ** 2 * rectifier_variance / half_width**2)))
