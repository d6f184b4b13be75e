"""Calibration of the failure classifier against people's failure-mode labels (docs/failures.md).

The classifier (detectors, then the judge) names one mode per failed run; people name one per
item in the annotation app. Per mode, the agreement is Cohen's κ of "this mode or not" (one
against the rest), with `kappa_interval`'s interval (the one `calibrate` prints: the item
bootstrap's alone covered 0.69 on tens of labels), so a mode the classifier confuses with
another shows even when overall agreement is high. The corrected share of each mode is the
PPI++ mean (calibration/corrected.py): the classifier's share over every classified run,
rectified by the labelled ones, the same correction the report applies to pass rates. It says
how common the mode is once the classifier's errors on the labelled runs are accounted for,
and its interval is honest about how few runs people labelled.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

import numpy as np

from expgrade.calibration.agreement import cohen_kappa, confusion_matrix, kappa_interval
from expgrade.calibration.bootstrap import resample_table
from expgrade.calibration.corrected import ppi_mean
from expgrade.grading.errors import UserError
from expgrade.grading.failures.records import FailureRecord
from expgrade.grading.schemas import LabelRow


def failure_item_id(task_id: str, submission_id: str) -> str:
    """The id of a run's failure-mode item: the failure judge's request id, the annotation item's key."""
    return f"failure/{task_id}/{submission_id}"


def people_modes(rows: Sequence[LabelRow], modes: Sequence[str]) -> tuple[dict[str, str], int]:
    """Each item's mode by the majority of its people; items their people split evenly are left out
    (returned as a count), and a label outside the taxonomy is an error naming it."""
    votes: dict[str, Counter[str]] = defaultdict(Counter)
    for row in rows:
        if row.rater_kind == "judge" or row.label is None or not row.item_id.startswith("failure/"):
            continue
        if row.label not in modes:
            raise UserError(
                f"label '{row.label}' of rater '{row.rater}' is not a mode of the taxonomy "
                f"({', '.join(modes)})",
                record=row.item_id,
                field="label",
            )
        votes[row.item_id][row.label] += 1
    out: dict[str, str] = {}
    ties = 0
    for item, counts in votes.items():
        (top, n), *rest = counts.most_common()
        if rest and rest[0][1] == n:
            ties += 1
            continue
        out[item] = top
    return out, ties


def failure_calibration(
    records: Sequence[FailureRecord],
    rows: Sequence[LabelRow],
    modes: Sequence[str],
    *,
    n_boot: int = 1000,
    confidence: float = 0.95,
    seed: int = 0,
) -> dict[str, Any]:
    """κ per mode (with its interval) and the corrected shares, on the classified runs people labelled."""
    classified = {
        failure_item_id(r.task_id, r.submission_id): r.mode
        for r in records
        if r.status == "classified" and r.mode
    }
    people, ties = people_modes(rows, modes)
    labelled = sorted(set(people) & set(classified))
    unlabelled = [item for item in classified if item not in people]
    code = {m: i for i, m in enumerate(modes)}
    k = len(modes)
    gold = np.array([code[people[i]] for i in labelled], dtype=int)
    judged = np.array(
        [code[str(classified[i])] if classified[i] in code else -1 for i in labelled], dtype=int
    )
    table = confusion_matrix(gold, judged, k) if labelled else np.zeros((k, k))
    rng = np.random.default_rng(seed)
    boot = resample_table(table, n_boot, rng)
    overall = kappa_interval(table, cohen_kappa(boot), confidence, rng)
    per_mode = []
    for m, i in code.items():
        tp = table[..., i, i]
        one = _one_vs_rest(table, i)
        samples = cohen_kappa(_one_vs_rest(boot, i))
        y = (gold == i).astype(float)
        y_hat = (judged == i).astype(float)
        y_unl = np.array([float(classified[u] == m) for u in unlabelled])
        corrected = ppi_mean(y, y_hat, y_unl, confidence)
        per_mode.append(
            {
                "mode": m,
                "n_people": int(table[i, :].sum()),
                "n_classifier": int(table[:, i].sum()),
                "n_both": int(tp),
                "kappa": {
                    **kappa_interval(one, samples, confidence, rng).as_dict(),
                    "n": len(labelled),
                },
                "classifier_share": _share(y_hat.tolist() + y_unl.tolist()),
                "corrected_share": {**corrected.as_dict(), "n": len(labelled)},
            }
        )
    return {
        "n_labelled": len(labelled),
        "n_unlabelled": len(unlabelled),
        "n_people_ties": ties,
        "n_labelled_not_classified": len(set(people) - set(classified)),
        "confidence": confidence,
        "bootstrap": {"n": n_boot, "seed": seed, "unit": "item"},
        "kappa": {**overall.as_dict(), "n": len(labelled)},
        "per_mode": per_mode,
    }


def _one_vs_rest(c: np.ndarray, i: int) -> np.ndarray:
    """(…, 2, 2) tables of mode i against the rest, from (…, k, k) ones (rows people, columns classifier)."""
    both = c[..., i, i]
    people = c[..., i, :].sum(axis=-1)
    classifier = c[..., :, i].sum(axis=-1)
    total = c.sum(axis=(-2, -1))
    out = np.stack(
        [
            np.stack([both, people - both], axis=-1),
            np.stack([classifier - both, total - people - classifier + both], axis=-1),
        ],
        axis=-2,
    )
    return out


def _share(values: list[float]) -> float | None:
    return round(float(np.mean(values)), 6) if values else None
