"""AutoExperiment's pass rule: every experiment's mean relative error within 5 %.

This differs from the execution grader's per-metric tolerance on purpose: AutoExperiment
averages the relative error over an experiment's numeric leaves, so one metric slightly off
can be offset by others spot on. Reporting both lets a reader compare with the paper.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from expgrade.grading.schemas import ExecutionSubtask

AUTOEXPERIMENT_MAX_MEAN_REL_ERROR = 0.05


def _rel_error(expected: float, measured: Any) -> float:
    """Relative error; against an expected 0 the absolute error stands in (no division by 0)."""
    if isinstance(measured, bool) or not isinstance(measured, int | float):
        return float("inf")
    diff = abs(float(measured) - expected)
    return diff / abs(expected) if expected != 0 else diff


def experiment_errors(
    expected: Mapping[str, Mapping[str, float]], measured: Mapping[str, Any]
) -> dict[str, float]:
    """experiment -> mean relative error over its metrics; a missing metric counts as infinite."""
    out: dict[str, float] = {}
    for exp, metrics in expected.items():
        got = measured.get(exp)
        got = got if isinstance(got, Mapping) else {}
        errs = [_rel_error(float(v), got.get(m)) for m, v in metrics.items()]
        out[exp] = sum(errs) / len(errs) if errs else 0.0
    return out


def autoexperiment_pass(
    execution: ExecutionSubtask | None, max_mean_rel_error: float = AUTOEXPERIMENT_MAX_MEAN_REL_ERROR
) -> bool | None:
    """True when every expected experiment is within the bound; None when it cannot be decided."""
    if execution is None or execution.unscorable is not None or not execution.expected_results:
        return None
    errors = experiment_errors(execution.expected_results, execution.measured_results)
    return all(e <= max_mean_rel_error + 1e-12 for e in errors.values())
