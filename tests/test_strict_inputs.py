"""Every field of every file a user writes, misspelt, is refused by the verb that reads it.

The fields are not listed here: they are walked out of the pydantic models (every nested model
reached from each format's top model), so a field added tomorrow is tested tomorrow. Each
format has one full example document that reaches every nested model (checked: a nested model
the example misses fails `test_examples_reach_every_nested_model`), and one real CLI verb that
reads it. A misspelling (two letters swapped, one dropped, one added, drawn by hypothesis) must
end in exit 2 with the misspelt key named, never in a silent default.
"""

from __future__ import annotations

import json
import types
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from cli_support import run_cli
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from expgrade.annotation_app.export import PROVENANCE_KEYS
from expgrade.cli import _register, app
from expgrade.grading.errors import UserError
from expgrade.grading.harness_importers.mapping import FieldMap
from expgrade.grading.judge.rubrics import Rubric
from expgrade.grading.schemas import LabelRow, Step, Submission, Task
from expgrade.grading.schemas.base import StrictModel, known_keys
from expgrade.grading.schemas.task import _TEST_KEYS

_register()

Doc = dict[str, Any]
Path_ = tuple[str | int, ...]

# --- the example documents: every nested model present once ----------------------------------

TASK: Doc = {
    "id": "t1",
    "source": {"benchmark": "native", "paper_id": "p1"},
    "question": "Does the learning rate matter?",
    "method": "sweep it",
    "design": {"constant_variables": {}, "independent_variables": {"lr": [0.1]}, "dependent_variables": {}},
    "requirements": ["run it"],
    "expected_outcome": "it does",
    "repo": {"url": "https://example.org/repo.git", "commit": "abc"},
    "masked": [{"file": "train.py", "name": "step", "line_start": 1, "line_end": 2}],
    "run": {"command": "python train.py", "image": "python:3.12-slim", "timeout_s": 60},
    "expected_results": {"exp": {"acc": 0.9}},
    "tolerance": {"rel": 0.05, "abs": 0.0, "per_metric": {"acc": {"rel": 0.1, "abs": 0.0}}},
    "reference": {"files": ["train.py"]},
    "rubric": {"id": "r", "requirements": "all", "sub_tasks": [{"id": "r.1", "requirements": "one"}]},
    "extra": {"mine": 1},
}
SUBMISSION: Doc = {
    "task_id": "t1",
    "agent": "a",
    "agent_model": "m",
    "attempt": 1,
    "design": "a sweep",
    "conclusion": "it matters",
    "claimed_results": {"exp": {"acc": 0.9}},
    "extra": {"mine": 1},
}
STEP: Doc = {
    "index": 1,
    "kind": "tool_call",
    "actor": "agent",
    "role": "assistant",
    "tool": "bash",
    "command": "ls",
    "call_id": "c1",
    "model": "m",
    "usage": {"input_tokens": 1, "output_tokens": 2, "total_tokens": 3},
    "cost": 0.0,
}
LABEL: Doc = {
    "item_id": "i1",
    "rater": "ann",
    "rater_kind": "human",
    "label": "pass",
    "extra": {k: "x" for k in PROVENANCE_KEYS},
}
RUBRIC: Doc = {
    "id": "my-rubric",
    "version": "1",
    "title": "Mine",
    "fields": [{"name": "answer", "kind": "text"}],
    "criteria": [{"id": "c1", "text": "is it right"}],
    "instructions": "Judge it.",
    "verdict": {"type": "binary", "labels": ["fail", "pass"], "pass_labels": ["pass"]},
}
MAPPING: Doc = {"id": "id", "agent": "agent", "model": "model", "conclusion": "answer"}
HARNESS_RECORDS = [{"id": "t1", "agent": "a", "model": "m", "answer": "it matters"}]


@dataclass(frozen=True)
class Format:
    """A user-written format: its top model, its example, and how the CLI reads a document of it."""

    name: str
    model: type[StrictModel]
    example: Doc
    check: Callable[[Path, Doc], list[str | Path]]  # writes the document, returns the CLI args


def _task(tmp: Path, doc: Doc) -> list[str | Path]:
    path = tmp / "tasks.jsonl"
    path.write_text(json.dumps(doc) + "\n")
    return ["tasks", "validate", path]


