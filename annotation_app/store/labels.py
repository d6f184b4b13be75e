"""Labels: submit, skip and edit a claim (each one short committed transaction), their history,
the reveal after one's own label, and the revisions kept beside the blind label."""

from __future__ import annotations

from dataclasses import fields as dataclass_fields
from dataclasses import replace
from typing import Any

from sqlalchemy import Connection, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, load_only

from expgrade.annotation_app.models import Assignment, Base, Item, LabelEvent, Project, User, utcnow
from expgrade.annotation_app.store.base import StoreBase, _aware, _project
from expgrade.annotation_app.store.queue import adjust_held, free_slot, hold_ttl, release
from expgrade.annotation_app.store.users import _check_session
from expgrade.annotation_app.store.views import (
    AssignmentView,
    ClaimLost,
    HoldLost,
    ItemView,
    LabelEntry,
    LabelInput,
    LabelRevision,
    Reveal,
    StaleClaim,
    _assignment_view,
    _item_view,
    opaque_id,
)
from expgrade.grading.errors import UserError

#: the tables a submit writes with Core statements (see `Labels._submit`)
ASSIGNMENTS = Base.metadata.tables["assignments"]
EVENTS = Base.metadata.tables["label_events"]


class Labels(StoreBase):
    """What an annotator decided, written only against the claim and revision they saw."""

    def _own(self, s: Session, assignment_id: int, user_id: int) -> tuple[Assignment, Item, Project]:
        # only what a write checks: the item's content (possibly large JSON) is not decoded on
        # every submit; an attribute not loaded here is fetched if a caller reads it
        query = (
            select(Assignment, Item, Project)
            .join(Item, Item.id == Assignment.item_id)
            .join(Project, Project.id == Item.project_id)
            .where(Assignment.id == assignment_id)
            .options(load_only(Item.id, Item.scale), load_only(Project.id, Project.overlap))
        )
        if s.get_bind().dialect.name == "postgresql":
            query = query.with_for_update(of=Assignment)
        row = s.execute(query).first()
        if row is None or row[0].user_id != user_id:
            raise UserError(f"assignment {assignment_id} is not yours")
        return row[0], row[1], row[2]

    def submit(
        self,
        assignment_id: int,
        user_id: int,
        decision: LabelInput,
        *,
        revision: int | None = None,
        session: str | None = None,
    ) -> AssignmentView:
        """Record a label (first submit or an edit) and commit before returning.

        `revision` is the revision of the claim the annotator was looking at; when it is no
        longer current (another tab or press got there first) nothing is written and
        StaleClaim says so. None records the decision as a new revision whatever came before.
        An edit bumps the revision and appends to the history; an edit after the reveal
        (`reveal`) leaves the blind label as it was and is stored as its own revision marked
        `after_reveal`. A claim that expired while the annotator was away takes a free slot
        again, or raises ClaimLost when the item meanwhile got its K labels from others.
        `session` (the browser's sign-in session) must still be live, checked in the same
        transaction as the write, else SessionEnded and nothing is written.
        """
        try:
            return self._submit(assignment_id, user_id, decision, revision, session)
        except IntegrityError:  # an expired claim's slot was taken between our read and write
            raise ClaimLost("your claim on this item expired and others have completed it") from None

    def submit_held(
        self,
        hold_id: int,
        user_id: int,
        public_id: str,
        decision: LabelInput,
        *,
        session: str | None = None,
    ) -> AssignmentView:
        """A press on the copy of the item drawn ahead (shown by a key before the app has made it
        the claim): the held item is claimed and labelled in one transaction, with `submit`'s
        checks, so the next item takes a key the moment it is shown.

        The hold must be this annotator's open assignment on the item the press named
        (`public_id`, the id on screen: a row id alone could name another item once a lapsed
        hold's row is gone) and must not have lapsed (HOLD_TTL_S from when it was taken, while
        it is still a hold: once the claim before it is done it is the claim, under the claim's
        TTL); else HoldLost and nothing is written. The same press again (the label it stored,
        nothing after it) writes nothing and returns the label; another verdict is StaleClaim,
        as a second press on a claim is, and never rewrites the label.
        """
        with self._tx() as s:
            _check_session(s, session, user_id)
            query = (
                select(Assignment, Item.item_key, Project)
                .join(Item, Item.id == Assignment.item_id)
                .join(Project, Project.id == Item.project_id)
                .where(Assignment.id == hold_id)
            )
            if s.get_bind().dialect.name == "postgresql":
                query = query.with_for_update(of=Assignment)
            row = s.execute(query).first()
            lost = HoldLost(
                f"Not saved: item {public_id} was no longer held for you (its hold lapsed and went "
                "back to the queue). Nothing was stored; press again on the item now on screen."
            )
            if row is None or row[0].user_id != user_id or opaque_id(row[1]) != public_id:
                raise lost
            a, _, project = row
            label, status = (None, "unscorable") if decision.unscorable else (decision.label, "graded")
            again = ("submitted", 1, None, label, status)
            if (a.state, a.revision, a.revealed_at, a.label, a.status) == again:
                return _assignment_view(a)  # this press, again
            if a.state == "expired" or (a.state == "open" and self._lapsed(s, a, project)):
                raise lost
            return self._write(s, hold_id, user_id, decision, revision=0)

    @staticmethod
    def _lapsed(s: Session, a: Assignment, project: Project) -> bool:
        """The open assignment is a hold (its annotator has an older open one, their claim) and
        was taken longer ago than a hold lasts (`queue.hold_ttl`)."""
        if _aware(a.claimed_at) + hold_ttl(project) > utcnow():
            return False
        older = (
            select(Assignment.id)
            .join(Item, Item.id == Assignment.item_id)
            .where(
                Assignment.user_id == a.user_id,
                Assignment.state == "open",
                Assignment.id < a.id,
                Item.project_id == project.id,
            )
        )
        return s.scalar(older.limit(1)) is not None

    def _submit(
        self,
        assignment_id: int,
        user_id: int,
        decision: LabelInput,
        revision: int | None,
        session: str | None,
    ) -> AssignmentView:
        # Core statements on the session's connection, not ORM objects: under 20 writers every
        # submit waits for the others' transactions (one SQLite writer; two shared cores), so
        # the Python time spent inside one (loading three entities, the unit of work's flush)
        # is paid ~20 times over in the queue. Same statements on the database: one read of
        # the claim, one UPDATE, one INSERT of the history row.
        with self._tx() as s:
            _check_session(s, session, user_id)
            return self._write(s, assignment_id, user_id, decision, revision)

    def _write(
        self, s: Session, assignment_id: int, user_id: int, decision: LabelInput, revision: int | None
    ) -> AssignmentView:
        """`submit`'s checks and writes, inside the caller's transaction."""
        conn = s.connection()
        a, scale, overlap = self._own_row(conn, assignment_id, user_id)
        _validate(decision, scale)
        _check_current(a, revision)
        if a.revealed_at is not None and a.state == "submitted":
            a = replace(a, revision=a.revision + 1)
            conn.execute(update(ASSIGNMENTS).where(ASSIGNMENTS.c.id == a.id).values(revision=a.revision))
            conn.execute(insert(EVENTS).values(_event_values(a, "revise", decision, after_reveal=True)))
            return a
        if a.state == "skipped":
            raise UserError("this item was skipped; it cannot be labelled any more")
        changes: dict[str, Any] = {}
        if a.state == "expired":
            slot = free_slot(s, a.item_id, overlap)
            if slot is None:
                raise ClaimLost("your claim on this item expired and others have completed it")
            changes["slot"] = slot
            adjust_held(s, a.item_id, +1)
        kind = "edit" if a.state == "submitted" else "submit"
        now = utcnow()
        written: dict[str, Any] = {
            "state": "submitted",
            "status": "unscorable" if decision.unscorable else "graded",
            "label": None if decision.unscorable else decision.label,
            "confidence": decision.confidence,
            "rationale": decision.rationale,
            "flags": sorted(set(decision.flags)),
            "reason": decision.reason,
            "revision": a.revision + 1,
            "updated_at": now,
            "submitted_at": a.submitted_at or now,
        }
        conn.execute(update(ASSIGNMENTS).where(ASSIGNMENTS.c.id == a.id).values(**written, **changes))
        a = replace(a, **written)
        conn.execute(insert(EVENTS).values(_event_values(a, kind)))
        return a

    def _own_row(
        self, conn: Connection, assignment_id: int, user_id: int
    ) -> tuple[AssignmentView, list[str], int]:
        """The caller's claim as it now is, its item's scale and its project's overlap K, as
        columns (locked on PostgreSQL until the transaction ends, as `_own` does)."""
        fields = [f.name for f in dataclass_fields(AssignmentView)]
        query = (
            select(*(ASSIGNMENTS.c[f] for f in fields), Item.scale, Project.overlap)
            .join(Item, Item.id == ASSIGNMENTS.c.item_id)
            .join(Project, Project.id == Item.project_id)
            .where(ASSIGNMENTS.c.id == assignment_id)
        )
        if conn.dialect.name == "postgresql":
            query = query.with_for_update(of=ASSIGNMENTS)
        row = conn.execute(query).first()
        if row is None or row.user_id != user_id:
            raise UserError(f"assignment {assignment_id} is not yours")
        view = AssignmentView(*row[: len(fields)])
        return replace(view, flags=list(view.flags or [])), row.scale, row.overlap

    def skip(
        self,
        assignment_id: int,
        user_id: int,
        reason: str,
        *,
        revision: int | None = None,
        session: str | None = None,
    ) -> None:
        """Give the item back to the queue for others; it will not come back to this annotator."""
        if not reason.strip():
            raise UserError("a skip needs a reason")
        with self._tx() as s:
            _check_session(s, session, user_id)
            a, _, _ = self._own(s, assignment_id, user_id)
            _check_current(a, revision)
            if a.state == "submitted":
                raise UserError("this item is already labelled; edit the label instead of skipping")
            release(s, a, "skipped")
            a.reason = reason.strip()
            a.revision += 1
            a.updated_at = utcnow()
            s.add(_event(a, "skip"))

    def assignment(self, assignment_id: int) -> AssignmentView:
        with self._tx() as s:
            a = s.get(Assignment, assignment_id)
            if a is None:
                raise UserError(f"no assignment {assignment_id}")
            return _assignment_view(a)

    def history(self, assignment_id: int) -> list[dict[str, Any]]:
        with self._tx() as s:
            events = s.scalars(
                select(LabelEvent).where(LabelEvent.assignment_id == assignment_id).order_by(LabelEvent.id)
            )
            return [
                {
                    "revision": e.revision,
                    "kind": e.kind,
                    "status": e.status,
                    "label": e.label,
                    "confidence": e.confidence,
                    "rationale": e.rationale,
                    "flags": e.flags,
                    "reason": e.reason,
                    "after_reveal": e.after_reveal,
                    "at": e.at,
                }
                for e in events
            ]

    def reveal(self, assignment_id: int, user_id: int) -> Reveal:
        """The judges' verdicts and the other annotators' labels, for one's own submitted label
        only; the first call stamps `revealed_at`, after which the blind label is frozen and
        changes are kept as revisions after the reveal."""
        with self._tx() as s:
            a, item, _ = self._own(s, assignment_id, user_id)
            if a.state != "submitted":
                raise UserError("the judges and the others' labels show only once you have labelled the item")
            if a.revealed_at is None:
                a.revealed_at = utcnow()
            rows = s.execute(
                select(User.name, Assignment)
                .join(User, User.id == Assignment.user_id)
                .where(
                    Assignment.item_id == item.id,
                    Assignment.user_id != user_id,
                    Assignment.state == "submitted",
                )
                .order_by(User.name)
            ).all()
            return Reveal(dict(item.judges), [(name, _assignment_view(o)) for name, o in rows])

    def revisions_after_reveal(self, project_name: str) -> dict[int, list[LabelRevision]]:
        """Each assignment's revisions after the reveal, oldest first (for the export)."""
        with self._tx() as s:
            project = _project(s, project_name)
            events = s.scalars(
                select(LabelEvent)
                .join(Assignment, Assignment.id == LabelEvent.assignment_id)
                .join(Item, Item.id == Assignment.item_id)
                .where(Item.project_id == project.id, LabelEvent.after_reveal.is_(True))
                .order_by(LabelEvent.id)
            )
            found: dict[int, list[LabelRevision]] = {}
            for e in events:
                found.setdefault(e.assignment_id, []).append(
                    LabelRevision(
                        e.revision,
                        e.status,
                        e.label,
                        e.confidence,
                        e.rationale,
                        list(e.flags or []),
                        e.reason,
                        e.at,
                    )
                )
            return found

    def my_submitted(self, project_name: str, user_id: int) -> list[tuple[AssignmentView, ItemView]]:
        """This annotator's labels in the project, newest first (for reopening and editing)."""
        with self._tx() as s:
            project = _project(s, project_name)
            rows = s.execute(
                select(Assignment, Item)
                .join(Item, Item.id == Assignment.item_id)
                .where(
                    Item.project_id == project.id,
                    Assignment.user_id == user_id,
                    Assignment.state == "submitted",
                )
                .order_by(Assignment.submitted_at.desc(), Assignment.id.desc())
            ).all()
            return [(_assignment_view(a), _item_view(i, project.name)) for a, i in rows]

    def my_labels(self, project_name: str, user_id: int, limit: int) -> tuple[list[LabelEntry], int]:
        """The newest `limit` of this annotator's labels, named without their items' content, and
        how many there are: what every key press redraws, so its cost does not grow with the
        annotator's history (`my_submitted` decoded every labelled item's content)."""
        with self._tx() as s:
            project = _project(s, project_name)
            mine = (
                Assignment.user_id == user_id,
                Assignment.state == "submitted",
                Item.project_id == project.id,
            )
            columns = (
                *(Assignment.id, Assignment.label, Assignment.status),
                *(Item.item_key, Item.task_id, Item.subtask, Item.criterion),
            )
            rows = s.execute(
                select(*columns)
                .join(Item, Item.id == Assignment.item_id)
                .where(*mine)
                .order_by(Assignment.submitted_at.desc(), Assignment.id.desc())
                .limit(limit)
            )
            entries = [LabelEntry._make(row) for row in rows]
            counted = select(func.count()).select_from(Assignment).join(Item, Item.id == Assignment.item_id)
            total = s.scalar(counted.where(*mine))
            return entries, int(total or 0)

    def judges(self, item_id: int) -> dict[str, Any]:
        """An item's judge side, for admins and tests; annotators get it through `reveal`."""
        with self._tx() as s:
            row = s.get(Item, item_id)
            return dict(row.judges) if row else {}


