"""The item the page draws ahead is held for its annotator in the store, on SQLite and
PostgreSQL: no other annotator is given it while the hold lasts, with any overlap and any
number of annotators, so the press that shows it leads to it; a hold that lapsed gives the
item back to the queue and leaves no trace that keeps its annotator from it.

(Before the hold, the look-ahead was a read: with overlap 1 and two annotators the other's
next claim took the item drawn ahead, and the press that showed it was then answered with
another item.)"""

from __future__ import annotations

import random
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import update
from test_annotation_concurrency import postgres_url  # noqa: F401 (a fixture)
from test_annotation_store import users

from expgrade.annotation_app.models import Assignment, utcnow
from expgrade.annotation_app.store import HOLD_TTL_S, ItemSpec, LabelInput, Store


def _project(store: Store, overlap: int, n_items: int) -> None:
    specs = [ItemSpec(item_key=f"item{i}", scale=["pass", "fail"], content={}) for i in range(n_items)]
    store.load("p", overlap, specs, active_queue=False)


def _holders(store: Store, item_id: int) -> list[tuple[str, str]]:
    return sorted(
        (r["annotator"], r["state"]) for r in store.assignment_states("p") if r["item_id"] == item_id
    )


def held_item_goes_to_no_one_else(store: Store) -> None:
    _project(store, overlap=1, n_items=4)
    ann, bob = users(store, "ann", "bob")
    first = store.claim("p", ann)
    assert first is not None
    hold = store.hold_next("p", ann, after=first.id)
    assert hold is not None and hold.item_id != first.item_id
    assert store.hold_next("p", ann, after=first.id) == hold  # drawn again: the same hold
    # bob is given neither of ann's items, and his own look-ahead skips them too
    bobs = store.claim("p", bob)
    assert bobs is not None and bobs.item_id not in (first.item_id, hold.item_id)
    bobs_next = store.hold_next("p", bob, after=bobs.id)
    assert bobs_next is not None and bobs_next.item_id not in (first.item_id, hold.item_id, bobs.item_id)
    store.submit(bobs.id, bob, LabelInput("pass"))
    after_bob = store.claim("p", bob)
    assert after_bob is not None and after_bob.item_id == bobs_next.item_id
    assert store.hold_next("p", bob, after=after_bob.id) is None  # all four held or labelled
    # ann's press leads to the item her page drew ahead
    store.submit(first.id, ann, LabelInput("fail"))
    second = store.claim("p", ann)
    assert second is not None and (second.id, second.item_id) == (hold.assignment_id, hold.item_id)
    assert _holders(store, hold.item_id) == [("ann", "open")]


def test_sqlite_an_item_held_ahead_goes_to_no_one_else(tmp_path: Path) -> None:
    held_item_goes_to_no_one_else(Store.open(str(tmp_path / "a.db")))


@pytest.mark.postgres
def test_postgres_an_item_held_ahead_goes_to_no_one_else(postgres_url: str) -> None:  # noqa: F811
    held_item_goes_to_no_one_else(Store.open(postgres_url))


def _age(store: Store, assignment_id: int, seconds: float) -> None:
    """Make the assignment look taken `seconds` ago (the hold's clock is the store's own)."""
    with store._sessions() as s, s.begin():
        s.execute(
            update(Assignment)
            .where(Assignment.id == assignment_id)
            .values(claimed_at=utcnow() - timedelta(seconds=seconds))
        )


def test_a_lapsed_hold_gives_its_item_back_and_its_annotator_may_have_it_later(tmp_path: Path) -> None:
    store = Store.open(str(tmp_path / "a.db"))
    _project(store, overlap=2, n_items=2)
    ann, bob, cy = users(store, "ann", "bob", "cy")
    first = store.claim("p", ann)
    assert first is not None
    hold = store.hold_next("p", ann, after=first.id)
    assert hold is not None
    for who, item in ((bob, first.item_id), (cy, hold.item_id)):  # the slots ann does not hold
        a = store.claim("p", who)
        assert a is not None and a.item_id == item
        store.submit(a.id, who, LabelInput("pass"))
    assert store.claim("p", bob) is None  # the held item's other slot is ann's
    _age(store, hold.assignment_id, HOLD_TTL_S - 5)
    assert store.claim("p", bob) is None  # not lapsed yet
    _age(store, hold.assignment_id, HOLD_TTL_S + 1)
    bobs = store.claim("p", bob)
    assert bobs is not None and bobs.item_id == hold.item_id  # the lapsed hold gave its slot back
    assert _holders(store, hold.item_id) == [("bob", "open"), ("cy", "submitted")]  # ann's row is gone
    store.skip(bobs.id, bob, "conflict of interest")
    store.submit(first.id, ann, LabelInput("pass"))
    again = store.claim("p", ann)  # the item ann held is hers to be given again
    assert again is not None and again.item_id == hold.item_id


@pytest.mark.parametrize("overlap", [1, 2, 3])
def test_with_any_overlap_and_annotators_a_press_leads_to_the_held_item(tmp_path: Path, overlap: int) -> None:
    """Annotators press in a random order; after every press the claim is the item held
    before it, and no item is ever held or claimed by more than `overlap` people."""
    store = Store.open(str(tmp_path / "a.db"))
    _project(store, overlap=overlap, n_items=12)
    people = users(store, "a", "b", "c", "d")
    rng = random.Random(overlap)
    ahead: dict[int, int | None] = {}
    claims = {}
    for who in people:
        claims[who] = store.claim("p", who)
    while any(c is not None for c in claims.values()):
        who = rng.choice([w for w, c in claims.items() if c is not None])
        claim = claims[who]
        assert claim is not None
        hold = store.hold_next("p", who, after=claim.id)
        ahead[who] = hold.item_id if hold else None
        if rng.random() < 0.8:
            store.submit(claim.id, who, LabelInput("pass"))
        else:
            store.skip(claim.id, who, "a reason")
        claims[who] = store.claim("p", who)
        got = claims[who]
        assert (got.item_id if got else None) == ahead[who]
        live = [r for r in store.assignment_states("p") if r["state"] in ("open", "submitted")]
        per_item: dict[int, int] = {}
        for r in live:
            per_item[r["item_id"]] = per_item.get(r["item_id"], 0) + 1
        assert max(per_item.values()) <= overlap
