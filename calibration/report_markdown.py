"""report.md: the calibration report as Markdown tables, for pull requests and issues."""

from __future__ import annotations

from typing import Any

from expgrade.calibration.agreement import AGREEMENT_STATISTICS
from expgrade.calibration.humans import kappa_text
from expgrade.calibration.report import CalibrationReport
from expgrade.calibration.report_json import contract_json, details_json
from expgrade.grading.estimate import format_estimate

Json = dict[str, Any]


def ci(d: Json | None, digits: int = 2) -> str:
    """`0.81 [0.76, 0.85]`, or `—` when undefined."""
    return format_estimate(d, digits)


def num(x: float | None, digits: int = 2) -> str:
    return "—" if x is None else f"{x:.{digits}f}"


def _mean_kappa(h: Json) -> str:
    """Two annotators: their κ with its interval (the mean of one pair); more: the mean, whose
    pairs' intervals the table below gives."""
    pairs = h["pairwise_kappa"]
    if len(pairs) == 1:
        return kappa_text(pairs[0]["cohen_kappa"], pairs[0]["agreement"])
    return num(h["mean_pairwise_kappa"])


def _cell(text: str) -> str:
    """Table cells cannot hold pipes or newlines."""
    return text.replace("|", "\\|").replace("\n", " ")


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return out


def group_label(subtask: str | None, criterion: str | None) -> str:
    if subtask is None and criterion is None:
        return "all items"
    return " / ".join(p for p in (subtask, criterion) if p is not None)


def judge_table(binary: bool, judges: list[Json]) -> tuple[list[str], list[list[str]]]:
    """Header and rows of the judge-vs-gold table, shared by the Markdown and HTML reports."""
    header = [
        "group",
        "judge",
        "n",
        "agreement",
        "Cohen κ",
        "Scott π",
        "Gwet AC1",
        "Krippendorff α",
        "macro-F1",
    ]
    if binary:
        header += ["TPR", "TNR", "judge pass", "human pass", "leniency"]
    rows = []
    for j in judges:
        row = [group_label(j["subtask"], j["criterion"]), j["rater"], str(j["n"])]
        row += [ci(j[s]) for s in AGREEMENT_STATISTICS]
        if binary:
            row += [
                ci(j["tpr"]),
                ci(j["tnr"]),
                num(j["judge_pass_rate"]),
                num(j["human_pass_rate"]),
                ci(j["leniency"]),
            ]
        rows.append(row)
    return header, rows


def _p(p: float | None) -> str:
    return "—" if p is None else (f"{p:.3f}" if p >= 0.001 else f"{p:.1e}")


def alt_test_table(tests: list[Json]) -> tuple[list[str], list[list[str]]]:
    """Header and rows of the alt-test table (report.json's `alt_test`), shared by Markdown and HTML."""
    header = ["judge", "ε", "alignment", "winning rate ω", "advantage ρ", "passes", "per annotator"]
    rows = []
    for t in tests:
        per = "; ".join(
            f"{a['annotator']}: {a['skipped']}"
            if a["skipped"]
            else f"{a['annotator']} (n {a['n']}) p {_p(a['p_value'])}, "
            + ("judge wins" if a["rejected"] else "no win")
            for a in t["annotators"]
        )
        passed = {True: "yes", False: "no", None: "not computable"}[t["passed"]]
        rows.append(
            [
                t["rater"],
                f"{t['epsilon']:g}",
                t["alignment"],
                num(t["winning_rate"]),
                num(t["advantage_probability"]),
                passed,
                t["reason"] or per,
            ]
        )
    return header, rows


ALT_TEST_NOTE = (
    "Alt-test (Calderon, Reichart & Dror, ACL 2025): each annotator is left out in turn and the "
    "judge and that annotator are scored against the others; the judge wins against an annotator "
    "when a one-sided t-test (margin ε for the judge's lower cost) is rejected after "
    "Benjamini–Yekutieli at q = 0.05. It can replace the annotators when it wins against at least "
    "half (ω ≥ 0.5); ρ, the chance it is at least as good as a random annotator, ranks judges."
)


COMPARISON_NOTE = (
    "Corrected difference A − B in pass rate (PPI++ on per-task differences, paired by task when "
    "the rows carry task ids); settled when its interval excludes 0. Rank: the range the settled "
    "pairs allow (1–3 is a tie the data cannot break). Labels to settle: more tasks labelled for both "
    "agents that would settle the pair at 80 % power."
)


