"""Agreement among the human raters: the ceiling a judge can be held to.

If people agree with each other at κ = 0.6, a judge at κ = 0.6 against individual people is as
good as another person; asking for 0.9 would be asking for more than the gold label can give.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import numpy as np

from expgrade.calibration.agreement import (
    cohen_kappa,
    confusion_matrix,
    kappa_interval,
    multi_rater_agreement,
)
from expgrade.calibration.bootstrap import estimate, resample_table, resample_type_counts
from expgrade.calibration.krippendorff_alpha import alpha_from_coincidences, package_alpha, unit_coincidences
from expgrade.calibration.labels import IntArray, LabelData
from expgrade.grading.estimate import Estimate, format_estimate


@dataclass(frozen=True)
class PairKappa:
    """Cohen's κ of two human raters on the `n` items both rated, with `kappa_interval`'s
    interval (the one every κ expgrade prints carries: on tens of items a κ alone says little),
    and their raw agreement, said where κ is undefined (a rater used one category)."""

    a: str
    b: str
    n: int
    estimate: Estimate
    agreement: float

    @property
    def kappa(self) -> float:
        return self.estimate.value


@dataclass(frozen=True)
class HumanAgreement:
    """Inter-annotator agreement of the humans on the items of one group."""

    n_raters: int
    n_items: int
    krippendorff_alpha: Estimate
    percent_agreement: Estimate
    gwet_ac1: Estimate
    pairwise_kappa: list[PairKappa]

    @property
    def mean_pairwise_kappa(self) -> float | None:
        finite = [p.kappa for p in self.pairwise_kappa if np.isfinite(p.kappa)]
        return float(np.mean(finite)) if finite else None


def pair_kappa(a: IntArray, b: IntArray, k: int) -> tuple[int, float]:
    """Cohen's κ of two raters on the items both rated, and how many those were."""
    table = confusion_matrix(a, b, k)
    return int(table.sum()), float(cohen_kappa(table))


def kappa_text(estimate: Estimate | Mapping[str, Any], agreement: float | None, digits: int = 2) -> str:
    """κ with its interval, or `undefined (raw agreement 1.00)` where a rater used one category:
    an undefined κ is not a low one, and the raw agreement says what the raters did."""
    known = agreement is not None and math.isfinite(agreement)
    raw = f" (raw agreement {agreement:.{digits}f})" if known else ""
    return format_estimate(estimate, digits, undefined="undefined" + raw)


def pair_estimate(
    a: IntArray, b: IntArray, k: int, n_resamples: int, confidence: float, rng: np.random.Generator
) -> tuple[int, Estimate, float]:
    """(items both rated, κ with `kappa_interval`'s interval, raw agreement) of two raters."""
    table = confusion_matrix(a, b, k)
    n = int(table.sum())
    boot = cohen_kappa(resample_table(table, n_resamples, rng)) if n else np.empty(0)
    agreement = float(np.trace(table) / n) if n else float("nan")
    return n, kappa_interval(table, boot, confidence, rng), agreement


def human_agreement(
    data: LabelData, mask: np.ndarray, n_resamples: int, confidence: float, rng: np.random.Generator
) -> HumanAgreement:
    """α (at the scale's level), pairwise percent agreement and multi-rater AC1 with bootstrap
    intervals, plus Cohen's κ for every pair of human raters with `kappa_interval`'s.

    Items are resampled through their vote *patterns* (how many raters chose each category):
    every statistic here depends on the items only through those patterns.
    """
    counts = data.human_counts[mask]
    counts = counts[counts.sum(axis=1) >= 2]
    k = data.scale.k
    nan = Estimate(float("nan"), float("nan"), float("nan"))
    pair_rng = rng.spawn(1)[0]  # a stream of its own: α's and AC1's draws stay as they were
    pairs = [
        PairKappa(
            a,
            b,
            *pair_estimate(
                data.humans[a].codes[mask], data.humans[b].codes[mask], k, n_resamples, confidence, pair_rng
            ),
        )
        for a, b in combinations(sorted(data.humans), 2)
    ]
    pairs = [p for p in pairs if p.n > 0]
    if counts.shape[0] == 0:
        return HumanAgreement(len(data.humans), 0, nan, nan, nan, pairs)
    patterns, multiplicity = np.unique(counts, axis=0, return_counts=True)
    weights = resample_type_counts(multiplicity, n_resamples, rng)
    coinc = unit_coincidences(patterns).reshape(patterns.shape[0], k * k)
    boot_alpha = alpha_from_coincidences(
        (weights @ coinc).reshape(n_resamples, k, k), data.scale.values, data.scale.level
    )
    point_pa, point_ac1 = multi_rater_agreement(patterns, multiplicity.astype(float))
    boot_pa, boot_ac1 = multi_rater_agreement(patterns, weights)
    return HumanAgreement(
        n_raters=len(data.humans),
        n_items=int(counts.shape[0]),
        krippendorff_alpha=estimate(
            package_alpha(counts, data.scale.values, data.scale.level), boot_alpha, confidence
        ),
        percent_agreement=estimate(float(point_pa), boot_pa, confidence),
        gwet_ac1=estimate(float(point_ac1), boot_ac1, confidence),
        pairwise_kappa=pairs,
    )
