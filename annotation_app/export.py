"""Human labels out of the store as label-table rows (docs/formats.md §5), with provenance.

Provenance rides in each row's `extra` (kept by every label-table format): who labelled,
when, against which rubric version and which exact content (its sha256), in which project
and revision. A gold set is only trustworthy if one can tell what each label was given to.

A row's label is the *blind* one, given before the annotator saw the judges or the others:
agreement measured against labels changed after seeing the judge would flatter the judge.
An admin's label is exported with `extra.blind: false`: the admin page names every item's
submission and agent and shows the judges, so an admin labels knowing them.
A change made after the reveal is exported only on request (`after_reveal=True`), under
`extra.revised_after_reveal`, never in the row's label.

An item an adjudicator settled gets one more row: the decision, by the adjudicator, marked
`extra.adjudication` (who, when, why, and the labels it settled). It is the item's gold label;
the people's rows stay beside it as they were given, so agreement among them and the
decision can both be read from one file (`is_adjudication` tells the rows apart).
"""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from expgrade.annotation_app.store import Decision, ItemView, LabelRevision, Store, text_length
from expgrade.grading.errors import UserError
from expgrade.grading.items import ADJUDICATION_KEY, INCLUSION_KEY, is_adjudication, label_row
from expgrade.grading.jsonl import validate_models
from expgrade.grading.labels_io import read_label_rows
from expgrade.grading.schemas import LabelRow

PROVENANCE_KEYS = ("annotator", "annotated_at", "rubric_version", "content_hash", "project", "revision")


def export_rows(store: Store, project: str, *, after_reveal: bool = False) -> list[LabelRow]:
    """One row per submitted label, and one per adjudicated item after its item's labels (the
    decision); `after_reveal` adds the latest later revision of a label, marked."""
    rows: list[LabelRow] = []
    records = store.label_records(project)
    judges = store.item_judges(project, {rec["item"].id for rec in records})
    later = store.revisions_after_reveal(project)
    decisions = store.decisions(project)
    for n, rec in enumerate(records):
        a, item, annotator = rec["assignment"], rec["item"], rec["annotator"]
        revisions = later.get(a.id, [])
        revised = {"revised_after_reveal": _revision(revisions[-1])} if after_reveal and revisions else {}
        artifact = item.content.get("artifact") or {}
        shown = artifact.get("design") or artifact.get("conclusion") or artifact.get("response") or ""
        rows.append(
            label_row(
                item.item_key,
                {
                    "rater": annotator,
                    "label": a.label,
                    "status": a.status,
                    "reason": a.reason,
                    "flags": a.flags,
                    "confidence": a.confidence,
                    "response_length": text_length(shown) or None,
                },
                rater_kind="human",
                **grouping(item),
                extra={
                    "annotator": annotator,
                    "annotated_at": _iso(a.updated_at or a.submitted_at),
                    "first_submitted_at": _iso(a.submitted_at),
                    **_given_against(item, project),
                    # the blind label's revision: the one before the first change after the reveal
                    "revision": revisions[0].revision - 1 if revisions else a.revision,
                    "rationale": a.rationale,
                    "revealed_at": _iso(a.revealed_at),
                    # an admin can see every item's key (its folder and agent) and the judges
                    "blind": rec["role"] != "admin",
                    **_drawn(judges.get(item.id, {})),
                    **revised,
                    **({"source": rec["source"]} if rec["source"] else {}),
                },
            )
        )
        last_of_item = n + 1 == len(records) or records[n + 1]["item"].id != item.id
        if last_of_item and item.id in decisions:
            rows.append(_decided(item, decisions[item.id], project, judges.get(item.id, {})))
    return rows


class Grouped(Protocol):
    """What carries a label row's grouping fields: an item, or a label read as columns."""

    @property
    def subtask(self) -> str | None: ...
    @property
    def criterion(self) -> str | None: ...
    @property
    def task_id(self) -> str | None: ...
    @property
    def submission_id(self) -> str | None: ...
    @property
    def agent_model(self) -> str | None: ...


def grouping(of: Grouped) -> dict[str, Any]:
    """A label row's grouping fields (`label_row`'s keywords), from its item or its label."""
    return {
        "subtask": of.subtask,
        "criterion": of.criterion,
        "task_id": of.task_id,
        "submission_id": of.submission_id,
        "agent_model": of.agent_model,
    }


