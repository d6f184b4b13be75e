"""Adjudication: an adjudicator's decision over an item's blind labels, kept with its trail."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from expgrade.annotation_app.models import Adjudication, Assignment, Item, User, utcnow
from expgrade.annotation_app.store.base import StoreBase, _project
from expgrade.annotation_app.store.labels import _validate
from expgrade.annotation_app.store.users import _check_session, _named_user
from expgrade.annotation_app.store.views import (
    AssignmentView,
    Decision,
    ItemView,
    LabelInput,
    UserView,
    _assignment_view,
    _item_view,
    _user_view,
    opaque_id,
)
from expgrade.grading.errors import UserError


class Adjudications(StoreBase):
    """Gold decisions over disagreeing labels; the blind labels they settle stay as given."""

    def find_item(self, project_name: str, ref: str) -> ItemView:
        """An item of the project by its id (a label row's `item_id`) or the opaque id the app
        shows; an unknown one is a user error naming the project."""
        ref = ref.strip()
        with self._tx() as s:
            project = _project(s, project_name)
            found = _item_ids(s, project.id, [ref]).get(ref)
            row = s.get(Item, found[0]) if found else None
            if row is None:
                raise UserError(
                    f"project '{project_name}' has no item '{ref}' (give the item id the export and "
                    "`adjudicate --list` show, or the opaque id the app shows)",
                    field="--item",
                )
            return _item_view(row, project.name)

    def adjudicator(self, name: str) -> UserView:
        """The user NAME, who must hold the adjudicator role (else a user error: nothing is written)."""
        with self._tx() as s:
            user = _named_user(s, name, "--as")
            _check_adjudicator(user)
            return _user_view(user)

    def adjudicate(
        self, item_id: int, user_id: int, decision: LabelInput, *, session: str | None = None
    ) -> Decision:
        """Record an adjudicator's decision on an item and commit before returning.

        The decision needs a reason and a label on the item's scale (or unscorable); the role is
        checked in the same transaction as the write, as is the browser's session (`submit`).
        The item's submitted labels are copied into the decision as they are now (`settled`)
        and are not changed: the blind labels stay as they were given.
        """
        if not (decision.reason or "").strip():
            raise UserError(
                "an adjudication needs a reason: say why this label is the right one", field="--reason"
            )
        with self._tx() as s:
            _check_session(s, session, user_id)
            user = s.get(User, user_id)
            if user is None:
                raise UserError(f"no user {user_id}")
            _check_adjudicator(user)
            item = s.get(Item, item_id)
            if item is None:
                raise UserError(f"no item {item_id}", field="--item")
            _validate(decision, list(item.scale))
            labels = _submitted(s, item_id)
            if not labels:
                raise UserError(
                    "nobody has labelled this item yet: there is nothing to settle", field="--item"
                )
            settled = [
                {"annotator": name, "label": a.label, "status": a.status, "confidence": a.confidence,
                 "revision": a.revision}
                for name, a in labels
            ]  # fmt: skip
            row = Adjudication(
                item_id=item_id,
                user_id=user_id,
                status="unscorable" if decision.unscorable else "graded",
                label=None if decision.unscorable else decision.label,
                reason=(decision.reason or "").strip(),
                settled=settled,
                at=utcnow(),
            )
            s.add(row)
            s.flush()
            count = s.scalar(select(func.count()).where(Adjudication.item_id == item_id))
            return _decision(row, user.name, int(count or 1))

    def item_labels(self, item_id: int) -> list[tuple[str, AssignmentView]]:
        """Every submitted label of an item with its annotator's name (the adjudicator's view:
        the blind labels, with rationale and confidence)."""
        with self._tx() as s:
            return [(name, _assignment_view(a)) for name, a in _submitted(s, item_id)]

    def decisions(self, project_name: str) -> dict[int, Decision]:
        """Item id -> its newest adjudication (the item's gold), for the items that have one."""
        with self._tx() as s:
            project = _project(s, project_name)
            rows = s.execute(
                select(Adjudication, User.name)
                .join(User, User.id == Adjudication.user_id)
                .join(Item, Item.id == Adjudication.item_id)
                .where(Item.project_id == project.id)
                .order_by(Adjudication.id)
            ).all()
        found: dict[int, Decision] = {}
        for row, name in rows:
            before = found.get(row.item_id)
            found[row.item_id] = _decision(row, name, before.revision + 1 if before else 1)
        return found


def _submitted(s: Session, item_id: int) -> list[tuple[str, Assignment]]:
    """The item's submitted labels with their annotators' names, by name."""
    query = (
        select(User.name, Assignment)
        .join(User, User.id == Assignment.user_id)
        .where(Assignment.item_id == item_id, Assignment.state == "submitted")
        .order_by(User.name)
    )
    return [(name, a) for name, a in s.execute(query)]


def _check_adjudicator(user: User) -> None:
    if not user.adjudicator:
        raise UserError(
            f"'{user.name}' is not an adjudicator, so cannot settle a disagreement; nothing was "
            f"written. Give the role with `expgrade annotate add-user {user.name} --adjudicator` "
            "(which also issues a new token)"
        )


def _decision(row: Adjudication, adjudicator: str, revision: int) -> Decision:
    return Decision(
        row.id, row.item_id, adjudicator, row.status, row.label, row.reason,
        [dict(x) for x in row.settled or []], row.at, revision,
    )  # fmt: skip


def _item_ids(s: Session, project_id: int, refs: Sequence[str]) -> dict[str, tuple[int, list[str]]]:
    """Each ref that names an item of the project -> (item id, scale): by item id (key), else by
    the opaque id the app shows (hashed from every key of the project, only when needed)."""
    query = select(Item.id, Item.item_key, Item.scale).where(Item.project_id == project_id)
    found: dict[str, tuple[int, list[str]]] = {}
    for start in range(0, len(refs), 500):  # keep each IN (...) well under bind limits
        chunk = query.where(Item.item_key.in_(list(refs[start : start + 500])))
        found.update((key, (i, list(scale))) for i, key, scale in s.execute(chunk))
    rest = {r for r in refs if r not in found and len(r) == 10}
    if rest:
        for i, key, scale in s.execute(query):
            if opaque_id(key) in rest:
                found[opaque_id(key)] = (i, list(scale))
    return found
