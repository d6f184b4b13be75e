"""The blind label is kept and sessions belong to a browser, in the store, on real SQLite and a
private PostgreSQL: a change after the reveal is its own revision marked as such and never
replaces the label the gold set exports; sign-out, a re-issued token and `annotate revoke`
end every session of the user, and a press from an ended session writes nothing."""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from annotation_support import cli, private_postgres
from sqlalchemy import create_engine, func, select, text

from expgrade.annotation_app.db import resolve_url
from expgrade.annotation_app.export import export_rows
from expgrade.annotation_app.models import SCHEMA_VERSION, Base, LabelEvent
from expgrade.annotation_app.store import ItemSpec, LabelInput, SessionEnded, Store
from expgrade.grading.errors import UserError


@pytest.fixture(scope="module", params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest) -> Iterator[str]:
    # Not pytest's tmp_path: its parent is private to root, and the cluster runs as `postgres`.
    root = Path(tempfile.mkdtemp(prefix="expgrade-blind-"))
    try:
        if request.param == "sqlite":
            yield str(root / "annotate.db")
        else:
            with private_postgres(root) as url:
                yield url
    finally:
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def store(db_url: str, request: pytest.FixtureRequest) -> Store:
    s = Store.open(db_url)
    s.load(
        request.node.name,
        2,
        [ItemSpec(item_key=f"t/s/design/c{i}", scale=["pass", "fail"], content={"n": i}) for i in range(3)],
        active_queue=False,
    )
    return s


def _user(store: Store, name: str) -> tuple[int, str]:
    token = store.add_user(name)
    user = store.user_by_token(token)
    assert user
    return user.id, token


def test_a_change_after_the_reveal_is_its_own_revision(store: Store, request: pytest.FixtureRequest) -> None:
    project = request.node.name
    ann, _ = _user(store, f"{project}-ann")
    bob, _ = _user(store, f"{project}-bob")
    a = store.claim(project, ann)
    assert a
    with pytest.raises(UserError, match="only once you have labelled"):
        store.reveal(a.id, ann)  # blind until one's own submit
    store.submit(a.id, ann, LabelInput("fail", 0.6, "misses the split"))
    b = store.claim(project, bob)
    assert b and b.item_id == a.item_id
    store.submit(b.id, bob, LabelInput("pass"))
    # a second blind entry (another tab's, recorded as a revision) still replaces the blind label
    store.submit(a.id, ann, LabelInput("fail", 0.7, "misses the split twice"))
    shown = store.reveal(a.id, ann)
    assert [(name, o.label) for name, o in shown.others] == [(f"{project}-bob", "pass")]
    after = store.submit(a.id, ann, LabelInput("pass", 0.9, "bob is right"), revision=2)
    assert (after.label, after.confidence, after.revision) == ("fail", 0.7, 3)
    store.submit(a.id, ann, LabelInput("pass", 1.0, "sure now"))
    kinds = [(h["kind"], h["label"], h["after_reveal"]) for h in store.history(a.id)]
    assert kinds == [
        ("submit", "fail", False),
        ("edit", "fail", False),
        ("revise", "pass", True),
        ("revise", "pass", True),
    ]
    rows = {r.rater: r for r in export_rows(store, project)}
    mine = rows[f"{project}-ann"]
    assert (mine.label, mine.confidence, mine.extra["revision"]) == ("fail", 0.7, 2)
    assert mine.extra["revealed_at"] and "revised_after_reveal" not in mine.extra
    asked = {r.rater: r for r in export_rows(store, project, after_reveal=True)}[f"{project}-ann"]
    assert asked.label == "fail"
    later = asked.extra["revised_after_reveal"]
    assert (later["after_reveal"], later["label"], later["confidence"], later["revision"]) == (
        True,
        "pass",
        1.0,
        4,
    )
    assert rows[f"{project}-bob"].extra["revealed_at"] is None


def test_sign_out_ends_every_session_and_an_ended_one_writes_nothing(
    store: Store, request: pytest.FixtureRequest
) -> None:
    project = request.node.name
    ann, _ = _user(store, f"{project}-ann")
    here, there = store.start_session(ann, 600), store.start_session(ann, 600)
    other, _ = _user(store, f"{project}-other")
    elsewhere = store.start_session(other, 600)
    a = store.claim(project, ann)
    assert a
    assert store.end_sessions(here) == 2  # both of ann's browsers, not the other user's
    assert store.session_user(there) is None and store.session_user(elsewhere) is not None
    with pytest.raises(SessionEnded, match="signed out"):
        store.submit(a.id, ann, LabelInput("pass"), revision=a.revision, session=there)
    with pytest.raises(SessionEnded):
        store.skip(a.id, ann, "not my field", revision=a.revision, session=there)
    with pytest.raises(SessionEnded):  # one user's live session does not cover another's press
        store.submit(a.id, ann, LabelInput("pass"), session=elsewhere)
    assert store.history(a.id) == [] and store.assignment(a.id).state == "open"
    live = store.start_session(ann, 600)
    assert store.submit(a.id, ann, LabelInput("pass"), revision=a.revision, session=live).label == "pass"


