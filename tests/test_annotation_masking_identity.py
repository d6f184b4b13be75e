"""Issue 55: masking by what identifies, not by spelling. An agent recorded as `OpenHands
CodeAct` on `claude-3-5-sonnet-20241022` writes its names into its artefacts the ways the issue
found leaking (a part alone, a part glued to a word, a family reordered, camel case, the
provider alone, its git e-mail, a provider glued by `_`, double URL-encoding, Cyrillic
homoglyphs) and ways nobody listed (hypothesis over casing, separators, camel case,
confusables, encodings, gluing, reordering). No identifying token is readable in the masked
text, in any stored item, or in the judges' rationales an annotator is shown after the submit;
ordinary words beside them stay."""

from __future__ import annotations

import html
import json
import sqlite3
import unicodedata
from pathlib import Path
from urllib.parse import unquote

import pytest
from annotation_support import make_run
from hypothesis import given, settings
from hypothesis import strategies as st

from expgrade.annotation_app.annotate_page import judge_table
from expgrade.annotation_app.loaders import load_run
from expgrade.annotation_app.masking import commit_identities, has_english_use, identity_of, mask_identity
from expgrade.annotation_app.store import LabelInput, Store

AGENT = "OpenHands CodeAct"
MODEL = "claude-3-5-sonnet-20241022"
EMAIL = "openhands@all-hands.dev"
NAMES = [*identity_of(AGENT, MODEL, "runs/openhands-codeact-1"), *commit_identities(f"Author: x <{EMAIL}>")]
#: what a reader must not find in any masked text (letters only, case-folded): the agent's
#: parts, the model's family, its provider, the family's other members, the e-mail's user
TOKENS = ("openhands", "codeact", "claude", "anthropic", "sonnet", "opus", "haiku")

#: the Cyrillic letters a person reads as Latin ones (what the generator writes)
HOMOGLYPHS = {"a": "а", "c": "с", "e": "е", "o": "о", "p": "р", "x": "х", "h": "һ", "s": "ѕ", "i": "і"}
_READ_AS_LATIN = str.maketrans({v: k for k, v in HOMOGLYPHS.items()})


def readable(text: str) -> str:
    """The letters a person reads in `text`: references and escapes decoded however often they
    were applied, compatibility forms and homoglyphs read as the Latin letters, case folded."""
    for _ in range(4):
        text = html.unescape(unquote(text))
    read = unicodedata.normalize("NFKC", text).casefold().translate(_READ_AS_LATIN)
    return "".join(c for c in read if c.isalpha())


def shown_tokens(text: str) -> list[str]:
    return [t for t in TOKENS if t in readable(text)]


#: the issue's leaks, each in the place it was found
ISSUE_SPELLINGS = (
    "OpenHands",
    "CodeActAgent",
    "sonnet-3.5",
    "ClaudeSonnet",
    "myClaude35Sonnet",
    "Anthropic",
    EMAIL,
    "eval_anthropic/claude-3-5-sonnet-20241022",
    "claude%252D3%252D5%252Dsonnet",
    "сlаudе-3-5-sоnnеt",  # Cyrillic с, а, е, о
    "Claude 3.5 Sonnet",
    "3.5 Sonnet",
    "Sonnet 3.5",
    "OPENHANDS_CODEACT",
    "open-hands",
    "&amp;#67;laude",
    "&#x43;ode&#x41;ct",
    "openhands-codeact-1",
    "codeact_agent.py",
    "Co-authored-by: OpenHands <openhands@all-hands.dev>",
)


@pytest.mark.parametrize("spelling", ISSUE_SPELLINGS)
def test_the_issues_spellings_show_no_token(spelling: str) -> None:
    masked = mask_identity(f"The run by {spelling} finished.", NAMES)
    assert shown_tokens(masked) == [], masked
    assert masked.startswith("The run by ") and masked.endswith(" finished."), masked


def test_a_provider_glued_to_a_word_goes_with_the_model() -> None:
    masked = mask_identity("see eval_anthropic/claude-3-5-sonnet-20241022 for the numbers", NAMES)
    assert masked == "see eval_[model] for the numbers"


def test_ordinary_words_that_look_like_parts_stay() -> None:
    """A family's ordinary word alone, a word that contains a token, and the agent's words
    written as prose are not names."""
    for prose in (
        "a sonnet by Shakespeare has 14 lines",
        "philanthropic giving and misanthropic moods",
        "his magnum opus, in three parts",
        "the agent wrote code to act on the result",
        "Python 3.10 and PyTorch 2.1",
    ):
        assert mask_identity(prose, NAMES) == prose


def test_a_part_is_not_distinctive_when_every_agent_has_it() -> None:
    names = [*identity_of("OpenHands CodeAct", None, None), *identity_of("OpenHands Browsing", None, None)]
    assert mask_identity("OpenHands with CodeAct", names) == "OpenHands with [agent]"


