"""Rendering the report structure (build.py) as Markdown or as one self-contained HTML page.

Everything an agent wrote (rationales quote it) reaches the page through Jinja2 autoescaping,
so a submission cannot inject script into the reviewer's browser.
"""

from __future__ import annotations

import base64
import gzip
import json
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup

from expgrade.grading.aggregate.intervals import MIN_BOOTSTRAP_CLUSTERS
from expgrade.grading.failures.table import failure_judge_banner, mode_cells
from expgrade.grading.graders.claims import claim_line
from expgrade.grading.report import evidence, overview, plots, trust
from expgrade.grading.schemas import RunReport
from expgrade.grading.schemas.report import JudgeChecks
from expgrade.grading.schemas.result import ClaimCheck
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


def checks_markdown(checks: JudgeChecks) -> str:
    """The judge checks alone as Markdown (`expgrade judge audit`'s audit.md): the run report's
    own judge-checks section, every row."""
    return "\n".join(_md_section(evidence.checks_section({"judge_checks": checks.as_json()}))) + "\n"


def page_markdown(
    title: str, context: str, summary: list[tuple[str, bool]], sections: list[evidence.Section]
) -> str:
    """A page other than the run report (`expgrade compare`) as Markdown, in the report's layout:
    the summary first (a loud line in bold), then its sections."""
    lines = [f"# {title}", "", context, "", "## Summary", ""]
    lines += [f"- **{text}**" if loud else f"- {text}" for text, loud in summary]
    lines.append("")
    for section in sections:
        lines += _md_section(section)
    return "\n".join(lines) + "\n"


def page_html(
    title: str,
    context: str,
    summary: list[tuple[str, bool]],
    sections: list[evidence.Section],
    banner: str | None = None,
) -> str:
    """The same page as one self-contained HTML file with the run report's look (its style sheet and
    table macros, report_look.html.j2); a loud summary line is red, everything escaped."""
    env = Environment(
        loader=FileSystemLoader(Path(__file__).parent),
        autoescape=select_autoescape(default=True, default_for_string=True),
    )
    return env.get_template("page.html.j2").render(
        title=title, context=context, summary=summary, sections=sections, banner=banner
    )


def context_line(report: dict[str, Any]) -> str:
    return (
        f"{report['n_results']} result(s), {report['n_tasks']} task(s), {report['n_papers']} paper(s); "
        f"judges: {', '.join(report['manifest'].get('judges') or []) or 'none'}; "
        f"{report['bootstrap']['confidence']:.0%} intervals over papers: bootstrap clustered by paper "
        f"({report['bootstrap']['n']} resamples, seed {report['bootstrap']['seed']}) on "
        f"{MIN_BOOTSTRAP_CLUSTERS} papers or more, else exact (Clopper–Pearson on papers)."
    )


def _md_failures(block: dict[str, Any] | None) -> list[str]:
    """The failure-mode table per agent (docs/failures.md), each example as `submission@step`."""
    if not block:
        return []
    lines = [
        "## Failure modes",
        "",
        f"Shares of each agent's classified failed runs; taxonomy {block['taxonomy']}.",
        "",
    ]
    for a in block["agents"]:
        lines += [
            f"### {a['agent']}: {a['n_analyzed']} failed, {a['n_classified']} classified, "
            f"{a['n_not_assessed']} not assessed, {a['n_unscorable']} unscorable",
            "",
        ]
        lines += _md_table(
            ["mode", "count", "share", "median step", "examples"],
            [mode_cells(m) for m in a["modes"]],
        )
        lines.append("")
    return lines