def comparison_tables(entry: Json) -> tuple[list[str], list[list[str]], list[str], list[list[str]]]:
    """Pairs and ranking of one judge's `agent_comparisons` entry, shared by Markdown and HTML."""
    pairs = [
        [
            f"{p['a']} − {p['b']}",
            "yes" if p["paired"] else "no",
            f"{p['n_labelled']}/{p['n_tasks']}" if p["paired"] else str(p["n_labelled"]),
            num(p["judge_difference"]),
            ci(p["difference"]),
            "yes" if p["settled"] else "no",
            str(p["labels_to_settle"]) if p["labels_to_settle"] is not None else (p["note"] or "—"),
        ]
        for p in entry["pairs"]
    ]
    ranking = [
        [
            str(r["best_rank"])
            if r["best_rank"] == r["worst_rank"]
            else f"{r['best_rank']}–{r['worst_rank']}",
            r["agent"],
            num(r["corrected"]),
            ", ".join(r["tied_with"]) or "—",
        ]
        for r in entry["ranking"]
    ]
    return (
        ["agents", "paired", "labelled tasks", "judge difference", "corrected difference", "settled",
         "labels to settle"],
        pairs,
        ["rank", "agent", "corrected pass rate", "cannot be told apart from"],
        ranking,
    )  # fmt: skip


def best_comparison(report: CalibrationReport, c: Json) -> Json | None:
    """The entry of the best-ranked single judge (all judges are in report.json)."""
    board = [r["rater"] for r in report.leaderboard.get("all items", []) if not r["panel"]]
    entries = {e["rater"]: e for e in c["agent_comparisons"]}
    return next((entries[r] for r in board if r in entries), None)


COMPETENCE_NOTE = (
    "Competence: each annotator's accuracy against the gold label (for majority vote, against the "
    "majority of the other annotators; for Dawid–Skene and MACE, expected under the model's posterior)."
)


def competence_table(rows: list[Json]) -> tuple[list[str], list[list[str]]]:
    """Header and rows of the annotator competence table, shared by Markdown and HTML."""
    return ["annotator", "items", "competence"], [
        [r["annotator"], str(r["n"]), ci(r["accuracy"])] for r in rows
    ]


