"""Harbor runs and ATIF trajectories (Agent Trajectory Interchange Format, ATIF-v1.0 … v1.8).

Harbor (Terminal-Bench 2's harness) writes a job folder holding one folder per trial,
`<task>__<id>/`, with `agent/trajectory.json` in ATIF (its built-in agents write it, and it
converts Claude Code and Codex sessions to it) and `result.json` (the trial's `TrialResult`:
`task_name`, `verifier_result.rewards`, `agent_result` tokens and cost, `exception_info`).
One trajectory is one submission:

- task id: `task_name` of the trial's `result.json`; without one, the trial folder's name less
  its `__<id>`; a lone trajectory, its `session_id` (said in a note);
- agent: `agent.name`; model: `agent.model_name`, else the first step's `model_name`;
- steps, one per ATIF step part: a step's `reasoning_content` is a reasoning step; its
  `message` (text, or content parts) a message, or the text of its first tool call; each of its
  `tool_calls` a `tool_call` step (the shell command where the tool runs one: `command`,
  `cmd`, Terminus' `keystrokes`); each `observation.results` entry a `tool_output` joined to its
  call by `source_call_id` (a result without one answers the step's next unanswered call, as
  Terminus records them; a result answering no call is the harness's note to the agent);
  `metrics` the step's usage (`prompt_tokens`, `completion_tokens`, `cached_tokens`,
  `cache_write_tokens`) and cost; `source` `user` is the user's, `system` the harness's,
  `agent` the agent's;
- sub-agents: a result's `subagent_trajectory_ref` (a file beside the trajectory, by
  `trajectory_path`, or an embedded trajectory of `subagent_trajectories`, by `trajectory_id` or
  `session_id`) gives the sub-agent's steps there, as `subagent` steps; embedded trajectories no
  result names follow the run; a `continued_trajectory_ref` continues the run;
- answer: the message of the agent's last `finish`/`submit` call, else its last message (none
  when Harbor stopped the run with an exception: its last message was not its last word);
- ended: `completed`, `timeout` (an `exception_info` whose type is a timeout) or
  `error (<exception type>)`; `result.json` whole is kept under `extra.result` (rewards, tokens,
  cost, exception), the trajectory's `final_metrics`, `agent` and `notes` under `extra.harness`.

A folder is read for its `trajectory.json` files; the rest of a trial (its result, config,
verifier output, the agent's own logs Harbor converted) and of a job is named as skipped.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from expgrade.grading.errors import UserError
from expgrade.grading.harness_importers.codex import shell_of
from expgrade.grading.harness_importers.common import Harness, HarnessOptions, Notice
from expgrade.grading.harness_importers.mapping import FINDERS, Context, Derived, Finder, Preset
from expgrade.grading.harness_importers.presets import Raw
from expgrade.grading.harness_importers.sessions import (
    cost_of,
    load_records,
    obj,
    session_fields,
    session_record,
    usage_of,
)
from expgrade.grading.harness_importers.steps import (
    SHELL_TOOLS,
    BadStep,
    StepDraft,
    exit_code_of,
    shell_command,
    text_of,
)
from expgrade.grading.harness_importers.writer import HarnessRecord
from expgrade.grading.jsonl import load_json
from expgrade.grading.safepath import resolve_inside

#: The file Harbor writes a trial's trajectory to, under the trial's `agent/` folder.
TRAJECTORY = "trajectory.json"
#: Harbor's trial folder: `<task name>__<short id>`.
_TRIAL = re.compile(r"^(?P<task>.+)__[A-Za-z0-9]+$")
#: Shell tools of the agents that write ATIF, besides those every harness names (`SHELL_TOOLS`).
MORE_SHELL_TOOLS = ("bash_command", "exec_command", "local_shell", "run_shell_command")
#: Calls whose argument is the agent's answer (`finish(message=…)`, `submit(answer=…)`).
FINISH_TOOLS = ("finish", "submit", "final_answer")


def _atif_version(value: Any) -> tuple[str, str] | None:
    return (value, "{path}") if isinstance(value, str) and value.startswith("ATIF-v") else None


FINDERS["atif_version"] = Finder(_atif_version, "the schema_version of an ATIF trajectory (ATIF-v1.x)")


def _ended(value: object, ctx: Context) -> str:
    """How a trial ended, from the type of the exception Harbor recorded (None: none)."""
    if not isinstance(value, str) or not value:
        return "completed"
    return "timeout" if "Timeout" in value else f"error ({value})"


TRAJECTORY_PRESET = Preset(
    harness="harbor",
    generation="ATIF",
    describe="ATIF trajectory (Harbor's agent/trajectory.json; ATIF-v1.0 to v1.8)",
    fields=session_fields(
        "agent.name",
        id="result.task_name|@task",
        model="agent.model_name|@model",
        ended="result.exception_info.exception_type",
        result="result",
    ),
    signature=("atif_version(schema_version)", "steps"),
    defaults={"agent": "harbor"},
    ended=_ended,
)
PRESETS = (TRAJECTORY_PRESET,)


# --- a trajectory's steps --------------------------------------------------------------------


def _text(content: Any) -> str:
    """A message or result: text, or content parts (an image part named by its path)."""
    if isinstance(content, list):
        parts = [
            f"[image: {obj(c.get('source')).get('path', '')}]"
            if isinstance(c, dict) and c.get("type") == "image"
            else text_of([c])
            for c in content
        ]
        return "\n".join(p for p in parts if p)
    return text_of(content)


def _command(tool: str | None, arguments: Any) -> str | None:
    """The shell command a call runs, where its tool is a shell (Claude Code's `Bash`, Terminus'
    `bash_command` with its keystrokes, OpenHands' `execute_bash`, Codex's `shell`): an editor's
    `command: create` is no shell command."""
    name = (tool or "").lower()
    if name not in SHELL_TOOLS and name not in MORE_SHELL_TOOLS:
        return None
    keys = obj(arguments).get("keystrokes")
    if isinstance(keys, str):
        return keys.removesuffix("\n")
    return shell_command(name, arguments) or shell_of(arguments)  # Codex's argv


class _Run:
    """One trajectory file and the sub-agent trajectories it names, read once each."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.read: set[str] = set()

    def steps(self, doc: dict[str, Any], *, actor: str, span: str | None) -> Iterator[StepDraft]:
        embedded = {
            str(key): sub
            for sub in doc.get("subagent_trajectories") or []
            if isinstance(sub, dict)
            for key in (sub.get("trajectory_id"), sub.get("session_id"))
            if key
        }
        steps = doc.get("steps")
        if not isinstance(steps, list):
            raise BadStep(0, f"an ATIF trajectory's steps (a list), found {type(steps).__name__}")
        for n, step in enumerate(steps, start=1):
            if not isinstance(step, dict):
                raise BadStep(n, f"an ATIF step (a JSON object), found {type(step).__name__}")
            yield from self._step(step, embedded, actor=actor, span=span)
        for key, sub in embedded.items():  # those no result named follow the run
            keys = {k for k, s in embedded.items() if s is sub}
            if not keys & self.read:
                self.read.update(keys)
                yield from self.steps(sub, actor="subagent", span=f"subagent {_name(sub, key)}")
        if isinstance(doc.get("continued_trajectory_ref"), str):
            yield from self._file(doc["continued_trajectory_ref"], actor=actor, span=span)

    def _step(
        self, step: dict[str, Any], embedded: dict[str, Any], *, actor: str, span: str | None
    ) -> Iterator[StepDraft]:
        source = step.get("source")
        extra = obj(step.get("extra"))
        own = "subagent" if actor == "agent" and extra.get("is_sidechain") is True else actor
        common: StepDraft = {"time": step.get("timestamp"), "span": span}
        if extra:
            common["extra"] = {"atif": extra}
        text = _text(step.get("message"))
        calls = [c for c in step.get("tool_calls") or [] if isinstance(c, dict)]
        if source != "agent":
            who = ("user" if source == "user" else "harness") if own == "agent" else own
            yield {**common, "kind": "message", "actor": who, "role": str(source), "text": text}
        else:
            metrics = obj(step.get("metrics"))
            call: StepDraft = {
                **common,
                "actor": own,
                "role": "assistant",
                "model": step.get("model_name") if isinstance(step.get("model_name"), str) else None,
                "usage": usage_of(
                    metrics.get("prompt_tokens"),
                    metrics.get("completion_tokens"),
                    cached=metrics.get("cached_tokens"),
                    cache_write=metrics.get("cache_write_tokens"),
                ),
                "cost": cost_of(metrics.get("cost_usd")),
            }
            reasoning = step.get("reasoning_content")
            if isinstance(reasoning, str) and reasoning:
                yield {**call, "kind": "reasoning", "text": reasoning}
                call = {**call, "usage": None, "cost": None}  # the model call's, given once
            if not calls:
                yield {**call, "kind": "message", "text": text}
            for n, c in enumerate(calls):
                name = c.get("function_name") if isinstance(c.get("function_name"), str) else None
                args = c.get("arguments")
                yield {
                    **call,
                    "kind": "tool_call",
                    "text": text if n == 0 and text else None,
                    "tool": name,
                    "arguments": args if isinstance(args, dict | str) else None,
                    "command": _command(name, args),
                    "call_id": _scoped(span, c.get("tool_call_id")),
                }
                call = {**call, "usage": None, "cost": None}
        yield from self._results(step, calls, embedded, actor=own, common=common)

    def _results(
        self,
        step: dict[str, Any],
        calls: list[dict[str, Any]],
        embedded: dict[str, Any],
        *,
        actor: str,
        common: StepDraft,
    ) -> Iterator[StepDraft]:
        """A step's observation: each result after the sub-agents it names, joined to its call."""
        names = {str(c.get("tool_call_id")): c.get("function_name") for c in calls}
        unanswered = [str(c.get("tool_call_id")) for c in calls]
        for result in obj(step.get("observation")).get("results") or []:
            if not isinstance(result, dict):
                continue
            refs = [r for r in result.get("subagent_trajectory_ref") or [] if isinstance(r, dict)]
            for ref in refs:
                yield from self._subagent(ref, embedded)
            call_id = result.get("source_call_id")
            if call_id is None and unanswered:
                call_id = unanswered[0]
            call_id = str(call_id) if call_id is not None else None
            if call_id in unanswered:
                unanswered.remove(call_id)
            content = result.get("content")
            if content is None and refs:
                continue  # the sub-agents were the result
            if call_id is None:
                who = "harness" if actor == "agent" else actor
                yield {**common, "kind": "message", "actor": who, "role": "tool", "text": _text(content)}
                continue
            yield {
                **common,
                "kind": "tool_output",
                "actor": actor,
                "role": "tool",
                "tool": names.get(call_id),
                "call_id": _scoped(common.get("span"), call_id),
                "output": _text(content),
                "exit_code": exit_code_of(result.get("extra")),
            }

    def _subagent(self, ref: dict[str, Any], embedded: dict[str, Any]) -> Iterator[StepDraft]:
        for key in (ref.get("trajectory_id"), ref.get("session_id")):
            if key is not None and str(key) in embedded:
                sub = embedded[str(key)]
                keys = {k for k, s in embedded.items() if s is sub}
                if not keys & self.read:
                    self.read.update(keys)
                    yield from self.steps(sub, actor="subagent", span=f"subagent {_name(sub, str(key))}")
                return
        if isinstance(ref.get("trajectory_path"), str):
            yield from self._file(ref["trajectory_path"], actor="subagent", span=None)
            return
        yield {
            "kind": "message",
            "actor": "harness",
            "text": f"sub-agent trajectory {json.dumps(ref)}: neither embedded in this trajectory"
            " nor a file beside it; its steps are not here",
        }

    def _file(self, name: str, *, actor: str, span: str | None) -> Iterator[StepDraft]:
        """The steps of a trajectory file the trajectory names (a sub-agent's, a continuation)."""
        try:
            path = resolve_inside(self.folder, name, what="trajectory")
            key = str(path.resolve())
            if key in self.read:
                return
            self.read.add(key)
            doc = load_json(path)
        except UserError as exc:
            yield {
                "kind": "message",
                "actor": "harness",
                "text": f"trajectory {name}, which this one names, cannot be read ({exc});"
                " its steps are not here",
            }
            return
        if not isinstance(doc, dict):
            raise BadStep(0, f"an ATIF trajectory (a JSON object) in {name}", file=path)
        label = span or (f"subagent {_name(doc, name)}" if actor == "subagent" else None)
        yield from self.steps(doc, actor=actor, span=label)


