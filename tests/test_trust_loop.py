"""The trust loop end to end: grade → labels → annotate load → human labels through the store →
gold export → calibrate and `report --gold`, joined on one item identity (grading/items.py).

Real parts: the demo graded in the Docker sandbox with the judge engine over HTTP to the
scripted server, a real SQLite annotation store, the real CLI entry point.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from grade_support import grade_demo_with_docker
from test_calibration_cli import expgrade

from expgrade.annotation_app.store import LabelInput, Store
from expgrade.grading.items import ItemKey, item_id
from expgrade.grading.labels_io import read_label_rows, write_label_rows
from expgrade.grading.schemas import CalibrationBlock, LabelRow

#: people see through the cheater's no-op optimiser that fooled the scripted judge
FLIPPED_BY_PEOPLE = "cheater-adam/implementation/"


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    tmp = tmp_path_factory.mktemp("loop")
    proc = grade_demo_with_docker(tmp)
    assert proc.returncode == 0, proc.stderr
    yield tmp / "run"


def label_everything(db: str, project: str) -> int:
    """Two annotators label every item: the judge's verdict, except where people know better."""
    store = Store.open(db)
    n = 0
    for name in ("ann-1", "ann-2"):
        user = store.user_by_token(store.add_user(name))
        assert user is not None
        while (a := store.claim(project, user.id)) is not None:
            item = store.item(a.item_id)
            judged = store.item_judges(project)[item.id]["verdict"]
            label = "fail" if FLIPPED_BY_PEOPLE in item.item_key else judged
            store.submit(a.id, user.id, LabelInput(label, 0.9))
            n += 1
    return n


@pytest.mark.docker
def test_every_labelled_item_joins_from_grade_to_calibrate_and_report(graded: Path, tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'annotate.db'}"
    labels, gold = tmp_path / "labels.jsonl", tmp_path / "gold.jsonl"
    assert expgrade("labels", graded, "--out", labels).returncode == 0
    judge_rows = read_label_rows(labels)
    judge_ids = {r.item_id for r in judge_rows}
    assert len(judge_ids) == len(judge_rows) == 69  # one judge, one row per judged item
    assert all(ItemKey.parse(i) is not None for i in judge_ids)

    load = expgrade("annotate", "load", graded, "--project", "loop", "--db", db)
    assert load.returncode == 0, load.stderr
    assert label_everything(db, "loop") == 2 * 69

    assert expgrade("gold", "export", "--project", "loop", "--out", gold, "--db", db).returncode == 0
    human = read_label_rows(gold)
    assert {r.item_id for r in human} == judge_ids  # every labelled item joins its judge rows
    assert {(r.subtask, r.criterion) for r in human} == {(r.subtask, r.criterion) for r in judge_rows}

    cal = expgrade("calibrate", labels, gold, "--out", tmp_path / "cal", "--bootstrap", "50")
    assert cal.returncode == 0, cal.stderr
    report = json.loads((tmp_path / "cal" / "report.json").read_text())
    assert report["n_items"] == 69
    overall = next(j for j in report["judges"] if j["subtask"] is None and j["criterion"] is None)
    assert overall["n"] == 69  # 69 items with both a judge and a gold label

    for source in (str(gold), "loop"):
        out = expgrade(
            "report", graded, "--format", "json", "--gold", source, "--db", db, "--bootstrap", "50"
        )
        assert out.returncode == 0, out.stderr
        assert "69 of 69 labelled item(s) match the run, 0 do not" in out.stderr
        c = json.loads(out.stdout)["calibration"]
        assert c["status"] == "calibrated" and c["gold"]["matched"] == 69
        assert CalibrationBlock.model_validate(c).as_json() == c  # the typed block, gold included
        impl = c["items"]["implementation"]
        # 3 requirements x 3 submissions; people fail the cheater's optimiser item the judge passed
        assert impl["n_gold"] == 9 and impl["raw_pass_rate"] == pytest.approx(6 / 9)
        assert impl["tnr"]["value"] == pytest.approx(0.5)
        assert c["items"]["design"]["n_gold"] == 30 and c["items"]["design"]["agreement"]["value"] == 1.0
        # six submissions per subtask: too few to correct, and said so instead of a number
        design = c["per_subtask"]["design"]
        assert design["n_gold"] == 6 and design["corrected_pass_rate"]["value"] is None
        assert "needs at least 10" in design["not_estimable"]
        assert set(c["per_agent"]) == {"careful-agent", "sloppy-agent", "cheating-agent"}
        assert c["per_agent"]["cheating-agent"]["all_passed"]["n_gold"] == 2
        # every pair of the three agents, paired by task, with the ranking its settled pairs allow
        pairs = c["comparisons"]["all_passed"]["pairs"]
        assert {frozenset((p["a"], p["b"])) for p in pairs} == {
            frozenset(p) for p in (("careful-agent", "sloppy-agent"), ("careful-agent", "cheating-agent"),
                                   ("sloppy-agent", "cheating-agent"))
        }  # fmt: skip
        assert all(p["paired"] and p["n_tasks"] == 2 for p in pairs)
        ranking = c["comparisons"]["all_passed"]["ranking"]
        assert all(1 <= r["best_rank"] <= r["worst_rank"] <= 3 for r in ranking)


