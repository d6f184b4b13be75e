"""What the store hands out and takes in: plain frozen views of its rows, the inputs of a
write, and the refusals a caller must tell apart (a lost claim, an ended session, a stale press)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, NamedTuple

from expgrade.annotation_app.models import Assignment, Item, User
from expgrade.grading.errors import UserError


class ClaimLost(UserError):
    """The claim expired and every slot of the item was taken by others meanwhile."""


class SessionEnded(UserError):
    """The press came from a browser whose session was ended (sign-out anywhere, a re-issued
    token, `annotate revoke`) or expired. Nothing was written."""


class HoldLost(UserError):
    """A press on the item drawn ahead whose hold is over: it lapsed (and may have gone to
    someone else), or the hold is no longer the item the press named. Nothing was written."""


class StaleClaim(UserError):
    """The submit answers a revision of the claim that is no longer current: another tab (or a
    double press) labelled or skipped the item first. Nothing was written; the caller shows
    the entry and lets the annotator discard it or record it as a revision."""

    def __init__(self, message: str, current: AssignmentView) -> None:
        super().__init__(message)
        self.current = current


def opaque_id(item_key: str) -> str:
    """A short stable id an annotator may see: a hash of the item identity (`expgrade.grading.items`:
    task, submission, subtask, criterion id), so it survives a reworded criterion and names
    none of its parts — a submission folder name usually carries the agent's name."""
    return hashlib.sha256(item_key.encode("utf-8")).hexdigest()[:10]


@dataclass(frozen=True)
class ItemSpec:
    """An item as a loader produces it, before it has a database id."""

    item_key: str
    scale: list[str]
    content: dict[str, Any]
    task_id: str | None = None
    submission_id: str | None = None
    agent: str | None = None
    agent_model: str | None = None
    subtask: str | None = None
    criterion: str | None = None
    rubric_version: str | None = None
    judges: dict[str, Any] = field(default_factory=dict)
    #: judge disagreement / uncertainty in [0, 1]; higher is served earlier in active mode
    priority: float = 0.0

    @property
    def content_hash(self) -> str:
        return content_hash(self.content)


def content_hash(content: dict[str, Any]) -> str:
    """sha256 of the canonical JSON of what the annotator is shown."""
    import json

    blob = json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class UserView:
    id: int
    name: str
    role: str
    #: may settle disagreements; held beside the role (an admin is no adjudicator unless given it)
    adjudicator: bool = False

    @property
    def is_admin(self) -> bool:
        return self.role == "admin"


def _user_view(u: User) -> UserView:
    return UserView(u.id, u.name, u.role, bool(u.adjudicator))


@dataclass(frozen=True)
class LabelInput:
    """What the annotator decided; validated against the item's scale by `submit`."""

    label: str | None
    confidence: float | None = None
    rationale: str | None = None
    flags: list[str] = field(default_factory=list)
    reason: str | None = None
    unscorable: bool = False


@dataclass(frozen=True)
class AssignmentView:
    id: int
    item_id: int
    user_id: int
    state: str
    status: str | None
    label: str | None
    confidence: float | None
    rationale: str | None
    flags: list[str]
    reason: str | None
    revision: int
    submitted_at: Any
    updated_at: Any
    #: when the judges and the others' labels were first shown; None while still blind
    revealed_at: Any = None


@dataclass(frozen=True)
class Hold:
    """The item held for an annotator's next press (`Store.hold_next`), and until when: the
    page shows it at once on a press only while the hold has time left."""

    assignment_id: int
    item_id: int
    expires_at: datetime


@dataclass(frozen=True)
class LabelRevision:
    """A change made after the reveal: kept beside the blind label, never in its place."""

    revision: int
    status: str | None
    label: str | None
    confidence: float | None
    rationale: str | None
    flags: list[str]
    reason: str | None
    at: Any


