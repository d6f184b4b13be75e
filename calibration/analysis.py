"""`calibrate`: label rows in, a `CalibrationReport` out — every judge against the human gold.

This is the one entry point the CLI, the annotation dashboard and the benchmark call. It is pure
computation (no files): writers in `calibration.report_*` turn the report into JSON, Markdown
and HTML.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from expgrade.calibration.agreement import (
    AGREEMENT_STATISTICS,
    confusion_matrix,
    confusion_statistics,
    kappa_interval,
)
from expgrade.calibration.alt_test import DEFAULT_EPSILON, Alignment, AltTestResult, alt_tests
from expgrade.calibration.annotators import Competence, GoldLabels, GoldRule, gold_labels
from expgrade.calibration.bias import length_bias, position_consistency, reliability, self_preference
from expgrade.calibration.bootstrap import estimate, resample_table
from expgrade.calibration.comparisons import PairComparison, RankedAgent, compare_agents
from expgrade.calibration.corrected import ppi_mean, rogan_gladen
from expgrade.calibration.humans import HumanAgreement, human_agreement, pair_kappa
from expgrade.calibration.labels import (
    NO_DECISION,
    LabelData,
    RaterCodes,
    frame_of,
    load_label_data,
    plurality,
)
from expgrade.calibration.leaderboard import build_leaderboard
from expgrade.calibration.report import CalibrationReport, Group, GroupSummary, JudgeResult
from expgrade.calibration.transport import borrowing_note, transport_test
from expgrade.calibration.validation import Level
from expgrade.grading.aggregate.intervals import exact_share
from expgrade.grading.estimate import Estimate, format_estimate
from expgrade.grading.schemas.label import LabelRow

Json = dict[str, Any]

MIN_CRITERION_ITEMS = 20
PANEL_SIZE = 3


def _groups(data: LabelData) -> list[Group]:
    """All items, then each subtask (when there are several), then each well-populated criterion."""
    everything = np.ones(data.n_items, dtype=bool)
    groups = [Group(None, None, everything)]
    subtasks = sorted({s for s in data.subtask if isinstance(s, str)})
    if len(subtasks) > 1:
        groups += [Group(s, None, data.subtask == s) for s in subtasks]
    pairs = sorted(
        {(s, c) for s, c in zip(data.subtask, data.criterion, strict=True) if isinstance(c, str)}, key=str
    )
    if len(pairs) > 1:
        for s, c in pairs:
            mask = (data.subtask == s) & (data.criterion == c)
            if int((mask & (data.gold >= 0)).sum()) >= MIN_CRITERION_ITEMS:
                groups.append(Group(s if isinstance(s, str) else None, c, mask))
    return groups


def _judge_result(
    data: LabelData,
    rater: str,
    codes: RaterCodes,
    group: Group,
    n_resamples: int,
    confidence: float,
    rng: np.random.Generator,
    panel_of: list[str] | None = None,
) -> JudgeResult | None:
    valid = group.mask & (data.gold >= 0) & (codes.codes >= 0)
    n = int(valid.sum())
    if n == 0:
        return None
    scale = data.scale
    table = confusion_matrix(data.gold[valid], codes.codes[valid], scale.k)
    point = confusion_statistics(table, scale.values, scale.level, scale.positive)
    boots = confusion_statistics(
        resample_table(table, n_resamples, rng), scale.values, scale.level, scale.positive
    )
    stats = {
        name: estimate(point[name], boots[name], confidence)
        for name in point
        if name not in ("judge_pass_rate", "human_pass_rate")
    }
    stats.update(_proportions(table, scale.positive, confidence))
    stats["cohen_kappa"] = kappa_interval(table, boots["cohen_kappa"], confidence, rng)
    kappas = [
        pair_kappa(h.codes[group.mask], codes.codes[group.mask], scale.k)[1] for h in data.humans.values()
    ]
    finite = [x for x in kappas if np.isfinite(x)]
    judged = int((codes.codes >= 0).sum())
    return JudgeResult(
        rater=rater,
        subtask=group.subtask,
        criterion=group.criterion,
        n=n,
        statistics=stats,
        judge_pass_rate=float(point["judge_pass_rate"]) if scale.binary else None,
        human_pass_rate=float(point["human_pass_rate"]) if scale.binary else None,
        confusion=table.astype(int).tolist(),
        # a panel mixes families, so it has no "own" family to prefer
        self_preference=None
        if panel_of
        else self_preference(data, rater, codes.codes, group.mask, n_resamples, confidence, rng),
        length_bias=length_bias(data, codes.codes, group.mask, confidence),
        position_consistency=position_consistency(
            data, codes.original, codes.swapped, group.mask, n_resamples, confidence, rng
        ),
        kappa_vs_humans=float(np.mean(finite)) if finite else None,
        cost_per_item=codes.cost_usd / judged if codes.cost_usd > 0 and judged else None,
        panel_of=panel_of,
    )


def _proportions(table: np.ndarray, positive: int | None, confidence: float) -> dict[str, Estimate]:
    """Agreement, TPR and TNR are shares of items, so each gets the exact (Clopper–Pearson)
    interval of its share (`exact_share`), not the bootstrap's: the percentile bootstrap of a share
    near 1 on tens of items collapses towards a point and covers well below its level
    (bench/coverage.md, section 4)."""
    out = {"percent_agreement": exact_share(float(np.trace(table)), float(table.sum()), confidence)}
    if positive is not None:
        gold_pos = float(table[positive].sum())
        true_neg = float(
            table.sum() - table[positive].sum() - table[:, positive].sum() + table[positive, positive]
        )
        out["tpr"] = exact_share(float(table[positive, positive]), gold_pos, confidence)
        out["tnr"] = exact_share(true_neg, float(table.sum()) - gold_pos, confidence)
    return out


def _panel(data: LabelData, ranked: list[str]) -> tuple[str, RaterCodes] | None:
    """Majority vote of the best judges (by κ on all items); None with fewer than three judges."""
    if len(ranked) < PANEL_SIZE:
        return None
    members = ranked[:PANEL_SIZE]
    votes = np.zeros((data.n_items, data.scale.k))
    for m in members:
        c = data.judges[m].codes
        ok = c >= 0
        votes[np.flatnonzero(ok), c[ok]] += 1.0
    codes, ties = plurality(votes)
    empty = np.full(data.n_items, -1, dtype=np.int64)
    # the panel pays for every member on every item it decides
    per_item = sum(data.judges[m].cost_usd / max(int((data.judges[m].codes >= 0).sum()), 1) for m in members)
    cost = per_item * int((codes >= 0).sum())
    name = "panel: majority of " + ", ".join(members)
    return name, RaterCodes(codes, codes, empty, np.full(data.n_items, np.nan), cost, ties)


def _corrected_scores(data: LabelData, raters: dict[str, RaterCodes], confidence: float) -> list[Json]:
    """Per agent model (and all items), each judge's raw pass rate, Rogan–Gladen and PPI++.

    TPR/TNR for an agent's Rogan–Gladen come from every human-labelled item, other agents'
    included, only while the judge's error rates are not shown to differ by agent
    (`transport.transport_test`); the row's `correction_note` says what was borrowed. Where
    they differ, the agent's own labels correct it, or nothing does. PPI++ uses the labelled
    items of the group itself, so it never borrows.
    """
    if not data.scale.binary:
        return []
    pos = data.scale.positive
    agents = sorted({a for a in data.agent_model if isinstance(a, str)})
    groups = [("all", np.ones(data.n_items, dtype=bool))] + [(a, data.agent_model == a) for a in agents]
    out: list[Json] = []
    for rater, codes in raters.items():
        calib = (data.gold >= 0) & (codes.codes >= 0)
        gold_pos = calib & (data.gold == pos)
        gold_neg = calib & (data.gold != pos)
        if not gold_pos.any() or not gold_neg.any():
            continue
        says_pass = (codes.codes == pos).astype(float)
        with_agent = calib & np.array([isinstance(a, str) for a in data.agent_model], dtype=bool)
        transport = transport_test(
            data.agent_model[with_agent], data.gold[with_agent] == pos, says_pass[with_agent] == 1.0
        )
        for name, mask in groups:
            judged = mask & (codes.codes >= 0)
            if not judged.any():
                continue
            rate = float(says_pass[judged].mean())
            labelled = judged & (data.gold >= 0)
            # the whole run, or an agent while its judge errors may be borrowed: every label
            source = calib & mask if name != "all" and transport.differ else calib
            out.append(
                {
                    "group": name,
                    "rater": rater,
                    "judge_rate": round(rate, 6),
                    "rogan_gladen": _rogan_gladen(
                        rate, int(judged.sum()), source & gold_pos, source & gold_neg, codes, pos, confidence
                    ).as_dict(),
                    "ppi": ppi_mean(
                        (data.gold[labelled] == pos).astype(float),
                        says_pass[labelled],
                        says_pass[judged & (data.gold < 0)],
                        confidence,
                    ).as_dict(),
                    "correction_note": None
                    if name == "all"
                    else borrowing_note(
                        int((calib & mask).sum()),
                        int((with_agent & ~mask).sum()),
                        transport,
                        own_correction=bool((source & gold_pos).any() and (source & gold_neg).any()),
                    ),
                }
            )
    return out


def _rogan_gladen(
    rate: float,
    n_judged: int,
    positives: np.ndarray,
    negatives: np.ndarray,
    codes: RaterCodes,
    pos: int | None,
    confidence: float,
) -> Estimate:
    """Rogan–Gladen with the judge's TPR/TNR measured on the `positives`/`negatives` labelled items
    (NaN where either is empty: no error rate, no correction)."""
    if not positives.any() or not negatives.any():
        return Estimate(float("nan"), float("nan"), float("nan"))
    tpr = float((codes.codes[positives] == pos).mean())
    tnr = float((codes.codes[negatives] != pos).mean())
    return rogan_gladen(rate, n_judged, tpr, int(positives.sum()), tnr, int(negatives.sum()), confidence)


def _alt_tests(data: LabelData, raters: dict[str, RaterCodes], epsilon: float) -> list[AltTestResult]:
    """The alt-test of every judge (and the panel) on all items: accuracy alignment for
    categories, negative RMSE for numeric scales, as in the paper."""
    names = sorted(data.humans)
    humans = (
        np.column_stack([data.humans[a].codes for a in names])
        if names
        else np.empty((data.n_items, 0), dtype=np.int64)
    )
    alignment: Alignment = "accuracy" if data.scale.level == "nominal" else "neg_rmse"
    return alt_tests(
        {rater: codes.codes for rater, codes in raters.items()},
        humans,
        names,
        epsilon=epsilon,
        alignment=alignment,
        values=data.scale.values,
    )


#: Krippendorff's lowest α for tentative conclusions (Content Analysis, 2004, §11.4.4)
LOW_HUMAN_ALPHA = 0.667


def _human_warning(humans: HumanAgreement | None, competence: list[Competence], method: str) -> str | None:
    """Why the calibration means little when the people disagree, and what to do about it."""
    if humans is None or humans.n_raters < 2:
        return None
    alpha = humans.krippendorff_alpha
    if not np.isfinite(alpha.value) or alpha.value >= LOW_HUMAN_ALPHA:
        return None
    text = (
        f"Human agreement is too low for this calibration to mean much: Krippendorff's α = "
        f"{format_estimate(alpha.as_dict())}, below {LOW_HUMAN_ALPHA}, the least Krippendorff accepts even "
        "for tentative conclusions. The gold label is noisy, so every judge's agreement is capped and the "
        "corrected scores inherit the noise. Sharpen the rubric and the annotation guidelines, have the "
        "annotators discuss and relabel the items they disagree on, add annotators per item"
    )
    text += (
        ", or weigh annotators by competence with --gold dawid-skene or --gold mace."
        if method == "majority"
        else "."
    )
    return text + _least_reliable(competence)


def _least_reliable(competence: list[Competence]) -> str:
    """The annotator to retrain first, named only when its interval lies wholly below the next
    one's: two annotators at 0.83 [0.72, 0.90] are tied, and naming either would be a coin toss."""
    ranked = sorted((c for c in competence if np.isfinite(c.accuracy.value)), key=lambda c: c.accuracy.value)
    if len(ranked) < 2:
        return ""
    worst, next_ = ranked[0], ranked[1]

    def said(c: Competence) -> str:
        return f"{c.annotator} {format_estimate(c.accuracy.as_dict())}, {c.n} items"

    if worst.accuracy.ci_high < next_.accuracy.ci_low:
        return (
            f" Least reliable annotator: {worst.annotator} (accuracy against the gold "
            f"{format_estimate(worst.accuracy.as_dict())}, {worst.n} items): retrain or replace them first."
        )
    return (
        f" No annotator is clearly the least reliable: the two lowest ({said(worst)}; {said(next_)}) are "
        "tied within their intervals (accuracy against the gold)."
    )


