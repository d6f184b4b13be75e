"""Aggregation: from per-subtask results to pass rates, pass@k and per-agent tables.

One result's pass rules (thresholds, All-✓) and rubric-tree scores live with the subtasks
(`expgrade.grading.subtasks.passing`, `.tree`), below the graders that use them.

Every function here keeps unscorable results apart: they are counted and reported, never
averaged in as a pass or a fail.
"""

from expgrade.grading.aggregate.autoexperiment import autoexperiment_pass, experiment_errors
from expgrade.grading.aggregate.bootstrap import Estimate, clustered_bootstrap_mean
from expgrade.grading.aggregate.intervals import clopper_pearson, task_interval, task_statistic
from expgrade.grading.aggregate.passk import PassAtK, mean_pass_at_k, pass_at_k
from expgrade.grading.aggregate.tables import AgentRow, agent_table, cluster_of

__all__ = [
    "AgentRow",
    "Estimate",
    "PassAtK",
    "agent_table",
    "autoexperiment_pass",
    "clopper_pearson",
    "cluster_of",
    "clustered_bootstrap_mean",
    "experiment_errors",
    "mean_pass_at_k",
    "pass_at_k",
    "task_interval",
    "task_statistic",
]
