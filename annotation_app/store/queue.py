"""The queue: which item an annotator is given next, claimed atomically (one of the item's K
slots), and what expires back to the queue."""

from __future__ import annotations

import contextlib
import time
from datetime import timedelta
from typing import Any

from sqlalchemy import exists, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from expgrade.annotation_app.models import Assignment, Item, Project, utcnow
from expgrade.annotation_app.queueing import INJECTION_PRIORITY
from expgrade.annotation_app.store.base import StoreBase, _project
from expgrade.annotation_app.store.views import AssignmentView, _assignment_view

CANDIDATES_PER_CLAIM = 16
#: how long a claim keeps looking while every eligible item is locked by concurrent claims
CLAIM_PATIENCE_S = 10.0


class Queue(StoreBase):
    """Claims: an item is given to an annotator only as one of its K slots, in one transaction."""

    def claim(self, project_name: str, user_id: int) -> AssignmentView | None:
        """The annotator's open claim if they have one (resume), else a new claim, else None.

        A new claim takes the lowest free slot of the first eligible item in queue order;
        a slot taken concurrently by someone else shows up as an IntegrityError on the
        unique (item, slot) constraint, and the next candidate is tried.
        """
        with self._tx() as s:
            project = _project(s, project_name)
            own = _open_claim(s, project, user_id)
            if own is not None:
                return _assignment_view(own)
            claimed = self._claim_new(s, project, user_id)
            if claimed is None and self._expire_stale(s, project) > 0:
                claimed = self._claim_new(s, project, user_id)
            return claimed

    def peek(self, project_name: str, user_id: int, after: int | None = None) -> int | None:
        """The item `claim` would give this annotator once the claim `after` is done, read and
        not taken: the page draws it ahead (hidden) so that a press shows it at once.

        Nothing is written: the item is not held, not counted as seen and cannot be labelled
        (there is no assignment to label) until `claim` makes it current, and meanwhile it
        can be served to someone else, when the page shows what `claim` gives instead. An
        open claim other than `after` comes first, as it does for `claim`; then the first
        item in queue order with a free slot.
        """
        with self._tx() as s:
            project = _project(s, project_name)
            own = _open_claim(s, project, user_id, other_than=after)
            if own is not None:
                return own.item_id
            first = self._candidates(s, project, user_id, 1)
            return first[0] if first else None

    def _candidates(
        self, s: Session, project: Project, user_id: int, limit: int | None, *, lock: bool = False
    ) -> list[int]:
        """Items with a free slot that this annotator has never held, in queue order.

        With `lock` on PostgreSQL the rows are locked FOR UPDATE SKIP LOCKED, so concurrent
        claimers spread over different items instead of colliding on the first one.
        """
        mine = exists().where(Assignment.item_id == Item.id, Assignment.user_id == user_id)
        open_items = (Item.project_id == project.id, Item.held < project.overlap, ~mine)
        lanes: list[tuple[tuple[Any, ...], tuple[Any, ...]]]
        if project.active_queue:
            lanes = [(open_items, (Item.active_rank, Item.seq))]
        else:
            # Items flagged prompt_injection lead (the active ranks put them first too). Two
            # lanes, each walking an index in order and stopping at `limit`, rather than one
            # ORDER BY over a CASE, which sorts every open item of the project on every claim.
            # The second lane walks every open item in load order (the index on project, seq)
            # and drops the flagged ones the first lane already gave.
            flagged = Item.priority >= INJECTION_PRIORITY
            lanes = [((*open_items, flagged), (Item.seq,)), (open_items, (Item.seq,))]
        found: list[int] = []
        for where, order in lanes:
            query = select(Item.id).where(*where).order_by(*order)
            if limit is not None:
                query = query.limit(limit)
            if lock and s.get_bind().dialect.name == "postgresql":
                query = query.with_for_update(skip_locked=True, of=Item)
            found.extend(i for i in s.scalars(query) if i not in found)
            if limit is not None and len(found) >= limit:
                return found[:limit]
        return found

    def _claim_new(self, s: Session, project: Project, user_id: int) -> AssignmentView | None:
        deadline = time.monotonic() + CLAIM_PATIENCE_S
        postgres = s.get_bind().dialect.name == "postgresql"
        while True:
            for item_id in self._candidates(s, project, user_id, CANDIDATES_PER_CLAIM, lock=True):
                slot = free_slot(s, item_id, project.overlap)
                if slot is None:
                    continue
                # A savepoint lets PostgreSQL go on after a slot taken concurrently. SQLite needs
                # none (and saves two statements a claim): its transactions are BEGIN IMMEDIATE,
                # so nobody writes between our read of the free slot and this insert.
                guard = s.begin_nested() if postgres else contextlib.nullcontext()
                try:
                    with guard:
                        row = Assignment(
                            item_id=item_id, user_id=user_id, slot=slot, state="open", claimed_at=utcnow()
                        )
                        s.add(row)
                        s.flush()
                except IntegrityError:
                    continue  # someone took this slot (or item) a moment ago
                adjust_held(s, item_id, +1)
                return _assignment_view(row)
            # Nothing claimable right now: done if nothing is eligible at all, else the
            # eligible items were locked or taken by concurrent claims; look again.
            if not self._candidates(s, project, user_id, 1) or time.monotonic() > deadline:
                return None
            time.sleep(0.002)

    def _expire_stale(self, s: Session, project: Project) -> int:
        cutoff = utcnow() - timedelta(seconds=project.claim_ttl_s)
        in_project = select(Item.id).where(Item.project_id == project.id)
        stale = s.scalars(
            select(Assignment).where(
                Assignment.state == "open", Assignment.claimed_at < cutoff, Assignment.item_id.in_(in_project)
            )
        ).all()
        for a in stale:
            release(s, a, "expired")
        return len(stale)

    def available(self, project_name: str, user_id: int) -> int:
        """How many more items this annotator could still be given."""
        with self._tx() as s:
            project = _project(s, project_name)
            mine = exists().where(Assignment.item_id == Item.id, Assignment.user_id == user_id)
            query = select(func.count()).where(
                Item.project_id == project.id, Item.held < project.overlap, ~mine
            )
            return int(s.scalar(query) or 0)


def free_slot(s: Session, item_id: int, overlap: int) -> int | None:
    taken = set(
        s.scalars(select(Assignment.slot).where(Assignment.item_id == item_id, Assignment.slot.is_not(None)))
    )
    return next((slot for slot in range(overlap) if slot not in taken), None)


def adjust_held(s: Session, item_id: int, delta: int) -> None:
    s.execute(update(Item).where(Item.id == item_id).values(held=Item.held + delta))


def release(s: Session, a: Assignment, state: str) -> None:
    """Give the assignment's slot back to the queue (skip, expiry)."""
    if a.slot is not None:
        adjust_held(s, a.item_id, -1)
    a.state, a.slot = state, None


def _open_claim(
    s: Session, project: Project, user_id: int, other_than: int | None = None
) -> Assignment | None:
    """The annotator's oldest open claim in the project (a reload resumes on it)."""
    query = (
        select(Assignment)
        .join(Item, Item.id == Assignment.item_id)
        .where(Item.project_id == project.id, Assignment.user_id == user_id, Assignment.state == "open")
    )
    if other_than is not None:
        query = query.where(Assignment.id != other_than)
    return s.scalar(query.order_by(Assignment.claimed_at).limit(1))
