"""Rendering the report structure (build.py) as Markdown or as one self-contained HTML page.

Everything an agent wrote (rationales quote it) reaches the page through Jinja2 autoescaping,
so a submission cannot inject script into the reviewer's browser.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

from expgrade.grading.estimate import format_estimate
from expgrade.grading.report import calibration, plots
from expgrade.grading.schemas import RunReport
from expgrade.grading.status import describe_verdict

SUBTASK_KEYS = plots.RATE_KEYS
HEADERS = plots.HEADERS


def fmt_est(est: dict[str, Any] | None) -> str:
    if not est or est.get("value") is None:
        return "–"
    return f"{format_estimate(est)} (n={est['n']})"


def fmt_cost(value: float | None) -> str:
    """Unknown cost (a model without a price) is shown as unknown, never as $0."""
    return "unknown" if value is None else f"{value:.4f}"


def fmt_pass(value: Any) -> str:
    return {True: "✓", False: "✗", None: "?", "n/a": "·"}.get(value, str(value))


def _md_cell(text: Any) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _with_calibration(report: dict[str, Any], agent: dict[str, Any], key: str) -> str:
    beside = calibration.beside_rate(report, agent["agent"], key)
    return fmt_est(agent["pass_rates"][key]) + (f" · {beside}" if beside else "")


def render_markdown(run_report: RunReport) -> str:
    report = run_report.as_json()  # rendered from the JSON form, so the formats read one structure
    lines = [
        f"# expgrade run report: {report['run_dir']}",
        "",
        f"{report['n_results']} result(s), {report['n_tasks']} task(s), {report['n_papers']} paper(s); "
        f"judges: {', '.join(report['manifest'].get('judges') or []) or 'none'}; "
        f"CIs: {report['bootstrap']['confidence']:.0%} bootstrap clustered by paper "
        f"({report['bootstrap']['n']} resamples, seed {report['bootstrap']['seed']}).",
        "",
        "## Pass rates per agent",
        "",
        *(
            []
            if calibration.calibrated(report)
            else [
                f"*{calibration.UNCALIBRATED}: raw judge rates; `expgrade report RUN --gold` corrects them.*",
                "",
            ]
        ),
        "| agent | results | "
        + " | ".join(HEADERS)
        + " | AutoExperiment | pass@k | flagged | cost USD | time s |",
        "|---|---|" + "---|" * (len(HEADERS) + 5),
    ]
    for a in report["agents"]:
        passk = ", ".join(
            f"@{k}={v['value']:.2f}" for k, v in a["pass_at_k"].items() if v["value"] is not None
        )
        lines.append(
            "| "
            + " | ".join(
                _md_cell(c)
                for c in [
                    a["agent"],
                    a["n_results"],
                    *(_with_calibration(report, a, k) for k in SUBTASK_KEYS),
                    fmt_est(a["autoexperiment"]),
                    passk or "–",
                    a["integrity_flagged"],
                    fmt_cost(a["cost_usd"]),
                    f"{a['duration_s']:.1f}",
                ]
            )
            + " |"
        )
    left_out = [
        f"{a['agent']}: " + (", ".join(f"{k}={v}" for k, v in a["undecided"].items() if v) or "none")
        for a in report["agents"]
    ]
    lines += ["", "Unscorable results are left out of each rate and counted here: " + "; ".join(left_out), ""]
    lines += _markdown_noise(report)
    lines += ["## Judge calibration", "", *calibration.headline(report), ""]
    for title, rows in calibration.tables(report):
        lines += [f"### {title}", ""]
        if not calibration.calibrated(report):
            lines += [f"*{calibration.UNCALIBRATED}*", ""]
        lines += [
            "| " + " | ".join(calibration.ROW_HEADERS) + " |",
            "|---" * len(calibration.ROW_HEADERS) + "|",
        ]
        lines += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in rows]
        lines.append("")
    for title, rows in calibration.comparison_tables(report):
        lines += [f"### {title}", "", "| " + " | ".join(calibration.COMPARISON_HEADERS) + " |"]
        lines += ["|---" * len(calibration.COMPARISON_HEADERS) + "|"]
        lines += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in rows] + [""]
    lines += ["## Status counts", "", "| subtask | status | count |", "|---|---|---|"]
    for name, counts in report["status_counts"].items():
        for status, n in sorted(counts.items()):
            lines.append(f"| {name} | {status} | {n} |")
    if report["unscorable_counts"]:
        lines += [
            "",
            "## Unscorable reasons",
            "",
            "| subtask | level | reason | count |",
            "|---|---|---|---|",
        ]
        lines += [
            f"| {u['subtask']} | {u['level']} | {u['reason']} | {u['count']} |"
            for u in report["unscorable_counts"]
        ]
    if report["flags"]:
        lines += ["", "## Flags", "", "| flag | results |", "|---|---|"]
        lines += [f"| {_md_cell(k)} | {v} |" for k, v in report["flags"].items()]
    if report.get("injection_flags"):
        lines += ["", "## Prompt-injection flags per agent", "", "| agent | counts |", "|---|---|"]
        lines += [
            f"| {_md_cell(agent)} | {_md_cell(', '.join(f'{k} {n}' for k, n in c.items()))} |"
            for agent, c in report["injection_flags"].items()
        ]
    lines += ["", "## Per task", ""]
    if not calibration.calibrated(report):
        lines += [
            f"*{calibration.UNCALIBRATED}: these are the judges' verdicts, not checked against people.*",
            "",
        ]
    for task in report["tasks"]:
        lines += [
            f"### {task['task_id']}",
            "",
            "| submission | agent | attempt | " + " | ".join(HEADERS[:-1]) + " | all |",
            "|---|---|---|" + "---|" * len(HEADERS),
        ]
        for s in task["submissions"]:
            lines.append(
                "| "
                + " | ".join(
                    _md_cell(c)
                    for c in [
                        s["submission_id"],
                        s["agent"],
                        s["attempt"],
                        *(fmt_pass(s["passed"][k]) for k in SUBTASK_KEYS[:-1]),
                        fmt_pass(s["all_passed"]),
                    ]
                )
                + " |"
            )
        lines.append("")
    m = report["manifest"]
    judges = ", ".join(m.get("judges") or []) or "none"
    rubrics = ", ".join(f"{k} {v['version']} ({v['digest']})" for k, v in (m.get("rubrics") or {}).items())
    images = ", ".join(f"{k} = {v}" for k, v in (m.get("images") or {}).items()) or "none"
    thresholds = ", ".join(f"{k} ≥ {v}" for k, v in (m.get("thresholds") or {}).items())
    lines += [
        "## How this run was graded",
        "",
        f"- judges: {judges}; subtasks: {', '.join(m.get('subtasks') or [])}",
        f"- thresholds: {thresholds}",
        f"- rubrics: {rubrics}",
        f"- sandbox images: {images}",
        f"- seed: {m.get('seed')}; tasks: {m.get('tasks_file')}",
        "",
    ]
    return "\n".join(lines) + "\n"


def repeat_rows(report: dict[str, Any]) -> list[list[str]]:
    """agent, K, pass^k, pass@k, undecided: one row per agent whose executions were repeated."""
    return [
        [
            a["agent"],
            str(a["repeats"]["k"]),
            fmt_est(a["repeats"]["pass_all"]),
            fmt_est(a["repeats"]["pass_any"]),
            f"{a['repeats']['undecided_all']} / {a['repeats']['undecided_any']}",
        ]
        for a in report["agents"]
        if a.get("repeats")
    ]


REPEAT_HEADERS = [
    "agent",
    "K",
    "pass^k (all K reproduced)",
    "pass@k (some reproduced)",
    "undecided (^k / @k)",
]


def reference_line(report: dict[str, Any]) -> str | None:
    block = report.get("reference_runs")
    if not block:
        return None
    per = block["duration_s_per_submission"]
    return (
        f"{block['runs']} reference run(s) over {len(block['tasks'])} task(s): {block['duration_s']:.1f} s "
        f"of sandbox time, paid once per task"
        + (f", {per:.1f} s per graded submission ({block['submissions']})" if per is not None else "")
        + ". Each metric of those tasks was checked against the runs' prediction interval "
        "(the execution records say where each tolerance came from)."
    )


def _markdown_noise(report: dict[str, Any]) -> list[str]:
    lines: list[str] = []
    rows = repeat_rows(report)
    if rows:
        lines += ["## Execution over K seeds (--repeats)", "", "| " + " | ".join(REPEAT_HEADERS) + " |"]
        lines += ["|---" * len(REPEAT_HEADERS) + "|"]
        lines += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in rows] + [""]
    line = reference_line(report)
    if line is not None:
        block = report["reference_runs"]
        lines += ["## Reference runs (--reference-runs)", "", line, ""]
        lines += ["| task | runs | failed | sandbox s |", "|---|---|---|---|"]
        lines += [
            f"| {_md_cell(t['task_id'])} | {t['runs']} | {t['failed']} | {t['duration_s']:.1f} |"
            for t in block["tasks"]
        ] + [""]
    return lines


def _cls(value: Any) -> str:
    return {True: "pass", "pass": "pass", False: "fail", "fail": "fail"}.get(value, "unk")


def render_html(run_report: RunReport) -> str:
    report = run_report.as_json()
    env = Environment(
        loader=FileSystemLoader(Path(__file__).parent),
        autoescape=select_autoescape(default=True, default_for_string=True),
    )
    template = env.get_template("report.html.j2")
    figures = [
        ("Pass rates", plots.pass_rates(report["agents"])),
        ("Score distributions", plots.score_distributions(report["scores"])),
        ("Cost and time per agent", plots.cost_and_time(report["agents"])),
    ]
    return template.render(
        r=report,
        headers=HEADERS,
        keys=SUBTASK_KEYS,
        figures=figures,
        est=fmt_est,
        beside=calibration.beside_rate,
        cal_headline=calibration.headline(report),
        cal_tables=calibration.tables(report),
        cal_headers=calibration.ROW_HEADERS,
        comparison_tables=calibration.comparison_tables(report),
        comparison_headers=calibration.COMPARISON_HEADERS,
        calibrated=calibration.calibrated(report),
        uncalibrated=calibration.UNCALIBRATED,
        mark=fmt_pass,
        cls=_cls,
        explain=describe_verdict,
        cost=fmt_cost,
        json=lambda v: json.dumps(v, ensure_ascii=False),
        repeat_rows=repeat_rows(report),
        repeat_headers=REPEAT_HEADERS,
        reference_line=reference_line(report),
    )
