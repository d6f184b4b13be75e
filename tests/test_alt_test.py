"""The alt-test against the paper's own procedure and data (nitaytech/AltTest).

tests/fixtures/alt_test_expected.json holds what the authors' notebook code (`alt_test` and
`by_procedure` of alt_test_example.ipynb @18428b1, run unmodified) computes on two of their
published data sets, bundled under examples/datasets/alttest: MT-Bench pairwise preferences
(accuracy alignment, ε = 0.2) and CEBaB star ratings (negative RMSE, ε = 0.1), with the
per-annotator p-values it passes to the Benjamini–Yekutieli step. The winning rates and
advantage probabilities also match the figures the notebook prints.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from scipy.stats import ttest_1samp
from statsmodels.stats.multitest import multipletests
from test_calibration_cli import expgrade

from expgrade.calibration.alt_test import alt_test, benjamini_yekutieli, t_test_less
from expgrade.calibration.analysis import calibrate
from expgrade.calibration.datasets import alttest_rows
from expgrade.grading.schemas.label import LabelRow

EXPECTED = json.loads((Path(__file__).parent / "fixtures" / "alt_test_expected.json").read_text())
# what the notebook prints for these data sets (2 decimals): winning rate, advantage probability
PRINTED = {
    "mtbench": {"gpt-4o": (0.00, 0.77), "gemini_pro": (0.00, 0.76), "mistral-v03": (0.00, 0.68)},
    "cebab_stars": {"gpt-4o": (0.90, 0.90), "mistral-v03": (0.50, 0.83), "gemini_flash": (0.60, 0.82)},
}


@pytest.mark.parametrize("name", ["mtbench", "cebab_stars"])
def test_same_numbers_as_the_papers_procedure(datasets: Path, name: str) -> None:
    expected = EXPECTED["datasets"][name]
    report = calibrate(
        alttest_rows(datasets / "alttest" / name), n_resamples=0, alt_test_epsilon=expected["epsilon"]
    )
    ours = {t.rater: t for t in report.alt_test if not t.rater.startswith("panel")}
    assert set(ours) == set(expected["judges"])
    for rater, theirs in expected["judges"].items():
        t = ours[rater]
        assert t.alignment == expected["scoring_function"]
        assert t.winning_rate == pytest.approx(theirs["winning_rate"], abs=1e-12)
        assert t.advantage_probability == pytest.approx(theirs["advantage_probability"], abs=1e-12)
        assert t.passed == (theirs["winning_rate"] >= 0.5)
        tested = {a.annotator: a for a in t.annotators if a.skipped is None}
        assert set(tested) == set(theirs["p_values"])
        for annotator, p in theirs["p_values"].items():
            assert tested[annotator].p_value == pytest.approx(p, rel=1e-9, abs=1e-15)
        assert sorted(a for a, c in tested.items() if c.rejected) == theirs["rejected"]
    for rater, printed in PRINTED[name].items():
        t = ours[rater]
        assert t.winning_rate is not None and t.advantage_probability is not None
        assert (round(t.winning_rate, 2), round(t.advantage_probability, 2)) == printed


def test_benjamini_yekutieli_matches_statsmodels() -> None:
    rng = np.random.default_rng(4)
    for m in (1, 2, 5, 13):
        for _ in range(50):
            p = rng.beta(0.3, 1.0, m)
            assert (benjamini_yekutieli(p, 0.05) == multipletests(p, 0.05, method="fdr_by")[0]).all()
    assert not benjamini_yekutieli(np.array([np.nan, 0.0]), 0.05)[0]
    with pytest.raises(ValueError, match="q must be"):
        benjamini_yekutieli(np.array([0.1]), 1.5)


@pytest.mark.filterwarnings("ignore::RuntimeWarning")  # scipy on constant samples
def test_the_t_test_is_scipys() -> None:
    """The paper calls `scipy.stats.ttest_1samp(..., alternative="less")` on the win differences."""
    rng = np.random.default_rng(2)
    for n in (2, 5, 30, 300):
        for epsilon in (0.0, 0.1, 0.2):
            for _ in range(30):
                d = rng.integers(-1, 2, n).astype(float)
                ours, theirs = (
                    t_test_less(d, epsilon),
                    float(ttest_1samp(d, epsilon, alternative="less").pvalue),
                )
                assert ours == pytest.approx(theirs, rel=1e-12, abs=1e-300, nan_ok=True)
    assert (t_test_less(np.zeros(40), 0.2), t_test_less(np.ones(40), 0.2)) == (0.0, 1.0)


def test_a_judge_that_copies_the_consensus_wins_and_a_random_one_loses() -> None:
    """Three noisy annotators around a truth: a judge that always says the truth beats each of
    them; a judge guessing at random beats none."""
    rng = np.random.default_rng(0)
    n = 200
    truth = rng.integers(0, 3, n)
    humans = np.column_stack([np.where(rng.random(n) < 0.7, truth, rng.integers(0, 3, n)) for _ in range(3)])
    good = alt_test(truth, humans, ["a", "b", "c"], rater="oracle")
    bad = alt_test(rng.integers(0, 3, n), humans, ["a", "b", "c"], rater="dice")
    assert good.passed and good.winning_rate == 1.0 and all(a.rejected for a in good.annotators)
    assert bad.passed is False and bad.winning_rate == 0.0
    assert (good.advantage_probability or 0) > (bad.advantage_probability or 1)


def test_not_computable_says_why(tmp_path: Path) -> None:
    rows = [
        LabelRow(item_id=f"i{i}", rater=r, rater_kind=kind, label="pass" if (i + len(r)) % 3 else "fail")
        for i in range(40)
        for r, kind in (("solo", "human"), ("gpt-4o", "judge"))
    ]
    report = calibrate(rows, n_resamples=0)
    (t,) = report.alt_test
    assert t.passed is None and t.winning_rate is None and "at least 2" in (t.reason or "")
    # a second annotator on only 20 items: too few to test, and the entry names the minimum
    rows += [LabelRow(item_id=f"i{i}", rater="second", rater_kind="human", label="pass") for i in range(20)]
    (t,) = calibrate(rows, n_resamples=0).alt_test
    assert t.passed is None and "30" in (t.reason or "")
    assert {a.annotator: a.n for a in t.annotators} == {"second": 20, "solo": 20}
    assert all(a.skipped and a.p_value is None for a in t.annotators)


def test_cli_writes_the_alt_test_to_every_report(datasets: Path, tmp_path: Path) -> None:
    labels = tmp_path / "mtbench.jsonl"
    assert (
        expgrade("gold", "import", "alttest", datasets / "alttest" / "mtbench", "--out", labels).returncode
        == 0
    )
    out = tmp_path / "report"
    done = expgrade("calibrate", labels, "--out", out, "--bootstrap", "0", "--alt-test-epsilon", "0.45")
    assert done.returncode == 0, done.stderr
    entries = {t["rater"]: t for t in json.loads((out / "report.json").read_text())["alt_test"]}
    gpt = entries["gpt-4o"]
    assert set(gpt) >= {"rater", "epsilon", "winning_rate", "advantage_probability", "passed", "annotators"}
    assert gpt["epsilon"] == 0.45 and gpt["reason"] is None
    assert {a["annotator"] for a in gpt["annotators"]} == {"author_0", "author_4", "expert_24"}
    assert all({"n", "p_value", "rejected"} <= set(a) for a in gpt["annotators"])
    # a wider margin for the judge lets gpt-4o win where ε = 0.2 (the paper) does not
    assert gpt["passed"] is True and gpt["winning_rate"] >= 0.5
    assert "alt-test" in (out / "report.md").read_text()
    html = (out / "report.html").read_text()
    assert "Can the judge replace the annotators?" in html and "expert_24" in html
    assert "alt-test gpt-4o" in done.stdout
    bad = expgrade("calibrate", labels, "--out", out, "--alt-test-epsilon", "2")
    assert bad.returncode == 2 and "--alt-test-epsilon" in bad.stderr + bad.stdout
