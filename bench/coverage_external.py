"""The other packages' intervals on coverage_bench.py's draws, run in their own virtual environment.

fewhumans and cje-eval are not expgrade dependencies, so they live in a separate venv
(`python3 -m venv /work/benchvenv && /work/benchvenv/bin/pip install cje-eval fewhumans ppi_python`);
coverage_bench.py writes each regime's draws to an .npz and runs this script with that venv's
Python: `python coverage_external.py DRAWS.npz OUT.npz [--cje-reps K]`. DRAWS holds, per regime
KEY, `KEY_truth`, `KEY_judge` and `KEY_labelled` (draws × items); OUT gets `KEY_fewhumans_low`,
`KEY_fewhumans_high`, `KEY_cje_low`, `KEY_cje_high`: each draw's 95 % interval (NaN where the
package gave none or raised; cje-eval on the first K draws only).
"""

from __future__ import annotations

import argparse
import contextlib
import warnings

import numpy as np


def _regime(
    key: str, truth: np.ndarray, judge: np.ndarray, labelled: np.ndarray, cje_reps: int
) -> dict[str, np.ndarray]:
    """Each package's 95 % interval on every draw of one regime (NaN where it gave none)."""
    from cje import calibrated_mean_ci
    from fewhumans.estimators.pp_plus import ppi_plus_mean

    reps = truth.shape[0]
    out = {f"{key}_{k}_{e}": np.full(reps, np.nan) for k in ("fewhumans", "cje") for e in ("low", "high")}
    for r in range(reps):
        y, f, m = truth[r], judge[r], labelled[r]
        # A package that refuses a draw prints no interval for it: the row stays NaN, counted
        # apart as "printed share" in the bench's table, never as a miss.
        with contextlib.suppress(ValueError):
            est = ppi_plus_mean(f[~m], y[m], f[m], confidence=0.95)
            out[f"{key}_fewhumans_low"][r], out[f"{key}_fewhumans_high"][r] = est.lo, est.hi
        if r < cje_reps:
            with contextlib.suppress(Exception), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                res = calibrated_mean_ci(f, np.where(m, y, np.nan), alpha=0.05)
                out[f"{key}_cje_low"][r], out[f"{key}_cje_high"][r] = res.ci
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("draws")
    ap.add_argument("out")
    ap.add_argument("--cje-reps", type=int, default=100)
    args = ap.parse_args()
    out: dict[str, np.ndarray] = {}
    with np.load(args.draws) as d:
        for key in sorted({k.rsplit("_", 1)[0] for k in d.files}):
            out.update(
                _regime(key, d[f"{key}_truth"], d[f"{key}_judge"], d[f"{key}_labelled"], args.cje_reps)
            )
    np.savez(args.out, **out)  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
