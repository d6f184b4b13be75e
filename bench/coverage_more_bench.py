"""Coverage of the intervals bench/coverage_bench.py does not reach (issue 63 item 1), on simulated
benchmarks whose truth is known, with the same draws and summaries (imported from it).

Sections (continuing coverage_bench.py's 1–5):
  6. failure-mode shares (`calibration.failures.failure_calibration`, PPI++ per mode, one mode
     against the rest): truth, the people's share of each mode over every classified run;
  7. pass rates over tasks (`grading.aggregate.intervals.task_interval`: cluster bootstrap on
     ≥ 5 papers, else exact on tasks): results clustered in papers with correlated pass rates;
     truth, the population pass rate the papers are drawn from;
  8. pass^k and pass@k over K seeds per submission (`grading.aggregate.tables.repeats_row`, the
     same `task_interval` over submissions): truth, E[r^K] and E[1 − (1 − r)^K] over the
     submissions' reproduction rates r; Chen's unbiased pass@k over attempts prints no interval;
  9. the alt-test (`calibration.alt_test`): its type-I error, the share of benchmarks where it
     says the judge can replace the annotators when it cannot (at the boundary of its null);
 10. the corrected rate (`corrected.ppi_mean`) on items clustered in tasks, intra-task
     correlation 0.2–0.5, labels a uniform sample of items or the in-order queue stopped
     partway: truth, the items judged (its stated estimand) and, for reference, the population
     of tasks;
 11. the run report's agreement, κ, TPR, TNR (`run_report.cell_summary`): truth, the judge's
     population rates;
 12. `calibrate`'s agreement, TPR and TNR (`analysis._proportions`), Wilson's interval printed
     before against the exact one printed now: exact binomial coverage and mean width, summed
     over every outcome (no draws, so --reps does not apply).

Reruns: `--rerun below` draws every cell of sections 6, 7 and 10 that read below 0.94 again,
`--rerun-draws` times from a new seed, and prints its coverage with a Clopper–Pearson interval;
`--rerun 7:20,10,0.5,0.05 6:2000,10,lenient` names cells instead (the table's key columns).

Usage: .venv/bin/python bench/coverage_more_bench.py [--reps 300] [--sections 6789ABC]
       [--rerun below | CELL ...] [--rerun-draws 2000]
"""

from __future__ import annotations

import argparse
import contextlib
import time
from collections.abc import Callable
from functools import cache
from itertools import product
from typing import Any

import numpy as np
from coverage_bench import JUDGES, _seed, draw, summarise
from scipy.stats import binom

from expgrade.annotation_app.queueing import queue_position
from expgrade.calibration.agreement import cohen_kappa
from expgrade.calibration.alt_test import alt_test
from expgrade.calibration.analysis import _proportions
from expgrade.calibration.corrected import ppi_mean
from expgrade.calibration.failures import failure_calibration, failure_item_id
from expgrade.calibration.run_report import Cell, cell_summary
from expgrade.grading.aggregate.intervals import clopper_pearson, task_interval
from expgrade.grading.estimate import wilson_interval
from expgrade.grading.failures.records import FailureRecord
from expgrade.grading.schemas import LabelRow

#: failure modes and their true shares among failed runs: a common one down to a rare one
MODES = ("setup", "implementation", "execution", "analysis", "reward_hack")
SHARES = np.array([0.45, 0.30, 0.15, 0.095, 0.005])
#: classifier: share named right, and where its errors go (lenient: towards the commonest mode)
CLASSIFIERS = {"good": (0.90, "spread"), "lenient": (0.70, "first"), "adversarial": (0.30, "spread")}


#: a cell's draws by column: (low, high, truth), NaN bounds where nothing was printed
Columns = dict[str, tuple[np.ndarray, np.ndarray, np.ndarray]]
#: a cell that read below 0.94: (section, the cell's key, column)
Flag = tuple[str, tuple[Any, ...], str]
LEVEL = 0.94


def cell(cover: float, printed: float, width: float) -> str:
    """'coverage (printed share) · width', bold below 0.94; '—' where nothing was printed."""
    if not np.isfinite(cover):
        return "—"
    bold = "**" if cover < LEVEL else ""
    shown = f" ({printed:.2f})" if printed < 1 else ""
    return f"{bold}{cover:.3f}{bold}{shown} · {width:.3f}"


