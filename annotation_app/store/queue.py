"""The queue: which item an annotator is given next, claimed atomically (one of the item's K
slots), the item held for them next (the page's look-ahead), and what expires back to the queue.

A hold is a claim taken ahead: an open assignment on one of the item's K slots, so every
other annotator's claim skips it as it skips any full item, with any overlap, on SQLite and
PostgreSQL alike (the same unique (item, slot) constraint). An annotator's oldest open
assignment is their claim (the item on screen); a younger one is their hold. When the claim
is labelled or skipped the hold is the oldest, so `claim` gives it: the item the page drew
ahead is the item the annotator gets. A hold lapses HOLD_TTL_S after it was taken (a tab left
open, a person gone): it is deleted, not marked expired, since nobody labelled it, and its
annotator may be given the item again later.
"""

from __future__ import annotations

import contextlib
import time
from datetime import timedelta
from typing import Any

from sqlalchemy import and_, exists, func, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, aliased

from expgrade.annotation_app.models import Assignment, Item, Project, User, utcnow
from expgrade.annotation_app.queueing import INJECTION_PRIORITY
from expgrade.annotation_app.store.base import StoreBase, _aware, _project
from expgrade.annotation_app.store.views import AssignmentView, Hold, _assignment_view

CANDIDATES_PER_CLAIM = 16
#: how long a claim keeps looking while every eligible item is locked by concurrent claims
CLAIM_PATIENCE_S = 10.0
#: how long the item held for an annotator's next press stays theirs: long enough to read an
#: item and press (the page shows the held item at once only while its hold has time left),
#: short against the claim's hour, since a tab left open keeps a second item from the others
HOLD_TTL_S = 300


