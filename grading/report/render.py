"""Rendering the report structure (build.py) as Markdown or as one self-contained HTML page.

Everything an agent wrote (rationales quote it) reaches the page through Jinja2 autoescaping,
so a submission cannot inject script into the reviewer's browser.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

from expgrade.grading.report import evidence, overview, plots, trust
from expgrade.grading.schemas import RunReport
from expgrade.grading.status import describe_verdict

SUBTASK_KEYS = plots.RATE_KEYS
HEADERS = plots.HEADERS


def fmt_pass(value: Any) -> str:
    return {True: "✓", False: "✗", None: "?", "n/a": "·"}.get(value, str(value))


def _md_cell(text: Any) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _md_table(headers: list[str], rows: list[list[str]]) -> list[str]:
    return [
        "| " + " | ".join(_md_cell(h) for h in headers) + " |",
        "|---" * len(headers) + "|",
        *("| " + " | ".join(_md_cell(c) for c in row) + " |" for row in rows),
    ]


def _md_section(section: evidence.Section) -> list[str]:
    lines = [f"## {section.title}", "", *(line for text in section.lines for line in (text, ""))]
    for table in section.tables:
        if not table.rows:
            lines += [table.empty or "", ""]
            continue
        lines += [f"### {table.title}", ""] if table.title else []
        lines += [*_md_table(table.headers, table.rows), ""]
        lines += [f"*{table.note}*", ""] if table.note else []
    return lines


def context_line(report: dict[str, Any]) -> str:
    return (
        f"{report['n_results']} result(s), {report['n_tasks']} task(s), {report['n_papers']} paper(s); "
        f"judges: {', '.join(report['manifest'].get('judges') or []) or 'none'}; "
        f"{report['bootstrap']['confidence']:.0%} intervals by bootstrap clustered by paper "
        f"({report['bootstrap']['n']} resamples, seed {report['bootstrap']['seed']})."
    )


def render_markdown(run_report: RunReport) -> str:
    report = run_report.as_json()  # rendered from the JSON form, so the formats read one structure
    lines = [f"# expgrade run report: {report['run_dir']}", "", context_line(report), ""]
    if (text := overview.banner(report)) is not None:
        lines += [f"> **{text}**", ""]
    lines += ["## Summary", "", "### Pass rate per agent (interval, n decided)", ""]
    lines += _md_table(
        ["agent", "results", *HEADERS, "All ✓ unscorable", "cost USD", "time s"],
        [
            [
                a["agent"],
                str(a["n_results"]),
                *(c.text() for c in overview.rate_cells(report, a)),
                str(a["undecided"].get("all", 0)),
                overview.per_agent_cost(a),
                f"{a['duration_s']:.1f}",
            ]
            for a in report["agents"]
        ],
    )
    lines += ["", "### Judges", ""]
    lines += [
        f"- {'**' if line.loud else ''}{line.text()}{'**' if line.loud else ''}"
        for line in trust.lines(report)
    ]
    lines += [] if trust.judges(report) else ["- no judge in this run"]
    if (checked := trust.checks_summary(report)) is not None:
        lines += ["", checked]
    unscorable = overview.unscorable_lines(report["unscorable_counts"])
    lines += ["", "### Unscorable (never pass, never fail)", ""]
    lines += [f"- {u}" for u in unscorable] or ["Nothing was unscorable."]
    lines += ["", "### Cost and time", "", overview.cost_line(report) + ".", ""]
    for section in evidence.sections(report):
        lines += _md_section(section)
    lines += ["## Per agent", ""]
    for a in report["agents"]:
        table = evidence.agent_table(report, a)
        lines += [f"### {table.title}", "", *_md_table(table.headers, table.rows), "", table.note or "", ""]
    lines += ["## Per task", ""]
    for task in report["tasks"]:
        lines += [f"### {task['task_id']}", ""]
        lines += _md_table(
            ["submission", "agent", "attempt", *HEADERS[:-1], "all"],
            [
                [
                    s["submission_id"],
                    s["agent"],
                    str(s["attempt"]),
                    *(fmt_pass(s["passed"][k]) for k in SUBTASK_KEYS[:-1]),
                    fmt_pass(s["all_passed"]),
                ]
                for s in task["submissions"]
            ],
        )
        lines.append("")
    return "\n".join(lines) + "\n"


def _cls(value: Any) -> str:
    return {True: "pass", "pass": "pass", False: "fail", "fail": "fail"}.get(value, "unk")


def render_html(run_report: RunReport) -> str:
    """One self-contained page: the summary first, the evidence in sections, then the drill-down.

    Each submission's evidence (subtask verdicts, items, each judge's raw record) is rendered
    here, escaped, but written into an inert `<script type="text/x-evidence">` that the page
    turns into elements only when the submission is opened: a run of 10,000 results opens
    without building a million elements first (bench/report.md)."""
    report = run_report.as_json()
    env = Environment(
        loader=FileSystemLoader(Path(__file__).parent),
        autoescape=select_autoescape(default=True, default_for_string=True),
    )
    template = env.get_template("report.html.j2")
    figures = [
        ("Score distributions", plots.score_distributions(report["scores"])),
        ("Cost and time per agent", plots.cost_and_time(report["agents"])),
    ]
    return template.render(
        r=report,
        headers=HEADERS,
        keys=SUBTASK_KEYS,
        context=context_line(report),
        banner=overview.banner(report),
        cells=lambda agent: overview.rate_cells(report, agent),
        agent_cost=overview.per_agent_cost,
        trust_lines=trust.lines(report),
        checks_summary=trust.checks_summary(report),
        unscorable=overview.unscorable_lines(report["unscorable_counts"]),
        cost_line=overview.cost_line(report),
        sections=evidence.sections(report),
        agent_table=lambda agent: evidence.agent_table(report, agent),
        figures=figures,
        mark=fmt_pass,
        cls=_cls,
        explain=describe_verdict,
        json=lambda v: json.dumps(v, ensure_ascii=False),
        pretty=lambda v: json.dumps(v, ensure_ascii=False, indent=1),
    )
