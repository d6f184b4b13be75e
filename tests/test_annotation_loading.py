"""`expgrade annotate load` never half-loads silently, and stores each artefact once.

A cut last record, a malformed line, a second record for one submission, repeated or
contradictory label rows: each is named by file and line with a non-zero exit and what to do.
A big submission's diff and log are stored once however many items show them.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from annotation_support import cli, make_big_run, make_run

from expgrade.annotation_app.models import SCHEMA_VERSION
from expgrade.annotation_app.store import Store


@pytest.fixture
def run(tmp_path: Path) -> Path:
    return make_run(tmp_path / "run")


def load(source: Path, db: Path, *extra: str) -> tuple[int, str, str]:
    done = cli("annotate", "load", str(source), "--project", "p", "--overlap", "1", "--db", str(db), *extra)
    return done.returncode, " ".join(done.stdout.split()), " ".join(done.stderr.split())


def test_a_cut_last_record_is_named_with_what_to_do_and_exit_1(tmp_path: Path, run: Path) -> None:
    results = run / "results.jsonl"
    lines = results.read_text().splitlines(keepends=True)
    results.write_text("".join(lines[:-1]) + lines[-1][: len(lines[-1]) // 2])  # a crash mid-append
    code, _, err = load(run, tmp_path / "a.db")
    assert code == 1, err
    assert f"{results}, line {len(lines)}: cut short" in err
    assert "resume it" in err and f"--out {run}" in err
    # every complete record's items are in, none of the cut one's
    cut = json.loads(lines[-1])["submission_id"]
    loaded = {i.submission_id for i in Store.open(str(tmp_path / "a.db")).items("p")}
    assert cut not in loaded and len(loaded) == len(lines) - 1
    assert "Traceback" not in err


def test_a_malformed_line_rejects_the_run(tmp_path: Path, run: Path) -> None:
    results = run / "results.jsonl"
    lines = results.read_text().splitlines(keepends=True)
    results.write_text(lines[0] + "{not json\n" + "".join(lines[1:]))
    code, _, err = load(run, tmp_path / "a.db")
    assert code == 2 and f"{results}, record line 2" in err and "malformed JSON" in err
    assert not (tmp_path / "a.db").exists() or not Store.open(str(tmp_path / "a.db")).projects()


def test_a_second_record_for_one_submission_names_both_lines(tmp_path: Path, run: Path) -> None:
    results = run / "results.jsonl"
    lines = results.read_text().splitlines(keepends=True)
    results.write_text("".join(lines) + lines[1])
    code, _, err = load(run, tmp_path / "a.db")
    assert code == 2, err
    assert f"line {len(lines) + 1}" in err and "first at line 2" in err and "keep one of the two lines" in err


def _label_table(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_a_csv_repeat_is_named_by_the_line_an_editor_shows(tmp_path: Path) -> None:
    table = tmp_path / "t.csv"
    table.write_text(
        "item_id,rater,rater_kind,label,reason\n"  # line 1
        "q1,judge-a,judge,pass,ok\n"  # line 2
        '"q2",judge-a,judge,fail,"two\nlines"\n'  # lines 3-4
        "\n"  # line 5, blank
        "q1,judge-a,judge,fail,no\n"  # line 6
    )
    code, _, err = load(table, tmp_path / "a.db")
    assert code == 2, err
    assert f"{table}, record line 6" in err and "the row at line 2" in err, err


def test_contradictory_votes_of_one_judge_stop_the_load(tmp_path: Path) -> None:
    vote = {"item_id": "q1", "rater": "judge-a", "rater_kind": "judge", "label": "pass"}
    other = {"item_id": "q2", "rater": "judge-a", "rater_kind": "judge", "label": "fail"}
    table = _label_table(tmp_path / "t.jsonl", [vote, other, {**vote, "label": "fail"}])
    code, _, err = load(table, tmp_path / "a.db")
    assert code == 2, err
    assert f"{table}, record line 3" in err and "contradicts (pass there, fail here) the row at line 1" in err
    assert "fix the table" in err
    table = _label_table(tmp_path / "t.jsonl", [vote, other, vote])
    code, _, err = load(table, tmp_path / "a.db")
    assert code == 2 and "repeats the row at line 1" in err
    # the same judge on both presentation orders of a pairwise item is two votes, not a repeat
    table = _label_table(
        tmp_path / "t.jsonl", [{**vote, "order": "original"}, {**vote, "order": "swapped", "label": "fail"}]
    )
    assert load(table, tmp_path / "a.db")[0] == 0


def test_a_run_without_its_submissions_says_how_to_give_them(tmp_path: Path, run: Path) -> None:
    (run / "submissions").rename(tmp_path / "elsewhere")
    code, _, err = load(run, tmp_path / "a.db")
    assert code == 2 and "submissions folder" in err and "--submissions" in err
    code, _, err = load(run, tmp_path / "a.db", "--submissions", str(tmp_path / "elsewhere"))
    assert code == 0, err


def test_a_big_submission_is_stored_once(tmp_path: Path) -> None:
    """13 items of one submission used to store 13 copies of its diff and logs (134 MB for 5 MB)."""
    run, size = make_big_run(tmp_path / "run")
    db = tmp_path / "a.db"
    code, _, err = load(run, db)
    assert code == 0, err
    with sqlite3.connect(db) as conn:
        n_items = conn.execute("SELECT count(*) FROM items").fetchone()[0]
        n_blobs, blob_chars = conn.execute("SELECT count(*), sum(length(text)) FROM blobs").fetchone()
        content_chars = conn.execute("SELECT sum(length(content)) FROM items").fetchone()[0]
    assert n_items == 11 and n_blobs == 2  # the diff and the log, once each
    assert blob_chars < size and content_chars < 50_000
    assert db.stat().st_size < 1.5 * size


def test_every_judged_subtask_has_an_allow_list() -> None:
    from expgrade.annotation_app.loaders import SHOWN
    from expgrade.grading.subtasks import JUDGED_SUBTASKS

    assert set(SHOWN) == set(JUDGED_SUBTASKS)  # a new judged subtask must say what its judge reads


def test_identity_is_masked_whole_and_short_names_are_left_alone() -> None:
    from expgrade.annotation_app.loaders import identity_of, mask_identity

    names = identity_of("lr", "openai/GPT-4o-mini", "run-17/OpenHands")
    text = "Using gpt-4o-mini via openai/gpt-4o-mini in run-17/openhands; lr 0.05"
    assert mask_identity(text, names) == "Using [model] via [model] in [submission]; lr 0.05"


def test_a_version_2_database_gains_the_blob_table_and_keeps_its_items(tmp_path: Path) -> None:
    run, _ = make_big_run(tmp_path / "run")
    db = tmp_path / "a.db"
    assert load(run, db)[0] == 0
    with sqlite3.connect(db) as conn:  # back to version 2: texts inline, no blobs table
        blobs = dict(conn.execute("SELECT sha256, text FROM blobs"))
        for item_id, content in conn.execute("SELECT id, content FROM items").fetchall():
            inline = json.loads(content)
            for part in ("artifact", "ground_truth"):
                for name, value in inline[part].items():
                    if isinstance(value, dict) and "$blob" in value:
                        inline[part][name] = blobs[value["$blob"]]
            conn.execute("UPDATE items SET content = ? WHERE id = ?", (json.dumps(inline), item_id))
        conn.execute("DROP TABLE blobs")
        conn.execute("UPDATE meta SET value = '2' WHERE key = 'schema_version'")
    code, out, err = load(run, db)  # opening migrates; the items were kept, and their texts come back
    assert code == 0 and "(0 added, 0 updated, 11 unchanged)" in out, err
    store = Store.open(str(db))
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone() == (
            str(SCHEMA_VERSION),
        )
    item = next(i for i in store.items("p") if i.subtask == "integrity")
    assert store.text(item.content["artifact"]["log"]).startswith("step 0: loss")


def _admin_queries(tmp_path: Path, url: str) -> None:
    from expgrade.annotation_app.loaders import load_run
    from expgrade.annotation_app.store import LabelInput

    run, _ = make_big_run(tmp_path / "run")
    store = Store.open(url)
    store.load("p", 2, load_run(run), active_queue=False)
    users = [store.user_by_token(store.add_user(name)) for name in ("ann", "bob")]
    for n, user in enumerate(users):
        assert user is not None
        for i in range(3 + n):  # ann labels 3 items, bob 4: three complete, one incomplete
            a = store.claim("p", user.id)
            assert a is not None
            flag = (
                LabelInput("pass", flags=["flagged"], reason="odd")
                if (n, i) == (1, 3)
                else LabelInput("fail")
            )
            store.submit(a.id, user.id, flag)
    assert store.item_count("p") == 11 and store.item_subtasks("p") == sorted(SUBTASK_NAMES)
    counts = {status: store.find_items("p", limit=100, status=status)[1] for status in STATUSES}
    assert counts == {"all": 11, "complete": 3, "incomplete": 8, "flagged": 1}
    page, total = store.find_items("p", limit=2, subtasks=["integrity"], contains="agentA-t0/integrity")
    assert total == 3 and len(page) == 2 and all(r.subtask == "integrity" for r in page)
    assert store.find_items("p", limit=5, contains="100%_")[1] == 0  # LIKE wildcards are text
    log = next(i for i in store.items("p") if i.subtask == "integrity").content["artifact"]["log"]
    assert store.text(log).startswith("step 0: loss")  # the blob, read back
    store.engine.dispose()


SUBTASK_NAMES = ("design", "implementation", "conclusion", "integrity")
STATUSES = ("all", "complete", "incomplete", "flagged")


def test_admin_item_queries_and_blobs_on_sqlite(tmp_path: Path) -> None:
    _admin_queries(tmp_path, str(tmp_path / "a.db"))


@pytest.mark.postgres
def test_admin_item_queries_and_blobs_on_postgresql(tmp_path: Path) -> None:
    import shutil
    import tempfile

    from annotation_support import private_postgres

    root = Path(tempfile.mkdtemp(prefix="expgrade-pg-"))  # the cluster runs as `postgres`
    try:
        with private_postgres(root) as url:
            _admin_queries(tmp_path, url)
    finally:
        shutil.rmtree(root, ignore_errors=True)


def test_an_item_says_which_parts_of_a_long_diff_its_judge_was_sent(tmp_path: Path, run: Path) -> None:
    from expgrade.annotation_app.loaders import load_run

    results = run / "results.jsonl"
    records = [json.loads(line) for line in results.read_text().splitlines()]
    design = records[0]["subtasks"]["design"]
    sent = {"diff_files_sent": ["train.py", "agentA-t0/notes.py"], "diff_pieces_sent": "2 of 9"}
    records[0]["subtasks"]["implementation"] = {**design, "items": [{**design["items"][0], "evidence": sent}]}
    results.write_text("".join(json.dumps(r) + "\n" for r in records))
    [item] = [s for s in load_run(run) if s.subtask == "implementation"]
    assert item.content["artifact"]["diff_sent"] == {
        "files": ["train.py", "[submission]/notes.py"],
        "pieces": "2 of 9",
    }
