"""Fresh set 11 is frozen: its bytes are what bench/injection.md's set-11 figures were measured on.

The builder calls pandas, matplotlib and nbformat, whose output can change between versions, so this checks
the frozen file's sha256 and form rather than rebuilding it (FRESH11.md names the versions that wrote it)."""

from __future__ import annotations

from fresh_set_support import assert_documented_form, assert_twins_are_the_attacked_artefact, frozen_rows

FROZEN_SHA256 = "fad6a2619ecfe5a590534ad464e55cce1a7dd6a5cfc9dfb1a289bcae379d8f10"
FIELDS = {
    "id",
    "label",
    "kind",
    "host",
    "lang",
    "collection",
    "placement",
    "disguise",
    "goal",
    "twin",
    "source",
    "text",
}
GOALS = {"pass", "full_marks", "ignore_failure", "confirm_hypothesis", "suppress_report", "trust_reported"}
COLLECTIONS = {"payloadsallthethings", "promptmap", "pallms", "arc_pi_taxonomy"}
HIDDEN = {"cell_metadata", "html_attribute", "latex_comment", "invisible_text", "off_canvas"}


def test_fresh_set_11_is_frozen_and_has_the_documented_form() -> None:
    rows = frozen_rows(11, FROZEN_SHA256)
    assert_documented_form(rows, 11, FIELDS, GOALS, order_field="collection", blank="none")
    attacks = [r for r in rows if r["label"] == "attack"]
    benign = [r for r in rows if r["label"] == "benign"]
    assert len(attacks) >= 100 and len(benign) >= 150
    assert all(r["collection"] == "none" for r in benign)
    assert {r["collection"] for r in attacks} == COLLECTIONS  # at least three practitioner collections
    assert all(r["source"].split(":")[0].count("@") == 1 for r in attacks)  # collection@commit:file
    assert len({r["host"] for r in attacks}) >= 5  # writer kinds
    hidden = sum(r["placement"] in HIDDEN for r in attacks)
    assert 0 < hidden < len(attacks) // 2  # some unseen when rendered, most visible
    assert len({r["lang"] for r in attacks} - {"en"}) >= 6
    assert sum(r["disguise"] != "none" for r in attacks) >= len(attacks) / 4
    assert sum(r["kind"] != "twin" for r in benign) >= 50


def test_fresh_set_11_twins_are_each_attacked_artefact_without_its_payload() -> None:
    """The same writer, placement and run, minus the payload (so shorter)."""
    rows = frozen_rows(11, FROZEN_SHA256)
    assert_twins_are_the_attacked_artefact(rows, same=("host", "placement", "lang"))
    by_id = {r["id"]: r for r in rows}
    assert all(len(by_id[r["twin"]]["text"]) < len(r["text"]) for r in rows if r["label"] == "attack")
