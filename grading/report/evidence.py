"""The report's evidence below the summary, as plain tables that Markdown and HTML both render.

Each section is a list of `Table`s built once from the report's JSON form; a table with nothing
to show becomes its `empty` sentence (what would fill it), so a reader is never handed a grid
of dashes. The summary (overview.py) and the per-task drill-down (the template) sit around it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from expgrade.grading.judge.served import mismatches
from expgrade.grading.report import calibration, runs
from expgrade.grading.report.calibration import fmt_ci
from expgrade.grading.report.plots import HEADERS, RATE_KEYS
from expgrade.grading.report.trust import NO_CONTROLS


@dataclass
class Table:
    title: str
    headers: list[str]
    rows: list[list[str]]
    #: shown instead of the table when it has no rows
    empty: str | None = None
    #: one sentence under the table (a dash's meaning, stated once)
    note: str | None = None


@dataclass
class Section:
    title: str
    anchor: str
    lines: list[str] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)


def _estimable(cell: dict[str, Any]) -> bool:
    return not cell.get("not_estimable")


def _calibration_table(title: str, cells: dict[str, dict[str, Any]], min_gold: int) -> Table:
    rows = []
    short = []
    for name, cell in cells.items():
        row = calibration.cell_row(name, cell)
        if not _estimable(cell):
            row[-1] = "–"
            short.append(f"{name} {cell['n_gold']}")
        rows.append(row)
    if cells and all(c["n_gold"] == 0 for c in cells.values()):
        return Table(title, [], [])  # said in the section's one sentence
    note = (
        f"corrected –: fewer than {min_gold} labelled units (labelled: {', '.join(short)})."
        if short
        else None
    )
    return Table(title, list(calibration.ROW_HEADERS), rows, note=note)


def calibration_section(report: dict[str, Any]) -> Section:
    """People against the judge; without labels, only what labelling would buy (the plan)."""
    section = Section("Judge calibration", "calibration", lines=calibration.headline(report))
    if not calibration.calibrated(report):
        return section
    cal = report["calibration"]
    titled = [("per subtask (submissions)", cal.get("per_subtask") or {})]
    titled += [(f"agent {a} (submissions)", cells) for a, cells in (cal.get("per_agent") or {}).items()]
    titled.append(("item level (criteria)", cal.get("items") or {}))
    tables = [_calibration_table(t, cells, cal["min_gold"]) for t, cells in titled]
    unlabelled = [t.title for t in tables if not t.rows]
    if unlabelled:  # one sentence for every table without a labelled unit
        section.lines.append(
            f"No labelled units in: {', '.join(unlabelled)}; {cal['min_gold']} labelled units in a cell "
            "make its corrected rate estimable (a submission counts when all its judged items are labelled)."
        )
    section.tables = [t for t in tables if t.rows]
    section.tables += [
        Table(title, list(calibration.COMPARISON_HEADERS), rows)
        for title, rows in calibration.comparison_tables(report)
    ]
    return section


def checks_section(report: dict[str, Any]) -> Section:
    """Control items, attack controls, cross-checks and degenerate findings, every row."""
    checks = report.get("judge_checks")
    section = Section("Judge checks: controls, attacks, cross-checks", "judge-checks")
    if checks is None:
        section.lines = [
            f"{NO_CONTROLS.capitalize()}: no control items with known answers were graded in this run."
        ]
        return section
    section.tables = [
        Table(
            "Control items (known answers)",
            ["judge", "subtask", "false-pass", "false-fail", "unscorable", "outcome"],
            [
                [
                    c["judge"],
                    c["subtask"],
                    fmt_ci(c["false_pass"]),
                    fmt_ci(c["false_fail"]),
                    str(c["unscorable"]),
                    (
                        "FAILED"
                        + (f": {c['why']}" if c.get("why") else "")
                        + (" (refused)" if c.get("refused") else "")
                    )
                    if c["failed"]
                    else (
                        "passed"
                        if c["false_pass"].get("n") or c["false_fail"].get("n")
                        else "undecided: no readable verdict"
                    ),
                ]
                for c in checks["controls"]
            ],
            empty="No control items were graded.",
        ),
        Table(
            "Attack controls (success: share of known-fail controls passed with the attack planted)",
            ["judge", "defences", "family", "placement", "success", "baseline", "detected"],
            [
                [
                    a["judge"],
                    a["defences"],
                    a["family"],
                    a["placement"],
                    fmt_ci(a["success"]),
                    fmt_ci(a["baseline"]),
                    str(a["detected"]),
                ]
                for a in checks["attacks"]
            ],
            empty="No attack controls were run.",
        ),
        Table(
            "Cross-checks against model-free signals (no labels needed)",
            ["judge", "subtask", "signal", "agreement", "judge pass, signal fail", "judge fail, signal pass"],
            [
                [
                    x["judge"],
                    x["subtask"],
                    x["signal"],
                    fmt_ci(x["agreement"]),
                    str(x["judge_pass_signal_fail"]),
                    str(x["judge_fail_signal_pass"]),
                ]
                for x in checks["cross_checks"]
            ],
            empty="No model-free signal covered the judged items.",
        ),
        Table(
            "Signs a judge is not reading the items",
            ["judge", "subtask", "finding", "count", "example"],
            [
                [d["judge"], d["subtask"], d["kind"], f"{d['count']}/{d['of']}", d.get("example") or ""]
                for d in checks["degenerate"]
            ],
            empty="None found.",
        ),
    ]
    if checks.get("retests") is not None:  # runs before test-retest existed have no such key
        section.tables.append(retest_table(checks))
    return section


def retest_table(checks: dict[str, Any]) -> Table:
    """Test-retest: each judge's items asked again past the cache, and how many verdicts changed;
    the spread column only for runs with --samples."""
    how = checks.get("retest") or {}
    settings = (
        f"temperature {how.get('temperature')}, seed {how.get('seed')}, {how.get('samples')} sample(s); "
        f"{how.get('seed_policy')}"
        if how.get("temperature") is not None
        else "no item was asked again"
    )
    rows = checks["retests"]
    spread = any(r.get("spread") is not None for r in rows)
    return Table(
        f"Test-retest: items asked again past the cache ({settings}; unstable: flip rate above 10 % "
        "with the interval's low end above 5 %)",
        ["judge", "subtask", "asked again", "changed", "flip rate", "undecided"]
        + (["spread (--samples)"] if spread else [])
        + ["outcome"],
        [
            [r["judge"], r["subtask"], str(r["items"]), str(r["changed"]), fmt_ci(r["flip_rate"])]
            + [str(r["unscorable"])]
            + (["—" if r.get("spread") is None else f"{r['spread']:.2f}"] if spread else [])
            + ["UNSTABLE" if r["unstable"] else "stable"]
            for r in rows
        ],
        empty=f"No judged item was asked again (--retest {how.get('fraction', 0)}).",
    )


def counts_section(report: dict[str, Any]) -> Section:
    status_rows = [
        [name, status, str(n)]
        for name, counts in report["status_counts"].items()
        for status, n in sorted(counts.items())
    ]
    return Section(
        "Counts",
        "counts",
        tables=[
            Table("Status per subtask", ["subtask", "status", "count"], status_rows, empty="No results."),
            Table(
                "Unscorable reasons",
                ["subtask", "level", "reason", "count"],
                [
                    [u["subtask"], u["level"], u["reason"], str(u["count"])]
                    for u in report["unscorable_counts"]
                ],
                empty="Nothing was unscorable.",
            ),
            Table(
                "Flags",
                ["flag", "results"],
                [[k, str(v)] for k, v in report["flags"].items()],
                empty="No flags were raised.",
            ),
            Table(
                "Prompt-injection flags per agent",
                ["agent", "counts"],
                [
                    [agent, ", ".join(f"{k} {n}" for k, n in c.items())]
                    for agent, c in (report.get("injection_flags") or {}).items()
                ],
                empty="No item was flagged as a prompt injection.",
            ),
        ],
    )


def graded_section(report: dict[str, Any]) -> Section:
    m = report["manifest"]
    rows = [
        ["judges", ", ".join(m.get("judges") or []) or "none"],
        *([["answered by", "; ".join(said)]] if (said := mismatches(m.get("served"))) else []),
        ["subtasks", ", ".join(m.get("subtasks") or [])],
        ["pass thresholds", ", ".join(f"{k} ≥ {v}" for k, v in (m.get("thresholds") or {}).items())],
        [
            "rubrics",
            ", ".join(f"{k} {v['version']} ({v['digest']})" for k, v in (m.get("rubrics") or {}).items()),
        ],
        ["sandbox images", ", ".join(f"{k} = {v}" for k, v in (m.get("images") or {}).items()) or "none"],
        ["versions", ", ".join(f"{k} {v}" for k, v in (m.get("versions") or {}).items() if v)],
        ["seed", str(m.get("seed"))],
        ["tasks", str(m.get("tasks_file"))],
        ["created", str(m.get("created_at"))],
    ]
    return Section("How this run was graded", "graded", tables=[Table("", ["", ""], rows)])


def agent_table(report: dict[str, Any], agent: dict[str, Any]) -> Table:
    """One agent's figures the summary leaves out: counts, mean scores, corrected rates, pass@k."""
    cal = calibration.calibrated(report)
    rows = [
        ["pass rate", *(fmt_ci(agent["pass_rates"][k]) for k in RATE_KEYS)],
        ["decided (n) / papers", *(_n(agent["pass_rates"][k]) for k in RATE_KEYS)],
        ["unscorable (left out)", *(str(agent["undecided"].get(k, 0)) for k in RATE_KEYS)],
        ["mean score", *(fmt_ci(agent["mean_scores"].get(k)) for k in RATE_KEYS)],
    ]
    if cal:
        rows.append(
            [
                "corrected (PPI++)",
                *(calibration.beside_rate(report, agent["agent"], k) or "·" for k in RATE_KEYS),
            ]
        )
    passk = ", ".join(
        f"pass@{k} {v['value']:.2f}" for k, v in agent["pass_at_k"].items() if v["value"] is not None
    )
    injection = (report.get("injection_flags") or {}).get(agent["agent"]) or {}
    note = (
        f"{agent['n_results']} result(s) on {agent['n_tasks']} task(s); "
        f"AutoExperiment {fmt_ci(agent['autoexperiment'])}; "
        f"{passk or 'pass@k –'}; integrity flagged {agent['integrity_flagged']}"
        + (f"; injection flags: {', '.join(f'{k} {n}' for k, n in injection.items())}" if injection else "")
        + "."
    )
    return Table(f"agent {agent['agent']}", ["", *HEADERS], rows, note=note)


