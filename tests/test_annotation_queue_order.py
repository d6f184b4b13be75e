"""The in-order queue serves items in a seeded random order, on SQLite and PostgreSQL: a person
who labels part of a project has labelled a random sample of its items, spread over its tasks,
which is what the corrected rate's interval assumes (bench/coverage.md §10).

(Before, items were served in load order: labelling half a project labelled its first tasks
whole, and the interval covered the truth 41.5 % of the time there.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from test_annotation_concurrency import postgres_url  # noqa: F401 (a fixture)
from test_annotation_label_revisions import _fresh_database, db_url  # noqa: F401 (db_url: a fixture)
from test_annotation_store import users

from expgrade.annotation_app.db import resolve_url
from expgrade.annotation_app.models import Base
from expgrade.annotation_app.queueing import INJECTION_PRIORITY
from expgrade.annotation_app.store import ItemSpec, LabelInput, Store

TASKS, PER_TASK = 8, 10


def _specs(flagged: str | None = None) -> list[ItemSpec]:
    """TASKS tasks of PER_TASK criteria each, loaded task after task."""
    return [
        ItemSpec(
            item_key=f"t{t}/s/c{c}",
            task_id=f"t{t}",
            scale=["pass", "fail"],
            content={},
            priority=INJECTION_PRIORITY if f"t{t}/s/c{c}" == flagged else 0.0,
        )
        for t in range(TASKS)
        for c in range(PER_TASK)
    ]


def _label(store: Store, project: str, user: int, n: int) -> list[str]:
    """The keys of the first n items the queue gives one annotator, labelled one after another."""
    keys = []
    for _ in range(n):
        claim = store.claim(project, user)
        assert claim is not None
        keys.append(store.item(claim.item_id).item_key)
        store.submit(claim.id, user, LabelInput("pass"))
    return keys


def labelling_half_labels_a_sample_spread_over_the_tasks(store: Store) -> None:
    specs = _specs()
    store.load("p", 1, specs, active_queue=False)
    (ann,) = users(store, "ann")
    half = _label(store, "p", ann, len(specs) // 2)
    load_order = [s.item_key for s in specs]
    assert set(half) != set(load_order[: len(half)])
    tasks = {key.split("/")[0] for key in half}
    assert len(tasks) >= TASKS - 1  # the first half in load order spans TASKS / 2
    assert all(2 <= sum(k.startswith(f"{t}/") for k in half) <= PER_TASK - 2 for t in tasks)


def test_sqlite_labelling_half_labels_a_sample_spread_over_the_tasks(tmp_path: Path) -> None:
    labelling_half_labels_a_sample_spread_over_the_tasks(Store.open(str(tmp_path / "a.db")))


@pytest.mark.postgres
def test_postgres_labelling_half_labels_a_sample_spread_over_the_tasks(postgres_url: str) -> None:  # noqa: F811
    labelling_half_labels_a_sample_spread_over_the_tasks(Store.open(postgres_url))


def test_the_order_follows_the_recorded_seed(tmp_path: Path) -> None:
    store = Store.open(str(tmp_path / "a.db"))
    store.load("a", 1, _specs(), active_queue=False)  # no seed: 0, recorded
    store.load("b", 1, _specs(), active_queue=False, queue_seed=0)
    store.load("c", 1, _specs(), active_queue=False, queue_seed=7)
    assert [store.project(p).queue_seed for p in "abc"] == [0, 0, 7]
    ann, bob, cy = users(store, "ann", "bob", "cy")
    first_a, first_b, first_c = (_label(store, p, u, 20) for p, u in (("a", ann), ("b", bob), ("c", cy)))
    assert first_a == first_b  # the seed and the item keys alone rebuild the order
    assert first_a != first_c
    store.load("c", 1, _specs(), active_queue=False)  # re-loading without a seed keeps 7
    assert store.project("c").queue_seed == 7


def test_flagged_items_still_lead(tmp_path: Path) -> None:
    store = Store.open(str(tmp_path / "a.db"))
    last = f"t{TASKS - 1}/s/c{PER_TASK - 1}"
    store.load("p", 1, _specs(flagged=last), active_queue=False)
    (ann,) = users(store, "ann")
    assert _label(store, "p", ann, 1) == [last]


def test_a_version_6_project_is_served_in_random_order_after_migrating(db_url: str) -> None:  # noqa: F811
    url = _fresh_database(db_url, "version6")
    engine = create_engine(resolve_url(url))
    Base.metadata.create_all(engine)  # version 6's tables: today's, less what version 7 added
    with engine.begin() as conn:
        conn.execute(text("DROP INDEX ix_items_project_queue"))
        conn.execute(text("ALTER TABLE items DROP COLUMN queue_pos"))
        conn.execute(text("ALTER TABLE projects DROP COLUMN queue_seed"))
        conn.execute(text("INSERT INTO meta (key, value) VALUES ('schema_version', '6')"))
        conn.execute(
            text(
                "INSERT INTO projects (name, overlap, active_queue, claim_ttl_s, created_at) "
                "VALUES ('old', 1, false, 3600, '2026-01-01')"
            )
        )
        for seq, spec in enumerate(_specs()):
            conn.execute(
                text(
                    "INSERT INTO items (project_id, item_key, task_id, scale, content, content_hash, judges, "
                    "seq, held, priority, active_rank) VALUES ((SELECT id FROM projects), :key, :task, "
                    "'[\"pass\", \"fail\"]', '{}', 'h', '{}', :seq, 0, 0, 0)"
                ),
                {"key": spec.item_key, "task": spec.task_id, "seq": seq},
            )
    engine.dispose()
    store = Store.open(url)
    assert store.project("old").queue_seed == 0
    store.load("new", 1, _specs(), active_queue=False)  # the same keys, loaded today, seed 0
    ann, bob = users(store, "ann", "bob")
    old_order = _label(store, "old", ann, 40)
    assert old_order == _label(store, "new", bob, 40)
    assert len({key.split("/")[0] for key in old_order}) >= TASKS - 1
