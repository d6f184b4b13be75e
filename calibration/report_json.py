"""report.json (exactly the keys of docs/formats.md §6) and details.json (everything else).

Outside checks compare report.json's keys with the contract, so it carries those and nothing
more; the confusion matrices, leaderboard, recommendations, human ceilings, reliability
diagrams and judge-vs-judge matrix go to details.json beside it.
"""

from __future__ import annotations

import math
from typing import Any

from expgrade.calibration.agreement import AGREEMENT_STATISTICS
from expgrade.calibration.alt_test import AltTestResult
from expgrade.calibration.comparisons import comparison_json
from expgrade.calibration.humans import HumanAgreement
from expgrade.calibration.report import CalibrationReport, GroupSummary, JudgeResult
from expgrade.grading.estimate import Estimate, json_number

Json = dict[str, Any]

JUDGE_STATISTICS = (*AGREEMENT_STATISTICS, "tpr", "tnr", "leniency")
_UNDEFINED = Estimate(float("nan"), float("nan"), float("nan")).as_dict()


GOLD_RULES = {
    "majority": "plurality of the human raters; items whose top categories tie have no gold label",
    "dawid-skene": "most probable label under a Dawid–Skene model of the human raters (each with its own "
    "confusion matrix); items whose top posteriors tie have no gold label",
    "mace": "most probable label under MACE (each human rater knows the answer with its own competence, "
    "else guesses); items whose top posteriors tie have no gold label",
    "adjudicated": "an adjudicator's decision where the item has one (rows marked extra.adjudication), "
    "else the plurality of the human raters; items decided unscorable, and undecided items whose top "
    "categories tie, have no gold label",
}


def _rate(x: float | None) -> float | None:
    return None if x is None else json_number(x)


def _judge(r: JudgeResult) -> Json:
    """Statistics that need a positive class (tpr, tnr, leniency, pass rates) are null for
    non-binary labels such as pairwise preferences."""
    return {
        "rater": r.rater,
        "subtask": r.subtask,
        "criterion": r.criterion,
        "n": r.n,
        **{
            name: r.statistics[name].as_dict() if name in r.statistics else dict(_UNDEFINED)
            for name in JUDGE_STATISTICS
        },
        "judge_pass_rate": _rate(r.judge_pass_rate),
        "human_pass_rate": _rate(r.human_pass_rate),
        "self_preference": r.self_preference,
        "length_bias": r.length_bias,
        "position_consistency": r.position_consistency,
    }


def _humans(h: HumanAgreement | None) -> Json | None:
    if h is None:
        return None
    return {
        "n_raters": h.n_raters,
        "krippendorff_alpha": h.krippendorff_alpha.as_dict(),
        "percent_agreement": h.percent_agreement.as_dict(),
    }


def _alt_test(r: AltTestResult) -> Json:
    """One judge's alt-test; `reason` (null when computed) says why its numbers are null."""
    return {
        "rater": r.rater,
        "epsilon": r.epsilon,
        "alignment": r.alignment,
        "winning_rate": _rate(r.winning_rate),
        "advantage_probability": _rate(r.advantage_probability),
        "passed": r.passed,
        "reason": r.reason,
        "annotators": [
            {
                "annotator": a.annotator,
                "n": a.n,
                # unrounded: a p-value of 1e-8 is not 0
                "p_value": a.p_value if a.p_value is None or math.isfinite(a.p_value) else None,
                "rejected": a.rejected,
                "advantage_probability": _rate(a.advantage_probability),
                "skipped": a.skipped,
            }
            for a in r.annotators
        ],
    }


def contract_json(report: CalibrationReport) -> Json:
    return {
        "n_items": report.n_items,
        "confidence": report.confidence,
        "bootstrap": report.bootstrap,
        "seed": report.seed,
        "judges": [_judge(r) for r in report.judges],
        "humans": _humans(report.humans),
        "corrected_scores": report.corrected_scores,
        "alt_test": [_alt_test(r) for r in report.alt_test],
        "annotators": {
            "gold_method": report.gold_method,
            "adjudicated_items": report.gold_adjudicated,
            "competence": [
                {"annotator": c.annotator, "n": c.n, "accuracy": c.accuracy.as_dict()}
                for c in report.competence
            ],
            "warning": report.human_warning,
        },
        "agent_comparisons": [
            {"rater": rater, **comparison_json(pairs, ranking)}
            for rater, (pairs, ranking) in report.agent_comparisons.items()
        ],
    }


def _human_detail(h: HumanAgreement) -> Json:
    return {
        "n_raters": h.n_raters,
        "n_items": h.n_items,
        "krippendorff_alpha": h.krippendorff_alpha.as_dict(),
        "percent_agreement": h.percent_agreement.as_dict(),
        "gwet_ac1": h.gwet_ac1.as_dict(),
        "mean_pairwise_kappa": None if h.mean_pairwise_kappa is None else json_number(h.mean_pairwise_kappa),
        "pairwise_kappa": [
            {
                "a": p.a,
                "b": p.b,
                "n": p.n,
                "kappa": json_number(p.kappa),
                "cohen_kappa": p.estimate.as_dict(),
                "agreement": json_number(p.agreement),
            }
            for p in h.pairwise_kappa
        ],
    }


def _group(s: GroupSummary) -> Json:
    return {
        "group": s.group.name,
        "subtask": s.group.subtask,
        "criterion": s.group.criterion,
        "n_items": s.n_items,
        "n_gold": s.n_gold,
        "gold_counts": s.gold_counts,
        "humans": None if s.humans is None else _human_detail(s.humans),
    }


def details_json(report: CalibrationReport) -> Json:
    return {
        "categories": report.categories,
        "level_of_measurement": report.level,
        "binary": report.binary,
        "pairwise": report.pairwise,
        "human_raters": report.human_raters,
        "gold_rule": GOLD_RULES[report.gold_method],
        "gold_ties": report.gold_ties,
        "unscorable_rows": report.unscorable,
        "groups": [_group(s) for s in report.groups],
        "confusion_matrices": [
            {
                "rater": r.rater,
                "subtask": r.subtask,
                "criterion": r.criterion,
                "rows": "human gold",
                "columns": "judge",
                "counts": r.confusion,
            }
            for r in report.judges
        ],
        "kappa_vs_humans": {
            r.rater: r.kappa_vs_humans for r in report.judges if r.subtask is None and r.criterion is None
        },
        "leaderboard": report.leaderboard,
        "recommendations": report.recommendations,
        "judge_agreement": report.judge_agreement,
        "reliability": report.reliability,
        "panels": {
            r.rater: r.panel_of
            for r in report.judges
            if r.panel_of and r.subtask is None and r.criterion is None
        },
    }