def _scoped(span: str | None, call_id: Any) -> str | None:
    """A call's id in the run: a sub-agent's ids within its span (its trajectory numbers its
    calls afresh, `call_0_1` as the main agent's first call is)."""
    if call_id is None:
        return None
    return f"{span}: {call_id}" if span else str(call_id)


def _name(doc: dict[str, Any], key: str) -> str:
    return str(obj(doc.get("agent")).get("name") or key)


# --- the first pass: task, model, answer -----------------------------------------------------


def _answer(steps: list[Any]) -> Derived | None:
    """The agent's last finish/submit call's message, else its last message."""
    for n in range(len(steps) - 1, -1, -1):
        step = steps[n]
        if not isinstance(step, dict) or step.get("source") != "agent":
            continue
        for call in reversed([c for c in step.get("tool_calls") or [] if isinstance(c, dict)]):
            args = obj(call.get("arguments"))
            said = next((args[k] for k in ("message", "answer") if isinstance(args.get(k), str)), None)
            if call.get("function_name") in FINISH_TOOLS and said:
                return Derived(said, f"steps[{n}].tool_calls[{call.get('function_name')}].arguments")
        text = _text(step.get("message"))
        if text.strip():
            return Derived(text, f"steps[{n}].message (the agent's last message)")
    return None