#: the classified failed run each simulated one copies (section 6), validated once
BASE_RECORD = FailureRecord(task_id="t", submission_id="s", agent="a", agent_model="m",
                            status="classified", mode=MODES[0], taxonomy="t@1#0")  # fmt: skip


def beta_rates(rng: np.random.Generator, mean: float, icc: float, size: int) -> np.ndarray:
    """Per-cluster rates with mean `mean` whose Bernoulli draws have intra-cluster correlation
    `icc` (Beta with a + b = 1/icc − 1); icc 0: every cluster at `mean`."""
    if icc <= 0:
        return np.full(size, mean)
    s = 1 / icc - 1
    return rng.beta(mean * s, (1 - mean) * s, size)


def classify(rng: np.random.Generator, truth: np.ndarray, kind: str) -> np.ndarray:
    right, errors = CLASSIFIERS[kind]
    k = len(MODES)
    wrong = rng.random(truth.size) >= right
    other = np.where(truth == 0, 1, 0) if errors == "first" else (truth + rng.integers(1, k, truth.size)) % k
    return np.where(wrong, other, truth)


def failure_cell(rng: np.random.Generator, reps: int, runs: int, labels: int, kind: str) -> Columns:
    """Section 6's draws of one row: (low, high, truth) per mode, `reps` draws from `rng`."""
    low, high, truths = (np.full((reps, len(MODES)), np.nan) for _ in range(3))
    for r in range(reps):
        truth = rng.choice(len(MODES), runs, p=SHARES)
        said = classify(rng, truth, kind)
        # copies of one validated record (the fields are the bench's own): validating 2,000
        # records a draw was two thirds of the section's time, and `--rerun` draws thousands
        records = [
            BASE_RECORD.model_copy(update={"task_id": f"t{i}", "mode": MODES[said[i]]}) for i in range(runs)
        ]
        rows = [
            LabelRow(item_id=failure_item_id(f"t{i}", "s"), rater="p", rater_kind="human",
                     label=MODES[truth[i]])
            for i in rng.choice(runs, labels, replace=False)
        ]  # fmt: skip
        out = failure_calibration(records, rows, MODES, n_boot=1)
        for j, m in enumerate(out["per_mode"]):
            c = m["corrected_share"]
            if c["ci_low"] is not None:
                low[r, j], high[r, j] = c["ci_low"], c["ci_high"]
            truths[r, j] = float(np.mean(truth == j))
    return {m: (low[:, j], high[:, j], truths[:, j]) for j, m in enumerate(MODES)}


def failure_shares(reps: int) -> list[Flag]:
    print("## 6. Failure-mode shares (`failures`), labels a uniform sample of the classified runs\n")
    print("coverage (printed share where < 1) · mean width per mode (true share in brackets); "
          f"{reps} draws\n")  # fmt: skip
    head = " | ".join(f"{m} ({s})" for m, s in zip(MODES, SHARES, strict=True))
    print(f"| failed runs | labels | classifier | {head} |")
    print("|---|---|---|" + "---|" * len(MODES))
    flags: list[Flag] = []
    for key in product((200, 2000), (10, 30, 100), CLASSIFIERS):
        rng = np.random.default_rng(_seed((*key, "failures")))
        cols = failure_cell(rng, reps, *key)
        print("| " + " | ".join(map(str, key)) + " | " + _cells("6", key, cols, flags) + " |")
    print()
    return flags


def _cwp(low: np.ndarray, high: np.ndarray, truth: np.ndarray) -> tuple[float, float, float]:
    """(coverage, printed share, width): `summarise`'s figures in `cell`'s order."""
    printed, cover, width = summarise(low, high, truth)
    return cover, printed, width


def _cells(
    section: str,
    key: tuple[Any, ...],
    cols: Columns,
    flags: list[Flag],
    estimand: tuple[str, ...] | None = None,
) -> str:
    """The table's cells of `cols`, ' | '-joined; each column of `estimand` (default: every one)
    that reads below `LEVEL` is added to `flags`, for `--rerun below`."""
    shown = []
    for name, (low, high, truth) in cols.items():
        cover, printed, width = _cwp(low, high, truth)
        if cover < LEVEL and (estimand is None or name in estimand):
            flags.append((section, key, name))
        shown.append(cell(cover, printed, width))
    return " | ".join(shown)


