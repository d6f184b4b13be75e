"""Failure-mode items: a failed run's cited steps, for people to name its failure mode.

One item per run that `failures analyze` looked at and that has a trajectory. It shows what the
failure judge reads (the same cited steps, with the step the classifier named added), in the
Log tab the page already has, masked like every other artefact; its scale is the taxonomy's
modes, and the classifier's verdict is the hidden judge side. The item id is the judge's request
id, so the gold export joins the failure classifier's verdicts directly (calibration/failures.py).
"""

from __future__ import annotations

import difflib
import json
from pathlib import Path
from typing import Any

from expgrade.annotation_app.masking import commit_identities, identity_of, mask_identity
from expgrade.annotation_app.store import ItemSpec
from expgrade.calibration.failures import failure_item_id
from expgrade.grading.failures.judge import MAX_STEP_CHARS, cited_steps, render_step
from expgrade.grading.failures.records import read_failures
from expgrade.grading.failures.taxonomy import Taxonomy, load_taxonomy
from expgrade.grading.schemas import Step, Task
from expgrade.grading.submission_reader import LoadedSubmission
from expgrade.grading.trajectory import iter_steps, trajectory_path

SUBTASK = "failure_mode"
CRITERION = "primary_mode"
#: the tools that read a file, by name (OpenHands' `read`, Claude Code's `Read`, SWE-agent's
#: `open`), besides an editor's `view` command
_READ_TOOLS = frozenset({"read", "read_file", "view", "view_file", "open", "open_file", "cat"})


def _arguments(step: Step) -> dict[str, Any]:
    args = step.arguments
    if isinstance(args, str):
        try:
            args = json.loads(args)
        except ValueError:
            return {}
    return args if isinstance(args, dict) else {}


def _path(args: dict[str, Any]) -> str:
    return str(args.get("path") or args.get("file_path") or args.get("filename") or "(no path)")


def _edit_diff(args: dict[str, Any]) -> str | None:
    """An editor call as the unified diff it asks for: a replacement (`old_str` → `new_str`), a
    new file (`create` with its text) or an insertion; None for a call that edits nothing."""
    path = _path(args)
    old = args.get("old_str", args.get("old_string"))
    new = args.get("new_str", args.get("new_string"))
    command = args.get("command")
    if isinstance(old, str) and isinstance(new, str):
        before, after = old.splitlines(), new.splitlines()
    elif command == "create" or (command is None and "file_text" in args):
        before, after = [], str(args.get("file_text") or args.get("content") or "").splitlines()
    elif command == "insert" and isinstance(new, str):
        before, after = [], new.splitlines()
        path = f"{path} (inserted after line {args.get('insert_line')})"
    else:
        return None
    lines = difflib.unified_diff(before, after, f"a/{path}", f"b/{path}", lineterm="", n=len(before))
    return "\n".join(lines)


def _read_of(step: Step, args: dict[str, Any]) -> str | None:
    """A file read as the path (and lines) it asks for."""
    if not (args.get("command") == "view" or (step.tool or "").casefold() in _READ_TOOLS):
        return None
    lines = args.get("view_range")
    return f"read {_path(args)}" + (
        f" (lines {lines[0]}-{lines[1]})" if isinstance(lines, list) and len(lines) == 2 else ""
    )


def show_step(step: Step, calls: dict[str, Step]) -> str:
    """A step as a person deciding the failure mode reads it: an edit as its diff, a file read
    as its path and the excerpt it returned, a shell command as a command line; other steps as
    the failure judge reads them (`render_step`). A `tool str_replace_editor` line alone hid
    what the agent changed (issue 65)."""
    head = f"[step {step.index}] {step.kind} ({step.actor})"
    if step.kind == "tool_call" and not step.command:
        args = _arguments(step)
        diff = _edit_diff(args)
        if diff is not None:
            return f"{head}\nedit {_path(args)}\n{diff}"
        read = _read_of(step, args)
        if read is not None:
            return f"{head}\n{read}"
    call = calls.get(step.call_id or "")
    if step.kind == "tool_output" and call is not None and step.output is not None:
        read = _read_of(call, _arguments(call))
        if read is not None:
            excerpt = (
                step.output
                if len(step.output) <= MAX_STEP_CHARS
                else step.output[:MAX_STEP_CHARS] + "\n[...]"
            )
            return f"{head}\nexcerpt of the {read}:\n{excerpt}"
    return render_step(step)


