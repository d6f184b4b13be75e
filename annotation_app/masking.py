"""Hiding who did the work: agent, model and submission names in the agent's own words.

An agent that prints its name or model into a log, a conclusion or a results table would
otherwise unblind every annotator. A name is matched by its letters and digits, not by its
recorded parts: they must appear in order, case-insensitively, with any separators (up to
MAX_GAP of them: space, `-`, `_`, `.`, `/`, `%`, zero-width characters, any other character
that is neither a letter nor a digit) or none between any two, so `agentcorrectq7` also
catches `Agent-correct-Q7` and `PANGOLIN-AGENT` catches `Pangolin_Agent` and `pangolinagent`.
The text is read as a browser or a person would read it: URL-encoding (`claude%2D3%2D5`) and
HTML character references (`&#67;laude`) decoded, Unicode compatibility forms folded (NFKC:
fullwidth `ｃｌａｕｄｅ`), then case-folded. What is replaced is the whole run of the original
text the match covers, with a provider prefix before it (`anthropic/…`) and a variant joined
to its end (`…_SONNET`, `…-20241022`), so no part of the name is left beside the placeholder.
A model is also caught by its name without the provider (`openai/gpt-4o` → `gpt-4o`), without
a date or snapshot suffix (`gpt-4o-2024-08-06` → `gpt-4o`) and by its family alone when that
is a word of at least MIN_MASKED_CHARS letters (`wombat`, `claude`; never `gpt`).

The floor that keeps ordinary words safe: a name of fewer than MIN_MASKED_CHARS letters and
digits is never masked; a match starts where a word does and is not followed by a letter (so
`gent` is not found in `agent`, nor `wombat` in `wombats`); a match that is one word of letters
and "a" or "I" beside it is ordinary words, not the name, unless the name has that letter as a
part of its own (agent `agentA` does not turn "an agent a human would trust" into "an [agent]
human would trust"); a variant is joined to a name's end only when it holds a
digit or is a model variant word (VARIANT_WORDS: `-sonnet`, `_pro`, not `-based`), and a path
before a name is taken in only when it is a provider (PROVIDERS, or the recorded model's own).
It is measured on the bundled research prose: tests/test_annotation_masking.py.
What cannot be caught is listed in docs/annotation.md.
"""

from __future__ import annotations

import bisect
import functools
import html
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

#: the letters of Latin scripts, folded (ASCII, Latin-1, Latin Extended-A and -B): a name is a
#: word among them
_LATIN = "a-z\u00aa\u00b5\u00ba\u00df-\u00f6\u00f8-\u024f"
#: names (counted without separators) shorter than this are left alone: masking "lr" or "gpt"
#: would eat ordinary words
MIN_MASKED_CHARS = 4
#: the most separator characters between two letters of a name (" - " is three): enough for
#: any way of writing a name, not enough to join letters a sentence apart
MAX_GAP = 4
_GAP = rf"[\W_]{{0,{MAX_GAP}}}"
_PARTS = re.compile(r"[^\W_]+")
_LETTERS_DIGITS = re.compile(r"\d+|[^\W\d_]+")
#: a part of a model id that starts its date or snapshot suffix: 2024, 20240806, 0613
_DATE_PART = re.compile(r"\d{4,}")
#: what the text may hold encoded or in compatibility form: a run of URL escapes, an HTML
#: character reference, a run of characters outside ASCII
_ENCODED = re.compile(
    r"(?:%[0-9A-Fa-f]{2})+|&(?:#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});|[^\x00-\x7f]+"
)
#: one piece joined to the end of a name (`_SONNET`, `-20241022`, `:latest`, `@v2`, the `3` of
#: `claude3`); it is part of the name when it holds a digit or is one of VARIANT_WORDS, not an
#: ordinary word joined to it (`claude-based`, `LLAMA_DIR`, `llama-cpp`)
_JOINED = re.compile(rf"[-_:@+]?([0-9{_LATIN}]+)")
#: the words model names end in (measured on the bundled corpus: see the module docstring)
VARIANT_WORDS = frozenset(
    {
        "sonnet",
        "opus",
        "haiku",
        "instruct",
        "chat",
        "mini",
        "turbo",
        "preview",
        "latest",
        "pro",
        "flash",
        "ultra",
        "nano",
        "lite",
        "large",
        "medium",
        "small",
        "vision",
        "coder",
        "exp",
        "experimental",
        "hf",
        "it",
        "online",
        "reasoner",
        "thinking",
        "plus",
        "max",
    }
)
#: the providers and model hubs that prefix a model id (`anthropic/claude-3-5-sonnet`); a path
#: segment of another name before a name is left alone (`workspace/llama_adapter`)
PROVIDERS = frozenset(
    {
        "openai",
        "azure",
        "anthropic",
        "google",
        "gemini",
        "vertex_ai",
        "vertex",
        "bedrock",
        "meta",
        "meta-llama",
        "mistral",
        "mistralai",
        "cohere",
        "together",
        "together_ai",
        "togethercomputer",
        "fireworks_ai",
        "groq",
        "openrouter",
        "deepseek",
        "deepseek-ai",
        "qwen",
        "alibaba",
        "huggingface",
        "hf",
        "ollama",
        "xai",
        "x-ai",
        "perplexity",
        "replicate",
        "microsoft",
        "nvidia",
        "ai21",
        "databricks",
        "tiiuae",
        "01-ai",
        "moonshotai",
        "zhipuai",
    }
)
_SEGMENT = re.compile(r"([\w.\-]+)/\Z")