def _submission_folder(tmp: Path, sub: Doc, steps: list[Doc] | None = None) -> Path:
    folder = tmp / "subs" / "s1"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "submission.json").write_text(json.dumps(sub))
    if steps is not None:
        (folder / "trajectory.jsonl").write_text("".join(json.dumps(s) + "\n" for s in steps))
    return folder.parent


def _submission(tmp: Path, doc: Doc) -> list[str | Path]:
    return ["submissions", "validate", _submission_folder(tmp, doc)]


def _trajectory(tmp: Path, doc: Doc) -> list[str | Path]:
    return ["submissions", "validate", _submission_folder(tmp, SUBMISSION, [doc])]


def _label(tmp: Path, doc: Doc) -> list[str | Path]:
    path = tmp / "gold.jsonl"
    path.write_text(json.dumps(doc) + "\n")
    return ["gold", "validate", path]


def _rubric(tmp: Path, doc: Doc) -> list[str | Path]:
    path = tmp / "rubric.yaml"
    path.write_text(yaml.safe_dump(doc))
    return ["rubrics", "show", path]


def _mapping(tmp: Path, doc: Doc) -> list[str | Path]:
    mapping, records = tmp / "map.yaml", tmp / "records.json"
    mapping.write_text(yaml.safe_dump(doc))
    records.write_text(json.dumps(HARNESS_RECORDS))
    return ["submissions", "import", "json", records, "--mapping", mapping, "--out", tmp / "imported"]


FORMATS = [
    Format("task", Task, TASK, _task),
    Format("submission", Submission, SUBMISSION, _submission),
    Format("trajectory", Step, STEP, _trajectory),
    Format("label", LabelRow, LABEL, _label),
    Format("rubric", Rubric, RUBRIC, _rubric),
    Format("mapping", FieldMap, MAPPING, _mapping),
]

# --- walking the models ---------------------------------------------------------------------


def _models_in(annotation: Any) -> Iterator[type[StrictModel]]:
    if isinstance(annotation, type) and issubclass(annotation, StrictModel):
        yield annotation
    for arg in typing.get_args(annotation):
        yield from _models_in(arg)


def reachable(model: type[StrictModel]) -> set[type[StrictModel]]:
    """Every strict model a document of `model` may hold, found from the annotations."""
    seen = {model}
    todo = [model]
    while todo:
        for f in todo.pop().model_fields.values():
            for sub in _models_in(f.annotation):
                if sub not in seen:
                    seen.add(sub)
                    todo.append(sub)
    return seen


def _subdocs(annotation: Any, value: Any, path: Path_) -> Iterator[tuple[Path_, type[StrictModel]]]:
    """Where in `value` (typed `annotation`) a nested strict model sits: the model itself, the
    first item of a list of them, the first value of a mapping to them."""
    if isinstance(annotation, type) and issubclass(annotation, StrictModel):
        if isinstance(value, dict):
            yield path, annotation
        return
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is list and isinstance(value, list) and value:
        yield from _subdocs(args[0], value[0], (*path, 0))
    elif origin is dict and isinstance(value, dict) and value:
        key = next(iter(value))
        yield from _subdocs(args[1], value[key], (*path, key))
    elif origin in (typing.Union, types.UnionType):
        for arg in args:
            yield from _subdocs(arg, value, path)


def sites(
    model: type[StrictModel], doc: Doc, path: Path_ = ()
) -> Iterator[tuple[Path_, type[StrictModel], str]]:
    """(where the record is, its model, a key) for every field of every record in `doc`."""
    for name, f in model.model_fields.items():
        key = f.alias or name
        yield path, model, key
        if key in doc:
            for sub_path, sub in _subdocs(f.annotation, doc[key], (*path, key)):
                yield from sites(sub, _at(doc, sub_path[len(path) :]), sub_path)


def _at(doc: Any, path: Path_) -> Any:
    for p in path:
        doc = doc[p]
    return doc


CASES = [
    pytest.param(fmt, path, model, key, id=f"{fmt.name}:{'.'.join(map(str, (*path, key)))}")
    for fmt in FORMATS
    for path, model, key in sites(fmt.model, fmt.example)
]

# --- running the verb -----------------------------------------------------------------------


def invoke(args: list[str | Path]) -> tuple[int, str]:
    """The registered verb in-process; a UserError is what the entry point prints with exit 2."""
    r = CliRunner().invoke(app, [str(a) for a in args])
    if isinstance(r.exception, UserError):
        return 2, str(r.exception)
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    return r.exit_code, r.output


