"""Calibration benchmark: 10 judges × 100,000 items × 1,000 bootstrap resamples.

Measures, in one run on one machine:
  0. `expgrade calibrate LABELS.parquet --out DIR` as a user runs it (a fresh process: start-up,
     reading and checking the 1.3-million-row Parquet table, every statistic, writing report.json,
     details.json, report.md and report.html): wall-clock and CPU seconds, target < 10 s; then
     the stages in this process (reading, `calibrate_frame`, writing), and the row-by-row reader
     that `calibrate` used before (one pydantic model per row), timed on 100,000 rows and
     extrapolated;
  1. `calibrate_frame` end to end on a 1.3-million-row label frame (3 humans + 10 judges per
     item): every statistic with its bootstrap interval, human ceiling, bias checks, corrected
     scores, alt-test, leaderboard;
  2. the judge-vs-gold bootstrap alone (the vectorised multinomial path);
  3. the naive baseline — per resample, draw 100,000 item indices and call scikit-learn's
     `cohen_kappa_score` and `krippendorff.alpha` once per judge — timed on a subsample of
     resamples and extrapolated to 1,000 (running it in full would take hours). The baseline
     computes only two statistics where the vectorised path computes eleven, so the ratio
     understates the speed-up.
Optionally (`--with-io`) also writing the report folder.

Usage: .venv/bin/python bench/calibration_bench.py [--items N] [--judges J] [--resamples B]
                                                   [--loop-resamples L] [--with-io]
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import krippendorff
import numpy as np
import pandas as pd
from sklearn.metrics import cohen_kappa_score

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

from expgrade.calibration.agreement import confusion_matrix, confusion_statistics
from expgrade.calibration.analysis import calibrate_frame
from expgrade.calibration.bootstrap import percentile_interval, resample_table
from expgrade.calibration.report_files import write_reports
from expgrade.grading.labels_frame import read_label_frame
from expgrade.grading.labels_io import COLUMNS, read_label_rows

AGENTS = ["gpt-4o-mini", "claude-3-haiku", "llama-3-8b", "qwen-2-7b"]
JUDGES = ["gpt-4o", "gpt-4.1", "o3-mini", "claude-3-5-sonnet", "claude-3-opus", "llama-3-70b",
          "gemini-1.5-pro", "mistral-large", "qwen-2-72b", "deepseek-v3"]  # fmt: skip


def synthetic_frame(n_items: int, n_judges: int, seed: int) -> tuple[pd.DataFrame, np.ndarray, np.ndarray]:
    """Label frame plus the gold and judge code arrays (for the baseline) of a synthetic study."""
    rng = np.random.default_rng(seed)
    truth = rng.random(n_items) < 0.55
    agent = rng.choice(AGENTS, n_items)
    length = rng.integers(200, 8000, n_items)
    items = np.array([f"item-{i}" for i in range(n_items)], dtype=object)
    frames, judge_codes = [], []
    humans = [truth ^ (rng.random(n_items) < 0.1) for _ in range(3)]
    gold = (np.sum(humans, axis=0) >= 2).astype(np.int64)
    raters = [(f"annotator-{h}", "human", humans[h]) for h in range(3)]
    for j in range(n_judges):
        accuracy = 0.7 + 0.25 * j / max(n_judges - 1, 1)
        verdict = np.where(rng.random(n_items) < accuracy, truth, ~truth)
        raters.append((JUDGES[j % len(JUDGES)] + ("" if j < len(JUDGES) else f"-{j}"), "judge", verdict))
        judge_codes.append(verdict.astype(np.int64))
    for name, kind, verdict in raters:
        frames.append(
            pd.DataFrame(
                {
                    "item_id": items,
                    "rater": name,
                    "rater_kind": kind,
                    "label": np.where(verdict, "pass", "fail"),
                    "status": "graded",
                    "agent_model": agent,
                    "response_length": length,
                    "cost_usd": 0.001 if kind == "judge" else np.nan,
                }
            )
        )
    return pd.concat(frames, ignore_index=True), gold, np.array(judge_codes)


def write_table(frame: pd.DataFrame, path: Path) -> None:
    """The frame as `expgrade judge`/`labels` write a Parquet label table: every contract column,
    flags as lists, extra as JSON text."""
    table = frame.copy()
    for column in COLUMNS:
        if column not in table:
            table[column] = None
    table["flags"] = [[] for _ in range(len(table))]
    table["extra"] = ""
    table[COLUMNS].to_parquet(path, index=False)


def cli_run(table: Path, out: Path, resamples: int) -> tuple[float, float]:
    """Wall-clock and CPU seconds of `expgrade calibrate` in a fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(
        [sys.executable, "-c", "from expgrade.cli import main; main()", "calibrate", str(table),
         "--out", str(out), "--bootstrap", str(resamples)],
        check=True, capture_output=True,
    )  # fmt: skip
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def end_to_end(frame: pd.DataFrame, resamples: int, row_sample: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        table = Path(tmp) / "labels.parquet"
        write_table(frame, table)
        print(f"label table: {len(frame):,} rows, {table.stat().st_size / 1e6:.1f} MB Parquet")
        wall, cpu = cli_run(table, Path(tmp) / "report", resamples)
        print(f"expgrade calibrate, end to end (fresh process): {wall:.1f} s wall, {cpu:.1f} s CPU")
        t = time.perf_counter()
        labels = read_label_frame([table])
        read = time.perf_counter() - t
        t = time.perf_counter()
        report = calibrate_frame(labels, n_resamples=resamples)
        stats = time.perf_counter() - t
        t = time.perf_counter()
        write_reports(report, Path(tmp) / "again")
        written = time.perf_counter() - t
        print(
            f"  stages: read and check {read:.1f} s, calibrate_frame {stats:.1f} s, "
            f"write reports {written:.1f} s"
        )
        sample = Path(tmp) / "sample.parquet"
        write_table(frame.iloc[:row_sample], sample)
        t = time.perf_counter()
        read_label_rows(sample)
        rows = (time.perf_counter() - t) / row_sample * len(frame)
        print(
            f"  the row reader (a pydantic LabelRow per row), {row_sample:,} rows extrapolated to "
            f"{len(frame):,}: {rows:.0f} s, {rows / read:.0f}× the column reader"
        )


def vectorised_bootstrap(gold: np.ndarray, judges: np.ndarray, n_resamples: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    for codes in judges:
        table = confusion_matrix(gold, codes, 2)
        boots = confusion_statistics(
            resample_table(table, n_resamples, rng), np.array([0.0, 1.0]), "nominal", 1
        )
        for samples in boots.values():
            percentile_interval(samples, 0.95)


def loop_baseline(gold: np.ndarray, judges: np.ndarray, n_resamples: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    n = gold.size
    for _ in range(n_resamples):
        idx = rng.integers(0, n, n)
        g = gold[idx]
        for codes in judges:
            j = codes[idx]
            cohen_kappa_score(g, j)
            krippendorff.alpha(reliability_data=np.vstack([g, j]), level_of_measurement="nominal")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--items", type=int, default=100_000)
    parser.add_argument("--judges", type=int, default=10)
    parser.add_argument("--resamples", type=int, default=1000)
    parser.add_argument(
        "--loop-resamples", type=int, default=10, help="resamples actually run by the baseline"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--with-io", action="store_true", help="also time writing report.json/md/html")
    parser.add_argument("--row-sample", type=int, default=100_000, help="rows timed with the row reader")
    parser.add_argument("--skip-loop", action="store_true", help="leave out the naive loop baseline")
    args = parser.parse_args()

    cpu = platform.processor() or platform.machine()
    print(f"machine: {cpu}, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}, numpy {np.__version__}")
    t = time.perf_counter()
    frame, gold, judges = synthetic_frame(args.items, args.judges, args.seed)
    print(
        f"synthetic label frame: {len(frame):,} rows ({args.items:,} items × {args.judges} judges "
        f"+ 3 humans) in {time.perf_counter() - t:.1f} s"
    )

    end_to_end(frame, args.resamples, min(args.row_sample, len(frame)))
    if args.skip_loop:
        return
    t = time.perf_counter()
    report = calibrate_frame(frame, n_resamples=args.resamples, seed=args.seed)
    full = time.perf_counter() - t
    print(
        f"calibrate_frame end to end ({args.resamples} resamples): {full:.1f} s; "
        f"{len(report.judges)} judge rows"
    )

    t = time.perf_counter()
    vectorised_bootstrap(gold, judges, args.resamples, args.seed)
    fast = time.perf_counter() - t
    print(
        f"vectorised judge-vs-gold bootstrap, 11 statistics × {args.judges} judges × "
        f"{args.resamples} resamples: {fast:.2f} s"
    )

    t = time.perf_counter()
    loop_baseline(gold, judges, args.loop_resamples, args.seed)
    measured = time.perf_counter() - t
    extrapolated = measured / args.loop_resamples * args.resamples
    print(
        f"loop baseline (sklearn κ + krippendorff α per judge per resample): {measured:.1f} s for "
        f"{args.loop_resamples} resamples -> {extrapolated:.0f} s extrapolated to {args.resamples}"
    )
    print(
        f"speed-up: {extrapolated / fast:.0f}× over the bootstrap alone, "
        f"{extrapolated / full:.0f}× over the full calibration"
    )
    if args.with_io:
        with tempfile.TemporaryDirectory() as tmp:
            t = time.perf_counter()
            write_reports(report, Path(tmp))
            print(
                f"writing report.json, details.json, report.md, report.html: {time.perf_counter() - t:.1f} s"
            )


if __name__ == "__main__":
    main()
