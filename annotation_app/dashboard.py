"""Agreement for the admin page: human labels from the store, judge verdicts from the items,
both as label rows, handed to the calibration module (the one place agreement is computed)."""

from __future__ import annotations

from typing import Any

from expgrade.annotation_app.export import export_rows
from expgrade.annotation_app.loaders import judge_votes
from expgrade.annotation_app.store import ItemRow, Store
from expgrade.grading.items import label_row
from expgrade.grading.schemas import LabelRow


def judge_rows(items: list[ItemRow], judges: dict[int, dict[str, Any]]) -> list[LabelRow]:
    return [
        label_row(
            item.item_key,
            vote.record,
            subtask=item.subtask,
            criterion=item.criterion,
            task_id=item.task_id,
            submission_id=item.submission_id,
            agent_model=item.agent_model,
        )
        for item in items
        for vote in judge_votes(judges.get(item.id, {}))
    ]


def project_rows(store: Store, project: str) -> tuple[list[LabelRow], list[LabelRow]]:
    """(human rows, judge rows) of a project's labelled items.

    Agreement needs a judge's verdict only where a person labelled too, so the judges' side of
    the other items (most of a big project) is never read.
    """
    labelled = set(store.label_counts(project))
    items = store.item_rows(project, labelled)
    return export_rows(store, project), judge_rows(items, store.item_judges(project, labelled))
