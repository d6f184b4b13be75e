"""Aggregation: from per-subtask results to pass rates, All-✓, pass@k and rubric-tree scores.

Every function here keeps unscorable results apart: they are counted and reported, never
averaged in as a pass or a fail.
"""

from expgrade.grading.aggregate.autoexperiment import autoexperiment_pass, experiment_errors
from expgrade.grading.aggregate.bootstrap import Estimate, clustered_bootstrap_mean
from expgrade.grading.aggregate.passing import (
    ALL_SUBTASKS,
    DEFAULT_THRESHOLDS,
    JUDGED_SUBTASKS,
    all_passed,
    is_needed,
    parse_thresholds,
    passes,
    share_passed,
    subtask_passed,
)
from expgrade.grading.aggregate.passk import PassAtK, mean_pass_at_k, pass_at_k
from expgrade.grading.aggregate.tables import LETTERS, AgentRow, agent_table, cluster_of
from expgrade.grading.aggregate.tree import TreeScore, score_tree

__all__ = [
    "ALL_SUBTASKS",
    "DEFAULT_THRESHOLDS",
    "JUDGED_SUBTASKS",
    "LETTERS",
    "AgentRow",
    "Estimate",
    "PassAtK",
    "TreeScore",
    "agent_table",
    "all_passed",
    "autoexperiment_pass",
    "cluster_of",
    "clustered_bootstrap_mean",
    "experiment_errors",
    "is_needed",
    "mean_pass_at_k",
    "parse_thresholds",
    "pass_at_k",
    "passes",
    "score_tree",
    "share_passed",
    "subtask_passed",
]
