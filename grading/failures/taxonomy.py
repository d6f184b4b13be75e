"""The failure taxonomy: a versioned file of failure modes, shipped in `rubrics/taxonomies/`.

A failure verdict names a mode by id, and carries the taxonomy's id, version and hash, so that
two runs classified under different taxonomies are never counted as one (the same rule as a
rubric's version and digest in every judge verdict). A user's file either extends the shipped
taxonomy (`extends: failure-taxonomy`, more modes) or replaces it; it is validated strictly
(unknown keys refused, ids unique, the modes the detectors name present), because a mode the
detectors cannot name would silently never be counted.
"""

from __future__ import annotations

import hashlib
import re
from functools import cached_property
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from expgrade.grading.errors import UserError, describe_validation_error
from expgrade.grading.judge.rubrics import rubric_dirs

#: The shipped taxonomy's id (what `extends:` names).
DEFAULT_TAXONOMY = "failure-taxonomy"

#: Modes the deterministic detectors name: a taxonomy must keep them (it may add others, reword them).
DETECTOR_MODES = (
    "environment_setup",
    "code_error",
    "experiment_not_run",
    "out_of_budget",
    "gave_up",
    "results_unsupported",
    "infrastructure",
)

_ID = re.compile(r"^[a-z][a-z0-9_]*$")


class FailureMode(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    title: str
    description: str
    #: False for faults that are never the agent's (the harness, the sandbox, the provider).
    agent_fault: bool = True

    @field_validator("id")
    @classmethod
    def _snake(cls, value: str) -> str:
        if not _ID.match(value):
            raise ValueError(f"a mode id is lower_snake_case (letters, digits, _), not {value!r}")
        return value


class Taxonomy(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    version: str
    title: str
    description: str = ""
    extends: str | None = None
    modes: list[FailureMode] = Field(min_length=1)
    source: str | None = Field(default=None, exclude=True)

    @model_validator(mode="after")
    def _unique(self) -> Taxonomy:
        seen: set[str] = set()
        for mode in self.modes:
            if mode.id in seen:
                raise ValueError(f"mode '{mode.id}' is listed twice")
            seen.add(mode.id)
        return self

    @cached_property
    def digest(self) -> str:
        """Hash of the content: an edited taxonomy that forgot its version bump still differs."""
        return hashlib.sha256(self.model_dump_json(exclude={"source"}).encode()).hexdigest()[:16]

    @property
    def ref(self) -> str:
        """`id@version#digest`, the form every failure verdict records."""
        return f"{self.id}@{self.version}#{self.digest}"

    @property
    def ids(self) -> list[str]:
        return [m.id for m in self.modes]

    def mode(self, mode_id: str) -> FailureMode:
        for m in self.modes:
            if m.id == mode_id:
                return m
        raise KeyError(mode_id)


def _read(path: Path) -> dict[str, object]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"cannot read failure taxonomy: {exc}", file=path) from None
    except yaml.YAMLError as exc:
        raise UserError(f"malformed YAML: {exc}", file=path) from None
    if not isinstance(data, dict):
        raise UserError(
            "a failure taxonomy file holds one YAML mapping (id, version, title, modes)", file=path
        )
    return data


def _validate(data: dict[str, object], path: Path) -> Taxonomy:
    try:
        return Taxonomy.model_validate({**data, "source": str(path)})
    except ValidationError as exc:
        raise UserError(describe_validation_error(exc), file=path) from None


def shipped_path() -> Path:
    for d in rubric_dirs():
        path = d / "taxonomies" / f"{DEFAULT_TAXONOMY}.yaml"
        if path.is_file():
            return path
    raise UserError(f"the shipped failure taxonomy is missing (rubrics/taxonomies/{DEFAULT_TAXONOMY}.yaml)")


def load_taxonomy(path: Path | None = None) -> Taxonomy:
    """The shipped taxonomy, or a user's file (extending the shipped one when it says so)."""
    if path is None:
        path = shipped_path()
    elif not path.is_file():
        raise UserError("failure taxonomy file not found", file=path)
    data = _read(path)
    extends = data.get("extends")
    if extends is not None:
        if extends != DEFAULT_TAXONOMY:
            raise UserError(
                f"'extends' names the shipped taxonomy '{DEFAULT_TAXONOMY}', not {extends!r}",
                file=path,
                field="extends",
            )
        base = load_taxonomy()
        own = data.get("modes")
        if not isinstance(own, list):
            raise UserError(
                "an extending taxonomy lists its added modes under 'modes'", file=path, field="modes"
            )
        data = {**data, "modes": [m.model_dump() for m in base.modes] + own}
    taxonomy = _validate(data, path)
    missing = [m for m in DETECTOR_MODES if m not in taxonomy.ids]
    if missing:
        raise UserError(
            f"the taxonomy lacks the modes the detectors name: {', '.join(missing)}; keep them (reword "
            f"their titles freely) or write `extends: {DEFAULT_TAXONOMY}` to add modes to the shipped ones",
            file=path,
            field="modes",
        )
    return taxonomy
