"""Coverage and width of the intervals expgrade prints, on simulated benchmarks whose truth is known.

An interval's promise is its coverage: over many benchmarks, a 95 % interval holds the truth
95 % of the time. Each row simulates `--reps` benchmarks (items judged, a few labelled by people)
and counts how often the printed interval holds the truth, and how wide it is on average.
Estimands (docs/calibration.md): the corrected rate and the agent differences are the pass
rate of *the items judged* (the truth is the people's mean over every judged item, labelled or
not); agreement, κ, TPR, TNR are the judge's rates on the population the labelled items are a
random sample of (the truth is the simulating probability).

Sections:
  1. corrected pass rate on a plain random sample of labels: expgrade's PPI++ (`ppi_mean`) and
     Rogan–Gladen (`rogan_gladen`, as `calibrate` computes it), ppi_py's plain PPI++
     (`ppi_mean_ci`), fewhumans's PPI++ with a t quantile and cje-eval's calibration-aware
     interval (both run on the same draws from a separate venv, `coverage_external.py`), the
     labels' own Wilson interval for reference;
  2. corrected pass rate on the active (inverse-probability weighted) draw (`active_ppi_mean`);
  3. corrected agent-vs-agent differences, paired by task (`comparisons.compare_pair`);
  4. agreement, TPR and κ against the gold label as `calibrate` prints them, and κ alone on more
     draws (the same `kappa_interval`) beside the percentile bootstrap it replaced;
  5. the anytime-valid sequence (`sequential`) under optional stopping, beside the fixed-n
     interval watched after every label.
A regime's coverage counts only draws where an interval was printed ("printed" column: share of
draws with one; without one the report says "too few labels"). Monte-Carlo error of a coverage
near 0.95 over R draws is about ±2·√(0.05·0.95/R): ±0.025 at R = 300.

Usage: .venv/bin/python bench/coverage_bench.py [--reps 300] [--external-reps 100]
       [--benchvenv /work/benchvenv] [--sections 12345] [--judges lenient] [--agreement-reps R]
       [--kappa-reps 1000]
(prints Markdown; bench/coverage.md holds the sections pasted in, with how each was run)
"""

from __future__ import annotations

import argparse
import subprocess
import tempfile
import time
import zlib
from collections.abc import Callable
from itertools import product
from pathlib import Path
from typing import Literal

import numpy as np
from ppi_py import ppi_mean_ci

from expgrade.calibration.agreement import cohen_kappa, kappa_interval
from expgrade.calibration.analysis import calibrate
from expgrade.calibration.bootstrap import estimate as percentile_estimate
from expgrade.calibration.bootstrap import resample_table
from expgrade.calibration.comparisons import compare_pair
from expgrade.calibration.corrected import active_ppi_mean, ppi_mean, rogan_gladen
from expgrade.calibration.sequential import bounded_mean_sequence
from expgrade.grading.estimate import Estimate, wilson_interval
from expgrade.grading.schemas import LabelRow

HERE = Path(__file__).resolve().parent
#: judge (TPR, FPR): good, lenient (passes most failures), adversarial (worse than chance)
JUDGES = {"good": (0.90, 0.05), "lenient": (0.95, 0.40), "adversarial": (0.30, 0.70)}
ISSUE_ROWS = [
    (100, 30, 0.55, (0.92, 0.45)),
    (200, 20, 0.15, (0.95, 0.05)),
    (200, 20, 0.10, (0.80, 0.10)),
    (200, 50, 0.10, (0.80, 0.10)),
    (400, 10, 0.50, (0.90, 0.10)),
    (1000, 100, 0.05, (0.90, 0.05)),
]

Interval = tuple[float, float]
HUMAN: Literal["human"] = "human"
JUDGE: Literal["judge"] = "judge"


def _seed(*key: object) -> int:
    """A seed per regime that is the same in every process (str hashes are salted per process)."""
    return zlib.crc32(repr(key).encode())


