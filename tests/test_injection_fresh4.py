"""Fresh set 4 is frozen: its bytes are what bench/injection.md's figures were measured on."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

FRESH4 = Path(__file__).parents[1] / "bench" / "injection_corpus" / "fresh4.jsonl"
FROZEN_SHA256 = "48e5d3cffd10ece9d1822af3c43d71b6c7914eff40e027486b07e16a03f84951"


def test_fresh_set_4_is_unchanged() -> None:
    assert hashlib.sha256(FRESH4.read_bytes()).hexdigest() == FROZEN_SHA256


def test_fresh_set_4_pairs_every_attack_with_a_benign_twin_of_the_same_file() -> None:
    rows = {r["id"]: r for r in map(json.loads, FRESH4.read_text("utf-8").splitlines())}
    attacks = [r for r in rows.values() if r["label"] == "attack"]
    benign = [r for r in rows.values() if r["label"] == "benign"]
    assert len(attacks) >= 80 and len(benign) >= 80
    assert len({r["lang"] for r in attacks} - {"mixed"}) >= 6
    for attack in attacks:
        twin = rows[attack["twin"]]
        assert twin["label"] == "benign" and twin["twin"] == attack["id"]
        assert (twin["host"], twin["lang"]) == (attack["host"], attack["lang"])
        assert twin["text"] != attack["text"]