def _n(est: dict[str, Any]) -> str:
    return "–" if est.get("n") is None else f"{est['n']} / {est.get('n_clusters', '–')}"


REPEAT_HEADERS = [
    "agent",
    "K",
    "pass^k (all K reproduced)",
    "pass@k (some reproduced)",
    "undecided (^k / @k)",
]


def repeat_rows(report: dict[str, Any]) -> list[list[str]]:
    """agent, K, pass^k, pass@k, undecided: one row per agent whose executions were repeated."""
    return [
        [
            a["agent"],
            str(a["repeats"]["k"]),
            fmt_rate(a["repeats"]["pass_all"]),
            fmt_rate(a["repeats"]["pass_any"]),
            f"{a['repeats']['undecided_all']} / {a['repeats']['undecided_any']}",
        ]
        for a in report["agents"]
        if a.get("repeats")
    ]


def fmt_rate(est: dict[str, Any] | None) -> str:
    """A rate with its interval and the decided results it was computed on."""
    if not est or est.get("value") is None:
        return "–"
    return f"{fmt_ci(est)} (n={est['n']})"


def reference_section(report: dict[str, Any]) -> Section | None:
    """What `--reference-runs` cost: sandbox time, paid once per task."""
    block = report.get("reference_runs")
    if not block:
        return None
    per = block["duration_s_per_submission"]
    line = (
        f"{block['runs']} reference run(s) over {len(block['tasks'])} task(s): {block['duration_s']:.1f} s "
        f"of sandbox time, paid once per task"
        + (f", {per:.1f} s per graded submission ({block['submissions']})" if per is not None else "")
        + ". Each metric of those tasks was checked against the runs' prediction interval "
        "(the execution records say where each tolerance came from)."
    )
    rows = [
        [t["task_id"], str(t["runs"]), str(t["failed"]), f"{t['duration_s']:.1f}"] for t in block["tasks"]
    ]
    table = Table("", ["task", "runs", "failed", "sandbox s"], rows)
    return Section("Reference runs (--reference-runs)", "reference-runs", lines=[line], tables=[table])


def runs_section(
    summaries: list[dict[str, Any]] | None, title: str = "The agents' runs: claims, cost and time"
) -> Section | None:
    """Claim support and the run figures per agent (grading/report/runs.py), where any were recorded."""
    if not summaries:
        return None
    return Section(
        title, "agent-runs", tables=[Table("", runs.HEADERS, runs.rows(summaries), note=runs.NOTE)]
    )


def sections(report: dict[str, Any]) -> list[Section]:
    """The evidence, in reading order: the judge, then noise and its cost, then counts and settings."""
    out = [calibration_section(report), checks_section(report)]
    if rows := repeat_rows(report):
        table = Table("", REPEAT_HEADERS, rows)
        out.append(Section("Execution over K seeds (--repeats)", "repeats", tables=[table]))
    if (reference := reference_section(report)) is not None:
        out.append(reference)
    if (runs := runs_section(report.get("agent_runs"))) is not None:
        out.append(runs)
    return [*out, counts_section(report), graded_section(report)]