def draw(
    rng: np.random.Generator, items: int, labels: int, rate: float, judge: tuple[float, float]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """People's verdict and the judge's on every item, and a uniform sample of labelled items."""
    tpr, fpr = judge
    truth = (rng.random(items) < rate).astype(float)
    said = np.where(truth == 1, rng.random(items) < tpr, rng.random(items) < fpr).astype(float)
    labelled = np.zeros(items, dtype=bool)
    labelled[rng.choice(items, labels, replace=False)] = True
    return truth, said, labelled


def _pair(e: Estimate) -> Interval:
    return e.ci_low, e.ci_high


def rogan_gladen_of(y: np.ndarray, f: np.ndarray, m: np.ndarray) -> Interval:
    """Rogan–Gladen as `calibrate` computes it: TPR/TNR on the labels, p on every judged item."""
    yl, fl = y[m], f[m]
    pos, neg = yl == 1, yl == 0
    if not pos.any() or not neg.any():
        return np.nan, np.nan
    est = rogan_gladen(
        float(f.mean()),
        f.size,
        float(fl[pos].mean()),
        int(pos.sum()),
        float(1 - fl[neg].mean()),
        int(neg.sum()),
    )
    return _pair(est)


def _ppi_py(y: np.ndarray, f: np.ndarray, fu: np.ndarray) -> Interval:
    low, high = ppi_mean_ci(y, f, fu, alpha=0.05)
    return float(low[0]), float(high[0])


METHODS: dict[str, Callable[[np.ndarray, np.ndarray, np.ndarray], Interval]] = {
    "expgrade PPI++": lambda y, f, m: _pair(ppi_mean(y[m], f[m], f[~m])),
    "expgrade Rogan–Gladen": rogan_gladen_of,
    "ppi_py PPI++": lambda y, f, m: _ppi_py(y[m], f[m], f[~m]),
    "labels' Wilson": lambda y, f, m: _pair(wilson_interval(float(y[m].sum()), int(m.sum()))),
}


def summarise(lows: np.ndarray, highs: np.ndarray, truths: np.ndarray) -> tuple[float, float, float]:
    """(share printed, coverage among printed, mean width among printed)."""
    ok = np.isfinite(lows) & np.isfinite(highs)
    if not ok.any():
        return 0.0, float("nan"), float("nan")
    cover = (lows[ok] <= truths[ok] + 1e-12) & (truths[ok] <= highs[ok] + 1e-12)
    return float(ok.mean()), float(cover.mean()), float((highs[ok] - lows[ok]).mean())


def external(draws: dict[str, tuple[np.ndarray, ...]], venv: Path, cje_reps: int) -> dict[str, np.ndarray]:
    """fewhumans and cje-eval on the same draws (regime key -> (truth, judge, labelled)), run once
    by the other venv's Python; {} if that venv is absent."""
    python = venv / "bin" / "python"
    if not python.exists():
        return {}
    arrays = {
        f"{k}_{part}": a
        for k, d in draws.items()
        for part, a in zip(("truth", "judge", "labelled"), d, strict=True)
    }
    with tempfile.TemporaryDirectory() as tmp:
        np.savez(Path(tmp) / "draws.npz", **arrays)  # type: ignore[arg-type]
        subprocess.run(
            [str(python), str(HERE / "coverage_external.py"), f"{tmp}/draws.npz", f"{tmp}/out.npz",
             "--cje-reps", str(cje_reps)],
            check=True,
        )  # fmt: skip
        with np.load(Path(tmp) / "out.npz") as got:
            return {k: got[k] for k in got.files}


def corrected_rates(reps: int, ext_reps: int, venv: Path, judges: str = "") -> None:
    """Section 1; `judges` (comma-separated names of JUDGES) keeps only those rows of the grid, to
    rerun a few rows on more draws (each row's draws are a prefix of the same seeded stream)."""
    names = [*METHODS, "fewhumans PPI++ (t)", "cje-eval"]
    keep = judges.split(",") if judges else list(JUDGES)
    regimes = [] if judges else [(i, n, p, f"{j[0]:.2f}/{j[1]:.2f}", j) for i, n, p, j in ISSUE_ROWS]
    regimes += [
        (items, labels, rate, name, JUDGES[name])
        for items, labels, rate, name in product((200, 2000), (10, 30, 100), (0.005, 0.05, 0.2, 0.5), keep)
    ]
    draws: dict[str, tuple[np.ndarray, ...]] = {}
    cells: dict[str, list[tuple[str, float, float, float]]] = {}
    for k, (items, labels, rate, jname, judge) in enumerate(regimes):
        rng = np.random.default_rng(_seed((items, labels, rate, jname)))
        made = [draw(rng, items, labels, rate, judge) for _ in range(reps)]
        key = f"r{k}"
        draws[key] = tuple(np.array([d[part] for d in made]) for part in range(3))
        truths = draws[key][0].mean(axis=1)
        cells[key] = []
        for name, fn in METHODS.items():
            ivs = np.array([fn(*d) for d in made], dtype=float)
            cells[key].append((name, *summarise(ivs[:, 0], ivs[:, 1], truths)))
    ext = external(draws, venv, ext_reps)
    print("## 1. Corrected pass rate, labels a uniform random sample\n")
    print("coverage (printed share where < 1) · mean width; nominal 0.95; "
          f"{reps} draws per row, cje-eval on the first {ext_reps}\n")  # fmt: skip
    print("| items | labels | true rate | judge | " + " | ".join(names) + " |")
    print("|---|---|---|---|" + "---|" * len(names))
    worst: dict[str, float] = {}
    for k, (items, labels, rate, jname, _) in enumerate(regimes):
        key = f"r{k}"
        truths = draws[key][0].mean(axis=1)
        row_cells = list(cells[key])
        for part, name in (("fewhumans", "fewhumans PPI++ (t)"), ("cje", "cje-eval")):
            if ext:
                run = slice(None, ext_reps if part == "cje" else None)  # cje-eval ran on the first draws only
                low, high = ext[f"{key}_{part}_low"][run], ext[f"{key}_{part}_high"][run]
                row_cells.append((name, *summarise(low, high, truths[run])))
            else:
                row_cells.append((name, 0.0, float("nan"), float("nan")))
        row = []
        for name, printed, cover, width in row_cells:
            if labels >= 10 and np.isfinite(cover):
                worst[name] = min(worst.get(name, 1.0), cover)
            if not np.isfinite(cover):
                row.append("—")
                continue
            bold = "**" if cover < 0.94 else ""
            shown = f" ({printed:.2f})" if printed < 1 else ""
            row.append(f"{bold}{cover:.3f}{bold}{shown} · {width:.3f}")
        print(f"| {items} | {labels} | {rate} | {jname} | " + " | ".join(row) + " |")
    print("\nlowest coverage over these rows: " + ", ".join(f"{k} {v:.3f}" for k, v in worst.items()) + "\n")


def active(reps: int) -> None:
    """Labels drawn with π ∝ √(0.1 + shown doubt), the doubt higher where the judge is wrong."""
    print("## 2. Corrected pass rate, active (inverse-probability weighted) draw\n")
    print("| items | expected labels | true rate | judge | coverage | mean width |")
    print("|---|---|---|---|---|---|")
    for items, budget, rate, jname in product(
        (500, 2000), (20, 50, 200), (0.05, 0.2, 0.5), ("good", "lenient")
    ):
        rng = np.random.default_rng(_seed((items, budget, rate, jname, "active")))
        lows, highs, truths = np.empty(reps), np.empty(reps), np.empty(reps)
        for r in range(reps):
            truth, said, _ = draw(rng, items, 1, rate, JUDGES[jname])
            doubt = np.clip(0.6 * (truth != said) + rng.random(items) * 0.4, 0, 1)
            weight = np.sqrt(0.1 + doubt)
            pi = np.clip(budget * weight / weight.sum(), 1e-6, 1.0)
            xi = rng.random(items) < pi
            est = active_ppi_mean(truth, xi, pi, said)
            lows[r], highs[r], truths[r] = est.ci_low, est.ci_high, truth.mean()
        _, cover, width = summarise(lows, highs, truths)
        bold = "**" if cover < 0.94 else ""
        print(f"| {items} | {budget} | {rate} | {jname} | {bold}{cover:.3f}{bold} | {width:.3f} |")
    print()


def differences(reps: int) -> None:
    """Two agents on the same tasks (one unit each), a uniform sample of tasks labelled for both."""
    print("## 3. Corrected agent-vs-agent difference (compare), paired by task\n")
    print("| tasks | labelled tasks | rates A, B | judge | coverage (printed) | mean width |")
    print("|---|---|---|---|---|---|")
    for tasks, labels, rates, jname in product(
        (50, 300), (10, 30), ((0.2, 0.3), (0.05, 0.05), (0.5, 0.3)), JUDGES
    ):
        if labels > tasks:
            continue
        rng = np.random.default_rng(_seed((tasks, labels, rates, jname, "diff")))
        lows, highs, truths = np.full(reps, np.nan), np.full(reps, np.nan), np.empty(reps)
        for r in range(reps):
            ta, fa, lab = draw(rng, tasks, labels, rates[0], JUDGES[jname])
            tb, fb, _ = draw(rng, tasks, labels, rates[1], JUDGES[jname])
            agent = np.repeat(["a", "b"], tasks)
            task = np.tile(np.arange(tasks).astype(str), 2)
            human = np.concatenate([np.where(lab, ta, np.nan), np.where(lab, tb, np.nan)])
            p = compare_pair(agent, task, np.concatenate([fa, fb]), human, "a", "b")
            lows[r], highs[r], truths[r] = p.difference.ci_low, p.difference.ci_high, ta.mean() - tb.mean()
        printed, cover, width = summarise(lows, highs, truths)
        bold = "**" if cover < 0.94 else ""
        shown = f"{bold}{cover:.3f}{bold} ({printed:.2f})"
        print(f"| {tasks} | {labels} | {rates[0]}, {rates[1]} | {jname} | {shown} | {width:.3f} |")
    print()


def agreement(reps: int, resamples: int = 1000) -> None:
    """`calibrate` on n labelled items (one person, one judge): its agreement, TPR and κ intervals
    against the population values of the simulating process; `resamples` as `calibrate`'s
    default (`--bootstrap 1000`), since a 2.5 % percentile of 200 resamples is itself noisy."""
    print("## 4. Agreement, TPR and κ as `calibrate` prints them\n")
    print("| labelled items | true rate | judge | agreement | TPR | κ |")
    print("|---|---|---|---|---|---|")
    for labels, rate, jname in product((10, 30, 100), (0.2, 0.5), ("good", "lenient")):
        tpr, fpr = JUDGES[jname]
        table = np.array([[rate * tpr, rate * (1 - tpr)], [(1 - rate) * fpr, (1 - rate) * (1 - fpr)]])
        true = {
            "percent_agreement": float(np.trace(table)),
            "tpr": tpr,
            "cohen_kappa": float(cohen_kappa(table)),
        }
        rng = np.random.default_rng(_seed((labels, rate, jname, "agree")))
        got: dict[str, list[Interval]] = {k: [] for k in true}
        for _ in range(reps):
            truth, said, _ = draw(rng, labels, 1, rate, JUDGES[jname])
            rows = [
                LabelRow(item_id=str(i), rater=kind, rater_kind=kind, label="pass" if v else "fail")
                for kind, verdicts in ((HUMAN, truth), (JUDGE, said))
                for i, v in enumerate(verdicts)
            ]
            report = calibrate(rows, n_resamples=resamples, seed=int(rng.integers(1 << 30)))
            stats = next(r.statistics for r in report.judges if r.subtask is None and r.criterion is None)
            for k in true:
                got[k].append(_pair(stats[k]) if k in stats else (np.nan, np.nan))
        cells = []
        for k, value in true.items():
            ivs = np.array(got[k], dtype=float)
            printed, cover, width = summarise(ivs[:, 0], ivs[:, 1], np.full(reps, value))
            bold = "**" if cover < 0.94 else ""
            cells.append(f"{bold}{cover:.3f}{bold} ({printed:.2f}) · {width:.3f}")
        print(f"| {labels} | {rate} | {jname} | " + " | ".join(cells) + " |")
    print()


def kappa_alone(reps: int, resamples: int = 1000) -> None:
    """κ's interval as `calibrate` makes it (`kappa_interval` on `resamples` item-bootstrap
    tables), beside the percentile bootstrap it replaced, on the same draws: enough draws per row
    to tell 0.93 from 0.95, which the whole `calibrate` run above cannot afford."""
    print(f"κ alone, {reps} draws per row, {resamples} resamples; coverage over the draws where κ is")
    print("defined (its share: 'κ defined') and an interval printed (share of those in brackets)\n")
    print("| labelled items | true rate | judge | true κ | κ defined | expgrade κ | "
          "percentile bootstrap (before) |")  # fmt: skip
    print("|---|---|---|---|---|---|---|")
    for labels, rate, jname in product((10, 20, 30, 100), (0.05, 0.2, 0.5), JUDGES):
        tpr, fpr = JUDGES[jname]
        cells = np.array([rate * tpr, rate * (1 - tpr), (1 - rate) * fpr, (1 - rate) * (1 - fpr)])
        true = float(cohen_kappa(cells.reshape(2, 2)))
        rng = np.random.default_rng(_seed((labels, rate, jname, "kappa")))
        got: dict[str, list[Interval]] = {"new": [], "old": []}
        for _ in range(reps):
            table = rng.multinomial(labels, cells).reshape(2, 2).astype(float)
            point = float(cohen_kappa(table))
            if not np.isfinite(point):
                continue
            resampled = cohen_kappa(resample_table(table, resamples, rng))
            got["new"].append(_pair(kappa_interval(table, resampled, 0.95, rng)))
            got["old"].append(_pair(percentile_estimate(point, resampled, 0.95)))
        row = []
        for ivs in (np.array(got[k], dtype=float).reshape(-1, 2) for k in ("new", "old")):
            printed, cover, width = summarise(ivs[:, 0], ivs[:, 1], np.full(len(ivs), true))
            bold = "**" if cover < 0.94 else ""
            row.append(f"{bold}{cover:.3f}{bold} ({printed:.2f}) · {width:.3f}" if printed else "—")
        defined = len(got["new"]) / reps
        print(f"| {labels} | {rate} | {jname} | {true:.3f} | {defined:.2f} | " + " | ".join(row) + " |")
    print()


def optional_stopping(reps: int, max_labels: int = 400, target: float = 0.05) -> None:
    """Label in random order, look after every label, stop at ± `target` (or `max_labels`)."""
    print("## 5. Stopping when it looks good: anytime-valid sequence vs the fixed-n interval watched\n")
    print(f"Labels in random order, checked after every label from the 10th; stop once ± {target}. "
          "Coverage of the interval shown when stopping (the sequence also: at every step).\n")  # fmt: skip
    print("| items | true rate | judge | sequence: cover at stop · at every step | labels at stop (median) | "
          "fixed-n PPI++ watched: cover at stop | labels at stop (median) |")  # fmt: skip
    print("|---|---|---|---|---|---|---|")
    for items, rate, jname in product((2000,), (0.05, 0.2, 0.5), ("good", "lenient")):
        rng = np.random.default_rng(_seed((items, rate, jname, "stop")))
        cs_stop = cs_all = fixed_stop = 0
        cs_n, fixed_n = [], []
        for _ in range(reps):
            truth, said, _ = draw(rng, items, 1, rate, JUDGES[jname])
            order = rng.permutation(items)[:max_labels]
            target_value, base = truth.mean(), said.mean()
            low, high = bounded_mean_sequence((truth[order] - said[order] + 1) / 2)
            lo, hi = np.maximum(0, base + 2 * low - 1), np.minimum(1, base + 2 * high - 1)
            held = (lo <= target_value) & (target_value <= hi)
            cs_all += bool(held.all())
            narrow = np.flatnonzero((hi - lo) / 2 <= target)
            t = int(narrow[0]) if narrow.size else max_labels - 1
            cs_stop += bool(held[t])
            cs_n.append(t + 1)
            for k in range(10, max_labels + 1):
                rest = np.ones(items, dtype=bool)
                rest[order[:k]] = False
                e = ppi_mean(truth[order[:k]], said[order[:k]], said[rest])
                if (e.ci_high - e.ci_low) / 2 <= target or k == max_labels:
                    fixed_stop += e.ci_low <= target_value <= e.ci_high
                    fixed_n.append(k)
                    break
        sequence = f"{cs_stop / reps:.3f} · {cs_all / reps:.3f} | {int(np.median(cs_n))}"
        fixed = f"{fixed_stop / reps:.3f} | {int(np.median(fixed_n))}"
        print(f"| {items} | {rate} | {jname} | {sequence} | {fixed} |")
    print()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=300)
    ap.add_argument("--external-reps", type=int, default=100)
    ap.add_argument("--benchvenv", type=Path, default=Path("/work/benchvenv"))
    ap.add_argument("--sections", default="12345")
    ap.add_argument("--agreement-reps", type=int, help="draws per row of section 4 (default: reps / 3)")
    ap.add_argument("--judges", default="", help="section 1: only these judges' rows (e.g. lenient)")
    ap.add_argument("--kappa-reps", type=int, default=1000, help="draws per row of section 4's κ table")
    args = ap.parse_args()
    start = time.perf_counter()
    print("# Coverage of expgrade's intervals (bench/coverage_bench.py)\n")
    if "1" in args.sections:
        corrected_rates(args.reps, args.external_reps, args.benchvenv, args.judges)
    if "2" in args.sections:
        active(args.reps)
    if "3" in args.sections:
        differences(args.reps)
    if "4" in args.sections:
        agreement(args.agreement_reps or max(50, args.reps // 3))
        kappa_alone(args.kappa_reps)
    if "5" in args.sections:
        optional_stopping(max(50, args.reps // 3))
    print(f"_{time.perf_counter() - start:.0f} s on this machine; --reps {args.reps}_")


if __name__ == "__main__":
    main()