def _given_against(item: ItemView, project: str) -> dict[str, Any]:
    """Provenance: what a label was given against (rubric version, content hash) and where."""
    return {"rubric_version": item.rubric_version, "content_hash": item.content_hash, "project": project}


def _decided(item: ItemView, d: Decision, project: str, judges: dict[str, Any]) -> LabelRow:
    """The adjudicator's decision as the item's gold row (`extra.adjudication`)."""
    return label_row(
        item.item_key,
        {"rater": d.adjudicator, "label": d.label, "status": d.status, "reason": d.reason},
        rater_kind="human",
        **grouping(item),
        extra={
            "annotator": d.adjudicator,
            "annotated_at": _iso(d.at),
            **_given_against(item, project),
            "revision": d.revision,
            # the adjudicator decides knowing every label (and may see the judges)
            "blind": False,
            ADJUDICATION_KEY: {
                "adjudicator": d.adjudicator,
                "at": _iso(d.at),
                "reason": d.reason,
                "label": d.verdict,
                "revision": d.revision,
                "settled": d.settled,
            },
            **_drawn(judges),
        },
    )


def _revision(r: LabelRevision) -> dict[str, Any]:
    return {
        "after_reveal": True,
        "revision": r.revision,
        "status": r.status,
        "label": r.label,
        "confidence": r.confidence,
        "rationale": r.rationale,
        "flags": r.flags,
        "reason": r.reason,
        "at": _iso(r.at),
    }


def _drawn(judges: dict[str, Any]) -> dict[str, Any]:
    """The item's inclusion probability when an active budget drew it (the report's 1/π weight)."""
    p = judges.get(INCLUSION_KEY)
    return {INCLUSION_KEY: p} if p is not None else {}


def _iso(moment: datetime | None) -> str | None:
    """ISO 8601 in UTC; SQLite hands back naive datetimes for the UTC times we stored."""
    if moment is None:
        return None
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).isoformat()


def validate_gold(path: Path) -> tuple[list[LabelRow], list[str]]:
    """Every problem of a gold label file: bad rows, judge rows, duplicates, missing provenance."""
    if path.suffix.lower() == ".jsonl":
        rows, unreadable = validate_models(path, LabelRow)
        if unreadable:  # not label rows at all: bad input (exit 2), every one named
            raise UserError("\n".join(unreadable))
    else:
        rows = read_label_rows(path)
    problems: list[str] = []
    seen: Counter[tuple[str, str, bool]] = Counter()
    decided: Counter[str] = Counter()
    for n, row in enumerate(rows, start=1):
        where = f"{path}, row {n} (item '{row.item_id}', rater '{row.rater}')"
        if row.rater_kind != "human":
            problems.append(
                f"{where}: field 'rater_kind': a gold set holds human labels, found '{row.rater_kind}'"
            )
        missing = [k for k in PROVENANCE_KEYS if row.extra.get(k) in (None, "")]
        if missing:
            problems.append(f"{where}: missing provenance {', '.join(missing)}")
        # an adjudicator may also have labelled the item: their decision is a row of its own
        adjudicated = is_adjudication(row.extra)
        seen[(row.item_id, row.rater, adjudicated)] += 1
        decided[row.item_id] += adjudicated
    problems.extend(
        f"{path}: item '{item}' has {count} {'adjudication ' if adjudicated else ''}rows from rater "
        f"'{rater}'; expected one"
        for (item, rater, adjudicated), count in seen.items()
        if count > 1
    )
    problems.extend(
        f"{path}: item '{item}' has {count} adjudication rows; expected at most one (its gold)"
        for item, count in decided.items()
        if count > 1
    )
    if not rows and not problems:
        problems.append(f"{path}: no rows")
    return rows, problems


def summary(rows: list[LabelRow]) -> dict[str, Any]:
    return {
        "rows": len(rows),
        "items": len({r.item_id for r in rows}),
        "annotators": len({r.rater for r in rows}),
        "unscorable": sum(r.status == "unscorable" for r in rows),
        "flagged": sum(bool(r.flags) for r in rows),
        "adjudicated": sum(is_adjudication(r.extra) for r in rows),
    }
