"""Intervals that are honest on few tasks, and messages that say what is true (issue 57, items 4-5).

The run folders here are the bundled real-judge run (examples/real_judge: SmolLM2 over the demo,
two tasks, three agents, every agent at 0.00) and runs generated from it: the same records on
1-4 tasks with verdicts drawn at random, written as run folders and read by the real `compare`,
`report` and `calibrate` code (the CLI as a subprocess where the exit code is the point).
"""

from __future__ import annotations

import copy
import itertools
import json
import random
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from grade_support import REPO, run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy.stats import binomtest

from expgrade.calibration.analysis import calibrate
from expgrade.calibration.paired import paired_agreement, paired_difference
from expgrade.calibration.run_compare import compare_runs
from expgrade.grading.aggregate.intervals import (
    EXACT,
    MIN_BOOTSTRAP_CLUSTERS,
    TOO_FEW,
    clopper_pearson,
    task_interval,
)
from expgrade.grading.report import render_html, render_markdown
from expgrade.grading.run.store import report_run
from expgrade.grading.schemas.label import LabelRow

REAL = REPO / "examples" / "real_judge"
JUDGED = ("design", "implementation", "conclusion", "integrity")


def _records() -> list[dict[str, Any]]:
    return [json.loads(line) for line in (REAL / "results.jsonl").read_text().splitlines()]


def _write_run(folder: Path, records: list[dict[str, Any]], *, controls: bool = True) -> Path:
    folder.mkdir(parents=True)
    shutil.copy(REAL / "manifest.json", folder / "manifest.json")
    if controls:
        shutil.copy(REAL / "controls.jsonl", folder / "controls.jsonl")
    (folder / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    return folder


def _set_verdicts(rec: dict[str, Any], rng: random.Random) -> None:
    """Every judged item of the record a random verdict, each subtask passed when all its items pass."""
    for name in JUDGED:
        sub = rec["subtasks"].get(name)
        if not isinstance(sub, dict) or not sub.get("items"):
            continue
        for item in sub["items"]:
            verdict = rng.choice(("pass", "fail"))
            item["verdict"] = verdict
            for j in item["judge"] if isinstance(item["judge"], list) else []:
                j.update(label=verdict, passed=verdict == "pass")
        sub["passed"] = all(i["verdict"] == "pass" for i in sub["items"])
        sub["score"] = sum(i["verdict"] == "pass" for i in sub["items"]) / len(sub["items"])


def _generated(n_tasks: int, seed: int) -> list[dict[str, Any]]:
    """One record per agent and task, cloned from the real run's records and re-keyed."""
    rng = random.Random(seed)
    template = {r["agent"]: r for r in _records()}
    out = []
    for t in range(n_tasks):
        for agent, rec in sorted(template.items()):
            clone = copy.deepcopy(rec)
            clone.update(task_id=f"demo/t{t}", paper_id=f"paper-{t}", submission_id=f"{agent}-t{t}")
            _set_verdicts(clone, rng)
            out.append(clone)
    return out


def _careful_passes() -> list[dict[str, Any]]:
    """The real run with every judged item of the careful agent passed instead."""
    records = _records()
    for rec in records:
        if rec["agent"] == "careful-agent":
            for name in JUDGED:
                sub = rec["subtasks"].get(name)
                if isinstance(sub, dict) and sub.get("items"):
                    for item in sub["items"]:
                        item["verdict"] = "pass"
                    sub["passed"] = True
    return records


def _exact(share: float, k: int, lo: float = 0.0, hi: float = 1.0) -> tuple[float, float]:
    low, high = clopper_pearson((share - lo) / (hi - lo) * k, k)
    return lo + low * (hi - lo), lo + high * (hi - lo)


# --- the one rule -------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(
    outcomes=st.lists(
        st.tuples(st.integers(0, 3), st.integers(0, 1)),  # (task, passed): 1-4 tasks, random outcomes
        min_size=1,
        max_size=16,
    )
)
def test_no_interval_on_few_tasks_is_narrower_than_the_exact_one_or_a_point(
    outcomes: list[tuple[int, int]],
) -> None:
    values = [float(v) for _, v in outcomes]
    tasks = [f"t{t}" for t, _ in outcomes]
    est = task_interval(values, tasks, n_boot=200)
    k = len(set(tasks))
    low, high = _exact(est.value, k)
    assert est.n_clusters == k < MIN_BOOTSTRAP_CLUSTERS and est.interval == EXACT
    assert est.ci_low <= low + 1e-12 and est.ci_high >= high - 1e-12  # never narrower than exact
    assert est.ci_low <= est.value <= est.ci_high
    assert est.ci_high > est.ci_low  # never a point: even 1.00 on 4 tasks reaches below 1
    if len(set(outcomes)) == len(outcomes) and all(n == 1 for n in np.unique(tasks, return_counts=True)[1]):
        # one result a task: the textbook exact binomial interval, from scipy
        ci = binomtest(int(sum(values)), k).proportion_ci(0.95, method="exact")
        assert (est.ci_low, est.ci_high) == pytest.approx((ci.low, ci.high), abs=1e-9)


