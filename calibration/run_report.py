"""Calibration of a run's pass rates against human gold labels, for the run report.

People label items (one design variable, one requirement); the benchmark table counts
submissions. A submission's human verdict on a subtask is derived from its items' gold
labels under the run's own pass thresholds, and only where *every* judged item of that
subtask is labelled: a partly labelled submission has no human verdict (its labelled items
still count at item level), because filling its unlabelled items with the judge's verdicts
would pull the human verdict towards the judge. Deterministic items (unit tests, integrity
scans) keep their recorded verdict: no person re-decides what a program measured.

Per cell (subtask, or agent × subtask, and `all_passed`) the report carries agreement
(percent, TPR, TNR with exact Clopper–Pearson intervals; Cohen's κ with `kappa_interval`'s)
on the labelled submissions and the corrected pass rate: PPI++ (power-tuned) when the gold set
is a plain sample, active inference (inverse-probability weighted PPI++) when the items were drawn
by `annotate load --active --budget` with known inclusion probabilities.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from expgrade.calibration.agreement import cohen_kappa, kappa_interval
from expgrade.calibration.bootstrap import resample_table
from expgrade.calibration.comparisons import compare_agents, comparison_json
from expgrade.calibration.corrected import active_ppi_mean, labels_for_half_width, ppi_mean
from expgrade.grading.aggregate.intervals import exact_share
from expgrade.grading.errors import UserError
from expgrade.grading.estimate import Estimate
from expgrade.grading.items import INCLUSION_KEY, is_adjudication, is_judged, result_item_key
from expgrade.grading.run.store import read_results, report_run
from expgrade.grading.schemas import (
    CalibrationBlock,
    JudgedSubtask,
    LabelRow,
    ResultRecord,
    RunReport,
)
from expgrade.grading.schemas.report import GoldMatch
from expgrade.grading.subtasks import BY_NAME, DEFAULT_THRESHOLDS, JUDGED_SUBTASKS, judged_results
from expgrade.grading.subtasks.passing import all_passed, passes, subtask_passed

MIN_GOLD = 10  # fewer labelled units than this in a cell: no corrected value
TARGET_HALF_WIDTH = 0.05
#: assumed judge–human disagreement when nothing measures it: LLM judges typically agree
#: with people on 80–90 % of binary rubric items, so 15 % is a middle, not an optimistic, guess
PRIOR_DISAGREEMENT = 0.15
ALL = "all_passed"
LABELS = ("pass", "fail")


@dataclass
class Cell:
    """Aligned arrays of one table cell: the judge's verdict on every decided unit, the human's
    where labelled, and the unit's inclusion probability when it was drawn actively."""

    judge: list[float] = field(default_factory=list)
    human: list[float | None] = field(default_factory=list)
    inclusion: list[float | None] = field(default_factory=list)

    def add(self, judge: bool, human: bool | None, inclusion: float | None) -> None:
        self.judge.append(float(judge))
        self.human.append(None if human is None else float(human))
        self.inclusion.append(inclusion)


@dataclass(frozen=True)
class Gold:
    labels: dict[str, bool]  # item id -> human verdict (pass = True)
    inclusion: dict[str, float]
    match: dict[str, Any]


