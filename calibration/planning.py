"""How many human labels a corrected pass rate needs, planned before anyone labels (`annotate plan`).

PPI++ (Angelopoulos, Duchi & Zrnic 2023) estimates a rate θ from n labelled units (human Y, judge
Ŷ) and the judge alone on the N − n others. With weight λ its variance is

    Var θ̂ = λ²·σ²_f / (N − n) + σ²_rect / n,   σ²_rect = Var(Y − λŶ) = σ²_y − 2λ·c + λ²·σ²_f,

σ²_f = Var Ŷ, σ²_y = Var Y, c = Cov(Y, Ŷ); `corrected.ppi_mean` uses the power-tuned
λ* = c / ((1 + n/(N − n))·σ²_f), clipped to [0, 1], which minimises it, and adds Agresti–Coull
pseudo-labels to each term (`ppi_variance` does the same, so a rare pass is not planned on a
variance of nearly zero). So

* a half-width h at confidence 1 − α needs the least n with z_{1−α/2}·√Var ≤ h;
* two agents (disjoint units, n labels each) are told apart by a margin d with power 1 − β when
  (z_{1−α/2} + z_{1−β})·√(Var_a + Var_b) ≤ d: the interval of the difference then excludes 0
  with probability 1 − β when the true difference is d (the two-sample size formula, e.g.
  Chow, Shao & Wang, *Sample Size Calculations in Clinical Research*, 2008, §4.2).

The moments follow from the judge's error rates (TPR, FPR) and its pass rate p on the run:
θ = (p − FPR)/(TPR − FPR) (Rogan & Gladen 1978; ½ where the judge is no better than chance),
σ²_y = θ(1 − θ), σ²_f = p(1 − p), c = θ·TPR − θ·p. TPR and FPR are measured on the labels
there are, Laplace-smoothed ((x + 1)/(n + 2): ten agreeing labels do not plan a perfect judge),
or stated assumptions before the first label. They are pooled over agents: that is the transport
assumption `calibration.transport` tests. No plan goes below `MIN_GOLD`, the fewest labelled
units a report corrects with. Checked by simulation in `tests/test_calibration_planning.py`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from expgrade.calibration.corrected import z_value
from expgrade.calibration.run_report import MIN_GOLD, PRIOR_DISAGREEMENT

#: power of a planned comparison: the usual 80 %
POWER = 0.8


@dataclass(frozen=True)
class JudgeErrors:
    """The judge's rates against people, and where they come from (said beside every plan)."""

    tpr: float
    fpr: float
    source: str


#: before any label: the judge errs on PRIOR_DISAGREEMENT of units, either way (run_report's prior)
ASSUMED = JudgeErrors(1.0 - PRIOR_DISAGREEMENT, PRIOR_DISAGREEMENT, "assumed (no labels yet)")


def measured_errors(human: ArrayLike, judge: ArrayLike) -> JudgeErrors:
    """TPR and FPR on the labelled units (true = pass), Laplace-smoothed; `ASSUMED` without both
    a human pass and a human fail (one of the two rates would be a guess)."""
    h = np.asarray(human, dtype=bool)
    j = np.asarray(judge, dtype=bool)
    positives, negatives = int(h.sum()), int((~h).sum())
    if not positives or not negatives:
        return ASSUMED
    tpr = (float(np.sum(h & j)) + 1.0) / (positives + 2.0)
    fpr = (float(np.sum(~h & j)) + 1.0) / (negatives + 2.0)
    return JudgeErrors(tpr, fpr, f"measured on {h.size} labels ({positives} pass, {negatives} fail)")


@dataclass(frozen=True)
class Arm:
    """One agent's cell: how many units the judge decided, and its pass rate on them."""

    name: str
    n_units: int
    judge_rate: float


def _theta(arm: Arm, errors: JudgeErrors) -> float:
    """The true rate the judge's rate implies (Rogan–Gladen); for a judge no better than chance,
    whose rate says nothing of it, the worst case ½."""
    youden = errors.tpr - errors.fpr
    return float(np.clip((arm.judge_rate - errors.fpr) / youden, 0.0, 1.0)) if youden > 0 else 0.5


