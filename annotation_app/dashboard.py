"""Agreement for the admin page: human labels and judge verdicts as label rows, read as columns
from the store, handed to the calibration module (the one place agreement is computed), and the
resulting tables kept while the labels they were computed from are unchanged."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from typing import Any

import pandas as pd

from expgrade.annotation_app.agreement import agreement_tables
from expgrade.annotation_app.export import grouping
from expgrade.annotation_app.loaders import judge_votes
from expgrade.annotation_app.store import LabelVote, Store
from expgrade.grading.items import label_row
from expgrade.grading.schemas import LabelRow

#: agreement tables of the last few label sets; one admin page view recomputed the bootstrap
#: of every table (~0.5 s at 2,000 labels) although nothing had been labelled since
TABLES_KEPT = 8
_tables: OrderedDict[tuple[Any, ...], tuple[pd.DataFrame, pd.DataFrame]] = OrderedDict()
_tables_lock = threading.Lock()


def human_rows(votes: list[LabelVote]) -> list[LabelRow]:
    """The people's blind labels; the provenance the gold export adds is not needed to agree."""
    return [
        label_row(
            v.item_key,
            {
                "rater": v.annotator,
                "label": v.label,
                "status": v.status,
                "reason": v.reason,
                "flags": v.flags,
                "confidence": v.confidence,
            },
            rater_kind="human",
            **grouping(v),
        )
        for v in votes
    ]


def judge_rows(votes: list[LabelVote], judges: dict[int, dict[str, Any]]) -> list[LabelRow]:
    """The judges' verdicts on the labelled items, each item once, in queue order."""
    items = {v.item_id: v for v in votes}
    return [
        label_row(v.item_key, vote.record, **grouping(v))
        for item_id, v in items.items()
        for vote in judge_votes(judges.get(item_id, {}))
    ]


def _inputs(store: Store, project: str) -> tuple[list[LabelVote], dict[int, dict[str, Any]]]:
    """A project's labels and, since agreement needs a judge's verdict only where a person
    labelled too, the judges' side of those items alone (never the rest of a big project)."""
    votes = store.label_votes(project)
    return votes, store.item_judges(project, {v.item_id for v in votes})


def project_agreement(store: Store, project: str) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(between annotators, judges against the human majority) of a project.

    The tables are a pure function of the labels and judges read (the bootstrap's seed is
    fixed), so they are kept under the whole of that input: any new label, edit, or reloaded
    judge verdict is a different key and is computed afresh.
    """
    votes, judges = _inputs(store, project)
    key = (
        tuple((*v[:-2], tuple(v.flags or ()), v.confidence) for v in votes),
        tuple((i, json.dumps(j, sort_keys=True, default=str)) for i, j in sorted(judges.items())),
    )
    with _tables_lock:
        if key in _tables:
            _tables.move_to_end(key)
            return _tables[key]
    tables = agreement_tables(human_rows(votes), judge_rows(votes, judges))
    with _tables_lock:
        _tables[key] = tables
        while len(_tables) > TABLES_KEPT:
            _tables.popitem(last=False)
    return tables
