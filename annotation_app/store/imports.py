"""Labels made outside the app, stored as submitted labels in one transaction."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from expgrade.annotation_app.models import Assignment, User, utcnow
from expgrade.annotation_app.store.adjudication import _item_ids
from expgrade.annotation_app.store.base import StoreBase, _project
from expgrade.annotation_app.store.labels import _event, _validate
from expgrade.annotation_app.store.queue import adjust_held, free_slot
from expgrade.annotation_app.store.views import ImportedLabel, ImportResult
from expgrade.grading.errors import UserError


class Imports(StoreBase):
    """Labels from other tools, all-or-nothing, taking the item's K places like the app's."""

    def import_labels(self, project_name: str, labels: Sequence[ImportedLabel], *, file: str) -> ImportResult:
        """Store labels made outside the app as submitted labels of their named annotators
        (created as annotators where new), all in one transaction: an item not in the project,
        a label not on the item's scale or a second label of one annotator on one item (in the
        file, or already in the store) is a user error naming its record, and nothing is written.

        An imported label takes one of the item's K places when one is free (so the queue
        serves the item to fewer people), else it is stored beside the K.
        """
        with self._tx() as s:
            project = _project(s, project_name)
            items = _item_ids(s, project.id, sorted({lab.item.strip() for lab in labels}))
            names = sorted({lab.annotator for lab in labels})
            users = {u.name: u for u in s.scalars(select(User).where(User.name.in_(names)))}
            taken = _holders(s, [i for i, _ in items.values()])
            seen: dict[tuple[int, str], str] = {}
            for lab in labels:
                found = items.get(lab.item.strip())
                if found is None:
                    raise UserError(f"item '{lab.item}' is not in project '{project_name}'", file=file,
                                    record=lab.where, field="item_id")  # fmt: skip
                item_id, scale = found
                try:
                    _validate(lab.decision, scale)
                except UserError as exc:
                    raise UserError(exc.message, file=file, record=lab.where, field="label") from None
                key = (item_id, lab.annotator)
                if key in seen:
                    raise UserError(
                        f"'{lab.annotator}' labels item '{lab.item}' twice (first at {seen[key]}); "
                        "an annotator gives one label per item: keep one and import again",
                        file=file, record=lab.where,
                    )  # fmt: skip
                seen[key] = lab.where
                user = users.get(lab.annotator)
                if user is not None and (item_id, user.id) in taken:
                    raise UserError(
                        f"'{lab.annotator}' already has a label or a claim on item '{lab.item}' in "
                        f"project '{project_name}'; an annotator gives one label per item",
                        file=file, record=lab.where,
                    )  # fmt: skip
            created = [name for name in names if name not in users]
            for name in created:
                users[name] = User(name=name, role="annotator")
                s.add(users[name])
            s.flush()
            now = utcnow()
            for lab in labels:
                item_id, scale = items[lab.item.strip()]
                slot = free_slot(s, item_id, project.overlap)
                d = lab.decision
                row = Assignment(
                    item_id=item_id, user_id=users[lab.annotator].id, slot=slot, state="submitted",
                    claimed_at=lab.at or now, status="unscorable" if d.unscorable else "graded",
                    label=None if d.unscorable else d.label, confidence=d.confidence,
                    rationale=d.rationale, flags=sorted(set(d.flags)), reason=d.reason,
                    submitted_at=lab.at or now, updated_at=lab.at or now, revision=1, source=lab.source,
                )  # fmt: skip
                s.add(row)
                s.flush()
                if slot is not None:
                    adjust_held(s, item_id, +1)
                s.add(_event(row, "import"))
            return ImportResult(len(labels), len({items[lab.item.strip()][0] for lab in labels}), created)


def _holders(s: Session, item_ids: list[int]) -> set[tuple[int, int]]:
    """(item, user) of every assignment on these items, whatever its state (one per pair)."""
    held: set[tuple[int, int]] = set()
    for start in range(0, len(item_ids), 500):
        chunk = item_ids[start : start + 500]
        query = select(Assignment.item_id, Assignment.user_id).where(Assignment.item_id.in_(chunk))
        held.update((i, u) for i, u in s.execute(query))
    return held