def test_the_commits_name_the_agent() -> None:
    diff = "From 3f2a Mon Sep 17 00:00:00 2001\nFrom: Jane Bot <jbot-7@example.org>\nSubject: fix\n"
    names = commit_identities(diff)
    assert mask_identity("mail jbot-7@example.org or see example.org", names) == "mail [agent] or see [agent]"


# -- fresh spellings: hypothesis ------------------------------------------------------------------

#: how a word may be written: its own letters re-cased, glued, confused and encoded below
WORDS = ("openhands", "codeact", "claude", "anthropic")
SEPARATORS = ("", " ", "-", "_", ".", "/", "\u200b", "%2D", "%252D", "&#45;", "&amp;#45;", "\n")
VERSION_SEPARATORS = ("", " ", "-", "_", ".")


def _case(word: str, how: str, flips: list[bool]) -> str:
    if how == "title":
        return word.title()
    if how == "upper":
        return word.upper()
    if how == "random":
        return "".join(c.upper() if f else c for c, f in zip(word, flips, strict=False))
    return word


def _letter(c: str, form: str) -> str:
    return {
        "plain": c,
        "url": f"%{ord(c):02X}",
        "url2": f"%25{ord(c):02X}",
        "dec": f"&#{ord(c)};",
        "hex": f"&#x{ord(c):x};",
        "amp": f"&amp;#{ord(c)};",
        "wide": chr(ord(c) + 0xFEE0),
        "cyrillic": HOMOGLYPHS[c.lower()].upper()
        if c.isupper() and c.lower() in HOMOGLYPHS
        else HOMOGLYPHS.get(c, c),
    }[form]


@st.composite
def written_word(draw: st.DrawFn, words: tuple[str, ...] = WORDS) -> str:
    """One identifying word, re-cased, perhaps cut by a separator, its letters perhaps encoded
    or confused, perhaps glued to a word before or after it (`eval_`, `my`, `Agent`)."""
    word = _case(draw(st.sampled_from(words)), draw(st.sampled_from(["lower", "title", "upper", "random"])),
                 draw(st.lists(st.booleans(), min_size=9, max_size=9)))  # fmt: skip
    if word.islower() and has_english_use(word):
        # issue 65: `anthropic` in lower case alone is the English word ("the anthropic
        # principle"); it names the org only in a context (tests/test_annotation_masking_context.py)
        word = word.title()
    forms = st.sampled_from(["plain"] * 8 + ["url", "url2", "dec", "hex", "amp", "wide", "cyrillic"])
    letters = [_letter(c, draw(forms)) for c in word]
    if draw(st.booleans()):
        cut = draw(st.integers(1, len(letters) - 1))
        sep = draw(st.sampled_from(SEPARATORS))
        if sep.isspace() and all(has_english_use(w.casefold()) for w in (word[:cut], word[cut:])):
            sep = "-"  # issue 65: "Open hands" for `OpenHands` is two English words, not the name
        letters[cut:cut] = [sep]
    word = "".join(letters)
    before = draw(st.sampled_from(["", "eval_", "run-", "my", "My", "the ", "./"]))
    after = draw(st.sampled_from(["", "Agent", "_agent", "-v2", "35", "'s", ".py", "/"]))
    if before in ("my", "My") or after == "Agent":
        # glued into a word and cut by a space as well (`myo penhands`, `C ODEACTAgent`) is the
        # measured residue docs/annotation.md lists: letters across a space inside a word are
        # ordinary prose too
        word = "".join(c for c in word if not c.isspace())
    return before + word + after


@st.composite
def written_model(draw: st.DrawFn) -> str:
    """The model written in its parts' order or reordered, with its version, re-cased."""
    family = _case("claude", draw(st.sampled_from(["lower", "title", "upper"])), [])
    member = _case("sonnet", draw(st.sampled_from(["lower", "title", "upper"])), [])
    version = draw(st.sampled_from(["3.5", "3-5", "35", "3_5"]))
    sep = st.sampled_from(VERSION_SEPARATORS)
    order = draw(st.sampled_from(["fvm", "fmv", "mv", "vm", "fm", "f"]))
    pieces = {"f": family, "m": member, "v": version}
    out = pieces[order[0]]
    for key in order[1:]:
        joiner = draw(sep)
        if out[-1].isdigit() and pieces[key][0].isdigit():
            joiner = joiner or "-"  # two versions run together are one number, not this model
        out += joiner + pieces[key]
    if draw(st.booleans()):
        out = draw(st.sampled_from(["anthropic/", "eval_anthropic/", "openrouter/anthropic/"])) + out
    return out


