"""Engines and migrations: SQLite under a data folder by default, PostgreSQL through a URL.

SQLite runs in WAL mode with a busy timeout, and every transaction starts with
`BEGIN IMMEDIATE`: a deferred transaction that reads and then writes can fail at once with
SQLITE_BUSY when another writer committed in between (the busy timeout does not apply to
that case), which would turn a concurrent submit into an error instead of a short wait.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Connection,
    Engine,
    Table,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, OperationalError

from expgrade.annotation_app.models import (
    SCHEMA_VERSION,
    Adjudication,
    Assignment,
    Base,
    Blob,
    Item,
    LabelEvent,
    Meta,
    Project,
    SignInSession,
    User,
)
from expgrade.annotation_app.queueing import queue_position
from expgrade.grading.errors import UserError

BUSY_TIMEOUT_S = 30


def data_dir() -> Path:
    """`$EXPGRADE_DATA_DIR`, else `~/.expgrade`: where the default SQLite file lives."""
    return Path(os.environ.get("EXPGRADE_DATA_DIR") or Path.home() / ".expgrade")


def resolve_url(db: str | None) -> str:
    """A SQLAlchemy URL from `--db`: a URL as given, a bare path as a SQLite file, None the default.

    `postgresql://` gets the psycopg 3 driver, the one expgrade installs.
    """
    if not db:
        return f"sqlite:///{data_dir() / 'annotate.db'}"
    if "://" not in db:
        return f"sqlite:///{Path(db).expanduser().resolve()}"
    for prefix in ("postgresql://", "postgres://"):
        if db.startswith(prefix):
            return "postgresql+psycopg://" + db[len(prefix) :]
    return db


def make_engine(db: str | None) -> Engine:
    """An engine ready for concurrent writers on either backend."""
    url = resolve_url(db)
    try:
        parsed = make_url(url)
    except ArgumentError as exc:
        raise UserError(f"not a database URL: {exc}", field="--db") from None
    if parsed.get_backend_name() == "sqlite":
        return _sqlite_engine(url, parsed.database)
    if parsed.get_backend_name() == "postgresql":
        return create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)
    raise UserError(
        f"unsupported database '{parsed.get_backend_name()}'; use sqlite or postgresql", field="--db"
    )


def _sqlite_engine(url: str, database: str | None) -> Engine:
    if database and database != ":memory:":
        Path(database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(
        url,
        connect_args={"timeout": BUSY_TIMEOUT_S, "check_same_thread": False},
        pool_size=10,
        max_overflow=20,
    )

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # we issue BEGIN ourselves
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_S * 1000}")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


def _create_v1(conn: Connection) -> None:
    Base.metadata.create_all(conn)


def _create_v2(conn: Connection) -> None:
    SignInSession.__table__.create(conn, checkfirst=True)  # type: ignore[attr-defined]


def _create_v3(conn: Connection) -> None:
    Blob.__table__.create(conn, checkfirst=True)  # type: ignore[attr-defined]


def _add_column(conn: Connection, table: Table, column: str) -> None:
    """ALTER TABLE ... ADD COLUMN for a column of the current model, unless it is there (a
    database created by version 1's `create_all` already has every current column)."""
    if column in {c["name"] for c in inspect(conn).get_columns(table.name)}:
        return
    col = table.c[column]
    ddl = f"ALTER TABLE {table.name} ADD COLUMN {column} {col.type.compile(dialect=conn.dialect)}"
    default = getattr(col.server_default, "arg", None)
    if default is not None:
        ddl += f" NOT NULL DEFAULT {default.compile(dialect=conn.dialect)}"
    conn.execute(text(ddl))


def _blind_labels_v4(conn: Connection) -> None:
    _add_column(conn, Assignment.__table__, "revealed_at")  # type: ignore[arg-type]
    _add_column(conn, LabelEvent.__table__, "after_reveal")  # type: ignore[arg-type]
    for index in Item.__table__.indexes:  # type: ignore[attr-defined]
        if index.name == "ix_items_project_priority":
            index.create(conn, checkfirst=True)


def _item_list_index_v5(conn: Connection) -> None:
    """On SQLite, an index that covers `Store.find_items`, so the admin page's item list reads
    the index instead of the wide rows. Not on PostgreSQL, whose index entries are
    capped at about 2.7 kB while a criterion is free text (and whose reads are not the cost)."""
    if conn.dialect.name == "sqlite":
        conn.exec_driver_sql(
            "CREATE INDEX IF NOT EXISTS ix_items_list ON items (project_id, seq, id, item_key, "
            "task_id, submission_id, agent, agent_model, subtask, criterion)"
        )


def _adjudication_v6(conn: Connection) -> None:
    """The adjudicator role, where an imported label came from, and the adjudications table:
    additive, so a database of any earlier version keeps every row as it was."""
    _add_column(conn, User.__table__, "adjudicator")  # type: ignore[arg-type]
    _add_column(conn, Assignment.__table__, "source")  # type: ignore[arg-type]
    Adjudication.__table__.create(conn, checkfirst=True)  # type: ignore[attr-defined]


def _random_queue_v7(conn: Connection) -> None:
    """The in-order queue's random order: each project's seed (0, the default, recorded) and
    each item's place from it, so a project loaded before serves its unlabelled items in the
    random order too (the items labelled so far stay the load-order prefix they were)."""
    _add_column(conn, Project.__table__, "queue_seed")  # type: ignore[arg-type]
    _add_column(conn, Item.__table__, "queue_pos")  # type: ignore[arg-type]
    for index in Item.__table__.indexes:  # type: ignore[attr-defined]
        if index.name == "ix_items_project_queue":
            index.create(conn, checkfirst=True)
    rows = conn.execute(
        select(Item.id, Item.item_key, Project.queue_seed).join(Project, Project.id == Item.project_id)
    ).all()
    place = update(Item).where(Item.id == bindparam("item_id")).values(queue_pos=bindparam("pos"))
    for start in range(0, len(rows), 5000):
        chunk = rows[start : start + 5000]
        conn.execute(place, [{"item_id": i, "pos": queue_position(seed, key)} for i, key, seed in chunk])


#: schema version -> the step that brings a database from the previous version to it.
#: Version 1 creates the tables; later versions add ALTER steps here and bump SCHEMA_VERSION.
MIGRATIONS: dict[int, Callable[[Connection], None]] = {
    1: _create_v1,
    2: _create_v2,
    3: _create_v3,
    4: _blind_labels_v4,
    5: _item_list_index_v5,
    6: _adjudication_v6,
    7: _random_queue_v7,
}


def schema_version(conn: Connection) -> int:
    if not inspect(conn).has_table(Meta.__tablename__):
        return 0
    value = conn.execute(select(Meta.value).where(Meta.key == "schema_version")).scalar()
    return int(value) if value is not None else 0


def migrate(engine: Engine) -> int:
    """Bring the database to SCHEMA_VERSION, one recorded step at a time; returns the version.

    Runs inside one transaction (serialised by BEGIN IMMEDIATE on SQLite and an advisory lock
    on PostgreSQL), so two app processes starting together cannot both create the tables.
    """
    try:
        with engine.begin() as conn:
            if engine.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(7207)"))
            current = schema_version(conn)
            if current > SCHEMA_VERSION:
                raise UserError(
                    f"the database has schema version {current}, newer than this expgrade understands "
                    f"({SCHEMA_VERSION}); upgrade expgrade",
                    field="--db",
                )
            for version in range(current + 1, SCHEMA_VERSION + 1):
                MIGRATIONS[version](conn)
                conn.execute(delete(Meta).where(Meta.key == "schema_version"))
                conn.execute(insert(Meta).values(key="schema_version", value=str(version)))
            return SCHEMA_VERSION
    except OperationalError as exc:
        raise UserError(f"cannot open the database {engine.url!r}: {exc.orig}", field="--db") from None