def parts(name: str) -> list[str]:
    """The alphanumeric parts of a name, also cut where letters meet digits: `GPT4o` → gpt, 4, o."""
    return [p.casefold() for word in _PARTS.findall(name) for p in _LETTERS_DIGITS.findall(word)]


def model_variants(model: str) -> list[list[str]]:
    """The spellings a model is printed under, as parts: its id, without the provider, without
    the date suffix, and its family (the leading letters) alone."""
    found = [parts(model)]
    tail = parts(model.rsplit("/", 1)[-1])
    found.append(tail)
    date = next((i for i, p in enumerate(tail) if i and _DATE_PART.fullmatch(p)), None)
    if date is not None:
        found.append(tail[:date])
        if "/" in model:  # `openai/gpt-4o` for `openai/gpt-4o-2024-08-06`
            found.append(parts(model.rsplit("/", 1)[0]) + tail[:date])
    if tail and tail[0].isalpha():
        found.append(tail[:1])
    return found


def _fold(text: str) -> str:
    """A piece of text as it reads: encodings decoded, compatibility forms folded, case folded."""
    if text.startswith("%"):
        raw = bytes.fromhex(text.replace("%", ""))
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            text = raw.decode("latin-1")
    elif text.startswith("&"):
        text = html.unescape(text)
    return unicodedata.normalize("NFKC", text).casefold()


