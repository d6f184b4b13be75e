"""SQLAlchemy 2 models of the annotation store.

The overlap guarantee lives in the schema, not in application code alone: an assignment holds
one of the item's K numbered *slots*, and `UNIQUE(item_id, slot)` makes a (K+1)-th holder
impossible whatever the interleaving of concurrent claims. A skipped or expired claim gives
its slot back by setting it to NULL (NULLs never collide in a unique index on SQLite or
PostgreSQL) while `UNIQUE(item_id, user_id)` keeps the item from being served to the same
person twice. Every submit or edit also appends a row to `label_events`, so edits keep
their history.

The label an assignment holds is the *blind* one: once the annotator has been shown the
judges and the other annotators (`revealed_at`), a change no longer overwrites it but is
stored as its own event marked `after_reveal`, so the gold set keeps what people said before
they knew what anyone else said.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

#: Bump with every schema change and add the step to `store.MIGRATIONS`.
SCHEMA_VERSION = 7


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    type_annotation_map: ClassVar[dict[Any, Any]] = {dict[str, Any]: JSON, list[str]: JSON}


class Meta(Base):
    """Key/value facts about the database itself; `schema_version` drives migrations."""

    __tablename__ = "meta"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(String(256))


class User(Base):
    __tablename__ = "users"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    role: Mapped[str] = mapped_column(String(16), default="annotator")
    #: may settle disagreements (`Adjudication`); a role beside `role`, so an annotator or an
    #: admin can hold it, and an admin does not hold it unless given it
    adjudicator: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: sha256 of the sign-in token; the token itself is shown once and never stored.
    token_hash: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    __table_args__ = (CheckConstraint("role IN ('annotator', 'admin')", name="ck_users_role"),)


class Project(Base):
    __tablename__ = "projects"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    overlap: Mapped[int] = mapped_column(Integer)
    active_queue: Mapped[bool] = mapped_column(Boolean, default=False)
    #: an unsubmitted claim older than this gives its slot back to the queue
    claim_ttl_s: Mapped[int] = mapped_column(Integer, default=3600)
    #: seed of the in-order queue's random order (`queueing.queue_position`): recorded so the
    #: order an annotator was served in can be rebuilt from the item keys alone
    queue_seed: Mapped[int] = mapped_column(Integer, default=0, server_default=text("0"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    __table_args__ = (CheckConstraint("overlap >= 1", name="ck_projects_overlap"),)


class Item(Base):
    """One calibration unit: submission × subtask × criterion, with everything shown."""

    __tablename__ = "items"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    project_id: Mapped[int] = mapped_column(ForeignKey("projects.id"))
    item_key: Mapped[str] = mapped_column(String(1000))
    task_id: Mapped[str | None] = mapped_column(String(500), nullable=True)
    submission_id: Mapped[str | None] = mapped_column(String(500), nullable=True)
    agent: Mapped[str | None] = mapped_column(String(200), nullable=True)
    agent_model: Mapped[str | None] = mapped_column(String(200), nullable=True)
    subtask: Mapped[str | None] = mapped_column(String(64), nullable=True)
    criterion: Mapped[str | None] = mapped_column(Text, nullable=True)
    #: "binary" (pass/fail) or the ordered levels of the criterion's scale
    scale: Mapped[list[str]] = mapped_column(JSON)
    rubric_version: Mapped[str | None] = mapped_column(String(200), nullable=True)
    #: what the annotator sees (task, ground truth, artifact); hashed into content_hash
    content: Mapped[dict[str, Any]] = mapped_column(JSON)
    content_hash: Mapped[str] = mapped_column(String(64))
    #: judge verdicts: hidden from an annotator until they have submitted
    judges: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    seq: Mapped[int] = mapped_column(Integer)
    #: slots currently held (open or submitted claims): lets the queue skip full items without
    #: counting; the unique (item, slot) constraint, not this counter, is what caps labels at K
    held: Mapped[int] = mapped_column(Integer, default=0)
    #: judge disagreement + uncertainty (see queueing.judge_priority); never shown to annotators
    priority: Mapped[float] = mapped_column(Float, default=0.0)
    #: position in the active queue (lower first); never shown to annotators
    active_rank: Mapped[int] = mapped_column(Integer, default=0)
    #: position in the in-order queue (lower first): a seeded hash of the item key, so a person
    #: who stops partway has labelled a uniform random sample, not the first tasks loaded
    queue_pos: Mapped[int] = mapped_column(BigInteger, default=0, server_default=text("0"))
    __table_args__ = (
        UniqueConstraint("project_id", "item_key", name="uq_items_key"),
        Index("ix_items_project_seq", "project_id", "seq"),
        Index("ix_items_project_rank", "project_id", "active_rank"),
        #: the in-order queue's walk (ties, never expected, fall back to the id)
        Index("ix_items_project_queue", "project_id", "queue_pos", "id"),
        #: the flagged lane of the in-order queue (priority >= INJECTION_PRIORITY) without a scan
        Index("ix_items_project_priority", "project_id", "priority"),
    )


class Blob(Base):
    """A large text an item shows (a diff, a log), stored once however many items show it.

    Keyed by the sha256 of its UTF-8 bytes: every criterion of a submission shows the same
    diff, and storing it per item made 13 items of a 5 MB submission take 134 MB. An item's
    `content` holds `{"blob": sha256, "chars": n}` in its place (`store.BLOB_MIN_CHARS`).
    """

    __tablename__ = "blobs"
    sha256: Mapped[str] = mapped_column(String(64), primary_key=True)
    text: Mapped[str] = mapped_column(Text)


class Assignment(Base):
    """One annotator's claim on one item, and once submitted, their current label."""

    __tablename__ = "assignments"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    item_id: Mapped[int] = mapped_column(ForeignKey("items.id"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    slot: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: open -> submitted | skipped | expired
    state: Mapped[str] = mapped_column(String(16), default="open")
    claimed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    status: Mapped[str | None] = mapped_column(String(16), nullable=True)  # graded | unscorable
    label: Mapped[str | None] = mapped_column(String(200), nullable=True)
    confidence: Mapped[float | None] = mapped_column(Float, nullable=True)
    rationale: Mapped[str | None] = mapped_column(Text, nullable=True)
    flags: Mapped[list[str]] = mapped_column(JSON, default=list)
    reason: Mapped[str | None] = mapped_column(Text, nullable=True)
    submitted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    updated_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    revision: Mapped[int] = mapped_column(Integer, default=0)
    #: when the annotator was first shown the judges and the others' labels for this item
    revealed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    #: where a label made outside the app came from (`annotate import-labels`): format, file,
    #: record; None for a label given in the app
    source: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    __table_args__ = (
        UniqueConstraint("item_id", "slot", name="uq_assignments_slot"),
        UniqueConstraint("item_id", "user_id", name="uq_assignments_user"),
        CheckConstraint("slot IS NULL OR slot >= 0", name="ck_assignments_slot"),
        CheckConstraint("state IN ('open', 'submitted', 'skipped', 'expired')", name="ck_assignments_state"),
        Index("ix_assignments_user_state", "user_id", "state"),
    )


class LabelEvent(Base):
    """Append-only history: every submit, edit and skip, as it was at that moment."""

    __tablename__ = "label_events"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    assignment_id: Mapped[int] = mapped_column(ForeignKey("assignments.id"), index=True)
    kind: Mapped[str] = mapped_column(String(16))  # submit | edit | skip
    revision: Mapped[int] = mapped_column(Integer)
    #: made after the reveal: kept beside the blind label, never in place of it
    after_reveal: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    status: Mapped[str | None] = mapped_column(String(16), nullable=True)
    label: Mapped[str | None] = mapped_column(String(200), nullable=True)
    confidence: Mapped[float | None] = mapped_column(Float, nullable=True)
    rationale: Mapped[str | None] = mapped_column(Text, nullable=True)
    flags: Mapped[list[str]] = mapped_column(JSON, default=list)
    reason: Mapped[str | None] = mapped_column(Text, nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class SignInSession(Base):
    """A signed-in browser: the random id lives in a cookie of that browser, only its hash
    here, so a reload or a new tab keeps the annotator signed in until `expires_at`, sign-out
    (which ends every session of the user), a re-issued token or `annotate revoke`."""

    __tablename__ = "sessions"
    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Adjudication(Base):
    """An adjudicator's decision on an item whose labels disagree: the item's gold label.

    Append-only: deciding again adds a row and the newest one is the decision, so the trail of
    who decided what, when and why is kept. `settled` holds the submitted (blind) labels the
    decision was made over, as they were at that moment; the labels themselves are untouched.
    """

    __tablename__ = "adjudications"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    item_id: Mapped[int] = mapped_column(ForeignKey("items.id"), index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    status: Mapped[str] = mapped_column(String(16))  # graded | unscorable
    label: Mapped[str | None] = mapped_column(String(200), nullable=True)
    reason: Mapped[str] = mapped_column(Text)
    #: [{annotator, label, status, confidence, revision}] of the labels it settled
    settled: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
