"""Two runs of the same items compared: agreement between them and paired pass-rate differences.

Plain functions in scikit-learn's manner (arrays in, numbers out, inputs checked first), used by
`expgrade compare` (calibration/run_compare.py) and open to a notebook. Items of one task share
its code, its rubric and often its failure, so they are not independent: every interval here
follows the one rule for intervals over tasks (`expgrade.grading.aggregate.intervals`): a
percentile bootstrap that resamples whole tasks (clusters) with replacement where there are
enough tasks for one, else the exact interval on tasks, or none for κ.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from expgrade.calibration.agreement import cohen_kappa
from expgrade.calibration.validation import FloatArray
from expgrade.grading.aggregate.intervals import task_interval, task_statistic
from expgrade.grading.estimate import NAN, Estimate


def _binary(value: Any, name: str) -> np.ndarray:
    a = np.asarray(value)
    if a.ndim != 1:
        raise ValueError(f"{name} must be a 1-d array of 0/1 (fail/pass) verdicts; got shape {a.shape}")
    if a.size and not np.isin(a, (0, 1)).all():
        raise ValueError(f"{name} must hold only 0 (fail) and 1 (pass); found {sorted(set(a.tolist()))[:5]}")
    return a.astype(np.int64)


def _aligned(first: Any, second: Any, clusters: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    a, b = _binary(first, "first"), _binary(second, "second")
    c = np.asarray(clusters, dtype=object)
    if not (a.shape == b.shape == c.shape):
        raise ValueError(
            f"first, second and clusters must be aligned (one entry per item); got lengths "
            f"{a.size}, {b.size} and {c.size}"
        )
    return a, b, c


def _check_bootstrap(n_boot: int, confidence: float) -> None:
    if n_boot < 1:
        raise ValueError(f"n_boot must be at least 1; got {n_boot}")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must lie in (0, 1); got {confidence}")


def cluster_tables(first: Any, second: Any, clusters: Any) -> tuple[FloatArray, list[str]]:
    """Per cluster, the 2×2 table of the two runs' verdicts: (n_clusters, 2, 2) counts with rows the
    first run (0 fail, 1 pass) and columns the second; and the cluster names in that order."""
    a, b, c = _aligned(first, second, clusters)
    names = sorted({str(x) for x in c})
    index = {n: i for i, n in enumerate(names)}
    tables = np.zeros((len(names), 2, 2))
    for x, y, k in zip(a, b, c, strict=True):
        tables[index[str(k)], x, y] += 1
    return tables, names


def paired_agreement(
    first: Any,
    second: Any,
    clusters: Any,
    *,
    n_boot: int = 1000,
    confidence: float = 0.95,
    seed: int = 0,
) -> tuple[Estimate, Estimate]:
    """(Cohen's κ, percent agreement) between two runs' verdicts on the same items, each with the
    interval over tasks (`clusters`) that the tasks support.

    first, second: 0/1 (fail/pass) verdicts of the same items, aligned; clusters: each item's task.
    With c the 2×2 table of the items (rows: first run, columns: second) and n = Σ c,
    p_o = (c_00 + c_11) / n and κ = (p_o − p_e) / (1 − p_e), p_e = Σ_i r_i·q_i from each run's own
    pass and fail shares (Cohen 1960; equal to scikit-learn's `cohen_kappa_score(first, second)`).
    κ's interval: each bootstrap replicate draws as many tasks as there are, with replacement, and
    sums their tables (Field & Welsh 2007, the cluster bootstrap); κ is NaN where both runs give
    one verdict to everything (p_e = 1), and such replicates are left out; with too few tasks, or
    replicates that never vary, there is no interval (`task_statistic`). Percent agreement is a
    rate over items, so it takes `task_interval` (exact on tasks where the bootstrap cannot serve).

    Cohen, J. (1960). A coefficient of agreement for nominal scales. Educational and
    Psychological Measurement 20(1), 37–46. Field, C. A. & Welsh, A. H. (2007). Bootstrapping
    clustered data. JRSS B 69(3), 369–390.
    """
    _check_bootstrap(n_boot, confidence)
    tables, _ = cluster_tables(first, second, clusters)
    if not len(tables):
        return Estimate(NAN, NAN, NAN, 0, 0), Estimate(NAN, NAN, NAN, 0, 0)
    total = tables.sum(axis=0)
    draws = np.random.default_rng(seed).integers(0, len(tables), size=(n_boot, len(tables)))
    n, k = int(total.sum()), len(tables)
    kappa = task_statistic(
        float(cohen_kappa(total)), cohen_kappa(tables[draws].sum(axis=1)), n, k, confidence
    )
    a, b, c = _aligned(first, second, clusters)
    agreement = task_interval(
        (a == b).astype(float).tolist(), [str(x) for x in c], n_boot=n_boot, confidence=confidence, seed=seed
    )
    return kappa, agreement


def paired_difference(
    first: Any,
    second: Any,
    clusters: Any,
    *,
    n_boot: int = 1000,
    confidence: float = 0.95,
    seed: int = 0,
) -> Estimate:
    """The pass-rate difference second − first over the same results, with its interval over tasks.

    first, second: 0/1 verdicts of the same results (one agent's submissions) in the two runs;
    clusters: each result's task. The point is mean(second_i − first_i) = p_second − p_first over
    the pairs; each replicate resamples whole tasks with replacement and takes the ratio mean of
    the drawn pairs, so the pairing (the same submission in both runs) and the tasks'
    correlation both stay in the interval (Efron & Tibshirani 1993, §6; Field & Welsh 2007). On
    fewer tasks than that bootstrap can use, the exact interval on tasks over [−1, 1]
    (`expgrade.grading.aggregate.intervals.task_interval`): two tasks never exclude 0.
    """
    _check_bootstrap(n_boot, confidence)
    a, b, c = _aligned(first, second, clusters)
    diffs: Sequence[float] = (b - a).astype(float).tolist()
    return task_interval(
        diffs, [str(x) for x in c], bounds=(-1.0, 1.0), n_boot=n_boot, confidence=confidence, seed=seed
    )
