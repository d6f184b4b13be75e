"""Issue 45: variants of each real harness file must import the same, or be refused clearly.

From each real fixture (tests/fixtures/harness_real, PROVENANCE.md), hypothesis makes files
the same harness could have written: keys renamed as its other generations name them, optional
keys removed, keys added, pretty-printed or compact JSON, gzip-compressed, nested in folders
beside a run's side files (a trajectory, an evaluation report, a log, a config). `import auto`
must read each with the same records (task, agent, model, attempt, patch, answer, result), or
refuse it with a message that names what was expected (the CLI's exit 2). The import runs in
process (`walk` and `import_walked`, what `import auto` runs) so the examples stay fast.
"""

from __future__ import annotations

import copy
import gzip
import json
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from expgrade.grading.errors import UserError
from expgrade.grading.harness_importers import HARNESSES, HarnessOptions, Overrides, SubmissionWriter
from expgrade.grading.harness_importers.auto import import_walked, walk

REAL = Path(__file__).parent / "fixtures" / "harness_real"
SIDE_FILES: dict[str, str] = {
    "run.traj.json": json.dumps({"trajectory_format": "mini-swe-agent-1.1", "info": {}, "messages": []}),
    "model.run-1.json": json.dumps({"resolved_ids": ["x"], "unresolved_ids": [], "completed_ids": ["x"]}),
    "run.log": "INFO starting\n",
    "config.yaml": "agent:\n  step_limit: 250\n",
}


@dataclass(frozen=True)
class Fixture:
    """A real file (and the files its run keeps beside it), how its records are laid out, which
    of their keys are optional, and how other generations name the ones it has."""

    name: str
    files: dict[str, Path]  # name in the variant -> the real file; the first holds the records
    layout: str  # "jsonl", "keyed" (an object keyed by id), "document" (one JSON document)
    optional: tuple[str, ...] = ()
    renames: tuple[tuple[str, str], ...] = ()


FIXTURES = [
    Fixture(
        "swebench_preds",
        {"preds.json": REAL / "mini_swe_agent_run" / "preds.json"},
        "keyed",
        optional=("instance_id",),
    ),
    Fixture(
        "openhands_v0_2024",
        {"output.jsonl": REAL / "openhands_v0_2024_example_agent_output.jsonl"},
        "jsonl",
        optional=("swe_instance", "instruction", "metrics", "error"),
        renames=(
            ("instance_id", "id"),
            ("git_patch", "test_result.git_patch"),
            ("metadata.model_name", "metadata.llm_config.model"),
        ),
    ),
    Fixture(
        "openhands_sdk",
        {"output.jsonl": REAL / "openhands_sdk_output.jsonl"},
        "jsonl",
        optional=("instruction", "metrics", "error"),
        renames=(
            ("instance_id", "id"),
            ("test_result.git_patch", "git_patch"),
            ("metadata.llm.model", "metadata.model_name"),
        ),
    ),
    Fixture(
        "opendevin_2024",
        {
            "output.jsonl": REAL / "opendevin_2024_logic_reasoning" / "output.jsonl",
            "metadata.json": REAL / "opendevin_2024_logic_reasoning" / "metadata.json",
        },
        "jsonl",
        optional=("instance", "instruction", "metrics", "messages", "error"),
        renames=(("id", "instance_id"),),
    ),
    Fixture(
        "inspect_plain_generate",
        {
            "2024-11-05T13-31-45-05-00_input-task.json": REAL
            / "2024-11-05T13-31-45-05-00_input-task_8zXjbRzCWrL9GXiXo2vus9.json"
        },
        "document",
    ),
    Fixture("inspect_eval", {"2025-05-12T20-00-00-04-00_run.eval": REAL / "log_read_sample.eval"}, "binary"),
    Fixture(
        "inspect_no_stats",
        {"2025-05-12T20-00-00-04-00_run.json": REAL / "2025-05-12T20-00-00-04-00_read-sample-no-stats.json"},
        "document",
    ),
]


def _records(fx: Fixture) -> Any:
    path = next(iter(fx.files.values()))
    if fx.layout == "binary":
        return path.read_bytes()
    if fx.layout == "jsonl":
        return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return json.loads(path.read_text())


def _move(record: dict[str, Any], old: str, new: str) -> None:
    """Rename a dotted key: its value moves to the new path."""
    *head, last = old.split(".")
    node: Any = record
    for key in head:
        node = node.get(key) if isinstance(node, dict) else None
    if not isinstance(node, dict) or last not in node:
        return
    value = node.pop(last)
    *head, last = new.split(".")
    node = record
    for key in head:
        node = node.setdefault(key, {})
    node[last] = value


@dataclass(frozen=True)
class Variant:
    renames: tuple[tuple[str, str], ...]
    removed: tuple[str, ...]
    added: dict[str, Any]
    pretty: bool
    gzipped: bool
    nested: tuple[str, ...]
    side_files: tuple[str, ...]
    container: str  # for predictions: the layout SWE-bench also reads ("keyed", "list", "jsonl")


