"""Active vs uniform selection of items for human labels: CI width and coverage of the corrected rate.

Simulated runs with a known truth: N judged units in 6 strata (3 agents × 2 subtasks), each
with its own true pass rate. Each unit has a hidden difficulty; the judge errs more often on
hard units, and what the judge shows (disagreement / low confidence, the annotation queue's
`priority`) is a noisy reading of that difficulty. A budget of n labels is drawn

* uniform: every unit with probability n/N, estimate PPI++ (the report's uniform path) and
  the same inverse-probability estimator the active path uses;
* active: `expgrade.annotation_app.queueing.inclusion_probabilities` (strata share the budget, π ∝
  √(floor + priority)), estimate `expgrade.calibration.corrected.active_ppi_mean`.

For each of S simulations: the 95 % CI's width and whether it covers the true pass rate of
the simulated run. Usage: python bench/active_bench.py [--sims 500] [--units 2000] [--budget 200]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from expgrade.annotation_app.queueing import Unit, inclusion_probabilities
from expgrade.calibration.corrected import active_ppi_mean, ppi_mean

STRATA = [(a, s) for a in ("agent-a", "agent-b", "agent-c") for s in ("design", "implementation")]
RATES = np.linspace(0.2, 0.8, len(STRATA))  # true pass rate of each stratum


#: how the judge's errors spread over units: (difficulty Beta(a, b), error = base + scale·d^power)
SCENARIOS = {
    "spread": (1.0, 4.0, 0.02, 0.6, 1.0),  # errors everywhere, somewhat more on hard units
    "concentrated": (0.5, 5.0, 0.01, 0.9, 2.0),  # near-perfect on most units, wrong on a hard tail
}


def simulate(
    rng: np.random.Generator, n_units: int, scenario: str
) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[int]]:
    """(truth, judge verdict, shown priority, stratum index) of one simulated run."""
    a, b, base, scale, power = SCENARIOS[scenario]
    stratum = rng.integers(0, len(STRATA), n_units)
    rate = RATES[stratum]
    truth = (rng.random(n_units) < rate).astype(float)
    difficulty = rng.beta(a, b, n_units)
    wrong = rng.random(n_units) < base + scale * difficulty**power
    # the judge errs towards passing (leniency): a wrong verdict on a failing unit is a pass
    judge = np.where(wrong, np.where(truth == 0, 1.0, rng.random(n_units) < 0.3), truth).astype(float)
    shown = np.clip(difficulty + rng.normal(0, 0.1, n_units), 0, 1)
    return truth, judge, shown, [int(s) for s in stratum]


def one(rng: np.random.Generator, n_units: int, budget: int, scenario: str) -> dict[str, tuple[float, bool]]:
    truth, judge, shown, stratum = simulate(rng, n_units, scenario)
    # the estimators target the expected pass rate of the process that made the run (what a
    # benchmark number claims); with strata drawn uniformly it is the mean of their rates
    target = float(RATES.mean())
    units = [Unit(str(i), STRATA[stratum[i]], 1, float(shown[i])) for i in range(n_units)]
    probs = inclusion_probabilities(units, budget)
    pi_active = np.array([probs[str(i)] for i in range(n_units)])
    pi_uniform = np.full(n_units, budget / n_units)
    out = {}
    for name, pi in (("uniform", pi_uniform), ("active", pi_active)):
        xi = rng.random(n_units) < pi
        est = active_ppi_mean(truth, xi, pi, judge)
        out[name] = (est.ci_high - est.ci_low, est.ci_low <= target <= est.ci_high)
        if name == "uniform":
            plain = ppi_mean(truth[xi], judge[xi], judge[~xi])
            out["uniform, PPI++"] = (plain.ci_high - plain.ci_low, plain.ci_low <= target <= plain.ci_high)
    raw = float(judge.mean())
    out["raw judge rate"] = (0.0, abs(raw - target) < 1e-12)
    out["_bias"] = (raw - target, True)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sims", type=int, default=500)
    ap.add_argument("--units", type=int, default=2000)
    ap.add_argument("--budget", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    print(f"{args.sims} simulations per scenario, {args.units} units, budget {args.budget}, seed {args.seed}")
    print("| scenario | selection | mean 95 % CI width | median width | coverage of the true rate |")
    print("|---|---|---|---|---|")
    for scenario in SCENARIOS:
        rng = np.random.default_rng(args.seed)
        start = time.perf_counter()
        runs = [one(rng, args.units, args.budget, scenario) for _ in range(args.sims)]
        wall = time.perf_counter() - start
        for name in ("uniform, PPI++", "uniform", "active"):
            widths = np.array([r[name][0] for r in runs])
            cover = np.mean([r[name][1] for r in runs])
            print(f"| {scenario} | {name} | {widths.mean():.4f} | {np.median(widths):.4f} | {cover:.3f} |")
        ratio = np.mean([r["active"][0] for r in runs]) / np.mean([r["uniform, PPI++"][0] for r in runs])
        bias = np.mean([r["_bias"][0] for r in runs])
        print(
            f"| {scenario} | active / uniform PPI++ width **{ratio:.3f}** "
            f"| raw bias {bias:+.3f} | {wall:.1f} s | |"
        )


if __name__ == "__main__":
    main()
