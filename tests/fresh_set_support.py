"""What every frozen fresh injection set promises, checked one way for each (sets 8 to 12)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

CORPUS = Path(__file__).parents[1] / "bench" / "injection_corpus"


def frozen_rows(n: int, sha256: str) -> list[dict[str, str]]:
    """Fresh set `n`'s rows, after checking its bytes are the ones its figures were measured on."""
    path = CORPUS / f"fresh{n}.jsonl"
    assert hashlib.sha256(path.read_bytes()).hexdigest() == sha256, f"{path.name} changed after it was frozen"
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


def assert_documented_form(
    rows: list[dict[str, str]],
    n: int,
    fields: set[str],
    goals: set[str],
    order_field: str = "technique",
    blank: str = "",
) -> None:
    """Unique ids and texts, exactly the documented fields, `f{n}-a…` attacks with a goal and an
    `order_field` (how the order is worded), `f{n}-b…` benign rows with neither goal nor twin nor
    disguise (a set may write "no goal" as `blank`, e.g. "none")."""
    assert len({r["id"] for r in rows}) == len(rows)
    assert len({r["text"] for r in rows}) == len(rows)
    for r in rows:
        assert set(r) == fields, r["id"]
        assert r["label"] in ("attack", "benign") and r["text"].strip() and r["source"], r["id"]
        attack = r["label"] == "attack"
        assert r["id"].startswith(f"f{n}-a" if attack else f"f{n}-b"), r["id"]
        if attack:
            assert r["kind"] == "attack" and r["goal"] in goals and r[order_field] not in ("", blank), r["id"]
        else:
            assert r["goal"] == blank and not r["twin"] and r["disguise"] == "none", r["id"]


def assert_twins_are_the_attacked_artefact(rows: list[dict[str, str]], same: tuple[str, ...]) -> None:
    """Every attack names a benign twin: the same artefact (equal in `same`), a different text."""
    by_id = {r["id"]: r for r in rows}
    for r in by_id.values():
        if r["label"] != "attack":
            continue
        twin = by_id[r["twin"]]
        assert twin["label"] == "benign" and twin["kind"] == "twin", r["id"]
        assert all(twin[k] == r[k] for k in same) and twin["text"] != r["text"], r["id"]