def _containers(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8), _containers, max_leaves=6
)


def variants(fx: Fixture) -> st.SearchStrategy[Variant]:
    return st.builds(
        Variant,
        renames=st.lists(st.sampled_from(fx.renames), unique=True).map(tuple) if fx.renames else st.just(()),
        removed=st.lists(st.sampled_from(fx.optional), unique=True).map(tuple)
        if fx.optional
        else st.just(()),
        added=st.dictionaries(st.from_regex(r"x_[a-z]{1,6}", fullmatch=True), JSON_VALUES, max_size=3)
        if fx.layout not in ("document", "binary")
        else st.just({}),
        pretty=st.booleans() if fx.layout != "binary" else st.just(False),
        gzipped=st.booleans(),
        nested=st.lists(st.sampled_from(["runs", "a", "2025-06-01", "out"]), max_size=2).map(tuple),
        side_files=st.lists(st.sampled_from(sorted(SIDE_FILES)), unique=True).map(tuple),
        container=st.sampled_from(["keyed", "list", "jsonl"]) if fx.layout == "keyed" else st.just(fx.layout),
    )


def write_variant(fx: Fixture, v: Variant, root: Path) -> Path:
    data = copy.deepcopy(_records(fx))
    records = list(data.values()) if fx.layout == "keyed" else data if fx.layout == "jsonl" else []
    raw: bytes = b""
    for record in records:
        for old, new in v.renames:
            _move(record, old, new)
        for key in v.removed:
            record.pop(key, None)
        record.update(v.added)
    folder = root.joinpath(*v.nested) if v.nested else root
    folder.mkdir(parents=True, exist_ok=True)
    name, *_ = fx.files
    dump: Callable[[Any], str] = (
        (lambda d: json.dumps(d, indent=2)) if v.pretty else (lambda d: json.dumps(d, separators=(",", ":")))
    )
    if v.container == "binary":
        raw = data
    elif v.container == "jsonl":
        rows = records if fx.layout == "jsonl" else list(data.values())
        text = "".join(json.dumps(r, separators=(",", ":") if not v.pretty else None) + "\n" for r in rows)
    elif v.container == "list":
        text = dump(list(data.values()))
    else:
        text = dump(data)
    if v.container != "binary":
        raw = text.encode()
    target = folder / (name + (".gz" if v.gzipped else ""))
    target.write_bytes(gzip.compress(raw) if v.gzipped else raw)
    for extra_name, real in list(fx.files.items())[1:]:
        shutil.copy(real, folder / extra_name)
    for side in v.side_files:
        (folder / side).write_text(SIDE_FILES[side])
    return root


def summary(out: Path) -> list[tuple[Any, ...]]:
    """What must not change: each submission's task, agent, model, attempt, answer and result."""
    rows = []
    for path in sorted(out.glob("*/submission.json")):
        sub = json.loads(path.read_text())
        patch = path.parent / "patch.diff"
        rows.append(
            (
                sub["task_id"],
                sub["agent"],
                sub["agent_model"],
                sub["attempt"],
                sub.get("conclusion"),
                patch.read_text() if patch.exists() else None,
                json.dumps(sub["extra"].get("result"), sort_keys=True),
            )
        )
    return sorted(rows)


def import_auto(src: Path, out: Path) -> tuple[list[tuple[Any, ...]], str | None]:
    """`expgrade submissions import auto SRC --out OUT`, in process: the records, or why not."""
    writer = SubmissionWriter(out, "auto", overrides=Overrides())
    try:
        outcomes = import_walked(walk([src]), writer, HarnessOptions(), HARNESSES)
    except UserError as exc:
        return [], str(exc)
    errors = [o.error for o in outcomes if o.error]
    if errors:
        return summary(out), "; ".join(errors)
    return summary(out), None


@pytest.fixture(scope="module")
def expected(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[tuple[Any, ...]]]:
    found = {}
    for fx in FIXTURES:
        tmp = tmp_path_factory.mktemp(fx.name)
        src = tmp / "src"
        src.mkdir()
        for name, real in fx.files.items():
            shutil.copy(real, src / name)
        rows, error = import_auto(src, tmp / "out")
        assert error is None and rows, (fx.name, error)
        found[fx.name] = rows
    return found


@pytest.mark.parametrize("fx", FIXTURES, ids=[f.name for f in FIXTURES])
def test_each_variant_imports_the_same_records_or_is_refused_clearly(
    fx: Fixture, expected: dict[str, list[tuple[Any, ...]]], tmp_path_factory: pytest.TempPathFactory
) -> None:
    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(variant=variants(fx))
    def check(variant: Variant) -> None:
        tmp = tmp_path_factory.mktemp("v")
        rows, error = import_auto(write_variant(fx, variant, tmp / "src"), tmp / "out")
        if error is not None:
            assert not rows, f"{variant}: partly imported and failed: {error}"
            assert "expected" in error, f"{variant}: the refusal names nothing expected: {error}"
            return
        assert rows == expected[fx.name], variant

    check()