def failure_log(steps: list[Step], shown: set[int]) -> str:
    """The shown steps in order, each as `show_step` writes it, with a marker where steps are
    left out (how many, and that the All steps tab has them)."""
    calls = {s.call_id: s for s in steps if s.kind == "tool_call" and s.call_id}
    out: list[str] = []
    gap: list[int] = []
    for step in steps:
        if step.index not in shown:
            gap.append(step.index)
            continue
        if gap:
            out.append(_left_out(gap))
            gap = []
        out.append(show_step(step, calls))
    if gap:
        out.append(_left_out(gap))
    return "\n\n".join(out)


def _left_out(gap: list[int]) -> str:
    steps = f"step {gap[0]}" if len(gap) == 1 else f"steps {gap[0]}-{gap[-1]}"
    return f"[... {steps} left out ({len(gap)}): the All steps tab shows every step ...]"


def _guidelines(taxonomy: Taxonomy) -> str:
    modes = "\n".join(f"- {m.id}: {m.title}. {m.description}" for m in taxonomy.modes)
    return (
        "Name the earliest cause this run never recovered from (an error fixed in a later step is "
        "not it); a fault of the harness, sandbox or provider is infrastructure.\n\nModes:\n" + modes
    )


def failure_specs(
    run_dir: Path,
    tasks: dict[str, Task],
    located: dict[str, LoadedSubmission],
    taxonomy: Taxonomy | None = None,
    load_names: list[tuple[str | None, str]] | None = None,
) -> list[ItemSpec]:
    """The run's failure-mode items (none when the analysis has not run on it), masked with the
    names of the whole load (`load_names`) like every other item, and with each run's own."""
    records = read_failures(run_dir)
    if not records:
        return []
    taxonomy = taxonomy or load_taxonomy()
    specs = []
    for r in records:
        loaded = located.get(r.submission_id)
        path = trajectory_path(loaded.root) if loaded is not None else None
        if path is None:
            continue  # nothing a person could read the mode off
        steps = list(iter_steps(path))
        shown = {s.index for s in cited_steps(steps)} | ({r.step} if r.step else set())
        whole = "\n".join(filter(None, (s.command or s.output or s.text for s in steps)))
        names = [
            *(load_names or []),
            *identity_of(r.agent, r.agent_model, r.submission_id),
            *commit_identities(whole),  # the trajectory's own git e-mails (`user.email`)
        ]
        log = failure_log(steps, shown)
        every = failure_log(steps, {s.index for s in steps}) if len(shown) < len(steps) else None
        task = tasks.get(r.task_id)
        judge = (
            r.judge.judge
            if r.judge is not None
            else f"detector:{r.findings[0].detector}"
            if r.findings
            else "classifier"
        )
        specs.append(
            ItemSpec(
                item_key=failure_item_id(r.task_id, r.submission_id),
                scale=taxonomy.ids,
                content={
                    "task_id": r.task_id,
                    "subtask": SUBTASK,
                    "criterion": {
                        "id": CRITERION,
                        "text": "Why did this run fail?",
                        "guidelines": _guidelines(taxonomy),
                    },
                    "question": task.question if task is not None else None,
                    "ground_truth": {},
                    "artifact": {
                        "log": mask_identity(log, names),
                        **({"steps": mask_identity(every, names)} if every else {}),
                    },
                },
                task_id=r.task_id,
                submission_id=r.submission_id,
                agent=r.agent,
                agent_model=r.agent_model,
                subtask=SUBTASK,
                criterion=CRITERION,
                rubric_version=r.taxonomy,
                judges={
                    "verdict": r.mode,
                    "rationale": mask_identity(
                        r.evidence or (r.judge.rationale if r.judge else "") or "", names
                    ),
                    "judge": judge,
                    "flags": [],
                },
                priority=0.5 if r.status != "classified" else 0.0,
            )
        )
    return specs