def render_markdown(run_report: RunReport) -> str:
    report = run_report.as_json()  # rendered from the JSON form, so the formats read one structure
    lines = [f"# expgrade run report: {report['run_dir']}", ""]
    if (text := overview.scripted_banner(report)) is not None:
        lines += [f"> **{text}**", ""]
    lines += [context_line(report), ""]
    if (text := overview.banner(report)) is not None:
        lines += [f"> **{text}**", ""]
    if (text := failure_judge_banner(report.get("failure_checks"))) is not None:
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
    if (note := overview.corrected_note(report)) is not None:
        lines += ["", f"*{note}*"]
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
    if nothing := overview.nothing_to_run(report["unscorable_counts"]):
        lines += ["", nothing + "."]
    lines += ["", "### Cost and time", "", overview.cost_line(report) + ".", ""]
    for section in evidence.sections(report):
        lines += _md_section(section)
    lines += _md_failures(report.get("failure_modes"))
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
        for s in task["submissions"]:  # each number: its metric, support and step (graders/claims.py)
            if s.get("claims"):
                lines += [f"Claims of {s['submission_id']}:", ""]
                lines += [f"- {claim_line(ClaimCheck.model_validate(c))}" for c in s["claims"]]
                lines.append("")
    return "\n".join(lines) + "\n"


def _cls(value: Any) -> str:
    return {True: "pass", "pass": "pass", False: "fail", "fail": "fail"}.get(value, "unk")


#: results above which each task's drill-down is written gzip + base64: a run of 10,000 results
#: then opens in seconds, not tens of seconds (bench/report.md); below it, it stays plain text
PACK_OVER = 2000


def _raw(record: dict[str, Any]) -> Markup:
    """A judge's record as compact JSON, escaped for element text: quotes stay quotes (the page
    text of 10,000 results is a quarter smaller than with every quote an entity)."""
    text = json.dumps(record, ensure_ascii=False, separators=(", ", ": "))
    return Markup(text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"))


def _task_bodies(env: Environment, tasks: list[dict[str, Any]], pack: bool) -> list[tuple[Any, str, bool]]:
    """(task, its submissions as escaped HTML or gzip + base64 of it, packed) for the page."""
    template = env.get_template("report_task.html.j2")
    out: list[tuple[Any, str, bool]] = []
    for task in tasks:
        html = template.render(t=task)
        if pack:
            out.append((task, base64.b64encode(gzip.compress(html.encode("utf-8"), 6)).decode("ascii"), True))
        else:
            out.append((task, Markup(html), False))  # escaped by the template; no "<" of data is left
    return out


def render_html(run_report: RunReport, *, pack_over: int = PACK_OVER) -> str:
    """One self-contained page: the summary first, the evidence in sections, then the drill-down.

    Each task's submissions (subtask verdicts, items, each judge's raw record) are rendered here,
    escaped, but written into an inert `<script type="text/x-evidence">` that the page turns into
    elements only when the task is opened: a large run opens without building a million elements
    first, and above `pack_over` results the text is gzip + base64 as well (bench/report.md)."""
    report = run_report.as_json()
    env = Environment(
        loader=FileSystemLoader(Path(__file__).parent),
        autoescape=select_autoescape(default=True, default_for_string=True),
    )
    env.globals.update(
        keys=SUBTASK_KEYS,
        mark=fmt_pass,
        cls=_cls,
        explain=describe_verdict,
        json=lambda v: json.dumps(v, ensure_ascii=False),
        raw=_raw,
        agent_cost=overview.per_agent_cost,
    )
    figures = [
        ("Score distributions", plots.score_distributions(report["scores"])),
        ("Cost and time per agent", plots.cost_and_time(report["agents"])),
    ]
    return env.get_template("report.html.j2").render(
        r=report,
        headers=HEADERS,
        context=context_line(report),
        banner=overview.banner(report),
        failure_banner=failure_judge_banner(report.get("failure_checks")),
        scripted=overview.scripted_banner(report),
        cells=lambda agent: overview.rate_cells(report, agent),
        corrected_note=overview.corrected_note(report),
        trust_lines=trust.lines(report),
        checks_summary=trust.checks_summary(report),
        unscorable=overview.unscorable_lines(report["unscorable_counts"]),
        nothing_to_run=overview.nothing_to_run(report["unscorable_counts"]),
        cost_line=overview.cost_line(report),
        sections=evidence.sections(report),
        agent_table=lambda agent: evidence.agent_table(report, agent),
        figures=figures,
        tasks=_task_bodies(env, report["tasks"], pack=report["n_results"] > pack_over),
    )
