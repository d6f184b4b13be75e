"""Aggregating a panel of judges into one verdict, keeping how much they disagreed.

Unscorable members never vote: they are not a pass and not a fail. When they leave the
outcome open (unanimity with a member missing, or nobody graded) the panel is unscorable too;
otherwise the panel is decided by the members that did grade and is flagged
`panel_incomplete`. Ties go to the more conservative (lower) level and are flagged
`panel_tie`: an undecided panel should not pass work by a coin flip.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from typing import Literal

from expgrade.grading.judge.rubrics import Rubric
from expgrade.grading.judge.types import PanelVerdict, Verdict
from expgrade.grading.status import Unscorable

Method = Literal["majority", "mean", "unanimity", "weights"]
METHODS: tuple[str, ...] = ("majority", "mean", "unanimity", "weights")


def aggregate(
    verdicts: list[Verdict],
    rubric: Rubric,
    method: Method = "majority",
    weights: dict[str, float] | None = None,
) -> PanelVerdict:
    """One request's verdicts (one per judge) as a panel verdict."""
    if not verdicts:
        raise ValueError("a panel needs at least one verdict")
    scale = rubric.verdict.labels
    graded = [v for v in verdicts if v.status == "graded" and v.label is not None]
    flags = sorted({f for v in verdicts for f in v.flags})
    first = verdicts[0]

    def result(
        label: str | None,
        reason: Unscorable | None,
        disagreement: float | None,
        score: float | None = None,
    ) -> PanelVerdict:
        return PanelVerdict(
            item_id=first.item_id,
            rubric_id=rubric.id,
            method=method,
            status="graded" if label is not None else "unscorable",
            reason=reason if label is None else None,
            label=label,
            score=score
            if score is not None
            else (rubric.verdict.score_of(label) if label is not None else None),
            passed=(label in rubric.verdict.pass_labels) if label is not None else None,
            disagreement=disagreement,
            flags=sorted(set(flags)),
            verdicts=verdicts,
        )

    missing_reason = Counter(v.reason for v in verdicts if v.status != "graded").most_common(1)
    if not graded:
        return result(None, missing_reason[0][0] if missing_reason else Unscorable.PROVIDER_ERROR, None)
    if len(graded) < len(verdicts):
        flags.append("panel_incomplete")

    if method == "mean":
        scores = [rubric.verdict.score_of(v.label) for v in graded if v.label is not None]
        mean = sum(scores) / len(scores)
        # Nearest level, halves rounded down: the conservative side of a split panel.
        level = math.ceil(mean * (len(scale) - 1) - 0.5)
        spread = math.sqrt(sum((x - mean) ** 2 for x in scores) / len(scores))
        return result(scale[level], None, spread, score=mean)

    w = weights or {}
    tally: dict[str, float] = defaultdict(float)
    for v in graded:
        assert v.label is not None
        tally[v.label] += w.get(v.judge, 1.0) if method == "weights" else 1.0
    total = sum(tally.values())

    if method == "unanimity":
        lowest = min((v.label for v in graded if v.label is not None), key=scale.index)
        if len(tally) > 1:
            flags.append("panel_split")
        # A missing member could only lower the outcome; it is settled only at the bottom of the scale.
        if len(graded) < len(verdicts) and lowest != scale[0]:
            return result(None, missing_reason[0][0], 1.0 - tally[lowest] / total)
        return result(lowest, None, 1.0 - tally[lowest] / total)

    if method not in ("majority", "weights"):
        raise ValueError(f"unknown panel method '{method}'; expected one of {', '.join(METHODS)}")
    label, tie = majority_label(tally, scale)
    if tie:
        flags.append("panel_tie")
    return result(label, None, 1.0 - tally[label] / total if total else None)


def majority_label(tally: Mapping[str, float], scale: Sequence[str]) -> tuple[str, bool]:
    """The most-voted label and whether others tied with it; a tie goes to the lowest level of `scale`.

    The lowest level is the conservative one: an undecided vote should not pass work by a coin
    flip. Used for a judge's samples and for a panel's judges alike.
    """
    top = max(tally.values())
    tied = [lab for lab in scale if math.isclose(tally.get(lab, 0.0), top)]
    return tied[0], len(tied) > 1
