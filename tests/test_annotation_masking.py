"""Names stay hidden however they are spelt: case, separators (space - _ . / and zero-width
characters, or none), the model's id with or without provider and date suffix, its family and
size, the folder's name; short names and words that merely contain a name are left alone; a
results table is masked in its keys as well as its values. Issue 46: a name by its letters in
order, with separators anywhere, URL-encoded, as HTML references or fullwidth, masked whole with
its provider and joined variants; spellings nobody planned (hypothesis, frozen and live); and
the floor measured on research prose: no word that is not a name is changed."""

from __future__ import annotations

import html
import json
import re
import unicodedata
from collections.abc import Iterable, Iterator
from pathlib import Path
from urllib.parse import unquote

import pytest
from annotation_support import HELD_OUT_NAMES, respell_strategy
from hypothesis import given, settings
from hypothesis import strategies as st

from expgrade.annotation_app.masking import (
    PROVIDERS,
    VARIANT_WORDS,
    identity_of,
    mask_identity,
    mask_value,
    name_spans,
    parts,
)

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


# -- issue 46: a name's letters, however written ------------------------------------------------

HELD = list(HELD_OUT_NAMES)


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        ("Agent-correct-Q7 concluded", "[agent] concluded"),
        ("claude%2D3%2D5%2Dsonnet did it", "[model] did it"),
        ("&#67;laude 3.5 Sonnet wrote", "[model] wrote"),
        ("CLAUDE_3_5_SONNET", "[model]"),
        ("anthropic/claude-3-5-sonnet-latest, twice", "[model], twice"),
        ("openrouter/anthropic/claude-3-5-sonnet", "[model]"),
        ("ｃｌａｕｄｅ-3-5", "[model]"),
        ("a claude_SONNET run", "a [model] run"),
        ("gpt-4o-2024-08-06-preview:latest", "[model]"),
        ("AGENT%20CORRECT%20Q7", "[agent]"),
        ("P&#x61;ngolin&#8203;Agent", "[agent]"),
        ("我们使用claude模型", "我们使用[model]模型"),  # no spaces between words: none waited for
        ("claude3 and ｃｌａｕｄｅ-3-5说", "[model] and [model]说"),
    ],
)
def test_a_name_is_masked_by_its_letters_whole(text: str, masked: str) -> None:
    assert mask_identity(text, HELD) == masked


def test_joined_words_and_paths_that_are_not_names_stay() -> None:
    """What sits beside a name is masked only when it is part of it: a variant with a digit or a
    model variant word, a provider; not an ordinary word or a folder."""
    assert mask_identity("the claude-based agent", HELD) == "the [model]-based agent"
    assert (
        mask_identity("see workspace/claude-3-5 and LLAMA_DIR", HELD) == "see workspace/[model] and LLAMA_DIR"
    )
    names = identity_of("agentA", "acme/tiny-model", None)
    for prose in ("an agent a human would trust", "the agent I ran"):
        assert mask_identity(prose, names) == prose
    assert mask_identity("agentA, Agent-A and AGENT_A", names) == "[agent], [agent] and [agent]"


def _masked_whole(spelling: str, what: str) -> bool:
    return mask_identity(f"The run by {spelling} finished.", HELD) == f"The run by [{what}] finished."


def _frozen() -> list[dict[str, str]]:
    return json.loads((Path(__file__).parent / "data" / "masking_spellings.json").read_text())


def test_frozen_unplanned_spellings_are_masked_whole() -> None:
    """242 spellings hypothesis drew before the masking was tuned (tests/data/
    make_masking_spellings.py). Before issue 46: 8 of them masked whole; now all."""
    cases = _frozen()
    missed = [c for c in cases if not _masked_whole(c["spelling"], c["what"])]
    assert (len(cases), missed) == (242, [])


@settings(max_examples=150, deadline=None)
@given(case=respell_strategy())
def test_any_unplanned_spelling_leaves_no_run_of_the_name(case: tuple[str, str, str]) -> None:
    """Whatever the spelling, the masked text is the sentence with the placeholder in its place."""
    name, what, spelling = case
    assert _masked_whole(spelling, what), (name, spelling)


def _read(text: str) -> str:
    """Text as a person reads it: references and escapes decoded, compatibility forms folded."""
    return unicodedata.normalize("NFKC", html.unescape(unquote(text))).casefold()


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def corpus_texts(root: Path) -> Iterator[str]:
    """Every text under `root`: the strings of JSON and JSON-lines files, and text files whole."""
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        if path.suffix == ".json":
            yield from _strings(json.loads(path.read_text(errors="replace")))
        elif path.suffix == ".jsonl":
            for line in path.read_text(errors="replace").splitlines():
                if line.strip():
                    yield from _strings(json.loads(line))
        elif path.suffix in {".md", ".log", ".txt", ".py", ".diff", ".csv", ".html"}:
            yield path.read_text(errors="replace")


#: names of agents and models as runs record them: the demo's, the held-out ones, and model
#: ids of the families the research prose talks about (so their mentions are found)
AGENTS = ("careful-agent", "cheating-agent", "sloppy-agent", "agentA", "openhands", "swe-agent")
MODELS = (
    "meta-llama/Llama-3.1-70B-Instruct",
    "gemini-1.5-pro",
    "qwen2.5-72b-instruct",
    "mistral-large-2407",
    "gpt-4",
    "claude-v1",
    "o1-mini",
)
FOLDERS = ("careful-adam", "cheater-lr", "runs/agentcorrectq7-t1")
CORPUS_NAMES: list[tuple[str | None, str]] = [
    *HELD,
    *[(a, "agent") for a in AGENTS],
    *[(m, "model") for m in MODELS],
    *[n for f in FOLDERS for n in identity_of(None, None, f)[2:]],
]


def changed_words(texts: Iterable[str], names: list[tuple[str | None, str]]) -> tuple[int, list[str]]:
    """(how many words the masking changed, those of them that are not a name's): a word is a
    run of letters and digits of the original text; it belongs to a name when it is a piece of a
    name's letters, holds a digit, or is a model variant word or a provider."""
    pieces = ["".join(c for c in _read(n) if c.isalnum()) for n, _ in names if n]
    changed, strangers = 0, []
    for text in texts:
        for start, end, _ in name_spans(text, names):
            for word in re.findall(r"[^\W_]+", _read(text[start:end])):
                changed += 1
                if not (any(word in p for p in pieces) or any(c.isdigit() for c in word)
                        or word in VARIANT_WORDS or word in PROVIDERS):  # fmt: skip
                    strangers.append(word)
    return changed, strangers


def test_masking_research_prose_changes_no_word_that_is_not_a_name(datasets: Path) -> None:
    """The floor, measured: the bundled examples (the demo, the public datasets' samples, the
    calibration and judge examples: 4.6 M characters of papers' tasks, rubrics, agents' logs and
    judges' rationales) masked for the names above. Names are found (LLaMA, GPT-4, Gemini, the
    demo's agents and folders: about 1,900 words), and no other word is touched."""
    changed, strangers = changed_words(corpus_texts(datasets.parent), CORPUS_NAMES)
    assert strangers == []
    assert changed > 1000


def test_masking_the_full_datasets_changes_no_word_that_is_not_a_name(shared_datasets: Path) -> None:
    changed, strangers = changed_words(corpus_texts(shared_datasets), CORPUS_NAMES)
    assert strangers == []
    assert changed > 0
