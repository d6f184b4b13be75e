"""When labelling can stop: the anytime-valid sequence for the corrected pass rate holds the truth
at every step at once (so stopping the moment it looks good is safe), and `annotate status` says
it in words on a real annotation database."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from annotation_support import cli

from expgrade.annotation_app.store import ImportedLabel, ItemSpec, LabelInput, Store
from expgrade.calibration.corrected import ppi_mean
from expgrade.calibration.sequential import bounded_mean_sequence, stopping_status


def _stream(rng: np.random.Generator, items: int, rate: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    truth = (rng.random(items) < rate).astype(float)
    judge = np.where(truth == 1, rng.random(items) < 0.9, rng.random(items) < 0.1).astype(float)
    return truth, judge, rng.permutation(items)


def test_the_sequence_holds_at_every_step_where_a_watched_interval_does_not() -> None:
    """300 labels, looked at after each: the sequence misses the truth at *some* step in < 5 % of
    runs; the fixed-n PPI++ interval, watched the same way, misses somewhere far more often."""
    rng = np.random.default_rng(3)
    runs, sequence_missed, watched_missed = 200, 0, 0
    for _ in range(runs):
        truth, judge, order = _stream(rng, 1000, 0.2)
        target, base = truth.mean(), judge.mean()
        low, high = bounded_mean_sequence((truth[order[:300]] - judge[order[:300]] + 1) / 2)
        lo, hi = base + 2 * low - 1, base + 2 * high - 1
        sequence_missed += bool(np.any((lo > target) | (hi < target)))
        for k in range(10, 301, 10):
            rest = np.ones(1000, dtype=bool)
            rest[order[:k]] = False
            e = ppi_mean(truth[order[:k]], judge[order[:k]], judge[rest])
            if not e.ci_low <= target <= e.ci_high:
                watched_missed += 1
                break
    assert sequence_missed / runs <= 0.05
    assert watched_missed / runs > 0.1


def test_the_stopping_line_says_stop_or_how_many_more() -> None:
    rng = np.random.default_rng(0)
    truth, judge, order = _stream(rng, 3000, 0.2)
    few = stopping_status(judge, truth[order[:20]], judge[order[:20]])
    assert not few.can_stop and few.more_labels is not None and few.more_labels > 0
    assert f"about {few.more_labels} more labels for ± 0.05" in few.line()
    agreeing = np.zeros(3000)
    agreeing[:600] = 1.0
    many = stopping_status(agreeing, agreeing[:1500], agreeing[:1500])
    assert many.can_stop and many.line().endswith("you can stop")
    assert "(valid however long you label" in many.line()
    assert many.corrected.low <= 0.2 <= many.corrected.high


def test_annotate_status_on_a_labelled_project(tmp_path: Path) -> None:
    """A project of 400 judged items, 300 labelled by one person who agrees with the judge on all
    but 3: the corrected rate with its sequence, the stopping line and the agreement."""
    db = str(tmp_path / "annotate.db")
    store = Store.open(db)
    verdict = ["pass" if i % 4 == 0 else "fail" for i in range(400)]
    specs = [
        ItemSpec(item_key=f"t{i}/s/design/c", scale=["pass", "fail"], content={"n": i}, judges={"verdict": v})
        for i, v in enumerate(verdict)
    ]
    store.load("p", 1, specs, active_queue=False)
    labels = [
        ImportedLabel(
            f"line {i}",
            f"t{i}/s/design/c",
            "ann",
            LabelInput(("fail" if verdict[i] == "pass" else "pass") if i < 3 else verdict[i]),
            {},
        )
        for i in range(300)
    ]
    store.import_labels("p", labels, file="labels.jsonl")
    done = cli("annotate", "status", "--project", "p", "--half-width", "0.05", "--db", db)
    assert done.returncode == 0, done.stderr
    said = " ".join(done.stdout.split())
    assert "the corrected pass rate is 0.25 ±" in said and "300 labels of 400 items" in said
    assert "you can stop" in said
    assert "the judge agrees with people on 0.99" in said
    tight = cli("annotate", "status", "--project", "p", "--half-width", "0.005", "--db", db)
    assert "more labels than there are items" in " ".join(tight.stdout.split())
    bad = cli("annotate", "status", "--project", "p", "--half-width", "2", "--db", db)
    assert bad.returncode == 2 and "--half-width" in bad.stderr
