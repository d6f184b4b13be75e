"""The annotation store: projects, items, users, and the atomic claim / submit / skip.

Every public method is one short transaction that commits before it returns, so a label is
durable the moment `submit` returns (nothing is held in the browser session), and a reload
resumes from the database: the annotator's open claim comes back first.

The store is built of rooms, one per concern, each a class over the same engine and
transaction (`base.StoreBase`): users and sessions (`users`), projects and items (`items`),
the queue and its claims (`queue`, where the look-ahead's hold `hold_next` lives beside `claim`), labels
with their revisions and the reveal (`labels`), adjudication (`adjudication`), labels made
elsewhere (`imports`) and the reads of the admin, dashboard and export (`reports`). `Store`
is all of them; every name this module exported before the split is still exported here.
"""

from __future__ import annotations

from expgrade.annotation_app.store.adjudication import Adjudications
from expgrade.annotation_app.store.base import FifoLock, StoreBase
from expgrade.annotation_app.store.imports import Imports
from expgrade.annotation_app.store.items import (
    BLOB_CACHE,
    BLOB_KEY,
    BLOB_MIN_CHARS,
    Items,
    is_blob,
    stored_content,
    text_length,
)
from expgrade.annotation_app.store.labels import ASSIGNMENTS, EVENTS, Labels
from expgrade.annotation_app.store.queue import CANDIDATES_PER_CLAIM, CLAIM_PATIENCE_S, HOLD_TTL_S, Queue
from expgrade.annotation_app.store.reports import Reports
from expgrade.annotation_app.store.users import Users
from expgrade.annotation_app.store.views import (
    AssignmentView,
    ClaimLost,
    Decision,
    Hold,
    HoldLost,
    ImportedLabel,
    ImportResult,
    ItemRow,
    ItemSpec,
    ItemView,
    LabelEntry,
    LabelInput,
    LabelRevision,
    LabelVote,
    LoadResult,
    Reveal,
    SessionEnded,
    StaleClaim,
    UserView,
    content_hash,
    hash_token,
    opaque_id,
)


class Store(Users, Items, Queue, Labels, Adjudications, Imports, Reports):
    """All reads and writes of the annotation database: every room over one engine."""


__all__ = [
    "ASSIGNMENTS",
    "BLOB_CACHE",
    "BLOB_KEY",
    "BLOB_MIN_CHARS",
    "CANDIDATES_PER_CLAIM",
    "CLAIM_PATIENCE_S",
    "EVENTS",
    "HOLD_TTL_S",
    "AssignmentView",
    "ClaimLost",
    "Decision",
    "FifoLock",
    "Hold",
    "HoldLost",
    "ImportResult",
    "ImportedLabel",
    "ItemRow",
    "ItemSpec",
    "ItemView",
    "LabelEntry",
    "LabelInput",
    "LabelRevision",
    "LabelVote",
    "LoadResult",
    "Reveal",
    "SessionEnded",
    "StaleClaim",
    "Store",
    "StoreBase",
    "UserView",
    "content_hash",
    "hash_token",
    "is_blob",
    "opaque_id",
    "stored_content",
    "text_length",
]
