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
from annotation_support import cli, make_run

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


def test_a_big_submission_is_stored_once(tmp_path: Path, run: Path) -> None:
    """13 items of one submission used to store 13 copies of its diff and logs (134 MB for 5 MB)."""
    folder = run / "submissions" / "agentA-t0"
    hunk = "".join(f"+    value_{n} = compute({n})\n" for n in range(80_000))  # ~2.5 MB
    (folder / "patch.diff").write_text(
        f"diff --git a/m.py b/m.py\n--- a/m.py\n+++ b/m.py\n@@ -0,0 +1 @@\n{hunk}"
    )
    (folder / "agent.log").write_text("".join(f"step {n}: loss {1 / (n + 1):.6f}\n" for n in range(110_000)))
    size = sum(p.stat().st_size for p in folder.iterdir())
    results = run / "results.jsonl"
    record = json.loads(results.read_text().splitlines()[0])
    assert record["submission_id"] == "agentA-t0"
    items = record["subtasks"]["design"]["items"]
    # the same submission judged on more criteria: implementation and integrity items too
    record["subtasks"]["implementation"] = {**record["subtasks"]["design"], "items": items}
    record["subtasks"]["integrity"] = {**record["subtasks"]["design"], "items": items}
    results.write_text(json.dumps(record) + "\n")
    db = tmp_path / "a.db"
    code, _, err = load(run, db)
    assert code == 0, err
    with sqlite3.connect(db) as conn:
        n_items = conn.execute("SELECT count(*) FROM items").fetchone()[0]
        n_blobs, blob_chars = conn.execute("SELECT count(*), sum(length(text)) FROM blobs").fetchone()
        content_chars = conn.execute("SELECT sum(length(content)) FROM items").fetchone()[0]
    assert n_items >= 11 and n_blobs == 2  # the diff and the log, once each
    assert blob_chars < size and content_chars < 50_000
    assert db.stat().st_size < 1.5 * size
