"""Measured vs expected (and vs claimed) numbers, metric by metric, with the task's tolerance.

A metric passes when |measured - expected| <= max(abs, rel * |expected|), with the per-metric
override if the task gives one (keyed `METRIC` or `EXPERIMENT/METRIC`), or, when the task's
reference runs measured its noise (`expgrade.grading.execution.noise`), when it falls inside
their prediction interval. NaN and inf never pass; a missing metric never passes; an extra
metric is reported and ignored.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from expgrade.grading.execution.results import Results, is_finite_number
from expgrade.grading.schemas import Deviation, MetricTolerance, Tolerance


class Bounds(Protocol):
    """A measured value's acceptable range (`noise.Interval`)."""

    @property
    def low(self) -> float: ...

    @property
    def high(self) -> float: ...


@dataclass
class Comparison:
    deviations: list[Deviation] = field(default_factory=list)  # every metric outside tolerance
    missing: list[str] = field(default_factory=list)  # "experiment/metric" expected, not measured
    nonfinite: list[str] = field(default_factory=list)  # measured NaN/inf, or not a number at all
    extra: list[str] = field(default_factory=list)  # measured, not expected: reported, not judged
    compared: int = 0

    @property
    def all_within(self) -> bool:
        return self.compared > 0 and not self.deviations

    def explain(self, what: str = "expected") -> str:
        parts = []
        outside = [
            d
            for d in self.deviations
            if f"{d.experiment}/{d.metric}" not in set(self.missing) | set(self.nonfinite)
        ]
        if outside:
            parts.append(
                f"{len(outside)} metric(s) outside tolerance of the {what} values: "
                + ", ".join(
                    f"{d.experiment}/{d.metric} {what} {d.expected:g} measured {d.measured:g}"
                    + (f" (rel. error {d.rel_error:.1%})" if d.rel_error is not None else "")
                    + (
                        f" outside the reference runs' interval [{d.low:g}, {d.high:g}]"
                        if d.low is not None and d.high is not None
                        else ""
                    )
                    for d in outside
                    if d.expected is not None and d.measured is not None
                )
            )
        if self.missing:
            parts.append(f"not measured: {', '.join(self.missing)}")
        if self.nonfinite:
            parts.append(f"not a finite number: {', '.join(self.nonfinite)}")
        if self.extra:
            parts.append(f"extra metrics ignored: {', '.join(self.extra)}")
        return "; ".join(parts)


def tolerance_for(tolerance: Tolerance | None, experiment: str, metric: str) -> MetricTolerance:
    tol = tolerance or Tolerance()
    per = tol.per_metric.get(f"{experiment}/{metric}") or tol.per_metric.get(metric)
    return per or MetricTolerance(rel=tol.rel, abs=tol.abs)


def rel_error(expected: float, measured: float) -> float | None:
    if expected == 0 or not (math.isfinite(expected) and math.isfinite(measured)):
        return None
    return abs(measured - expected) / abs(expected)


def within(expected: float, measured: float, tol: MetricTolerance) -> bool:
    if not (math.isfinite(expected) and math.isfinite(measured)):
        return False
    return abs(measured - expected) <= max(tol.abs, tol.rel * abs(expected))


def compare(
    reference: Results,
    measured: Results,
    tolerance: Tolerance | None,
    intervals: Mapping[str, Bounds] | None = None,
) -> Comparison:
    """Every metric of `reference` against `measured`; `intervals` ("EXPERIMENT/METRIC" -> bounds)
    replace the tolerance for the metrics they name."""
    intervals = intervals or {}
    out = Comparison()
    for experiment, metrics in reference.items():
        got = measured.get(experiment, {})
        for metric, ref in metrics.items():
            key = f"{experiment}/{metric}"
            if not is_finite_number(ref):
                continue  # an expected NaN cannot be reproduced or refuted; the task is at fault
            out.compared += 1
            value: Any = got.get(metric)
            if value is None:
                out.missing.append(key)
                out.deviations.append(Deviation(experiment=experiment, metric=metric, expected=ref))
                continue
            if not is_finite_number(value):
                out.nonfinite.append(key)
                num = value if isinstance(value, float) else None
                out.deviations.append(
                    Deviation(experiment=experiment, metric=metric, expected=ref, measured=num)
                )
                continue
            bounds = intervals.get(key)
            if bounds is not None:
                inside = bounds.low <= float(value) <= bounds.high
            else:
                inside = within(float(ref), float(value), tolerance_for(tolerance, experiment, metric))
            if not inside:
                out.deviations.append(
                    Deviation(
                        experiment=experiment,
                        metric=metric,
                        expected=ref,
                        measured=value,
                        rel_error=rel_error(ref, value),
                        low=bounds.low if bounds is not None else None,
                        high=bounds.high if bounds is not None else None,
                    )
                )
    for experiment, metrics in measured.items():
        for metric in metrics:
            if metric not in reference.get(experiment, {}):
                out.extra.append(f"{experiment}/{metric}")
    return out