def clustered_outcomes(
    rng: np.random.Generator, clusters: int, per: int, rate: float, icc: float
) -> tuple[np.ndarray, np.ndarray]:
    """0/1 outcomes of `per` units in each of `clusters` clusters, and each unit's cluster."""
    p = np.repeat(beta_rates(rng, rate, icc, clusters), per)
    return (rng.random(p.size) < p).astype(float), np.repeat(np.arange(clusters).astype(str), per)


#: section 7's rates, one column each
TASK_RATES = (0.005, 0.05, 0.2, 0.5)


def task_cell(rng: np.random.Generator, reps: int, papers: int, per: int, icc: float, rate: float) -> Columns:
    """Section 7's draws of one cell: `task_interval` on `papers` papers of `per` results."""
    low, high = np.empty(reps), np.empty(reps)
    for r in range(reps):
        y, c = clustered_outcomes(rng, papers, per, rate, icc)
        e = task_interval(y.tolist(), c.tolist(), seed=r)
        low[r], high[r] = e.ci_low, e.ci_high
    return {f"rate {rate}": (low, high, np.full(reps, rate))}


def task_intervals(reps: int) -> list[Flag]:
    print("## 7. Pass rates over tasks (`task_interval`: ≥ 5 papers bootstrap, else exact on tasks)\n")
    print("Results clustered in papers (ICC: intra-paper correlation of passing); truth: the rate of "
          f"the population the papers are drawn from. {reps} draws per row\n")  # fmt: skip
    print("| papers | results per paper | ICC | " + " | ".join(f"rate {p}" for p in TASK_RATES) + " |")
    print("|---|---|---|" + "---|" * len(TASK_RATES))
    flags: list[Flag] = []
    for papers, (per, icc) in product((3, 5, 10, 20, 50), ((1, 0.0), (10, 0.2), (10, 0.5))):
        row = []
        for rate in TASK_RATES:
            key = (papers, per, icc, rate)
            rng = np.random.default_rng(_seed((*key, "tasks")))
            row.append(_cells("7", key, task_cell(rng, reps, *key), flags))
        print(f"| {papers} | {per} | {icc} | " + " | ".join(row) + " |")
    print()
    return flags


def repeats(reps: int) -> None:
    print("## 8. pass^k and pass@k over K seeds per submission (`--repeats K`)\n")
    print("Each submission reproduces with its own rate r (Beta, spread 0.3); one submission per task, "
          f"tasks one paper each; truth E[r^K] and E[1 − (1 − r)^K]. {reps} draws per row\n")  # fmt: skip
    print("| submissions | K | mean r | pass^k (true) | pass^k | pass@k (true) | pass@k |")
    print("|---|---|---|---|---|---|---|")
    for subs, k, mean in product((10, 30, 100, 200), (3, 5), (0.05, 0.3, 0.7, 0.95)):
        rng = np.random.default_rng(_seed((subs, k, mean, "repeats")))
        many = beta_rates(rng, mean, 0.3, 1_000_000)
        true_all, true_any = float(np.mean(many**k)), float(np.mean(1 - (1 - many) ** k))
        ivs = np.empty((reps, 4))
        clusters = [f"t{i}" for i in range(subs)]
        for r in range(reps):
            passes = rng.random((subs, k)) < beta_rates(rng, mean, 0.3, subs)[:, None]
            a = task_interval(passes.all(axis=1).astype(float).tolist(), clusters, seed=r)
            b = task_interval(passes.any(axis=1).astype(float).tolist(), clusters, seed=r)
            ivs[r] = a.ci_low, a.ci_high, b.ci_low, b.ci_high
        pa = cell(*_cwp(ivs[:, 0], ivs[:, 1], np.full(reps, true_all)))
        pb = cell(*_cwp(ivs[:, 2], ivs[:, 3], np.full(reps, true_any)))
        print(f"| {subs} | {k} | {mean} | {true_all:.3f} | {pa} | {true_any:.3f} | {pb} |")
    print()


