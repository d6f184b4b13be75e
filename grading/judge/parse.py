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
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

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


def _objects(text: str) -> list[dict[str, Any]]:
    """Every JSON object in `text`, whole text first, then fenced blocks, then any `{...}`."""
    candidates: list[dict[str, Any]] = []
    decoder = json.JSONDecoder()
    for chunk in [text, *_FENCE.findall(text)]:
        try:
            obj = json.loads(chunk.strip())
        except json.JSONDecodeError:
            continue
        if isinstance(obj, dict):
            candidates.append(obj)
    if candidates:
        return candidates
    pos = text.find("{")
    while pos >= 0:
        try:
            obj, end = decoder.raw_decode(text, pos)
        except json.JSONDecodeError:
            pos = text.find("{", pos + 1)
            continue
        if isinstance(obj, dict):
            candidates.append(obj)
        pos = text.find("{", end)
    return candidates


def parse_reply(content: str | None, refusal: str | None, rubric: Rubric) -> Parsed | ParseFailure:
    if refusal:
        return ParseFailure(Unscorable.REFUSAL, refusal[:500])
    if content is None or not content.strip():
        return ParseFailure(Unscorable.PARSE_ERROR, "empty reply")
    objects = _objects(content)
    if not objects:
        if _REFUSAL.search(content):
            return ParseFailure(Unscorable.REFUSAL, content[:500])
        return ParseFailure(Unscorable.PARSE_ERROR, "no JSON object in the reply")
    labels = {lab.lower(): lab for lab in rubric.verdict.labels}
    problem = "no object with a 'verdict' field"
    for obj in sorted(objects, key=lambda o: "verdict" not in o):
        try:
            ans = JudgeAnswer.model_validate(obj)
        except ValidationError as exc:
            problem = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
            continue
        label = labels.get(ans.verdict.strip().lower())
        if label is None:
            problem = f"verdict {ans.verdict!r} is not one of {rubric.verdict.labels}"
            continue
        conf = None if ans.confidence is None else min(1.0, max(0.0, ans.confidence))
        evidence = (ans.injection_evidence or "").strip()[:500] or None
        return Parsed(label, ans.rationale, conf, ans.injection_suspected, evidence)
    return ParseFailure(Unscorable.PARSE_ERROR, problem)


class RequirementAnswer(BaseModel):
    """One entry of a joint answer's `requirements` list."""

    model_config = ConfigDict(extra="ignore")

    number: int
    verdict: str
    rationale: str = ""


def requirement_answers(content: str | None, rubric: Rubric) -> dict[int, tuple[str, str]]:
    """number -> (label, rationale) from a joint answer (`Rubric.per_requirement`).

    An entry that is malformed or has a label off the rubric's scale is left out, so that its
    requirement ends unscorable rather than guessed; the first entry for a number wins.
    """
    labels = {lab.lower(): lab for lab in rubric.verdict.labels}
    out: dict[int, tuple[str, str]] = {}
    for obj in _objects(content or ""):
        entries = obj.get("requirements")
        for entry in entries if isinstance(entries, list) else []:
            try:
                ans = RequirementAnswer.model_validate(entry)
            except ValidationError:
                continue
            label = labels.get(ans.verdict.strip().lower())
            if label is not None:
                out.setdefault(ans.number, (label, ans.rationale))
        if out:
            break
    return out


def reask_message(failure: ParseFailure, rubric: Rubric) -> str:
    labels = ", ".join(f'"{lab}"' for lab in rubric.verdict.labels)
    return (
        f"Your reply could not be used ({failure.detail}). Reply again with only one JSON object with "
        f'the keys "verdict" (one of {labels}), "rationale" (a string), "confidence" (a number in [0, 1]), '
        '"injection_suspected" (true or false) and "injection_evidence" (a short quote, or null).'
    )
