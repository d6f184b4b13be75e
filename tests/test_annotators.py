"""Annotator competence and the gold label it implies, against crowd-kit's Dawid–Skene and MACE
on PandaLM's three annotators (bundled), and against a known truth in a simulation."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from crowdkit.aggregation import MACE, DawidSkene
from test_calibration_cli import expgrade

from expgrade.calibration.analysis import calibrate
from expgrade.calibration.annotators import dawid_skene, gold_labels, mace
from expgrade.calibration.datasets import alttest_rows, pandalm_rows
from expgrade.calibration.labels import frame_of, load_label_data
from expgrade.grading.schemas.label import LabelRow

# crowd-kit 1.4 still passes pandas keywords that pandas 3 deprecates
pytestmark = pytest.mark.filterwarnings("ignore:The (copy|inplace) keyword:Warning")


def _humans(rows: list[LabelRow]) -> tuple[np.ndarray, list[str], int, pd.DataFrame]:
    data = load_label_data(frame_of(rows), "nominal")
    names = sorted(data.humans)
    h = np.column_stack([data.humans[a].codes for a in names])
    i, j = np.nonzero(h >= 0)
    return h, names, data.scale.k, pd.DataFrame({"task": i, "worker": np.array(names)[j], "label": h[i, j]})


def _theirs(probas: pd.DataFrame, k: int) -> tuple[np.ndarray, np.ndarray]:
    p = probas.reindex(columns=range(k), fill_value=0.0).sort_index()
    return p.index.to_numpy(), p.to_numpy()


@pytest.mark.parametrize("source", ["pandalm", "mtbench"])
def test_dawid_skene_equals_crowd_kit(datasets: Path, source: str) -> None:
    rows = (
        pandalm_rows(datasets / "judge_human" / "pandalm")
        if source == "pandalm"
        else alttest_rows(datasets / "alttest" / "mtbench")
    )
    h, _, k, table = _humans(rows)
    items, theirs = _theirs(DawidSkene(n_iter=100).fit(table).probas_, k)
    ours, _ = dawid_skene(h, k)
    assert np.abs(ours[items] - theirs).max() < 1e-8
    assert (ours[items].argmax(axis=1) == theirs.argmax(axis=1)).all()


def test_mace_agrees_with_crowd_kit_on_pandalm(datasets: Path) -> None:
    h, names, k, table = _humans(pandalm_rows(datasets / "judge_human" / "pandalm"))
    fitted = MACE(n_restarts=1).fit(table)
    items, theirs = _theirs(fitted.probas_, k)
    ours, knows = mace(h, k)
    assert (ours[items].argmax(axis=1) == theirs.argmax(axis=1)).mean() >= 0.999
    workers = list(pd.factorize(table["worker"])[1])
    crowd_kit_knows = fitted.spamming_[[workers.index(n) for n in names], 1]
    assert np.abs(knows - crowd_kit_knows).max() < 0.01


def test_a_careless_annotator_is_found_and_outvoted() -> None:
    """One careful annotator and two who guess half the time: the models rank the careful one
    first and recover the truth better than the majority does."""
    rng = np.random.default_rng(1)
    n, k = 600, 3
    truth = rng.integers(0, k, n)
    careful = np.where(rng.random(n) < 0.95, truth, rng.integers(0, k, n))
    sloppy = [np.where(rng.random(n) < 0.45, truth, rng.integers(0, k, n)) for _ in range(2)]
    h = np.column_stack([careful, *sloppy])
    names = ["careful", "sloppy-1", "sloppy-2"]
    majority = gold_labels(h, names, k, "majority")
    for method in ("dawid-skene", "mace"):
        model = gold_labels(h, names, k, method)  # type: ignore[arg-type]
        best = max(model.competence, key=lambda c: c.accuracy.value)
        assert best.annotator == "careful"
        assert best.accuracy.ci_low is not None and best.accuracy.ci_low > max(
            c.accuracy.ci_high for c in model.competence if c.annotator != "careful"
        )
        assert (model.gold == truth).mean() > (majority.gold == truth).mean() + 0.05


def test_low_human_agreement_warns_and_says_what_to_do(datasets: Path) -> None:
    low = calibrate(alttest_rows(datasets / "alttest" / "mtbench"), n_resamples=50)
    assert low.human_warning is not None and "too low" in low.human_warning
    assert "--gold dawid-skene" in low.human_warning and "author_4" in low.human_warning
    assert next(iter(low.recommendations.values())) == low.human_warning
    high = calibrate(pandalm_rows(datasets / "judge_human" / "pandalm"), n_resamples=50)
    assert high.humans is not None and high.humans.krippendorff_alpha.value > 0.667
    assert high.human_warning is None


def test_cli_gold_method_reaches_every_report(datasets: Path, tmp_path: Path) -> None:
    labels = tmp_path / "mt.jsonl"
    assert (
        expgrade("gold", "import", "alttest", datasets / "alttest" / "mtbench", "--out", labels).returncode
        == 0
    )
    out = tmp_path / "r"
    done = expgrade("calibrate", labels, "--out", out, "--bootstrap", "0", "--gold", "mace")
    assert done.returncode == 0, done.stderr
    block = json.loads((out / "report.json").read_text())["annotators"]
    assert block["gold_method"] == "mace" and block["warning"]
    assert {c["annotator"] for c in block["competence"]} == {"author_0", "author_4", "expert_24"}
    assert all(0 <= c["accuracy"]["ci_low"] <= c["accuracy"]["value"] <= c["accuracy"]["ci_high"] <= 1
               for c in block["competence"])  # fmt: skip
    assert "MACE" in json.loads((out / "details.json").read_text())["gold_rule"]
    assert "## Annotators" in (out / "report.md").read_text()
    assert "Gold label by mace" in (out / "report.html").read_text()
    bad = expgrade("calibrate", labels, "--out", out, "--gold", "vote")
    assert bad.returncode == 2
