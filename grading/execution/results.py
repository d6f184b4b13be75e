"""Reading the numbers a run produced: a JSON results file, JSON on stdout, or task regexes.

Results are normalised to `{EXPERIMENT: {METRIC: value}}`, the shape of `expected_results`.
A flat `{METRIC: value}` object (the AutoExperiment convention) belongs to the task's only
experiment, or to the experiment named `default` when the task has several.
"""

from __future__ import annotations

import ast
import json
import math
import re
from pathlib import Path
from typing import Any

from expgrade.grading.errors import UserError
from expgrade.grading.safepath import resolve_inside

DEFAULT_EXPERIMENT = "default"
Results = dict[str, dict[str, Any]]


class ResultsUnreadable(Exception):
    """The run's results exist but cannot be read (not JSON, too big, pointing outside)."""


def read_results_file(workdir: Path, relative: str, *, max_bytes: int) -> Any | None:
    """The JSON the command wrote, or None if it wrote none. The code under test wrote this file,
    so it may be a symlink to the host's secrets or a multi-GB blob: both are refused."""
    try:
        path = resolve_inside(workdir, relative, what="results_file")
    except UserError as exc:
        raise ResultsUnreadable(str(exc)) from exc
    if not path.is_file():
        return None
    size = path.stat().st_size
    if size > max_bytes:
        raise ResultsUnreadable(f"results file {relative} is {size} bytes, over the cap of {max_bytes}")
    try:
        return json.loads(path.read_text(encoding="utf-8", errors="replace"))
    except json.JSONDecodeError as exc:
        raise ResultsUnreadable(f"results file {relative} is not JSON: {exc}") from exc


def _object_line(line: str) -> dict[str, Any] | None:
    """A line that is one JSON object, or a Python dict literal (`print(results)` writes those)."""
    if not (line.startswith("{") and line.endswith("}")):
        return None
    try:
        obj = json.loads(line)
    except json.JSONDecodeError:
        try:
            obj = ast.literal_eval(line)  # literals only: never evaluates code
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            return None
    return obj if isinstance(obj, dict) else None


def parse_stdout(text: str, expected: Results | None) -> Results:
    """Results printed on stdout in the AutoExperiment convention.

    Each object line is `{"metric": value}` (or `{EXPERIMENT: {...}}`). It belongs to the
    experiment whose name was the last line printed before it (AutoExperiment's solutions
    `echo Experiment 1` first); unlabelled objects go to the task's experiments in order when
    there is one per experiment, else they are merged (later lines win) as one flat result.
    """
    names = {name.lower(): name for name in expected or {}}
    current: str | None = None
    found: Results = {}
    unlabelled: list[dict[str, Any]] = []
    for raw in text.splitlines():
        line = raw.strip()
        if line.lower() in names:
            current = names[line.lower()]
            continue
        obj = _object_line(line)
        if not obj:
            continue
        if all(isinstance(v, dict) for v in obj.values()):
            for experiment, metrics in normalise(obj, expected).items():
                found.setdefault(experiment, {}).update(metrics)
        elif current is not None:
            found.setdefault(current, {}).update(normalise(obj, {current: {}})[current])
        else:
            unlabelled.append(obj)
    experiments = list(expected or {})
    if len(experiments) > 1 and len(unlabelled) == len(experiments):
        for experiment, obj in zip(experiments, unlabelled, strict=True):
            found.setdefault(experiment, {}).update(normalise(obj, {experiment: {}})[experiment])
    elif unlabelled:
        merged: dict[str, Any] = {}
        for obj in unlabelled:
            merged.update(obj)
        for experiment, metrics in normalise(merged, expected).items():
            found.setdefault(experiment, {}).update(metrics)
    return found


def parse_with_patterns(text: str, patterns: dict[str, dict[str, str]]) -> Results:
    """Apply the task's regexes (one capture group each); the last match in stdout wins."""
    found: Results = {}
    for experiment, metrics in patterns.items():
        for metric, pattern in metrics.items():
            try:
                matches = re.findall(pattern, text, flags=re.MULTILINE)
            except re.error as exc:
                raise UserError(
                    f"bad regex {pattern!r}: {exc}", field=f"run.result_patterns.{experiment}.{metric}"
                ) from exc
            if matches:
                last = matches[-1]
                found.setdefault(experiment, {})[metric] = _number(
                    last[0] if isinstance(last, tuple) else last
                )
    return found


def _number(value: Any) -> Any:
    """Numbers stay numbers; numeric strings ('0.93', 'nan', '1e-3') become floats; the rest stays."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float):
        return value
    if isinstance(value, str):
        try:
            return float(value.strip())
        except ValueError:
            return value
    return value


def normalise(raw: Any, expected: Results | None) -> Results:
    """Any accepted results shape -> `{EXPERIMENT: {METRIC: value}}`."""
    if not isinstance(raw, dict) or not raw:
        return {}
    if all(isinstance(v, dict) for v in raw.values()):
        return {str(exp): {str(k): _number(v) for k, v in metrics.items()} for exp, metrics in raw.items()}
    experiments = list(expected or {})
    name = experiments[0] if len(experiments) == 1 else DEFAULT_EXPERIMENT
    nested = {str(k): v for k, v in raw.items() if isinstance(v, dict)}
    flat = {str(k): _number(v) for k, v in raw.items() if not isinstance(v, dict)}
    out: Results = {exp: {str(k): _number(v) for k, v in m.items()} for exp, m in nested.items()}
    out.setdefault(name, {}).update(flat)
    return out


def is_finite_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
