"""The adjudication queue: the items an adjudicator should settle, and why.

An item is on the queue when its people disagree: its submitted (blind) labels hold more than
one verdict (a label, or unscorable). Asked to (`judge_disagrees`), the queue also holds the
items whose people agree while the judges' verdict says otherwise: a judge that disagrees with
a unanimous panel is either wrong or onto something the people missed, and a senior reviewer
should look. An item with one label has nobody to disagree with and is never listed for the
first reason. The queue is read from the store as columns (`Store.label_votes`), so listing it
decodes no item's content.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from expgrade.annotation_app.loaders import judge_votes
from expgrade.annotation_app.store import Decision, LabelVote, Store, opaque_id

PEOPLE_DISAGREE = "people disagree"


@dataclass(frozen=True)
class Disputed:
    """An item on the adjudication queue."""

    item_id: int
    item_key: str
    subtask: str | None
    criterion: str | None
    #: (annotator, verdict) of each submitted label, by annotator name
    labels: list[tuple[str, str]]
    #: the judges' verdict on the item, when they gave one
    judges: str | None
    #: "people disagree", or "judges say X" (people agree on another verdict)
    why: str
    #: the newest adjudication, when the item has been settled
    decision: Decision | None

    @property
    def public_id(self) -> str:
        return opaque_id(self.item_key)

    @property
    def settled(self) -> bool:
        return self.decision is not None


def verdict(v: LabelVote) -> str:
    """A submitted label as the verdict it gives: its label, or `unscorable`."""
    return v.label if v.status == "graded" and v.label is not None else "unscorable"


def judges_verdict(judges: dict[str, Any]) -> str | None:
    """The judges' verdict on an item: the overall verdict its source recorded, else the
    plurality of the judges' labels (None when they tie or gave none)."""
    overall = judges.get("verdict")
    if isinstance(overall, str) and overall:
        return overall
    counts = Counter(v.label for v in judge_votes(judges) if v.label)
    ranked = counts.most_common(2)
    if not ranked or (len(ranked) == 2 and ranked[0][1] == ranked[1][1]):
        return None
    return str(ranked[0][0])


def queue(store: Store, project: str, *, judge_disagrees: bool = False) -> list[Disputed]:
    """The project's items to adjudicate, in queue order (settled ones included, marked)."""
    by_item: dict[int, list[LabelVote]] = {}
    for v in store.label_votes(project):
        by_item.setdefault(v.item_id, []).append(v)
    decisions = store.decisions(project)
    judges = store.item_judges(project, set(by_item))
    found: list[Disputed] = []
    for item_id, votes in by_item.items():
        given = {verdict(v) for v in votes}
        judged = judges_verdict(judges.get(item_id, {}))
        if len(given) > 1:
            why = PEOPLE_DISAGREE
        elif judge_disagrees and judged is not None and judged not in given:
            why = f"judges say {judged}"
        else:
            continue
        first = votes[0]
        found.append(
            Disputed(
                item_id,
                first.item_key,
                first.subtask,
                first.criterion,
                [(v.annotator, verdict(v)) for v in votes],
                judged,
                why,
                decisions.get(item_id),
            )
        )
    return found
