"""EXP-Bench agent outputs as submissions.

EXP-Bench (Just-Curieous/Curie, `benchmark/exp_bench/evaluation/`) writes, per task and
attempt, into `outputs/evaluation/<conference>/<paper>/<agent>/<llm>/`:
- `<paper>_task_index_<i>_iter_<n>_duration_<h>_eval_gen.json`: `{"design": ..., "conclusion": ...}`,
  or `{"no_answer": "..."}` / `{"invalid_task": ...}` when the agent produced nothing usable;
- `<same stem>_eval_gen.patch`: the agent's changes (`diff -urN` or `git diff`);
- `<same stem>_eval_gen_<agent>_logs.txt`: the agent transcript (upstream may keep it in a
  separate log folder; we look beside the JSON only).

Assumed and documented: the folder layout above tells us the conference, the agent and the
model (`<llm>` may span several folders, e.g. `azure/gpt-4o`); the task id is
`expbench/<conference>/<paper>/<i>` (as `tasks import expbench` writes it), the attempt is
`<n>`. A `no_answer`/`invalid_task` output is kept under `extra` with design and conclusion null.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from expgrade.grading.errors import UserError
from expgrade.grading.jsonl import load_json
from expgrade.grading.submission_reader.loader import (
    LoadedSubmission,
    check_patch,
    locate,
    validate_submission,
)
from expgrade.grading.task_importers.common import parse_raw

SUFFIX = "_eval_gen.json"
_STEM = re.compile(
    r"^(?P<paper>[^_/]+)_task_index_(?P<index>\d+)_iter_(?P<iter>\d+)(?:_duration_(?P<hours>[0-9.]+))?$"
)


class RawEvalGen(BaseModel):
    model_config = ConfigDict(extra="allow")

    design: str | list[Any] | dict[str, Any] | None = None
    conclusion: str | None = None
    no_answer: str | None = None
    invalid_task: Any = None


def is_eval_gen(path: Path) -> bool:
    return path.name.endswith(SUFFIX) and _STEM.match(path.name.removesuffix(SUFFIX)) is not None


def find(entry: Path) -> list[Path]:
    """The EXP-Bench output files an entry of the submissions folder is or holds."""
    if entry.is_file():
        return [entry] if is_eval_gen(entry) else []
    if entry.is_dir():
        return sorted(p for p in entry.rglob(f"*{SUFFIX}") if is_eval_gen(p))
    return []


def load(path: Path) -> LoadedSubmission:
    stem = path.name.removesuffix(SUFFIX)
    m = _STEM.match(stem)
    if m is None:
        raise UserError(f"file name does not match <paper>_task_index_<i>_iter_<n>{SUFFIX}", file=path)
    conference, agent, model = _layout(path, m["paper"])
    raw = parse_raw(RawEvalGen, load_json(path), file=path)
    extra: dict[str, Any] = {k: v for k, v in (raw.model_extra or {}).items()}
    if raw.no_answer is not None:
        extra["no_answer"] = raw.no_answer
    if raw.invalid_task is not None:
        extra["invalid_task"] = raw.invalid_task
    if raw.design is None and raw.conclusion is None and not extra:
        raise UserError("has neither 'design'/'conclusion' nor 'no_answer'", file=path)
    if m["hours"]:
        extra["duration_h"] = float(m["hours"])
    sub = validate_submission(
        {
            "task_id": f"expbench/{conference}/{m['paper']}/{m['index']}",
            "agent": agent,
            "agent_model": model,
            "attempt": int(m["iter"]),
            "design": raw.design,
            "conclusion": raw.conclusion,
            "extra": extra,
        },
        file=path,
    )
    folder = path.parent
    logs = sorted(folder.glob(f"{stem}_eval_gen_*logs.txt"))
    patch = locate(folder, f"{stem}_eval_gen.patch", "patch", required=False)
    if patch is not None:
        check_patch(patch)
    return LoadedSubmission(
        submission_id=f"{agent}__{model.replace('/', '-')}__{stem}",
        submission=sub,
        format="expbench",
        root=folder,
        patch=patch,
        log=locate(folder, logs[0].name, "log", required=False) if logs else None,
    )


def _layout(path: Path, paper: str) -> tuple[str, str, str]:
    """(conference, agent, model) from `.../<conference>/<paper>/<agent>/<model...>/FILE`."""
    parts = path.resolve().parent.parts
    for i in range(len(parts) - 3, 0, -1):
        if parts[i] == paper:
            return parts[i - 1], parts[i + 1], "/".join(parts[i + 2 :])
    raise UserError(
        f"cannot tell conference, agent and model: expected the EXP-Bench layout "
        f".../<conference>/{paper}/<agent>/<model>/{path.name}",
        file=path,
    )
