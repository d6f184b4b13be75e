"""A point estimate with its confidence interval, and how it is written and shown: one of each.

Grading's pass rates (clustered bootstrap) and calibration's agreement statistics (item
bootstrap, Wilson, PPI) are all `Estimate`s. Inside, a number that cannot be estimated is NaN
(so arithmetic and numpy stay simple); JSON has no NaN, so `as_dict` writes null; a reader
sees `format_estimate`'s text.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

NAN = float("nan")


def json_number(x: float | None) -> float | None:
    """JSON has no NaN: undefined numbers are written as null."""
    return None if x is None or not math.isfinite(x) else round(float(x), 6)


@dataclass(frozen=True)
class Estimate:
    """A value with its interval; NaN where not estimable. `n`/`n_clusters`: what it was computed on.
    `interval`: how the interval over tasks was made, or why there is none
    (`expgrade.grading.aggregate.intervals`); None for intervals over items."""

    value: float
    ci_low: float = NAN
    ci_high: float = NAN
    n: int | None = None
    n_clusters: int | None = None
    interval: str | None = None

    def as_dict(self) -> dict[str, float | int | str | None]:
        out: dict[str, float | int | str | None] = {
            "value": json_number(self.value),
            "ci_low": json_number(self.ci_low),
            "ci_high": json_number(self.ci_high),
        }
        if self.n is not None:
            out["n"] = self.n
        if self.n_clusters is not None:
            out["n_clusters"] = self.n_clusters
        if self.interval is not None:
            out["interval"] = self.interval
        return out


def wilson_interval(successes: float, n: float, confidence: float = 0.95) -> Estimate:
    """A proportion with its Wilson score interval (Wilson 1927; Brown, Cai & DasGupta 2001).

    centre = (p + z²/2n) / (1 + z²/n), half = z·sqrt(p(1-p)/n + z²/4n²) / (1 + z²/n). Used for
    rates near 0 or 1 (a detector's false positives, a judge's false passes on controls, its
    length preference), where the normal interval collapses to a point and the bootstrap has
    nothing to resample.
    """
    if n == 0:
        return Estimate(NAN, NAN, NAN)
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return Estimate(p, centre - half, centre + half)


def format_estimate(est: Estimate | Mapping[str, Any] | None, digits: int = 2, undefined: str = "—") -> str:
    """`0.81 [0.76, 0.85]`; the bare value when the interval is not estimable, with the reason in
    brackets where the estimate gives one (`1.00 (too few tasks for an interval)`); `undefined`
    otherwise.

    Takes an `Estimate` or its `as_dict` form (what the JSON reports hold).
    """
    if est is None:
        return undefined
    if isinstance(est, Mapping):
        value, low, high, why = (est.get(k) for k in ("value", "ci_low", "ci_high", "interval"))
    else:
        value, low, high, why = est.value, est.ci_low, est.ci_high, est.interval

    def known(x: Any) -> bool:
        return x is not None and math.isfinite(x)

    if not known(value):
        return undefined
    if not (known(low) and known(high)):
        return f"{value:.{digits}f}" + (f" ({why})" if why else "")
    return f"{value:.{digits}f} [{low:.{digits}f}, {high:.{digits}f}]"
