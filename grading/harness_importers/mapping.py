"""The one mapping from a harness's record to an expgrade submission (docs/harnesses.md).

A mapping says, for each expgrade field, where a record holds it: `id`, `agent`, `model`,
`attempt`, the answer (`patch`, `conclusion`, or `answer`, which is a patch when it reads as a
diff and the final message otherwise; `files`, a workspace), `log`, `ended` (how the run
ended) and `result` (the harness's own verdict: resolved, score, status). Every built-in
harness and each of its generations is a `Preset`: such a mapping plus how to recognise its
records; `expgrade submissions import json|jsonl --map FIELD=PATH` (or `--mapping FILE`) is the
same mapping written by a user for a harness expgrade has no preset for.

A value is a *spec*: alternatives separated by `|`, the first one found wins. Each alternative is

- a path into the record: `metadata.llm.model`, `history[-1].args.thought`, `scores[*].value`
  (`[*]`: the first item, or dict value, that has the rest of the path, not empty);
- rooted elsewhere: `^eval.model` in the whole JSON document the records sit in,
  `metadata.json:llm_config.model` in a JSON file beside the source file (the run's metadata);
- `@key`: the key a record sat under in a JSON object keyed by id;
- a finder over a path, `last_message(messages)`: the helpers in `FINDERS`, for what no path
  can say (the last agent message of a chat, the output of the last `git diff` call);
- a quoted constant, `'my-agent'`.

A field a mapping does not name is never looked for, so a preset never fails on a field it
does not need; what the record holds beyond the fields used is kept (`unused`), and a record
with no answer at all is imported and named (`answer_missing`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError, field_validator

from expgrade.grading.errors import UserError, describe_validation_error
from expgrade.grading.harness_importers.steps import STEP_FIELDS, text_of
from expgrade.grading.jsonl import load_json, read_text
from expgrade.grading.safepath import resolve_inside
from expgrade.grading.schemas.base import StrictModel

#: The expgrade fields a mapping may name, and what each holds (for `--help` and errors).
FIELDS: dict[str, str] = {
    "id": "the task id",
    "agent": "the agent's name",
    "model": "the agent's model",
    "attempt": "the attempt number",
    "patch": "the agent's patch (a unified diff)",
    "conclusion": "the agent's final message",
    "answer": "the answer: a patch when it reads as a diff, else the final message",
    "design": "the agent's design text",
    "files": "the agent's files: a {path: content} object, or a folder",
    "log": "the transcript: a list of messages or events (its steps), or text (agent.log as it is)",
    "steps": "the run's steps: a list of messages, events or entries, read whole (per entry: step.FIELD)",
    "ended": "how the run ended (status, exit status, error)",
    "result": "the harness's own result of the record (resolved, score, status)",
}


@dataclass(frozen=True)
class Derived:
    """A value a reader computed rather than read (an Inspect agent from its plan, a PaperBench
    paper from the run folder's name), with where it came from: found through a path like any
    other field, traced as `where`."""

    value: Any
    where: str


# --- specs: parsing -------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One step of a path: a key, a list index, or `*` (any item)."""

    key: str | int | None  # None: any item

    def __str__(self) -> str:
        if self.key is None:
            return "[*]"
        return f"[{self.key}]" if isinstance(self.key, int) else str(self.key)


@dataclass(frozen=True)
class PathSpec:
    """A path from a root: the record (`root` ""), the document (`^`) or a file beside (`NAME:`)."""

    root: str
    steps: tuple[Step, ...]
    text: str

    @property
    def where(self) -> str:
        return f"{self.root}: {self.text}" if self.root not in ("", "^", "@key") else self.text

    def taken(self, keys: tuple[str | int, ...]) -> str:
        """Where a value was found, with each `[*]` replaced by the item it matched."""
        if all(step.key is not None for step in self.steps):
            return self.where
        text = "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in keys).lstrip(".")
        return f"{self.root}: {text}" if self.root not in ("", "^", "@key") else text


@dataclass(frozen=True)
class Call:
    finder: str
    arg: PathSpec
    text: str


@dataclass(frozen=True)
class Const:
    value: str
    text: str


Alternative = PathSpec | Call | Const
_STEP = re.compile(r"\.?([^.\[\]]+)|\[(-?\d+|\*|'[^']*'|\"[^\"]*\")\]")
_CALL = re.compile(r"^([a-z_]+)\((.*)\)$")
#: `NAME.EXT:path`: a file beside the source file (`*` picks the last match in natural order).
_SIDE_FILE = re.compile(r"^([\w.\-*/]+\.\w+):(.*)$")


def parse_path(text: str) -> PathSpec:
    text = text.strip()
    root = ""
    body = text
    if text == "@key":
        return PathSpec("@key", (), text)
    if text.startswith("^"):
        root, body = "^", text[1:]
    elif m := _SIDE_FILE.match(text):
        root, body = m[1], m[2]
    steps: list[Step] = []
    pos = 0
    while pos < len(body):
        m = _STEP.match(body, pos)
        if m is None or m.end() == pos:
            raise ValueError(f"cannot read path '{text}' at '{body[pos:]}'")
        if m[1] is not None:
            steps.append(Step(m[1].strip()))
        elif m[2] == "*":
            steps.append(Step(None))
        elif m[2][0] in "'\"":
            steps.append(Step(m[2][1:-1]))
        else:
            steps.append(Step(int(m[2])))
        pos = m.end()
    return PathSpec(root, tuple(steps), body)


def parse_alternative(text: str) -> Alternative:
    text = text.strip()
    if not text:
        raise ValueError("empty path")
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return Const(text[1:-1], text)
    if m := _CALL.match(text):
        if m[1] not in FINDERS:
            raise ValueError(f"unknown finder '{m[1]}'; known: {', '.join(sorted(FINDERS))}")
        return Call(m[1], parse_path(m[2]) if m[2].strip() else PathSpec("", (), ""), text)
    return parse_path(text)


@lru_cache(maxsize=1024)
def parse_spec(text: str) -> tuple[Alternative, ...]:
    """`a.b|c[0]|finder(d)|'const'` as its alternatives."""
    return tuple(parse_alternative(part) for part in _split_alternatives(text))


def _split_alternatives(text: str) -> list[str]:
    parts, depth, current = [], 0, ""
    for ch in text:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == "|" and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    return [*parts, current]


# --- specs: looking up ----------------------------------------------------------------------


@dataclass
class Context:
    """What a spec reads: the record, the document it sits in, its key, files beside the source."""

    record: Any
    document: Any = None
    key: str | None = None
    source: Path | None = None
    _side: dict[str, Any] = field(default_factory=dict)

    def side_file(self, name: str) -> Any:
        if name not in self._side:
            beside = self.source.parent if self.source else None
            self._side[name] = (
                _read_side_file(resolve_inside(beside, name, what="file beside the record"))
                if beside is not None
                else None
            )
        return self._side[name]


def _read_side_file(path: Path) -> Any:
    """A file beside the source: its YAML (`.yaml`, `.yml`) or JSON, else its text (a patch, a
    report, a log); None if absent."""
    if "*" in path.name:
        matches = sorted(path.parent.glob(path.name), key=_natural)
        if not matches:
            return None
        path = matches[-1]
    if not path.is_file():
        return None
    if path.suffix in (".yaml", ".yml"):  # SWE-agent keeps the run's model in args.yaml/config.yaml
        try:
            return yaml.safe_load(read_text(path))
        except (yaml.YAMLError, UserError):
            pass  # not YAML after all: read as text below
    try:
        return load_json(path)
    except UserError:
        try:
            return read_text(path)
        except UserError:
            return None


def _natural(path: Path) -> list[Any]:
    """`round_10` after `round_9`."""
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", path.name)]


_MISSING = object()


def walk(value: Any, steps: tuple[Step, ...]) -> tuple[Any, tuple[str | int, ...]]:
    """The value at `steps` under `value` (`_MISSING` when absent) and the concrete path taken."""
    if not steps:
        return value, ()
    step, rest = steps[0], steps[1:]
    if step.key is None:
        items = (
            value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        )
        if len(rest) == 1 and isinstance(key := rest[0].key, str):
            # `[*].key` (a signature asking every event of a long history for its `kind`): the
            # loop below with its last step inlined, no call per item
            for k, item in items:
                if isinstance(item, dict) and (found := item.get(key)) is not None and found != "":
                    return found, (k, key)
            return _MISSING, ()
        for k, item in items:
            found, taken = walk(item, rest)
            if found is not _MISSING and found is not None and found != "":
                return found, (k, *taken)
        return _MISSING, ()
    if isinstance(step.key, int) and isinstance(value, list):
        if -len(value) <= step.key < len(value):
            found, taken = walk(value[step.key], rest)
            return found, (step.key % len(value), *taken)
        return _MISSING, ()
    if isinstance(value, dict) and str(step.key) in value:
        found, taken = walk(value[str(step.key)], rest)
        return found, (str(step.key), *taken)
    return _MISSING, ()


@dataclass(frozen=True)
class Found:
    value: Any
    where: str
    #: The path in the record it was read from (for what is left unused), if it is in the record.
    used: tuple[str | int, ...] | None


def _start(alt: PathSpec, ctx: Context) -> Any:
    """Where a path begins: the record, the document (`^`) or a file beside the source."""
    return ctx.record if alt.root == "" else ctx.document if alt.root == "^" else ctx.side_file(alt.root)


def lookup(alt: Alternative, ctx: Context) -> Found | None:
    if isinstance(alt, Const):
        return Found(alt.value, f"'{alt.value}' (the mapping's constant)", None)
    if isinstance(alt, Call):
        base = lookup(alt.arg, ctx)
        if base is None:
            return None
        hit = FINDERS[alt.finder].find(base.value)
        if hit is None:
            return None
        value, detail = hit
        return Found(value, detail.format(path=base.where if alt.arg.text else "record"), base.used)
    if alt.root == "@key":
        return Found(ctx.key, "the record's key", None) if ctx.key is not None else None
    start = _start(alt, ctx)
    if start is None:
        return None
    value, taken = walk(start, alt.steps)
    if value is _MISSING or value is None or (value == "" and alt.steps):
        return None
    if isinstance(value, Derived):
        return Found(value.value, value.where, taken if alt.root == "" else None)
    return Found(value, alt.taken(taken), taken if alt.root == "" else None)


def present(spec: tuple[Alternative, ...], ctx: Context) -> bool:
    """Whether a path of `spec` is in the record even where its value is empty (`""`, null): a
    mapping that names a field a record leaves empty is right (the record imports with a
    warning), not a path found nowhere."""
    for alt in spec:
        if isinstance(alt, PathSpec) and alt.root != "@key" and alt.steps:
            start = _start(alt, ctx)
            if start is not None and walk(start, alt.steps)[0] is not _MISSING:
                return True
    return False


def first_found(spec: tuple[Alternative, ...], ctx: Context) -> Found | None:
    for alt in spec:
        if (hit := lookup(alt, ctx)) is not None:
            return hit
    return None


def unused(record: Any, used: list[tuple[str | int, ...]]) -> Any:
    """What of `record` no used path read: a dict keeps each key not read whole, recursing into
    those read in part (`test_result` less its `git_patch`); a list read in part counts as read."""
    if not isinstance(record, dict):
        return None
    out: dict[str, Any] = {}
    for key, value in record.items():
        below = [u[1:] for u in used if u and u[0] == key]
        if not below:
            if not isinstance(value, Derived):
                out[key] = value
        elif all(below) and isinstance(value, dict):
            rest = unused(value, below)
            if rest:
                out[key] = rest
    return out


# --- finders --------------------------------------------------------------------------------


def is_diff(text: object) -> bool:
    if not isinstance(text, str):
        return False
    head = text.lstrip()[:2000]
    return head.startswith(("diff --git ", "--- ")) or ("\n--- " in head and "\n+++ " in head)


def events(value: Any) -> list[dict[str, Any]]:
    """A transcript as a flat list of dicts: `[action, observation]` pairs are flattened."""
    out: list[dict[str, Any]] = []
    for item in value if isinstance(value, list) else []:
        pair = item if isinstance(item, list | tuple) else [item]
        out += [e for e in pair if isinstance(e, dict)]
    return out


def _obj(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _calls(message: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for c in message.get("tool_calls") or [] if isinstance(c, dict)]


def _call_name(call: dict[str, Any]) -> str:
    return str(
        call.get("function")
        if isinstance(call.get("function"), str)
        else _obj(call.get("function")).get("name", "")
    )


def _call_args(call: dict[str, Any]) -> dict[str, Any]:
    args = call.get("arguments", _obj(call.get("function")).get("arguments"))
    if isinstance(args, str):
        try:
            args = json.loads(args)
        except ValueError:
            return {"input": args}
    return _obj(args)


_AGENT_ROLES = ("assistant", "agent", "model", "ai")


def find_last_message(value: Any) -> tuple[str, str] | None:
    """The last non-empty message the agent wrote in a chat (`role` assistant/agent/model), or
    the last string of a list of strings."""
    for m in reversed(events(value)):
        role = m.get("role", m.get("source"))
        text = text_of(m.get("content", m.get("message")))
        if role in _AGENT_ROLES and text.strip():
            return text, "{path}[last agent message].content"
    return None


def find_submit_answer(value: Any) -> tuple[str, str] | None:
    """The `answer` of the last `submit` tool call (Inspect's basic agent, and agents like it)."""
    for m in reversed(events(value)):
        for call in reversed(_calls(m)):
            answer = _call_args(call).get("answer")
            if _call_name(call) == "submit" and isinstance(answer, str):
                return answer, "{path}[last submit call].answer"
    return None


def find_git_diff(value: Any) -> tuple[str, str] | None:
    """The output of the last tool call that ran `git diff` and printed a diff."""
    commands: dict[str, str] = {}
    found: str | None = None
    for m in events(value):
        for call in _calls(m):
            commands[str(call.get("id"))] = json.dumps(_call_args(call))
        called = commands.get(str(m.get("tool_call_id")), "")
        text = text_of(m.get("content"))
        if m.get("role") == "tool" and "git diff" in called and is_diff(text):
            found = text
    return (found, "{path}[last git diff tool output]") if found else None


def find_finish(value: Any) -> tuple[str, str] | None:
    """OpenHands' answer: the last `FinishAction`'s message (V1 SDK), the last `finish` action's
    `final_thought` or `thought` (V0), else the agent's last message."""
    for e in reversed(events(value)):
        action = _obj(e.get("action"))
        if action.get("kind") == "FinishAction" and isinstance(action.get("message"), str):
            return action["message"], "{path}[FinishAction].action.message"
        if e.get("kind") == "MessageEvent" and e.get("source") == "agent":
            text = text_of(_obj(e.get("llm_message")).get("content"))
            if text.strip():
                return text, "{path}[last agent MessageEvent].llm_message.content"
        args = _obj(e.get("args"))
        if e.get("action") == "finish":
            for key in ("final_thought", "thought"):
                if isinstance(args.get(key), str) and args[key].strip():
                    return args[key], f"{{path}}[finish].args.{key}"
        if (
            e.get("action") == "message"
            and e.get("source") == "agent"
            and isinstance(args.get("content"), str)
        ):
            return args["content"], "{path}[last agent message].args.content"
    return None


def find_model_output(value: Any) -> tuple[str, str] | None:
    """The last reply of the agent's own model calls among Inspect events: the answer of a
    multi-step task whose sample output is empty. A scorer's grader call, though later, and a
    sub-agent's are not the agent's answer (`inspect_steps`)."""
    from expgrade.grading.harness_importers.inspect_steps import agent_reply

    found = agent_reply(value) if isinstance(value, list) else None
    return (found, "{path}[last agent model event].output") if found else None


def find_diff(value: Any) -> tuple[str, str] | None:
    """The value itself when it is a diff, else the last diff anywhere inside it (a patch field
    that holds a whole prediction object), traced to where it sat."""
    if is_diff(value):
        return value, "{path}"
    found: tuple[str, str] | None = None
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        if (hit := find_diff(item)) is not None:
            step = f"[{key}]" if isinstance(key, int) else f".{key}"
            found = hit[0], hit[1].replace("{path}", "{path}" + step, 1)
    return found


@dataclass(frozen=True)
class Finder:
    find: Callable[[Any], tuple[Any, str] | None]
    doc: str


FINDERS: dict[str, Finder] = {
    "last_message": Finder(find_last_message, "the last message the agent wrote in a chat"),
    "submit_answer": Finder(find_submit_answer, "the answer of the last submit tool call"),
    "git_diff": Finder(find_git_diff, "the output of the last tool call that ran git diff"),
    "finish": Finder(find_finish, "OpenHands' finish action or the agent's last message"),
    "model_output": Finder(find_model_output, "the last model reply among Inspect events"),
    "diff": Finder(find_diff, "the value if it is a diff, else the last diff inside it"),
}


# --- the mapping ----------------------------------------------------------------------------


Spec = str | list[str] | None


class FieldMap(StrictModel):
    """A mapping (`--map`, `--mapping FILE`, or a preset's): each field's spec, and `records`,
    where a JSON document holds its records (`samples`; default: the document itself when it is
    a list, an object keyed by id, or one record)."""

    records: str | None = None
    id: Spec = None
    agent: Spec = None
    model: Spec = None
    attempt: Spec = None
    patch: Spec = None
    conclusion: Spec = None
    answer: Spec = None
    design: Spec = None
    files: Spec = None
    log: Spec = None
    steps: Spec = None
    ended: Spec = None
    result: Spec = None
    #: Where each entry of `steps` holds a step's field (`step.command: action`).
    step: dict[str, str] | None = None

    @field_validator(*FIELDS, mode="after")
    @classmethod
    def _parses(cls, value: Spec) -> Spec:
        for text in [value] if isinstance(value, str) else value or []:
            parse_spec(text)
        return value

    @field_validator("step", mode="after")
    @classmethod
    def _step_fields(cls, value: dict[str, str] | None) -> dict[str, str] | None:
        for name, text in (value or {}).items():
            if name not in STEP_FIELDS:
                raise ValueError(f"unknown step field '{name}'; expected one of: {', '.join(STEP_FIELDS)}")
            parse_spec(text)
        return value

    def spec(self, name: str) -> tuple[Alternative, ...]:
        value = getattr(self, name)
        texts = [value] if isinstance(value, str) else value or []
        return tuple(alt for text in texts for alt in parse_spec(text))

    def named(self) -> Iterator[str]:
        return (name for name in FIELDS if getattr(self, name))

    def records_path(self) -> PathSpec | None:
        return parse_path(self.records) if self.records else None


def parse_map_options(options: list[str], base: dict[str, Any] | None = None) -> FieldMap:
    """`--map FIELD=SPEC ...` (over a `--mapping` file's fields): a field given twice is a list
    of alternatives, tried in order."""
    data: dict[str, Any] = dict(base or {})
    given: dict[str, list[str]] = {}
    for option in options:
        name, sep, spec = option.partition("=")
        name = name.strip()
        if not sep or not spec.strip():
            raise UserError(f"--map '{option}': expected FIELD=PATH, e.g. --map model=metadata.llm.model")
        if name.startswith("step."):
            sub = name.removeprefix("step.")
            if sub not in STEP_FIELDS:
                raise UserError(
                    f"--map '{option}': unknown step field '{sub}'; expected one of: {', '.join(STEP_FIELDS)}"
                )
            steps = dict(data.get("step") or {})
            steps[sub] = spec.strip()
            data["step"] = steps
            continue
        if name not in FIELDS and name != "records":
            raise UserError(
                f"--map '{option}': unknown field '{name}'; expected one of: records, {', '.join(FIELDS)}"
            )
        given.setdefault(name, []).append(spec.strip())
    for name, specs in given.items():
        data[name] = specs[0] if name == "records" or len(specs) == 1 else specs
    return field_map(data, where="--map")


def field_map(data: Any, *, where: str) -> FieldMap:
    try:
        return FieldMap.model_validate(data)
    except ValidationError as exc:
        raise UserError(
            f"bad mapping: {describe_validation_error(exc)}", file=Path(where) if where != "--map" else None
        ) from None


def load_mapping_file(path: Path) -> dict[str, Any]:
    """A mapping file (YAML or JSON): `{field: spec, ...}`, optionally under a `fields:` key."""
    try:
        data = yaml.safe_load(read_text(path))
    except yaml.YAMLError as exc:
        raise UserError(f"not YAML or JSON: {exc}", file=path) from None
    if isinstance(data, dict) and isinstance(data.get("fields"), dict):
        data = {**data["fields"], **{k: v for k, v in data.items() if k != "fields"}}  # a stray key is named
    if not isinstance(data, dict):
        raise UserError(f"expected a mapping of field: path, found {type(data).__name__}", file=path)
    field_map(data, where=str(path))
    return data


@dataclass(frozen=True)
class Preset:
    """One harness generation: where its fields are (`fields`) and what its records hold that
    others' do not (`signature`: specs that must all be found, for recognising a record by its
    content). `defaults`: the value a field takes when the record does not give it (printed).
    `ended`: how the run ended, from the `ended` field's value (None when absent) and the record.
    `refuse`: this is a kind of record that must not be imported, and why (the message)."""

    harness: str
    generation: str
    describe: str
    fields: FieldMap
    signature: tuple[str, ...] = ()
    defaults: dict[str, str] = field(default_factory=dict)
    ended: Callable[[Any, Context], str] | None = None
    extra: Callable[[Context], dict[str, Any]] | None = None
    refuse: str | None = None
    #: Record paths that must be there (even if null) for the harness itself to read the record
    #: (SWE-bench's `model_patch`); a missing one is an error naming it.
    required: tuple[str, ...] = ()
    #: Keep what the mapping did not read under `extra.harness` (False where the reader already
    #: keeps what matters, e.g. Inspect's ids under `extra.inspect`).
    keep_unused: bool = True
    #: The `ended` field's text is the harness's own record of why it stopped the run
    #: (OpenHands' `error`: "Agent reached maximum iteration …"), which its transcript does not
    #: hold: it becomes the run's last step, the harness's error (docs/formats.md §3.1).
    ended_step: bool = False

    @property
    def title(self) -> str:
        return f"{self.harness} {self.generation}".strip()

    def matches(self, ctx: Context) -> bool:
        return all(self._found(spec, ctx) for spec in self.signature)

    @staticmethod
    def _found(spec: str, ctx: Context) -> bool:
        """`spec` is found in the record (`!spec`: it is not)."""
        absent = spec.startswith("!")
        return (first_found(parse_spec(spec.removeprefix("!")), ctx) is None) == absent
