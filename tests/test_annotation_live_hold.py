"""A press on the item drawn ahead labels it at once (`Store.submit_held`), in one transaction,
on SQLite and PostgreSQL: the page's copy of the held item takes a key the moment it is shown,
without waiting for the app to make it the claim. The hold must still be the annotator's and
on the item the press named: a lapsed hold, one taken by someone else since, or an id that
names another item is refused and nothing is stored; the same press twice stores one label,
and another verdict after it never rewrites it.

(Before, the held item took a key only once the app's whole run for the press before it had
made it the claim: `submit_held` did not exist.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_annotation_concurrency import postgres_url  # noqa: F401 (a fixture)
from test_annotation_look_ahead_hold import _age, _holders, _project
from test_annotation_store import users

from expgrade.annotation_app.store import HOLD_TTL_S, Hold, HoldLost, LabelInput, StaleClaim, Store


def _ann_with_hold(store: Store, overlap: int = 1) -> tuple[int, int, Hold, str]:
    """ann's claim and the item held for her next press, with its public id."""
    _project(store, overlap=overlap, n_items=4)
    (ann,) = users(store, "ann")
    first = store.claim("p", ann)
    assert first is not None
    hold = store.hold_next("p", ann, after=first.id)
    assert hold is not None
    return ann, first.id, hold, store.item(hold.item_id).public_id


def press_on_the_hold_labels_it(store: Store) -> None:
    ann, first, hold, public = _ann_with_hold(store)
    a = store.submit_held(hold.assignment_id, ann, public, LabelInput("fail"))
    assert (a.id, a.state, a.label, a.revision) == (hold.assignment_id, "submitted", "fail", 1)
    assert [e["kind"] for e in store.history(hold.assignment_id)] == ["submit"]
    # the claim before it is untouched, still the item on screen until its own press
    assert store.assignment(first).state == "open"
    again = store.claim("p", ann)
    assert again is not None and again.id == first
    # the same press again stores nothing more
    twice = store.submit_held(hold.assignment_id, ann, public, LabelInput("fail"))
    assert (twice.label, twice.revision) == ("fail", 1)
    assert len(store.history(hold.assignment_id)) == 1
    # another verdict on it is a stale press: refused, the blind label as it was
    with pytest.raises(StaleClaim):
        store.submit_held(hold.assignment_id, ann, public, LabelInput("pass"))
    assert (store.assignment(hold.assignment_id).label, len(store.history(hold.assignment_id))) == ("fail", 1)


def test_sqlite_a_press_on_the_held_item_labels_it_once(tmp_path: Path) -> None:
    press_on_the_hold_labels_it(Store.open(str(tmp_path / "a.db")))


@pytest.mark.postgres
def test_postgres_a_press_on_the_held_item_labels_it_once(postgres_url: str) -> None:  # noqa: F811
    press_on_the_hold_labels_it(Store.open(postgres_url))


def test_a_press_on_a_lapsed_hold_is_refused_and_stores_nothing(tmp_path: Path) -> None:
    store = Store.open(str(tmp_path / "a.db"))
    ann, _, hold, public = _ann_with_hold(store)
    _age(store, hold.assignment_id, HOLD_TTL_S + 1)  # lapsed, its row not yet given back
    with pytest.raises(HoldLost, match=f"item {public} was no longer held for you"):
        store.submit_held(hold.assignment_id, ann, public, LabelInput("pass"))
    left = store.assignment(hold.assignment_id)
    assert (left.state, left.label, left.revision) == ("open", None, 0)
    assert store.history(hold.assignment_id) == []


def test_a_press_on_a_hold_someone_else_took_is_refused_and_stores_nothing(tmp_path: Path) -> None:
    store = Store.open(str(tmp_path / "a.db"))
    ann, _, hold, public = _ann_with_hold(store)
    (bob,) = users(store, "bob")
    _age(store, hold.assignment_id, HOLD_TTL_S + 1)
    bobs = [store.claim("p", bob)]
    while bobs[-1] is not None and bobs[-1].item_id != hold.item_id:  # bob labels until he has it
        store.submit(bobs[-1].id, bob, LabelInput("pass"))
        bobs.append(store.claim("p", bob))
    assert bobs[-1] is not None and _holders(store, hold.item_id) == [("bob", "open")]
    with pytest.raises(HoldLost):
        store.submit_held(hold.assignment_id, ann, public, LabelInput("fail"))
    assert _holders(store, hold.item_id) == [("bob", "open")]  # bob's claim as it was
    assert store.assignment(bobs[-1].id).label is None


def test_a_press_naming_another_item_or_annotator_is_refused(tmp_path: Path) -> None:
    """The hold's row id with another item's public id (a page mid-redraw), or another
    annotator's hold: refused, nothing stored."""
    store = Store.open(str(tmp_path / "a.db"))
    ann, first, hold, public = _ann_with_hold(store, overlap=2)
    (bob,) = users(store, "bob")
    other = store.item(store.assignment(first).item_id).public_id
    with pytest.raises(HoldLost):
        store.submit_held(hold.assignment_id, ann, other, LabelInput("pass"))
    with pytest.raises(HoldLost):
        store.submit_held(hold.assignment_id, bob, public, LabelInput("pass"))
    assert store.history(hold.assignment_id) == []
    assert store.assignment(hold.assignment_id).state == "open"