def _moments(arm: Arm, errors: JudgeErrors) -> tuple[float, float, float]:
    """(σ²_y, σ²_f, c) of the module docstring."""
    p, theta = arm.judge_rate, _theta(arm, errors)
    return theta * (1 - theta), p * (1 - p), theta * errors.tpr - theta * p


def _smoothed(
    mean: np.ndarray, var: np.ndarray, n: np.ndarray, corners: np.ndarray, weight: float
) -> np.ndarray:
    """Variance of a mean of n values (of `mean`, `var`) with `corners` added as pseudo-values of
    `weight` each: what `corrected._smoothed_variance` computes from the values themselves."""
    total = n + weight * corners.shape[0]
    centre = (n * mean + weight * corners.sum(axis=0)) / total
    spread = n * (var + (mean - centre) ** 2) + weight * ((corners - centre) ** 2).sum(axis=0)
    return np.asarray(spread / total**2)


def ppi_variance(arm: Arm, errors: JudgeErrors, n: ArrayLike, confidence: float = 0.95) -> np.ndarray:
    """Var θ̂ of power-tuned PPI++ with `n` (an array) of the arm's units labelled, each of its two
    terms smoothed with `corrected.ppi_mean`'s pseudo-labels (z²/4 at each corner of [0, 1]² for
    the rectifier, z²/2 at 0 and 1 for the judge's mean): on tens of labels of a rare pass they,
    not σ²_rect, set the width."""
    var_y, var_f, cov = _moments(arm, errors)
    theta = _theta(arm, errors)
    labels = np.asarray(n, dtype=float)
    unlabelled = arm.n_units - labels
    lam = np.zeros_like(labels)
    if var_f > 0:
        some = unlabelled > 0
        lam[some] = np.clip(cov / ((1 + labels[some] / unlabelled[some]) * var_f), 0.0, 1.0)
    z2 = z_value(confidence) ** 2
    p = arm.judge_rate
    rectifier = _smoothed(
        theta - lam * p,
        var_y - 2 * lam * cov + lam**2 * var_f,
        labels,
        np.stack([0.0 * lam, -lam, 1.0 + 0.0 * lam, 1.0 - lam]),
        z2 / 4,
    )
    judge = _smoothed(
        np.full_like(labels, p), np.full_like(labels, var_f), np.maximum(unlabelled, 1.0),
        np.array([[0.0], [1.0]]) + 0.0 * labels, z2 / 2,
    )  # fmt: skip
    return np.asarray(rectifier + np.where((unlabelled > 0) & (lam > 0), lam**2 * judge, 0.0))


@dataclass(frozen=True)
class Plan:
    """Labels needed (None: not reachable even with every unit labelled) and the half-width that
    labelling every unit would reach."""

    labels: int | None
    best: float


def _least(ok: np.ndarray) -> int | None:
    """The least n (1-based) where `ok` holds, at least MIN_GOLD; None when it never does."""
    if not ok.any():
        return None
    return max(MIN_GOLD, int(np.argmax(ok)) + 1)


def plan_half_width(arm: Arm, errors: JudgeErrors, half_width: float, confidence: float = 0.95) -> Plan:
    """Labels of this agent's units for a corrected rate of ±`half_width`."""
    z = z_value(confidence)
    widths = z * np.sqrt(ppi_variance(arm, errors, np.arange(1, arm.n_units + 1), confidence))
    return Plan(_least(widths <= half_width), float(widths[-1]) if widths.size else float("nan"))


def plan_difference(
    a: Arm,
    b: Arm,
    errors: JudgeErrors,
    difference: float,
    confidence: float = 0.95,
    power: float = POWER,
) -> Plan:
    """Labels of each agent's units to tell `a` from `b` when they differ by `difference`;
    `best` is the difference that labelling every unit of the smaller agent would resolve."""
    n = np.arange(1, min(a.n_units, b.n_units) + 1)
    spread = (z_value(confidence) + z_value(2 * power - 1)) * np.sqrt(
        ppi_variance(a, errors, n, confidence) + ppi_variance(b, errors, n, confidence)
    )
    return Plan(_least(spread <= difference), float(spread[-1]) if spread.size else float("nan"))
