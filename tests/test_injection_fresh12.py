"""Fresh set 12 is frozen: its bytes are what bench/injection.md's set-12 figures were measured on.

The builder calls python-markdown, docutils, matplotlib, Jinja2 and pandas, whose output can change between
versions, so this checks the frozen file's sha256 and form rather than rebuilding it (FRESH12.md names the
versions that wrote it)."""

from __future__ import annotations

from fresh_set_support import assert_documented_form, assert_twins_are_the_attacked_artefact, frozen_rows

FROZEN_SHA256 = "576e1c0eba5f3183c8e90009c04253b428b4b9a7eebc47a91a3add42fe0c7b5e"
FIELDS = {
    "id",
    "label",
    "kind",
    "host",
    "lang",
    "strategy",
    "placement",
    "disguise",
    "goal",
    "twin",
    "source",
    "text",
}
GOALS = {"pass", "full_marks", "ignore_failure", "confirm_hypothesis", "suppress_report", "trust_reported"}
HIDDEN = {
    "html_comment",
    "rst_comment",
    "meta_description",
    "invisible_text",
    "white_text",
    "zero_size",
    "off_canvas",
    "svg_metadata",
    "title_attribute",
    "hidden_div",
    "meta_tag",
}
CODE_STRATEGIES = {
    "base64",
    "hex",
    "homoglyph",
    "leetspeak",
    "rot13",
    "morse",
    "piglatin",
    "camelcase",
    "emoji",
}


def test_fresh_set_12_is_frozen_and_has_the_documented_form() -> None:
    rows = frozen_rows(12, FROZEN_SHA256)
    assert_documented_form(rows, 12, FIELDS, GOALS, order_field="strategy", blank="none")
    attacks = [r for r in rows if r["label"] == "attack"]
    benign = [r for r in rows if r["label"] == "benign"]
    assert len(attacks) >= 100 and len(benign) >= 150
    assert all(r["strategy"] == "none" for r in benign)
    assert all(r["source"].startswith("promptfoo@0.121.20:") for r in attacks)  # package@version:path
    assert len({r["host"] for r in attacks}) >= 5  # converter kinds
    hidden = sum(r["placement"] in HIDDEN for r in attacks)
    assert len(attacks) // 10 < hidden < len(attacks) // 2  # about a fifth unseen when rendered
    assert len({r["lang"] for r in attacks} - {"en"}) >= 6
    disguised = [r for r in attacks if r["disguise"] != "none"]
    assert len(disguised) >= len(attacks) / 4
    assert all(r["disguise"] in CODE_STRATEGIES and r["disguise"] == r["strategy"] for r in disguised)
    assert sum(r["kind"] != "twin" for r in benign) >= 50
    assert all(len(r["text"]) < 10_000 for r in rows)


def test_fresh_set_12_twins_are_each_attacked_document_without_its_payload() -> None:
    """The same converter, placement and document, minus the payload (so shorter)."""
    rows = frozen_rows(12, FROZEN_SHA256)
    assert_twins_are_the_attacked_artefact(rows, same=("host", "placement", "lang"))
    by_id = {r["id"]: r for r in rows}
    assert all(len(by_id[r["twin"]]["text"]) < len(r["text"]) for r in rows if r["label"] == "attack")
