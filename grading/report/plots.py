"""Report figures as inline PNGs (base64), so report.html is one self-contained file."""

from __future__ import annotations

from typing import Any

from expgrade.grading.figures import plt, png
from expgrade.grading.subtasks import SUBTASKS

#: the pass rates of the agent table, All-✓ last, and their column headers
RATE_KEYS = (*(s.name for s in SUBTASKS), "all")
HEADERS = (*(s.column for s in SUBTASKS), "All ✓")


def agent_colors(agents: list[str]) -> dict[str, Any]:
    """One colour per agent, the same in every figure, so a reader can follow an agent across them."""
    palette = plt.get_cmap("tab10")
    return {name: palette(i % palette.N) for i, name in enumerate(sorted(agents))}


def score_distributions(scores: dict[str, list[dict[str, Any]]]) -> str | None:
    """Per judged subtask, each agent's item-share scores as a histogram."""
    names = [n for n, values in scores.items() if values]
    if not names:
        return None
    colors = agent_colors(sorted({v["agent"] for n in names for v in scores[n]}))
    fig, axes = plt.subplots(1, len(names), figsize=(3.2 * len(names), 2.8), squeeze=False)
    for ax, name in zip(axes[0], names, strict=True):
        by_agent: dict[str, list[float]] = {agent: [] for agent in colors}
        for v in scores[name]:
            by_agent[v["agent"]].append(v["score"])
        ax.hist(
            list(by_agent.values()),
            bins=[i / 10 for i in range(11)],
            label=list(by_agent),
            color=[colors[a] for a in by_agent],
            stacked=True,
        )
        ax.set_title(name)
        ax.set_xlabel("score")
    axes[0][0].set_ylabel("results")
    axes[0][-1].legend(fontsize=7)
    return png(fig)


def cost_and_time(agents: list[dict[str, Any]]) -> str | None:
    if not agents:
        return None
    names = [a["agent"] for a in agents]
    fig, (left, right) = plt.subplots(1, 2, figsize=(8, 2.8))
    # An unknown cost is drawn as a labelled gap, never as a $0 bar.
    known = [a for a in agents if a["cost_usd"] is not None]
    left.bar(names, [a["cost_usd"] if a["cost_usd"] is not None else 0.0 for a in agents], color="#7a5195")
    for i, a in enumerate(agents):
        if a["cost_usd"] is None:
            left.annotate("unknown", (i, 0), ha="center", va="bottom", fontsize=8, color="#666666")
    if not known:
        left.set_yticks([])
    left.set_title("judge cost (USD)", fontsize=9)
    right.bar(names, [a["duration_s"] for a in agents], color="#ef5675")
    right.set_title("grading time (s)")
    for ax in (left, right):
        ax.tick_params(axis="x", labelrotation=20, labelsize=8)
    return png(fig)