def _agent_comparisons(
    data: LabelData, raters: dict[str, RaterCodes], corrected: list[Json], confidence: float
) -> dict[str, tuple[list[PairComparison], list[RankedAgent]]]:
    """For each judge, the corrected difference of every pair of agents (binary labels, two
    agents or more), paired by task when the rows carry task ids."""
    agents = sorted({a for a in data.agent_model if isinstance(a, str)})
    if not data.scale.binary or len(agents) < 2:
        return {}
    pos = data.scale.positive
    human = np.where(data.gold >= 0, (data.gold == pos).astype(float), np.nan)
    out = {}
    for rater, codes in raters.items():
        rates = {
            r["group"]: r["ppi"]["value"] for r in corrected if r["rater"] == rater and r["group"] != "all"
        }
        judged = (codes.codes >= 0) & np.isin(data.agent_model, agents)
        if not rates:
            continue
        out[rater] = compare_agents(
            data.agent_model[judged].astype(str),
            None if data.task_id is None else data.task_id[judged].astype(str),
            (codes.codes[judged] == pos).astype(float),
            human[judged],
            {a: rates.get(a) for a in agents},
            confidence,
        )
    return out


def _judge_agreement(data: LabelData, raters: dict[str, RaterCodes]) -> Json:
    """Cohen's κ between every two raters (judges and humans) on the items both rated."""
    names = list(raters) + sorted(data.humans)
    codes = [raters[n].codes for n in raters] + [data.humans[h].codes for h in sorted(data.humans)]
    matrix = [
        [
            None if not np.isfinite(k) else round(k, 4)
            for k in (pair_kappa(a, b, data.scale.k)[1] for b in codes)
        ]
        for a in codes
    ]
    return {
        "raters": names,
        "kinds": ["judge"] * len(raters) + ["human"] * len(data.humans),
        "cohen_kappa": matrix,
    }


