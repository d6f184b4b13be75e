"""Many annotators at once: 20 threads × 200 claim-and-submit cycles against SQLite and a
real PostgreSQL; every acknowledged label is in the database exactly once and no item ever
has more than K labels."""

from __future__ import annotations

import random
import shutil
import tempfile
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from annotation_support import private_postgres
from sqlalchemy import func, select

from expgrade.annotation_app.models import Assignment, LabelEvent
from expgrade.annotation_app.store import ItemSpec, LabelInput, StaleClaim, Store

THREADS = 20
SUBMITS = 200
OVERLAP = 3
ITEMS = 1400  # 4200 slots for 4000 labels: every thread can always find work


def _specs(n: int) -> list[ItemSpec]:
    return [ItemSpec(item_key=f"t/s{i}/design/c", scale=["pass", "fail"], content={"n": i}) for i in range(n)]


def hammer(store: Store) -> None:
    store.load("race", OVERLAP, _specs(ITEMS), active_queue=False)
    users = [store.user_by_token(store.add_user(f"u{i}")) for i in range(THREADS)]
    acked: dict[int, tuple[int, str]] = {}
    errors: list[BaseException] = []
    lock = threading.Lock()
    start = threading.Barrier(THREADS)

    def work(user_id: int, seed: int) -> None:
        rng = random.Random(seed)
        try:
            start.wait()
            for _ in range(SUBMITS):
                a = store.claim("race", user_id)
                assert a is not None, "ran out of work although slots were free"
                label = rng.choice(["pass", "fail"])
                done = store.submit(a.id, user_id, LabelInput(label, confidence=0.5))
                with lock:
                    assert done.id not in acked
                    acked[done.id] = (user_id, label)
        except BaseException as exc:  # reported below, with the thread's failure
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(u.id, i)) for i, u in enumerate(users) if u]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[:3]
    assert len(acked) == THREADS * SUBMITS

    with store._sessions() as s:
        rows = s.execute(select(Assignment.id, Assignment.item_id, Assignment.user_id, Assignment.label,
                                Assignment.state, Assignment.slot)).all()  # fmt: skip
        n_events = s.scalar(select(func.count()).select_from(LabelEvent))  # one per submit, none lost
    stored = {r.id: r for r in rows}
    lost = [aid for aid, (uid, label) in acked.items()
            if aid not in stored or stored[aid].label != label or stored[aid].user_id != uid
            or stored[aid].state != "submitted"]  # fmt: skip
    assert lost == []
    pairs = Counter((r.item_id, r.user_id) for r in rows)
    assert max(pairs.values()) == 1  # no duplicated label
    per_item = Counter(r.item_id for r in rows if r.state == "submitted")
    assert max(per_item.values()) <= OVERLAP  # overlap never exceeded
    assert sum(per_item.values()) == THREADS * SUBMITS == n_events
    slots = Counter((r.item_id, r.slot) for r in rows if r.slot is not None)
    assert max(slots.values()) == 1 and all(0 <= r.slot < OVERLAP for r in rows if r.slot is not None)


def test_sqlite_concurrent_submits_lose_nothing(tmp_path: Path) -> None:
    hammer(Store.open(str(tmp_path / "race.db")))


@pytest.fixture
def postgres_url() -> Iterator[str]:
    # Not pytest's tmp_path: its parent is private to root, and the cluster runs as `postgres`.
    root = Path(tempfile.mkdtemp(prefix="expgrade-pg-"))
    try:
        with private_postgres(root) as url:
            yield url
    finally:
        shutil.rmtree(root, ignore_errors=True)


@pytest.mark.postgres
def test_postgres_concurrent_submits_lose_nothing(postgres_url: str) -> None:
    hammer(Store.open(postgres_url))


TABS_USERS = 8
TABS_ROUNDS = 40


def two_tabs(store: Store) -> None:
    """Each annotator has two tabs pressing on the same claim at once: every press ends
    stored or refused with a message, never silently dropped; exactly one per claim is stored."""
    store.load("tabs", 1, _specs(TABS_USERS * TABS_ROUNDS), active_queue=False)
    users = [store.user_by_token(store.add_user(f"t{i}")) for i in range(TABS_USERS)]
    outcomes: list[tuple[int, str, str]] = []  # (assignment, "stored" | "refused", message)
    errors: list[BaseException] = []
    lock = threading.Lock()

    def tab(user_id: int, label: str, together: threading.Barrier) -> None:
        first = label == "pass"
        try:
            for _ in range(TABS_ROUNDS):
                if first:  # one tab opens the next item, then the other shows the same claim
                    a = store.claim("tabs", user_id)
                together.wait()
                if not first:
                    a = store.claim("tabs", user_id)
                together.wait()
                assert a is not None
                try:
                    done = store.submit(a.id, user_id, LabelInput(label), revision=a.revision)
                    outcome = (done.id, "stored", "")
                except StaleClaim as exc:
                    outcome = (a.id, "refused", str(exc))
                with lock:
                    outcomes.append(outcome)
                together.wait()
        except BaseException as exc:  # reported below; the other tab must not wait for this one
            together.abort()
            errors.append(exc)

    threads = []
    for u in users:
        assert u
        together = threading.Barrier(2, timeout=60)
        threads += [threading.Thread(target=tab, args=(u.id, label, together)) for label in ("pass", "fail")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[:3]
    assert len(outcomes) == 2 * TABS_USERS * TABS_ROUNDS  # every press answered
    per_claim = Counter((aid, kind) for aid, kind, _ in outcomes)
    claims = {aid for aid, _, _ in outcomes}
    assert all(per_claim[(aid, "stored")] == 1 and per_claim[(aid, "refused")] == 1 for aid in claims)
    assert all("Not saved" in msg for _, kind, msg in outcomes if kind == "refused")
    with store._sessions() as s:
        n_events = s.scalar(select(func.count()).select_from(LabelEvent))
    assert n_events == len(claims)  # one write per stored press, none for a refused one


def test_sqlite_two_tabs_every_press_answered(tmp_path: Path) -> None:
    two_tabs(Store.open(str(tmp_path / "tabs.db")))


@pytest.mark.postgres
def test_postgres_two_tabs_every_press_answered(postgres_url: str) -> None:
    two_tabs(Store.open(postgres_url))
