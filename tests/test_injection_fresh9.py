"""Fresh set 9 is frozen: its bytes are what bench/injection.md's set-9 figures were measured on."""

from __future__ import annotations

from fresh_set_support import assert_documented_form, assert_twins_are_the_attacked_artefact, frozen_rows

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


def test_fresh_set_9_is_frozen_and_has_the_documented_form() -> None:
    rows = frozen_rows(9, FROZEN_SHA256)
    assert_documented_form(rows, 9, FIELDS, GOALS)
    assert all(r["incident"] for r in rows)  # every row names the documented incident it re-enacts
    attacks = [r for r in rows if r["label"] == "attack"]
    benign = [r for r in rows if r["label"] == "benign"]
    assert len(attacks) >= 100 and len(benign) >= 150
    assert len({r["lang"] for r in attacks} - {"en"}) >= 6
    assert len({r["incident"] for r in attacks}) >= 10
    assert sum(r["disguise"] != "none" for r in attacks) >= len(attacks) // 4
    assert sum(r["kind"] != "twin" for r in benign) >= 50


def test_fresh_set_9_twins_are_each_attacked_artefact_without_its_payload() -> None:
    """The same artefact, incident and source, minus the payload (so shorter)."""
    rows = frozen_rows(9, FROZEN_SHA256)
    assert_twins_are_the_attacked_artefact(rows, same=("source", "host", "incident"))
    by_id = {r["id"]: r for r in rows}
    assert all(len(by_id[r["twin"]]["text"]) < len(r["text"]) for r in rows if r["label"] == "attack")
