"""Inspect AI eval logs (`.eval`, `.json`), read with Inspect's own reader (extra `expgrade[inspect]`).

One record per sample and epoch (epoch → attempt), mapped by one preset (`SAMPLE`). `.eval`
logs are read one sample at a time (`read_eval_log_samples`), so a log of any size streams;
Inspect's `.json` format is
one document and is read whole. When the header-only read fails (a `.json` log without
`stats`, as older or hand-trimmed logs are), the full reader (`read_eval_log`) reads it. The
mapping:

- task id: the sample's metadata `task_id`, else its id; `--task-field KEY` names another
  metadata key (`id` = the sample id);
- agent: the plan's terminal solver as Inspect names the agent; when that is Inspect's plain
  `generate`, the solver chain, else the eval's solver, else the model (said in a note); with
  no plan, the eval's solver, else the task name; model: the eval's model;
- patch, first found of: a diff the agent left in the sample's store or metadata (`patch`,
  `diff`, `git_diff`, `model_patch`); the sandbox's final changes as a scorer recorded them
  (`scores.<name>.metadata.model_patch`, as inspect_evals' SWE-bench scorer does); the output
  of the last `git diff` tool call;
- conclusion: the sample's output, else its last `submit` call's answer, else a scorer's
  `answer` (what the scorer took as the agent's answer), else the last reply of the agent's
  own model calls among its events (a multi-step task whose final output is empty); never a
  scorer's grader call, a monitor's (a model call that is not the policy's) or a sub-agent's
  reply (`inspect_steps`); with none of these, no answer (the import warns);
- trajectory: the sample's events (attachments resolved), each step with whose it is (agent,
  scorer, sub-agent) from its spans; a log without events, its messages; agent.log from them;
- ended: `error` when the sample errored, `<type> limit` when a limit stopped it (the limit's
  value and reason are kept in `extra.inspect.limit`), else `completed`.

A folder is read as Inspect lists logs (`inspect_ai.log._file.is_log_file`): every `.eval`, and
a `.json` only when its name starts with Inspect's timestamp, so `inspect eval-set`'s own
`eval-set.json` and `logs.json` are not taken for logs. A log whose eval did not end in
`success` (`started`: killed mid-run; `cancelled`; `error`) is partial: its finished samples are
imported and the import says so and exits 1.
"""

from __future__ import annotations

import gzip
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from expgrade.grading.errors import UserError
from expgrade.grading.harness_importers.common import Harness, HarnessOptions, Notice
from expgrade.grading.harness_importers.mapping import Context, Derived, FieldMap, is_diff
from expgrade.grading.harness_importers.presets import Preset, Raw, records_through
from expgrade.grading.harness_importers.sniff import cut_zip
from expgrade.grading.harness_importers.writer import HarnessRecord

__all__ = ["SAMPLE", "agent_of", "is_diff", "is_log_file", "sample_fields", "task_id_of"]

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


def _ended(value: object, ctx: Context) -> str:
    return value if isinstance(value, str) else "completed"


def _extra(ctx: Context) -> dict[str, Any]:
    """`extra.inspect`: the eval's and the sample's ids; every score's value, and its answer,
    explanation and metadata (`score_details`: tests passed of total, the extracted answer);
    the sample's target and metadata (the problem, its test cases, a gold solution); model
    usage and time; error and limit. Nothing of the sample is dropped but its messages and
    events, which are the trajectory."""
    sample, doc = ctx.record, ctx.document or {}
    ev = doc.get("eval") or {}
    kept: dict[str, Any] = {
        "eval_id": ev.get("eval_id"),
        "run_id": ev.get("run_id"),
        "task": ev.get("task"),
        "sample_id": sample.get("id"),
        "epoch": sample.get("epoch"),
        "uuid": sample.get("uuid"),
        "scores": {
            name: s.get("value") for name, s in (sample.get("scores") or {}).items() if isinstance(s, dict)
        },
        "score_details": {
            name: {k: s[k] for k in ("answer", "explanation", "metadata") if s.get(k) not in (None, "", {})}
            for name, s in (sample.get("scores") or {}).items()
            if isinstance(s, dict)
        },
        "target": sample.get("target"),
        "metadata": sample.get("metadata") or None,
        "model_usage": sample.get("model_usage") or None,
        "total_time": sample.get("total_time"),
        "working_time": sample.get("working_time"),
    }
    if isinstance(sample.get("error"), dict):
        kept["error"] = sample["error"].get("message")
    if isinstance(sample.get("limit"), dict):
        kept["limit"] = {k: v for k, v in sample["limit"].items() if v is not None}
    return {"inspect": {k: v for k, v in kept.items() if v is not None}}


