"""Trajectory files beside a run's predictions, joined to them by instance id.

SWE-bench-style agents write their predictions (`preds.json`, `all_preds.jsonl`,
`predictions_for_swebench.json`) and, apart, one transcript per instance:

- SWE-agent: `<id>/<id>.traj`, `{"trajectory": [{"thought", "action", "observation", …}],
  "history": […], "info": {…}}`: one step per `trajectory` entry (the harness's own steps);
- mini-swe-agent: `<id>/<id>.traj.json`, `{"messages": […], "info": {…}, "instance_id"}`: one
  step per message (a reply with one ```bash block is a tool call, the `<returncode>` reply its
  output with its exit code);
- AutoCodeRover: `<id>_<timestamp>/conversation_round_N.json`, each round the whole
  conversation so far: the last round's messages are the run; `meta.json` names the task.

What the transcript's file holds besides its steps (`info`: exit status, model stats and
cost; AutoCodeRover's `cost.json`) is kept under `extra.trajectory`.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from expgrade.grading.errors import UserError
from expgrade.grading.harness_importers.steps import (
    BadStep,
    StepDraft,
    answered_calls,
    chat_steps,
    swe_agent_step,
)
from expgrade.grading.harness_importers.writer import HarnessRecord
from expgrade.grading.jsonl import load_json

#: AutoCodeRover's task folder: `<instance id>_<YYYY-MM-DD_HH-MM-SS>`.
_ACR_FOLDER = re.compile(r"^(?P<id>.+)_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}$")
_ROUND = re.compile(r"^conversation_round_(\d+)\.json$")


def _natural_round(path: Path) -> int:
    m = _ROUND.match(path.name)
    return int(m[1]) if m else -1


def trajectories_beside(predictions: Path) -> dict[str, Path]:
    """Instance id -> its trajectory file, for the run folder holding `predictions`."""
    root = predictions.parent
    found: dict[str, Path] = {}
    for traj in sorted(root.rglob("*.traj")) + sorted(root.rglob("*.traj.json")):
        found.setdefault(traj.name.removesuffix(".json").removesuffix(".traj"), traj)
    rounds: dict[Path, Path] = {}
    for rnd in root.rglob("conversation_round_*.json"):
        last = rounds.get(rnd.parent)
        if last is None or _natural_round(rnd) > _natural_round(last):
            rounds[rnd.parent] = rnd
    for folder in sorted(rounds):  # a later run of the same task (a later timestamp) wins
        m = _ACR_FOLDER.match(folder.name)
        task = _acr_task(folder) or (m["id"] if m else None)
        if task is not None:
            found[task] = rounds[folder]
    return found


def _acr_task(folder: Path) -> str | None:
    meta = folder / "meta.json"
    if not meta.is_file():
        return None
    try:
        data = load_json(meta)
    except UserError:
        return None
    task = data.get("task_id") if isinstance(data, dict) else None
    return task if isinstance(task, str) else None


def join(rec: HarnessRecord, path: Path, root: Path) -> bool:
    """Give `rec` the steps of its trajectory file, and what else the file holds; whether the
    trajectory is empty (no entries: a run that recorded nothing, said apart by the caller)."""
    where = str(path.relative_to(root)) if path.is_relative_to(root) else str(path)
    rec.fields["steps"] = where
    try:
        data: Any = load_json(path)
    except UserError as exc:
        rec.steps = _unreadable(path, str(exc).removeprefix(f"{path}: "))
        return False
    kept: dict[str, Any] = {"file": where}
    if isinstance(data, dict):
        kept.update({k: v for k, v in data.items() if k not in ("trajectory", "history", "messages")})
    elif (path.parent / "cost.json").is_file():
        with contextlib.suppress(UserError):
            kept["cost"] = load_json(path.parent / "cost.json")
    rec.extra["trajectory"] = kept
    rec.steps = trajectory_steps(data, path)
    entries = data.get("trajectory", data.get("messages")) if isinstance(data, dict) else data
    return entries == []


def _unreadable(path: Path, why: str) -> Iterator[StepDraft]:
    yield from ()  # a generator: the error is the writer's to report, as far as it read
    raise BadStep(0, f"cannot read the trajectory ({why})", file=path)


def trajectory_steps(data: Any, path: Path) -> Iterator[StepDraft]:
    """The steps of one trajectory file's content (see the module's docstring)."""
    if isinstance(data, dict) and isinstance(data.get("trajectory"), list):
        entries, convert = data["trajectory"], "swe-agent"
    elif isinstance(data, dict) and isinstance(data.get("messages"), list):
        entries, convert = data["messages"], "chat"
    elif isinstance(data, list):
        entries, convert = data, "chat"
    else:
        raise BadStep(
            0,
            "expected a trajectory: SWE-agent's {trajectory: [...]}, mini-swe-agent's {messages: [...]}"
            " or a list of chat messages",
            file=path,
        )
    yield from answered_calls(_entry_steps(entries, convert, path))


def _entry_steps(entries: list[Any], convert: str, path: Path) -> Iterator[StepDraft]:
    for n, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict):
            raise BadStep(n, f"a JSON object, found {type(entry).__name__}", file=path)
        if convert == "swe-agent":
            yield swe_agent_step(entry)
        else:
            if "role" not in entry:
                raise BadStep(n, "a chat message with a role", file=path)
            yield from chat_steps(entry)
