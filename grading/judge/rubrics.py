"""Rubrics: versioned YAML files that say what a judge sees and what it must answer.

Installed from a wheel, the rubrics live inside the package (`grading/_rubrics`, force-included
by pyproject); in a checkout they are the repo-root `rubrics/`. A rubric can also be named
by path, so a user can try a rubric of their own without installing it.
"""

from __future__ import annotations

import hashlib
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import Field, ValidationError, model_validator

from expgrade import grading
from expgrade.grading.errors import UserError, describe_validation_error
from expgrade.grading.schemas.base import StrictModel

FieldKind = Literal["text", "code", "diff", "log", "transcript", "json"]


class RubricField(StrictModel):
    """An item field the judge reads. Untrusted fields are fenced and scanned for injection."""

    name: str
    description: str = ""
    required: bool = True
    untrusted: bool = True
    kind: FieldKind = "text"


class RubricCriterion(StrictModel):
    id: str
    text: str


class VerdictSpec(StrictModel):
    """The answer: `binary` (pass/fail), `ordinal` (levels ordered worst to best) or `nominal`
    (categories in no order, such as failure modes: none passes, `pass_labels: []`)."""

    type: Literal["binary", "ordinal", "nominal"] = "binary"
    labels: list[str] = Field(default_factory=lambda: ["fail", "pass"])
    pass_labels: list[str] = Field(default_factory=lambda: ["pass"])
    descriptions: dict[str, str] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _consistent(self) -> VerdictSpec:
        if len(self.labels) < 2 or len(set(self.labels)) != len(self.labels):
            raise ValueError("verdict.labels needs at least two distinct labels, worst first")
        if self.type == "binary" and sorted(self.labels) != ["fail", "pass"]:
            raise ValueError("a binary verdict has labels [fail, pass]")
        unknown = set(self.pass_labels) - set(self.labels)
        if unknown:
            raise ValueError(f"verdict.pass_labels not among labels: {sorted(unknown)}")
        return self

    def score_of(self, label: str) -> float:
        """Position on the scale in [0, 1] (worst 0, best 1): what `mean` panels average."""
        return self.labels.index(label) / (len(self.labels) - 1)


class Rubric(StrictModel):
    id: str
    version: str
    title: str
    description: str = ""
    subtask: str | None = None
    fields: list[RubricField]
    criteria: list[RubricCriterion] = Field(default_factory=list)
    instructions: str
    verdict: VerdictSpec = Field(default_factory=VerdictSpec)
    #: The criterion is a numbered list of requirements and the answer carries one verdict per
    #: number (`requirements`) besides the overall one: one call judges them all (joint judging).
    per_requirement: bool = False
    #: The answer names the step of the agent's trajectory its verdict rests on (`step`, an
    #: index the item's fields show): the failure judge's citation, checked against the steps sent.
    cites_step: bool = False
    source: str | None = Field(default=None, exclude=True)

    @cached_property
    def digest(self) -> str:
        """Hash of the rubric's content: a changed rubric that forgot its version bump still differs.

        Computed once per loaded rubric (it keys every judge call's cache entry); rubrics are not
        changed after loading.
        """
        # `per_requirement` and `cites_step` enter only when set, so that the other rubrics keep
        # their digests.
        unset = {name for name in ("per_requirement", "cites_step") if not getattr(self, name)}
        body = self.model_dump_json(exclude={"source", *unset})
        return hashlib.sha256(body.encode()).hexdigest()[:16]

    def check_item(
        self, fields: dict[str, Any], *, file: str | Path | None = None, record: str | None = None
    ) -> None:
        """A UserError naming the first required field the item lacks."""
        for f in self.fields:
            value = fields.get(f.name)
            if f.required and (value is None or (isinstance(value, str) and not value.strip())):
                raise UserError(
                    f"rubric '{self.id}' needs field '{f.name}' ({f.description or f.kind})",
                    file=file,
                    record=record,
                    field=f.name,
                )


def rubric_dirs() -> list[Path]:
    """Where shipped rubrics live: inside the installed package first, else the checkout."""
    pkg = Path(grading.__file__).resolve().parent  # the real folder, not the expgrade/ link
    return [d for d in (pkg / "_rubrics", pkg.parent / "rubrics") if d.is_dir()]


def _parse(path: Path) -> Rubric:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"cannot read rubric: {exc}", file=path) from None
    except yaml.YAMLError as exc:
        raise UserError(f"malformed YAML: {exc}", file=path) from None
    if not isinstance(data, dict):
        raise UserError("a rubric file holds one YAML mapping", file=path)
    try:
        return Rubric.model_validate({**data, "source": str(path)})
    except ValidationError as exc:
        raise UserError(describe_validation_error(exc), file=path) from None


@lru_cache(maxsize=64)
def _load_path(path: Path, mtime: float) -> Rubric:
    return _parse(path)


def list_rubrics() -> list[Rubric]:
    """Every shipped rubric, by id (the first directory wins when both exist)."""
    found: dict[str, Rubric] = {}
    for d in rubric_dirs():
        for p in sorted(d.glob("*.y*ml")):
            r = _load_path(p, p.stat().st_mtime)
            found.setdefault(r.id, r)
    return sorted(found.values(), key=lambda r: r.id)


def load_rubric(ref: str) -> Rubric:
    """A rubric by id (shipped) or by path to a YAML file."""
    p = Path(ref)
    if p.suffix in (".yaml", ".yml") and p.is_file():
        return _load_path(p.resolve(), p.stat().st_mtime)
    for r in list_rubrics():
        if r.id == ref:
            return r
    known = ", ".join(r.id for r in list_rubrics()) or "(none found)"
    raise UserError(f"unknown rubric '{ref}'; shipped rubrics: {known} (or give a path to a .yaml file)")