@settings(max_examples=300, deadline=None)
@given(spelling=st.one_of(written_word(), written_model()), where=st.sampled_from(["prose", "path", "csv"]))
def test_fresh_spellings_show_no_token(spelling: str, where: str) -> None:
    text = {
        "prose": f"We ran {spelling} twice.",
        "path": f"results/{spelling}/metrics.json",
        "csv": f"step,{spelling},loss\n1,0.5,0.2",
    }[where]
    masked = mask_identity(text, NAMES)
    assert shown_tokens(masked) == [], (text, masked)


# -- through the store: the items and the reveal -------------------------------------------------

DIFF = f"""From 1a2b3c Mon Sep 17 00:00:00 2001
From: OpenHands <{EMAIL}>
Subject: [PATCH] tune the learning rate

diff --git a/openhands_runs/claude35/train.py b/openhands_runs/claude35/train.py
--- a/openhands_runs/claude35/train.py
+++ b/openhands_runs/claude35/train.py
@@ -1,2 +1,3 @@
-lr = 0.1
+# tuned by OPENHANDS on сlaude (eval_anthropic/claude-3-5-sonnet-20241022)
+lr = 0.05
"""
LOG = "\n".join(
    [
        "step 1: CodeActAgent starts",
        "GET /v1/models/claude%252D3%252D5%252Dsonnet 200",
        "&amp;#67;laude replied; Open-Hands continues",
        "loaded codeact_agent.py; 3.5 Sonnet says done",
    ]
)


def _judged(criterion: str, rationale: str) -> dict[str, object]:
    return {
        "criterion": criterion,
        "verdict": "pass",
        "rationale": rationale,
        "judge": [{"rater": "judge-1", "status": "graded", "label": "pass", "rationale": rationale}],
    }


def identity_run(root: Path) -> Path:
    """A graded run of one agent that writes its names everywhere an item shows, and judges
    whose rationales quote them."""
    run = make_run(root, n_tasks=1, agents=("openhands-codeact",))
    for folder in (run / "submissions").iterdir():
        record = json.loads((folder / "submission.json").read_text())
        record.update(
            agent=AGENT,
            agent_model=MODEL,
            design="OpenHands varies the model; CodeActAgent measures accuracy; sonnet-3.5 fixes epochs.",
            conclusion="ClaudeSonnet and myClaude35Sonnet agree: Anthropic's model wins.",
            claimed_results={
                "claude-3.5-sonnet sweep": {"accuracy": 0.8},
                "run,OpenHands_CodeAct,Claude_3_5_Sonnet": {"accuracy": 0.7},  # a CSV header
            },
        )
        (folder / "submission.json").write_text(json.dumps(record))
        (folder / "patch.diff").write_text(DIFF)
        (folder / "agent.log").write_text(LOG)
    quoting = "The OpenHands agent (Claude 3.5 Sonnet, via Anthropic) wrote openhands@all-hands.dev."
    results = run / "results.jsonl"
    records = []
    for line in results.read_text().splitlines():
        r = json.loads(line)
        r.update(agent=AGENT, agent_model=MODEL)
        for item in r["subtasks"]["design"]["items"]:
            item["rationale"] = quoting
            for v in item["judge"]:
                v["rationale"] = quoting
        r["subtasks"]["implementation"]["items"] = [_judged("implements the sweep", quoting)]
        r["subtasks"]["integrity"] = {"status": "graded", "score": 1.0, "passed": True,
                                      "items": [_judged("no tampering", quoting)]}  # fmt: skip
        records.append(r)
    results.write_text("".join(json.dumps(r) + "\n" for r in records))
    return run


def _stored(db: str) -> list[str]:
    with sqlite3.connect(db) as conn:
        rows = [r[0] for r in conn.execute("SELECT content FROM items")]
        # the judge side as the reveal and the Adjudicate page show it: verdicts and rationales
        rows += [judge_table(json.loads(r[0])).to_csv() for r in conn.execute("SELECT judges FROM items")]
        rows += [r[0] for r in conn.execute("SELECT text FROM blobs")]
    return [r if isinstance(r, str) else json.dumps(r) for r in rows]


def test_no_item_and_no_reveal_shows_a_token(tmp_path: Path) -> None:
    db = str(tmp_path / "annotate.db")
    store = Store.open(db)
    specs = load_run(identity_run(tmp_path / "run"))
    subtasks = {s.subtask for s in specs}
    assert subtasks == {"design", "implementation", "conclusion", "integrity"}
    store.load("p", 1, specs, active_queue=False)
    stored = _stored(db)
    assert [t for t in stored if shown_tokens(t)] == []
    assert any("[agent]" in t for t in stored) and any("[model]" in t for t in stored)
    # an annotator labels an item and asks for the judges: the reveal is masked as the items are
    user = store.ensure_user("ann")
    claim = store.claim("p", user.id)
    assert claim is not None
    store.submit(claim.id, user.id, LabelInput(label="pass"))
    reveal = store.reveal(claim.id, user.id)
    shown = judge_table(reveal.judges).to_csv()
    assert "[agent]" in shown and shown_tokens(shown) == []
