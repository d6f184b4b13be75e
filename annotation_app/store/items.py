"""Projects and their items: loading (long texts stored once, as blobs) and reading one back."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from expgrade.annotation_app.models import Blob, Item, Project
from expgrade.annotation_app.queueing import active_ranks, queue_position
from expgrade.annotation_app.store.base import StoreBase, _project
from expgrade.annotation_app.store.views import ItemSpec, ItemView, LoadResult, _item_view
from expgrade.grading.errors import UserError

#: A text of an item's artifact or ground truth this long is stored once, as a blob (models.Blob).
BLOB_MIN_CHARS = 4096
#: The key of a blob reference in an item's content: {BLOB_KEY: sha256, "chars": length}.
BLOB_KEY = "$blob"
#: Blobs kept decoded in memory per process (they never change, so a cache cannot go stale).
BLOB_CACHE = 16


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


class Items(StoreBase):
    """What is labelled: a project's items, loaded idempotently, their long texts as blobs."""

    def projects(self) -> list[str]:
        with self._tx() as s:
            return list(s.scalars(select(Project.name).order_by(Project.name)))

    def project(self, name: str) -> Project:
        with self._tx() as s:
            return _project(s, name)

    def load(
        self,
        project_name: str,
        overlap: int,
        items: Sequence[ItemSpec],
        *,
        active_queue: bool,
        queue_seed: int | None = None,
    ) -> LoadResult:
        """Add items to a project; re-loading the same items changes nothing.

        An item whose shown content changed keeps its id and its labels (they stay tied to
        the hash they were given against, through the export's provenance). The in-order
        queue serves items in the random order of `queue_seed` (`queueing.queue_position`):
        None keeps the seed the project recorded (0 for a new project); another seed re-orders
        the items not labelled yet.
        """
        if overlap < 1:
            raise UserError("overlap must be at least 1", field="--overlap")
        added = updated = unchanged = 0
        with self._tx() as s:
            project = s.scalar(select(Project).where(Project.name == project_name))
            if project is None:
                project = Project(
                    name=project_name, overlap=overlap, active_queue=active_queue, queue_seed=queue_seed or 0
                )
                s.add(project)
                s.flush()
            project.overlap = overlap
            project.active_queue = active_queue
            if queue_seed is not None:
                project.queue_seed = queue_seed
            seed = project.queue_seed
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
            for key, row in existing.items():
                position = queue_position(seed, key)
                if row.queue_pos != position:
                    row.queue_pos = position
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
