"""Fresh set 10 is frozen: its bytes are what bench/injection.md's set-10 figures were measured on."""

from __future__ import annotations

from fresh_set_support import assert_documented_form, assert_twins_are_the_attacked_artefact, frozen_rows

FROZEN_SHA256 = "0564fd9671840ec419a495271d932af0f49ba5e513483f535fa597e41cb3faf2"
FIELDS = {
    "id",
    "label",
    "kind",
    "host",
    "lang",
    "form",
    "placement",
    "disguise",
    "goal",
    "twin",
    "source",
    "text",
}
GOALS = {"pass", "full_marks", "ignore_failure", "confirm_hypothesis", "suppress_report", "trust_reported"}
HARNESSES = {"inspect_ai_eval_log", "swe_agent_traj", "openhands_events", "aider_chat_history"}


def test_fresh_set_10_is_frozen_and_has_the_documented_form() -> None:
    rows = frozen_rows(10, FROZEN_SHA256)
    assert_documented_form(rows, 10, FIELDS, GOALS, order_field="form", blank="none")
    attacks = [r for r in rows if r["label"] == "attack"]
    benign = [r for r in rows if r["label"] == "benign"]
    assert len(attacks) >= 100 and len(benign) >= 150
    assert all(r["form"] == "none" for r in benign)
    assert {r["form"].split(":")[0] for r in attacks} == {"agentdojo", "injecagent", "opi"}
    assert {r["host"] for r in attacks} == HARNESSES  # every attack sits in a harness log
    assert len({r["lang"] for r in attacks} - {"en"}) >= 6
    assert sum(r["disguise"] != "none" for r in attacks) >= len(attacks) // 4
    assert sum(r["kind"] != "twin" for r in benign) >= 50


def test_fresh_set_10_twins_are_each_attacked_harness_log_without_its_payload() -> None:
    """The same harness log, task and placement, minus the payload (so shorter)."""
    rows = frozen_rows(10, FROZEN_SHA256)
    assert_twins_are_the_attacked_artefact(rows, same=("source", "host", "placement", "lang"))
    by_id = {r["id"]: r for r in rows}
    assert all(len(by_id[r["twin"]]["text"]) < len(r["text"]) for r in rows if r["label"] == "attack")
