"""Aggregation against hand-computed values: pass@k, rubric trees, clustered bootstrap, All-✓."""

from __future__ import annotations

import json
import math
from math import comb

import numpy as np
import pytest

from expgrade.grading.aggregate import (
    agent_table,
    autoexperiment_pass,
    clustered_bootstrap_mean,
    experiment_errors,
    mean_pass_at_k,
    pass_at_k,
)
from expgrade.grading.errors import UserError
from expgrade.grading.schemas import ExecutionSubtask, JudgedSubtask, ResultRecord, RubricNode, Subtasks
from expgrade.grading.subtasks.passing import all_passed, parse_thresholds, share_passed
from expgrade.grading.subtasks.tree import score_tree
from expgrade.grading.task_importers.common import parse_raw


@pytest.mark.parametrize("n,c,k", [(10, 3, 1), (10, 3, 5), (20, 0, 4), (7, 7, 3), (200, 13, 10), (5, 1, 5)])
def test_pass_at_k_matches_closed_form(n: int, c: int, k: int) -> None:
    expected = 1.0 - comb(n - c, k) / comb(n, k)
    assert pass_at_k(n, c, k) == pytest.approx(expected, rel=1e-12, abs=1e-15)


def test_pass_at_1_is_the_pass_rate_and_bad_arguments_raise() -> None:
    assert pass_at_k(8, 3, 1) == pytest.approx(3 / 8)
    with pytest.raises(ValueError):
        pass_at_k(3, 4, 1)
    with pytest.raises(ValueError):
        pass_at_k(3, 1, 4)


def test_mean_pass_at_k_leaves_out_undecided_attempts_and_short_tasks() -> None:
    attempts = [("a", True), ("a", False), ("a", None), ("b", False), ("b", False), ("c", True)]
    r = mean_pass_at_k(attempts, 2)
    # a: n=2 c=1 -> 1 - C(1,2)/C(2,2) = 1; b: n=2 c=0 -> 0; c: only 1 decided attempt -> left out
    assert r.value == pytest.approx(0.5)
    assert (r.n_tasks, r.n_tasks_short, r.n_undecided_attempts) == (2, 1, 1)


def _tree() -> RubricNode:
    return RubricNode.model_validate(
        {
            "id": "root",
            "requirements": "paper",
            "weight": 1,
            "sub_tasks": [
                {
                    "id": "A",
                    "requirements": "a",
                    "weight": 3,
                    "sub_tasks": [
                        {"id": "a1", "requirements": "a1", "weight": 1},
                        {"id": "a2", "requirements": "a2", "weight": 2},
                    ],
                },
                {"id": "b", "requirements": "b", "weight": 1},
            ],
        }
    )


def test_weighted_tree_is_the_weighted_mean_of_children() -> None:
    t = score_tree(_tree(), {"a1": 1.0, "a2": 0.0, "b": 1.0})
    # A = (1*1 + 2*0)/3 = 1/3; root = (3*(1/3) + 1*1)/4 = 0.5
    assert t.children[0].score == pytest.approx(1 / 3)
    assert t.score == pytest.approx(0.5)
    assert t.invalid_leaves == [] and t.lower == t.upper == pytest.approx(0.5)


def test_invalid_leaf_stays_invalid_up_the_tree_and_is_reported() -> None:
    t = score_tree(_tree(), {"a1": 1.0, "a2": None, "b": 1.0})
    assert t.score is None and t.children[0].score is None
    assert t.children[1].score == 1.0  # the sibling subtree is still scored
    assert t.invalid_leaves == ["a2"]
    # bounds: a2 at 0 -> A = 1/3, root = 0.5; a2 at 1 -> A = 1, root = 1
    assert (t.lower, t.upper) == (pytest.approx(0.5), pytest.approx(1.0))
    # over valid leaves only: A = a1 = 1 -> root = (3*1 + 1*1)/4 = 1
    assert t.score_valid_only == pytest.approx(1.0)
    # a missing leaf is invalid too, never a zero
    assert score_tree(_tree(), {"a1": 1.0, "b": 1.0}).invalid_leaves == ["a2"]


