"""AutoExperiment agent outputs as submissions.

AutoExperiment (j1mk1m/AutoExperiment) has no on-disk output format of its own: its agents end
with a `final_answer` tool call whose argument is "a json format string representing
dictionary of the final answer" (`{"Experiment 1": {"FID score": 415.7}, ...}`), and work in a
copy of the repo named `<mode>_<combined_id>_<timestamp>`. We therefore read, per folder:
- `final_answer.json`: either that dictionary (or a JSON string holding it), or a wrapper
  `{"combined_id": ..., "agent": ..., "agent_model": ..., "final_answer": <dict or string>}`;
- `workspace/`: the agent's copy of the repo (optional), `agent.log` (optional).
Without a wrapper, the combined id comes from the folder name (`[<mode>_]<paper>_<func ids>[_...]`)
and agent/model are recorded as `unknown`. The final answer becomes `claimed_results`,
flattened to numeric leaves exactly as the task's `expected_results` are.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from expgrade.grading.errors import UserError
from expgrade.grading.jsonl import load_json
from expgrade.grading.schemas.submission import DEFAULT_ARTIFACTS
from expgrade.grading.submission_reader.loader import LoadedSubmission, locate, validate_submission
from expgrade.grading.task_importers.common import experiment_results

FINAL_ANSWER = "final_answer.json"
_FOLDER = re.compile(r"^(?:(?P<mode>[A-Za-z+]+)_)?(?P<paper>\d{4}\.\d{4,5})_(?P<funcs>\d*(?:,\d+)*)(?:_.*)?$")


def load(folder: Path) -> LoadedSubmission:
    path = folder / FINAL_ANSWER
    data = load_json(path)
    meta: dict[str, Any] = {}
    if isinstance(data, dict) and "final_answer" in data:
        meta, data = {k: v for k, v in data.items() if k != "final_answer"}, data["final_answer"]
    answer = _parse_answer(data)
    claimed, skipped = experiment_results(answer) if answer is not None else (None, [])
    combined_id = meta.pop("combined_id", None) or _combined_id(folder)
    record: dict[str, Any] = {
        "task_id": f"autoexperiment/{combined_id}",
        "agent": meta.pop("agent", None) or "unknown",
        "agent_model": meta.pop("agent_model", None) or "unknown",
        "attempt": meta.pop("attempt", 1),
        "claimed_results": claimed,
        "extra": {"final_answer": data, **meta},
    }
    if skipped:
        record["extra"]["non_numeric_answers"] = skipped
    sub = validate_submission(record, file=path)
    warnings = (
        [] if answer is not None else ["final answer is not a JSON dict of experiments; no claimed results"]
    )
    return LoadedSubmission(
        submission_id=folder.name,
        submission=sub,
        format="autoexperiment",
        root=folder,
        workspace=locate(folder, DEFAULT_ARTIFACTS["workspace"], "workspace", required=False),
        log=locate(folder, DEFAULT_ARTIFACTS["log"], "log", required=False),
        warnings=warnings,
    )


def _parse_answer(data: Any) -> dict[str, Any] | None:
    """The final answer as `{experiment: metrics}`, or None when the agent answered something else.

    An unparsable answer is the agent's failure to report, not a broken submission: it stays
    gradable (its workspace can still be re-run) with no claimed results, as AutoExperiment
    itself scores such an answer as wrong rather than skipping it.
    """
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except (json.JSONDecodeError, RecursionError):
            return None
    return data if isinstance(data, dict) else None


def _combined_id(folder: Path) -> str:
    m = _FOLDER.match(folder.name)
    if m is None:
        raise UserError(
            "cannot tell the task: add 'combined_id' to final_answer.json or name the folder "
            "[<mode>_]<paper_id>_<func_ids>",
            file=folder,
        )
    return f"{m['paper']}_{m['funcs']}"
