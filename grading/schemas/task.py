"""Task records (docs/formats.md §2): one experiment an agent is asked to run."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field, field_validator, model_validator

from expgrade.grading.schemas.base import Record

Benchmark = Literal["expbench", "autoexperiment", "paperbench", "native"]


class TaskSource(Record):
    benchmark: Benchmark
    paper_id: str


class Design(Record):
    """Design ground truth: variable name -> its values (or a description)."""

    constant_variables: dict[str, Any] = Field(default_factory=dict)
    independent_variables: dict[str, Any] = Field(default_factory=dict)
    dependent_variables: dict[str, Any] = Field(default_factory=dict)


class RepoSpec(Record):
    path: str | None = None
    url: str | None = None
    commit: str | None = None


class MaskedSpan(Record):
    file: str
    name: str | None = None
    line_start: int | None = None
    line_end: int | None = None


#: The placeholder `run.command` may hold for the run's seed (docs/formats.md §2).
SEED_PLACEHOLDER = "{seed}"


class RunSpec(Record):
    """How to re-run the experiment; limits left out take expgrade.grading.sandbox.Limits' defaults."""

    #: `{seed}` in it is replaced by the run's seed: 0, unless `expgrade grade --repeats` or
    #: `--reference-runs` asks for others (the seed is also in the sandbox as EXPGRADE_SEED).
    command: str
    image: str | None = None
    timeout_s: int | None = Field(default=None, gt=0)
    gpus: int = Field(default=0, ge=0)
    results_file: str | None = None
    memory: str | None = None
    disk: str | None = None  # all the run may write, e.g. "20g" (default 20g)
    cpus: float | None = Field(default=None, gt=0)
    # Sandbox inputs: the run sees no host environment except what is named here.
    env: dict[str, str] = Field(default_factory=dict)  # variables set in the sandbox
    pass_env: list[str] = Field(default_factory=list)  # host variables passed through by name
    # Regexes with one group, applied to stdout: {EXPERIMENT: {METRIC: regex}}.
    result_patterns: dict[str, dict[str, str]] | None = None
    # The task's own unit tests (ResearchCodeBench style), run in the same image after the change.
    test_command: str | None = None
    test_files: str | None = None  # a folder of tests the agent never saw, relative to TASKS.jsonl
    test_timeout_s: int | None = Field(default=None, gt=0)  # default: timeout_s


#: Test keys that tasks once carried at the top level; they now live under `run`.
_TEST_KEYS = ("test_command", "test_files", "test_timeout_s")


class ReferenceSpec(Record):
    """The benchmark's own solution, run to measure how much the experiment moves by seed.

    `patch` (a unified diff applied to the task's repo) or `path` (a folder holding the whole
    solved tree), both relative to TASKS.jsonl; with neither, the task's repo as it stands is
    the reference (the benchmark took `files` out of the agent's copy: EXP-Bench deletes its
    `masked_source`, AutoExperiment blanks its masked functions).
    """

    patch: str | None = None
    path: str | None = None
    #: Files of the repo that hold the solution the agent had to write (for the reader).
    files: list[str] = Field(default_factory=list)

    @model_validator(mode="after")
    def _one_tree(self) -> ReferenceSpec:
        if self.patch is not None and self.path is not None:
            raise ValueError("give the reference as a patch or as a folder (path), not both")
        return self


class MetricTolerance(Record):
    rel: float = Field(default=0.05, ge=0)
    abs: float = Field(default=0.0, ge=0)


class Tolerance(Record):
    rel: float = Field(default=0.05, ge=0)
    abs: float = Field(default=0.0, ge=0)
    per_metric: dict[str, MetricTolerance] = Field(default_factory=dict)


class RubricNode(Record):
    """A PaperBench-style rubric tree node; a parent's score is the weighted mean of its children."""

    id: str
    requirements: str
    weight: float = Field(default=1.0, ge=0)
    sub_tasks: list[RubricNode] = Field(default_factory=list)
    task_category: str | None = None

    def leaves(self) -> list[RubricNode]:
        if not self.sub_tasks:
            return [self]
        return [leaf for child in self.sub_tasks for leaf in child.leaves()]


def _legacy_test_keys(schema: dict[str, Any]) -> None:
    """The published schema says what the reader accepts: the older top-level test keys too."""
    run = RunSpec.model_json_schema()["properties"]
    for key in _TEST_KEYS:
        schema["properties"][key] = {
            **run[key],
            "deprecated": True,
            "description": f"older layout of run.{key}",
        }


class Task(Record):
    model_config = ConfigDict(json_schema_extra=_legacy_test_keys)

    id: str = Field(min_length=1)
    source: TaskSource
    question: str
    method: str | None = None
    design: Design | None = None
    requirements: list[str] | None = None
    expected_outcome: str | None = None
    repo: RepoSpec | None = None
    masked: list[MaskedSpan] | None = None
    run: RunSpec | None = None
    expected_results: dict[str, dict[str, float]] | None = None
    tolerance: Tolerance | None = None
    reference: ReferenceSpec | None = None
    rubric: RubricNode | None = None

    @model_validator(mode="before")
    @classmethod
    def _tests_under_run(cls, data: Any) -> Any:
        """Move top-level test keys (the older layout) under `run`, where they are typed."""
        if not isinstance(data, dict):
            return data
        extra: dict[str, Any] = data["extra"] if isinstance(data.get("extra"), dict) else {}
        legacy = {k: data.get(k, extra.get(k)) for k in _TEST_KEYS if k in data or k in extra}
        if not legacy:
            return data
        run = data.get("run")
        if isinstance(run, RunSpec):
            run = run.model_dump(exclude_unset=True)
        if not isinstance(run, dict):
            raise ValueError(f"{', '.join(legacy)} need a run spec (the image the tests run in)")
        data = {k: v for k, v in data.items() if k not in _TEST_KEYS}
        if extra:
            data["extra"] = {k: v for k, v in extra.items() if k not in _TEST_KEYS}
        data["run"] = {**run, **{k: v for k, v in legacy.items() if run.get(k) is None}}
        return data

    @field_validator("id")
    @classmethod
    def _id_has_no_whitespace_edges(cls, v: str) -> str:
        if v != v.strip():
            raise ValueError("task id must not start or end with whitespace")
        return v