def _check_current(a: Assignment | AssignmentView, revision: int | None) -> None:
    if revision is None or a.revision == revision:
        return
    done = {"submitted": f"labelled '{a.label or a.status}'", "skipped": "skipped", "expired": "expired"}
    raise StaleClaim(
        f"Not saved: this item was already {done.get(a.state, a.state)} (revision {a.revision}) "
        "from another tab or an earlier press.",
        a if isinstance(a, AssignmentView) else _assignment_view(a),
    )


def _validate(decision: LabelInput, scale: list[str]) -> None:
    if decision.unscorable:
        if not (decision.reason or "").strip():
            raise UserError("marking an item unscorable needs a reason")
    elif decision.label not in scale:
        raise UserError(f"label '{decision.label}' is not on this item's scale ({', '.join(scale)})")
    if decision.confidence is not None and not 0.0 <= decision.confidence <= 1.0:
        raise UserError("confidence must be between 0 and 1")
    if decision.flags and not (decision.reason or "").strip():
        raise UserError("a flag needs a reason")


def _event(
    a: Assignment, kind: str, decision: LabelInput | None = None, *, after_reveal: bool = False
) -> LabelEvent:
    """The history row of a write (ORM), as `_event_values` describes it."""
    return LabelEvent(**_event_values(a, kind, decision, after_reveal=after_reveal))


def _event_values(
    a: Assignment | AssignmentView,
    kind: str,
    decision: LabelInput | None = None,
    *,
    after_reveal: bool = False,
) -> dict[str, Any]:
    """The history row of a write: the assignment as it now is, or (after the reveal) the
    decision that was kept beside it."""
    if decision is None:
        status, label = a.status, a.label
        confidence, rationale, flags, reason = a.confidence, a.rationale, list(a.flags or []), a.reason
    else:
        status = "unscorable" if decision.unscorable else "graded"
        label = None if decision.unscorable else decision.label
        confidence, rationale = decision.confidence, decision.rationale
        flags, reason = sorted(set(decision.flags)), decision.reason
    return {
        "assignment_id": a.id,
        "kind": kind,
        "revision": a.revision,
        "status": status,
        "label": label,
        "confidence": confidence,
        "rationale": rationale,
        "flags": flags,
        "reason": reason,
        "after_reveal": after_reveal,
        "at": utcnow(),
    }
