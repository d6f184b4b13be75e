"""Anytime-valid confidence sequences: when labelling can stop.

A fixed-n interval (`corrected.ppi_mean`) holds its level only at a sample size chosen before
looking. People label, look at the interval and stop once it is narrow enough; checked after
every label, a 95 % interval misses far more than 5 % of the time (bench/coverage.md measures
it). A confidence sequence (C_t) holds the truth at *every* t at once with probability ≥ 1 − α,
so it may be watched continuously and labelling stopped whenever it looks good.

The sequence used is the predictable plug-in empirical-Bernstein (PrPl-EB) sequence for the
mean of [0, 1]-bounded draws of Waudby-Smith & Ramdas (2024, "Estimating means of bounded
random variables by betting", JRSS-B, Theorem 2 and eq. (13)–(15)), closed form, with its
running intersection (Howard et al. 2021): for t = 1, 2, …

    μ̂_t = (1/2 + Σ_{i≤t} X_i)/(t + 1),   σ̂²_t = (1/4 + Σ_{i≤t} (X_i − μ̂_i)²)/(t + 1)
    λ_t = min(√(2 log(2/α) / (σ̂²_{t−1} t log(1 + t))), 3/4),   ψ(λ) = (−log(1 − λ) − λ)/4
    C_t = Σλ_i X_i / Σλ_i  ±  (log(2/α) + Σ 4(X_i − μ̂_{i−1})² ψ(λ_i)) / Σλ_i

The corrected pass rate of N judged items is θ = mean(Ŷ) + mean(Y − Ŷ): the first term is known
(the judge graded every item), the second is the mean of the rectifier Y − Ŷ ∈ [−1, 1] over the
items, estimated from the labelled ones as PPI's rectifier is (Angelopoulos et al. 2023, λ = 1:
the power-tuned λ is chosen by looking at the labels, which a sequence may not do). So the
sequence for θ is mean(Ŷ) + 2·C_t − 1 on X = (Y − Ŷ + 1)/2. It assumes the labelled items are a
uniformly random sequence of the items (a random queue or a uniform draw), as the fixed-n
interval does.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from expgrade.calibration.validation import FloatArray

#: the largest bet (Waudby-Smith & Ramdas use 1/2 or 3/4): it bounds the sequence's radius below by
#: log(2/α)/(c·t), which matters where labels rarely disagree with the judge
MAX_BET = 0.75
#: how far ahead `labels_for_half_width` looks before saying "more than this"
PLAN_HORIZON = 100_000


@dataclass(frozen=True)
class SequenceBound:
    """The sequence's interval after the labels seen so far (nan before the first)."""

    value: float
    low: float
    high: float
    n_labels: int

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2


def _bets(sigma2_before: FloatArray, t: FloatArray, log_term: float) -> FloatArray:
    return np.minimum(np.sqrt(2 * log_term / (sigma2_before * t * np.log1p(t))), MAX_BET)


def _psi(lam: FloatArray) -> FloatArray:
    return (-np.log1p(-lam) - lam) / 4


def bounded_mean_sequence(x: ArrayLike, confidence: float = 0.95) -> tuple[FloatArray, FloatArray]:
    """(low_t, high_t) for t = 1..n: the PrPl-EB sequence (module docstring) for the mean of the
    [0, 1] values `x` in the order they were drawn, each the running intersection so far."""
    xs = np.clip(np.asarray(x, dtype=float), 0.0, 1.0)
    n = xs.size
    if n == 0:
        return np.empty(0), np.empty(0)
    log_term = math.log(2 / (1 - confidence))
    t = np.arange(1, n + 1, dtype=float)
    mu = (0.5 + np.cumsum(xs)) / (t + 1)
    mu_before = np.concatenate([[0.5], mu[:-1]])
    sigma2 = (0.25 + np.cumsum((xs - mu) ** 2)) / (t + 1)
    sigma2_before = np.concatenate([[0.25], sigma2[:-1]])
    lam = _bets(sigma2_before, t, log_term)
    weight = np.cumsum(lam)
    centre = np.cumsum(lam * xs) / weight
    radius = (log_term + np.cumsum(4 * (xs - mu_before) ** 2 * _psi(lam))) / weight
    low = np.maximum.accumulate(np.clip(centre - radius, 0.0, 1.0))
    high = np.minimum.accumulate(np.clip(centre + radius, 0.0, 1.0))
    return low, np.maximum(high, low)


