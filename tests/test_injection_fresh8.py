"""Fresh set 8 is frozen: its bytes are what bench/injection.md's set-8 figures were measured on."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path

FRESH8 = Path(__file__).parents[1] / "bench" / "injection_corpus" / "fresh8.jsonl"
FROZEN_SHA256 = "cba61c09181fa70737532df9b21194d9fb1d6e6fc4d68c02af17f58394ec5e45"
FIELDS = {
    "id",
    "label",
    "kind",
    "host",
    "lang",
    "technique",
    "seed_source",
    "disguise",
    "goal",
    "twin",
    "source",
    "text",
}
GOALS = {"pass", "full_marks", "ignore_failure", "confirm_hypothesis", "suppress_report"}


def rows() -> list[dict[str, str]]:
    return [json.loads(line) for line in FRESH8.read_text("utf-8").splitlines()]


def test_fresh_set_8_is_unchanged() -> None:
    assert hashlib.sha256(FRESH8.read_bytes()).hexdigest() == FROZEN_SHA256


def test_fresh_set_8_records_have_the_documented_form() -> None:
    records = rows()
    assert len({r["id"] for r in records}) == len(records)
    assert len({r["text"] for r in records}) == len(records)
    for r in records:
        assert set(r) == FIELDS, r["id"]
        assert r["label"] in ("attack", "benign") and r["text"].strip() and r["source"], r["id"]
        assert r["id"].startswith("f8-a" if r["label"] == "attack" else "f8-b"), r["id"]
    attacks = [r for r in records if r["label"] == "attack"]
    benign = [r for r in records if r["label"] == "benign"]
    assert len(attacks) >= 120 and len(benign) >= 180
    assert all(
        r["kind"] == "attack" and r["goal"] in GOALS and r["technique"] and r["seed_source"] for r in attacks
    )
    assert all(not r["goal"] and not r["twin"] and r["disguise"] == "none" for r in benign)
    assert len(Counter(r["lang"] for r in attacks)) >= 8
    assert sum(r["disguise"] != "none" for r in attacks) >= len(attacks) // 5
    assert sum(r["kind"] != "twin" for r in benign) >= 60


def test_fresh_set_8_twins_are_the_untouched_host_of_each_attack() -> None:
    """Every attack names a benign twin: the same real file, from the same source, without the payload."""
    by_id = {r["id"]: r for r in rows()}
    for r in by_id.values():
        if r["label"] != "attack":
            continue
        twin = by_id[r["twin"]]
        assert twin["label"] == "benign" and twin["kind"] == "twin", r["id"]
        assert twin["source"] == r["source"] and twin["host"] == r["host"], r["id"]
        assert twin["text"] != r["text"], r["id"]
