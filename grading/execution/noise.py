"""Tolerance from measured noise: where one new run of a correct implementation should land.

A fixed tolerance (5 %, AutoExperiment's rule) is too tight for an experiment that moves 10–20 %
by seed and too lax for one that barely moves. CORE-Bench instead runs the ground truth several
times and accepts an answer inside the prediction interval of those runs; this module builds
that interval from the task's reference solution run N times with seeds 1..N.

Method (docs/grading.md, "Tolerance from measured noise"). For one metric with reference values
x_1..x_N, mean x̄ and sample standard deviation s, the two-sided prediction interval for one
more independent draw from the same normal distribution is

    x̄ ± t_{1-a/2, N-1} · s · sqrt(1 + 1/N)

(Hahn, Meeker & Escobar, *Statistical Intervals*, 2nd ed., Wiley 2017, ch. 4; Geisser,
*Predictive Inference*, 1993). It covers the new run with probability exactly 1-a over both the
reference runs and the new run. With m metrics each interval is built at 1-a/m (Bonferroni), so
a correct run lands in all of them with probability at least 1-a whatever their correlation.
Assumptions: the runs are independent draws of one distribution (same code, same environment,
only the seed and the hardware's nondeterminism differ) and that distribution is near normal.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from expgrade.grading.execution.compare import tolerance_for, within
from expgrade.grading.execution.results import Results, is_finite_number
from expgrade.grading.schemas import Task, Tolerance
from expgrade.grading.schemas.result import MetricInterval, ToleranceUsed

#: Joint chance that a correct run passes every metric's interval (1 - a). 0.99 rather than
#: 0.95: the goal is >= 95 % of correct runs reproduced, and real noise is rarely quite normal.
CONFIDENCE = 0.99
#: The reference must cover the task's own expected values at this (looser) level; below it the
#: reference and the paper disagree, and no submission can be judged against either.
CHECK_CONFIDENCE = 0.999
METHOD = "normal prediction interval for one new run, Student t with N-1 df, Bonferroni over metrics"


@dataclass(frozen=True)
class Interval:
    mean: float
    sd: float
    low: float
    high: float

    def __contains__(self, value: float) -> bool:
        return math.isfinite(value) and self.low <= value <= self.high


def prediction_interval(values: Sequence[float], confidence: float) -> Interval:
    """The normal-theory interval holding one new draw with probability `confidence`.

    values: N >= 2 finite reference values of one metric. confidence: in (0, 1).
    """
    if len(values) < 2:
        raise ValueError(f"a prediction interval needs at least 2 values, got {len(values)}")
    if not all(math.isfinite(v) for v in values):
        raise ValueError("values must be finite numbers")
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be in (0, 1), got {confidence}")
    from scipy.stats import t as student_t  # seconds to import: only when an interval is drawn

    n = len(values)
    mean = math.fsum(values) / n
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = float(student_t.ppf(0.5 + confidence / 2.0, n - 1)) * sd * math.sqrt(1.0 + 1.0 / n)
    return Interval(mean=mean, sd=sd, low=mean - half, high=mean + half)


def per_metric_confidence(joint: float, m: int) -> float:
    """Bonferroni: m intervals at this level all hold with probability at least `joint`."""
    return 1.0 - (1.0 - joint) / max(m, 1)


@dataclass
class ReferenceNoise:
    """What N reference runs say about a task's metrics: intervals, or why they cannot be used."""

    n: int
    seeds: list[int]
    confidence: float
    intervals: dict[str, Interval] = field(default_factory=dict)  # "EXPERIMENT/METRIC"
    exact: list[str] = field(default_factory=list)  # metrics every run gave the same value
    problem: str | None = None  # set: the reference is unusable and the task unscorable


def metric_keys(expected: Results) -> list[str]:
    """The "EXPERIMENT/METRIC" keys a run is checked on: the expected numbers that are finite."""
    return [f"{e}/{m}" for e, ms in expected.items() for m, v in ms.items() if is_finite_number(v)]


