"""The agents' own runs in the report: claim support, and steps, tokens, dollars and time.

Per agent, the claims of its results counted by support (graders/claims.py) and the run figures
of its submissions as median and 90th percentile, each over the submissions that recorded the
figure (`n`): a harness that records no cost leaves the cost out rather than counting it as 0.
One builder for the run report and `expgrade compare`, one table for Markdown, HTML and the
terminal.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import numpy as np
from rich.console import Console

from expgrade.grading.report.terminal import terminal_table
from expgrade.grading.schemas import ResultRecord
from expgrade.grading.schemas.result import AgentRun

#: The run figures summarised per agent: (key in the report, what a record's AgentRun holds).
FIGURES = (("steps", "steps"), ("tokens", "total_tokens"), ("cost_usd", "cost_usd"), ("wall_s", "wall_s"))
SUPPORTS = ("measured", "transcript", "unsupported", "mismatch")
HEADERS = [
    "agent",
    "claims: measured",
    "in transcript",
    "unsupported",
    "mismatch",
    "unchecked",
    "steps",
    "tokens",
    "USD",
    "wall s",
]


def _spread(values: list[float]) -> dict[str, Any] | None:
    if not values:
        return None
    return {
        "median": round(float(np.median(values)), 6),
        "p90": round(float(np.percentile(values, 90)), 6),
        "n": len(values),
    }


def _figure(run: AgentRun | None, attr: str) -> float | None:
    value = getattr(run, attr) if run is not None else None
    return float(value) if value is not None else None


def agent_runs(records: list[ResultRecord]) -> list[dict[str, Any]] | None:
    """One summary per agent (the report's `agent_runs`); None when no record was checked."""
    if not any(r.claims is not None or r.agent_run is not None for r in records):
        return None
    by_agent: dict[str, list[ResultRecord]] = defaultdict(list)
    for r in records:
        by_agent[r.agent].append(r)
    out = []
    for agent, recs in sorted(by_agent.items()):
        claims = [c for r in recs for c in r.claims or []]
        figures = {
            key: _spread([v for r in recs if (v := _figure(r.agent_run, attr)) is not None])
            for key, attr in FIGURES
        }
        out.append(
            {
                "agent": agent,
                "submissions": len(recs),
                "claims": {s: sum(c.support == s for c in claims) for s in SUPPORTS},
                "unchecked": sum(r.claims is None for r in recs),
                **figures,
            }
        )
    return out


def _cell(spread: dict[str, Any] | None, fmt: str) -> str:
    if not spread:
        return "–"
    return f"{spread['median']:{fmt}} / {spread['p90']:{fmt}} (n={spread['n']})"


def rows(summaries: list[dict[str, Any]]) -> list[list[str]]:
    return [
        [
            a["agent"],
            *(str(a["claims"].get(s, 0)) for s in SUPPORTS),
            str(a["unchecked"]),
            _cell(a.get("steps"), ".0f"),
            _cell(a.get("tokens"), ".0f"),
            _cell(a.get("cost_usd"), ".4f"),
            _cell(a.get("wall_s"), ".1f"),
        ]
        for a in summaries
    ]


NOTE = (
    "Claims: each number of claimed_results and of the conclusion, and each sentence saying "
    "something was run, by support: measured by the re-run, printed by a step of the agent's run "
    "(cited in the drill-down), unsupported, or mismatch (another metric's value than the one named); "
    "unchecked: submissions with neither a trajectory "
    "nor a re-run. Run figures: median / 90th percentile over the submissions that recorded them (n)."
)


def print_agent_runs(summaries: list[dict[str, Any]] | None, console: Console) -> None:
    """The same figures at 80 columns, in two tables: claims by support, then the run figures
    (median / p90, the submissions that recorded them in brackets)."""
    if not summaries:
        return
    table = rows(summaries)
    console.print(
        terminal_table(
            "the agents' claims, by what supports them (docs/grading.md)",
            ["agent", "measured", "in transcript", "unsupported", "mismatch", "unchecked"],
            [row[:6] for row in table],
            stack=False,
        )
    )
    console.print(
        terminal_table(
            "the agents' runs: median / p90 per submission (submissions)",
            ["agent", *HEADERS[6:]],
            [[row[0], *(c.replace(" (n=", "\n(") for c in row[6:])] for row in table],
            stack=False,
        )
    )