def corrected_rate_sequence(
    judge_all: ArrayLike, human: ArrayLike, judge_labelled: ArrayLike, confidence: float = 0.95
) -> SequenceBound:
    """The anytime-valid interval for the pass rate of the items the judge graded (`judge_all`,
    0/1), from the human verdicts `human` on labelled items (0/1, in labelling order) and the
    judge's verdicts on those same items `judge_labelled`."""
    f_all = np.asarray(judge_all, dtype=float)
    y = np.asarray(human, dtype=float)
    f = np.asarray(judge_labelled, dtype=float)
    if y.size == 0 or f_all.size == 0:
        return SequenceBound(float("nan"), float("nan"), float("nan"), int(y.size))
    low, high = bounded_mean_sequence((y - f + 1) / 2, confidence)
    base = float(f_all.mean())
    value = base + float(np.mean(y - f))
    lo, hi = max(0.0, base + 2 * low[-1] - 1), min(1.0, base + 2 * high[-1] - 1)
    return SequenceBound(min(max(value, lo), hi), lo, hi, int(y.size))


def agreement_sequence(
    human: ArrayLike, judge_labelled: ArrayLike, confidence: float = 0.95
) -> SequenceBound:
    """The anytime-valid interval for how often the judge agrees with people."""
    agree = (np.asarray(human, dtype=float) == np.asarray(judge_labelled, dtype=float)).astype(float)
    if agree.size == 0:
        return SequenceBound(float("nan"), float("nan"), float("nan"), 0)
    low, high = bounded_mean_sequence(agree, confidence)
    return SequenceBound(float(agree.mean()), float(low[-1]), float(high[-1]), int(agree.size))


def sequence_labels_for_half_width(
    human: ArrayLike, judge_labelled: ArrayLike, half_width: float, confidence: float = 0.95
) -> int | None:
    """About how many labels in all the corrected rate's sequence needs to reach ±`half_width`,
    if the rectifier's spread stays what the labels so far show (Laplace-smoothed, so that a few
    agreeing labels do not plan zero). None when not within `PLAN_HORIZON` labels."""
    y = np.asarray(human, dtype=float)
    f = np.asarray(judge_labelled, dtype=float)
    disagree = (float(np.sum(y != f)) + 1) / (y.size + 2)
    sigma2 = disagree / 4  # X = (Y − Ŷ + 1)/2 ∈ {0, ½, 1}: Var X = Var(Y − Ŷ)/4 ≤ P(Y ≠ Ŷ)/4
    log_term = math.log(2 / (1 - confidence))
    t = np.arange(1, PLAN_HORIZON + 1, dtype=float)
    lam = _bets(np.full(t.size, sigma2), t, log_term)
    radius = (log_term + np.cumsum(4 * sigma2 * _psi(lam))) / np.cumsum(lam)
    reached = np.flatnonzero(2 * radius <= half_width)
    return int(reached[0]) + 1 if reached.size else None


@dataclass(frozen=True)
class StoppingStatus:
    """What `annotate status` says: the corrected rate's and the agreement's sequences, and
    whether the target half-width is reached (else about how many more labels it needs)."""

    n_items: int
    corrected: SequenceBound
    agreement: SequenceBound
    target: float
    more_labels: int | None

    @property
    def can_stop(self) -> bool:
        return self.corrected.n_labels > 0 and self.corrected.half_width <= self.target

    def line(self) -> str:
        """One sentence a person can act on."""
        c = self.corrected
        if c.n_labels == 0:
            return f"no item of the {self.n_items} has a human pass/fail verdict yet: nothing to correct"
        said = (
            f"the corrected pass rate is {c.value:.2f} ± {c.half_width:.2f} [{c.low:.2f}, {c.high:.2f}] "
            f"(valid however long you label; {c.n_labels} labels of {self.n_items} items)"
        )
        if self.can_stop:
            return f"{said}: you can stop"
        if self.more_labels is None:
            return f"{said}: ± {self.target:.2f} is out of reach of labelling alone"
        if c.n_labels + self.more_labels > self.n_items:
            return f"{said}: ± {self.target:.2f} needs more labels than there are items"
        return f"{said}: about {max(1, self.more_labels)} more labels for ± {self.target:.2f}"


def stopping_status(
    judge_all: ArrayLike,
    human: ArrayLike,
    judge_labelled: ArrayLike,
    target: float = 0.05,
    confidence: float = 0.95,
) -> StoppingStatus:
    """The sequences after the labels so far (`corrected_rate_sequence`, `agreement_sequence`) and
    the labels still needed for a half-width of `target`."""
    corrected = corrected_rate_sequence(judge_all, human, judge_labelled, confidence)
    needed = sequence_labels_for_half_width(human, judge_labelled, target, confidence)
    more = None if needed is None else max(0, needed - corrected.n_labels)
    return StoppingStatus(
        int(np.asarray(judge_all).size),
        corrected,
        agreement_sequence(human, judge_labelled, confidence),
        target,
        more,
    )
