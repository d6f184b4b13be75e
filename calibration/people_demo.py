"""The demo's last step: the trust loop on real people, with labels the repository ships.

The demo's own verdicts are scripted, so a calibration of them would calibrate a script. This
step instead runs the loop on PandaLM's test set (Apache-2.0, bundled in the demo): real judges
(the GPT-3.5 and PandaLM-7B verdicts published with it) and real people (its three annotators).
The question each rater answers is binary, "is response 1 strictly better than response 2?"
(a tie is a no), so the judges have a pass rate to correct.

As in a real run, people label only a budget of items, drawn uniformly at random; every other
item has judge verdicts only. The corrected rate (PPI++) then estimates what the people would
have said on every item, and because PandaLM's annotators did label every item, the demo can
show that answer beside the estimate: the check a reader cannot make on their own benchmark.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from expgrade.calibration.analysis import calibrate
from expgrade.calibration.datasets import pandalm_rows
from expgrade.calibration.report import CalibrationReport
from expgrade.calibration.report_files import write_reports
from expgrade.grading.schemas import LabelRow

#: the answer that counts as pass: PandaLM's verdict "1" (response 1 is better)
FIRST_BETTER = "1"


@dataclass(frozen=True)
class PeopleLoop:
    """What the step measured, and where its report is."""

    report: CalibrationReport
    n_items: int
    n_labelled: int
    #: the human majority's rate over every item (PandaLM labelled them all): the truth
    human_rate_all: float
    out: Path


def first_better_rows(path: Path, *, labelled: int, seed: int) -> tuple[list[LabelRow], float, int]:
    """PandaLM's label rows as pass/fail answers; human rows kept on `labelled` random items only.

    Returns the rows, the human-majority pass rate over all items (ties of the three people
    count as no majority and are left out of it) and the number of items.
    """
    rows = pandalm_rows(path)
    items = sorted({r.item_id for r in rows})
    rng = np.random.default_rng(seed)
    kept = set(rng.choice(items, size=min(labelled, len(items)), replace=False).tolist())
    votes: dict[str, list[bool]] = {}
    out: list[LabelRow] = []
    for row in rows:
        if row.status == "graded":
            answer = "pass" if row.label == FIRST_BETTER else "fail"
            binary = LabelRow(item_id=row.item_id, rater=row.rater, rater_kind=row.rater_kind, label=answer)
        else:
            binary = LabelRow(
                item_id=row.item_id,
                rater=row.rater,
                rater_kind=row.rater_kind,
                status="unscorable",
                reason=row.reason,
            )
        if row.rater_kind == "human":
            votes.setdefault(row.item_id, []).append(binary.label == "pass")
            if row.item_id not in kept:
                continue
        out.append(binary)
    majorities = [sum(v) * 2 > len(v) for v in votes.values() if sum(v) * 2 != len(v)]
    return out, float(np.mean(majorities)), len(items)


def people_loop(
    source: Path, out: Path, *, labelled: int = 150, n_resamples: int = 1000, seed: int = 0
) -> PeopleLoop:
    """Calibrate PandaLM's judges on `labelled` people-labelled items; reports go to `out`."""
    rows, truth, n_items = first_better_rows(source, labelled=labelled, seed=seed)
    report = calibrate(rows, n_resamples=n_resamples, seed=seed)
    write_reports(report, out)
    return PeopleLoop(report=report, n_items=n_items, n_labelled=labelled, human_rate_all=truth, out=out)
