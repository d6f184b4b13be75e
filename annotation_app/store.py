"""The annotation store: projects, items, users, and the atomic claim / submit / skip.

Every public method is one short transaction that commits before it returns, so a label is
durable the moment `submit` returns (nothing is held in the browser session), and a reload
resumes from the database: the annotator's open claim comes back first.
"""

from __future__ import annotations

import contextlib
import hashlib
import secrets
import threading
import time
from collections import deque
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field, replace
from dataclasses import fields as dataclass_fields
from datetime import UTC, datetime, timedelta
from typing import Any, NamedTuple

from sqlalchemy import Connection, Engine, and_, delete, exists, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, defer, load_only, sessionmaker

from expgrade.annotation_app.db import make_engine, migrate
from expgrade.annotation_app.models import (
    Adjudication,
    Assignment,
    Base,
    Blob,
    Item,
    LabelEvent,
    Project,
    SignInSession,
    User,
    utcnow,
)
from expgrade.annotation_app.queueing import INJECTION_PRIORITY, active_ranks
from expgrade.grading.errors import UserError

CANDIDATES_PER_CLAIM = 16
#: A text of an item's artifact or ground truth this long is stored once, as a blob (models.Blob).
BLOB_MIN_CHARS = 4096
#: The key of a blob reference in an item's content: {BLOB_KEY: sha256, "chars": length}.
BLOB_KEY = "$blob"
#: Blobs kept decoded in memory per process (they never change, so a cache cannot go stale).
BLOB_CACHE = 16
#: how long a claim keeps looking while every eligible item is locked by concurrent claims
CLAIM_PATIENCE_S = 10.0


class ClaimLost(UserError):
    """The claim expired and every slot of the item was taken by others meanwhile."""


class SessionEnded(UserError):
    """The press came from a browser whose session was ended (sign-out anywhere, a re-issued
    token, `annotate revoke`) or expired. Nothing was written."""


class StaleClaim(UserError):
    """The submit answers a revision of the claim that is no longer current: another tab (or a
    double press) labelled or skipped the item first. Nothing was written; the caller shows
    the entry and lets the annotator discard it or record it as a revision."""

    def __init__(self, message: str, current: AssignmentView) -> None:
        super().__init__(message)
        self.current = current


#: the tables a submit writes with Core statements (see `Store._submit`)
ASSIGNMENTS = Base.metadata.tables["assignments"]
EVENTS = Base.metadata.tables["label_events"]


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


def _externalise(value: Any, blobs: dict[str, str]) -> Any:
    """A long text as a reference to its blob (collected in `blobs`); anything else as it is."""
    if isinstance(value, str) and len(value) >= BLOB_MIN_CHARS:
        digest = hashlib.sha256(value.encode("utf-8")).hexdigest()
        blobs[digest] = value
        return {BLOB_KEY: digest, "chars": len(value)}
    return value


def stored_content(content: dict[str, Any], blobs: dict[str, str]) -> dict[str, Any]:
    """What an item row holds: the long texts of its artifact and ground truth as blob references."""
    return {
        k: {name: _externalise(v, blobs) for name, v in value.items()}
        if k in ("artifact", "ground_truth") and isinstance(value, dict)
        else value
        for k, value in content.items()
    }


def is_blob(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get(BLOB_KEY), str)


def text_length(value: Any) -> int | None:
    """The length of a shown text, stored inline or as a blob."""
    if is_blob(value):
        return int(value["chars"])
    return len(value) if isinstance(value, str) else None


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


class FifoLock:
    """A first-come, first-served lock: a plain Lock lets the releasing thread win again and
    again, so under 20 busy writers some wait many turns (a long latency tail).

    Each waiter sleeps on its own gate and the holder hands the lock to the oldest waiter
    directly. (A shared Condition with notify_all woke all 19 waiters at every hand-off, each
    to take the GIL, find it was not its turn and sleep again: on two cores that herd cost as
    much as the transactions it queued.)
    """

    def __init__(self) -> None:
        self._mutex = threading.Lock()
        self._waiters: deque[threading.Lock] = deque()
        self._held = False

    def __enter__(self) -> None:
        with self._mutex:
            if not self._held:
                self._held = True
                return
            gate = threading.Lock()
            gate.acquire()
            self._waiters.append(gate)
        try:
            gate.acquire()  # released by the holder's __exit__: the lock is then ours
        except BaseException:
            with self._mutex:
                if gate in self._waiters:  # still queued: leave the queue
                    self._waiters.remove(gate)
                    raise
            self.__exit__()  # handed over as we were interrupted: pass our turn on
            raise

    def __exit__(self, *exc: object) -> None:
        with self._mutex:
            if self._waiters:
                self._waiters.popleft().release()
            else:
                self._held = False


