"""The calibration report as data: what `calibrate` computes and every writer renders.

Its own module so that the analysis, the leaderboard and the writers all depend on it and
not on each other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from expgrade.calibration.alt_test import AltTestResult
from expgrade.calibration.annotators import Competence
from expgrade.calibration.comparisons import PairComparison, RankedAgent
from expgrade.calibration.humans import HumanAgreement
from expgrade.calibration.validation import Level
from expgrade.grading.estimate import Estimate

Json = dict[str, Any]


@dataclass(frozen=True)
class Group:
    """A slice of the items reported on its own: everything, one subtask, or one criterion."""

    subtask: str | None
    criterion: str | None
    mask: np.ndarray

    @property
    def name(self) -> str:
        if self.subtask is None and self.criterion is None:
            return "all items"
        return " / ".join(str(p) for p in (self.subtask, self.criterion) if p is not None)


@dataclass
class JudgeResult:
    """One judge (or panel) on one group of items, against the human gold label."""

    rater: str
    subtask: str | None
    criterion: str | None
    n: int
    statistics: dict[str, Estimate]
    judge_pass_rate: float | None
    human_pass_rate: float | None
    confusion: list[list[int]]
    self_preference: Json | None = None
    length_bias: Json | None = None
    position_consistency: Json | None = None
    kappa_vs_humans: float | None = None
    cost_per_item: float | None = None
    panel_of: list[str] | None = None


@dataclass
class GroupSummary:
    """The human side of one group: how many items, the gold label distribution, the ceiling."""

    group: Group
    n_items: int
    n_gold: int
    gold_counts: dict[str, int]
    humans: HumanAgreement | None


@dataclass
class CalibrationReport:
    n_items: int
    confidence: float
    bootstrap: int
    seed: int
    categories: list[str]
    level: Level
    binary: bool
    pairwise: bool
    human_raters: list[str]
    judges: list[JudgeResult]
    humans: HumanAgreement | None
    groups: list[GroupSummary]
    corrected_scores: list[Json]
    judge_agreement: Json
    reliability: dict[str, Json]
    unscorable: dict[str, int]
    gold_ties: int
    alt_test: list[AltTestResult] = field(default_factory=list)
    gold_method: str = "majority"
    #: with gold_method "adjudicated": the items whose gold is an adjudicator's decision
    gold_adjudicated: int = 0
    competence: list[Competence] = field(default_factory=list)
    human_warning: str | None = None
    #: per judge: every pair of agents, corrected and paired by task, and the ranking it allows
    agent_comparisons: dict[str, tuple[list[PairComparison], list[RankedAgent]]] = field(default_factory=dict)
    leaderboard: dict[str, list[Json]] = field(default_factory=dict)
    recommendations: dict[str, str] = field(default_factory=dict)
