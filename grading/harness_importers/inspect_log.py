"""Inspect AI eval logs (`.eval`, `.json`), read with Inspect's own reader (extra `expgrade[inspect]`).

One submission per sample and epoch (epoch → attempt). `.eval` logs are read one sample at a
time (`read_eval_log_samples`), so a log of any size streams; Inspect's `.json` format is one
document and is read whole. The mapping:

- task id: the sample's metadata `task_id`, else its id; `--task-field KEY` names another
  metadata key (`id` = the sample id);
- agent: the plan's terminal solver as Inspect names the agent; when that is Inspect's plain
  `generate`, the solver chain, else the eval's solver, else the model (said in a note); with
  no plan, the eval's solver, else the task name; model: the eval's model;
- patch, first found of: a diff the agent left in the sample's store or metadata (`patch`,
  `diff`, `git_diff`, `model_patch`); the sandbox's final changes as a scorer recorded them
  (`Score.metadata["model_patch"]`, as inspect_evals' SWE-bench scorer does); the output of
  the last `git diff` tool call;
- conclusion: the final answer (the sample's output, else its last `submit` call);
- agent.log: the messages, tool calls and tool outputs (the events are not read: they repeat
  every model call's input and are most of a log's size);
- ended: `error` when the sample errored, `<type> limit` when a limit stopped it (the limit's
  value and reason are kept in `extra.inspect.limit`), else `completed`.

A folder is read as Inspect lists logs (`inspect_ai.log._file.is_log_file`): every `.eval`, and
a `.json` only when its name starts with Inspect's timestamp, so `inspect eval-set`'s own
`eval-set.json` and `logs.json` are not taken for logs. A log whose eval did not end in
`success` (`started`: killed mid-run; `cancelled`; `error`) is partial: its finished samples are
imported and the import says so and exits 1.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from expgrade.grading.errors import UserError
from expgrade.grading.harness_importers.common import Harness, HarnessOptions, Notice
from expgrade.grading.harness_importers.writer import HarnessRecord, render_transcript

PATCH_KEYS = ("patch", "diff", "git_diff", "model_patch")
TASK_FIELD = "task_id"
#: Inspect's log file names start with an ISO timestamp (`log_file_pattern` upstream).
_LOG_NAME = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}[:-]\d{2}[:-]\d{2}")


def is_log_file(path: Path) -> bool:
    """Whether Inspect itself would list this file as a log (`.eval`, or a timestamped `.json`)."""
    return path.suffix == ".eval" or (path.suffix == ".json" and _LOG_NAME.match(path.name) is not None)


def _inspect() -> Any:
    try:
        import inspect_ai.log as log
    except ImportError:
        raise UserError("reading Inspect logs needs Inspect AI: pip install 'expgrade[inspect]'") from None
    return log


def is_diff(text: object) -> bool:
    if not isinstance(text, str):
        return False
    head = text.lstrip()[:2000]
    return head.startswith(("diff --git ", "--- ")) or ("\n--- " in head and "\n+++ " in head)


def transcript(messages: Sequence[Any]) -> Iterator[tuple[str, str]]:
    """(kind, text) per message and per tool call, for `render_transcript`."""
    for m in messages:
        role = getattr(m, "role", "message")
        if role == "tool":
            error = getattr(m, "error", None)
            text = m.text + (f"\n[tool error: {error.message}]" if error is not None else "")
            yield f"tool output ({getattr(m, 'function', None) or '?'})", text
            continue
        if m.text:
            yield role, m.text
        for call in getattr(m, "tool_calls", None) or []:
            yield f"tool call ({call.function})", json.dumps(call.arguments, ensure_ascii=False, indent=1)


def git_diff_output(messages: Sequence[Any]) -> str | None:
    """The output of the last tool call that ran `git diff` and printed a diff."""
    commands: dict[str, str] = {}
    found: str | None = None
    for m in messages:
        for call in getattr(m, "tool_calls", None) or []:
            commands[call.id] = json.dumps(call.arguments)
        called = commands.get(getattr(m, "tool_call_id", None) or "", "")
        if getattr(m, "role", None) == "tool" and "git diff" in called and is_diff(m.text):
            found = m.text
    return found


def final_answer(messages: Sequence[Any], completion: str) -> str | None:
    """The sample's final answer: its output, else the `answer` of its last `submit` call."""
    if completion.strip():
        return completion
    for m in reversed(messages):
        for call in reversed(getattr(m, "tool_calls", None) or []):
            if call.function == "submit" and isinstance(call.arguments.get("answer"), str):
                return str(call.arguments["answer"])
    return None


def find_patch(
    sources: Iterable[tuple[str, dict[str, Any] | None]], messages: Sequence[Any]
) -> tuple[str | None, str | None]:
    """(patch, where it came from) in the order of the module docstring."""
    for where, mapping in sources:
        for key in PATCH_KEYS:
            if mapping and is_diff(mapping.get(key)):
                return mapping[key], f"{where}.{key}"
    diff = git_diff_output(messages)
    return (diff, "messages[last git diff tool output]") if diff else (None, None)


#: Inspect's built-in solver that only calls the model: as the last step it names no agent.
PLAIN_GENERATE = "generate"