def render_markdown(report: CalibrationReport) -> str:
    c, d = contract_json(report), details_json(report)
    level = f"{report.confidence:.0%}"
    lines = [
        "# Judge calibration report",
        "",
        f"{report.n_items} items · labels: {', '.join(report.categories)} ({report.level}) · "
        f"{report.bootstrap} bootstrap resamples (seed {report.seed}) · {level} intervals",
        "",
        f"Gold label: {d['gold_rule']} ({report.gold_ties} items tied"
        + (
            f"; {report.gold_adjudicated} items from adjudication"
            if report.gold_method == "adjudicated"
            else ""
        )
        + ").",
    ]
    if report.unscorable:
        lines.append(
            "Unscorable rows left out: "
            + ", ".join(f"{k}: {v}" for k, v in sorted(report.unscorable.items()))
            + "."
        )
    if c["annotators"]["competence"]:
        lines += ["", "## Annotators", "", f"Gold label by {report.gold_method}. {COMPETENCE_NOTE}", ""]
        lines += _table(*competence_table(c["annotators"]["competence"]))
    lines += ["", "## Recommendations", ""]
    lines += [f"- {text}" for text in report.recommendations.values()]
    lines += ["", "## Humans", ""]
    rows = []
    for g in d["groups"]:
        h = g["humans"]
        rows.append(
            [
                g["group"],
                str(g["n_items"]),
                str(g["n_gold"]),
                ", ".join(f"{k}: {v}" for k, v in g["gold_counts"].items()),
                str(h["n_raters"]) if h else "0",
                ci(h["krippendorff_alpha"]) if h else "—",
                ci(h["gwet_ac1"]) if h else "—",
                _mean_kappa(h) if h else "—",
            ]
        )
    lines += _table(
        ["group", "items", "with gold", "gold labels", "raters", "α", "AC1", "mean pairwise κ"], rows
    )
    pairs = [(g["group"], p) for g in d["groups"] if g["humans"] for p in g["humans"]["pairwise_kappa"]]
    if pairs:
        lines += ["", "Cohen's κ of each pair of annotators, on the items both labelled:", ""]
        lines += _table(
            ["group", "annotator", "annotator", "items", "κ"],
            [
                [g, p["a"], p["b"], str(p["n"]), kappa_text(p["cohen_kappa"], p["agreement"])]
                for g, p in pairs
            ],
        )
    judges = c["judges"]
    if judges:
        lines += ["", "## Judges against the human gold label", ""]
        header, rows = judge_table(report.binary, judges)
        lines += _table(header, rows)
        lines += ["", "## Leaderboard", ""]
        for group, board in report.leaderboard.items():
            lines += [f"### {group}", ""]
            lines += _table(
                [
                    "rank",
                    "judge",
                    "κ vs gold",
                    "κ vs each annotator",
                    "annotators' κ",
                    "human level",
                    "cost / item",
                ],
                [
                    [
                        str(i + 1),
                        r["rater"],
                        ci(r["cohen_kappa"]),
                        num(r["kappa_vs_humans"]),
                        num(r["human_ceiling"]),
                        {True: "yes", False: "no", None: "—"}[r["human_level"]],
                        f"${r['cost_per_item']:.4f}" if r["cost_per_item"] else "—",
                    ]
                    for i, r in enumerate(board)
                ],
            )
            lines.append("")
        if c["alt_test"]:
            lines += ["## Can the judge replace the annotators? (alt-test)", "", ALT_TEST_NOTE, ""]
            lines += _table(*alt_test_table(c["alt_test"]))
        lines += _bias_sections(judges)
    best = best_comparison(report, c)
    if best is not None:
        pair_header, pair_rows, rank_header, rank_rows = comparison_tables(best)
        lines += [
            "",
            f"## Which agent is better? (judge {best['rater']}, corrected)",
            "",
            COMPARISON_NOTE,
            "",
        ]
        lines += [*_table(rank_header, rank_rows), "", *_table(pair_header, pair_rows)]
    if c["corrected_scores"]:
        lines += ["", "## Corrected pass rates", ""]
        lines += _table(
            ["group", "judge", "judge rate", "Rogan–Gladen", "PPI++"],
            [
                [r["group"], r["rater"], num(r["judge_rate"]), ci(r["rogan_gladen"]), ci(r["ppi"])]
                for r in c["corrected_scores"]
            ],
        )
        lines += [""] * any(r.get("correction_note") for r in c["corrected_scores"])
        lines += [
            f"- {r['group']} ({r['rater']}), Rogan–Gladen: {r['correction_note']}"
            for r in c["corrected_scores"]
            if r.get("correction_note")
        ]
    if report.reliability:
        lines += ["", "## Confidence calibration", ""]
        lines += _table(
            ["judge", "n", "ECE"], [[k, str(v["n"]), num(v["ece"], 3)] for k, v in report.reliability.items()]
        )
    return "\n".join(lines) + "\n"


def _bias_sections(judges: list[Json]) -> list[str]:
    overall = [j for j in judges if j["subtask"] is None and j["criterion"] is None]
    lines: list[str] = []
    sp = [j for j in overall if j["self_preference"]]
    if sp:
        lines += ["", "## Self-preference", ""]
        lines += _table(
            ["judge", "family", "own-family items", "effect", "what it measures"],
            [
                [
                    j["rater"],
                    j["self_preference"]["family"],
                    str(j["self_preference"]["n_own"]),
                    ci(j["self_preference"]),
                    j["self_preference"]["kind"],
                ]
                for j in sp
            ],
        )
    lb = [j for j in overall if j["length_bias"]]
    if lb:
        lines += ["", "## Length bias", ""]
        lines += _table(
            [
                "judge",
                "n",
                "coefficient",
                "odds ratio",
                "P(judge prefers longer)",
                "P(humans prefer longer)",
                "what it measures",
            ],
            [
                [
                    j["rater"],
                    str(j["length_bias"]["n"]),
                    ci(j["length_bias"]),
                    num(j["length_bias"]["odds_ratio"]),
                    ci(j["length_bias"].get("p_judge_prefers_longer")),
                    num(j["length_bias"].get("p_human_prefers_longer")),
                    j["length_bias"]["kind"],
                ]
                for j in lb
            ],
        )
    pc = [j for j in overall if j["position_consistency"]]
    if pc:
        lines += ["", "## Position bias", ""]
        lines += _table(
            ["judge", "items judged in both orders", "consistency", "first-position preference"],
            [
                [
                    j["rater"],
                    str(j["position_consistency"]["n"]),
                    ci(j["position_consistency"]),
                    ci(j["position_consistency"]["first_position_preference"]),
                ]
                for j in pc
            ],
        )
    return lines