class Store:
    """All reads and writes of the annotation database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        # SQLite has one writer at a time and its busy handler polls with growing sleeps, so
        # under 20 writers an unlucky thread can starve past the busy timeout. Every SQLite
        # transaction here is BEGIN IMMEDIATE (serialised anyway); queueing them first come,
        # first served in the process (the Streamlit server is one process) replaces polling
        # with a fair hand-off.
        # Other processes (a `load` while the app runs) still meet the busy timeout.
        self._serial: contextlib.AbstractContextManager[Any] = (
            FifoLock() if engine.dialect.name == "sqlite" else contextlib.nullcontext()
        )
        self._blobs: dict[str, str] = {}
        self._blobs_lock = threading.Lock()

    @classmethod
    def open(cls, db: str | None) -> Store:
        """Open (and create or migrate) the database `--db` names."""
        engine = make_engine(db)
        migrate(engine)
        return cls(engine)

    @contextlib.contextmanager
    def _tx(self) -> Iterator[Session]:
        with self._serial, self._sessions() as session, session.begin():
            yield session

    # -- users -------------------------------------------------------------------------------

    def add_user(self, name: str, *, admin: bool = False, adjudicator: bool = False) -> str:
        """Create the user, or give an existing one a fresh token; returns the token (shown once).

        The roles are set as given each time, as the token is: running it again without
        `adjudicator` takes that role away."""
        name = name.strip()
        if not name:
            raise UserError("a user name cannot be empty", field="NAME")
        token = secrets.token_urlsafe(18)
        with self._tx() as s:
            user = s.scalar(select(User).where(User.name == name))
            if user is None:
                user = User(name=name)
                s.add(user)
            user.role = "admin" if admin else "annotator"
            user.adjudicator = adjudicator
            user.token_hash = hash_token(token)
            if user.id is not None:  # a re-issued token: the old one's sessions end with it
                s.execute(delete(SignInSession).where(SignInSession.user_id == user.id))
        return token

    def user_by_token(self, token: str) -> UserView | None:
        with self._tx() as s:
            user = s.scalar(select(User).where(User.token_hash == hash_token(token.strip())))
            return _user_view(user) if user else None

    def ensure_user(self, name: str) -> UserView:
        """The user an external identity (proxy header, OIDC) names, created as an annotator."""
        with self._tx() as s:
            user = s.scalar(select(User).where(User.name == name))
            if user is None:
                user = User(name=name, role="annotator")
                s.add(user)
                s.flush()
            return _user_view(user)

    def start_session(self, user_id: int, ttl_s: float) -> str:
        """A new signed-in session; returns its random id (only its hash is stored)."""
        sid = secrets.token_urlsafe(24)
        expires = utcnow() + timedelta(seconds=ttl_s)
        with self._tx() as s:
            s.add(SignInSession(id_hash=hash_token(sid), user_id=user_id, expires_at=expires))
        return sid

    def session_user(self, sid: str) -> UserView | None:
        """The user of a live session; an expired one is deleted and gives None."""
        with self._tx() as s:
            row = s.get(SignInSession, hash_token(sid))
            if row is None:
                return None
            if _aware(row.expires_at) <= utcnow():
                s.delete(row)
                return None
            user = s.get(User, row.user_id)
            return _user_view(user) if user else None

    def end_sessions(self, sid: str) -> int:
        """Sign-out: end every session of the user this session belongs to (every browser and
        tab), so a tab left open elsewhere cannot go on labelling. Returns how many ended."""
        with self._tx() as s:
            row = s.get(SignInSession, hash_token(sid))
            if row is None:
                return 0
            return _delete_sessions(s, row.user_id)

    def revoke(self, name: str) -> int:
        """End every session of the user NAME (`expgrade annotate revoke`); returns how many."""
        with self._tx() as s:
            return _delete_sessions(s, _named_user(s, name, "USER").id)

    def users(self) -> list[UserView]:
        with self._tx() as s:
            return [_user_view(u) for u in s.scalars(select(User).order_by(User.name))]

    # -- projects and items ------------------------------------------------------------------

    def projects(self) -> list[str]:
        with self._tx() as s:
            return list(s.scalars(select(Project.name).order_by(Project.name)))

    def project(self, name: str) -> Project:
        with self._tx() as s:
            return _project(s, name)

    def load(
        self, project_name: str, overlap: int, items: Sequence[ItemSpec], *, active_queue: bool
    ) -> LoadResult:
        """Add items to a project; re-loading the same items changes nothing.

        An item whose shown content changed keeps its id and its labels (they stay tied to
        the hash they were given against, through the export's provenance).
        """
        if overlap < 1:
            raise UserError("overlap must be at least 1", field="--overlap")
        added = updated = unchanged = 0
        with self._tx() as s:
            project = s.scalar(select(Project).where(Project.name == project_name))
            if project is None:
                project = Project(name=project_name, overlap=overlap, active_queue=active_queue)
                s.add(project)
                s.flush()
            project.overlap = overlap
            project.active_queue = active_queue
            existing = {i.item_key: i for i in s.scalars(select(Item).where(Item.project_id == project.id))}
            next_seq = max((i.seq for i in existing.values()), default=-1) + 1
            blobs: dict[str, str] = {}
            for spec in items:
                row = existing.get(spec.item_key)
                digest = spec.content_hash
                if row is None:
                    row = Item(project_id=project.id, item_key=spec.item_key, seq=next_seq)
                    next_seq += 1
                    s.add(row)
                    existing[spec.item_key] = row
                    added += 1
                elif (
                    row.content_hash == digest and row.judges == spec.judges and row.priority == spec.priority
                ):
                    unchanged += 1
                    continue
                else:
                    updated += 1
                row.task_id, row.submission_id = spec.task_id, spec.submission_id
                row.agent, row.agent_model = spec.agent, spec.agent_model
                row.subtask, row.criterion, row.scale = spec.subtask, spec.criterion, spec.scale
                row.rubric_version, row.content_hash = spec.rubric_version, digest
                row.content = stored_content(spec.content, blobs)
                row.judges, row.priority = spec.judges, spec.priority
            self._add_blobs(s, blobs)
            ranked = active_ranks(
                [(key, row.agent, row.subtask, row.priority, row.seq) for key, row in existing.items()]
            )
            for key, rank in ranked.items():
                if existing[key].active_rank != rank:
                    existing[key].active_rank = rank
        return LoadResult(added, updated, unchanged)

    def _add_blobs(self, s: Session, blobs: dict[str, str]) -> None:
        known: set[str] = set()
        digests = list(blobs)
        for start in range(0, len(digests), 500):  # keep each IN (...) well under bind limits
            chunk = digests[start : start + 500]
            known.update(s.scalars(select(Blob.sha256).where(Blob.sha256.in_(chunk))))
        s.add_all(Blob(sha256=d, text=t) for d, t in blobs.items() if d not in known)

    def text(self, value: Any) -> Any:
        """A content value with a blob reference replaced by its text; anything else as it is."""
        if not is_blob(value):
            return value
        digest = value[BLOB_KEY]
        with self._blobs_lock:
            if digest in self._blobs:
                return self._blobs[digest]
        with self._tx() as s:
            text = s.scalar(select(Blob.text).where(Blob.sha256 == digest))
        if text is None:
            raise UserError(f"the database lacks the text {digest[:12]}… this item shows")
        with self._blobs_lock:
            while len(self._blobs) >= BLOB_CACHE:
                self._blobs.pop(next(iter(self._blobs)))
            self._blobs[digest] = text
        return text

    def item(self, item_id: int) -> ItemView:
        with self._tx() as s:
            row = s.get(Item, item_id)
            if row is None:
                raise UserError(f"no item with id {item_id}")
            project = s.get(Project, row.project_id)
            return _item_view(row, project.name if project else "")

    # -- the queue ---------------------------------------------------------------------------

    def claim(self, project_name: str, user_id: int) -> AssignmentView | None:
        """The annotator's open claim if they have one (resume), else a new claim, else None.

        A new claim takes the lowest free slot of the first eligible item in queue order;
        a slot taken concurrently by someone else shows up as an IntegrityError on the
        unique (item, slot) constraint, and the next candidate is tried.
        """
        with self._tx() as s:
            project = _project(s, project_name)
            own = s.scalar(
                select(Assignment)
                .join(Item, Item.id == Assignment.item_id)
                .where(
                    Item.project_id == project.id, Assignment.user_id == user_id, Assignment.state == "open"
                )
                .order_by(Assignment.claimed_at)
                .limit(1)
            )
            if own is not None:
                return _assignment_view(own)
            claimed = self._claim_new(s, project, user_id)
            if claimed is None and self._expire_stale(s, project) > 0:
                claimed = self._claim_new(s, project, user_id)
            return claimed

    def _candidates(
        self, s: Session, project: Project, user_id: int, limit: int | None, *, lock: bool = False
    ) -> list[int]:
        """Items with a free slot that this annotator has never held, in queue order.

        With `lock` on PostgreSQL the rows are locked FOR UPDATE SKIP LOCKED, so concurrent
        claimers spread over different items instead of colliding on the first one.
        """
        mine = exists().where(Assignment.item_id == Item.id, Assignment.user_id == user_id)
        open_items = (Item.project_id == project.id, Item.held < project.overlap, ~mine)
        lanes: list[tuple[tuple[Any, ...], tuple[Any, ...]]]
        if project.active_queue:
            lanes = [(open_items, (Item.active_rank, Item.seq))]
        else:
            # Items flagged prompt_injection lead (the active ranks put them first too). Two
            # lanes, each walking an index in order and stopping at `limit`, rather than one
            # ORDER BY over a CASE, which sorts every open item of the project on every claim.
            # The second lane walks every open item in load order (the index on project, seq)
            # and drops the flagged ones the first lane already gave.
            flagged = Item.priority >= INJECTION_PRIORITY
            lanes = [((*open_items, flagged), (Item.seq,)), (open_items, (Item.seq,))]
        found: list[int] = []
        for where, order in lanes:
            query = select(Item.id).where(*where).order_by(*order)
            if limit is not None:
                query = query.limit(limit)
            if lock and s.get_bind().dialect.name == "postgresql":
                query = query.with_for_update(skip_locked=True, of=Item)
            found.extend(i for i in s.scalars(query) if i not in found)
            if limit is not None and len(found) >= limit:
                return found[:limit]
        return found

    def _free_slot(self, s: Session, item_id: int, overlap: int) -> int | None:
        taken = set(
            s.scalars(
                select(Assignment.slot).where(Assignment.item_id == item_id, Assignment.slot.is_not(None))
            )
        )
        return next((slot for slot in range(overlap) if slot not in taken), None)

    def _adjust_held(self, s: Session, item_id: int, delta: int) -> None:
        s.execute(update(Item).where(Item.id == item_id).values(held=Item.held + delta))

    def _claim_new(self, s: Session, project: Project, user_id: int) -> AssignmentView | None:
        deadline = time.monotonic() + CLAIM_PATIENCE_S
        postgres = s.get_bind().dialect.name == "postgresql"
        while True:
            for item_id in self._candidates(s, project, user_id, CANDIDATES_PER_CLAIM, lock=True):
                slot = self._free_slot(s, item_id, project.overlap)
                if slot is None:
                    continue
                # A savepoint lets PostgreSQL go on after a slot taken concurrently. SQLite needs
                # none (and saves two statements a claim): its transactions are BEGIN IMMEDIATE,
                # so nobody writes between our read of the free slot and this insert.
                guard = s.begin_nested() if postgres else contextlib.nullcontext()
                try:
                    with guard:
                        row = Assignment(
                            item_id=item_id, user_id=user_id, slot=slot, state="open", claimed_at=utcnow()
                        )
                        s.add(row)
                        s.flush()
                except IntegrityError:
                    continue  # someone took this slot (or item) a moment ago
                self._adjust_held(s, item_id, +1)
                return _assignment_view(row)
            # Nothing claimable right now: done if nothing is eligible at all, else the
            # eligible items were locked or taken by concurrent claims; look again.
            if not self._candidates(s, project, user_id, 1) or time.monotonic() > deadline:
                return None
            time.sleep(0.002)

    def _expire_stale(self, s: Session, project: Project) -> int:
        cutoff = utcnow() - timedelta(seconds=project.claim_ttl_s)
        in_project = select(Item.id).where(Item.project_id == project.id)
        stale = s.scalars(
            select(Assignment).where(
                Assignment.state == "open", Assignment.claimed_at < cutoff, Assignment.item_id.in_(in_project)
            )
        ).all()
        for a in stale:
            self._release(s, a, "expired")
        return len(stale)

    def _release(self, s: Session, a: Assignment, state: str) -> None:
        """Give the assignment's slot back to the queue (skip, expiry)."""
        if a.slot is not None:
            self._adjust_held(s, a.item_id, -1)
        a.state, a.slot = state, None

    def available(self, project_name: str, user_id: int) -> int:
        """How many more items this annotator could still be given."""
        with self._tx() as s:
            project = _project(s, project_name)
            mine = exists().where(Assignment.item_id == Item.id, Assignment.user_id == user_id)
            query = select(func.count()).where(
                Item.project_id == project.id, Item.held < project.overlap, ~mine
            )
            return int(s.scalar(query) or 0)

    # -- labelling ---------------------------------------------------------------------------

    def _own(self, s: Session, assignment_id: int, user_id: int) -> tuple[Assignment, Item, Project]:
        # only what a write checks: the item's content (possibly large JSON) is not decoded on
        # every submit; an attribute not loaded here is fetched if a caller reads it
        query = (
            select(Assignment, Item, Project)
            .join(Item, Item.id == Assignment.item_id)
            .join(Project, Project.id == Item.project_id)
            .where(Assignment.id == assignment_id)
            .options(load_only(Item.id, Item.scale), load_only(Project.id, Project.overlap))
        )
        if s.get_bind().dialect.name == "postgresql":
            query = query.with_for_update(of=Assignment)
        row = s.execute(query).first()
        if row is None or row[0].user_id != user_id:
            raise UserError(f"assignment {assignment_id} is not yours")
        return row[0], row[1], row[2]

    def submit(
        self,
        assignment_id: int,
        user_id: int,
        decision: LabelInput,
        *,
        revision: int | None = None,
        session: str | None = None,
    ) -> AssignmentView:
        """Record a label (first submit or an edit) and commit before returning.

        `revision` is the revision of the claim the annotator was looking at; when it is no
        longer current (another tab or press got there first) nothing is written and
        StaleClaim says so. None records the decision as a new revision whatever came before.
        An edit bumps the revision and appends to the history; an edit after the reveal
        (`reveal`) leaves the blind label as it was and is stored as its own revision marked
        `after_reveal`. A claim that expired while the annotator was away takes a free slot
        again, or raises ClaimLost when the item meanwhile got its K labels from others.
        `session` (the browser's sign-in session) must still be live, checked in the same
        transaction as the write, else SessionEnded and nothing is written.
        """
        try:
            return self._submit(assignment_id, user_id, decision, revision, session)
        except IntegrityError:  # an expired claim's slot was taken between our read and write
            raise ClaimLost("your claim on this item expired and others have completed it") from None

    def _submit(
        self,
        assignment_id: int,
        user_id: int,
        decision: LabelInput,
        revision: int | None,
        session: str | None,
    ) -> AssignmentView:
        # Core statements on the session's connection, not ORM objects: under 20 writers every
        # submit waits for the others' transactions (one SQLite writer; two shared cores), so
        # the Python time spent inside one (loading three entities, the unit of work's flush)
        # is paid ~20 times over in the queue. Same statements on the database: one read of
        # the claim, one UPDATE, one INSERT of the history row.
        with self._tx() as s:
            conn = s.connection()
            _check_session(s, session, user_id)
            a, scale, overlap = self._own_row(conn, assignment_id, user_id)
            _validate(decision, scale)
            _check_current(a, revision)
            if a.revealed_at is not None and a.state == "submitted":
                a = replace(a, revision=a.revision + 1)
                conn.execute(update(ASSIGNMENTS).where(ASSIGNMENTS.c.id == a.id).values(revision=a.revision))
                conn.execute(insert(EVENTS).values(_event_values(a, "revise", decision, after_reveal=True)))
                return a
            if a.state == "skipped":
                raise UserError("this item was skipped; it cannot be labelled any more")
            changes: dict[str, Any] = {}
            if a.state == "expired":
                slot = self._free_slot(s, a.item_id, overlap)
                if slot is None:
                    raise ClaimLost("your claim on this item expired and others have completed it")
                changes["slot"] = slot
                self._adjust_held(s, a.item_id, +1)
            kind = "edit" if a.state == "submitted" else "submit"
            now = utcnow()
            written: dict[str, Any] = {
                "state": "submitted",
                "status": "unscorable" if decision.unscorable else "graded",
                "label": None if decision.unscorable else decision.label,
                "confidence": decision.confidence,
                "rationale": decision.rationale,
                "flags": sorted(set(decision.flags)),
                "reason": decision.reason,
                "revision": a.revision + 1,
                "updated_at": now,
                "submitted_at": a.submitted_at or now,
            }
            conn.execute(update(ASSIGNMENTS).where(ASSIGNMENTS.c.id == a.id).values(**written, **changes))
            a = replace(a, **written)
            conn.execute(insert(EVENTS).values(_event_values(a, kind)))
            return a

    def _own_row(
        self, conn: Connection, assignment_id: int, user_id: int
    ) -> tuple[AssignmentView, list[str], int]:
        """The caller's claim as it now is, its item's scale and its project's overlap K, as
        columns (locked on PostgreSQL until the transaction ends, as `_own` does)."""
        fields = [f.name for f in dataclass_fields(AssignmentView)]
        query = (
            select(*(ASSIGNMENTS.c[f] for f in fields), Item.scale, Project.overlap)
            .join(Item, Item.id == ASSIGNMENTS.c.item_id)
            .join(Project, Project.id == Item.project_id)
            .where(ASSIGNMENTS.c.id == assignment_id)
        )
        if conn.dialect.name == "postgresql":
            query = query.with_for_update(of=ASSIGNMENTS)
        row = conn.execute(query).first()
        if row is None or row.user_id != user_id:
            raise UserError(f"assignment {assignment_id} is not yours")
        view = AssignmentView(*row[: len(fields)])
        return replace(view, flags=list(view.flags or [])), row.scale, row.overlap

    def skip(
        self,
        assignment_id: int,
        user_id: int,
        reason: str,
        *,
        revision: int | None = None,
        session: str | None = None,
    ) -> None:
        """Give the item back to the queue for others; it will not come back to this annotator."""
        if not reason.strip():
            raise UserError("a skip needs a reason")
        with self._tx() as s:
            _check_session(s, session, user_id)
            a, _, _ = self._own(s, assignment_id, user_id)
            _check_current(a, revision)
            if a.state == "submitted":
                raise UserError("this item is already labelled; edit the label instead of skipping")
            self._release(s, a, "skipped")
            a.reason = reason.strip()
            a.revision += 1
            a.updated_at = utcnow()
            s.add(_event(a, "skip"))

    def assignment(self, assignment_id: int) -> AssignmentView:
        with self._tx() as s:
            a = s.get(Assignment, assignment_id)
            if a is None:
                raise UserError(f"no assignment {assignment_id}")
            return _assignment_view(a)

    def history(self, assignment_id: int) -> list[dict[str, Any]]:
        with self._tx() as s:
            events = s.scalars(
                select(LabelEvent).where(LabelEvent.assignment_id == assignment_id).order_by(LabelEvent.id)
            )
            return [
                {
                    "revision": e.revision,
                    "kind": e.kind,
                    "status": e.status,
                    "label": e.label,
                    "confidence": e.confidence,
                    "rationale": e.rationale,
                    "flags": e.flags,
                    "reason": e.reason,
                    "after_reveal": e.after_reveal,
                    "at": e.at,
                }
                for e in events
            ]

    def reveal(self, assignment_id: int, user_id: int) -> Reveal:
        """The judges' verdicts and the other annotators' labels, for one's own submitted label
        only; the first call stamps `revealed_at`, after which the blind label is frozen and
        changes are kept as revisions after the reveal."""
        with self._tx() as s:
            a, item, _ = self._own(s, assignment_id, user_id)
            if a.state != "submitted":
                raise UserError("the judges and the others' labels show only once you have labelled the item")
            if a.revealed_at is None:
                a.revealed_at = utcnow()
            rows = s.execute(
                select(User.name, Assignment)
                .join(User, User.id == Assignment.user_id)
                .where(
                    Assignment.item_id == item.id,
                    Assignment.user_id != user_id,
                    Assignment.state == "submitted",
                )
                .order_by(User.name)
            ).all()
            return Reveal(dict(item.judges), [(name, _assignment_view(o)) for name, o in rows])

    def revisions_after_reveal(self, project_name: str) -> dict[int, list[LabelRevision]]:
        """Each assignment's revisions after the reveal, oldest first (for the export)."""
        with self._tx() as s:
            project = _project(s, project_name)
            events = s.scalars(
                select(LabelEvent)
                .join(Assignment, Assignment.id == LabelEvent.assignment_id)
                .join(Item, Item.id == Assignment.item_id)
                .where(Item.project_id == project.id, LabelEvent.after_reveal.is_(True))
                .order_by(LabelEvent.id)
            )
            found: dict[int, list[LabelRevision]] = {}
            for e in events:
                found.setdefault(e.assignment_id, []).append(
                    LabelRevision(
                        e.revision,
                        e.status,
                        e.label,
                        e.confidence,
                        e.rationale,
                        list(e.flags or []),
                        e.reason,
                        e.at,
                    )
                )
            return found

    def my_submitted(self, project_name: str, user_id: int) -> list[tuple[AssignmentView, ItemView]]:
        """This annotator's labels in the project, newest first (for reopening and editing)."""
        with self._tx() as s:
            project = _project(s, project_name)
            rows = s.execute(
                select(Assignment, Item)
                .join(Item, Item.id == Assignment.item_id)
                .where(
                    Item.project_id == project.id,
                    Assignment.user_id == user_id,
                    Assignment.state == "submitted",
                )
                .order_by(Assignment.submitted_at.desc(), Assignment.id.desc())
            ).all()
            return [(_assignment_view(a), _item_view(i, project.name)) for a, i in rows]

    def my_labels(self, project_name: str, user_id: int, limit: int) -> tuple[list[LabelEntry], int]:
        """The newest `limit` of this annotator's labels, named without their items' content, and
        how many there are: what every key press redraws, so its cost does not grow with the
        annotator's history (`my_submitted` decoded every labelled item's content)."""
        with self._tx() as s:
            project = _project(s, project_name)
            mine = (
                Assignment.user_id == user_id,
                Assignment.state == "submitted",
                Item.project_id == project.id,
            )
            columns = (
                *(Assignment.id, Assignment.label, Assignment.status),
                *(Item.item_key, Item.task_id, Item.subtask, Item.criterion),
            )
            rows = s.execute(
                select(*columns)
                .join(Item, Item.id == Assignment.item_id)
                .where(*mine)
                .order_by(Assignment.submitted_at.desc(), Assignment.id.desc())
                .limit(limit)
            )
            entries = [LabelEntry._make(row) for row in rows]
            counted = select(func.count()).select_from(Assignment).join(Item, Item.id == Assignment.item_id)
            total = s.scalar(counted.where(*mine))
            return entries, int(total or 0)

    def judges(self, item_id: int) -> dict[str, Any]:
        """An item's judge side, for admins and tests; annotators get it through `reveal`."""
        with self._tx() as s:
            row = s.get(Item, item_id)
            return dict(row.judges) if row else {}

    # -- adjudication and imported labels ----------------------------------------------------

    def find_item(self, project_name: str, ref: str) -> ItemView:
        """An item of the project by its id (a label row's `item_id`) or the opaque id the app
        shows; an unknown one is a user error naming the project."""
        ref = ref.strip()
        with self._tx() as s:
            project = _project(s, project_name)
            found = _item_ids(s, project.id, [ref]).get(ref)
            row = s.get(Item, found[0]) if found else None
            if row is None:
                raise UserError(
                    f"project '{project_name}' has no item '{ref}' (give the item id the export and "
                    "`adjudicate --list` show, or the opaque id the app shows)",
                    field="--item",
                )
            return _item_view(row, project.name)

    def adjudicator(self, name: str) -> UserView:
        """The user NAME, who must hold the adjudicator role (else a user error: nothing is written)."""
        with self._tx() as s:
            user = _named_user(s, name, "--as")
            _check_adjudicator(user)
            return _user_view(user)

    def adjudicate(
        self, item_id: int, user_id: int, decision: LabelInput, *, session: str | None = None
    ) -> Decision:
        """Record an adjudicator's decision on an item and commit before returning.

        The decision needs a reason and a label on the item's scale (or unscorable); the role is
        checked in the same transaction as the write, as is the browser's session (`submit`).
        The item's submitted labels are copied into the decision as they are now (`settled`)
        and are not changed: the blind labels stay as they were given.
        """
        if not (decision.reason or "").strip():
            raise UserError(
                "an adjudication needs a reason: say why this label is the right one", field="--reason"
            )
        with self._tx() as s:
            _check_session(s, session, user_id)
            user = s.get(User, user_id)
            if user is None:
                raise UserError(f"no user {user_id}")
            _check_adjudicator(user)
            item = s.get(Item, item_id)
            if item is None:
                raise UserError(f"no item {item_id}", field="--item")
            _validate(decision, list(item.scale))
            labels = _submitted(s, item_id)
            if not labels:
                raise UserError(
                    "nobody has labelled this item yet: there is nothing to settle", field="--item"
                )
            settled = [
                {"annotator": name, "label": a.label, "status": a.status, "confidence": a.confidence,
                 "revision": a.revision}
                for name, a in labels
            ]  # fmt: skip
            row = Adjudication(
                item_id=item_id,
                user_id=user_id,
                status="unscorable" if decision.unscorable else "graded",
                label=None if decision.unscorable else decision.label,
                reason=(decision.reason or "").strip(),
                settled=settled,
                at=utcnow(),
            )
            s.add(row)
            s.flush()
            count = s.scalar(select(func.count()).where(Adjudication.item_id == item_id))
            return _decision(row, user.name, int(count or 1))

    def item_labels(self, item_id: int) -> list[tuple[str, AssignmentView]]:
        """Every submitted label of an item with its annotator's name (the adjudicator's view:
        the blind labels, with rationale and confidence)."""
        with self._tx() as s:
            return [(name, _assignment_view(a)) for name, a in _submitted(s, item_id)]

    def decisions(self, project_name: str) -> dict[int, Decision]:
        """Item id -> its newest adjudication (the item's gold), for the items that have one."""
        with self._tx() as s:
            project = _project(s, project_name)
            rows = s.execute(
                select(Adjudication, User.name)
                .join(User, User.id == Adjudication.user_id)
                .join(Item, Item.id == Adjudication.item_id)
                .where(Item.project_id == project.id)
                .order_by(Adjudication.id)
            ).all()
        found: dict[int, Decision] = {}
        for row, name in rows:
            before = found.get(row.item_id)
            found[row.item_id] = _decision(row, name, before.revision + 1 if before else 1)
        return found

    def import_labels(self, project_name: str, labels: Sequence[ImportedLabel], *, file: str) -> ImportResult:
        """Store labels made outside the app as submitted labels of their named annotators
        (created as annotators where new), all in one transaction: an item not in the project,
        a label not on the item's scale or a second label of one annotator on one item (in the
        file, or already in the store) is a user error naming its record, and nothing is written.

        An imported label takes one of the item's K places when one is free (so the queue
        serves the item to fewer people), else it is stored beside the K.
        """
        with self._tx() as s:
            project = _project(s, project_name)
            items = _item_ids(s, project.id, sorted({lab.item.strip() for lab in labels}))
            names = sorted({lab.annotator for lab in labels})
            users = {u.name: u for u in s.scalars(select(User).where(User.name.in_(names)))}
            taken = _holders(s, [i for i, _ in items.values()])
            seen: dict[tuple[int, str], str] = {}
            for lab in labels:
                found = items.get(lab.item.strip())
                if found is None:
                    raise UserError(f"item '{lab.item}' is not in project '{project_name}'", file=file,
                                    record=lab.where, field="item_id")  # fmt: skip
                item_id, scale = found
                try:
                    _validate(lab.decision, scale)
                except UserError as exc:
                    raise UserError(exc.message, file=file, record=lab.where, field="label") from None
                key = (item_id, lab.annotator)
                if key in seen:
                    raise UserError(
                        f"'{lab.annotator}' labels item '{lab.item}' twice (first at {seen[key]}); "
                        "an annotator gives one label per item: keep one and import again",
                        file=file, record=lab.where,
                    )  # fmt: skip
                seen[key] = lab.where
                user = users.get(lab.annotator)
                if user is not None and (item_id, user.id) in taken:
                    raise UserError(
                        f"'{lab.annotator}' already has a label or a claim on item '{lab.item}' in "
                        f"project '{project_name}'; an annotator gives one label per item",
                        file=file, record=lab.where,
                    )  # fmt: skip
            created = [name for name in names if name not in users]
            for name in created:
                users[name] = User(name=name, role="annotator")
                s.add(users[name])
            s.flush()
            now = utcnow()
            for lab in labels:
                item_id, scale = items[lab.item.strip()]
                slot = self._free_slot(s, item_id, project.overlap)
                d = lab.decision
                row = Assignment(
                    item_id=item_id, user_id=users[lab.annotator].id, slot=slot, state="submitted",
                    claimed_at=lab.at or now, status="unscorable" if d.unscorable else "graded",
                    label=None if d.unscorable else d.label, confidence=d.confidence,
                    rationale=d.rationale, flags=sorted(set(d.flags)), reason=d.reason,
                    submitted_at=lab.at or now, updated_at=lab.at or now, revision=1, source=lab.source,
                )  # fmt: skip
                s.add(row)
                s.flush()
                if slot is not None:
                    self._adjust_held(s, item_id, +1)
                s.add(_event(row, "import"))
            return ImportResult(len(labels), len({items[lab.item.strip()][0] for lab in labels}), created)

    # -- reporting ---------------------------------------------------------------------------

    def label_records(self, project_name: str) -> list[dict[str, Any]]:
        """Every submitted label of a project joined with its item, user (name and role) and project."""
        with self._tx() as s:
            project = _project(s, project_name)
            rows = s.execute(
                select(Assignment, Item, User.name, User.role)
                .join(Item, Item.id == Assignment.item_id)
                .join(User, User.id == Assignment.user_id)
                .where(and_(Item.project_id == project.id, Assignment.state == "submitted"))
                .order_by(Item.seq, User.name)
                .options(defer(Item.judges))  # not part of an ItemView: never decoded here
            ).all()
            return [
                {
                    "assignment": _assignment_view(a),
                    "item": _item_view(i, project.name),
                    "annotator": name,
                    "role": role,
                    "source": a.source,
                }
                for a, i, name, role in rows
            ]

    def label_votes(self, project_name: str) -> list[LabelVote]:
        """Every submitted label of a project as columns, in export order (queue order, then
        annotator): what the admin page's agreement needs, read without decoding any item's
        content (reading 2,000 labelled items whole took ~0.4 s of the page)."""
        with self._tx() as s:
            project = _project(s, project_name)
            columns = (
                Item.id, Item.item_key, Item.task_id, Item.submission_id, Item.agent_model,
                Item.subtask, Item.criterion, User.name, Assignment.label, Assignment.status,
                Assignment.reason, Assignment.flags, Assignment.confidence,
            )  # fmt: skip
            query = (
                select(*columns)
                .select_from(Assignment)
                .join(Item, Item.id == Assignment.item_id)
                .join(User, User.id == Assignment.user_id)
                .where(Item.project_id == project.id, Assignment.state == "submitted")
                .order_by(Item.seq, User.name)
            )
            return [LabelVote._make(row) for row in s.execute(query)]

    def items(self, project_name: str) -> list[ItemView]:
        with self._tx() as s:
            project = _project(s, project_name)
            rows = s.scalars(select(Item).where(Item.project_id == project.id).order_by(Item.seq))
            return [_item_view(i, project.name) for i in rows]

    def item_count(self, project_name: str) -> int:
        with self._tx() as s:
            project = _project(s, project_name)
            return int(
                s.scalar(select(func.count()).select_from(Item).where(Item.project_id == project.id)) or 0
            )

    def item_subtasks(self, project_name: str) -> list[str]:
        with self._tx() as s:
            project = _project(s, project_name)
            query = select(Item.subtask).where(Item.project_id == project.id, Item.subtask.is_not(None))
            return sorted(str(v) for v in s.scalars(query.distinct()))

    def find_items(
        self,
        project_name: str,
        *,
        limit: int,
        subtasks: Sequence[str] = (),
        status: str = "all",
        contains: str = "",
    ) -> tuple[list[ItemRow], int]:
        """The first `limit` items in queue order that match the admin's filters, and how many
        match. Filtered in SQL: a page of a 100,000-item project reads the rows it shows, not
        all of them (`status`: all, complete, incomplete or flagged)."""
        flagged = (
            [i for i, (_, f) in self.label_counts(project_name).items() if f] if status == "flagged" else []
        )
        with self._tx() as s:
            project = _project(s, project_name)
            labels = (
                select(func.count())
                .where(Assignment.item_id == Item.id, Assignment.state == "submitted")
                .correlate(Item)
                .scalar_subquery()
            )
            where = [Item.project_id == project.id]
            if subtasks:
                where.append(Item.subtask.in_(list(subtasks)))
            if contains:
                where.append(Item.item_key.contains(contains, autoescape=True))
            if status == "complete":
                where.append(labels >= project.overlap)
            elif status == "incomplete":
                where.append(labels < project.overlap)
            elif status == "flagged":
                where.append(Item.id.in_(flagged))
            total = s.scalar(select(func.count()).select_from(Item).where(*where))
            columns = [getattr(Item, name) for name in ItemRow._fields]
            rows = s.execute(select(*columns).where(*where).order_by(Item.seq).limit(limit))
            return [ItemRow._make(row) for row in rows], int(total or 0)

    def label_counts(self, project_name: str) -> dict[int, tuple[int, bool]]:
        """Item id -> (submitted labels, whether any is flagged), for the items that have labels."""
        with self._tx() as s:
            project = _project(s, project_name)
            rows = s.execute(
                select(Assignment.item_id, Assignment.flags)
                .join(Item, Item.id == Assignment.item_id)
                .where(Item.project_id == project.id, Assignment.state == "submitted")
            ).all()
        counts: dict[int, tuple[int, bool]] = {}
        for item_id, flags in rows:
            n, flagged = counts.get(item_id, (0, False))
            counts[item_id] = (n + 1, flagged or bool(flags))
        return counts

    def item_judges(
        self, project_name: str, item_ids: Collection[int] | None = None
    ) -> dict[int, dict[str, Any]]:
        """Item id -> its judges' side, for every item or only `item_ids`."""
        with self._tx() as s:
            project = _project(s, project_name)
            query = select(Item.id, Item.judges).where(Item.project_id == project.id)
            if item_ids is None:
                return {i: dict(j) for i, j in s.execute(query)}
            ids = sorted(item_ids)
            found: dict[int, dict[str, Any]] = {}
            for start in range(0, len(ids), 500):  # keep each IN (...) well under bind limits
                chunk = query.where(Item.id.in_(ids[start : start + 500]))
                found.update((i, dict(j)) for i, j in s.execute(chunk))
            return found

    def assignment_states(self, project_name: str) -> list[dict[str, Any]]:
        """One row per assignment (any state): the admin's progress tables are built from it."""
        with self._tx() as s:
            project = _project(s, project_name)
            rows = s.execute(
                select(Assignment.item_id, Assignment.state, Assignment.flags, User.name, Item.subtask)
                .join(Item, Item.id == Assignment.item_id)
                .join(User, User.id == Assignment.user_id)
                .where(Item.project_id == project.id)
            ).all()
            return [
                {"item_id": r[0], "state": r[1], "flagged": bool(r[2]), "annotator": r[3], "subtask": r[4]}
                for r in rows
            ]


def _named_user(s: Session, name: str, option: str) -> User:
    """The user NAME, else a user error listing the known ones (naming the option that gave it)."""
    user = s.scalar(select(User).where(User.name == name.strip()))
    if user is None:
        known = ", ".join(s.scalars(select(User.name).order_by(User.name))) or "none"
        raise UserError(f"no user named '{name}' (known: {known})", field=option)
    return user


def _submitted(s: Session, item_id: int) -> list[tuple[str, Assignment]]:
    """The item's submitted labels with their annotators' names, by name."""
    query = (
        select(User.name, Assignment)
        .join(User, User.id == Assignment.user_id)
        .where(Assignment.item_id == item_id, Assignment.state == "submitted")
        .order_by(User.name)
    )
    return [(name, a) for name, a in s.execute(query)]


def _check_adjudicator(user: User) -> None:
    if not user.adjudicator:
        raise UserError(
            f"'{user.name}' is not an adjudicator, so cannot settle a disagreement; nothing was "
            f"written. Give the role with `expgrade annotate add-user {user.name} --adjudicator` "
            "(which also issues a new token)"
        )


def _decision(row: Adjudication, adjudicator: str, revision: int) -> Decision:
    return Decision(
        row.id, row.item_id, adjudicator, row.status, row.label, row.reason,
        [dict(x) for x in row.settled or []], row.at, revision,
    )  # fmt: skip


def _item_ids(s: Session, project_id: int, refs: Sequence[str]) -> dict[str, tuple[int, list[str]]]:
    """Each ref that names an item of the project -> (item id, scale): by item id (key), else by
    the opaque id the app shows (hashed from every key of the project, only when needed)."""
    query = select(Item.id, Item.item_key, Item.scale).where(Item.project_id == project_id)
    found: dict[str, tuple[int, list[str]]] = {}
    for start in range(0, len(refs), 500):  # keep each IN (...) well under bind limits
        chunk = query.where(Item.item_key.in_(list(refs[start : start + 500])))
        found.update((key, (i, list(scale))) for i, key, scale in s.execute(chunk))
    rest = {r for r in refs if r not in found and len(r) == 10}
    if rest:
        for i, key, scale in s.execute(query):
            if opaque_id(key) in rest:
                found[opaque_id(key)] = (i, list(scale))
    return found


def _holders(s: Session, item_ids: list[int]) -> set[tuple[int, int]]:
    """(item, user) of every assignment on these items, whatever its state (one per pair)."""
    held: set[tuple[int, int]] = set()
    for start in range(0, len(item_ids), 500):
        chunk = item_ids[start : start + 500]
        query = select(Assignment.item_id, Assignment.user_id).where(Assignment.item_id.in_(chunk))
        held.update((i, u) for i, u in s.execute(query))
    return held


def _aware(at: datetime) -> datetime:
    """SQLite hands back naive datetimes for what was stored as UTC."""
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)


