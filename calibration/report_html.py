"""report.html: one self-contained page (figures embedded as base64 PNG), every text escaped.

Rater names and criteria come from user files, so the template is rendered with Jinja2's
autoescape on: a label like `<script>` shows up as text, never as markup.
"""

from __future__ import annotations

from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape

from expgrade.calibration import plots
from expgrade.calibration.report import CalibrationReport
from expgrade.calibration.report_json import contract_json, details_json
from expgrade.calibration.report_markdown import (
    ALT_TEST_NOTE,
    COMPARISON_NOTE,
    COMPETENCE_NOTE,
    alt_test_table,
    best_comparison,
    ci,
    comparison_tables,
    competence_table,
    judge_table,
    num,
)

Json = dict[str, Any]

_ENV = Environment(
    loader=PackageLoader("calibration", "templates"),
    autoescape=select_autoescape(default=True, default_for_string=True),
)


def _bias_rows(judges: list[Json]) -> list[list[str]]:
    rows = []
    for j in judges:
        if j["subtask"] is not None or j["criterion"] is not None:
            continue
        lb, pc = j["length_bias"] or {}, j["position_consistency"] or {}
        if not lb and not pc:
            continue
        rows.append(
            [
                j["rater"],
                ci(lb) if lb else "—",
                num(lb.get("odds_ratio")),
                ci(lb.get("p_judge_prefers_longer")),
                num(lb.get("p_human_prefers_longer")),
                ci(pc) if pc else "—",
                ci(pc.get("first_position_preference")),
            ]
        )
    return rows


def render_html(report: CalibrationReport) -> str:
    c, d = contract_json(report), details_json(report)
    ceiling = report.humans.mean_pairwise_kappa if report.humans is not None else None
    header, rows = judge_table(report.binary, c["judges"])
    alt_header, alt_rows = alt_test_table(c["alt_test"])
    competence_header, competence_rows = competence_table(c["annotators"]["competence"])
    best = best_comparison(report, c)
    pair_header, pair_rows, rank_header, rank_rows = comparison_tables(best) if best else ([], [], [], [])
    groups = [
        {
            "group": g["group"],
            "n_items": g["n_items"],
            "n_gold": g["n_gold"],
            "gold_text": ", ".join(f"{k}: {v}" for k, v in g["gold_counts"].items()),
            "raters": g["humans"]["n_raters"] if g["humans"] else 0,
            "alpha": ci(g["humans"]["krippendorff_alpha"]) if g["humans"] else "—",
            "ac1": ci(g["humans"]["gwet_ac1"]) if g["humans"] else "—",
            "agreement": ci(g["humans"]["percent_agreement"]) if g["humans"] else "—",
            "kappa": num(g["humans"]["mean_pairwise_kappa"]) if g["humans"] else "—",
        }
        for g in d["groups"]
    ]
    leaderboard = [
        (
            name,
            [
                {
                    "rater": r["rater"],
                    "kappa": ci(r["cohen_kappa"]),
                    "ac1": num(r["gwet_ac1"]),
                    "vs_humans": num(r["kappa_vs_humans"]),
                    "ceiling": num(r["human_ceiling"]),
                    "level": {True: "yes", False: "no", None: "—"}[r["human_level"]],
                    "level_class": {True: "yes", False: "no", None: ""}[r["human_level"]],
                    "cost": f"${r['cost_per_item']:.4f}" if r["cost_per_item"] else "—",
                }
                for r in board
            ],
        )
        for name, board in report.leaderboard.items()
        if board
    ]
    return _ENV.get_template("report.html.j2").render(
        n_items=report.n_items,
        n_gold=d["groups"][0]["n_gold"],
        human_raters=report.human_raters,
        n_judges=len({r.rater for r in report.judges if r.panel_of is None}),
        gold_ties=report.gold_ties,
        n_unscorable=sum(report.unscorable.values()),
        categories=report.categories,
        level=report.level,
        bootstrap=report.bootstrap,
        seed=report.seed,
        confidence_pct=f"{report.confidence:.0%}",
        recommendations=list(report.recommendations.values()),
        groups=groups,
        judges=c["judges"],
        judge_header=header,
        judge_rows=rows,
        leaderboard=leaderboard,
        alt_header=alt_header,
        alt_rows=alt_rows,
        alt_note=ALT_TEST_NOTE,
        gold_method=report.gold_method,
        gold_rule=d["gold_rule"],
        competence_header=competence_header,
        competence_rows=competence_rows,
        competence_note=COMPETENCE_NOTE,
        comparison_judge=best["rater"] if best else None,
        comparison_note=COMPARISON_NOTE,
        pair_header=pair_header,
        pair_rows=pair_rows,
        rank_header=rank_header,
        rank_rows=rank_rows,
        bias_rows=_bias_rows(c["judges"]),
        corrected_rows=[
            [r["group"], r["rater"], num(r["judge_rate"]), ci(r["rogan_gladen"]), ci(r["ppi"])]
            for r in c["corrected_scores"]
        ],
        corrected_notes=[
            f"{r['group']} ({r['rater']}), Rogan–Gladen: {r['correction_note']}"
            for r in c["corrected_scores"]
            if r.get("correction_note")
        ],
        human_rates_plot=plots.human_rates_plot(report),
        agreement_plot=plots.agreement_plot(report, ceiling),
        confusion_plot=plots.confusion_plot(report),
        leniency_plot=plots.leniency_plot(report),
        self_preference_plot=plots.self_preference_plot(report),
        position_plot=plots.position_plot(report),
        reliability_plot=plots.reliability_plot(report),
        judge_matrix_plot=plots.judge_matrix_plot(report),
        corrected_plot=plots.corrected_plot(report),
    )
