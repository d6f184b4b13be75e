"""Hiding who did the work: agent, model and submission names in the agent's own words.

An agent that prints its name or model into a log, a conclusion or a results table would
otherwise unblind every annotator. A name is matched however it is spelt: case-insensitively,
with any run of separators (space, `-`, `_`, `.`, `/`, zero-width characters) or none between
its parts, and a part boundary also where letters meet digits, so `PANGOLIN-AGENT` also catches
`Pangolin_Agent` and `pangolin agent`, and `WOMBAT-13B` catches `wombat 13b` and `Wombat13B`.
A model is also caught by its name without the provider (`openai/gpt-4o` → `gpt-4o`), without
a date or snapshot suffix (`gpt-4o-2024-08-06` → `gpt-4o`, so `gpt 4o` and `GPT4o`), and by
its family alone when that is a word of its own of at least MIN_MASKED_CHARS characters
(`wombat`, `claude`; never `gpt`). What cannot be caught is listed in docs/annotation.md.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import Any

#: names (counted without separators) shorter than this are left alone: masking "lr" or "gpt"
#: would eat ordinary words
MIN_MASKED_CHARS = 4
#: what may stand between two parts of a name (zero-width characters would hide a name from a
#: plain search while the browser shows it whole)
SEPARATORS = r"[\s\-_./\\\u00ad\u200b-\u200d\u2060\ufeff]*"
_PARTS = re.compile(r"[^\W_]+")
_LETTERS_DIGITS = re.compile(r"\d+|[^\W\d_]+")
#: a part of a model id that starts its date or snapshot suffix: 2024, 20240806, 0613
_DATE_PART = re.compile(r"\d{4,}")


def parts(name: str) -> list[str]:
    """The alphanumeric parts of a name, also cut where letters meet digits: `GPT4o` → gpt, 4, o."""
    return [p.casefold() for word in _PARTS.findall(name) for p in _LETTERS_DIGITS.findall(word)]


def _spelling(name_parts: list[str]) -> str:
    """A pattern for the parts in order, any separators (or none) between them."""
    return SEPARATORS.join(re.escape(p) for p in name_parts)


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


def _variants(name: str, what: str) -> list[list[str]]:
    return model_variants(name) if what == "model" else [parts(name)]


@functools.lru_cache(maxsize=256)
def _pattern(names: tuple[tuple[str, str], ...]) -> tuple[re.Pattern[str], tuple[str, ...]] | None:
    """One pattern for every spelling of every name (longest first, so a model id is replaced
    whole before its family), with the placeholder of each alternative."""
    spellings: dict[str, str] = {}
    for name, what in names:
        for variant in _variants(name, what):
            if len("".join(variant)) >= MIN_MASKED_CHARS:
                spellings.setdefault(_spelling(variant), f"[{what}]")
    if not spellings:
        return None
    ordered = sorted(spellings, key=len, reverse=True)
    # a name starts where a word does and is not followed by a letter: `gent` is not found in
    # `agent`, nor `wombat` in `wombats`, but `claude` is in `claude3`
    body = "|".join(f"({p})" for p in ordered)
    pattern = re.compile(rf"(?<![^\W_])(?:{body})(?![^\W\d_])", re.IGNORECASE)
    return pattern, tuple(spellings[p] for p in ordered)


def mask_identity(text: str, names: Iterable[tuple[str | None, str]]) -> str:
    """`text` with each spelling of each name (agent, model, submission folder) replaced by
    `[what]`; the artefacts are otherwise shown as the judge read them."""
    compiled = _pattern(tuple((name, what) for name, what in names if name))
    if compiled is None:
        return text
    pattern, placeholders = compiled
    return pattern.sub(lambda m: placeholders[(m.lastindex or 1) - 1], text)


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