def _project(s: Session, name: str) -> Project:
    project = s.scalar(select(Project).where(Project.name == name))
    if project is None:
        known = ", ".join(s.scalars(select(Project.name).order_by(Project.name))) or "none"
        raise UserError(f"no project named '{name}' (known: {known})", field="--project")
    return project


def _delete_sessions(s: Session, user_id: int) -> int:
    ended = s.execute(delete(SignInSession).where(SignInSession.user_id == user_id))
    return int(getattr(ended, "rowcount", 0) or 0)


def _check_session(s: Session, session: str | None, user_id: int) -> None:
    """Refuse a write from a browser whose session is gone; None: no token session (proxy, OIDC)."""
    if session is None:
        return
    row = s.get(SignInSession, hash_token(session))
    if row is None or row.user_id != user_id or _aware(row.expires_at) <= utcnow():
        raise SessionEnded(
            "Not saved: you are signed out (signed out in another tab or browser, a new token was "
            "issued, or an admin ended your sessions). Sign in again."
        )


def _check_current(a: Assignment | AssignmentView, revision: int | None) -> None:
    if revision is None or a.revision == revision:
        return
    done = {"submitted": f"labelled '{a.label or a.status}'", "skipped": "skipped", "expired": "expired"}
    raise StaleClaim(
        f"Not saved: this item was already {done.get(a.state, a.state)} (revision {a.revision}) "
        "from another tab or an earlier press.",
        a if isinstance(a, AssignmentView) else _assignment_view(a),
    )


