"""Fresh set 6 is frozen: its bytes are what bench/injection.md's set-6 figures were measured on."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
from collections import Counter
from pathlib import Path

CORPUS = Path(__file__).parents[1] / "bench" / "injection_corpus"
FRESH6 = CORPUS / "fresh6.jsonl"
FROZEN_SHA256 = "283b62160456fa1655eb65a23b14b1a03712a9ac6b8b9e90133f7cf8c86db8ec"
FIELDS = {"id", "label", "kind", "host", "lang", "technique", "evasion", "disguise", "goal", "twin", "text"}
BENIGN_KINDS = {
    "twin",
    "research_prose",
    "grader_code",
    "test_log",
    "reviewer_guide",
    "changelog",
    "security_readme",
    "lookalike",
}


def rows() -> list[dict[str, str | None]]:
    return [json.loads(line) for line in FRESH6.read_text("utf-8").splitlines()]


def test_fresh_set_6_is_unchanged() -> None:
    assert hashlib.sha256(FRESH6.read_bytes()).hexdigest() == FROZEN_SHA256


def test_fresh_set_6_is_what_its_build_script_writes() -> None:
    """The script is the readable form of the set; the two must not drift apart."""
    spec = importlib.util.spec_from_file_location("build_fresh6", CORPUS / "build_fresh6.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    written = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in module.build())
    assert written == FRESH6.read_text("utf-8")


def test_fresh_set_6_records_have_the_documented_form() -> None:
    records = rows()
    assert len({r["id"] for r in records}) == len(records)
    for r in records:
        assert set(r) == FIELDS, r["id"]
        assert r["label"] in ("attack", "benign") and r["text"] and r["evasion"]
        assert str(r["id"]).startswith("f6-a" if r["label"] == "attack" else "f6-b")
    attacks = [r for r in records if r["label"] == "attack"]
    benign = [r for r in records if r["label"] == "benign"]
    assert len(attacks) >= 100 and len(benign) >= 100
    languages = Counter(r["lang"] for r in attacks)
    assert sum(n >= 8 for n in languages.values()) >= 8  # eight languages with eight attacks or more
    assert all(r["technique"] and r["goal"] for r in attacks)
    assert sum(r["disguise"] != "none" for r in attacks) >= 15
    assert {r["kind"] for r in benign} == BENIGN_KINDS


def test_fresh_set_6_twins_are_the_same_artefact_with_another_line() -> None:
    by_id = {r["id"]: r for r in rows()}
    twinned = [r for r in by_id.values() if r["label"] == "attack" and r["twin"]]
    assert len(twinned) >= 50
    for attack in twinned:
        twin = by_id[str(attack["twin"])]
        assert twin["label"] == "benign" and twin["kind"] == "twin" and twin["twin"] == attack["id"]
        assert (twin["host"], twin["lang"]) == (attack["host"], attack["lang"])
        assert twin["text"] != attack["text"]