def agent_of(solver: str | None, plan: Any, task: str, model: str) -> tuple[str, str]:
    """(agent, where it came from): the plan's terminal step, unqualified, as Inspect names the
    agent (`eval_plan_agent_name`); when that step is Inspect's plain `generate`, which tells a
    user nothing, the solver chain that ran (`system_message+generate`), else the eval's
    solver, else the model; with no plan, the eval's solver, else the task."""
    steps = list(plan.steps) if plan else []
    if plan and plan.finish and steps:
        steps = steps[:-1]  # the finish solver is recorded again as the trailing step
    names = [step.solver.rsplit("/", 1)[-1] for step in steps]
    if names and names[-1] != PLAIN_GENERATE:
        return names[-1], "plan.steps[-1].solver"
    if len(names) > 1:
        return "+".join(names), "plan.steps (the solver chain; the last step is Inspect's plain generate)"
    if solver:
        return solver, "eval.solver"
    if names:
        return model, "eval.model (the plan is Inspect's plain generate: the model is the agent)"
    return task, "eval.task"


def ended(sample: Any) -> tuple[str, dict[str, Any]]:
    """(how the sample ended, what to keep of it): error, a limit with its value, or completed."""
    if sample.error is not None:
        return "error", {"error": sample.error.message}
    if sample.limit is not None:
        limit = sample.limit.model_dump(exclude_none=True)
        return f"{sample.limit.type} limit", {"limit": limit}
    return "completed", {}


def task_id_of(
    metadata: dict[str, Any] | None,
    sample_id: object,
    task_field: str | None,
    *,
    file: Path | None,
    record: str,
) -> tuple[str, str]:
    """(task id, where it came from): `--task-field` key of the metadata, `id`, or the default."""
    meta = metadata or {}
    if task_field == "id" or (task_field is None and TASK_FIELD not in meta):
        return str(sample_id), "id"
    key = task_field or TASK_FIELD
    if meta.get(key) in (None, ""):
        raise UserError(
            "sample metadata has no task id here (see --task-field)",
            file=file,
            record=record,
            field=f"metadata.{key}",
        )
    return str(meta[key]), f"metadata.{key}"


def sample_record(header: Any, sample: Any, file: Path, options: HarnessOptions) -> HarnessRecord:
    record = f"sample {sample.id}, epoch {sample.epoch}"
    task_id, task_field = task_id_of(sample.metadata, sample.id, options.task_field, file=file, record=record)
    agent, agent_field = agent_of(header.eval.solver, header.plan, header.eval.task, header.eval.model)
    scores = sample.scores or {}
    patch, patch_field = find_patch(
        [("store", sample.store), ("metadata", sample.metadata)]
        + [(f"scores.{name}.metadata", s.metadata) for name, s in scores.items()],
        sample.messages,
    )
    completion = sample.output.completion if sample.output else ""
    conclusion = final_answer(sample.messages, completion)
    fields = {"task_id": task_field, "agent": agent_field, "agent_model": "eval.model", "attempt": "epoch"}
    if patch_field:
        fields["patch"] = patch_field
    if conclusion is not None:
        fields["conclusion"] = (
            "output.completion" if completion.strip() else "messages[last submit call].answer"
        )
    fields["log"] = "messages"
    extra: dict[str, Any] = {
        "eval_id": header.eval.eval_id,
        "run_id": header.eval.run_id,
        "task": header.eval.task,
        "sample_id": sample.id,
        "epoch": sample.epoch,
        "uuid": sample.uuid,
        "scores": {name: s.value for name, s in scores.items()},
    }
    how, kept = ended(sample)
    extra.update(kept)
    log = render_transcript(
        transcript(sample.messages), title=f"Inspect sample {sample.id}, epoch {sample.epoch}"
    )
    return HarnessRecord(
        task_id=task_id,
        agent=agent,
        agent_model=header.eval.model,
        record=record,
        fields=fields,
        attempt=sample.epoch,
        conclusion=conclusion,
        patch=patch,
        log=log,
        extra={"inspect": extra},
        ended=how,
    )


def load(path: Path, options: HarnessOptions) -> Iterator[HarnessRecord | Notice]:
    log = _inspect()
    where = "header"
    try:
        header = log.read_eval_log(str(path), header_only=True)
        agent, agent_field = agent_of(header.eval.solver, header.plan, header.eval.task, header.eval.model)
        if agent_field != "plan.steps[-1].solver":
            yield Notice(f"agent '{agent}' is from {agent_field}", info=True)
        if header.status != "success":
            why = f": {header.error.message.strip()[:300]}" if header.error is not None else ""
            yield Notice(
                f"partial log: the eval's status is '{header.status}'"
                f"{' (killed or still running)' if header.status == 'started' else ''}{why};"
                " only the samples it finished are imported",
                partial=True,
            )
        if path.suffix == ".json":
            samples: Iterable[Any] = log.read_eval_log(str(path), resolve_attachments=True).samples or []
        else:
            # The events (every model call's full input, again) are most of a sample and unused here.
            samples = log.read_eval_log_samples(
                str(path), all_samples_required=False, resolve_attachments=True, exclude_fields={"events"}
            )
        for sample in samples:
            where = f"sample {sample.id}, epoch {sample.epoch}"
            yield sample_record(header, sample, path, options)
            where = f"the sample after {where}"
    except UserError:
        raise
    except Exception as exc:  # Inspect's reader: zip, JSON and pydantic errors of a broken log
        raise UserError(f"cannot read this Inspect log ({reasons(exc)})", file=path, record=where) from None


def reasons(exc: BaseException) -> str:
    """The reader's error and each reason it gives beneath (`raise … from`): Inspect wraps "Unable
    to read version 4 of log format" in "Unable to read log file: PATH", and the inner one is
    the one that tells a user what to do."""
    chain: list[str] = []
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen and len(chain) < 4:
        seen.add(id(current))
        chain.append(f"{type(current).__name__}: {str(current).strip()[:300]}")
        current = current.__cause__ or current.__context__
    return "; because ".join(chain)


HARNESS = Harness(name="inspect", patterns=("*.eval", "*.json"), load=load, accepts=is_log_file)