def _model(steps: list[Any]) -> Derived | None:
    for n, step in enumerate(steps):
        if isinstance(step, dict) and isinstance(step.get("model_name"), str) and step["model_name"]:
            return Derived(step["model_name"], f"steps[{n}].model_name")
    return None


def trial_folder(path: Path) -> Path | None:
    """The Harbor trial folder a trajectory lies in (`<trial>/agent/trajectory.json`), if any."""
    trial = path.parent.parent
    if path.parent.name == "agent" and ((trial / "result.json").is_file() or _TRIAL.match(trial.name)):
        return trial
    return None


def _task(path: Path, doc: dict[str, Any]) -> Derived:
    trial = trial_folder(path)
    if trial is not None and (m := _TRIAL.match(trial.name)):
        return Derived(m["task"], "the trial folder's name (<task>__<id>)")
    if isinstance(doc.get("session_id"), str) and doc["session_id"]:
        return Derived(doc["session_id"], "session_id (no Harbor result.json names the task)")
    return Derived(path.stem, "the file's name (no result.json, no session_id)")


def _result(path: Path) -> dict[str, Any] | None:
    trial = trial_folder(path)
    if trial is None or not (trial / "result.json").is_file():
        return None
    result = load_json(trial / "result.json")
    if not isinstance(result, dict):
        raise UserError("expected Harbor's trial result (a JSON object)", file=trial / "result.json")
    return result