def test_real_paperbench_rubric_scores_and_propagates_invalid(datasets) -> None:
    path = datasets / "paperbench" / "rubrics" / "semantic-self-consistency.json"
    tree = parse_raw(RubricNode, json.loads(path.read_text()), file=path)  # PaperBench's own keys under extra
    leaves = tree.leaves()
    full = score_tree(tree, {leaf.id: 1.0 for leaf in leaves})
    assert full.score == pytest.approx(1.0)
    none = score_tree(tree, {leaf.id: 0.0 for leaf in leaves})
    assert none.score == pytest.approx(0.0)
    scores: dict[str, float | None] = {leaf.id: 1.0 for leaf in leaves}
    scores[leaves[0].id] = None
    partial = score_tree(tree, scores)
    assert partial.score is None and partial.invalid_leaves == [leaves[0].id]
    assert 0.0 <= partial.lower < partial.upper == pytest.approx(1.0)


JUDGE_EVAL = ["semantic-self-consistency", "stay-on-topic-with-classifier-free-guidance"]


@pytest.mark.parametrize("paper", JUDGE_EVAL)
def test_tree_score_reproduces_paperbench_human_graded_scores(datasets, paper: str) -> None:
    """JudgeEval trees carry PaperBench's own score at every node; ours must agree everywhere."""
    path = datasets / "paperbench" / "judge_eval" / f"{paper}.expected_result.json"
    data = json.loads(path.read_text())
    tree = parse_raw(RubricNode, data, file=path)
    leaf_scores = {}

    def collect(node: dict) -> None:
        if not node["sub_tasks"]:
            leaf_scores[node["id"]] = float(node["score"])
        for child in node["sub_tasks"]:
            collect(child)

    def compare(node: dict, ours) -> None:
        assert ours.score == pytest.approx(node["score"]), node["id"]
        for child, mine in zip(node["sub_tasks"], ours.children, strict=True):
            compare(child, mine)

    collect(data)
    compare(data, score_tree(tree, leaf_scores))


def test_clustered_bootstrap_is_seeded_and_resamples_whole_clusters() -> None:
    values = [1.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0]
    clusters = ["p1", "p1", "p1", "p2", "p2", "p3", "p3"]
    a = clustered_bootstrap_mean(values, clusters, n_boot=2000, seed=7)
    b = clustered_bootstrap_mean(values, clusters, n_boot=2000, seed=7)
    assert a == b
    assert a.value == pytest.approx(4 / 7) and (a.n, a.n_clusters) == (7, 3)
    # Recompute by hand: draw 3 clusters with replacement, ratio of sums to counts.
    rng = np.random.default_rng(7)
    sums, counts = np.array([3.0, 0.0, 1.0]), np.array([3.0, 2.0, 2.0])
    draws = rng.integers(0, 3, size=(2000, 3))
    stats = sums[draws].sum(1) / counts[draws].sum(1)
    assert a.ci_low == pytest.approx(np.quantile(stats, 0.025))
    assert a.ci_high == pytest.approx(np.quantile(stats, 0.975))
    # Every replicate is a mixture of whole clusters: p1-only gives 1.0, p2-only 0.0.
    assert a.ci_low == pytest.approx(0.0) and a.ci_high == pytest.approx(1.0)


def test_bootstrap_with_one_cluster_has_no_spread_and_empty_input_is_none() -> None:
    one = clustered_bootstrap_mean([1.0, 0.0, 1.0], ["p"] * 3, seed=0)
    assert one.ci_low == one.ci_high == one.value == pytest.approx(2 / 3)
    empty = clustered_bootstrap_mean([], [], seed=0)
    assert math.isnan(empty.value) and empty.n == 0 and empty.as_dict()["value"] is None


def _judged(passed: bool | None, status: str = "graded", flags: list[str] | None = None) -> JudgedSubtask:
    return JudgedSubtask(
        status=status, passed=passed, score=None if passed is None else float(passed), flags=flags or []
    )


