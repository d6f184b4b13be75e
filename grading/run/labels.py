"""`expgrade labels`: every judge verdict of a run as label-table rows (docs/formats.md §5).

One row per item × judge, straight from results.jsonl (the run's single source of truth), so
the labels of a resumed or crashed run are exactly those of its finished results. Verdicts of
the deterministic integrity checks are not judge verdicts and are left out.
"""

from __future__ import annotations

from pathlib import Path

from expgrade.grading.items import label_row, result_item_key
from expgrade.grading.run.store import read_results
from expgrade.grading.schemas import LabelRow
from expgrade.grading.subtasks import judged_results


def run_label_rows(run_dir: Path) -> list[LabelRow]:
    rows = []
    for rec in read_results(run_dir):
        for subtask, sub in judged_results(rec.subtasks):
            for item in sub.items:
                if not isinstance(item.judge, list):
                    continue
                key = result_item_key(rec, subtask, item)
                rows += [
                    label_row(key, j, agent_model=rec.agent_model) for j in item.judge if isinstance(j, dict)
                ]
    return rows