def _summary(
    data: LabelData, group: Group, n_resamples: int, confidence: float, rng: np.random.Generator
) -> GroupSummary:
    gold = data.gold[group.mask]
    counts = np.bincount(gold[gold >= 0], minlength=data.scale.k)
    humans = human_agreement(data, group.mask, n_resamples, confidence, rng) if data.humans else None
    return GroupSummary(
        group=group,
        n_items=int(group.mask.sum()),
        n_gold=int((gold >= 0).sum()),
        gold_counts={c: int(n) for c, n in zip(data.scale.categories, counts, strict=True)},
        humans=humans,
    )


def _gold(data: LabelData, rule: GoldRule, confidence: float) -> tuple[GoldLabels, int]:
    """Set `data.gold` by `rule`; returns the raters' gold (with their competence) and on how many
    items an adjudicator's decision was taken (`adjudicated`: the decision where there is one,
    the majority elsewhere; an item decided unscorable has no gold)."""
    names = sorted(data.humans)
    method = "majority" if rule == "adjudicated" else rule
    formed = gold_labels(
        np.column_stack([data.humans[a].codes for a in names]), names, data.scale.k, method, confidence
    )
    data.gold, data.gold_ties = formed.gold, formed.ties
    decided = data.adjudicated if data.adjudicated is not None else np.full(data.n_items, NO_DECISION)
    if rule != "adjudicated" or not (decided != NO_DECISION).any():
        return formed, 0
    taken = decided != NO_DECISION
    tied = (formed.gold < 0) & (data.human_counts.sum(axis=1) > 0)
    data.gold = np.where(taken, np.maximum(decided, -1), formed.gold).astype(np.int64)
    data.gold_ties = int((tied & ~taken).sum())
    return formed, int(taken.sum())


