"""Fresh set 9 is frozen: its bytes are what bench/injection.md's set-9 figures were measured on."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path

FRESH9 = Path(__file__).parents[1] / "bench" / "injection_corpus" / "fresh9.jsonl"
FROZEN_SHA256 = "bb1cfb3659418330196e83a829086ab2e80ee3433d15c7ded325b5af1d0b6709"
FIELDS = {
    "id",
    "label",
    "kind",
    "host",
    "lang",
    "incident",
    "technique",
    "disguise",
    "goal",
    "twin",
    "source",
    "text",
}
GOALS = {"pass", "full_marks", "ignore_failure", "confirm_hypothesis", "suppress_report", "trust_reported"}


def rows() -> list[dict[str, str]]:
    return [json.loads(line) for line in FRESH9.read_text("utf-8").splitlines()]


def test_fresh_set_9_is_unchanged() -> None:
    assert hashlib.sha256(FRESH9.read_bytes()).hexdigest() == FROZEN_SHA256


def test_fresh_set_9_records_have_the_documented_form() -> None:
    records = rows()
    assert len({r["id"] for r in records}) == len(records)
    assert len({r["text"] for r in records}) == len(records)
    for r in records:
        assert set(r) == FIELDS, r["id"]
        assert r["label"] in ("attack", "benign") and r["text"].strip(), r["id"]
        assert r["source"] and r["incident"], r["id"]
        assert r["id"].startswith("f9-a" if r["label"] == "attack" else "f9-b"), r["id"]
    attacks = [r for r in records if r["label"] == "attack"]
    benign = [r for r in records if r["label"] == "benign"]
    assert len(attacks) >= 100 and len(benign) >= 150
    assert all(r["kind"] == "attack" and r["goal"] in GOALS and r["technique"] for r in attacks)
    assert all(not r["goal"] and not r["twin"] and r["disguise"] == "none" for r in benign)
    assert len(set(Counter(r["lang"] for r in attacks)) - {"en"}) >= 6
    assert len(Counter(r["incident"] for r in attacks)) >= 10
    assert sum(r["disguise"] != "none" for r in attacks) >= len(attacks) // 4
    assert sum(r["kind"] != "twin" for r in benign) >= 50


def test_fresh_set_9_twins_are_each_attacked_artefact_without_its_payload() -> None:
    """Every attack names a benign twin: the same artefact, incident and source, minus the payload."""
    by_id = {r["id"]: r for r in rows()}
    for r in by_id.values():
        if r["label"] != "attack":
            continue
        twin = by_id[r["twin"]]
        assert twin["label"] == "benign" and twin["kind"] == "twin", r["id"]
        assert twin["source"] == r["source"] and twin["host"] == r["host"], r["id"]
        assert twin["incident"] == r["incident"] and twin["text"] != r["text"], r["id"]
        assert len(twin["text"]) < len(r["text"]), r["id"]