def test_a_bootstrap_that_never_varies_gives_the_exact_interval_however_many_tasks() -> None:
    est = task_interval([1.0] * 12, [f"t{i}" for i in range(12)], n_boot=300)
    assert est.value == 1.0 and est.interval == EXACT and est.ci_low == pytest.approx(_exact(1.0, 12)[0])
    varied = task_interval([float(i % 2) for i in range(12)], [f"t{i}" for i in range(12)], n_boot=300)
    assert varied.interval == "cluster bootstrap" and varied.ci_low < 0.5 < varied.ci_high


def test_the_rule_checks_its_inputs() -> None:
    with pytest.raises(ValueError, match="aligned"):
        task_interval([1.0], ["a", "b"])
    with pytest.raises(ValueError, match="lie in"):
        task_interval([2.0], ["a"])
    with pytest.raises(ValueError, match="bounds"):
        task_interval([0.0], ["a"], bounds=(1.0, 0.0))
    with pytest.raises(ValueError, match="confidence"):
        task_interval([0.0], ["a"], confidence=1.5)


@settings(max_examples=100, deadline=None)
@given(
    pairs=st.lists(
        st.tuples(st.integers(0, 3), st.integers(0, 1), st.integers(0, 1)), min_size=1, max_size=12
    )
)
def test_paired_figures_on_few_tasks_never_exclude_zero_nor_give_kappa_an_interval(
    pairs: list[tuple[int, int, int]],
) -> None:
    tasks = [f"t{t}" for t, _, _ in pairs]
    first, second = [a for _, a, _ in pairs], [b for _, _, b in pairs]
    diff = paired_difference(first, second, tasks, n_boot=200)
    assert diff.ci_low <= 0 <= diff.ci_high and diff.ci_high > diff.ci_low
    low, high = _exact(diff.value, len(set(tasks)), -1.0, 1.0)
    assert diff.ci_low <= low + 1e-12 and diff.ci_high >= high - 1e-12
    kappa, agreement = paired_agreement(first, second, tasks, n_boot=200)
    assert np.isnan(kappa.ci_low) and (kappa.interval == TOO_FEW or np.isnan(kappa.value))
    assert agreement.interval == EXACT and agreement.ci_high > agreement.ci_low


# --- compare ------------------------------------------------------------------------------


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(n_tasks=st.integers(1, 4), seed_a=st.integers(0, 10**6), seed_b=st.integers(0, 10**6))
def test_compare_never_claims_a_change_its_intervals_do_not_support(
    tmp_path_factory: pytest.TempPathFactory, n_tasks: int, seed_a: int, seed_b: int
) -> None:
    root = tmp_path_factory.mktemp("gen")
    a = _write_run(root / "a", _generated(n_tasks, seed_a))
    b = _write_run(root / "b", _generated(n_tasks, seed_b if seed_b != seed_a else seed_a + 1))
    try:
        report = compare_runs(a, b, n_boot=200)
    except Exception as exc:  # the only refusal two different generated runs may meet
        assert "same results.jsonl" in str(exc)
        return
    text = " ".join(report.summary)
    assert "RANKING CHANGED" not in text and "pass rate moved" not in text
    for s in report.subtasks:
        assert not s.ranking_changed and s.settled_a == [] and s.settled_b == []
        assert s.kappa.ci_low is None  # no kappa interval from fewer than five tasks
        for agent in s.agents:
            d = agent.difference
            assert d.ci_low is not None and d.ci_high is not None and d.value is not None
            assert d.ci_low <= 0 <= d.ci_high and d.interval == EXACT
            low, high = _exact(d.value, agent.tasks, -1.0, 1.0)
            assert d.ci_low <= low + 1e-6 and d.ci_high >= high - 1e-6  # JSON keeps 6 decimals