def calibrate_frame(
    frame: pd.DataFrame,
    *,
    n_resamples: int = 1000,
    seed: int = 0,
    confidence: float = 0.95,
    level: Level | None = None,
    alt_test_epsilon: float = DEFAULT_EPSILON,
    gold: GoldRule = "majority",
) -> CalibrationReport:
    """`calibrate` on a label frame (columns of `expgrade.grading.labels_io.label_frame`).

    Skips row validation."""
    if not 0 < confidence < 1:
        raise ValueError("confidence must be between 0 and 1")
    data = load_label_data(frame, level)
    formed, adjudicated = _gold(data, gold, confidence)
    rng = np.random.default_rng(seed)
    groups = _groups(data)
    raters: dict[str, RaterCodes] = dict(data.judges)
    overall = [
        r
        for r in (
            _judge_result(data, name, c, groups[0], n_resamples, confidence, rng)
            for name, c in raters.items()
        )
        if r
    ]
    ranked = [
        r.rater
        for r in sorted(overall, key=lambda r: -np.nan_to_num(r.statistics["cohen_kappa"].value, nan=-2.0))
    ]
    panel = _panel(data, ranked)
    if panel is not None:
        raters[panel[0]] = panel[1]
        panel_result = _judge_result(
            data, panel[0], panel[1], groups[0], n_resamples, confidence, rng, ranked[:PANEL_SIZE]
        )
        if panel_result is not None:
            overall.append(panel_result)
    results = list(overall)
    for group in groups[1:]:
        for name, codes in raters.items():
            members = ranked[:PANEL_SIZE] if panel is not None and name == panel[0] else None
            r = _judge_result(data, name, codes, group, n_resamples, confidence, rng, members)
            if r is not None:
                results.append(r)
    summaries = [_summary(data, g, n_resamples, confidence, rng) for g in groups]
    corrected = _corrected_scores(data, raters, confidence)
    report = CalibrationReport(
        n_items=data.n_items,
        confidence=confidence,
        bootstrap=n_resamples,
        seed=seed,
        categories=list(data.scale.categories),
        level=data.scale.level,
        binary=data.scale.binary,
        pairwise=data.scale.pairwise,
        human_raters=sorted(data.humans),
        judges=results,
        humans=summaries[0].humans,
        groups=summaries,
        corrected_scores=corrected,
        judge_agreement=_judge_agreement(data, raters),
        reliability={
            n: rel
            for n, c in data.judges.items()
            if (rel := reliability(data.gold, c.codes, c.confidence)) is not None
        },
        unscorable=data.unscorable,
        gold_ties=data.gold_ties,
        alt_test=_alt_tests(data, raters, alt_test_epsilon),
        gold_method=gold,
        gold_adjudicated=adjudicated,
        competence=formed.competence,
        human_warning=_human_warning(summaries[0].humans, formed.competence, gold),
        agent_comparisons=_agent_comparisons(data, raters, corrected, confidence),
    )
    report.leaderboard, report.recommendations = build_leaderboard(report)
    if report.human_warning:
        report.recommendations = {"human agreement": report.human_warning, **report.recommendations}
    return report