def _alt_d(rng: np.random.Generator, n: int, m: int, human: float, judge: float, rate: float) -> tuple:
    """n items, m annotators each right with probability `human`, a judge right with `judge`."""
    truth = (rng.random(n) < rate).astype(int)
    h = np.where(rng.random((n, m)) < human, truth[:, None], 1 - truth[:, None])
    j = np.where(rng.random(n) < judge, truth, 1 - truth)
    return j, h


def _expected_d(m: int, human: float, judge: float, rate: float, epsilon: float) -> float:
    """E[W^h − W^f] − ε for the first annotator, by a large simulation (common random numbers)."""
    rng = np.random.default_rng(0)
    j, h = _alt_d(rng, 400_000, m, human, judge, rate)
    others = h[:, 1:]
    hs = (others == h[:, :1]).mean(axis=1)
    js = (others == j[:, None]).mean(axis=1)
    return float(np.mean(hs >= js) - np.mean(js >= hs)) - epsilon


@cache
def _boundary(m: int, rate: float, epsilon: float) -> float:
    """The judge's accuracy where E[d] = ε (E[d] falls as the accuracy rises), by bisection."""
    lo, hi = 0.0, 1.0
    for _ in range(25):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if _expected_d(m, 0.85, mid, rate, epsilon) > 0 else (lo, mid)
    return (lo + hi) / 2


def alt_type_one(reps: int, epsilon: float = 0.2, q: float = 0.05) -> None:
    print("## 9. Alt-test: type-I error (says the judge can replace the annotators when it cannot)\n")
    print(f"Annotators right with probability 0.85; the judge's accuracy set where E[d] = ε = {epsilon} "
          f"exactly (the boundary of the null, its worst case), found by bisection on 400,000 items. "
          f"Stated level: q = {q} (Benjamini–Yekutieli over the annotators). {reps} draws\n")  # fmt: skip
    print("| items | annotators | pass rate | judge accuracy | passed (ω ≥ 0.5) | any annotator beaten | "
          "per-annotator rejection |")  # fmt: skip
    print("|---|---|---|---|---|---|---|")
    for n, m, rate in product((30, 50, 100, 300), (3, 5), (0.2, 0.5)):
        acc = _boundary(m, rate, epsilon)
        rng = np.random.default_rng(_seed((n, m, rate, "alt")))
        passed = anyone = rejections = 0
        names = [f"a{i}" for i in range(m)]
        for _ in range(reps):
            j, h = _alt_d(rng, n, m, 0.85, acc, rate)
            res = alt_test(j, h, names, epsilon=epsilon, q=q)
            passed += bool(res.passed)
            anyone += any(t.rejected for t in res.annotators)
            rejections += sum(t.rejected for t in res.annotators)
        marks = ["**" if v / reps > q + 2 * np.sqrt(q * (1 - q) / reps) else "" for v in (passed, anyone)]
        print(f"| {n} | {m} | {rate} | {acc:.3f} | {marks[0]}{passed / reps:.3f}{marks[0]} | "
              f"{marks[1]}{anyone / reps:.3f}{marks[1]} | {rejections / reps / m:.3f} |")  # fmt: skip
    print(f"\nbold: above q + 2 Monte-Carlo standard errors ({q} + {2 * np.sqrt(q * (1 - q) / reps):.3f})\n")