def _value(results: Mapping[str, Any], key: str) -> Any:
    experiment, _, metric = key.partition("/")
    got = results.get(experiment)
    return got.get(metric) if isinstance(got, Mapping) else None


def reference_noise(
    runs: Mapping[int, Results],
    expected: Results,
    fixed: Tolerance | None = None,
    *,
    confidence: float = CONFIDENCE,
    check_confidence: float = CHECK_CONFIDENCE,
) -> ReferenceNoise:
    """Intervals from the reference runs' numbers (seed -> results), checked against `expected`.

    A metric missing or non-finite in some run, or an expected value outside the reference's own
    interval at `check_confidence`, makes the reference unusable (`problem`). A metric that
    every run gave identically measured no noise: it keeps the task's `fixed` tolerance
    (`exact`), and the expected value must lie within that tolerance of it.
    """
    seeds = sorted(runs)
    out = ReferenceNoise(n=len(seeds), seeds=seeds, confidence=confidence)
    keys = metric_keys(expected)
    level = per_metric_confidence(confidence, len(keys))
    check = per_metric_confidence(check_confidence, len(keys))
    disagree = []
    for key in keys:
        values = [_value(runs[s], key) for s in seeds]
        bad = [s for s, v in zip(seeds, values, strict=True) if not is_finite_number(v)]
        if bad:
            out.problem = f"reference run(s) with seed {', '.join(map(str, bad))} gave no finite {key}"
            return out
        numbers = [float(v) for v in values]
        ref = float(_value(expected, key))
        if max(numbers) == min(numbers):
            out.exact.append(key)
            if not within(ref, numbers[0], tolerance_for(fixed, *key.split("/", 1))):
                disagree.append(f"{key} expected {ref:g}, every reference run gave {numbers[0]:g}")
            continue
        out.intervals[key] = prediction_interval(numbers, level)
        wide = prediction_interval(numbers, check)
        if ref not in wide:
            disagree.append(
                f"{key} expected {ref:g}, reference mean {wide.mean:g} (sd {wide.sd:.3g}, "
                f"{check_confidence:.1%} interval [{wide.low:g}, {wide.high:g}])"
            )
    if disagree:
        out.problem = (
            f"the reference disagrees with the expected results beyond its own interval over "
            f"{out.n} runs: " + "; ".join(disagree)
        )
    return out


@dataclass(frozen=True)
class ToleranceBasis:
    """What one task's runs are checked with: the record every execution result carries, the
    intervals that replace the fixed tolerance, or the reason the task cannot be scored."""

    record: ToleranceUsed
    intervals: dict[str, Interval] = field(default_factory=dict)
    problem: str | None = None

    @classmethod
    def fixed(cls, task: Task, why: str) -> ToleranceBasis:
        return cls(ToleranceUsed(source="fixed", why=why, fixed=task.tolerance or Tolerance()))

    @classmethod
    def measured(cls, task: Task, noise: ReferenceNoise) -> ToleranceBasis:
        """The basis N reference runs give; metrics without spread keep the fixed tolerance."""
        fixed = task.tolerance or Tolerance()
        why = f"{noise.n} runs of the task's reference (seeds {noise.seeds[0]}..{noise.seeds[-1]})"
        if noise.problem is None and noise.exact:
            why += (
                f"; {', '.join(noise.exact)} gave the same value in every run (no noise measured: "
                "the command takes no {seed}, or the metric does not depend on it), so the task's "
                "fixed tolerance applies there"
            )
        record = ToleranceUsed(
            source="reference_runs" if noise.intervals else "fixed",
            why=why if noise.problem is None else f"{why}: {noise.problem}",
            fixed=fixed,
            n=noise.n,
            seeds=noise.seeds,
            confidence=noise.confidence,
            method=METHOD,
            intervals={
                k: MetricInterval(mean=i.mean, sd=i.sd, low=i.low, high=i.high)
                for k, i in noise.intervals.items()
            },
        )
        return cls(record, dict(noise.intervals), noise.problem)