def load(path: Path, options: HarnessOptions) -> Iterator[HarnessRecord | Notice]:
    doc = load_json(path)
    if not isinstance(doc, dict) or not isinstance(doc.get("steps"), list):
        raise UserError(
            "expected an ATIF trajectory: an object with schema_version, agent and steps", file=path
        )
    steps: list[Any] = doc["steps"]
    result = _result(path)
    facts = {k: v for k, v in doc.items() if k not in ("steps", "subagent_trajectories")}
    if result is not None:
        facts["result"] = result
    task = _task(path, doc)
    if result is None and task.where.startswith(("session_id", "the file")):
        yield Notice(f"task id '{task.value}' is the trajectory's {task.where}", info=True)
    answer = _answer(steps)
    stopped = obj(obj(result).get("exception_info")).get("exception_type")
    if answer is not None and stopped and "tool_calls" not in answer.where:
        # a run Harbor stopped (a timeout, an error) left no final message: its last one is none
        yield Notice(f"no answer: the trial ended with {stopped} before the agent finished", info=True)
        answer = None
    record = session_record(
        task=task,
        steps=_Run(path.parent).steps(doc, actor="agent", span=None),
        model=_model(steps),
        answer=answer,
        facts=facts,
    )
    empty = None if steps else "the trajectory's steps are an empty list"
    yield from load_records(
        TRAJECTORY_PRESET, [Raw("the trajectory", record)], path, options, Counter(), empty=empty
    )


def shadowed(files: Iterable[Path]) -> dict[Path, str]:
    """Files a folder walk found that a Harbor trajectory already holds: the further
    trajectories of the same run beside it (a sub-agent's, a continuation: read as its steps
    where it names them), and the agent's own logs in a trial's `agent/` folder, which Harbor
    converted into the trajectory."""
    files = list(files)
    mains = [p for p in files if p.name == TRAJECTORY]
    found: dict[Path, str] = {}
    for p in files:
        for main in mains:
            if p == main:
                continue
            if p.parent == main.parent and p.name.startswith("trajectory."):
                found[p] = (
                    f"a further trajectory of the run in {main.name} beside it (a sub-agent's or a"
                    " continuation), read as its steps where it names it"
                )
            elif trial_folder(main) is not None and main.parent in p.parents:
                found[p] = (
                    "the agent's own log in a Harbor trial, which Harbor converted into"
                    f" {main.parent.name}/{main.name} (read instead)"
                )
    return found


def is_trajectory(path: Path) -> bool:
    """A Harbor trial's own trajectory (`trajectory.json`), not one it names (a sub-agent's
    `trajectory.<name>.json`, a continuation's `trajectory.cont-N.json`)."""
    return path.name == TRAJECTORY


HARNESS = Harness(name="harbor", patterns=(TRAJECTORY,), load=load, accepts=is_trajectory, presets=PRESETS)
