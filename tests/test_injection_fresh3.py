"""Fresh set 3 is frozen: its bytes are what bench/injection.md's figures were measured on."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

FRESH3 = Path(__file__).parents[1] / "bench" / "injection_corpus" / "fresh3.jsonl"
FROZEN_SHA256 = "56664caf92960826376b6121ac3e012be497c14eb812ae596c2843d52a90e949"


def test_fresh_set_3_is_unchanged() -> None:
    assert hashlib.sha256(FRESH3.read_bytes()).hexdigest() == FROZEN_SHA256


def test_fresh_set_3_covers_placements_languages_and_disguises() -> None:
    rows = [json.loads(line) for line in FRESH3.read_text("utf-8").splitlines()]
    attacks = [r for r in rows if r["label"] == "attack"]
    assert {"comment", "docstring", "log", "readme", "results"} <= {r["placement"] for r in attacks}
    assert len({r["lang"] for r in attacks} - {"mixed"}) >= 6
    assert len({r["disguise"] for r in attacks} - {"none"}) >= 5