def read_gold(rows: Sequence[LabelRow], source: str, run_items: set[str]) -> Gold:
    """Human pass/fail per item (an adjudicator's decision where `gold export` carries one, else
    the plurality; ties have no gold), matched against the run's items.

    A label other than pass/fail is a user error naming the row; gold items the run does not
    have are counted and shown, not fatal: a gold file often spans several runs.
    """
    votes: dict[str, Counter[str]] = defaultdict(Counter)
    inclusion: dict[str, float] = {}
    decided: dict[str, bool | None] = {}  # None: decided unscorable, so no gold
    for n, row in enumerate(rows, start=1):
        decision = is_adjudication(row.extra)
        if row.rater_kind != "human" or (row.status != "graded" and not decision):
            continue
        if row.status == "graded" and row.label not in LABELS:
            raise UserError(
                f"unknown label '{row.label}' (expected pass or fail)",
                file=source,
                record=f"row {n} (item '{row.item_id}')",
                field="label",
            )
        p = row.extra.get(INCLUSION_KEY)
        if isinstance(p, int | float) and 0 < p <= 1:
            inclusion[row.item_id] = float(p)
        if decision:  # the item's decided gold, not one more vote
            decided[row.item_id] = row.label == "pass" if row.status == "graded" else None
            votes.setdefault(row.item_id, Counter())
            continue
        votes[row.item_id][str(row.label)] += 1  # a graded row: its label was checked above
    labels = {item: passed for item, passed in decided.items() if passed is not None}
    for item, counts in votes.items():
        if item in decided or not counts:
            continue
        (top, n_top), *rest = counts.most_common()
        if not rest or rest[0][1] < n_top:
            labels[item] = top == "pass"
    matched = sorted(i for i in votes if i in run_items)
    unmatched = sorted(i for i in votes if i not in run_items)
    match = {
        "gold_items": len(votes),
        "matched": len(matched),
        "unmatched": len(unmatched),
        "ties": len(votes) - len(labels),
        "examples_matched": matched[:3],
        "examples_unmatched": unmatched[:3],
    }
    return Gold({k: v for k, v in labels.items() if k in run_items}, inclusion, match)


def run_item_ids(records: Sequence[ResultRecord]) -> set[str]:
    return {
        result_item_key(r, s, i).id
        for r in records
        for s, sub in judged_results(r.subtasks)
        for i in sub.items
        if is_judged(i)
    }


def _human_subtask(
    record: ResultRecord, name: str, sub: JudgedSubtask, gold: Gold, threshold: float
) -> tuple[bool | None, float | None]:
    """(human verdict, inclusion probability) of one submission's subtask; None unless every
    judged item is labelled."""
    verdicts: list[bool] = []
    inclusion: float | None = None
    for item in sub.items:
        if not is_judged(item):
            if item.verdict is None:
                return None, None
            verdicts.append(item.verdict == "pass")
            continue
        key = result_item_key(record, name, item).id
        if key not in gold.labels:
            return None, None
        verdicts.append(gold.labels[key])
        inclusion = gold.inclusion.get(key, inclusion)
    if not verdicts or not any(is_judged(i) for i in sub.items):
        return None, None
    if BY_NAME[name].kind == "review":  # any failed check or item is a flag, and a flag fails it
        return all(verdicts), inclusion
    return passes(sum(verdicts) / len(verdicts), threshold), inclusion


def _human_all(record: ResultRecord, humans: dict[str, bool | None]) -> bool | None:
    """All-✓ with each judged subtask's verdict replaced by the human one (None if any is missing)."""
    update: dict[str, Any] = {}
    for name, sub in judged_results(record.subtasks):
        if sub.status == "skipped":
            continue
        h = humans.get(name)
        if h is None:
            return None
        review = BY_NAME[name].kind == "review"
        update[name] = sub.model_copy(
            update={"status": "graded", "passed": h, "flags": [] if h or not review else ["human"]}
        )
    return all_passed(record.subtasks.model_copy(update=update)) if update else None


def _ci(est: Estimate) -> dict[str, float | int | str | None]:
    return est.as_dict()


