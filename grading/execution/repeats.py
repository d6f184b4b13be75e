"""One submission run K times with different seeds (`expgrade grade --repeats K`).

pass^k (every run reproduced: Yao et al., "τ-bench", 2024) asks whether the code reproduces
reliably; pass@k (some run did: Chen et al., 2021) whether it can. Unscorable runs are neither:
a failed decided run settles pass^k as false and a passed one settles pass@k as true; otherwise
an undecided run leaves the value open (None).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

from expgrade.grading.execution.results import is_finite_number
from expgrade.grading.schemas.result import ExecutionRun, MetricSpread, RepeatSummary


def summarise_repeats(runs: Sequence[ExecutionRun], k: int) -> RepeatSummary:
    """pass^k, pass@k and each metric's spread over the runs of one submission."""
    decided = [r.passed for r in runs if r.passed is not None]
    open_runs = len(decided) < k
    passed = sum(decided)
    failed = len(decided) - passed
    pass_all = False if failed else (None if open_runs else True)
    pass_any = True if passed else (None if open_runs else False)
    return RepeatSummary(
        k=k,
        decided=len(decided),
        passed=passed,
        pass_all=pass_all,
        pass_any=pass_any,
        spread=spread([r.measured_results for r in runs]),
    )


def spread(results: Sequence[dict[str, object]]) -> dict[str, MetricSpread]:
    """Per "EXPERIMENT/METRIC": n, mean, sd (None for one value), min and max of the finite values."""
    values: dict[str, list[float]] = {}
    for measured in results:
        for experiment, metrics in measured.items():
            if not isinstance(metrics, dict):
                continue
            for metric, v in metrics.items():
                if is_finite_number(v):
                    values.setdefault(f"{experiment}/{metric}", []).append(float(v))
    return {
        key: MetricSpread(
            n=len(vs),
            mean=math.fsum(vs) / len(vs),
            sd=statistics.stdev(vs) if len(vs) > 1 else None,
            min=min(vs),
            max=max(vs),
        )
        for key, vs in sorted(values.items())
    }