def test_all_passed_is_conjunctive_with_unscorable_as_null() -> None:
    ok = _judged(True)
    assert all_passed(Subtasks(design=ok, conclusion=ok)) is True
    assert all_passed(Subtasks(design=ok, conclusion=_judged(None, "unscorable"))) is None
    # a definite fail decides even when another part is unscorable
    assert all_passed(Subtasks(design=_judged(False), conclusion=_judged(None, "unscorable"))) is False
    # skipped and not-run parts are not needed
    assert (
        all_passed(
            Subtasks(
                design=ok,
                implementation=_judged(None, "skipped"),
                execution=ExecutionSubtask(status="not_run"),
            )
        )
        is True
    )
    # an undecided sandbox is not a pass
    assert all_passed(Subtasks(design=ok, execution=ExecutionSubtask(status="sandbox_error"))) is None
    # integrity flags make it false
    flagged = _judged(True, flags=["literal_expected_numbers"])
    assert all_passed(Subtasks(design=ok, integrity=flagged)) is False
    assert all_passed(Subtasks()) is None


def test_share_passed_and_thresholds() -> None:
    assert share_passed(["pass", "fail", "pass", "pass"]) == (0.75, 0)
    assert share_passed(["pass", None]) == (None, 1)
    assert parse_thresholds(["design=0.5"])["design"] == 0.5
    assert parse_thresholds([])["implementation"] == 1.0
    for bad in ("design", "speed=1", "design=x", "design=2"):
        with pytest.raises(UserError):
            parse_thresholds([bad])


def test_autoexperiment_rule_averages_relative_error_within_an_experiment() -> None:
    expected = {"e1": {"acc": 0.80, "f1": 0.50}, "e2": {"loss": 2.0}}
    measured = {"e1": {"acc": 0.88, "f1": 0.50}, "e2": {"loss": 2.05}}
    errs = experiment_errors(expected, measured)
    assert errs["e1"] == pytest.approx(0.05)  # (10 % + 0 %) / 2
    assert errs["e2"] == pytest.approx(0.025)
    ex = ExecutionSubtask(status="mismatch", expected_results=expected, measured_results=measured)
    assert autoexperiment_pass(ex) is True  # per-metric tolerance fails acc, AutoExperiment passes
    partial = {"e1": measured["e1"]}
    ex2 = ExecutionSubtask(status="mismatch", expected_results=expected, measured_results=partial)
    assert autoexperiment_pass(ex2) is False  # e2 missing
    assert autoexperiment_pass(ExecutionSubtask(status="sandbox_error", expected_results=expected)) is None


def _record(
    agent: str, task: str, paper: str, passed: bool | None, cost: float | None = 0.01
) -> ResultRecord:
    st = Subtasks(design=_judged(passed, "graded" if passed is not None else "unscorable"))
    return ResultRecord(
        task_id=task,
        submission_id=f"{agent}-{task}-{passed}",
        agent=agent,
        agent_model="m",
        subtasks=st,
        all_passed=all_passed(st),
        paper_id=paper,
        cost_usd=cost,
        duration_s=1.0,
    )


def test_agent_table_rates_ci_and_unscorable_counts() -> None:
    recs = [
        _record("x", "t1", "p1", True),
        _record("x", "t2", "p1", False),
        _record("x", "t3", "p2", True),
        _record("x", "t4", "p2", None),
        _record("y", "t1", "p1", True, cost=None),
    ]
    rows = {r.agent: r for r in agent_table(recs, n_boot=500, seed=3)}
    x = rows["x"]
    assert x.pass_rates["design"].value == pytest.approx(2 / 3) and x.undecided["design"] == 1
    assert x.pass_rates["all"].value == pytest.approx(2 / 3) and x.undecided["all"] == 1
    assert x.pass_rates["design"].n_clusters == 2
    assert x.cost_usd == pytest.approx(0.04) and rows["y"].cost_usd is None  # unknown is not $0
    assert x.pass_at_k[1].value == pytest.approx(2 / 3)
    again = {r.agent: r for r in agent_table(recs, n_boot=500, seed=3)}
    assert again["x"].pass_rates["design"] == x.pass_rates["design"]