def misspellings(key: str) -> st.SearchStrategy[str]:
    i = st.integers(0, len(key) - 1)
    swap = i.filter(lambda n: n < len(key) - 1).map(lambda n: key[:n] + key[n + 1] + key[n] + key[n + 2 :])
    drop = i.map(lambda n: key[:n] + key[n + 1 :]) if len(key) > 1 else st.nothing()
    add = st.tuples(st.integers(0, len(key)), st.sampled_from("abcdefghijklmnopqrstuvwxyz_")).map(
        lambda t: key[: t[0]] + t[1] + key[t[0] :]
    )
    return st.one_of(swap, drop, add)


def test_examples_reach_every_nested_model() -> None:
    for fmt in FORMATS:
        walked = {model for _, model, _ in sites(fmt.model, fmt.example)}
        assert walked == reachable(fmt.model), (
            f"{fmt.name}: the example misses {reachable(fmt.model) - walked}"
        )


@pytest.mark.parametrize("fmt", FORMATS, ids=lambda f: f.name)
def test_each_example_is_accepted(tmp_path: Path, fmt: Format) -> None:
    code, out = invoke(fmt.check(tmp_path, fmt.example))
    assert code == 0, out


@pytest.mark.parametrize(("fmt", "path", "model", "key"), CASES)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_misspelt_field_is_refused_by_name(
    tmp_path_factory: pytest.TempPathFactory,
    fmt: Format,
    path: Path_,
    model: type[StrictModel],
    key: str,
    data: st.DataObject,
) -> None:
    bad = data.draw(misspellings(key), label="misspelt")
    legacy = set(_TEST_KEYS) if model is Task else set()
    assume(bad != key and bad not in known_keys(model) | legacy)  # another valid field is no typo
    doc = json.loads(json.dumps(fmt.example))
    record = _at(doc, path)
    record[bad] = record.pop(key) if key in record else None
    tmp = tmp_path_factory.mktemp(fmt.name)
    code, out = invoke(fmt.check(tmp, doc))
    assert code == 2, out
    dotted = ".".join(map(str, (*path, bad)))
    assert f"unknown field '{dotted}'" in " ".join(out.split()), out


# --- the cases of issue 57, through the installed entry point -------------------------------


def test_a_misspelt_conclusion_is_refused_with_the_field_it_meant(tmp_path: Path) -> None:
    subs = _submission_folder(
        tmp_path, {**{k: v for k, v in SUBMISSION.items() if k != "conclusion"}, "conclusoin": "x"}
    )
    r = run_cli("submissions", "validate", subs)
    assert r.code == 2
    assert "unknown field 'conclusoin' — did you mean 'conclusion'?" in " ".join((r.out + r.err).split())
    assert "submission.json" in r.out + r.err


def test_a_misspelt_task_field_is_refused_with_its_line(tmp_path: Path) -> None:
    doc = {k: v for k, v in TASK.items() if k != "expected_results"}
    doc["expected_resutls"] = TASK["expected_results"]
    doc["run"] = {"comand": "python train.py"}
    path = tmp_path / "tasks.jsonl"
    path.write_text(json.dumps(TASK) + "\n" + json.dumps({**doc, "id": "t2"}) + "\n")
    r = run_cli("tasks", "validate", path)
    text = " ".join((r.out + r.err).split())
    assert r.code == 2
    assert "line 2" in text
    assert "unknown field 'expected_resutls' — did you mean 'expected_results'?" in text
    assert "unknown field 'run.comand' — did you mean 'run.command'?" in text


def test_user_data_rides_under_extra_explicitly(tmp_path: Path) -> None:
    code, out = invoke(_submission(tmp_path, {**SUBMISSION, "extra": {"notes": "mine", "conclusoin": 1}}))
    assert code == 0, out
    assert Submission.model_validate({**SUBMISSION, "extra": {"notes": "mine"}}).extra == {"notes": "mine"}


def test_the_published_schemas_refuse_what_the_code_refuses() -> None:
    for fmt in FORMATS:
        schema = fmt.model.model_json_schema()
        defs = [schema, *schema.get("$defs", {}).values()]
        assert all(
            d.get("additionalProperties") is False
            for d in defs
            if d.get("type") == "object" and "properties" in d
        ), fmt.name
