"""What the presets of agent sessions share: Harbor/ATIF trajectories, Claude Code sessions,
Codex CLI rollouts and aider chat histories.

These harnesses keep one run per file (a session, a trajectory), not one record per line. A
reader reads the file twice: a first pass learns what the submission needs before its steps
are written (the task, the model, the answer, the totals, the bookkeeping it skips), and the
second pass is the steps themselves, a generator the writer streams to `trajectory.jsonl`
(`Derived` under `@steps`: `transcripts.steps_of` passes a reader's own steps through). The
record goes through the one mapping (`presets.records_through`) like every other harness's,
so defaults, `extra.harness` (what the session holds besides its steps), `extra.result` and the
"no answer" warning are the same for all.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import Any

from expgrade.grading.harness_importers.common import HarnessOptions, Notice
from expgrade.grading.harness_importers.mapping import FINDERS, Context, Derived, FieldMap, Finder, Preset
from expgrade.grading.harness_importers.presets import Raw, records_through
from expgrade.grading.harness_importers.sniff import first_record
from expgrade.grading.harness_importers.steps import StepDraft
from expgrade.grading.harness_importers.writer import HarnessRecord

#: Where a session record holds each field: the reader derives them (`session_record`).
SESSION_FIELDS = {
    "id": "@task",
    "model": "@model",
    "conclusion": "@answer",
    "steps": "@steps",
    "ended": "@ended",
}


def session_fields(agent: str, **more: str) -> FieldMap:
    """The mapping of a session record: the derived fields, the agent (a path, or the harness's
    name as a constant) and any other field a harness records (`result`)."""
    return FieldMap.model_validate({**SESSION_FIELDS, "agent": agent, **more})


def session_record(
    *,
    task: Derived,
    steps: Iterator[StepDraft],
    model: Derived | None,
    answer: Derived | None,
    ended: Derived | None = None,
    facts: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A session as a record: what it holds besides its steps (`facts`, kept under
    `extra.harness`), and the fields its first pass derived."""
    record: dict[str, Any] = dict(facts or {})
    record["@task"] = task
    record["@steps"] = Derived(steps, "the session's records")
    if model is not None:
        record["@model"] = model
    if answer is not None and answer.value.strip():
        record["@answer"] = answer
    if ended is not None:
        record["@ended"] = ended
    return record


def load_records(
    preset: Preset,
    raws: Iterable[Raw],
    path: Path,
    options: HarnessOptions,
    skipped: Counter[str],
    *,
    empty: str | None = None,
) -> Iterator[HarnessRecord | Notice]:
    """The records through the preset, and one note naming the bookkeeping records that are
    no step (counted by kind), so nothing of the file is dropped without a word. `empty`: what
    the file lacks when its run has no step at all (imported, and said to be empty)."""
    if empty is not None:
        yield Notice(f"empty run: {empty}; imported with no steps")
    for item in records_through((preset,), raws, path, options):
        if isinstance(item, Notice) and item.info and item.text.startswith("read as"):
            continue  # one generation: `import auto` says what the file reads as
        yield item
    if skipped:
        kinds = ", ".join(f"{kind} {n}" for kind, n in skipped.most_common())
        yield Notice(
            f"{sum(skipped.values())} bookkeeping record(s) are not steps, skipped: {kinds}", info=True
        )


def usage_of(
    prompt: Any, completion: Any, *, cached: Any = None, cache_write: Any = None
) -> dict[str, Any] | None:
    """A model call's tokens as `StepUsage` holds them: `input_tokens` counts every prompt
    token (cached ones included, as ATIF's `prompt_tokens` does), the cached and cache-written
    ones also under `extra`."""

    def count(value: Any) -> int | None:
        return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None

    found: dict[str, Any] = {}
    if (n := count(prompt)) is not None:
        found["input_tokens"] = n
    if (n := count(completion)) is not None:
        found["output_tokens"] = n
    if "input_tokens" in found and "output_tokens" in found:
        found["total_tokens"] = found["input_tokens"] + found["output_tokens"]
    extra = {
        name: n
        for name, value in (("cached_tokens", cached), ("cache_write_tokens", cache_write))
        if (n := count(value)) is not None
    }
    if extra:
        found["extra"] = extra
    return found or None


def cost_of(value: Any) -> float | None:
    """US dollars as a step holds them (a number, never negative)."""
    if isinstance(value, int | float) and not isinstance(value, bool) and value >= 0:
        return float(value)
    return None


def obj(value: Any) -> dict[str, Any]:
    """`value` when it is an object, else an empty one (a field a record may lack)."""
    return value if isinstance(value, dict) else {}


def type_finder(name: str, types: tuple[str, ...], doc: str) -> None:
    """Register a finder that finds a record's `type` only when it is one of the harness's
    own (`name(type)` in a preset's signature: a file recognised by its first record)."""

    def find(value: Any) -> tuple[Any, str] | None:
        return (value, "{path}") if value in types else None

    FINDERS[name] = Finder(find, doc)


def task_of(cwd: Any, session: Any, path: Path, *, cwd_field: str, id_field: str) -> Derived:
    """A session's task: the folder it worked in (a session is a piece of work in one project),
    else its id, else the file's name; the fields are named as the session names them."""
    if isinstance(cwd, str) and cwd:
        name = (PureWindowsPath(cwd) if "\\" in cwd else PurePosixPath(cwd)).name
        if name:
            return Derived(name, f"{cwd_field} (the folder the session worked in)")
    if isinstance(session, str) and session:
        return Derived(session, f"{id_field} (the session records no folder)")
    return Derived(path.stem, "the file's name")


def begins_as(preset: Preset, path: Path) -> bool:
    """Whether the file's first record is one of the preset's (a folder's files, by content)."""
    record = first_record(path)
    return record is not None and preset.matches(Context(record))