def _agreement(
    judge: np.ndarray, human: np.ndarray, n_boot: int, confidence: float, seed: int
) -> dict[str, Any]:
    """Percent agreement, TPR, TNR of the labelled units, each a share of units with its exact
    (Clopper–Pearson) interval; κ with `kappa_interval`'s, as `calibrate` prints it (the item
    bootstrap's percentile interval alone covered 0.72–1.00 here, section 11). Why not the
    bootstrap for the shares: its percentile interval of a share near 0 or 1 on tens of units
    collapses towards the point and covered 0.86–0.92 at nominal 0.95 (bench/coverage.md, section 11); and not
    Wilson's: its exact binomial coverage on 10–100 units falls below 0.94 at 12–22 % of rates
    (0.86 at worst on 10, 0.92 with Brown, Cai & DasGupta's modification), Clopper–Pearson's
    never below 0.95. No units of a class: no TPR (or TNR)."""
    table = np.zeros((2, 2))  # rows: human pass/fail, columns: judge pass/fail (code 0 = pass)
    np.add.at(table, (1 - human.astype(int), 1 - judge.astype(int)), 1.0)
    rng = np.random.default_rng(seed)
    boot = resample_table(table, n_boot, rng)
    shares = {
        "agreement": (table[0, 0] + table[1, 1], table.sum()),
        "tpr": (table[0, 0], table[0].sum()),
        "tnr": (table[1, 1], table[1].sum()),
    }
    out = {
        k: _ci(replace(exact_share(x, n, confidence), n=int(n))) if n else _nan_estimate()
        for k, (x, n) in shares.items()
    }
    return {**out, "kappa": _ci(kappa_interval(table, cohen_kappa(boot), confidence, rng))}


def _nan_estimate() -> dict[str, float | None]:
    return {"value": None, "ci_low": None, "ci_high": None}


def cell_summary(cell: Cell, *, n_boot: int, confidence: float, seed: int, prior: float) -> dict[str, Any]:
    f = np.asarray(cell.judge, dtype=float)
    labelled = np.array([h is not None for h in cell.human], dtype=bool)
    y = np.array([h if h is not None else 0.0 for h in cell.human], dtype=float)
    n_gold = int(labelled.sum())
    active = any(p is not None for p, lab in zip(cell.inclusion, labelled, strict=True) if lab)
    out: dict[str, Any] = {
        "n": int(f.size),
        "n_gold": n_gold,
        "raw_pass_rate": None if f.size == 0 else round(float(f.mean()), 6),
        "method": "ppi++",
        "weighting": "inclusion-probability" if active else "uniform",
    }
    if n_gold:
        out.update(_agreement(f[labelled], y[labelled], n_boot, confidence, seed))
    else:
        out.update({k: _nan_estimate() for k in ("agreement", "kappa", "tpr", "tnr")})
    if n_gold < MIN_GOLD:
        out["corrected_pass_rate"] = _nan_estimate()
        out["not_estimable"] = f"{n_gold} human-labelled unit(s); a corrected rate needs at least {MIN_GOLD}"
    elif active:
        pi = np.array([p if p is not None else 1.0 for p in cell.inclusion], dtype=float)
        out["corrected_pass_rate"] = _ci(active_ppi_mean(y, labelled, pi, f, confidence))
    else:
        out["corrected_pass_rate"] = _ci(ppi_mean(y[labelled], f[labelled], f[~labelled], confidence))
    # Laplace's rule: a few agreeing labels do not plan a variance of zero
    disagreement = float((np.sum(y[labelled] != f[labelled]) + 1) / (n_gold + 2)) if n_gold else prior
    out["labels_for_ci_0.05"] = labels_for_half_width(disagreement, TARGET_HALF_WIDTH, confidence)
    out["planned_from"] = "measured disagreement" if n_gold else f"prior disagreement {prior:.2f}"
    return out


def panel_disagreement(records: Sequence[ResultRecord]) -> float | None:
    """Share of judged items on which the panel's judges split: a floor on how often any one of
    them disagrees with the truth. None for a single judge (nothing to compare)."""
    split = total = 0
    for r in records:
        for _, sub in judged_results(r.subtasks):
            for item in sub.items:
                if isinstance(item.judge, list) and len(item.judge) > 1:
                    labels = {j.get("label") for j in item.judge if isinstance(j, dict)}
                    total += 1
                    split += len(labels) > 1
    return split / total if total else None


