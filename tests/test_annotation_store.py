"""The store and the CLI around it: loading (idempotent, three sources), the overlap and the
active queue, claim expiry, schema versions, export with provenance and `gold validate`."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from annotation_support import cli, make_run
from sqlalchemy import update

from expgrade.annotation_app.db import migrate, resolve_url, schema_version
from expgrade.annotation_app.loaders import load_run
from expgrade.annotation_app.models import SCHEMA_VERSION, Meta, Project
from expgrade.annotation_app.render import results_table, split_diff
from expgrade.annotation_app.store import ClaimLost, FifoLock, LabelInput, Store
from expgrade.grading.errors import UserError
from expgrade.grading.labels_io import read_label_rows, write_label_rows
from expgrade.grading.schemas import LabelRow


@pytest.fixture
def run(tmp_path: Path) -> Path:
    return make_run(tmp_path / "run")


def users(store: Store, *names: str) -> list[int]:
    ids = []
    for name in names:
        u = store.user_by_token(store.add_user(name))
        assert u
        ids.append(u.id)
    return ids


def label_all(store: Store, project: str, user_id: int, label: str = "pass") -> int:
    n = 0
    while (a := store.claim(project, user_id)) is not None:
        store.submit(a.id, user_id, LabelInput(label, 0.8))
        n += 1
    return n


def test_load_is_idempotent_and_keeps_labels_when_content_changes(tmp_path: Path, run: Path) -> None:
    db = str(tmp_path / "a.db")
    first = cli("annotate", "load", str(run), "--project", "p", "--overlap", "2", "--db", db)
    assert first.returncode == 0, first.stderr
    assert "20 items (20 added, 0 updated, 0 unchanged)" in " ".join(first.stdout.split())
    again = cli("annotate", "load", str(run), "--project", "p", "--overlap", "2", "--db", db)
    assert "(0 added, 0 updated, 20 unchanged)" in " ".join(again.stdout.split())
    store = Store.open(db)
    (uid,) = users(store, "ann")
    while True:  # the queue's order is random: label up to a design item of agentA-t0, edited below
        a = store.claim("p", uid)
        assert a
        store.submit(a.id, uid, LabelInput("pass"))
        if "/agentA-t0/design/" in store.item(a.item_id).item_key:
            break
    before = store.item(a.item_id).content_hash
    sub = run / "submissions" / "agentA-t0" / "submission.json"
    sub.write_text(sub.read_text().replace("fix epochs", "fix the epochs"))
    changed = cli("annotate", "load", str(run), "--project", "p", "--overlap", "2", "--db", db)
    # only its three design items show the design (their judge's input); its conclusion items do not
    assert "(0 added, 3 updated, 17 unchanged)" in " ".join(changed.stdout.split())
    assert store.item(a.item_id).content_hash != before
    assert store.assignment(a.id).label == "pass"


def test_every_item_gets_exactly_k_annotators(tmp_path: Path, run: Path) -> None:
    store = Store.open(str(tmp_path / "a.db"))
    store.load("p", 2, load_run(run), active_queue=False)
    ids = users(store, "a", "b", "c")
    done = [label_all(store, "p", uid) for uid in ids]
    assert done == [20, 20, 0]  # the third annotator finds every item full
    assert store.claim("p", ids[0]) is None


def test_active_queue_serves_disagreement_first_across_strata(tmp_path: Path, run: Path) -> None:
    store = Store.open(str(tmp_path / "a.db"))
    store.load("p", 1, load_run(run), active_queue=True)
    (uid,) = users(store, "ann")
    order = []
    while (a := store.claim("p", uid)) is not None:
        item = store.item(a.item_id)
        order.append((item.agent, item.subtask, item.item_key))
        store.submit(a.id, uid, LabelInput("pass"))
    # in the fixture the judges split on design for agentB-t0 and agentA-t1: those come first
    first_two = {key.split("/")[3] for _, _, key in order[:2]}
    assert first_two == {"agentB-t0", "agentA-t1"}
    # the first round visits every (agent, subtask) stratum once before any repeats
    strata = [(agent, subtask) for agent, subtask, _ in order]
    assert len(set(strata[:4])) == 4


def test_expired_claim_is_released_and_its_late_submit_handled(tmp_path: Path) -> None:
    store = Store.open(str(tmp_path / "a.db"))
    from expgrade.annotation_app.store import ItemSpec

    store.load("p", 1, [ItemSpec(item_key="only", scale=["pass", "fail"], content={})], active_queue=False)
    slow, fast, third = users(store, "slow", "fast", "third")
    stale = store.claim("p", slow)
    assert stale
    assert store.claim("p", fast) is None  # the one slot is held
    with store._sessions() as s, s.begin():
        s.execute(update(Project).values(claim_ttl_s=0))
    taken = store.claim("p", fast)  # the queue is empty, so the stale claim is released
    assert taken and store.assignment(stale.id).state == "expired"
    with pytest.raises(ClaimLost):
        store.submit(stale.id, slow, LabelInput("fail"))
    store.skip(taken.id, fast, "conflict of interest")
    assert store.submit(stale.id, slow, LabelInput("fail")).state == "submitted"  # slot free again
    assert store.claim("p", third) is None


def test_label_validation(tmp_path: Path) -> None:
    store = Store.open(str(tmp_path / "a.db"))
    from expgrade.annotation_app.store import ItemSpec

    store.load("p", 1, [ItemSpec(item_key="x", scale=["pass", "fail"], content={})], active_queue=False)
    (uid,) = users(store, "ann")
    a = store.claim("p", uid)
    assert a
    for bad, message in [
        (LabelInput("maybe"), "not on this item's scale"),
        (LabelInput("pass", confidence=1.5), "between 0 and 1"),
        (LabelInput("pass", flags=["flagged"]), "a flag needs a reason"),
        (LabelInput(None, unscorable=True), "needs a reason"),
    ]:
        with pytest.raises(UserError, match=message):
            store.submit(a.id, uid, bad)
    other = users(store, "bob")[0]
    with pytest.raises(UserError, match="not yours"):
        store.submit(a.id, other, LabelInput("pass"))
    assert (
        store.submit(a.id, uid, LabelInput(None, reason="diff is empty", unscorable=True)).status
        == "unscorable"
    )


def test_schema_version_is_recorded_and_a_newer_database_refused(tmp_path: Path) -> None:
    db = str(tmp_path / "a.db")
    store = Store.open(db)
    with store.engine.connect() as conn:
        assert schema_version(conn) == SCHEMA_VERSION
    assert migrate(store.engine) == SCHEMA_VERSION  # a second migrate is a no-op
    with store._sessions() as s, s.begin():
        s.execute(update(Meta).where(Meta.key == "schema_version").values(value="99"))
    result = cli("annotate", "add-user", "x", "--db", db)
    assert result.returncode == 2
    assert "schema version 99" in result.stderr and "Traceback" not in result.stderr


def test_default_database_lives_in_the_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("EXPGRADE_DATA_DIR", str(tmp_path / "data"))
    assert resolve_url(None) == f"sqlite:///{tmp_path / 'data' / 'annotate.db'}"
    assert resolve_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    result = cli("annotate", "add-user", "ann", env={"EXPGRADE_DATA_DIR": str(tmp_path / "data")})
    assert result.returncode == 0 and (tmp_path / "data" / "annotate.db").exists()
    token = result.stdout.strip().splitlines()[-1]
    assert Store.open(None).user_by_token(token) is not None
    with Store.open(None).engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() == 30000


def test_export_and_validate_through_the_cli(tmp_path: Path, run: Path) -> None:
    db = str(tmp_path / "a.db")
    store = Store.open(db)
    store.load("p", 2, load_run(run), active_queue=False)
    ann, bob = users(store, "ann", "bob")
    label_all(store, "p", ann, "pass")
    a = store.claim("p", bob)
    assert a
    store.submit(a.id, bob, LabelInput("fail", 0.6, "missing metric", flags=["flagged"], reason="odd design"))
    out = tmp_path / "gold.jsonl"
    result = cli("gold", "export", "--db", db, "--project", "p", "--out", str(out))
    assert result.returncode == 0, result.stderr
    rows = read_label_rows(out)
    assert len(rows) == 21 and {r.rater_kind for r in rows} == {"human"}
    flagged = next(r for r in rows if r.rater == "bob")
    assert (flagged.label, flagged.flags, flagged.confidence) == ("fail", ["flagged"], 0.6)
    assert flagged.extra["content_hash"] == store.item(a.item_id).content_hash
    assert flagged.extra["rubric_version"].startswith(f"{store.item(a.item_id).subtask}@")
    assert flagged.extra["annotated_at"].endswith("+00:00") and flagged.extra["revision"] == 1
    assert flagged.item_id == store.item(a.item_id).item_key and flagged.item_id.count("/") == 5
    judge_out = tmp_path / "judges.csv"
    assert cli("labels", str(run), "--out", str(judge_out)).returncode == 0
    judge_ids = {r.item_id for r in read_label_rows(judge_out)}
    assert {r.item_id for r in rows} <= judge_ids  # human and judge rows of a unit share its id
    ok = cli("gold", "validate", str(out))
    assert ok.returncode == 0 and "0 problem(s)" in ok.stdout

    bad = tmp_path / "bad.jsonl"
    tampered = [*rows, rows[0], LabelRow(item_id="j", rater="gpt", rater_kind="judge", label="pass")]
    write_label_rows(bad, tampered)
    problems = cli("gold", "validate", str(bad))
    assert problems.returncode == 1
    assert "has 2 rows from rater 'ann'" in problems.stderr
    assert "a gold set holds human labels" in problems.stderr and "missing provenance" in problems.stderr
    missing = cli("gold", "validate", str(tmp_path / "nope.csv"))
    assert missing.returncode == 2 and "file not found" in missing.stderr


def test_load_label_table_and_tasks_with_submissions(tmp_path: Path, run: Path) -> None:
    db = str(tmp_path / "a.db")
    table = tmp_path / "judged.csv"
    write_label_rows(
        table,
        [
            LabelRow(
                item_id="q1",
                rater="judge-a",
                rater_kind="judge",
                label="pass",
                confidence=0.9,
                extra={"question": "Is 2+2=4?", "response": "yes"},
            ),
            LabelRow(item_id="q1", rater="judge-b", rater_kind="judge", label="fail"),
            LabelRow(item_id="q2", rater="judge-a", rater_kind="judge", label="pass"),
        ],
    )
    loaded = cli("annotate", "load", str(table), "--project", "lt", "--overlap", "1", "--db", db)
    assert loaded.returncode == 0, loaded.stderr
    store = Store.open(db)
    items = {i.item_key: i for i in store.items("lt")}
    assert set(items) == {"q1", "q2"} and items["q1"].content["artifact"]["response"] == "yes"
    assert store.judges(items["q1"].id)["verdicts"][1] == {
        "rater": "judge-b",
        "label": "fail",
        "confidence": None,
        "status": "graded",
    }

    raw = cli(
        "annotate",
        "load",
        "--tasks",
        str(run / "tasks.jsonl"),
        "--submissions",
        str(run / "submissions"),
        "--project",
        "raw",
        "--overlap",
        "1",
        "--db",
        db,
    )
    assert raw.returncode == 0, raw.stderr
    keys = {i.item_key for i in store.items("raw")}
    # design (3 criteria), implementation (1), conclusion (2), integrity (3) for each of 4 submissions
    assert len(keys) == 4 * 9 and "native/paper0/0/agentA-t0/integrity/fabrication" in keys
    assert all(not store.judges(i.id) for i in store.items("raw"))


def test_load_errors_name_the_problem(tmp_path: Path, run: Path) -> None:
    db = str(tmp_path / "a.db")
    missing = cli("annotate", "load", str(tmp_path / "nope"), "--project", "p", "--db", db)
    assert missing.returncode == 2 and "no such file or folder" in missing.stderr
    no_project = cli("annotate", "load", str(run), "--db", db)
    assert no_project.returncode == 2 and "--project" in no_project.stderr
    (run / "results.jsonl").write_text('{"task_id": "t"}\n')
    broken = cli("annotate", "load", str(run), "--project", "p", "--db", db)
    assert broken.returncode == 2 and "results.jsonl" in broken.stderr and "line 1" in broken.stderr
    assert "Traceback" not in broken.stderr
    unknown = cli("gold", "export", "--db", db, "--project", "ghost", "--out", str(tmp_path / "x.jsonl"))
    assert unknown.returncode == 2 and "no project named 'ghost'" in unknown.stderr


def test_diff_split_and_results_table() -> None:
    diff = (
        "diff --git a/a.py b/a.py\nindex 1..2\n--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-x\n+y\n"
        "--- b.txt\n+++ b.txt\n@@ -1 +1,2 @@\n+1\n+2\n"
    )
    files = split_diff(diff)
    assert [(f.path, f.added, f.removed) for f in files] == [("a.py", 1, 1), ("b.txt", 2, 0)]
    assert "".join(f.text for f in files) == diff
    table = results_table({"expected": {"e": {"acc": 0.8}}, "measured": {"e": {"acc": 0.7, "f1": 0.5}}})
    records = table.astype(object).where(table.notna(), None).to_dict("records")
    assert records == [
        {"experiment": "e", "metric": "acc", "expected": 0.8, "measured": 0.7},
        {"experiment": "e", "metric": "f1", "expected": None, "measured": 0.5},
    ]


def test_sqlite_writers_are_served_first_come_first_served() -> None:
    lock = FifoLock()
    order: list[int] = []
    threads = [threading.Thread(target=lambda i=i: _take(lock, order, i)) for i in range(5)]
    with lock:
        for t in threads:  # queue them one by one while the lock is held
            t.start()
            time.sleep(0.05)
    for t in threads:
        t.join(timeout=10)
    assert order == [0, 1, 2, 3, 4]


def _take(lock: FifoLock, order: list[int], i: int) -> None:
    with lock:
        order.append(i)


def test_opaque_ids_name_no_submission_and_survive_a_reworded_criterion(tmp_path: Path) -> None:
    from expgrade.annotation_app.store import opaque_id

    run = make_run(tmp_path)
    specs = load_run(run)
    before = {spec.item_key: opaque_id(spec.item_key) for spec in specs}
    results = run / "results.jsonl"
    original = results.read_text()
    # Design items of this run name their criterion ids (through their judge records); rewording
    # their text must not move them. (Its conclusion items carry neither id: a pre-identity run.)
    reworded = original.replace("variable 'model'", "variable 'model' (reworded)")
    assert reworded != original
    results.write_text(reworded)
    reloaded = load_run(run)
    after = {spec.item_key: opaque_id(spec.item_key) for spec in reloaded}
    assert after == before and len(set(before.values())) == len(before)
    assert not any(agent in public for public in before.values() for agent in ("agentA", "agentB"))
