"""Fresh set 8 is frozen: its bytes are what bench/injection.md's set-8 figures were measured on."""

from __future__ import annotations

from fresh_set_support import assert_documented_form, assert_twins_are_the_attacked_artefact, frozen_rows

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


def test_fresh_set_8_is_frozen_and_has_the_documented_form() -> None:
    rows = frozen_rows(8, FROZEN_SHA256)
    assert_documented_form(rows, 8, FIELDS, GOALS)
    attacks = [r for r in rows if r["label"] == "attack"]
    benign = [r for r in rows if r["label"] == "benign"]
    assert len(attacks) >= 120 and len(benign) >= 180
    assert all(r["seed_source"] for r in attacks)  # each wording names the spikee seed it came from
    assert len({r["lang"] for r in attacks}) >= 8
    assert sum(r["disguise"] != "none" for r in attacks) >= len(attacks) // 5
    assert sum(r["kind"] != "twin" for r in benign) >= 60


def test_fresh_set_8_twins_are_the_untouched_host_of_each_attack() -> None:
    """The same real file, from the same source, without the payload."""
    assert_twins_are_the_attacked_artefact(frozen_rows(8, FROZEN_SHA256), same=("source", "host"))