@dataclass(frozen=True)
class _Folded:
    """A text folded for matching (`_fold` piece by piece), with the way back: the folded
    text's piece i starts at `at[i]` and came from `source[i]` of the original; an encoded
    piece maps back whole, a plain piece (ASCII, or non-ASCII whose every character folds to
    one) character by character."""

    text: str
    at: list[int]
    source: list[tuple[int, int, bool]]  # start, end in the original; whether plain

    @classmethod
    def of(cls, original: str) -> _Folded:
        pieces: list[str] = []
        at: list[int] = []
        source: list[tuple[int, int, bool]] = []
        here = done = 0

        def add(piece: str, start: int, end: int, plain: bool) -> None:
            nonlocal here
            pieces.append(piece)
            at.append(here)
            source.append((start, end, plain))
            here += len(piece)

        for m in _ENCODED.finditer(original):
            if m.start() > done:
                add(original[done : m.start()].lower(), done, m.start(), True)
            if m.group()[0] in "%&":
                add(_fold(m.group()), m.start(), m.end(), False)
            else:  # a run outside ASCII (a 5 MB log in Chinese is one piece, not 5 million)
                chars = [_fold(c) for c in m.group()]
                if all(len(c) == 1 for c in chars):
                    add("".join(chars), m.start(), m.end(), True)
                else:
                    for i, c in enumerate(chars):
                        add(c, m.start() + i, m.start() + i + 1, False)
            done = m.end()
        if done < len(original) or not pieces:
            add(original[done:].lower(), done, len(original), True)
        return cls("".join(pieces), at, source)

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The original run that folded [start, end) came from (whole encoded pieces)."""
        return self._position(start)[0], self._position(end - 1)[1]

    def _position(self, i: int) -> tuple[int, int]:
        k = bisect.bisect_right(self.at, i) - 1
        start, end, plain = self.source[k]
        if plain:
            return start + i - self.at[k], start + i - self.at[k] + 1
        return start, end


@dataclass(frozen=True)
class _Spelling:
    placeholder: str
    #: the name's own single-letter parts: they may stand alone (`WOMBAT-13B` as `wombat 13 b`)
    lone_letters: frozenset[str]


def _letters(name_parts: list[str]) -> str:
    return "".join(name_parts)


@dataclass(frozen=True)
class _Names:
    """The compiled names: one pattern, what each of its alternatives stands for, and the
    provider segments that may prefix them (PROVIDERS and the recorded models' own)."""

    pattern: re.Pattern[str]
    spellings: tuple[_Spelling, ...]
    providers: frozenset[str]


@functools.lru_cache(maxsize=256)
def _pattern(names: tuple[tuple[str, str], ...]) -> _Names | None:
    """One pattern for every spelling of every name (longest first, so a model id is replaced
    whole before its family), with what each alternative stands for."""
    spellings: dict[str, _Spelling] = {}
    providers = set(PROVIDERS)
    for name, what in names:
        folded = _Folded.of(name).text
        if what == "model" and "/" in folded:
            providers.update(folded.split("/")[:-1])
        for variant in model_variants(folded) if what == "model" else [parts(folded)]:
            letters = _letters(variant)
            if len(letters) >= MIN_MASKED_CHARS:
                lone = frozenset(p for p in variant if len(p) == 1 and p.isalpha())
                spellings.setdefault(letters, _Spelling(f"[{what}]", lone))
    if not spellings:
        return None
    ordered = sorted(spellings, key=len, reverse=True)
    # a name starts where a word does and is not followed by a letter: `gent` is not found in
    # `agent`, nor `wombat` in `wombats`, but `claude` is in `claude3`; words are Latin ones
    # (a script without spaces, `模型claude说`, has no word boundary to wait for)
    body = "|".join(f"({_GAP.join(re.escape(c) for c in letters)})" for letters in ordered)
    pattern = re.compile(rf"(?<![0-9{_LATIN}])(?:{body})(?![{_LATIN}])")
    return _Names(pattern, tuple(spellings[s] for s in ordered), frozenset(providers))


#: the words of one letter in English prose: a match of one word of letters and one of these
#: beside it is ordinary words, not the name ("an agent a human" for agent `agentA`), unless
#: the name has that letter as a part of its own
_ONE_LETTER_WORDS = frozenset("ai")


def _joins_a_one_letter_word(matched: str, spelling: _Spelling) -> bool:
    """Whether the match is an ordinary word and "a" or "I": "agent a" for `agentA` (but not
    "A gent-correct Q7" for `agentcorrectq7`, nor a name spelt out letter by letter)."""
    words = ["".join(c for c in w if c.isalnum()) for w in matched.split()]
    words = [w for w in words if w]
    if len(words) != 2:
        return False
    for lone, rest in (words, words[::-1]):
        if (
            lone in _ONE_LETTER_WORDS
            and lone not in spelling.lone_letters
            and len(rest) > 1
            and rest.isalpha()
        ):
            return True
    return False


def _extend(folded: str, start: int, end: int, providers: frozenset[str]) -> tuple[int, int]:
    """The match with the providers joined before it (`anthropic/`, `openrouter/anthropic/`)
    and the variants joined to its end (`_sonnet`, `-20241022`)."""
    for _ in range(2):
        segment = _SEGMENT.search(folded, max(0, start - 41), start)
        if segment is None or segment.group(1) not in providers:
            break
        start = segment.start()
    while (joined := _JOINED.match(folded, end)) is not None:
        piece = joined.group(1)
        if not (piece in VARIANT_WORDS or any(c.isdigit() for c in piece)):
            break
        end = joined.end()
    return start, end


def name_spans(text: str, names: Iterable[tuple[str | None, str]]) -> list[tuple[int, int, str]]:
    """Where `text` names someone: (start, end, placeholder) of each run to replace, in order,
    not overlapping (also what the corpus measurement of the floor counts)."""
    compiled = _pattern(tuple((name, what) for name, what in names if name))
    if compiled is None or not text:
        return []
    folded = _Folded.of(text)
    found: list[tuple[int, int, str]] = []
    for m in compiled.pattern.finditer(folded.text):
        spelling = compiled.spellings[(m.lastindex or 1) - 1]
        if _joins_a_one_letter_word(m.group(), spelling):
            continue
        start, end = folded.span(*_extend(folded.text, m.start(), m.end(), compiled.providers))
        if not found or start >= found[-1][1]:
            found.append((start, end, spelling.placeholder))
    return found


def mask_identity(text: str, names: Iterable[tuple[str | None, str]]) -> str:
    """`text` with each spelling of each name (agent, model, submission folder) replaced by
    `[what]`; the artefacts are otherwise shown as the judge read them."""
    out: list[str] = []
    done = 0
    for start, end, placeholder in name_spans(text, names):
        out += [text[done:start], placeholder]
        done = end
    return "".join(out) + text[done:] if out else text


def mask_value(value: Any, names: Iterable[tuple[str | None, str]]) -> Any:
    """A JSON value (a results table) with every string in it masked, keys included: an
    experiment called `<agent> sweep` is the agent's words as much as its log is."""
    names = list(names)
    if isinstance(value, str):
        return mask_identity(value, names)
    if isinstance(value, dict):
        return {mask_identity(str(k), names): mask_value(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [mask_value(v, names) for v in value]
    return value


def identity_of(
    agent: str | None, agent_model: str | None, submission_id: str | None
) -> list[tuple[str | None, str]]:
    """The names that would unblind an annotator, as `mask_identity` takes them (the folder's
    name also by its last path part, as a log prints it)."""
    folder = submission_id.rstrip("/").rsplit("/", 1)[-1] if submission_id else None
    return [(agent, "agent"), (agent_model, "model"), (submission_id, "submission"), (folder, "submission")]