def clustered_cell(
    rng: np.random.Generator,
    reps: int,
    items: int,
    per: int,
    icc: float,
    labels: int,
    rate: float,
    jname: str,
) -> Columns:
    """Section 10's draws of one row: `ppi_mean` on a uniform sample of items (against the items
    judged and the population) and on the labels of a person who stopped partway through the
    in-order queue (against the items judged): the first `labels` items of the queue's seeded
    order (`queueing.queue_position`, a seed drawn per benchmark) over items loaded task by task."""
    tpr, fpr = JUDGES[jname]
    keys = [f"t{i // per}/s/c{i % per}" for i in range(items)]  # load order: task after task
    ivs = np.empty((reps, 4))
    truths = np.empty((reps, 2))
    for r in range(reps):
        y, _ = clustered_outcomes(rng, items // per, per, rate, icc)
        f = np.where(y == 1, rng.random(y.size) < tpr, rng.random(y.size) < fpr).astype(float)
        m = np.zeros(y.size, dtype=bool)
        m[rng.choice(y.size, labels, replace=False)] = True
        e = ppi_mean(y[m], f[m], f[~m])
        seed = int(rng.integers(2**31))
        queue = np.argsort([queue_position(seed, k) for k in keys], kind="stable")
        w = np.zeros(y.size, dtype=bool)
        w[queue[:labels]] = True
        t = ppi_mean(y[w], f[w], f[~w])
        ivs[r] = e.ci_low, e.ci_high, t.ci_low, t.ci_high
        truths[r] = y.mean(), rate
    return {
        "uniform: items judged": (ivs[:, 0], ivs[:, 1], truths[:, 0]),
        "uniform: population": (ivs[:, 0], ivs[:, 1], truths[:, 1]),
        "queue stopped partway: items judged": (ivs[:, 2], ivs[:, 3], truths[:, 0]),
    }


def clustered_items(reps: int) -> list[Flag]:
    print("## 10. Corrected pass rate (`ppi_mean`) on items clustered in tasks\n")
    print("Items in tasks of 5 or 20, their truth correlated within a task (ICC); the judge's errors "
          "independent given the truth. Labels: a uniform sample of items, or the first items of the "
          "in-order queue (its seeded random order), as a person who stops partway labels them. "
          "Coverage of the items judged (the stated estimand) and, for reference, "
          f"of the task population's rate. {reps} draws per row\n")  # fmt: skip
    print("| items | per task | ICC | labels | rate | judge | uniform: items judged | uniform: population | "
          "queue stopped partway: items judged |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|---|")
    flags: list[Flag] = []
    for key in product(
        (200, 2000), (5, 20), (0.2, 0.5), (10, 30, 100), (0.05, 0.2, 0.5), ("good", "lenient")
    ):
        items, per, _, labels, _, _ = key
        if labels >= items or (items, labels) == (200, 100) or per * 2 > labels:
            continue
        rng = np.random.default_rng(_seed((*key, "clustered")))
        cols = clustered_cell(rng, reps, *key)
        # the items judged are the interval's estimand; the population is flagged in the table only
        judged = ("uniform: items judged", "queue stopped partway: items judged")
        shown = _cells("A", key, cols, flags, estimand=judged)
        print("| " + " | ".join(map(str, key)) + " | " + shown + " |")
    print()
    return flags


def run_report_agreement(reps: int) -> None:
    print("## 11. Run report: agreement, κ, TPR, TNR of the labelled units (`run_report.cell_summary`)\n")
    print(f"Truth: the judge's population rates. {reps} draws per row\n")
    stats = ("agreement", "kappa", "tpr", "tnr")
    print("| labelled units | true rate | judge | " + " | ".join(stats) + " |")
    print("|---|---|---|" + "---|" * len(stats))
    for labels, rate, jname in product((10, 30, 100), (0.05, 0.2, 0.5), JUDGES):
        tpr, fpr = JUDGES[jname]
        table = np.array([[rate * tpr, rate * (1 - tpr)], [(1 - rate) * fpr, (1 - rate) * (1 - fpr)]])
        true = {"agreement": float(np.trace(table)), "kappa": float(cohen_kappa(table)), "tpr": tpr}
        true["tnr"] = 1 - fpr
        rng = np.random.default_rng(_seed((labels, rate, jname, "run_report")))
        got = {k: np.full((reps, 2), np.nan) for k in stats}
        for r in range(reps):
            truth, said, lab = draw(rng, labels * 3, labels, rate, (tpr, fpr))
            c = Cell()
            for t, s, is_lab in zip(truth, said, lab, strict=True):
                c.add(bool(s), bool(t) if is_lab else None, None)
            out = cell_summary(c, n_boot=1000, confidence=0.95, seed=r, prior=0.15)
            for k in stats:
                if out[k]["ci_low"] is not None:
                    got[k][r] = out[k]["ci_low"], out[k]["ci_high"]
        cells = [cell(*_cwp(got[k][:, 0], got[k][:, 1], np.full(reps, true[k]))) for k in stats]
        print(f"| {labels} | {rate} | {jname} | " + " | ".join(cells) + " |")
    print()


def _exact_coverage(
    interval: Callable[[int, int], tuple[float, float]], n: int, rates: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Coverage and mean width at each rate of an interval for x of n, by the binomial pmf over
    every x: P(low(X) ≤ p ≤ high(X)) and E[high(X) − low(X)], X ~ Bin(n, p)."""
    bounds = np.array([interval(x, n) for x in range(n + 1)])
    pmf = binom.pmf(np.arange(n + 1)[:, None], n, rates[None, :])
    covers = (bounds[:, :1] <= rates[None, :]) & (rates[None, :] <= bounds[:, 1:])
    return (pmf * covers).sum(axis=0), pmf.T @ (bounds[:, 1] - bounds[:, 0])


def _wilson(x: int, n: int) -> tuple[float, float]:
    e = wilson_interval(x, n)
    return e.ci_low, e.ci_high


def _printed(x: int, n: int) -> tuple[float, float]:
    """`calibrate`'s agreement on a table of x agreements of n (TPR and TNR take the same interval)."""
    e = _proportions(np.array([[x, n - x], [0.0, 0.0]]), 0, 0.95)["percent_agreement"]
    return e.ci_low, e.ci_high


def calibrate_exact(reps: int) -> None:
    del reps  # exact: no draws
    rates = np.linspace(0.001, 0.999, 999)
    print("## 12. `calibrate`'s agreement, TPR and TNR: exact coverage, Wilson (before) vs exact (now)\n")
    print("Exact binomial coverage at nominal 0.95, summed over every outcome x of n at each true "
          f"share p of {rates.size} (0.001–0.999 by 0.001); width: E[high − low] at p, averaged over "
          "the grid; ratio: median over the grid of now's width over Wilson's\n")  # fmt: skip
    print("| labels n | Wilson: min coverage (at p) | Wilson: p below 0.94 | exact: min coverage (at p) "
          "| exact: p below 0.94 | mean width Wilson → exact | median width ratio |")  # fmt: skip
    print("|---|---|---|---|---|---|---|")
    shown = {5, 10, 15, 20, 30, 50, 75, 100, 150, 200}
    worst = {"Wilson": (1.0, 0, 0.0), "exact": (1.0, 0, 0.0)}
    below = {"Wilson": 0, "exact": 0}
    ratios = []
    for n in range(5, 201):
        cells = []
        widths = []
        for name, interval in (("Wilson", _wilson), ("exact", _printed)):
            cover, width = _exact_coverage(interval, n, rates)
            i = int(cover.argmin())
            if cover[i] < worst[name][0]:
                worst[name] = (float(cover[i]), n, float(rates[i]))
            below[name] += int((cover < 0.94).any())
            cells += [f"{cover[i]:.3f} ({rates[i]:.3f})", f"{np.mean(cover < 0.94):.1%}"]
            widths.append(width)
        ratio = widths[1] / widths[0]
        ratios.append(ratio)
        if n in shown:
            w = f"{widths[0].mean():.3f} → {widths[1].mean():.3f}"
            print(f"| {n} | " + " | ".join(cells) + f" | {w} | {np.median(ratio):.3f} |")
    every = np.concatenate(ratios)
    for name in worst:
        low, n, p = worst[name]
        print(
            f"\n{name}, n = 5–200: lowest coverage {low:.3f} (n = {n}, p = {p:.3f}); "
            f"below 0.94 somewhere on {below[name]} of 196 n",
            end="",
        )
    print(
        f"\n\nmedian width ratio (exact / Wilson) over every n and p: {np.median(every):.3f} "
        f"(middle 90 %: {np.quantile(every, 0.05):.3f}–{np.quantile(every, 0.95):.3f})\n"
    )


SECTIONS: dict[str, Callable[[int], list[Flag] | None]] = {
    "6": failure_shares,
    "7": task_intervals,
    "8": repeats,
    "9": alt_type_one,
    "A": clustered_items,
    "B": run_report_agreement,
    "C": calibrate_exact,
}
#: the sections whose cells `--rerun` can draw again: (rng, reps, *key) -> columns
CELLS: dict[str, Callable[..., Columns]] = {"6": failure_cell, "7": task_cell, "A": clustered_cell}


def parse_cell(text: str) -> tuple[str, tuple[Any, ...]]:
    """'7:20,10,0.5,0.05' -> ("7", (20, 10, 0.5, 0.05)): a section of CELLS and its cell's key,
    in the order of the table's first columns (section 7: papers, per paper, ICC, rate)."""
    section, _, rest = text.partition(":")
    if section not in CELLS or not rest:
        raise SystemExit(f"--rerun takes SECTION:KEY with SECTION one of {''.join(CELLS)}; got {text!r}")

    def value(v: str) -> Any:
        for kind in (int, float):
            with contextlib.suppress(ValueError):  # not this kind: try the next, else the text
                return kind(v)
        return v

    return section, tuple(value(v) for v in rest.split(","))


def rerun(cells: list[tuple[str, tuple[Any, ...], str | None]], draws: int) -> None:
    """Each cell again on `draws` draws from a new seed (not the stream that flagged it), its
    coverage with the Clopper–Pearson interval of that count: a cell is below level only if its
    rerun coverage is below `LEVEL`. At 200 draws a true 0.95 reads below 0.94 about a quarter of
    the time (Monte-Carlo SE 0.015), so a flag from the table is a reason to look, not a verdict."""
    print(f"## Reruns: {draws} draws each, new seeds\n")
    print("| section | cell | column | printed | coverage [95 % Clopper–Pearson] | mean width | below 0.94 |")
    print("|---|---|---|---|---|---|---|")
    done: dict[tuple[str, tuple[Any, ...]], Columns] = {}
    for section, key, column in cells:
        start = time.perf_counter()
        if (section, key) not in done:
            rng = np.random.default_rng(_seed((*key, section, "rerun")))
            done[section, key] = CELLS[section](rng, draws, *key)
        for name, (low, high, truth) in done[section, key].items():
            if column is not None and name != column:
                continue
            ok = np.isfinite(low) & np.isfinite(high)
            hits = int(np.sum((low[ok] <= truth[ok] + 1e-12) & (truth[ok] <= high[ok] + 1e-12)))
            lo, hi = clopper_pearson(hits, int(ok.sum())) if ok.any() else (np.nan, np.nan)
            cover = hits / max(int(ok.sum()), 1)
            width = float(np.mean(high[ok] - low[ok])) if ok.any() else np.nan
            verdict = "**yes**" if cover < LEVEL else "no"
            print(f"| {section} | {', '.join(map(str, key))} | {name} | {ok.mean():.3f} | "
                  f"{cover:.3f} [{lo:.3f}, {hi:.3f}] | {width:.3f} | {verdict} |", flush=True)  # fmt: skip
        print(f"<!-- {section} {key}: {time.perf_counter() - start:.0f} s -->", flush=True)
    print()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=300)
    ap.add_argument("--sections", help="6 7 8 9, A for 10, B for 11, C for 12 (default: all)")
    ap.add_argument(
        "--rerun",
        nargs="+",
        default=[],
        metavar="CELL",
        help="'below': every cell of --sections (6, 7, A) that read below 0.94, drawn again; or "
        "cells by name, SECTION:KEY (e.g. 7:20,10,0.5,0.05 or 6:2000,10,lenient), --sections then "
        "defaults to none",
    )
    ap.add_argument("--rerun-draws", type=int, default=2000)
    args = ap.parse_args()
    named: list[tuple[str, tuple[Any, ...], str | None]] = [
        (*parse_cell(c), None) for c in args.rerun if c != "below"
    ]
    sections = args.sections
    if sections is None:  # cells named alone: only their reruns
        sections = "" if named and "below" not in args.rerun else "".join(SECTIONS)
    flags: list[Flag] = []
    for key in sections:
        start = time.perf_counter()
        flags += SECTIONS[key](args.reps) or []
        print(f"_{time.perf_counter() - start:.0f} s on this machine; --reps {args.reps}_\n")
    if "below" in args.rerun:
        named += flags
    if named:
        rerun(named, args.rerun_draws)


if __name__ == "__main__":
    main()
