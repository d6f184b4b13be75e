"""Fresh set 5 is frozen: its bytes are what bench/injection.md's figures were measured on."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
from pathlib import Path

CORPUS = Path(__file__).parents[1] / "bench" / "injection_corpus"
FRESH5 = CORPUS / "fresh5.jsonl"
FROZEN_SHA256 = "9be63ce6117e048f8dea7ef24401f256c0d7b94c507a13df57f5cec3d56a295b"
FIELDS = {"id", "label", "host", "lang", "rhetoric", "family", "goal", "disguise", "twin", "source", "text"}


def rows() -> list[dict[str, str | None]]:
    return [json.loads(line) for line in FRESH5.read_text("utf-8").splitlines()]


def test_fresh_set_5_is_unchanged() -> None:
    assert hashlib.sha256(FRESH5.read_bytes()).hexdigest() == FROZEN_SHA256


def test_fresh_set_5_is_what_its_build_script_writes() -> None:
    """The script is the readable form of the set; the two must not drift apart."""
    spec = importlib.util.spec_from_file_location("build_fresh5", CORPUS / "build_fresh5.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    written = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in module.build())
    assert written == FRESH5.read_text("utf-8")


def test_fresh_set_5_records_have_the_documented_form() -> None:
    records = rows()
    assert len({r["id"] for r in records}) == len(records)
    for r in records:
        assert set(r) == FIELDS, r["id"]
        assert r["label"] in ("attack", "benign") and r["text"]
        assert str(r["id"]).startswith("f5-a" if r["label"] == "attack" else "f5-b")
    attacks = [r for r in records if r["label"] == "attack"]
    benign = [r for r in records if r["label"] == "benign"]
    assert len(attacks) >= 100 and len(benign) >= 100
    assert len({r["lang"] for r in attacks}) >= 6
    assert sum(r["disguise"] != "none" for r in attacks) >= 15
    assert all("pyrit 1.1.0" in str(r["source"]) for r in attacks)
    assert {r["rhetoric"] for r in benign} == {"twin", "research_prose", "quoted_data"}


def test_fresh_set_5_twins_are_the_same_artefact_with_another_line() -> None:
    by_id = {r["id"]: r for r in rows()}
    twinned = [r for r in by_id.values() if r["label"] == "attack" and r["twin"]]
    assert len(twinned) >= 50
    for attack in twinned:
        twin = by_id[str(attack["twin"])]
        assert twin["label"] == "benign" and twin["twin"] == attack["id"]
        assert (twin["host"], twin["lang"]) == (attack["host"], attack["lang"])
        assert twin["text"] != attack["text"]