def test_compare_on_two_tasks_with_every_agent_tied_says_tied_and_claims_nothing(tmp_path: Path) -> None:
    """The issue's case: every agent at 0.00 in run A; run B passes the careful agent everywhere."""
    a = _write_run(tmp_path / "a", _records())
    b = _write_run(tmp_path / "b", _careful_passes())
    proc = run_cli(tmp_path, "compare", a, b, "--out", tmp_path / "cmp")
    assert proc.returncode == 0, proc.stderr
    data = json.loads((tmp_path / "cmp" / "compare.json").read_text())
    said = " ".join(data["summary"])
    assert "RANKING CHANGED" not in said and "interval excludes 0" not in said
    design = next(s for s in data["subtasks"] if s["subtask"] == "design")
    assert design["tiers_a"] == [["careful-agent", "cheating-agent", "sloppy-agent"]]
    assert design["tiers_b"] == [["careful-agent"], ["cheating-agent", "sloppy-agent"]]
    assert "careful-agent = cheating-agent = sloppy-agent" in said and "not a changed ranking" in said
    assert "moved, not settled" in proc.stdout and "CHANGED" not in proc.stdout
    assert not design["ranking_changed"]
    careful = next(x for x in design["agents"] if x["agent"] == "careful-agent")
    assert careful["difference"]["value"] == 1.0 and careful["difference"]["ci_low"] <= 0
    assert careful["difference"]["interval"] == EXACT
    assert design["kappa"]["ci_low"] is None and design["kappa"]["interval"] == TOO_FEW
    assert TOO_FEW in (tmp_path / "cmp" / "compare.md").read_text()


def test_compare_settles_a_ranking_on_many_tasks(tmp_path: Path) -> None:
    """The same rule says RANKING CHANGED where the tasks support it: 12 tasks, A: careful passes
    and sloppy fails everywhere, B the other way round."""
    records = _generated(12, 0)

    def run(name: str, best: str) -> Path:
        out = copy.deepcopy(records)
        for rec in out:
            sub = rec["subtasks"]["design"]
            for item in sub["items"]:
                item["verdict"] = "pass" if rec["agent"] == best else "fail"
            sub["passed"] = rec["agent"] == best
        return _write_run(tmp_path / name, out)

    report = compare_runs(run("a", "careful-agent"), run("b", "sloppy-agent"), n_boot=300)
    design = next(s for s in report.subtasks if s.subtask == "design")
    assert design.ranking_changed and ["careful-agent", "sloppy-agent"] in (design.settled_a or [])
    assert any("RANKING CHANGED: careful-agent above sloppy-agent" in line for line in report.summary)


def test_compare_refuses_a_run_compared_with_itself(tmp_path: Path) -> None:
    a = _write_run(tmp_path / "a", _records())
    proc = run_cli(tmp_path, "compare", a, a, "--out", tmp_path / "cmp")
    assert proc.returncode == 2 and "same folder" in proc.stderr
    shutil.copytree(a, tmp_path / "copy")
    proc = run_cli(tmp_path, "compare", a, tmp_path / "copy", "--out", tmp_path / "cmp")
    assert proc.returncode == 2 and "same results.jsonl" in proc.stderr
    assert not (tmp_path / "cmp").exists()


def test_compare_refuses_a_run_folder_without_its_manifest(tmp_path: Path) -> None:
    a = _write_run(tmp_path / "a", _records())
    b = _write_run(tmp_path / "b", _generated(2, 1))
    (b / "manifest.json").unlink()
    proc = run_cli(tmp_path, "compare", a, b, "--out", tmp_path / "cmp")
    assert proc.returncode == 2 and "manifest.json" in proc.stderr and str(b) in proc.stderr


def test_an_empty_run_a_is_named_as_run_a(tmp_path: Path) -> None:
    a = _write_run(tmp_path / "a", [])
    b = _write_run(tmp_path / "b", _records())
    proc = run_cli(tmp_path, "compare", a, b, "--out", tmp_path / "cmp")
    said = " ".join(proc.stderr.split())
    assert proc.returncode == 2 and "run A has no judged item" in said and str(a) in said
    assert str(b) not in said


def test_a_run_without_controls_is_not_said_to_have_passed_them(tmp_path: Path) -> None:
    a = _write_run(tmp_path / "a", _records(), controls=False)
    b = _write_run(tmp_path / "b", _careful_passes(), controls=False)
    report = compare_runs(a, b, n_boot=100)
    judge_lines = [line for line in report.summary if "'s judge:" in line]
    assert judge_lines and not any("passed its controls" in line for line in judge_lines)
    assert all("no controls" in line or "no judge checks" in line for line in judge_lines)


# --- the run report -----------------------------------------------------------------------