@dataclass(frozen=True)
class Reveal:
    """What an annotator may see of an item once they have labelled it."""

    judges: dict[str, Any]
    others: list[tuple[str, AssignmentView]]


@dataclass(frozen=True)
class ItemView:
    id: int
    project: str
    item_key: str
    task_id: str | None
    submission_id: str | None
    agent: str | None
    agent_model: str | None
    subtask: str | None
    criterion: str | None
    scale: list[str]
    rubric_version: str | None
    content: dict[str, Any]
    content_hash: str

    @property
    def public_id(self) -> str:
        return opaque_id(self.item_key)

    @property
    def title(self) -> str:
        """What an annotator reads for the item: task, subtask, criterion; never the submission."""
        return " · ".join(p for p in (self.task_id, self.subtask, self.criterion) if p)


class ItemRow(NamedTuple):
    """An item as lists of items show it: its identity and grouping, not its content (whose
    JSON, decoded for 100,000 items, took most of the admin page's 21 s)."""

    id: int
    item_key: str
    task_id: str | None
    submission_id: str | None
    agent: str | None
    agent_model: str | None
    subtask: str | None
    criterion: str | None


class LabelEntry(NamedTuple):
    """One of an annotator's own labels as the reopen list names it: no content, no judges."""

    assignment_id: int
    label: str | None
    status: str | None
    item_key: str
    task_id: str | None
    subtask: str | None
    criterion: str | None

    @property
    def public_id(self) -> str:
        return opaque_id(self.item_key)


class LabelVote(NamedTuple):
    """A submitted label as agreement reads it: its item's identity and grouping, who gave it
    and what (the blind label: a change after the reveal is kept beside it, never here); no
    content, no judges, no provenance (the export reads those, on click)."""

    item_id: int
    item_key: str
    task_id: str | None
    submission_id: str | None
    agent_model: str | None
    subtask: str | None
    criterion: str | None
    annotator: str
    label: str | None
    status: str | None
    reason: str | None
    flags: list[str] | None
    confidence: float | None


@dataclass(frozen=True)
class Decision:
    """An adjudicator's decision on an item: the item's gold label, with its trail."""

    id: int
    item_id: int
    adjudicator: str
    status: str
    label: str | None
    reason: str
    #: the submitted (blind) labels it was made over: [{annotator, label, status, confidence, revision}]
    settled: list[dict[str, Any]]
    at: Any
    #: 1 for the item's first decision, 2 when it was decided again, ...
    revision: int

    @property
    def verdict(self) -> str:
        return self.label if self.status == "graded" and self.label is not None else "unscorable"


@dataclass(frozen=True)
class ImportedLabel:
    """A label made outside the app, as `annotate import-labels` read it from its file."""

    #: where in its file, for an error ("line 4", "task 2, annotation 1")
    where: str
    #: the item: its id (a label row's `item_id`) or the opaque id the app shows
    item: str
    annotator: str
    decision: LabelInput
    #: `extra.source` of the exported row: the format, the file and the record it came from
    source: dict[str, Any]
    at: datetime | None = None


@dataclass(frozen=True)
class ImportResult:
    labels: int
    items: int
    new_annotators: list[str]


@dataclass(frozen=True)
class LoadResult:
    added: int
    updated: int
    unchanged: int


def _assignment_view(a: Assignment) -> AssignmentView:
    return AssignmentView(
        a.id,
        a.item_id,
        a.user_id,
        a.state,
        a.status,
        a.label,
        a.confidence,
        a.rationale,
        list(a.flags or []),
        a.reason,
        a.revision,
        a.submitted_at,
        a.updated_at,
        a.revealed_at,
    )


def _item_view(i: Item, project: str) -> ItemView:
    return ItemView(
        i.id,
        project,
        i.item_key,
        i.task_id,
        i.submission_id,
        i.agent,
        i.agent_model,
        i.subtask,
        i.criterion,
        list(i.scale),
        i.rubric_version,
        dict(i.content),
        i.content_hash,
    )