def _validate(decision: LabelInput, scale: list[str]) -> None:
    if decision.unscorable:
        if not (decision.reason or "").strip():
            raise UserError("marking an item unscorable needs a reason")
    elif decision.label not in scale:
        raise UserError(f"label '{decision.label}' is not on this item's scale ({', '.join(scale)})")
    if decision.confidence is not None and not 0.0 <= decision.confidence <= 1.0:
        raise UserError("confidence must be between 0 and 1")
    if decision.flags and not (decision.reason or "").strip():
        raise UserError("a flag needs a reason")


def _event(
    a: Assignment, kind: str, decision: LabelInput | None = None, *, after_reveal: bool = False
) -> LabelEvent:
    """The history row of a write (ORM), as `_event_values` describes it."""
    return LabelEvent(**_event_values(a, kind, decision, after_reveal=after_reveal))


def _event_values(
    a: Assignment | AssignmentView,
    kind: str,
    decision: LabelInput | None = None,
    *,
    after_reveal: bool = False,
) -> dict[str, Any]:
    """The history row of a write: the assignment as it now is, or (after the reveal) the
    decision that was kept beside it."""
    if decision is None:
        status, label = a.status, a.label
        confidence, rationale, flags, reason = a.confidence, a.rationale, list(a.flags or []), a.reason
    else:
        status = "unscorable" if decision.unscorable else "graded"
        label = None if decision.unscorable else decision.label
        confidence, rationale = decision.confidence, decision.rationale
        flags, reason = sorted(set(decision.flags)), decision.reason
    return {
        "assignment_id": a.id,
        "kind": kind,
        "revision": a.revision,
        "status": status,
        "label": label,
        "confidence": confidence,
        "rationale": rationale,
        "flags": flags,
        "reason": reason,
        "after_reveal": after_reveal,
        "at": utcnow(),
    }
