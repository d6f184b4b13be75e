"""A content-addressed SQLite cache of graded judge answers: an identical request is paid once.

The key is a hash of everything that determines the answer: model, the endpoint and the model
that answers there (grading/judge/served.py), messages (with the per-call nonce normalised
away), sampling parameters, the response format and the rubric's id, version and digest. Only
graded answers are stored; an unscorable one (a timeout, a refusal) is retried next time rather
than remembered. WAL mode lets several processes (Ray workers, parallel CLI runs) share one
file. Beside the answers it keeps who answered each (model, endpoint) last, for a plan made
before any call (JudgeEngine.planned).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from pathlib import Path
from typing import Any


def cache_key(parts: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


class ResponseCache:
    """Key -> JSON payload. Synchronous on purpose: a lookup is a B-tree probe, cheaper than a thread hop."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._db = sqlite3.connect(path, timeout=30.0, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS responses (key TEXT PRIMARY KEY, model TEXT NOT NULL, "
            "rubric TEXT NOT NULL, created REAL NOT NULL, payload TEXT NOT NULL)"
        )
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS served (model TEXT NOT NULL, endpoint TEXT NOT NULL, "
            "identity TEXT NOT NULL, seen REAL NOT NULL, PRIMARY KEY (model, endpoint))"
        )

    def get(self, key: str) -> dict[str, Any] | None:
        row = self._db.execute("SELECT payload FROM responses WHERE key = ?", (key,)).fetchone()
        return json.loads(row[0]) if row else None

    def put(self, key: str, model: str, rubric: str, payload: dict[str, Any]) -> None:
        self._db.execute(
            "INSERT OR REPLACE INTO responses (key, model, rubric, created, payload) VALUES (?, ?, ?, ?, ?)",
            (key, model, rubric, time.time(), json.dumps(payload, separators=(",", ":"))),
        )

    def note_served(self, model: str, endpoint: str, identity: dict[str, Any]) -> None:
        """Who answered `model` at `endpoint` most recently (Served.cache_part)."""
        self._db.execute(
            "INSERT OR REPLACE INTO served (model, endpoint, identity, seen) VALUES (?, ?, ?, ?)",
            (model, endpoint, json.dumps(identity, sort_keys=True), time.time()),
        )

    def last_served(self, model: str, endpoint: str) -> dict[str, Any] | None:
        """The identity `note_served` kept for `model` at `endpoint`; None before any answer."""
        row = self._db.execute(
            "SELECT identity FROM served WHERE model = ? AND endpoint = ?", (model, endpoint)
        ).fetchone()
        return json.loads(row[0]) if row else None

    def mean_completion_tokens(self, model: str, rubric: str) -> float | None:
        """How long this judge's answers under this rubric (`id@version`) have been; None before any."""
        row = self._db.execute(
            "SELECT AVG(json_extract(payload, '$.completion_tokens')) FROM responses "
            "WHERE model = ? AND rubric = ?",
            (model, rubric),
        ).fetchone()
        return float(row[0]) if row and row[0] is not None else None

    def __len__(self) -> int:
        return int(self._db.execute("SELECT COUNT(*) FROM responses").fetchone()[0])

    def close(self) -> None:
        self._db.close()
