"""Disagreements settled by an adjudicator, with a trail, and labels made in other tools.

In the store, on real SQLite and a private PostgreSQL: the adjudicator role (an admin is not
one unless given it), decisions (reason required, label on the scale, append-only, the blind
labels untouched), imports in one transaction, and a version-5 database that migrates. From the
command line (`expgrade annotate adjudicate|import-labels`, `gold export|validate`,
`calibrate --gold adjudicated`): the whole flow of the issue, every refusal naming its line
and writing nothing, and Label Studio's JSON export."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from annotation_support import cli, make_run
from sqlalchemy import create_engine, text
from test_annotation_label_revisions import _fresh_database, _user, db_url  # noqa: F401

from expgrade.annotation_app.db import resolve_url
from expgrade.annotation_app.export import export_rows
from expgrade.annotation_app.loaders import load_run
from expgrade.annotation_app.models import SCHEMA_VERSION, Base
from expgrade.annotation_app.store import ImportedLabel, ItemSpec, LabelInput, Store
from expgrade.grading.errors import UserError
from expgrade.grading.labels_io import read_label_rows, write_label_rows
from expgrade.grading.schemas import LabelRow

SCALE = ["pass", "fail"]


@pytest.fixture
def store(db_url: str, request: pytest.FixtureRequest) -> Store:  # noqa: F811
    s = Store.open(db_url)
    specs = [ItemSpec(item_key=f"t/s/design/c{i}", scale=SCALE, content={"n": i}) for i in range(3)]
    s.load(request.node.name, 2, specs, active_queue=False)
    return s


def _label(store: Store, project: str, user_id: int, label: str) -> int:
    a = store.claim(project, user_id)
    assert a
    store.submit(a.id, user_id, LabelInput(label, 0.6, f"I say {label}"))
    return a.item_id


def test_the_role_and_the_decisions_in_the_store(store: Store, request: pytest.FixtureRequest) -> None:
    project = request.node.name
    ann, _ = _user(store, f"{project}-ann")
    bob, _ = _user(store, f"{project}-bob")
    root = store.user_by_token(store.add_user(f"{project}-root", admin=True))
    sam = store.user_by_token(store.add_user(f"{project}-sam", adjudicator=True))
    assert root and sam and (root.is_admin, root.adjudicator) == (True, False)
    assert (sam.role, sam.adjudicator) == ("annotator", True)
    item = _label(store, project, ann, "pass")
    assert _label(store, project, bob, "fail") == item
    fail = LabelInput("fail", reason="the split leaks")
    with pytest.raises(UserError, match="is not an adjudicator"):  # an admin is not one unless given it
        store.adjudicate(item, root.id, fail)
    with pytest.raises(UserError, match="is not an adjudicator"):
        store.adjudicator(f"{project}-root")
    with pytest.raises(UserError, match="needs a reason"):
        store.adjudicate(item, sam.id, LabelInput("fail", reason="  "))
    with pytest.raises(UserError, match="not on this item's scale"):
        store.adjudicate(item, sam.id, LabelInput("maybe", reason="why not"))
    assert store.decisions(project) == {}
    first = store.adjudicate(item, sam.id, fail)
    assert (first.verdict, first.revision, first.adjudicator) == ("fail", 1, f"{project}-sam")
    assert [(s["annotator"], s["label"], s["confidence"]) for s in first.settled] == [
        (f"{project}-ann", "pass", 0.6),
        (f"{project}-bob", "fail", 0.6),
    ]
    store.adjudicate(item, sam.id, LabelInput(None, reason="the diff is empty", unscorable=True))
    newest = store.decisions(project)[item]
    assert (newest.status, newest.label, newest.revision, newest.reason) == (
        "unscorable",
        None,
        2,
        "the diff is empty",
    )
    assert sorted(a.label for _, a in store.item_labels(item)) == ["fail", "pass"]  # blind labels kept
    rows = export_rows(store, project)
    assert [(r.rater, r.status, "adjudication" in r.extra) for r in rows] == [
        (f"{project}-ann", "graded", False),
        (f"{project}-bob", "graded", False),
        (f"{project}-sam", "unscorable", True),
    ]
    assert rows[-1].reason == "the diff is empty" and rows[-1].extra["adjudication"]["revision"] == 2
    store.add_user(f"{project}-sam")  # a re-issued token without the role takes it away
    with pytest.raises(UserError, match="is not an adjudicator"):
        store.adjudicate(item, sam.id, fail)


def test_an_import_is_one_transaction(store: Store, request: pytest.FixtureRequest) -> None:
    project = request.node.name
    ann, _ = _user(store, f"{project}-ann")
    item = _label(store, project, ann, "pass")
    key = store.item(item).item_key

    def label(where: str, item: str, who: str, verdict: str) -> ImportedLabel:
        return ImportedLabel(where, item, who, LabelInput(verdict), {"format": "test", "record": where})

    good = [label("line 1", "t/s/design/c1", f"{project}-carol", "fail")]
    with pytest.raises(UserError, match="already has a label or a claim") as refused:
        store.import_labels(project, [*good, label("line 2", key, f"{project}-ann", "fail")], file="x")
    assert refused.value.record == "line 2"
    assert f"{project}-carol" not in {u.name for u in store.users()}  # nothing of the file written
    done = store.import_labels(project, good, file="x")
    assert (done.labels, done.new_annotators) == (1, [f"{project}-carol"])
    (imported,) = [r for r in export_rows(store, project) if r.rater == f"{project}-carol"]
    assert imported.extra["source"] == {"format": "test", "record": "line 1"} and imported.label == "fail"


def test_a_version_5_database_migrates_and_keeps_its_users(db_url: str) -> None:  # noqa: F811
    url = _fresh_database(db_url, "version5")
    engine = create_engine(resolve_url(url))
    Base.metadata.create_all(engine)  # version 5's tables: today's, less what version 6 added
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE adjudications"))
        conn.execute(text("ALTER TABLE users DROP COLUMN adjudicator"))
        conn.execute(text("ALTER TABLE assignments DROP COLUMN source"))
        conn.execute(text("INSERT INTO meta (key, value) VALUES ('schema_version', '5')"))
        conn.execute(text("INSERT INTO users (name, role, created_at) VALUES ('old', 'admin', '2026-01-01')"))
    engine.dispose()
    store = Store.open(url)
    (old,) = store.users()
    assert (old.name, old.role, old.adjudicator) == ("old", "admin", False)
    store.add_user("judge-judy", adjudicator=True)
    assert store.adjudicator("judge-judy").adjudicator
    with store.engine.connect() as conn:
        assert conn.execute(text("SELECT value FROM meta WHERE key = 'schema_version'")).scalar() == str(
            SCHEMA_VERSION
        )
    store.engine.dispose()


# -- the command line ------------------------------------------------------------------------


@pytest.fixture
def project(tmp_path: Path) -> tuple[str, Path, list[str]]:
    """(database, graded run, item ids) of a run loaded as project `p` with overlap 2."""
    db = str(tmp_path / "annotate.db")
    run = make_run(tmp_path / "run")
    Store.open(db).load("p", 2, load_run(run), active_queue=False)
    return db, run, [i.item_key for i in Store.open(db).items("p")]


def flat(text: str) -> str:
    """Output as one line: rich wraps at the terminal's width."""
    return " ".join(text.split())