def sample_fields() -> FieldMap:
    """Where an Inspect sample holds each field (the scorer's and the importer's one mapping)."""
    stored = [f"diff({where}.{key})" for where in ("store", "metadata") for key in PATCH_KEYS]
    return FieldMap(
        id=f"metadata.{TASK_FIELD}|id",
        agent="@agent",
        model="^eval.model",
        attempt="epoch",
        patch="|".join(
            ["@sandbox_patch", *stored, "diff(scores[*].metadata.model_patch)", "git_diff(messages)"]
        ),
        conclusion="output.completion|submit_answer(messages)|scores[*].answer|model_output(events)",
        steps="events|messages",
        ended="@ended",
    )


SAMPLE = Preset(
    harness="inspect",
    generation="",
    describe="Inspect AI eval log",
    fields=sample_fields(),
    signature=("^eval.task", "epoch", "messages|input"),
    defaults={"agent": "inspect"},
    ended=_ended,
    extra=_extra,
    keep_unused=False,
)


def _how_ended(sample: Any) -> Derived:
    if sample.error is not None:
        return Derived("error", "error")
    if sample.limit is not None:
        return Derived(f"{sample.limit.type} limit", "limit.type")
    return Derived("completed", "")


def _plain(path: Path, tmp: Path) -> tuple[Path, str]:
    """The log as Inspect's reader takes it: gunzipped to a temporary copy when compressed;
    and its format, from its bytes (a zip is `.eval`)."""
    with path.open("rb") as fh:
        head = fh.read(4)
    if head[:2] == b"\x1f\x8b":
        plain = tmp / "log.json"
        plain.write_bytes(gzip.decompress(path.read_bytes()))
        return _plain(plain, tmp)
    return path, "eval" if head[:2] == b"PK" else "json"


def load(path: Path, options: HarnessOptions) -> Iterator[HarnessRecord | Notice]:
    log = _inspect()
    where = "header"
    if (damaged := cut_zip(path)) is not None:
        raise UserError(damaged, file=path)
    with tempfile.TemporaryDirectory(prefix="expgrade-inspect-") as tmp:
        try:
            plain, fmt = _plain(path, Path(tmp))
            full = None
            try:
                header = log.read_eval_log(str(plain), header_only=True, format=fmt)
            except Exception:  # the header-only path needs `stats`; the full reader does not
                full = log.read_eval_log(str(plain), resolve_attachments=True, format=fmt)
                header = full
                yield Notice("read with Inspect's full reader (the header-only read failed)", info=True)
            agent, agent_field = agent_of(
                header.eval.solver, header.plan, header.eval.task, header.eval.model
            )
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
            document = header.model_dump(mode="json", exclude={"samples", "reductions"})
            if full is not None:
                samples: Any = full.samples or []
            elif fmt == "json":
                samples = log.read_eval_log(str(plain), resolve_attachments=True, format=fmt).samples or []
            else:
                samples = log.read_eval_log_samples(
                    str(plain), all_samples_required=False, resolve_attachments=True, format=fmt
                )

            def raws() -> Iterator[Raw]:
                nonlocal where
                for sample in samples:
                    where = f"sample {sample.id}, epoch {sample.epoch}"
                    record = sample.model_dump(mode="json")
                    completion = sample.output.completion if sample.output else ""
                    record["output"] = {
                        **(record.get("output") or {}),
                        "completion": completion,
                    }  # a property
                    record["@agent"] = Derived(agent, agent_field)
                    record["@ended"] = _how_ended(sample)
                    yield Raw(where, record, document)
                    where = f"the sample after {where}"

            taken = 0
            for item in records_through((SAMPLE,), raws(), path, options):
                taken += isinstance(item, HarnessRecord)
                if not (isinstance(item, Notice) and item.text.startswith("read as")):
                    yield item
            if not taken and header.status != "success":
                killed = " (killed or still running)" if header.status == "started" else ""
                raise UserError(
                    f"the eval was {header.status}{killed} before any sample finished: the log"
                    " holds no samples to import",
                    file=path,
                )
        except UserError:
            raise
        except Exception as exc:  # Inspect's reader: zip, JSON and pydantic errors of a broken log
            raise UserError(
                f"cannot read this Inspect log ({reasons(exc)})", file=path, record=where
            ) from None


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


HARNESS = Harness(
    name="inspect", patterns=("*.eval", "*.json"), load=load, accepts=is_log_file, presets=(SAMPLE,)
)
