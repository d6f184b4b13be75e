"""AutoExperiment task rows (`mlrc_n=*.jsonl`) as Tasks.

Mapping (AutoExperiment field -> Task):
- id `autoexperiment/<combined_id>`, combined_id = `paper_id` + `_` + `func_ids` (the row's
  own `combined_id` when present). Rows with no masked function (`mlrc_n=0`) have empty
  `func_ids`, so their id ends in `_`, exactly as upstream spells it.
- `experiments` -> `question`; `solution` -> `run.command`.
- `func_details` -> `masked` (file, name, line_start, line_end); the rest of each entry
  (`description` = the docstring given to the agent, `header_line`, `func_id`,
  `relevant_paper`) stays on the span's `extra`.
- `results` (a dict, or its text as a Python literal or JSON) -> `expected_results`, each
  experiment flattened to its numeric leaves (see `common.numeric_leaves`); when that changes
  the shape, the original is kept as `extra.results_raw`, and non-numeric leaves are listed
  in `extra.non_numeric_results` (AutoExperiment's rule only scores numeric leaves).
- `tolerance`: rel 0.05, abs 0 — AutoExperiment's rule (mean relative error over an
  experiment's numeric leaves <= 5 %).
- `repo`: the AutoExperiment repository, and `<folder of the jsonl>/<paper_id>/code` when that
  folder exists (the layout of upstream `dataset/MLRC/`).
- `reference`: the repo as it stands, `files` = the masked functions' files. Upstream keeps each
  paper's original code in `<paper_id>/code` and blanks the functions only in the agent's copy
  (`dataset/dataset.py: remove_functions`), so the repo *is* the solution that `solution` ran.

In the shared copy (4 + 36 + 179 rows) every combined_id is unique, also across the three
files. Should a batch repeat one, the later file is reported and skipped (`common.import_batch`):
two different tasks under one id would make grades ambiguous.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from expgrade.grading.errors import UserError
from expgrade.grading.jsonl import iter_json_lines
from expgrade.grading.schemas import (
    MaskedSpan,
    ReferenceSpec,
    RepoSpec,
    RunSpec,
    Task,
    TaskSource,
    Tolerance,
)
from expgrade.grading.task_importers.common import (
    Importer,
    benchmark_fields_under_extra,
    experiment_results,
    parse_raw,
)

UPSTREAM_URL = "https://github.com/j1mk1m/AutoExperiment"
DEFAULT_REL_TOLERANCE = 0.05


class RawFunction(BaseModel):
    model_config = ConfigDict(extra="allow")

    file: str
    name: str | None = None
    line_start: int | None = None
    line_end: int | None = None


class RawRow(BaseModel):
    model_config = ConfigDict(extra="allow")

    paper_id: str
    func_ids: str
    func_details: list[RawFunction]
    experiments: str
    solution: str
    results: dict[str, Any] | str
    combined_id: str | None = None


def parse_results(value: dict[str, Any] | str, *, file: Path, record: str) -> dict[str, Any]:
    """`results` as a dict: AutoExperiment stores it as a Python-literal string in places.

    `ast.literal_eval` only builds literals (no names, calls or attribute access), so an
    untrusted string cannot run code; JSON is tried first for `true`/`null`.
    """
    if isinstance(value, dict):
        return value
    parsed: Any
    try:
        parsed = json.loads(value)
    except (json.JSONDecodeError, RecursionError):
        try:
            parsed = ast.literal_eval(value)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            raise UserError(
                "not a dict literal (neither JSON nor a Python literal)",
                file=file,
                record=record,
                field="results",
            ) from None
    if not isinstance(parsed, dict):
        raise UserError(
            f"expected a dict of experiments, found {type(parsed).__name__}",
            file=file,
            record=record,
            field="results",
        )
    return parsed


def load(path: Path) -> list[Task]:
    tasks = []
    for line, obj in iter_json_lines(path):
        where = f"line {line}"
        row = parse_raw(RawRow, obj, file=path, record=where)
        tasks.append(_task(row, obj, path, where))
    return tasks


def _task(row: RawRow, obj: dict[str, Any], path: Path, where: str) -> Task:
    combined_id = row.combined_id or f"{row.paper_id}_{row.func_ids}"
    results = parse_results(row.results, file=path, record=where)
    if any(not isinstance(v, dict | list | int | float) or isinstance(v, bool) for v in results.values()):
        raise UserError(
            "each experiment must map to its metrics (a dict) or a number",
            file=path,
            record=where,
            field="results",
        )
    expected, skipped = experiment_results(results)
    extra: dict[str, Any] = {
        k: v
        for k, v in obj.items()
        if k not in {"paper_id", "func_details", "experiments", "solution", "results", "combined_id"}
    }
    extra["combined_id"] = combined_id
    if expected != results:
        extra["results_raw"] = results
    if skipped:
        extra["non_numeric_results"] = skipped
    code = path.resolve().parent / row.paper_id / "code"
    return Task(
        id=f"autoexperiment/{combined_id}",
        source=TaskSource.model_validate(
            {"benchmark": "autoexperiment", "paper_id": row.paper_id, "extra": {"file": path.name}}
        ),
        question=row.experiments,
        repo=RepoSpec(url=UPSTREAM_URL, path=str(code) if code.is_dir() else None),
        masked=[
            MaskedSpan.model_validate(benchmark_fields_under_extra(MaskedSpan, f.model_dump()))
            for f in row.func_details
        ],
        run=RunSpec(command=row.solution),
        expected_results=expected,
        tolerance=Tolerance(rel=DEFAULT_REL_TOLERANCE),
        reference=ReferenceSpec(files=sorted({f.file for f in row.func_details})),
        extra=extra,
    )


def tags(task: Task) -> list[str]:
    return [f"{len(task.masked or [])} masked fn"]


IMPORTER = Importer(
    name="autoexperiment",
    patterns=("mlrc_n=*.jsonl",),
    load=load,
    kinds=("0 masked fn", "1 masked fn", "2 masked fn"),
    tags=tags,
)
