"""Each detector's measured precision, and which are `candidate`s (off by default).

A finding accuses an agent, so a detector fires by default only where it was measured right on
real runs often enough: precision >= PRECISION_GOAL on the held-out split of the labelled set
(issue 61; bench/failures_bench.py, bench/failures.md). Below it, or where it fired only on runs
that passed, it is a `candidate`: `expgrade failures analyze --candidates` (the API's
`candidates=True`) turns it on and every finding it makes says so. A detector that never fired
on the set has no measurement and stays on: nothing measured speaks against it, and the table
says it was not measured. The figures are data copied from the bench's holdout run, so a change
to a detector is followed by a new bench run and a new table.
"""

from __future__ import annotations

from dataclasses import dataclass

from expgrade.grading.estimate import Estimate, wilson_interval

#: The precision a detector must reach on held-out real runs to fire by default (issue 61).
PRECISION_GOAL = 0.90
#: Where the figures come from.
MEASURED_ON = "bench/failures.md: the holdout split of bench/failures_labelled/ (97 real runs, 7 harnesses)"


@dataclass(frozen=True)
class Measured:
    """One detector → mode pair on the held-out runs: how often it fired on runs that failed,
    how many of those the person's label agrees with, and its alarms on runs that passed."""

    fired: int
    right: int
    passing_alarms: int
    passing: int

    @property
    def precision(self) -> Estimate | None:
        return wilson_interval(self.right, self.fired) if self.fired else None

    @property
    def candidate(self) -> bool:
        if not self.fired:
            return self.passing_alarms > 0  # it fired only on runs that passed
        return self.right / self.fired < PRECISION_GOAL

    def describe(self) -> str:
        est = self.precision
        if est is None:
            shown = "— (never fired on a failed held-out run)"
        else:
            low, high = max(est.ci_low, 0.0), min(est.ci_high, 1.0)  # Wilson's bounds, less float noise
            shown = f"{est.value:.2f} [{low:.2f}, {high:.2f}] ({self.right}/{self.fired})"
        return f"{shown}; fired on {self.passing_alarms} of {self.passing} passing runs"


#: (detector, mode) -> its figures on the holdout split (bench/failures.md, "Per detector").
MEASURED: dict[tuple[str, str], Measured] = {
    ("git_history", "results_unsupported"): Measured(1, 0, 2, 50),
    ("install", "environment_setup"): Measured(2, 2, 4, 50),
    ("limit", "out_of_budget"): Measured(3, 3, 0, 50),
    ("mock_data", "experiment_not_run"): Measured(0, 0, 1, 50),
    ("no_run", "experiment_not_run"): Measured(4, 1, 6, 50),
    ("repeated", "code_error"): Measured(2, 0, 4, 50),
    ("traceback", "code_error"): Measured(12, 1, 15, 50),
    ("traceback", "environment_setup"): Measured(13, 4, 14, 50),
}


def is_candidate(detector: str, mode: str) -> bool:
    """Whether findings of `detector` naming `mode` are off by default (measured below the goal)."""
    measured = MEASURED.get((detector, mode))
    return measured is not None and measured.candidate


def precision_rows() -> list[tuple[str, str, str, str]]:
    """(detector, mode, measured precision with its interval, default) per measured pair, for
    `expgrade failures taxonomy` and docs/failures.md."""
    return [
        (det, mode, m.describe(), "candidate" if m.candidate else "on")
        for (det, mode), m in sorted(MEASURED.items())
    ]
