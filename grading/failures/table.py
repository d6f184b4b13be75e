"""The failure-mode table per agent: count, share with its interval, median step, examples.

A share is of the agent's *classified* failed runs (not of all its runs, nor of those not
assessed or unscorable, which are counted beside it): it says what the classifier named, and
how sure the count is on this many runs (a Wilson interval, honest on few runs and near 0 or
1). It is not corrected for the classifier's errors: calibration against people's labels does
that (docs/failures.md).
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from expgrade.grading.estimate import format_estimate, wilson_interval
from expgrade.grading.failures.records import FailureRecord
from expgrade.grading.failures.taxonomy import Taxonomy

#: Example submissions a row links to.
EXAMPLES = 3


def anchor(record: FailureRecord) -> str:
    """The HTML report's anchor of one failure verdict (the row's link target)."""
    return f"failure-{record.task_id}-{record.submission_id}".replace("/", "-").replace(" ", "-")


def failure_table(
    records: Sequence[FailureRecord], taxonomy: Taxonomy | None = None, confidence: float = 0.95
) -> dict[str, Any]:
    """report.json's `failure_modes` block."""
    refs = sorted({r.taxonomy for r in records})
    titles = {m.id: m.title for m in taxonomy.modes} if taxonomy is not None else {}
    order = taxonomy.ids if taxonomy is not None else []
    by_agent: dict[str, list[FailureRecord]] = defaultdict(list)
    for r in records:
        by_agent[r.agent].append(r)
    agents = []
    for agent in sorted(by_agent):
        rows = by_agent[agent]
        classified = [r for r in rows if r.status == "classified" and r.mode]
        counts = Counter(str(r.mode) for r in classified)
        modes = []
        for mode in sorted(
            counts, key=lambda m: (-counts[m], order.index(m) if m in order else len(order), m)
        ):
            these = [r for r in classified if r.mode == mode]
            steps = [r.step for r in these if r.step is not None]
            est = wilson_interval(len(these), len(classified), confidence)
            modes.append(
                {
                    "mode": mode,
                    "title": titles.get(mode, mode),
                    "count": len(these),
                    "share": {**est.as_dict(), "n": len(classified)},
                    "median_step": statistics.median(steps) if steps else None,
                    #: verdicts named by a detector measured below the precision goal (--candidates)
                    "candidate": sum(1 for r in these if r.candidate),
                    "by": dict(Counter(r.source or "" for r in these)),
                    "examples": [
                        {
                            "task_id": r.task_id,
                            "submission_id": r.submission_id,
                            "step": r.step,
                            "anchor": anchor(r),
                        }
                        for r in these[:EXAMPLES]
                    ],
                }
            )
        agents.append(
            {
                "agent": agent,
                "n_analyzed": len(rows),
                "n_classified": len(classified),
                "n_not_assessed": sum(1 for r in rows if r.status == "not_assessed"),
                "n_unscorable": sum(1 for r in rows if r.status == "unscorable"),
                "n_without_trajectory": sum(1 for r in rows if r.n_steps is None),
                "modes": modes,
            }
        )
    return {
        "taxonomy": refs[0] if len(refs) == 1 else refs,
        "confidence": confidence,
        "share_of": "classified failed runs",
        "agents": agents,
        "verdicts": [
            {
                "anchor": anchor(r),
                **r.model_dump(
                    include={
                        "task_id",
                        "submission_id",
                        "agent",
                        "status",
                        "mode",
                        "step",
                        "step_text",
                        "source",
                        "evidence",
                        "candidate",
                        "not_assessed",
                        "unscorable",
                    }
                ),
            }
            for r in records
        ],
    }


def mode_cells(row: dict[str, Any]) -> list[str]:
    """One mode's row as text (mode, count, share, median step, examples as `submission@step`),
    for the terminal and report.md alike; a mode some verdicts of which a `candidate` detector
    named says how many, so a finding below the precision goal is never read as a measured one."""
    candidate = row.get("candidate") or 0
    return [
        row["mode"] + (f" (candidate: {candidate})" if candidate else ""),
        str(row["count"]),
        format_estimate(row["share"]),
        "–" if row["median_step"] is None else f"{row['median_step']:g}",
        ", ".join(
            f"{e['submission_id']}@{e['step']}" if e["step"] else e["submission_id"] for e in row["examples"]
        ),
    ]


def failure_changes(
    a: Sequence[FailureRecord], b: Sequence[FailureRecord], confidence: float = 0.95
) -> dict[str, Any]:
    """Which failure modes changed between two runs: per agent and mode the count and share in
    each, and the submissions both runs classified whose mode changed (compare.json's
    `failure_modes`)."""
    table_a, table_b = failure_table(a, confidence=confidence), failure_table(b, confidence=confidence)

    def rows(table: dict[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
        return {
            (ag["agent"], m["mode"]): {**m, "n": ag["n_classified"]}
            for ag in table["agents"]
            for m in ag["modes"]
        }

    ra, rb = rows(table_a), rows(table_b)
    n_a = {ag["agent"]: ag["n_classified"] for ag in table_a["agents"]}
    n_b = {ag["agent"]: ag["n_classified"] for ag in table_b["agents"]}
    modes = []
    for agent, mode in sorted(set(ra) | set(rb)):
        x, y = ra.get((agent, mode)), rb.get((agent, mode))
        count_a, count_b = (x["count"] if x else 0), (y["count"] if y else 0)
        share_a = wilson_interval(count_a, n_a.get(agent, 0), confidence)
        share_b = wilson_interval(count_b, n_b.get(agent, 0), confidence)
        modes.append(
            {
                "agent": agent,
                "mode": mode,
                "count_a": count_a,
                "count_b": count_b,
                "share_a": share_a.as_dict(),
                "share_b": share_b.as_dict(),
                # The intervals do not overlap: a change this many runs can tell from chance.
                "changed": bool(share_a.ci_high < share_b.ci_low or share_b.ci_high < share_a.ci_low),
            }
        )
    by_key_b = {(r.task_id, r.submission_id): r for r in b if r.status == "classified"}
    moved = [
        {
            "task_id": r.task_id,
            "submission_id": r.submission_id,
            "agent": r.agent,
            "mode_a": r.mode,
            "mode_b": other.mode,
            "step_a": r.step,
            "step_b": other.step,
        }
        for r in a
        if r.status == "classified"
        and (other := by_key_b.get((r.task_id, r.submission_id))) is not None
        and other.mode != r.mode
    ]
    return {
        "taxonomy_a": table_a["taxonomy"],
        "taxonomy_b": table_b["taxonomy"],
        "modes": modes,
        "changed_runs": moved,
    }


def failure_judge_banner(checks: dict[str, Any] | None) -> str | None:
    """The first screen's sentence when the failure judge failed its controls: its verdicts are
    left out of the shares (as a main judge that fails its controls is refused), and why."""
    controls = (checks or {}).get("controls")
    if not controls or controls.get("passed"):
        return None
    return (
        f"The failure judge {checks.get('judge') if checks else ''} failed its controls "
        f"({controls['right']} of {controls['decided']} decided right, of {controls['n']}): its verdicts "
        "are left out of the failure-mode shares and counted as unscorable (judge_failed_controls)."
    )