@dataclass
class RunCells:
    """A run's verdicts beside its gold, cell by cell, before any estimate: per subtask, per agent
    × subtask, per judged item, and each cell's submissions as units (agent, task, judge's
    verdict, human verdict or None, drawn actively) for the comparisons and `planning`."""

    per_subtask: dict[str, Cell] = field(default_factory=lambda: defaultdict(Cell))
    per_agent: dict[str, dict[str, Cell]] = field(
        default_factory=lambda: defaultdict(lambda: defaultdict(Cell))
    )
    items: dict[str, Cell] = field(default_factory=lambda: defaultdict(Cell))
    units: dict[str, list[tuple[str, str, bool, bool | None, bool]]] = field(
        default_factory=lambda: defaultdict(list)
    )


def run_cells(records: Sequence[ResultRecord], g: Gold, limits: dict[str, float]) -> RunCells:
    """Sort every decided unit of `records` into its cells, with its human verdict under `g`
    (see the module docstring for when a submission has one)."""
    cells = RunCells()
    per_subtask, per_agent, items, units = cells.per_subtask, cells.per_agent, cells.items, cells.units
    for r in records:
        humans: dict[str, bool | None] = {}
        unit_pi: list[float] = []
        for name, sub in judged_results(r.subtasks):
            if sub.status == "skipped":
                continue
            for item in sub.items:
                if is_judged(item) and item.verdict is not None:
                    key = result_item_key(r, name, item).id
                    items[name].add(item.verdict == "pass", g.labels.get(key), g.inclusion.get(key))
            judged = subtask_passed(sub)
            human, pi = _human_subtask(r, name, sub, g, limits.get(name, 1.0))
            humans[name] = human
            if pi is not None:
                unit_pi.append(pi)
            if judged is None or not any(is_judged(i) for i in sub.items):
                continue
            per_subtask[name].add(judged, human, pi)
            per_agent[r.agent][name].add(judged, human, pi)
            units[name].append((r.agent, r.task_id, judged, human, pi is not None))
        if r.all_passed is not None and humans:
            human_all = _human_all(r, humans)
            pi_all = math.prod(unit_pi) if unit_pi and human_all is not None else None
            per_subtask[ALL].add(r.all_passed, human_all, pi_all)
            per_agent[r.agent][ALL].add(r.all_passed, human_all, pi_all)
            units[ALL].append((r.agent, r.task_id, r.all_passed, human_all, pi_all is not None))
    return cells


def calibrate_run(
    records: Sequence[ResultRecord],
    gold: Gold | None,
    *,
    thresholds: dict[str, float] | None = None,
    n_boot: int = 1000,
    confidence: float = 0.95,
    seed: int = 0,
) -> CalibrationBlock:
    """The `calibration` block of report.json (see the module docstring for the rules)."""
    limits = {**DEFAULT_THRESHOLDS, **(thresholds or {})}
    empty = Gold({}, {}, {})
    g = gold or empty
    measured = panel_disagreement(records)
    # Gold whose items are all tied (or unlabelled) calibrates nothing: planned from the prior then.
    labelled = gold is not None and bool(g.labels)
    prior = measured if measured is not None and not labelled and measured > 0 else PRIOR_DISAGREEMENT
    cells = run_cells(records, g, limits)
    per_subtask, per_agent, items, units = cells.per_subtask, cells.per_agent, cells.items, cells.units

    def summary(cell: Cell) -> dict[str, Any]:
        return cell_summary(cell, n_boot=n_boot, confidence=confidence, seed=seed, prior=prior)

    order = [*JUDGED_SUBTASKS, ALL]
    out: dict[str, Any] = {
        "status": "calibrated" if labelled else "uncalibrated",
        "min_gold": MIN_GOLD,
        "target_half_width": TARGET_HALF_WIDTH,
        "prior_disagreement": None if labelled else prior,
        "prior_source": None
        if labelled
        else ("judge panel disagreement" if prior == measured else "stated prior (no labels, one judge)"),
        "per_subtask": {s: summary(per_subtask[s]) for s in order if s in per_subtask},
        "per_agent": {
            a: {s: summary(cells[s]) for s in order if s in cells} for a, cells in sorted(per_agent.items())
        },
        "items": {s: summary(items[s]) for s in JUDGED_SUBTASKS if s in items},
    }
    if gold is not None:
        out["gold"] = g.match
        comparisons = {
            s: _agent_comparison(units[s], out["per_agent"], s, confidence) for s in order if s in units
        }
        out["comparisons"] = {s: c for s, c in comparisons.items() if c is not None}
    return CalibrationBlock.model_validate(out)