def test_a_new_token_and_revoke_end_the_sessions(store: Store, request: pytest.FixtureRequest) -> None:
    project = request.node.name
    name = f"{project}-ann"
    ann, token = _user(store, name)
    sid = store.start_session(ann, 600)
    fresh = store.add_user(name)  # re-issued token
    assert store.session_user(sid) is None and store.user_by_token(token) is None
    sids = [store.start_session(ann, 600) for _ in range(3)]
    assert store.revoke(name) == 3
    assert all(store.session_user(s) is None for s in sids)
    assert store.user_by_token(fresh) is not None  # revoke ends sessions; the token still signs in
    with pytest.raises(UserError, match="no user named 'nobody'"):
        store.revoke("nobody")


def test_revoke_from_the_command_line(tmp_path: Path) -> None:
    db = str(tmp_path / "annotate.db")
    store = Store.open(db)
    ann, _ = _user(store, "ann")
    sid = store.start_session(ann, 600)
    done = cli("annotate", "revoke", "ann", "--db", db)
    assert done.returncode == 0, done.stderr
    assert "ended 1 session of ann" in done.stdout
    assert store.session_user(sid) is None
    unknown = cli("annotate", "revoke", "bob", "--db", db)
    assert unknown.returncode == 2 and "no user named 'bob'" in unknown.stderr
    assert "Traceback" not in unknown.stderr


def test_gold_export_writes_the_blind_label_and_the_later_one_on_request(tmp_path: Path) -> None:
    db = str(tmp_path / "annotate.db")
    store = Store.open(db)
    spec = ItemSpec(item_key="t/s/design/c", scale=["pass", "fail"], content={}, rubric_version="design@1")
    store.load("p", 1, [spec], active_queue=False)
    ann, _ = _user(store, "ann")
    a = store.claim("p", ann)
    assert a
    store.submit(a.id, ann, LabelInput("fail"))
    store.reveal(a.id, ann)
    store.submit(a.id, ann, LabelInput("pass"))
    for flag, out in (([], tmp_path / "blind.jsonl"), (["--after-reveal"], tmp_path / "both.jsonl")):
        done = cli("gold", "export", "--project", "p", "--out", str(out), "--db", db, *flag)
        assert done.returncode == 0, done.stderr
        assert cli("gold", "validate", str(out)).returncode == 0
    (blind,) = [json.loads(line) for line in (tmp_path / "blind.jsonl").read_text().splitlines()]
    (both,) = [json.loads(line) for line in (tmp_path / "both.jsonl").read_text().splitlines()]
    assert blind["label"] == both["label"] == "fail"
    assert "revised_after_reveal" not in blind["extra"]
    assert both["extra"]["revised_after_reveal"]["label"] == "pass"


def _fresh_database(db_url: str, name: str) -> str:
    """A new empty database beside `db_url` (a file next to it, or one more on the cluster)."""
    if "://" not in db_url:
        return str(Path(db_url).with_name(f"{name}.db"))
    admin = create_engine(resolve_url(db_url), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f"CREATE DATABASE {name}"))
    admin.dispose()
    return db_url.rsplit("/", 1)[0] + f"/{name}"


def test_a_version_3_database_migrates_and_keeps_its_labels(db_url: str) -> None:
    """A database made before blind labels were kept: the columns are added, labels stay."""
    url = _fresh_database(db_url, "version3")
    engine = create_engine(resolve_url(url))
    Base.metadata.create_all(engine)  # version 3's tables: today's, less the two new columns
    with engine.begin() as conn:
        conn.execute(text("ALTER TABLE assignments DROP COLUMN revealed_at"))
        conn.execute(text("ALTER TABLE label_events DROP COLUMN after_reveal"))
        conn.execute(text("INSERT INTO meta (key, value) VALUES ('schema_version', '3')"))
        conn.execute(
            text("INSERT INTO users (name, role, created_at) VALUES ('old', 'annotator', '2026-01-01')")
        )
    engine.dispose()
    store = Store.open(url)
    store.load(
        "old", 1, [ItemSpec(item_key="t/s/design/c", scale=["pass", "fail"], content={})], active_queue=False
    )
    ann, _ = _user(store, "old-ann")
    a = store.claim("old", ann)
    assert a
    store.submit(a.id, ann, LabelInput("pass"))
    assert [u.name for u in store.users()] == ["old", "old-ann"]
    with store.engine.connect() as conn:
        version = conn.execute(text("SELECT value FROM meta WHERE key = 'schema_version'")).scalar()
        blind = conn.execute(
            select(func.count()).select_from(LabelEvent).where(LabelEvent.after_reveal.is_(False))
        )
        assert int(version or 0) == SCHEMA_VERSION and blind.scalar() == 1
    store.engine.dispose()
