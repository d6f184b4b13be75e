"""Per-agent summary tables: EXP-Bench D/I/E/C rates and All-✓, AutoExperiment pass, pass@k,
mean scores, cost and time, each rate with its interval over papers (`intervals.task_interval`:
the clustered bootstrap, or the exact interval where there are too few papers for it)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from expgrade.grading.aggregate.autoexperiment import autoexperiment_pass
from expgrade.grading.aggregate.intervals import task_interval
from expgrade.grading.aggregate.passk import PassAtK, mean_pass_at_k
from expgrade.grading.estimate import Estimate
from expgrade.grading.schemas import JudgedSubtask, ResultRecord
from expgrade.grading.schemas.result import RepeatSummary
from expgrade.grading.subtasks import SUBTASKS, Subtask
from expgrade.grading.subtasks.passing import is_needed, subtask_passed


@dataclass
class AgentRow:
    agent: str
    n_results: int
    n_tasks: int
    pass_rates: dict[str, Estimate]  # subtask (and "all") -> share passed among decided
    undecided: dict[str, int]  # subtask (and "all") -> results left out as unscorable
    mean_scores: dict[str, Estimate]  # judged subtask -> mean score among graded
    autoexperiment: Estimate  # AutoExperiment all-experiments-within-5% pass rate
    pass_at_k: dict[int, PassAtK] = field(default_factory=dict)
    integrity_flagged: int = 0
    cost_usd: float | None = 0.0  # None when some judge call had a price nobody knows
    duration_s: float = 0.0
    repeats: RepeatsRow | None = None  # execution over K seeds (--repeats), when it ran so

    def as_dict(self) -> dict[str, Any]:
        return {
            "agent": self.agent,
            "n_results": self.n_results,
            "n_tasks": self.n_tasks,
            "pass_rates": {k: v.as_dict() for k, v in self.pass_rates.items()},
            "undecided": self.undecided,
            "mean_scores": {k: v.as_dict() for k, v in self.mean_scores.items()},
            "autoexperiment": self.autoexperiment.as_dict(),
            "pass_at_k": {str(k): v.__dict__ for k, v in self.pass_at_k.items()},
            "integrity_flagged": self.integrity_flagged,
            "cost_usd": self.cost_usd,
            "duration_s": self.duration_s,
            **({"repeats": self.repeats.as_dict()} if self.repeats is not None else {}),
        }


@dataclass
class RepeatsRow:
    """One agent's submissions run K times each: the share where all K reproduced (pass^k) and
    where some did (pass@k), among submissions where that is decided. One submission is one
    unit however many seeds it ran, so repeats never count as attempts."""

    k: int
    pass_all: Estimate
    pass_any: Estimate
    undecided_all: int
    undecided_any: int

    def as_dict(self) -> dict[str, Any]:
        return {
            "k": self.k,
            "pass_all": self.pass_all.as_dict(),
            "pass_any": self.pass_any.as_dict(),
            "undecided_all": self.undecided_all,
            "undecided_any": self.undecided_any,
        }


def repeats_row(recs: Sequence[ResultRecord], boot: dict[str, Any]) -> RepeatsRow | None:
    """pass^k and pass@k over the agent's repeated executions; None when none was repeated."""
    repeated = [r for r in recs if r.subtasks.execution is not None and r.subtasks.execution.repeats]
    if not repeated:
        return None

    def summary(r: ResultRecord) -> RepeatSummary:
        assert r.subtasks.execution is not None and r.subtasks.execution.repeats is not None
        return r.subtasks.execution.repeats

    pass_all, undecided_all = _estimate(repeated, lambda r: summary(r).pass_all, boot)
    pass_any, undecided_any = _estimate(repeated, lambda r: summary(r).pass_any, boot)
    return RepeatsRow(
        k=max(summary(r).k for r in repeated),
        pass_all=pass_all,
        pass_any=pass_any,
        undecided_all=undecided_all,
        undecided_any=undecided_any,
    )


def cluster_of(rec: ResultRecord) -> str:
    """Bootstrap cluster: the paper, or the task when the record does not name a paper."""
    return rec.paper_id or rec.task_id


def _estimate(
    recs: Sequence[ResultRecord], value: Callable[[ResultRecord], float | bool | None], boot: dict[str, Any]
) -> tuple[Estimate, int]:
    pairs = [(v, cluster_of(r)) for r in recs if (v := value(r)) is not None]
    est = task_interval([float(v) for v, _ in pairs], [c for _, c in pairs], **boot)
    return est, len(recs) - len(pairs)


def agent_table(
    records: Sequence[ResultRecord],
    *,
    n_boot: int = 1000,
    confidence: float = 0.95,
    seed: int = 0,
    ks: Sequence[int] = (1,),
) -> list[AgentRow]:
    """One row per agent, sorted by name. Intervals are seeded, so a report is reproducible."""
    by_agent: dict[str, list[ResultRecord]] = defaultdict(list)
    for r in records:
        by_agent[r.agent].append(r)
    boot = {"n_boot": n_boot, "confidence": confidence, "seed": seed}
    rows = []
    for agent in sorted(by_agent):
        recs = by_agent[agent]
        rates: dict[str, Estimate] = {}
        undecided: dict[str, int] = {}
        for s in SUBTASKS:
            needed = [r for r in recs if is_needed(s.of(r.subtasks))]
            rates[s.name], undecided[s.name] = _estimate(needed, _passed_of(s), boot)
        rates["all"], undecided["all"] = _estimate(recs, lambda r: r.all_passed, boot)
        scores = {}
        for s in SUBTASKS:
            if s.judged:
                scores[s.name], _ = _estimate(recs, _score_of(s), boot)
        auto, _ = _estimate(recs, lambda r: autoexperiment_pass(r.subtasks.execution), boot)
        attempts = [(r.task_id, r.all_passed) for r in recs]
        max_n = max(sum(1 for t, _ in attempts if t == task) for task in {t for t, _ in attempts})
        rows.append(
            AgentRow(
                agent=agent,
                n_results=len(recs),
                n_tasks=len({r.task_id for r in recs}),
                pass_rates=rates,
                undecided=undecided,
                mean_scores=scores,
                autoexperiment=auto,
                pass_at_k={k: mean_pass_at_k(attempts, k) for k in ks if k <= max_n},
                integrity_flagged=sum(1 for r in recs if r.subtasks.integrity and r.subtasks.integrity.flags),
                cost_usd=_total_cost(recs),
                duration_s=sum(r.duration_s or 0.0 for r in recs),
                repeats=repeats_row(recs, boot),
            )
        )
    return rows


def _total_cost(recs: Sequence[ResultRecord]) -> float | None:
    return None if any(r.cost_usd is None for r in recs) else sum(r.cost_usd or 0.0 for r in recs)


def _passed_of(s: Subtask) -> Callable[[ResultRecord], bool | None]:
    return lambda r: subtask_passed(s.of(r.subtasks))


def _score_of(s: Subtask) -> Callable[[ResultRecord], float | None]:
    def score(r: ResultRecord) -> float | None:
        sub = s.of(r.subtasks)
        return sub.score if isinstance(sub, JudgedSubtask) and sub.status == "graded" else None

    return score