def calibrate(
    rows: list[LabelRow],
    *,
    n_resamples: int = 1000,
    seed: int = 0,
    confidence: float = 0.95,
    level: Level | None = None,
    alt_test_epsilon: float = DEFAULT_EPSILON,
    gold: GoldRule = "majority",
) -> CalibrationReport:
    """Judges against the human gold label (`gold`: majority, dawid-skene, mace, or adjudicated:
    an adjudicator's decision where there is one, else the majority): agreement
    with bootstrap CIs, bias, corrected scores, human ceiling, annotator competence, the
    alt-test (ε = `alt_test_epsilon`), leaderboard and recommendations. Unscorable rows are
    counted and left out."""
    return calibrate_frame(
        frame_of(rows),
        n_resamples=n_resamples,
        seed=seed,
        confidence=confidence,
        level=level,
        alt_test_epsilon=alt_test_epsilon,
        gold=gold,
    )


def inter_annotator_agreement(
    rows: list[LabelRow],
    *,
    n_resamples: int = 1000,
    seed: int = 0,
    confidence: float = 0.95,
    level: Level | None = None,
) -> HumanAgreement:
    """Agreement among the human raters only (α, percent agreement, AC1, pairwise κ) — for
    dashboards that watch annotators before any judge has run."""
    data = load_label_data(frame_of(rows), level)
    return human_agreement(
        data, np.ones(data.n_items, dtype=bool), n_resamples, confidence, np.random.default_rng(seed)
    )


__all__ = [
    "AGREEMENT_STATISTICS",
    "CalibrationReport",
    "JudgeResult",
    "calibrate",
    "calibrate_frame",
    "inter_annotator_agreement",
]
