"""PaperBench-style weighted rubric trees where unscorable leaves stay visible.

PaperBench scores a parent as the weighted mean of its children. Scoring an unscorable leaf as
0 would make a grader outage look like a bad paper reproduction, so here an invalid leaf makes
every ancestor's point score invalid (None), and each node reports the bounds the score could
take (invalid leaves at 0 and at 1), the score over valid children only, and which leaves
were invalid.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from expgrade.grading.schemas import RubricNode


@dataclass
class TreeScore:
    node_id: str
    weight: float
    score: float | None  # None when an invalid leaf with positive weight lies below
    score_valid_only: float | None  # weighted mean over valid children (renormalised)
    lower: float  # invalid leaves counted as 0
    upper: float  # invalid leaves counted as 1
    invalid_leaves: list[str] = field(default_factory=list)
    children: list[TreeScore] = field(default_factory=list)


def score_tree(node: RubricNode, leaf_scores: Mapping[str, float | None]) -> TreeScore:
    """Score the tree from leaf scores in [0, 1] keyed by leaf id; a missing leaf is invalid."""
    if not node.sub_tasks:
        s = leaf_scores.get(node.id)
        if s is None:
            return TreeScore(node.id, node.weight, None, None, 0.0, 1.0, [node.id])
        return TreeScore(node.id, node.weight, s, s, s, s)
    kids = [score_tree(child, leaf_scores) for child in node.sub_tasks]
    weights = [k.weight for k in kids]
    if sum(weights) <= 0:
        # All children weigh nothing (PaperBench would divide by zero): weigh them equally.
        weights = [1.0] * len(kids)
    total = sum(weights)
    pairs = list(zip(weights, kids, strict=True))
    invalid = [leaf for w, k in pairs if w > 0 for leaf in k.invalid_leaves]
    score = None if invalid else sum(w * (k.score or 0.0) for w, k in pairs) / total
    valid = [(w, k.score_valid_only) for w, k in pairs if w > 0 and k.score_valid_only is not None]
    valid_w = sum(w for w, _ in valid)
    valid_only = sum(w * (s or 0.0) for w, s in valid) / valid_w if valid_w else None
    return TreeScore(
        node_id=node.id,
        weight=node.weight,
        score=score,
        score_valid_only=valid_only,
        lower=sum(w * k.lower for w, k in pairs) / total,
        upper=sum(w * k.upper for w, k in pairs) / total,
        invalid_leaves=invalid,
        children=kids,
    )