def _agent_comparison(
    units: list[tuple[str, str, bool, bool | None, bool]],
    per_agent: dict[str, dict[str, Any]],
    cell: str,
    confidence: float,
) -> dict[str, Any] | None:
    """Every pair of agents on one cell, corrected and paired by task (calibration.comparisons);
    None with fewer than two agents. Actively drawn labels are not a uniform sample of the tasks,
    which the paired PPI++ needs, so such a cell says so instead."""
    agents = sorted({u[0] for u in units})
    if len(agents) < 2:
        return None
    if any(active for *_, active in units):
        return {"pairs": [], "ranking": [], "note": "labels drawn actively (annotate load --active): "
                "paired differences need a uniform sample of labelled tasks"}  # fmt: skip
    corrected = {
        a: per_agent.get(a, {}).get(cell, {}).get("corrected_pass_rate", {}).get("value") for a in agents
    }
    pairs, ranking = compare_agents(
        np.array([u[0] for u in units]),
        np.array([u[1] for u in units]),
        np.array([float(u[2]) for u in units]),
        np.array([np.nan if u[3] is None else float(u[3]) for u in units]),
        corrected,
        confidence,
    )
    return comparison_json(pairs, ranking)


def report_with_calibration(
    run_dir: Path,
    gold: Sequence[LabelRow] | None = None,
    gold_source: str = "gold labels",
    *,
    n_boot: int = 1000,
    confidence: float = 0.95,
    seed: int | None = None,
) -> RunReport:
    """The run report of `run_dir` with its calibration block: against `gold` (human label rows,
    read from `gold_source`) when given, else the uncalibrated block with the labels it would take.

    The block is computed under the run's own pass thresholds and the report's bootstrap seed.
    """
    report = report_run(run_dir, n_boot=n_boot, confidence=confidence, seed=seed)
    records = read_results(run_dir)
    matched = None if gold is None else read_gold(gold, gold_source, run_item_ids(records))
    if matched is not None and matched.match["gold_items"] and not matched.match["matched"]:
        raise _matches_nothing(matched, gold_source, run_item_ids(records))
    block = calibrate_run(
        records,
        None if matched is not None and not matched.match["gold_items"] else matched,
        thresholds=report.manifest.thresholds or {},
        n_boot=n_boot,
        confidence=confidence,
        seed=report.bootstrap.seed,
    )
    if matched is not None and not matched.match["gold_items"]:
        # Before anyone labelled (the demo prints `report --gold PROJECT` as its next step): the
        # report as without --gold, saying why, rather than a calibration of nothing.
        note = f"no labels in {gold_source} yet: label with `expgrade annotate`"
        block = block.model_copy(update={"gold": GoldMatch.model_validate(matched.match), "note": note})
    return report.with_calibration(block)


def _matches_nothing(gold: Gold, source: str, run_items: set[str]) -> UserError:
    """The refusal of gold labels none of whose items is in the run: a calibration of nothing
    would say the judge was checked (as `calibrate` refuses rows that share no item)."""
    m = gold.match
    ours = f"; a run item e.g. '{min(run_items)}'" if run_items else "; the run has no judged item"
    return UserError(
        f"none of the {m['gold_items']} labelled item(s) is in this run: check the ids (a gold item "
        f"e.g. '{m['examples_unmatched'][0]}'{ours}) or give the labels of this run",
        file=source,
    )
