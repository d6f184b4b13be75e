"""Every κ between two human raters is printed with `kappa_interval`'s interval (issue 63): by
`calibrate` on the command line and in report.md/JSON, and on the admin page; an undefined κ
(a rater used one label) is said as undefined, with the pair's raw agreement.

(Before, the pairs' κ and the mean over them were printed as bare numbers.)"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
from annotation_support import cli

from expgrade.annotation_app.agreement import human_table
from expgrade.calibration.agreement import cohen_kappa, confusion_matrix
from expgrade.calibration.analysis import calibrate
from expgrade.calibration.bootstrap import posterior_tables
from expgrade.grading.schemas import LabelRow

#: 40 items: alice and bob agree on 30 (κ 0.5); cy and dee say pass to every item (their κ is
#: undefined: chance agreement is 1)
ALICE = ["pass"] * 20 + ["fail"] * 20
BOB = ["pass"] * 15 + ["fail"] * 5 + ["pass"] * 5 + ["fail"] * 15
CY = DEE = ["pass"] * 40


def _rows(people: dict[str, list[str]]) -> list[LabelRow]:
    return [
        LabelRow(item_id=f"i{n}", rater=name, rater_kind="human", label=label)
        for name, labels in people.items()
        for n, label in enumerate(labels)
    ]


def _write(path: Path, rows: list[LabelRow]) -> Path:
    path.write_text("".join(r.model_dump_json(exclude_none=True) + "\n" for r in rows))
    return path


def test_a_pair_of_raters_has_kappa_interval_s_interval() -> None:
    """Before: `PairKappa` held a bare κ."""
    humans = calibrate(_rows({"alice": ALICE, "bob": BOB})).humans
    assert humans is not None
    (pair,) = humans.pairwise_kappa
    assert pair.kappa == 0.5 and pair.agreement == 0.75 and pair.n == 40
    assert pair.estimate.ci_low < 0.5 < pair.estimate.ci_high
    # `kappa_interval`'s: the bootstrap's percentiles joined with the Dirichlet posterior's, so
    # at least as wide as the posterior's alone on the same table
    codes = {"pass": 0, "fail": 1}
    table = confusion_matrix(np.array([codes[x] for x in ALICE]), np.array([codes[x] for x in BOB]), 2)
    posterior = cohen_kappa(posterior_tables(table, 4000, np.random.default_rng(1)))
    low, high = np.percentile(posterior, [2.5, 97.5])
    assert pair.estimate.ci_low <= low + 0.02 and pair.estimate.ci_high >= high - 0.02


def test_calibrate_prints_the_pair_s_kappa_with_its_interval(tmp_path: Path) -> None:
    table = _write(tmp_path / "labels.jsonl", _rows({"alice": ALICE, "bob": BOB}))
    done = cli("calibrate", str(table), "--out", str(tmp_path / "out"), env={"COLUMNS": "200"})
    assert done.returncode == 0, done.stderr
    said = " ".join(done.stdout.split())
    assert "humans: 2 raters" in said and "mean pairwise κ 0.50 [" in said
    report = (tmp_path / "out" / "report.md").read_text()
    assert "| all items | alice | bob | 40 | 0.50 [" in report


def test_an_undefined_pair_is_said_undefined_with_its_raw_agreement(tmp_path: Path) -> None:
    table = _write(tmp_path / "labels.jsonl", _rows({"alice": ALICE, "bob": BOB, "cy": CY, "dee": DEE}))
    done = cli("calibrate", str(table), "--out", str(tmp_path / "out"), env={"COLUMNS": "400"})
    assert done.returncode == 0, done.stderr
    said = " ".join(done.stdout.split())
    assert "alice–bob 0.50 [" in said
    assert "cy–dee undefined (raw agreement 1.00)" in said
    assert "alice–cy 0.00 (too few labels for an interval)" in said
    details = json.loads((tmp_path / "out" / "details.json").read_text())
    (group,) = details["groups"]
    pairs = {(p["a"], p["b"]): p for p in group["humans"]["pairwise_kappa"]}
    assert pairs["cy", "dee"]["cohen_kappa"]["value"] is None and pairs["cy", "dee"]["agreement"] == 1.0
    kappa = pairs["alice", "bob"]["cohen_kappa"]
    assert kappa["ci_low"] < 0.5 < kappa["ci_high"]


def test_the_admin_page_gives_two_annotators_kappa_interval_s_interval() -> None:
    shown = human_table(_rows({"alice": ALICE, "bob": BOB}))["mean pairwise κ"][0]
    assert shown.startswith("0.500 [")
    low, high = (float(x) for x in shown[len("0.500 [") : -1].split(", "))
    assert low < 0.5 < high and not math.isclose(low, high)
    undefined = human_table(_rows({"cy": CY, "dee": DEE}))["mean pairwise κ"][0]
    assert undefined == "undefined (raw agreement 1.000)"