@pytest.mark.docker
def test_report_shows_calibration_in_every_format(graded: Path, tmp_path: Path) -> None:
    assert expgrade("report", graded, "--format", "md", "--out", tmp_path / "u.md").returncode == 0
    md = (tmp_path / "u.md").read_text()
    # said once, in the summary's banner, not beside every rate (issue 41)
    assert md.lower().count("uncalibrated judge") == 1 and "for a ±0.05 CI" in md
    rows = [
        LabelRow(item_id=r.item_id, rater="ann", rater_kind="human", label=r.label, subtask=r.subtask)
        for r in _judge_rows(graded, tmp_path)
    ]
    write_label_rows(tmp_path / "gold.csv", rows)
    for fmt in ("md", "html"):
        target = tmp_path / f"c.{fmt}"
        done = expgrade("report", graded, "--format", fmt, "--gold", tmp_path / "gold.csv", "--out", target)
        assert done.returncode == 0, done.stderr
        text = target.read_text()
        assert "uncalibrated judge" not in text and "Judge calibration" in text
        assert "κ" in text and "corrected" in text and "TPR" in text
        assert "which agent is better" in text


def _judge_rows(graded: Path, tmp_path: Path) -> list[LabelRow]:
    labels = tmp_path / "judge.jsonl"
    assert expgrade("labels", graded, "--out", labels).returncode == 0
    return read_label_rows(labels)


@pytest.mark.docker
def test_gold_that_does_not_match_is_counted_and_bad_labels_are_user_errors(
    graded: Path, tmp_path: Path
) -> None:
    rows = _judge_rows(graded, tmp_path)[:4]
    human = [r.model_copy(update={"rater": "ann", "rater_kind": "human"}) for r in rows]
    stray = [
        LabelRow(
            item_id=item_id("t", f"s{i}", "design", "independent:x"),
            rater="ann",
            rater_kind="human",
            label="pass",
        )
        for i in range(5)
    ]
    write_label_rows(tmp_path / "gold.jsonl", human + stray)
    done = expgrade("report", graded, "--format", "json", "--gold", tmp_path / "gold.jsonl")
    assert done.returncode == 0, done.stderr
    assert "4 of 9 labelled item(s) match the run, 5 do not (e.g. t/s0/design/independent:x" in done.stderr
    gold = json.loads(done.stdout)["calibration"]["gold"]
    assert len(gold["examples_matched"]) == 3 and len(gold["examples_unmatched"]) == 3

    write_label_rows(tmp_path / "bad.jsonl", [*human[:2], human[2].model_copy(update={"label": "maybe"})])
    bad = expgrade("report", graded, "--gold", tmp_path / "bad.jsonl")
    assert bad.returncode == 2
    assert "bad.jsonl" in bad.stderr and "row 3" in bad.stderr and "label" in bad.stderr
    assert "maybe" in bad.stderr and "Traceback" not in bad.stderr


@pytest.mark.docker
def test_active_budget_draws_units_and_the_report_weights_them(graded: Path, tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'annotate.db'}"
    load = expgrade("annotate", "load", graded, "--project", "act", "--active", "--budget", "30", "--db", db)
    assert load.returncode == 0, load.stderr
    n_drawn = int(load.stdout.split("drew ")[1].split(" of ")[0])
    assert 10 <= n_drawn <= 60  # about 30 in expectation, whole units at a time
    assert label_everything(db, "act") == 2 * n_drawn
    gold = tmp_path / "gold.jsonl"
    assert expgrade("gold", "export", "--project", "act", "--out", gold, "--db", db).returncode == 0
    rows = read_label_rows(gold)
    assert all(0 < r.extra["inclusion_probability"] <= 1 for r in rows)
    units = {r.item_id.rsplit("/", 1)[0] for r in rows}
    for unit in units:  # a drawn unit comes whole: every judged item of that submission's subtask
        assert len({r.extra["inclusion_probability"] for r in rows if r.item_id.startswith(unit + "/")}) == 1
    out = expgrade("report", graded, "--format", "json", "--gold", "act", "--db", db, "--bootstrap", "50")
    c = json.loads(out.stdout)["calibration"]
    assert c["gold"]["matched"] == n_drawn
    weighted = [cell for cell in c["items"].values() if cell["n_gold"]]
    assert weighted and all(cell["weighting"] == "inclusion-probability" for cell in weighted)

    assert expgrade("annotate", "load", graded, "--project", "x", "--budget", "5", "--db", db).returncode == 2
