"""The trust loop on real human labels: PandaLM's 999 pairwise items, judged by GPT-3.5.

"The run" is the judge's verdicts: for each item, does the judge prefer output 1? That share
is the benchmark number a judge-only evaluation would publish (a win rate). The three
annotators' plurality is the truth, known here for every item, so we can check what the
trust loop would have said after labelling only a budget of items:

* raw: the judge's rate on all items (what an uncalibrated report shows);
* corrected, uniform: PPI++ with `budget` items labelled at random (the report's path for a
  plain gold set), through the same `cell_summary` the run report calls;
* corrected, active: items drawn by `inclusion_probabilities` (priority = the two judges,
  GPT-3.5 and PandaLM-7B, disagreeing), weighted by 1/π (the report's path for
  `annotate load --active --budget`).

Repeated over `draws` random draws, it also measures how often each 95 % CI covers the
known human rate. Usage (from the repository root):

    python examples/trust_loop/pandalm_loop.py [--budget 100] [--draws 200]
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np

from expgrade.annotation_app.queueing import Unit, draw, inclusion_probabilities, judge_priority
from expgrade.calibration.datasets import pandalm_rows
from expgrade.calibration.run_report import Cell, cell_summary

DATA = Path(__file__).resolve().parents[1] / "demo" / "people" / "pandalm" / "testset-v1.json"  # bundled
JUDGE, OTHER = "gpt-3.5-turbo", "pandalm-7b"


def load(path: Path) -> tuple[list[str], np.ndarray, np.ndarray, list[float]]:
    """(item ids, judge prefers 1, humans prefer 1, priority) over items with a judge verdict
    and a human plurality."""
    humans: dict[str, Counter[str]] = defaultdict(Counter)
    judges: dict[str, dict[str, str | None]] = defaultdict(dict)
    for row in pandalm_rows(path):
        if row.rater_kind == "human" and row.label is not None:
            humans[row.item_id][row.label] += 1
        elif row.rater_kind == "judge":
            judges[row.item_id][row.rater] = row.label
    ids, f, y, priority = [], [], [], []
    for item, votes in humans.items():
        (top, n), *rest = votes.most_common()
        verdict = judges[item].get(JUDGE)
        if verdict is None or (rest and rest[0][1] == n):
            continue
        ids.append(item)
        f.append(verdict == "1")
        y.append(top == "1")
        priority.append(judge_priority([verdict, judges[item].get(OTHER)], []))
    return ids, np.array(f, dtype=float), np.array(y, dtype=float), priority


def corrected(f: np.ndarray, y: np.ndarray, labelled: np.ndarray, pi: np.ndarray | None) -> dict[str, float]:
    cell = Cell()
    for i in range(f.size):
        cell.add(bool(f[i]), bool(y[i]) if labelled[i] else None, None if pi is None else float(pi[i]))
    out = cell_summary(cell, n_boot=200, confidence=0.95, seed=0, prior=0.15)
    c = out["corrected_pass_rate"]
    return {"value": c["value"], "low": c["ci_low"], "high": c["ci_high"], "kappa": out["kappa"]["value"]}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--budget", type=int, default=100)
    ap.add_argument("--draws", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    ids, f, y, priority = load(args.data)
    truth, raw = float(y.mean()), float(f.mean())
    units = [Unit(i, (None, None), 1, p) for i, p in zip(ids, priority, strict=True)]
    pi_active = inclusion_probabilities(units, args.budget)
    rng = np.random.default_rng(args.seed)
    results: dict[str, list[dict[str, float]]] = {"uniform": [], "active": []}
    for d in range(args.draws):
        pick = rng.choice(f.size, size=args.budget, replace=False)
        labelled = np.zeros(f.size, dtype=bool)
        labelled[pick] = True
        results["uniform"].append(corrected(f, y, labelled, None))
        drawn = draw(pi_active, seed=args.seed * 10_000 + d)
        chosen = np.array([i in drawn for i in ids])
        results["active"].append(corrected(f, y, chosen, np.array([pi_active[i] for i in ids])))
    print(f"PandaLM: {f.size} items with a human plurality and a {JUDGE} verdict")
    print(f"human rate (truth, all items): {truth:.3f}; judge raw rate: {raw:.3f} (error {raw - truth:+.3f})")
    print(f"budget {args.budget} labels, {args.draws} draws; first draw, then over all draws:")
    print("| selection | corrected (first draw) | 95 % CI | mean |error| | mean CI width | coverage |")
    print("|---|---|---|---|---|---|")
    for name, runs in results.items():
        first = runs[0]
        err = np.mean([abs(r["value"] - truth) for r in runs])
        width = np.mean([r["high"] - r["low"] for r in runs])
        cover = np.mean([r["low"] <= truth <= r["high"] for r in runs])
        print(
            f"| {name} | {first['value']:.3f} | [{first['low']:.3f}, {first['high']:.3f}] "
            f"| {err:.3f} | {width:.3f} | {cover:.3f} |"
        )


if __name__ == "__main__":
    main()
