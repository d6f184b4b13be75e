"""SWE-bench prediction files: `{"instance_id", "model_name_or_path", "model_patch"}` per prediction.

The SWE-bench harness (`swebench.harness.run_evaluation --predictions_path`) reads JSONL (one
prediction a line) or JSON (a list of predictions, or an object keyed by instance id). The
instance id is the task id; the model name is both agent and model (a prediction file names
nothing else; `--agent`/`--agent-model` say better). An empty or null `model_patch` (the
harness writes `pred["model_patch"] or ""` and reports both as "empty patch") is an attempt that
changed nothing: it is kept, with no patch, and counted as ended `empty patch`.

The harness keeps one prediction per instance (`{pred["instance_id"]: pred ...}`). A prediction
repeated exactly, in one file or across files (`preds.json` and `preds.jsonl` of one run side by
side), is therefore imported once and the repeat reported. Distinct predictions for one task
from one model become attempts 1, 2, … in file order, and a file holding such is reported,
since the harness itself would grade only its last.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from expgrade.grading.errors import UserError
from expgrade.grading.harness_importers.common import Harness, HarnessOptions, Notice, require
from expgrade.grading.harness_importers.writer import HarnessRecord
from expgrade.grading.jsonl import iter_json_lines, load_json


def _records(path: Path) -> Iterator[tuple[str, dict[str, Any]]]:
    if path.suffix == ".jsonl":
        for line, obj in iter_json_lines(path):
            yield f"line {line}", obj
        return
    data = load_json(path)
    items: list[tuple[str, Any]]
    if isinstance(data, list):
        items = [(f"item {i}", obj) for i, obj in enumerate(data)]
    elif isinstance(data, dict):
        items = [
            (f"key '{k}'", {"instance_id": k, **obj} if isinstance(obj, dict) else obj)
            for k, obj in data.items()
        ]
    else:
        raise UserError(
            f"expected a list or an object of predictions, found {type(data).__name__}", file=path
        )
    for where, obj in items:
        if not isinstance(obj, dict):
            raise UserError(f"expected a JSON object, found {type(obj).__name__}", file=path, record=where)
        yield where, obj


def load(path: Path, options: HarnessOptions) -> Iterator[HarnessRecord | Notice]:
    patches: dict[tuple[str, str], set[str]] = defaultdict(set)
    for where, obj in _records(path):
        task_id = require(obj, "instance_id", file=path, record=where)
        model = require(obj, "model_name_or_path", file=path, record=where)
        if "model_patch" not in obj:
            raise UserError("required field is missing", file=path, record=where, field="model_patch")
        patch = obj["model_patch"]
        if patch is not None and not isinstance(patch, str):
            raise UserError(
                f"expected a string or null, found {type(patch).__name__}",
                file=path,
                record=where,
                field="model_patch",
            )
        patches[(task_id, model)].add(patch or "")
        extra = {
            k: v for k, v in obj.items() if k not in ("instance_id", "model_name_or_path", "model_patch")
        }
        yield HarnessRecord(
            task_id=task_id,
            agent=model,
            agent_model=model,
            record=where,
            fields={
                "task_id": "instance_id",
                "agent": "model_name_or_path",
                "agent_model": "model_name_or_path",
                "patch": "model_patch",
            },
            patch=patch or None,
            extra={"harness": extra} if extra else {},
            ended="completed" if patch else "empty patch",
        )
    several = sorted(task for (task, _), found in patches.items() if len(found) > 1)
    if several:
        yield Notice(
            f"{len(several)} instance(s) have several distinct predictions, imported as attempts 1, 2, …"
            f" (the SWE-bench harness would grade only the last): {', '.join(several[:5])}"
        )


HARNESS = Harness(name="swebench-predictions", patterns=("*.jsonl", "*.json"), load=load)
