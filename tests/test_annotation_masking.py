"""Names stay hidden however they are spelt: case, separators (space - _ . / and zero-width
characters, or none), the model's id with or without provider and date suffix, its family and
size, the folder's name; short names and words that merely contain a name are left alone; a
results table is masked in its keys as well as its values."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from expgrade.annotation_app.masking import identity_of, mask_identity, mask_value, parts

SEPARATOR = st.sampled_from([" ", "-", "_", ".", "/", "", "  ", " - ", "\u200b", "\n"])


def _respell(name_parts: list[str], seps: list[str], cases: list[bool]) -> str:
    """The parts joined by the drawn separators, each part upper- or lower-cased."""
    out = ""
    for i, part in enumerate(name_parts):
        out += (part.upper() if cases[i] else part) + (seps[i] if i < len(name_parts) - 1 else "")
    return out


@given(
    seps=st.lists(SEPARATOR, min_size=5, max_size=5),
    cases=st.lists(st.booleans(), min_size=6, max_size=6),
    which=st.sampled_from(["agent", "model", "family and size", "folder"]),
)
def test_any_spelling_of_a_name_is_masked(seps: list[str], cases: list[bool], which: str) -> None:
    names = identity_of("PANGOLIN-AGENT", "acme/WOMBAT-13B-2024-05-01", "runs/pangolin-7")
    spelt = {
        "agent": ["pangolin", "agent"],
        "model": ["wombat", "13", "b", "2024", "05", "01"],
        "family and size": ["wombat", "13b"],
        "folder": ["pangolin", "7"],
    }[which]
    text = f"we ran ({_respell(spelt, seps, cases)}) twice"
    masked = mask_identity(text, names)
    assert masked.startswith("we ran ([") and masked.endswith("]) twice"), (text, masked)
    assert "wombat" not in masked.casefold() and "pangolin" not in masked.casefold()


@pytest.mark.parametrize(
    "text",
    ["gpt-4o-2024-08-06", "gpt 4o", "GPT4o", "gpt_4o", "openai/gpt-4o", "Gpt-4O-2024-08-06"],
)
def test_a_model_is_masked_by_id_family_and_size(text: str) -> None:
    names = identity_of(None, "openai/gpt-4o-2024-08-06", None)
    assert mask_identity(f"model: {text}.", names) == "model: [model]."


def test_the_issue_example() -> None:
    names = identity_of("PANGOLIN-AGENT", "WOMBAT-13B", "pangolin-agent-run3")
    assert mask_identity("Pangolin_Agent (wombat 13b)", names) == "[agent] ([model])"
    assert mask_identity("a wombat model", names) == "a [model] model"  # the family alone


def test_short_names_and_longer_words_are_left_alone() -> None:
    names = identity_of("lr", "openai/gpt-4", "agent")
    text = "lr 0.05 with a GPT tokenizer; the agentic agents"
    assert mask_identity(text, names) == text
    assert mask_identity("gpt-4 and gpt4", names) == "[model] and [model]"
    assert parts("GPT4o-mini") == ["gpt", "4", "o", "mini"]


def test_results_keys_and_values_are_masked() -> None:
    names = identity_of("PANGOLIN-AGENT", "WOMBAT-13B", None)
    results = {"claimed": {"pangolin agent sweep": {"final_loss wombat-13b": 0.3, "note": "by Wombat13B"}}}
    assert mask_value(results, names) == {
        "claimed": {"[agent] sweep": {"final_loss [model]": 0.3, "note": "by [model]"}}
    }
