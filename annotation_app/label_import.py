"""Labels made outside the app, read for `expgrade annotate import-labels`.

Two kinds of file:

* **expgrade's label table** (`.jsonl`, `.csv`, `.parquet`; docs/formats.md §5): one row per
  item × person, `rater` naming the annotator; `extra.rationale` is kept as the rationale.
  Judge rows are refused: this imports people's labels.
* **Label Studio's JSON export** (`.json`): the array of tasks Label Studio's "JSON" export
  writes, each `{"id", "data": {...}, "annotations": [{"id", "completed_by", "result": [...],
  "was_cancelled", "created_at", ...}]}`. The item id is read from the task's `data` (the field
  the team put it in when they imported the items into Label Studio: `item_id` unless told);
  the label is the one choice of a `choices` result (`value.choices`), the rationale the text
  of a `textarea` result. `completed_by` is the user's id, or, in exports that expand it,
  `{"id", "email", "first_name", "last_name"}`: the annotator is then named by the e-mail. A
  cancelled (skipped) annotation is no label and is left out.

Each label is attributed to its named annotator and carries where it came from (`extra.source`
of the exported row: format, file, record), so a gold set says which labels were made in the
app and which elsewhere.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from expgrade.annotation_app.loaders import editor_lines
from expgrade.annotation_app.store import ImportedLabel, LabelInput
from expgrade.grading.errors import UserError
from expgrade.grading.jsonl import load_json
from expgrade.grading.labels_io import read_located_label_rows

#: the `data` field of a Label Studio task that holds the expgrade item id, unless told otherwise
ID_FIELD = "item_id"


def read_labels(
    path: Path, fmt: str = "auto", *, id_field: str = ID_FIELD, from_name: str | None = None
) -> list[ImportedLabel]:
    """Every label of the file, each with where it is; a malformed record is a user error naming it.

    `fmt`: `auto` (Label Studio for `.json`, else an expgrade label table), `expgrade` or
    `label-studio`."""
    if fmt == "auto":
        fmt = "label-studio" if path.suffix.lower() == ".json" else "expgrade"
    labels = label_studio(path, id_field, from_name) if fmt == "label-studio" else label_table(path)
    if not labels:
        raise UserError("no labels in this file", file=path)
    return labels


def label_table(path: Path) -> list[ImportedLabel]:
    """People's labels from an expgrade label table."""
    labels = []
    for where, row in editor_lines(path, read_located_label_rows(path)):
        if row.rater_kind != "human":
            raise UserError(
                f"a {row.rater_kind}'s row ('{row.rater}'): import-labels takes people's labels "
                "(rater_kind human)",
                file=path,
                record=where,
                field="rater_kind",
            )
        rationale = row.extra.get("rationale")
        labels.append(
            ImportedLabel(
                where=where,
                item=row.item_id,
                annotator=row.rater,
                decision=LabelInput(
                    label=row.label,
                    confidence=row.confidence,
                    rationale=rationale if isinstance(rationale, str) else None,
                    flags=list(row.flags),
                    reason=row.reason,
                    unscorable=row.status == "unscorable",
                ),
                source={"format": "expgrade", "file": path.name, "record": where},
                at=_when(row.extra.get("annotated_at")),
            )
        )
    return labels


def label_studio(path: Path, id_field: str = ID_FIELD, from_name: str | None = None) -> list[ImportedLabel]:
    """People's labels from Label Studio's JSON export (see the module docstring)."""
    tasks = load_json(path)
    if not isinstance(tasks, list):
        raise UserError(
            "expected Label Studio's JSON export: an array of tasks, each with 'data' and "
            "'annotations' (for an expgrade label table, use .jsonl or .csv)",
            file=path,
        )
    labels = []
    for n, task in enumerate(tasks, start=1):
        where = f"task {n}" + (f" (id {task.get('id')})" if isinstance(task, dict) and "id" in task else "")
        if not isinstance(task, dict) or not isinstance(task.get("data"), dict):
            raise UserError("a task needs a 'data' object", file=path, record=where, field="data")
        item = task["data"].get(id_field)
        if not isinstance(item, str | int) or not str(item).strip():
            raise UserError(
                f"the task's data has no '{id_field}': put each item's expgrade id in that field "
                "when importing the items into Label Studio, or name the field with --id-field",
                file=path,
                record=where,
                field=f"data.{id_field}",
            )
        annotations = task.get("annotations") or []
        if not isinstance(annotations, list):
            raise UserError("'annotations' must be a list", file=path, record=where, field="annotations")
        for m, ann in enumerate(annotations, start=1):
            at = f"{where}, annotation {m}"
            if not isinstance(ann, dict):
                raise UserError("an annotation must be an object", file=path, record=at)
            if ann.get("was_cancelled"):
                continue
            labels.append(
                ImportedLabel(
                    where=at,
                    item=str(item).strip(),
                    annotator=_annotator(ann.get("completed_by"), path, at),
                    decision=LabelInput(
                        label=_choice(ann.get("result"), from_name, path, at),
                        rationale=_text(ann.get("result")),
                    ),
                    source={
                        "format": "label-studio",
                        "file": path.name,
                        "record": at,
                        "task": task.get("id"),
                        "annotation": ann.get("id"),
                    },
                    at=_when(ann.get("updated_at") or ann.get("created_at")),
                )
            )
    return labels


def _annotator(completed_by: Any, path: Path, where: str) -> str:
    """Label Studio's `completed_by`: a user id, or the expanded user (named by e-mail)."""
    if isinstance(completed_by, dict):
        name = (
            completed_by.get("email")
            or " ".join(str(completed_by.get(k) or "") for k in ("first_name", "last_name")).strip()
        )
        completed_by = name or completed_by.get("id")
    if isinstance(completed_by, bool) or completed_by in (None, ""):
        raise UserError("the annotation names no annotator", file=path, record=where, field="completed_by")
    return f"label-studio-user-{completed_by}" if isinstance(completed_by, int) else str(completed_by)


def _choice(result: Any, from_name: str | None, path: Path, where: str) -> str:
    """The one choice of the annotation's `choices` result (of control `from_name`, if given)."""
    regions = [r for r in result or [] if isinstance(r, dict) and r.get("type") == "choices"]
    if from_name is not None:
        regions = [r for r in regions if r.get("from_name") == from_name]
    controls = sorted({str(r.get("from_name")) for r in regions})
    if len(controls) > 1:
        raise UserError(
            f"the annotation answers several choice controls ({', '.join(controls)}); name the "
            "one holding the verdict with --from-name",
            file=path,
            record=where,
            field="result",
        )
    chosen = [c for r in regions for c in (r.get("value") or {}).get("choices") or []]
    if len(chosen) != 1:
        found = "no choice" if not chosen else f"{len(chosen)} choices ({', '.join(map(str, chosen))})"
        raise UserError(
            f"expected one choice (the verdict), found {found}", file=path, record=where, field="result"
        )
    return str(chosen[0])


def _text(result: Any) -> str | None:
    """The annotation's free text (`textarea` results), as the rationale."""
    texts = [
        str(t)
        for r in result or []
        if isinstance(r, dict) and r.get("type") == "textarea"
        for t in (r.get("value") or {}).get("text") or []
    ]
    return "\n".join(texts) or None


def _when(value: Any) -> datetime | None:
    """An ISO 8601 time from the file, or None (the import's own time is used)."""
    if not isinstance(value, str) or not value:
        return None
    try:
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