def test_the_report_on_two_tasks_gives_no_point_interval(tmp_path: Path) -> None:
    run = _write_run(tmp_path / "run", _records())
    proc = run_cli(tmp_path, "report", run, "--format", "json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    for agent in data["agents"]:
        for name in ("design", "conclusion", "integrity", "all"):
            est = agent["pass_rates"][name]
            assert est["value"] == 0.0 and est["n_clusters"] == 2 and est["interval"] == EXACT
            assert est["ci_high"] == pytest.approx(_exact(0.0, 2)[1])  # 0.84, not 0.00
    md = render_markdown(report_run(run))
    assert "[0.00, 0.00]" not in md and "exact" in md


def _no_judge(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    for rec in records:
        for name in JUDGED:
            rec["subtasks"][name] = None
        rec["subtasks"]["execution"] = {"status": "reproduced", "passed": True}
        rec["all_passed"] = True
    return records


def test_no_uncalibrated_banner_where_no_judge_ran(tmp_path: Path) -> None:
    judged = report_run(_write_run(tmp_path / "judged", _records()))
    assert "Uncalibrated judge" in render_markdown(judged)
    plain = report_run(_write_run(tmp_path / "plain", _no_judge(_records()), controls=False))
    for page in (render_markdown(plain), render_html(plain)):
        assert "ncalibrated judge" not in page


def test_the_html_report_says_first_when_verdicts_are_scripted(tmp_path: Path) -> None:
    run = _write_run(tmp_path / "run", _records())
    manifest = json.loads((run / "manifest.json").read_text())
    (run / "manifest.json").write_text(json.dumps({**manifest, "judges": ["openai/scripted-judge"]}))
    report = report_run(run)
    assert report.as_json()["scripted_judges"] == ["openai/scripted-judge"]
    html = render_html(report)
    banner = html.find('id="scripted"')
    assert 0 < banner < html.find("<h1>") and "Verdicts are scripted" in html
    assert render_markdown(report).splitlines()[2].startswith("> **Verdicts are scripted")
    real = report_run(_write_run(tmp_path / "real", _records()))
    assert "scripted_judges" not in real.as_json() and "Verdicts are scripted" not in render_html(real)


def test_a_bad_gold_value_names_gold(tmp_path: Path) -> None:
    run = _write_run(tmp_path / "run", _records())
    proc = run_cli(tmp_path, "report", run, "--gold", tmp_path / "missing.jsonl", "--format", "json")
    assert proc.returncode == 2 and "--gold" in proc.stderr


# --- calibrate ----------------------------------------------------------------------------


def test_calibrate_with_no_shared_item_says_so_and_exits_2(tmp_path: Path) -> None:
    judge = [{"item_id": f"run/{i}", "rater": "j", "rater_kind": "judge", "label": "pass"} for i in range(69)]
    gold = [{"item_id": f"gold/{i}", "rater": "p", "rater_kind": "human", "label": "fail"} for i in range(40)]
    table = tmp_path / "labels.jsonl"
    table.write_text("".join(json.dumps(r) + "\n" for r in judge + gold))
    proc = run_cli(tmp_path, "calibrate", table, "--out", tmp_path / "calib")
    said = " ".join(proc.stderr.split())
    assert proc.returncode == 2, proc.stdout
    assert "69 judge rows, 40 gold rows, none shares an item id: check the ids" in said
    assert not (tmp_path / "calib").exists()


def test_tied_annotators_are_reported_as_tied() -> None:
    """Each item's three votes are also given in every other order (alice, bob and carol swap
    places), so the three are equally competent; the people disagree enough (α < 0.667) for the
    report to advise on annotators."""
    rng = np.random.default_rng(4)
    rows = []
    for i in range(40):
        truth = int(rng.integers(0, 2))
        votes = [truth if rng.random() < 0.75 else 1 - truth for _ in range(3)]
        for k, order in enumerate(itertools.permutations(votes)):
            item = f"i{i}-{k}"
            for rater, v in zip(("alice", "bob", "carol"), order, strict=True):
                rows.append(
                    LabelRow(item_id=item, rater=rater, rater_kind="human", label="pass" if v else "fail")
                )
            rows.append(LabelRow(item_id=item, rater="judge", rater_kind="judge", label="pass"))
    report = calibrate(rows, n_resamples=100)
    warning = report.human_warning or ""
    assert "Human agreement is too low" in warning, warning
    accuracy = [c.accuracy.value for c in report.competence]
    assert len(accuracy) == 3 and max(accuracy) == pytest.approx(min(accuracy))
    assert "retrain or replace" not in warning and "tied within their intervals" in warning
