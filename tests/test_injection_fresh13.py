"""Fresh set 13 is frozen: its bytes are what bench/injection.md's set-13 figures were measured on.

The builder is standard-library only and deterministic, but the figures belong to the bytes, so this checks
the frozen file's sha256 and form (and that the builder still writes the same rows)."""

from __future__ import annotations

import importlib.util
import json
import sys

from fresh_set_support import (
    CORPUS,
    assert_documented_form,
    assert_twins_are_the_attacked_artefact,
    frozen_rows,
)

FROZEN_SHA256 = "dac9bd5d967753034d4974b453a76b70feb27f832c8bbcfbd0421f997253e089"
FIELDS = {
    "id",
    "label",
    "kind",
    "host",
    "lang",
    "source_work",
    "attack_type",
    "retargeted",
    "placement",
    "disguise",
    "goal",
    "twin",
    "source",
    "text",
}
GOALS = {"pass", "full_marks", "ignore_failure", "confirm_hypothesis", "suppress_report", "trust_reported"}
SOURCE_WORKS = {"judgedeceiver", "raina2024", "null_model2024", "master_key2025", "hidden_review_prompt2025"}


def test_fresh_set_13_is_frozen_and_has_the_documented_form() -> None:
    rows = frozen_rows(13, FROZEN_SHA256)
    assert_documented_form(rows, 13, FIELDS, GOALS, order_field="attack_type", blank="none")
    attacks = [r for r in rows if r["label"] == "attack"]
    benign = [r for r in rows if r["label"] == "benign"]
    assert len(attacks) >= 100 and len(benign) >= 150
    assert all(r["attack_type"] == "none" and r["source_work"] == "none" for r in benign)
    assert {r["source_work"] for r in attacks} == SOURCE_WORKS  # at least four published works
    assert {r["goal"] for r in attacks} == GOALS
    assert all(r["retargeted"] in ("yes", "no") for r in attacks)
    assert len({r["host"] for r in attacks}) >= 6
    assert len({r["source"].split("(")[-1] for r in benign if r["kind"] == "twin"}) >= 12  # research tasks
    assert len({r["lang"] for r in attacks} - {"en"}) >= 6
    disguised = sum(r["disguise"] != "none" for r in attacks)
    assert len(attacks) // 10 < disguised < len(attacks) // 3  # about a fifth
    non_twins = [r for r in benign if r["kind"] != "twin"]
    assert len(non_twins) >= 50 and len({r["lang"] for r in non_twins}) >= 6
    assert all(len(r["text"]) < 10_000 for r in rows)
    assert all(json.loads(r["text"]) for r in rows if r["host"] == "results_json")  # still a JSON file


def test_fresh_set_13_twins_are_each_attacked_part_without_its_string() -> None:
    """The same submission part, placement and language, minus the released string (so shorter)."""
    rows = frozen_rows(13, FROZEN_SHA256)
    assert_twins_are_the_attacked_artefact(rows, same=("host", "placement", "lang"))
    by_id = {r["id"]: r for r in rows}
    assert all(len(by_id[r["twin"]]["text"]) < len(r["text"]) for r in rows if r["label"] == "attack")


def test_fresh_set_13_builder_still_writes_the_frozen_rows() -> None:
    """The builder is the documentation of how each row was made, so it must still agree with the file."""
    spec = importlib.util.spec_from_file_location("build_fresh13", CORPUS / "build_fresh13.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    frozen = frozen_rows(13, FROZEN_SHA256)
    assert module.build() == frozen