def _lines(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_done_when_from_the_command_line(tmp_path: Path, project: tuple[str, Path, list[str]]) -> None:
    """Two people's imported labels disagree on five items: listed, settled with reasons, and
    exported with the decision, the adjudicator, the reason and both blind labels; a
    non-adjudicator is refused."""
    db, run, keys = project
    rows = []
    for n, key in enumerate(keys[:10]):
        rows.append({"item_id": key, "rater": "ann", "rater_kind": "human", "label": "pass",
                     "extra": {"rationale": f"ann's reading of {n}"}})  # fmt: skip
        rows.append(
            {"item_id": key, "rater": "bob", "rater_kind": "human", "label": "fail" if n < 5 else "pass"}
        )
    imported = cli("annotate", "import-labels", str(_lines(tmp_path / "team.jsonl", rows)), "--project", "p",
                   "--db", db)  # fmt: skip
    assert imported.returncode == 0, imported.stderr
    assert "imported 20 labels on 10 items of p from 2 annotators (2 new: ann, bob)" in flat(imported.stdout)

    listed = cli("annotate", "adjudicate", "--project", "p", "--list", "--db", db, env={"COLUMNS": "250"})
    assert listed.returncode == 0, listed.stderr
    assert "5 items, 0 settled" in flat(listed.stdout)
    for key in keys[:5]:
        line = next(line for line in listed.stdout.splitlines() if key in line)
        assert "ann pass, bob fail" in line and "people disagree" in line and "open" in line
    assert not any(key in listed.stdout for key in keys[5:])

    assert cli("annotate", "add-user", "sam", "--adjudicator", "--db", db).returncode == 0
    refused = cli("annotate", "adjudicate", "--project", "p", "--item", keys[0], "--label", "fail",
                  "--reason", "bob is right", "--as", "ann", "--db", db)  # fmt: skip
    assert refused.returncode == 2 and "'ann' is not an adjudicator" in flat(refused.stderr)
    assert "Traceback" not in refused.stderr and Store.open(db).decisions("p") == {}
    for n, key in enumerate(keys[:5]):
        verdict = "fail" if n % 2 else "pass"
        settled = cli("annotate", "adjudicate", "--project", "p", "--item", key, "--label", verdict,
                      "--reason", f"reason {n}", "--as", "sam", "--db", db)  # fmt: skip
        assert settled.returncode == 0, settled.stderr
        assert f"{verdict} by sam" in flat(settled.stdout) and "ann pass, bob fail" in flat(settled.stdout)
    again = cli("annotate", "adjudicate", "--project", "p", "--list", "--db", db)
    assert "5 items, 5 settled" in flat(again.stdout)

    out = tmp_path / "gold.jsonl"
    exported = cli("gold", "export", "--project", "p", "--out", str(out), "--db", db)
    assert exported.returncode == 0, exported.stderr
    assert "25 label rows" in flat(exported.stdout) and "5 adjudicated" in flat(exported.stdout)
    gold = read_label_rows(out)
    for n, key in enumerate(keys[:5]):
        of_item = [r for r in gold if r.item_id == key]
        assert [(r.rater, r.label) for r in of_item] == [
            ("ann", "pass"),
            ("bob", "fail"),
            ("sam", of_item[2].label),
        ]
        decision = of_item[2].extra["adjudication"]
        assert decision["label"] == ("fail" if n % 2 else "pass") == of_item[2].label
        assert (decision["adjudicator"], decision["reason"]) == ("sam", f"reason {n}") and decision["at"]
        assert [(s["annotator"], s["label"]) for s in decision["settled"]] == [
            ("ann", "pass"),
            ("bob", "fail"),
        ]
        assert of_item[0].extra["source"]["format"] == "expgrade" and of_item[0].extra["rationale"]
    assert cli("gold", "validate", str(out)).returncode == 0

    judges = tmp_path / "judges.csv"
    assert cli("labels", str(run), "--out", str(judges)).returncode == 0
    report = cli("calibrate", str(out), str(judges), "--out", str(tmp_path / "cal"), "--bootstrap", "20",
                 "--gold", "adjudicated")  # fmt: skip
    assert report.returncode == 0, report.stderr
    assert "gold: 5 items from adjudication, the others by majority" in flat(report.stdout)
    contract = json.loads((tmp_path / "cal" / "report.json").read_text())
    assert contract["annotators"]["gold_method"] == "adjudicated"
    assert contract["annotators"]["adjudicated_items"] == 5
    assert sorted(contract["humans"] and [c["annotator"] for c in contract["annotators"]["competence"]]) == [
        "ann",
        "bob",
    ]  # the adjudicator's decisions are the gold, not a third rater


def test_import_refusals_name_the_line_and_write_nothing(
    tmp_path: Path, project: tuple[str, Path, list[str]]
) -> None:
    db, _, keys = project

    def row(item: str, rater: str, label: str, kind: str = "human") -> dict[str, object]:
        return {"item_id": item, "rater": rater, "rater_kind": kind, "label": label}

    bad = {
        "unknown item": ([row(keys[0], "ann", "pass"), row("no/such/item", "ann", "pass")],
                         "line 2, field 'item_id': item 'no/such/item' is not in project 'p'"),
        "label off the scale": ([row(keys[0], "ann", "pass"), row(keys[1], "ann", "maybe")],
                                "line 2, field 'label': label 'maybe' is not on this item's scale"),
        "twice in the file": ([row(keys[0], "ann", "pass"), row(keys[1], "bob", "pass"),
                               row(keys[0], "ann", "fail")], "line 3: 'ann' labels item"),
        "a judge's row": ([row(keys[0], "gpt", "pass", "judge")], "a judge's row ('gpt')"),
    }  # fmt: skip
    for name, (rows, message) in bad.items():
        done = cli("annotate", "import-labels", str(_lines(tmp_path / f"{name}.jsonl", rows)), "--project",
                   "p", "--db", db)  # fmt: skip
        assert done.returncode == 2, name
        assert message in flat(done.stderr), (name, done.stderr)
        assert "Traceback" not in done.stderr
    store = Store.open(db)
    assert store.label_votes("p") == [] and store.users() == []  # nothing of a bad file

    csv = tmp_path / "team.csv"
    write_label_rows(
        csv,
        [
            LabelRow(item_id=keys[0], rater="ann", rater_kind="human", label="pass"),
            LabelRow(item_id=keys[1], rater="ann", rater_kind="human", label="maybe"),
        ],
    )
    in_csv = cli("annotate", "import-labels", str(csv), "--project", "p", "--db", db)
    assert in_csv.returncode == 2 and "line 3" in flat(in_csv.stderr)  # the line an editor shows
    good = _lines(tmp_path / "good.jsonl", [row(keys[0], "ann", "pass")])
    assert cli("annotate", "import-labels", str(good), "--project", "p", "--db", db).returncode == 0
    repeated = cli("annotate", "import-labels", str(good), "--project", "p", "--db", db)
    assert repeated.returncode == 2 and "'ann' already has a label or a claim on item" in flat(
        repeated.stderr
    )
    assert len(store.label_votes("p")) == 1


def label_studio_export(keys: list[str]) -> list[dict[str, object]]:
    """Tasks as Label Studio's JSON export writes them: `completed_by` as the user's id, or
    expanded ({id, email, first_name, last_name}); a `choices` verdict, a `textarea` rationale."""

    def result(choice: str, why: str | None = None) -> list[dict[str, object]]:
        regions: list[dict[str, object]] = [
            {"id": "a1", "from_name": "verdict", "to_name": "text", "type": "choices",
             "value": {"choices": [choice]}, "origin": "manual"},
        ]  # fmt: skip
        if why:
            regions.append({"id": "a2", "from_name": "why", "to_name": "text", "type": "textarea",
                            "value": {"text": [why]}, "origin": "manual"})  # fmt: skip
        return regions

    expanded = {"id": 12, "email": "bob@lab.example", "first_name": "Bob", "last_name": "B"}
    return [
        {"id": 101, "data": {"item_id": keys[0], "text": "..."}, "project": 3, "annotations": [
            {"id": 1, "completed_by": 7, "result": result("pass", "all variables named"),
             "was_cancelled": False, "created_at": "2026-03-09T21:52:49.513742Z", "task": 101},
            {"id": 2, "completed_by": expanded, "result": result("fail"), "was_cancelled": False,
             "created_at": "2026-03-09T22:16:08.728353Z", "task": 101},
            {"id": 3, "completed_by": 9, "result": [], "was_cancelled": True, "task": 101},
        ], "predictions": []},
        {"id": 102, "data": {"item_id": keys[1]}, "annotations": [
            {"id": 4, "completed_by": 7, "result": result("fail"), "was_cancelled": False, "task": 102},
        ]},
    ]  # fmt: skip


def test_label_studio_json_export(tmp_path: Path, project: tuple[str, Path, list[str]]) -> None:
    db, _, keys = project
    tasks = label_studio_export(keys)
    export = tmp_path / "label-studio.json"
    export.write_text(json.dumps(tasks))
    done = cli("annotate", "import-labels", str(export), "--project", "p", "--db", db)
    assert done.returncode == 0, done.stderr
    assert "imported 3 labels on 2 items" in flat(done.stdout)
    store = Store.open(db)
    rows = {(r.item_id, r.rater): r for r in export_rows(store, "p")}
    first = rows[(keys[0], "label-studio-user-7")]
    assert (first.label, first.extra["rationale"]) == ("pass", "all variables named")
    assert first.extra["annotated_at"].startswith("2026-03-09T21:52:49")
    where = "task 1 (id 101), annotation 1"
    assert first.extra["source"] == {
        "format": "label-studio", "file": "label-studio.json", "record": where, "task": 101, "annotation": 1
    }  # fmt: skip
    assert rows[(keys[0], "bob@lab.example")].label == "fail"
    assert set(rows) == {
        (keys[0], "label-studio-user-7"),
        (keys[0], "bob@lab.example"),
        (keys[1], "label-studio-user-7"),
    }

    tasks[1]["data"] = {"text": "no id here"}  # type: ignore[index]
    export.write_text(json.dumps(tasks))
    no_id = cli("annotate", "import-labels", str(export), "--project", "q", "--db", db)
    assert no_id.returncode == 2 and "no project named 'q'" in no_id.stderr
    other = tmp_path / "other.db"
    Store.open(str(other)).load(
        "p", 2, [ItemSpec(item_key=k, scale=SCALE, content={}) for k in keys], active_queue=False
    )
    no_id = cli("annotate", "import-labels", str(export), "--project", "p", "--db", str(other))
    assert (
        no_id.returncode == 2
        and "task 2 (id 102)" in flat(no_id.stderr)
        and "--id-field" in flat(no_id.stderr)
    )
    tasks[1]["data"] = {"item_id": keys[1]}  # type: ignore[index]
    second = {"id": "b", "from_name": "quality", "type": "choices", "value": {"choices": ["pass"]}}
    tasks[1]["annotations"][0]["result"].append(second)  # type: ignore[index]
    export.write_text(json.dumps(tasks))
    several = cli("annotate", "import-labels", str(export), "--project", "p", "--db", str(other))
    assert several.returncode == 2 and "several choice controls (quality, verdict)" in flat(several.stderr)
    named = cli("annotate", "import-labels", str(export), "--project", "p", "--db", str(other),
                "--from-name", "verdict")  # fmt: skip
    assert named.returncode == 0, named.stderr


def test_the_queue_with_judges_and_the_adjudicate_refusals(
    tmp_path: Path, project: tuple[str, Path, list[str]]
) -> None:
    db, _, keys = project
    store = Store.open(db)
    # both people fail an item all its judges passed; they split on the next
    rows = [
        {"item_id": keys[0], "rater": "ann", "rater_kind": "human", "label": "fail"},
        {"item_id": keys[0], "rater": "bob", "rater_kind": "human", "label": "fail"},
        {"item_id": keys[1], "rater": "ann", "rater_kind": "human", "label": "fail"},
        {
            "item_id": keys[1],
            "rater": "bob",
            "rater_kind": "human",
            "status": "unscorable",
            "reason": "no diff",
        },
    ]
    path = _lines(tmp_path / "l.jsonl", rows)
    assert cli("annotate", "import-labels", str(path), "--project", "p", "--db", db).returncode == 0
    plain = cli("annotate", "adjudicate", "--project", "p", "--db", db, env={"COLUMNS": "250"})
    assert keys[0] not in plain.stdout and "ann fail, bob unscorable" in plain.stdout
    wide = cli("annotate", "adjudicate", "--project", "p", "--list", "--judge-disagrees", "--db", db,
               env={"COLUMNS": "250"})  # fmt: skip
    line = next(line for line in wide.stdout.splitlines() if keys[0] in line)
    assert "ann fail, bob fail" in line and "judges say pass" in line

    store.add_user("sam", adjudicator=True)
    public = store.items("p")[1].public_id
    base = ("annotate", "adjudicate", "--project", "p", "--db", db, "--as", "sam")
    for args, message in [
        (("--item", "nope", "--label", "pass", "--reason", "r"), "project 'p' has no item 'nope'"),
        (("--item", public, "--label", "pass"), "settling an item needs --reason"),
        (
            ("--item", public, "--label", "maybe", "--reason", "r"),
            "label 'maybe' is not on this item's scale",
        ),
        (("--item", public, "--label", "pass", "--reason", "r", "--list"), "--list lists the queue"),
    ]:
        done = cli(*base, *args)
        assert done.returncode == 2 and message in flat(done.stderr), (args, done.stderr)
    assert store.decisions("p") == {}
    by_opaque_id = cli(*base, "--item", public, "--label", "unscorable", "--reason", "the diff is missing")
    assert by_opaque_id.returncode == 0 and "unscorable by sam" in flat(by_opaque_id.stdout)


def test_an_adjudicator_opens_on_the_adjudicate_page_and_claims_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opening the app as an adjudicator shows the queue to settle, not an item to label: a
    claim would hold one of the item's K slots for up to an hour."""
    from test_annotation_app import signed_in

    db = str(tmp_path / "annotate.db")
    monkeypatch.setenv("EXPGRADE_ANNOTATE_DB", db)
    monkeypatch.delenv("EXPGRADE_TRUSTED_HEADER", raising=False)
    store = Store.open(db)
    store.load("demo", 2, load_run(make_run(tmp_path / "run")), active_queue=False)
    at = signed_in(store.add_user("sam", adjudicator=True))
    assert [t.value for t in at.title] == ["Adjudicate · demo"]
    assert store.assignment_states("demo") == []
    at.sidebar.radio(key="page").set_value("Annotate").run()  # labelling is still one click away
    assert not at.exception, at.exception
    assert [t.value for t in at.title] == ["Annotate · demo"] and store.assignment_states("demo")
