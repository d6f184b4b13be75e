"""The store's shared ground: the engine, one transaction per public call, and the first-come,
first-served queue of SQLite writers that every room's transactions wait in."""

from __future__ import annotations

import contextlib
import threading
from collections import deque
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any, Self

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session, sessionmaker

from expgrade.annotation_app.db import make_engine, migrate
from expgrade.annotation_app.models import Project
from expgrade.grading.errors import UserError


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


class StoreBase:
    """The engine and the transaction every room's public calls run in."""

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
    def open(cls, db: str | None) -> Self:
        """Open (and create or migrate) the database `--db` names."""
        engine = make_engine(db)
        migrate(engine)
        return cls(engine)

    @contextlib.contextmanager
    def _tx(self) -> Iterator[Session]:
        with self._serial, self._sessions() as session, session.begin():
            yield session


def _aware(at: datetime) -> datetime:
    """SQLite hands back naive datetimes for what was stored as UTC."""
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)


def _project(s: Session, name: str) -> Project:
    project = s.scalar(select(Project).where(Project.name == name))
    if project is None:
        known = ", ".join(s.scalars(select(Project.name).order_by(Project.name))) or "none"
        raise UserError(f"no project named '{name}' (known: {known})", field="--project")
    return project