class Queue(StoreBase):
    """Claims: an item is given to an annotator only as one of its K slots, in one transaction."""

    def claim(self, project_name: str, user_id: int) -> AssignmentView | None:
        """The annotator's open claim if they have one (resume), else a new claim, else None.

        The open claim is the oldest of their open assignments: once the item on screen is
        labelled, that is the hold the page drew ahead. A new claim takes the lowest free slot
        of the first eligible item in queue order; a slot taken concurrently by someone else
        shows up as an IntegrityError on the unique (item, slot) constraint, and the next
        candidate is tried.
        """
        with self._tx() as s:
            project = _project(s, project_name)
            own = _open_claim(s, project, user_id)
            if own is not None:
                return _assignment_view(own)
            claimed = self._claim_new(s, project, user_id)
            if claimed is None and self._expire_stale(s, project) > 0:
                claimed = self._claim_new(s, project, user_id)
            return None if claimed is None else _assignment_view(claimed)

    def hold_next(self, project_name: str, user_id: int, after: int) -> Hold | None:
        """The item this annotator gets once their claim `after` is done, held for them: the
        page draws it ahead (hidden) so that a press shows it at once, and it must be the item
        the press leads to, so nobody else may take it meanwhile.

        Their open assignment other than `after` if they have one (the hold taken on an earlier
        drawing of the page), else a new one on the first item in queue order with a free slot,
        taken as `claim` takes one. Not labelled yet, it is not their claim: its form stays
        disabled until the claim before it is done, and it lapses after HOLD_TTL_S.
        """
        with self._tx() as s:
            project = _project(s, project_name)
            held = _open_claim(s, project, user_id, other_than=after) or self._claim_new(s, project, user_id)
            if held is None:
                return None
            return Hold(held.id, held.item_id, _aware(held.claimed_at) + timedelta(seconds=HOLD_TTL_S))

    def _candidates(
        self, s: Session, project: Project, user_id: int, limit: int | None, *, lock: bool = False
    ) -> list[int]:
        """Items with a free slot that this annotator has never held, in queue order (the active
        ranks, or the seeded random order of `queueing.queue_position`).

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
            # The second lane walks every open item in the project's seeded random order (the
            # index on project, queue_pos, id: a person who stops partway has labelled a
            # uniform sample of the items, not the first tasks loaded) and drops the flagged
            # ones the first lane already gave.
            flagged = Item.priority >= INJECTION_PRIORITY
            order = (Item.queue_pos, Item.id)
            lanes = [((*open_items, flagged), order), (open_items, order)]
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

    def _claim_new(self, s: Session, project: Project, user_id: int) -> Assignment | None:
        """A new open assignment on the first eligible item (after the lapsed holds are given
        back, so an item nobody looks at any more is not skipped)."""
        _end_lapsed_holds(s, project)
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
                return row
            # Nothing claimable right now: done if nothing is eligible at all, else the
            # eligible items were locked or taken by concurrent claims; look again.
            if not self._candidates(s, project, user_id, 1) or time.monotonic() > deadline:
                return None
            time.sleep(0.002)

    def _expire_stale(self, s: Session, project: Project) -> int:
        """Claims older than the project's claim TTL give their slots back (marked expired:
        their annotator may still submit, and gets the slot again if one is free)."""
        _end_lapsed_holds(s, project)
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
        """How many items this annotator could still label: their open claim and hold, and
        every item with a free slot they never had."""
        with self._tx() as s:
            project = _project(s, project_name)
            mine = exists().where(Assignment.item_id == Item.id, Assignment.user_id == user_id)
            mine_open = exists().where(
                Assignment.item_id == Item.id, Assignment.user_id == user_id, Assignment.state == "open"
            )
            query = select(func.count()).where(
                Item.project_id == project.id, or_(and_(Item.held < project.overlap, ~mine), mine_open)
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
    """The annotator's oldest open assignment in the project: their claim (a reload resumes on
    it); with `other_than` (the claim), their hold. Oldest by id, the order they were taken in
    (an open row is only ever inserted by a claim or a hold, never reopened)."""
    query = (
        select(Assignment)
        .join(Item, Item.id == Assignment.item_id)
        .where(Item.project_id == project.id, Assignment.user_id == user_id, Assignment.state == "open")
    )
    if other_than is not None:
        query = query.where(Assignment.id != other_than)
    return s.scalar(query.order_by(Assignment.id).limit(1))


def hold_ttl(project: Project) -> timedelta:
    """How long a hold stays its annotator's: HOLD_TTL_S, or the project's claim TTL if shorter
    (a hold is a claim taken ahead and must not outlive one)."""
    return timedelta(seconds=min(HOLD_TTL_S, project.claim_ttl_s))


def _in_project(a: Any, project: Project) -> Any:
    """The assignment's item is in the project, looked up by the item's key."""
    return exists().where(Item.id == a.item_id, Item.project_id == project.id)


def _end_lapsed_holds(s: Session, project: Project) -> None:
    """Delete the holds taken more than HOLD_TTL_S (or the claim TTL, if shorter) ago and give
    their slots back: a hold is an open assignment with an older open one (`_open_claim`) of
    the same annotator beside it. Deleted, not expired: nobody labelled it, and an expired row would
    keep its annotator from ever being given the item (one row per item and annotator).

    Reads the open assignments through the (user, state) index, one seek per user, and their
    items by key: a join or an IN list over the project's items walks every item of it (100,000
    in a large project) on each claim.
    """
    cutoff = utcnow() - hold_ttl(project)
    older = aliased(Assignment)
    claim_beside = exists().where(
        older.user_id == Assignment.user_id,
        older.state == "open",
        older.id < Assignment.id,
        _in_project(older, project),
    )
    query = select(Assignment).where(
        Assignment.user_id.in_(select(User.id)),
        Assignment.state == "open",
        Assignment.claimed_at < cutoff,
        _in_project(Assignment, project),
        claim_beside,
    )
    if s.get_bind().dialect.name == "postgresql":
        # two claims at once must not both delete a hold (and give its slot back twice)
        query = query.with_for_update(skip_locked=True, of=Assignment)
    lapsed = s.scalars(query).all()
    for a in lapsed:
        adjust_held(s, a.item_id, -1)
        s.delete(a)
    if lapsed:
        s.flush()  # before a claim in this transaction takes the slot a lapsed hold gave back
