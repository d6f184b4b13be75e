"""Turning a judge's reply into a verdict: strict JSON first, then careful extraction.

Models without structured output wrap JSON in prose or code fences, or answer with a
refusal. We accept a JSON object found anywhere in the reply, validate it with pydantic
against the rubric's labels, and tell apart three failures: a refusal (the model declined),
a parse error (no valid verdict object; worth re-asking) and an empty reply.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, ValidationError, field_validator

from expgrade.grading.judge.rubrics import Rubric
from expgrade.grading.status import Unscorable

_FENCE = re.compile(r"```(?:json|JSON)?\s*\n?(.*?)```", re.S)
_REFUSAL = re.compile(
    r"^\W*(?:i['’]m\s+sorry|i\s+am\s+sorry|sorry,|i\s+can(?:not|['’]t)|i\s+won['’]t|i\s+(?:am|'m)\s+unable|"
    r"i\s+must\s+decline|as\s+an\s+ai\b|i\s+do\s+not\s+feel\s+comfortable|unfortunately,?\s+i\s+can)",
    re.I,
)


class JudgeAnswer(BaseModel):
    """The verdict object a judge must return (the JSON schema is built from the rubric's labels)."""

    model_config = ConfigDict(extra="ignore")

    verdict: str
    rationale: str
    confidence: float | None = Field(default=None)
    # Optional here so that a model without structured output that leaves them out still
    # grades; a missing report is "not suspected", and the pattern layer still runs.
    injection_suspected: bool = False
    injection_evidence: str | None = None


@dataclass(frozen=True)
class Parsed:
    label: str
    rationale: str
    confidence: float | None
    injection_suspected: bool = False
    injection_evidence: str | None = None


@dataclass(frozen=True)
class ParseFailure:
    kind: Unscorable  # REFUSAL or PARSE_ERROR
    detail: str


def _drop_trailing_commas(text: str) -> str:
    """`text` (JSON from its first character) without commas that close a list or object early.

    Chat models write `[..., {...},]`; strict JSON refuses it. Only commas outside strings that
    are followed by nothing but whitespace and a closing bracket go, so no value can change.
    """
    out: list[str] = []
    in_string = escaped = False
    for i, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string, escaped = True, False
        elif ch == "," and text[i + 1 :].lstrip()[:1] in ("}", "]"):
            continue
        out.append(ch)
    return "".join(out)


def _decode_at(text: str, pos: int) -> tuple[Any, int] | None:
    """The JSON value starting at `pos` (trailing commas forgiven) and where it ends in `text`."""
    decoder = json.JSONDecoder()
    try:
        return decoder.raw_decode(text, pos)
    except json.JSONDecodeError:
        pass
    tail = text[pos:]
    repaired = _drop_trailing_commas(tail)
    if repaired == tail:
        return None
    try:
        value, end = decoder.raw_decode(repaired)
    except json.JSONDecodeError:
        return None
    # Map the end back: the repair only removed commas, so count the kept characters.
    kept, i = 0, 0
    while kept < end and i < len(tail):
        if repaired[kept] == tail[i]:
            kept += 1
        i += 1
    return value, pos + i


def _objects(text: str) -> list[dict[str, Any]]:
    """Every JSON object in `text`, whole text first, then fenced blocks, then any `{...}`."""
    candidates: list[dict[str, Any]] = []
    for chunk in [text, *_FENCE.findall(text)]:
        chunk = chunk.strip()
        found = _decode_at(chunk, 0) if chunk.startswith("{") else None
        if found is not None and isinstance(found[0], dict) and not chunk[found[1] :].strip():
            candidates.append(found[0])
    if candidates:
        return candidates
    pos = text.find("{")
    while pos >= 0:
        found = _decode_at(text, pos)
        if found is None:
            pos = text.find("{", pos + 1)
            continue
        obj, end = found
        if isinstance(obj, dict):
            candidates.append(obj)
        pos = text.find("{", end)
    return candidates


_LABEL_NOISE = " \t\n\"'`*_.,;:!()[]"
_INFLECTIONS = ("", "s", "es", "ed", "d", "ing")
_SEPARATORS = re.compile(r"[\s_-]+")


@lru_cache(maxsize=64)
def _label_forms(labels: tuple[str, ...]) -> dict[str, str | None]:
    """Every way of writing each label (case and separators folded) -> the label; None for a form
    two labels share, which names neither."""
    forms: dict[str, str | None] = {}
    for label in labels:
        base = _SEPARATORS.sub(" ", label.lower())
        for ending in _INFLECTIONS:
            form = base + ending
            forms[form] = label if forms.get(form, label) == label else None
    return forms


def read_label(raw: Any, rubric: Rubric) -> str | None:
    """The rubric label a judge wrote, in whatever case or inflection; None when off the scale.

    Within the rubric's own vocabulary only: `PASS`, `Passed`, `**fail**.` and `partially-met`
    for `partially_met` are read; a word the rubric does not use (`yes`, `implemented`) is not
    guessed at, so its requirement is asked again instead.
    """
    if not isinstance(raw, str):
        return None
    word = _SEPARATORS.sub(" ", raw.strip(_LABEL_NOISE).lower())
    return _label_forms(tuple(rubric.verdict.labels)).get(word)


def parse_reply(content: str | None, refusal: str | None, rubric: Rubric) -> Parsed | ParseFailure:
    if refusal:
        return ParseFailure(Unscorable.REFUSAL, refusal[:500])
    if content is None or not content.strip():
        return ParseFailure(Unscorable.PARSE_ERROR, "empty reply")
    objects = _objects(content)
    if not objects:
        if rubric.per_requirement and requirement_answers(content, rubric):
            return _joint_overall(content, rubric)  # a list cut at the token limit: its whole entries
        if _REFUSAL.search(content):
            return ParseFailure(Unscorable.REFUSAL, content[:500])
        return ParseFailure(Unscorable.PARSE_ERROR, "no JSON object in the reply")
    problem = "no object with a 'verdict' field"
    for obj in sorted(objects, key=lambda o: "verdict" not in o):
        try:
            ans = JudgeAnswer.model_validate(obj)
        except ValidationError as exc:
            problem = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
            continue
        label = read_label(ans.verdict, rubric)
        if label is None:
            problem = f"verdict {ans.verdict!r} is not one of {rubric.verdict.labels}"
            continue
        conf = None if ans.confidence is None else min(1.0, max(0.0, ans.confidence))
        evidence = (ans.injection_evidence or "").strip()[:500] or None
        return Parsed(label, ans.rationale, conf, ans.injection_suspected, evidence)
    if rubric.per_requirement and requirement_answers(content, rubric):
        return _joint_overall(content, rubric)
    return ParseFailure(Unscorable.PARSE_ERROR, problem)


def cited_step(content: str | None) -> int | None:
    """The `step` a reply's verdict object cites (`Rubric.cites_step`); None when it names none.

    Read from the object that carries the verdict, so a step number in prose is never taken.
    """
    for obj in _objects(content or ""):
        step = obj.get("step")
        if "verdict" in obj and isinstance(step, int) and not isinstance(step, bool):
            return step
        if "verdict" in obj and isinstance(step, str) and step.strip().isdigit():
            return int(step)
    return None


def _joint_overall(content: str, rubric: Rubric) -> Parsed:
    """A joint answer without a usable overall verdict: the worst of its requirements' verdicts.

    That is the rubric's own rule ("the overall verdict passes only when every listed
    requirement passes"); each requirement's verdict is read from its entry, never from this.
    """
    answers = requirement_answers(content, rubric)
    worst = min((label for label, _ in answers.values()), key=rubric.verdict.labels.index)
    return Parsed(worst, "the overall verdict is the worst of the listed requirements' verdicts", None)


class RequirementAnswer(BaseModel):
    """One entry of a joint answer's `requirements` list (`requirement` is read as `number`)."""

    model_config = ConfigDict(extra="ignore")

    number: int = Field(validation_alias=AliasChoices("number", "requirement"))
    verdict: str
    rationale: str = ""

    @field_validator("number", mode="before")
    @classmethod
    def _numeral(cls, value: Any) -> Any:
        """`"2"` and `"2."` (a list's own numbering) are the number 2; a bool is not a number."""
        if isinstance(value, bool):
            raise ValueError("a requirement number, not a boolean")
        if isinstance(value, str) and (m := _NUMERAL.fullmatch(value)):
            return int(m[1])
        return value


_NUMERAL = re.compile(r"\s*#?(\d+)\.?\s*")
_REQUIREMENTS_LIST = re.compile(r'"requirements"\s*:\s*\[')


def _entries(content: str) -> list[Any]:
    """Every entry of every `requirements` list in the reply.

    A reply cut at the token limit ends inside its list: the entries written whole before the
    cut are kept (each is a verdict on its own), the cut one is not.
    """
    whole = [obj.get("requirements") for obj in _objects(content)]
    lists = [entries for entries in whole if isinstance(entries, list)]
    if lists:
        return [entry for entries in lists for entry in entries]
    out: list[Any] = []
    for m in _REQUIREMENTS_LIST.finditer(content):
        pos = m.end()
        while (start := content.find("{", pos)) >= 0 and not content[pos:start].strip(" \t\r\n,"):
            found = _decode_at(content, start)
            if found is None:  # the entry the limit cut
                break
            out.append(found[0])
            pos = found[1]
    return out


def requirement_answers(content: str | None, rubric: Rubric) -> dict[int, tuple[str, str]]:
    """number -> (label, rationale) from a joint answer (`Rubric.per_requirement`).

    What is not clearly the judge's verdict is left out, so its requirement is asked again
    rather than guessed: an entry that is malformed or off the rubric's scale, and a number
    answered twice with different labels (in one list or across two JSON blocks, such as a draft
    and a final answer). The same label twice is one answer. Numbers the call did not ask are
    returned too; the caller reads only the numbers it asked, never an answer by its position.
    """
    answers: dict[int, tuple[str, str]] = {}
    contradicted: set[int] = set()
    for entry in _entries(content or ""):
        try:
            ans = RequirementAnswer.model_validate(entry)
        except ValidationError:
            continue
        label = read_label(ans.verdict, rubric)
        if label is None:
            continue
        seen = answers.setdefault(ans.number, (label, ans.rationale))
        if seen[0] != label:
            contradicted.add(ans.number)
    return {n: a for n, a in answers.items() if n not in contradicted}


def reask_message(failure: ParseFailure, rubric: Rubric) -> str:
    labels = ", ".join(f'"{lab}"' for lab in rubric.verdict.labels)
    return (
        f"Your reply could not be used ({failure.detail}). Reply again with only one JSON object with "
        f'the keys "verdict" (one of {labels}), "rationale" (a string), "confidence" (a number in [0, 1]), '
        '"injection_suspected" (true or false) and "injection_evidence" (a short quote, or null)'
        + (
            ', and "requirements": one {"number", "verdict", "rationale"} object per numbered requirement.'
            if rubric.per_requirement
            else "."
        )
    )
