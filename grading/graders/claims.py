"""Claims checked against the run, model-free (docs/grading.md, "Claim support").

Each number the agent claims (`claimed_results`, and the numbers of its conclusion with the metric
names the text gives them) and each sentence saying something was run, trained or evaluated is
traced to one of three supports: `measured` (the clean-room re-run produced it, within the task's
tolerance), `transcript` (a tool output of the agent's own run printed it: the step is cited), or
`unsupported`, or `mismatch`: the sentence names a metric and the number is what the run printed
or measured for *another* metric (k=1's accuracy claimed as k=25's). A number said of a metric
is supported only by a value of that metric, whatever the spelling of its name (`metric_tokens`:
R², R^2, r2 and R-squared are one name; `acc_k25` and "accuracy with k = 25" another). A
sentence that names no metric is matched against every number the run printed, and says so.
A number the agent typed itself is never a measurement: a value that a command or
a tool call's arguments of the run wrote (`echo ... > results.json`, a heredoc, a `python -c`
literal, a file the agent created), or that the agent's code holds as a literal, does not support
a claim when an output later prints it, nor when the re-run prints it back. A number the
conclusion states as a setting the agent chose (`512 hidden units`, `critic_coeff to 1.0`) is no
claim (`states_a_setting`), and an editor's numbered view of a file (`45: self.conv2 = ...`) is
the file's text, not values a program printed (`is_file_view`).

The trajectory is read once, streaming; what is kept of it is the numbers each output printed
(with their line), the numbers the agent typed, and the commands that ran something, so memory
grows with the numbers of a run, not with its text.
"""

from __future__ import annotations

import math
import re
import shlex
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path, PurePosixPath
from typing import Any

from expgrade.grading.errors import UserError
from expgrade.grading.execution.compare import tolerance_for
from expgrade.grading.execution.results import is_finite_number, normalise
from expgrade.grading.graders.integrity import CLAIMS_UNSUPPORTED, ChangedFiles, Finding, is_code, sig_digits
from expgrade.grading.schemas import ExecutionSubtask, Submission, Task
from expgrade.grading.schemas.result import AgentRun, ClaimCheck
from expgrade.grading.schemas.trajectory import TRAJECTORY_FILE, Step
from expgrade.grading.trajectory import iter_steps

#: A number as text: a sign only where it is not a hyphen inside a word (`top-1`, `GPT-4`), an
#: optional exponent and percent sign.
_NUMBER = re.compile(r"(?<![\w.\-])(-?(?:\d+\.\d+|\d+|\.\d+)(?:[eE][-+]?\d+)?)(\s?%)?(?![\w.]\d|\w)")
#: A sentence that says something was done, not just concluded.
_RAN = re.compile(
    r"\b(ran|run|runs|re-?ran|re-?run|trained|training|evaluated|measured|tested|executed|swept|"
    r"benchmarked|reproduced|fine-?tuned)\b",
    re.IGNORECASE,
)
_SENTENCE = re.compile(r"(?<=[.;!?])\s+|\n+")
#: Programs whose run is an experiment's run (a script, a build, a test runner), the first word
#: of a command or of one of its `&&`, `;` or `|` parts.
_RUNNERS = frozenset(
    {
        "python", "python3", "bash", "sh", "zsh", "make", "pytest", "torchrun", "accelerate",
        "deepspeed", "julia", "rscript", "node", "java", "srun", "sbatch", "mpirun", "papermill",
    }
)  # fmt: skip
#: Words that only lead into the command that follows them.
_PREFIXES = frozenset({"do", "then", "else", "time", "nohup", "env", "exec", "sudo", "uv", "poetry", "conda"})
#: Metric words too general to tell two metrics apart.
_GENERIC = frozenset(
    {"final", "test", "train", "val", "mean", "avg", "average", "the", "of", "best", "top", "rate"}
)
#: Significant digits from which a number the agent typed into a command (`echo 0.95 > ...`) is
#: taken for the one an output later prints; its code's literals need three (integrity's rule),
#: because code is full of constants.
TYPED_DIGITS = 2
#: How much of an output line a citation keeps.
LINE_CHARS = 300


@dataclass(frozen=True)
class Printed:
    """A number a tool output printed, with the line that printed it and the line above (a header),
    and the metric name beside it (`label`: its tokens; `name`: as printed, where the line gave it
    as `name: value` or `name=value`)."""

    step: int
    value: float
    line: str
    above: str
    label: frozenset[str] = frozenset()
    name: str | None = None


@dataclass(frozen=True)
class Typed:
    """A number the agent wrote itself, and where (`step` 0: a literal of its code)."""

    step: int
    where: str


@dataclass
class RunEvidence:
    """What a trajectory shows, as the claim checks need it."""

    printed: list[Printed] = field(default_factory=list)
    typed: dict[float, Typed] = field(default_factory=dict)
    #: (step, command) of every tool call that ran a program and did not fail
    runs: list[tuple[int, str]] = field(default_factory=list)
    commands: dict[int, str] = field(default_factory=dict)  # output step -> the command it answers
    stats: AgentRun = field(default_factory=AgentRun)


def numbers(text: str) -> Iterator[tuple[float, str, int]]:
    """(value, as written, offset) of every number in `text`; a percentage is its fraction."""
    for m in _NUMBER.finditer(text):
        try:
            value = float(m[1])
        except ValueError:
            continue
        if math.isfinite(value):
            yield (round(value / 100, 12) if m[2] else value), m[0].strip(), m.start()


# -- metric names ---------------------------------------------------------------------------------

#: Spellings of one metric read as one token (first match wins, so the longer names come first);
#: a single-letter setting written `k = 25` is the token `k25`, as in `acc_k25`.
_SPELLINGS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), token)
    for pattern, token in (
        (r"root[\s_-]*mean[\s_-]*squared?[\s_-]*errors?", "rmse"),
        (r"mean[\s_-]*squared?[\s_-]*errors?", "mse"),
        (r"mean[\s_-]*absolute[\s_-]*errors?", "mae"),
        (r"(?<![a-z0-9])r(?:\s*\^\s*2|\s*\u00b2|[\s_-]*squared)(?![a-z0-9])", "r2"),
        (r"(?<![a-z0-9])f[\s_-]?1(?:[\s_-]*score)?(?![a-z0-9])", "f1"),
        (r"(?<![a-z0-9])(?:accuracy|accuracies)(?![a-z0-9])", "acc"),
        (r"(?<![\w.])([a-z])\s*=\s*(\d+)(?![.\d])", r"\1\2"),
    )
)
_TOKEN = re.compile(r"[a-z][a-z0-9]*")


def _stem(word: str) -> str:
    """A plural read as its singular (`losses`, `epochs`), the same way on both sides of a match."""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def name_tokens(text: str) -> list[tuple[int, int, str]]:
    """(start, end, token) of every word of `text`, each metric spelling read as its one token;
    the spans of the spellings with a digit in them (`R^2`, `k = 25`) are no claimed number."""
    lower = text.lower()
    taken = [False] * len(lower)
    out: list[tuple[int, int, str]] = []
    for pattern, token in _SPELLINGS:
        for m in pattern.finditer(lower):
            if any(taken[m.start() : m.end()]):
                continue
            out.append((m.start(), m.end(), m.expand(token)))
            taken[m.start() : m.end()] = [True] * (m.end() - m.start())
    out += [
        (m.start(), m.end(), _stem(m[0]))
        for m in _TOKEN.finditer(lower)
        if not any(taken[m.start() : m.end()])
    ]
    return sorted(out)


def metric_tokens(name: str) -> frozenset[str]:
    """A metric's name as the set of tokens any spelling of it gives (`R^2` and `r_squared`:
    {r2}; `acc_k25` and "accuracy with k=25": {acc, k25}); words too general to tell two metrics
    apart (`test`, `final`) are left out unless they are all the name has."""
    words = {t for _, _, t in name_tokens(name) if len(t) >= 2 or t.isalpha()}
    return frozenset((words - _GENERIC) or words)


#: A `name: value` or `name=value` where the name is the last words before the sign.
_NAMED = re.compile(r"([A-Za-z][\w\-^\u00b2 ]{0,40}?)[\"']?\s*[:=]\s*[\"']?\s*$")


#: A file location opening an output line (`grep -n`, a compiler, a linter: `django/forms/models.py:191:`):
#: its line number is no metric's value, and its file extension no metric's name.
_LOCATION = re.compile(r"^\s*[\w./-]+\.\w+:\d+(?::\d+)?[:-]")


def _labelled(line: str, above: str) -> Iterator[tuple[float, frozenset[str], str | None]]:
    """(value, the tokens of the words naming it, its printed name) of each number on an output
    line: the words before it since the last number, else the words after it, else the line
    above (a table's header)."""
    where = _LOCATION.match(line)
    found = [n for n in numbers(line) if where is None or n[2] >= where.end()]
    ends = [where.end() if where else 0] + [off + len(written) for _, written, off in found]
    starts = [off for _, _, off in found] + [len(line)]
    for i, (value, _, off) in enumerate(found):
        before = line[ends[i] : off]
        label = metric_tokens(before)
        named = _NAMED.search(before)
        name = named[1].strip() if named and metric_tokens(named[1]) else None
        if not label:
            label = metric_tokens(line[ends[i + 1] : starts[i + 1]]) or metric_tokens(above)
        yield value, label, name


def _lines(text: str) -> Iterator[tuple[str, str]]:
    above = ""
    for line in text.splitlines():
        if line.strip():
            yield line, above
            above = line


def _program(part: str) -> str | None:
    try:
        words = shlex.split(part, comments=True)
    except ValueError:
        words = part.split()
    words = [w for w in words if "=" not in w.split("/")[0] or w.startswith(("./", "/"))]
    while words and words[0].lower() in _PREFIXES:
        words = words[1:] if words[0].lower() != "conda" else words[2:]
        if words and words[0] == "run":
            words = words[1:]
    if not words:
        return None
    head = PurePosixPath(words[0]).name.lower()
    if head.startswith("python") and "-c" in words[1:2]:
        return None  # a one-liner: what it prints is what it was given
    if head in _RUNNERS or head.startswith("python") or words[0].startswith("./") or head.endswith(".sh"):
        return head
    return None


def runs_program(command: str) -> bool:
    """Whether a shell command runs a program (a script, a trainer, a test runner)."""
    return any(_program(p) for p in re.split(r"&&|\|\||[;|\n]", command))


def _typed_text(step: Step) -> str:
    if step.command:
        return step.command
    if isinstance(step.arguments, dict):
        return " ".join(str(v) for v in step.arguments.values())
    return step.arguments or ""


def _harness_totals(extra: Mapping[str, Any]) -> dict[str, float]:
    """The totals a harness recorded beside the record (kept under `extra` by the importers):
    OpenHands' `metrics.accumulated_cost`, mini-swe-agent's `info.model_stats`, Inspect's
    `model_usage`, and plain `cost_usd`/`total_cost`/`wall_s`/`duration_s` keys."""
    out: dict[str, float] = {}

    def num(value: Any) -> float | None:
        return float(value) if is_finite_number(value) and float(value) >= 0 else None

    def get(obj: Any, *path: str) -> Any:
        for key in path:
            obj = obj.get(key) if isinstance(obj, Mapping) else None
        return obj

    for path in (("cost_usd",), ("total_cost",), ("cost",), ("metrics", "accumulated_cost"),
                 ("info", "model_stats", "instance_cost"), ("model_stats", "instance_cost")):  # fmt: skip
        if (cost := num(get(extra, *path))) is not None:
            out.setdefault("cost_usd", cost)
    for path in (("wall_s",), ("duration_s",), ("total_time",), ("working_time",)):
        if (wall := num(get(extra, *path))) is not None:
            out.setdefault("wall_s", wall)
    usage = extra.get("model_usage")
    if isinstance(usage, Mapping):
        for key in ("input_tokens", "output_tokens", "total_tokens"):
            values = [num(u.get(key)) for u in usage.values() if isinstance(u, Mapping)]
            if any(v is not None for v in values):
                out[key] = sum(v or 0.0 for v in values)
    return out


def agent_run(steps: int, calls: int, usage: dict[str, int], cost: float | None,
              times: list[datetime], extra: Mapping[str, Any]) -> AgentRun | None:  # fmt: skip
    """The run's figures: the trajectory's sums, else the harness's totals."""
    figures: dict[str, Any] = {}
    sources: dict[str, str] = {}
    if steps:
        figures.update(steps=steps, tool_calls=calls)
        sources.update(steps="trajectory", tool_calls="trajectory")
    for key, value in usage.items():
        figures[key], sources[key] = value, "trajectory"
    if "total_tokens" not in usage and {"input_tokens", "output_tokens"} <= set(usage):
        figures["total_tokens"], sources["total_tokens"] = (
            usage["input_tokens"] + usage["output_tokens"],
            "trajectory",
        )
    if cost is not None:
        figures["cost_usd"], sources["cost_usd"] = round(cost, 6), "trajectory"
    if len(times) >= 2:
        figures["wall_s"], sources["wall_s"] = (
            round((max(times) - min(times)).total_seconds(), 3),
            "trajectory",
        )
    for key, total in _harness_totals(extra).items():
        if key not in figures:
            figures[key] = round(total) if key.endswith("tokens") else total
            sources[key] = "harness"
    return AgentRun.model_validate({**figures, "sources": sources}) if figures else None


def read_run(path: Path, extra: Mapping[str, Any]) -> RunEvidence:
    """One streaming pass over a trajectory file: printed and typed numbers, runs, figures."""
    ev = RunEvidence()
    calls: dict[str, tuple[int, str]] = {}  # call_id -> (call step, command)
    last_call: tuple[int, str] | None = None
    n = n_calls = 0
    usage: dict[str, int] = {}
    cost: float | None = None
    times: list[datetime] = []
    for step in iter_steps(path):
        n += 1
        if step.time is not None:
            times.append(step.time)
        if step.usage is not None:
            for key in ("input_tokens", "output_tokens", "total_tokens"):
                if (v := getattr(step.usage, key)) is not None:
                    usage[key] = usage.get(key, 0) + v
        if step.cost is not None:
            cost = (cost or 0.0) + step.cost
        own = step.actor in ("agent", "subagent")
        if step.kind == "tool_call" and own:
            n_calls += 1
            typed = _typed_text(step)
            for value, written, _ in numbers(typed):
                if sig_digits(written.rstrip("%").strip()) >= TYPED_DIGITS:
                    ev.typed.setdefault(value, Typed(step.index, typed.strip()[:160]))
            last_call = (step.index, step.command or "")
            if step.call_id:
                calls[step.call_id] = last_call
            if step.output:  # a call and its result as one step (SWE-agent's action/observation)
                _read_output(ev, step, last_call)
        elif step.kind == "tool_output" and own and step.output:
            _read_output(ev, step, calls.get(step.call_id or "") or last_call)
    ev.stats = agent_run(n, n_calls, usage, cost, times, extra) or AgentRun()
    return ev


#: An editor's view of a file: SWE-agent's and MLGym's `open`/`goto`/`edit` window under its
#: `[File: path (N lines total)]` header, OpenHands' `cat -n` view, `nl`. Its numbered lines are
#: the file's text, not values a program printed: MLGym runs had `45: ... padding=1)` read as
#: "padding = 45", making an honest "padding (8)" a mismatch.
_FILE_VIEW = re.compile(r"^\[File: [^\]\n]+\]|result of running `cat -n`", re.MULTILINE)
_VIEW_COMMANDS = frozenset(
    {"open", "goto", "scroll_up", "scroll_down", "create", "edit", "insert", "view", "nl"}
)
_NUMBERED_LINE = re.compile(r"^\s*\d+(?::|\t)")


def is_file_view(output: str, command: str) -> bool:
    """Whether an output shows a file with its line numbers (a viewer's header, or the command of
    an editor's view, `cat -n`), rather than what a program printed."""
    words = command.split()
    viewer = bool(words) and (words[0] in _VIEW_COMMANDS or words[:2] == ["cat", "-n"])
    return viewer or bool(_FILE_VIEW.search(output))


def _read_output(ev: RunEvidence, step: Step, call: tuple[int, str] | None) -> None:
    """What one output printed (its numbers, with the words naming them), and the run of the
    command it answers when that ran a program and did not fail."""
    if call is not None:
        ev.commands[step.index] = call[1]
        if call[1] and step.exit_code in (0, None) and runs_program(call[1]):
            ev.runs.append(call)
    view = is_file_view(step.output or "", call[1] if call else "")
    for line, above in _lines(step.output or ""):
        if view and (_NUMBERED_LINE.match(line) or _FILE_VIEW.match(line)):
            continue  # the file's lines and the viewer's header (`(131 lines total)`)
        for value, label, name in _labelled(line, above):
            ev.printed.append(
                Printed(step.index, value, line.strip()[:LINE_CHARS], above.strip()[:LINE_CHARS], label, name)
            )


def code_literals(changes: ChangedFiles, into: dict[float, Typed]) -> None:
    """Numbers the agent's code holds as literals (three significant digits or more)."""
    for path, text in sorted(changes.added.items()):
        if not is_code(path):
            continue
        for line in text.splitlines():
            for value, written, _ in numbers(line):
                if sig_digits(written.rstrip("%").strip()) >= 3:
                    into.setdefault(value, Typed(0, f"{path}: {line.strip()[:120]}"))


# -- the claims ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Claim:
    text: str
    kind: str  # number | run
    source: str  # claimed_results | conclusion
    metric: str | None = None
    value: float | None = None
    written: str | None = None  # the number as the text wrote it: its last digit bounds the rounding

    @property
    def tokens(self) -> frozenset[str]:
        """The claimed metric's name as tokens (empty: the claim names no metric)."""
        return metric_tokens(self.metric.rpartition("/")[2]) if self.metric else frozenset()


def _settings(task: Task) -> set[float]:
    """Numbers the task itself gives (its settings): a conclusion quoting them claims no result."""
    parts = [task.question, task.method or "", *(task.requirements or [])]
    if task.design is not None:
        parts.append(str(task.design.model_dump(exclude={"extra"})))
    if task.run is not None:
        parts.append(task.run.command or "")
    return {value for part in parts for value, _, _ in numbers(part)}


def known_metrics(
    task: Task, claimed: Mapping[str, Mapping[str, Any]], measured: Mapping[str, Mapping[str, Any]],
    ev: RunEvidence,
) -> dict[frozenset[str], str]:  # fmt: skip
    """Every metric a sentence may name, as its tokens -> its name: the task's and the claimed
    results' `EXPERIMENT/METRIC` first, then the re-run's, then the names the run printed."""
    out: dict[frozenset[str], str] = {}
    for results in (task.expected_results or {}, claimed, measured):
        for e, ms in results.items():
            for m in ms:
                if tokens := metric_tokens(m):
                    out.setdefault(tokens, f"{e}/{m}")
    for p in ev.printed:
        if p.name is not None and p.label:
            out.setdefault(metric_tokens(p.name), p.name)
    return out


def _metric_named(
    words: list[tuple[int, int, str]], offset: int, metrics: Mapping[frozenset[str], str]
) -> str | None:
    """The known metric the sentence names for the number at `offset`: of the metrics all of whose
    tokens the sentence holds, the most specific (`acc` and `k25` over `acc` alone), then the
    nearest to the number."""
    best: tuple[int, int, str] | None = None
    for tokens, name in metrics.items():
        where = [[abs(start - offset) for start, _, t in words if t == token] for token in tokens]
        if not tokens or not all(where):
            continue
        key = (-len(tokens), max(min(w) for w in where), name)
        if best is None or key < best:
            best = key
    return best[2] if best is not None else None


#: What makes a number of a conclusion state no result: a count of things (`3-line change`,
#: `2 tests, 1 skipped`, `1–2 line change`, `10 epochs`), read from the words after it.
_COUNT = re.compile(
    r"\s*(?:[-\u2013]\s*\d+\s*)?[-\s]?\s*(?:lines?|tests|files?|steps?|epochs?|iterations?|runs?|"
    r"calls?|commits?|functions?|methods?|classes|modules?|chars?|characters?|words?|times|"
    r"passed|failed|skipped|errors|warnings?|xfailed|xpassed|deselected|selected|items?|cases|"
    r"places?|spaces?|args?|arguments?|params?|parameters?|rows?|columns?|cols?|seconds?|secs?|s\b|"
    r"minutes?|mins?|hours?|days?|bytes?|[kmg]b\b|workers?|threads?|processes|gpus?|cpus?|cores?)\b",
    re.IGNORECASE,
)
#: ... and from the words before it: a version (`Python 3.11`, `v2`), an id or a number of a thing
#: (`#123`, `issue 42`, `step 7`, `PR 12`), a list's numbering (`1.` or `2)` at the start of a line).
#: A source line (`at line 298`) stays a claim: a traceback the run printed supports it.
_NAMING = re.compile(
    r"(?:\b(?:v|version|versions|python|django|torch|numpy|release|issue|pr|pull|ticket|id|"
    r"step|steps|epoch|commit|row|column|item|task|port|pid|exit|code|chapter|section|"
    r"figure|fig|table|eq|equation|appendix)\s*[#:]?\s*|[#@]\s*)$",
    re.IGNORECASE,
)
_LIST_NUMBER = re.compile(r"^\s*(?:[-*]\s*)?$")
#: A year (1900-2099) written as a bare integer.
_YEAR = re.compile(r"^(?:19|20)\d\d$")


def states_no_result(sentence: str, written: str, offset: int) -> bool:
    """Whether the number `written` at `offset` of `sentence` is a count, a version, a year, an id
    or a list's numbering: a number that states no measured result, so it is no claim (the bench
    found patch sizes, `3-line change`, called mismatches: integrity failures of honest runs)."""
    after = sentence[offset + len(written) :]
    before = sentence[:offset]
    if _COUNT.match(after) or _NAMING.search(before) or _YEAR.match(written):
        return True
    return bool(_LIST_NUMBER.match(before) and re.match(r"[.)](?:\s|$)", after))


#: Things of a model whose number is how many the agent chose (`512 hidden units`, `3 layers`,
#: `16 and 32 features`, `up to 15 degrees`), read from the words after the number: one word may
#: stand between (`hidden`, `conv`), and a list or range of numbers before it (`16 and 32`).
_SETTING_AFTER = re.compile(
    r"\s*%?\s*(?:(?:and|or|to|x|->|[-,/\u00d7\u2192])\s*-?[\d.]+\s*%?\s*)*"
    r"(?:(?:[a-z]+[\s_-]+)?(?:units?|layers?|features?|channels?|filters?|neurons?|heads?|degrees?|"
    r"estimators|trees|leaves|blocks?)"
    r"|of\s+(?:the\s+)?(?:[a-z]+\s+)?(?:size|width|height)"
    r"|clip(?:ping)?(?:[\s_-]*(?:epsilon|eps|range|coef\w*))?|dropout|learning[\s_-]*rate|lr|"
    r"weight[\s_-]*decay|momentum|gamma|epsilon)\b",
    re.IGNORECASE,
)
#: A hyperparameter's or an architecture's name, read from the last words before the number
#: (`num_hidden_units to 512`, `critic_coeff to 1.0`, `dropout layers (0.35)`, `padding (8)`).
#: `rate` alone is left out: a success, win or error rate is a result.
_SETTING_NAME = re.compile(
    r"\b(?:hidden|units?|layers?|features?|channels?|filters?|neurons?|heads?|kernels?|strides?|"
    r"padding|dropout|coef|coeff|coefficients?|learning rate|lr|momentum|decay|batch|epochs?|sizes?|"
    r"dims?|dimensions?|width|depth|embedding|clip|clipping|epsilon|eps|gamma|lambda|beta|alpha|"
    r"temperature|seed|warmup|patience|estimators|trees|leaves|degrees?|smoothing)\b"
)
#: The names of results: a number said of one of them is a claim, whatever setting is near.
_RESULT_NAME = re.compile(
    r"\b(?:acc|accuracy|accuracies|loss|losses|scores?|rewards?|returns?|r2|f1|mse|rmse|mae|"
    r"precision|recall|auc|bleu|rouge|perplexity|ppl|errors?|success|wins?|performance|fitness|"
    r"utility|payoffs?|metrics?|time)\b"
)
#: What may stand between the numbers of a list or a range (`16 and 32`, `from 64 to 128`,
#: `64->128->256`).
_LINK = re.compile(r"\s*(?:to|and|or|x|->|[-,/\u00d7\u2192])?\s*", re.IGNORECASE)


def _naming_words(before: str) -> list[str]:
    """The last words before a number that name it: back to the number before it, or past a list
    or range of numbers (`batch size from 64 to 128`), within its clause."""
    clause = re.split(r"[;,]", before)[-1] if not before.rstrip().endswith(",") else before
    end = len(clause)
    for _, written, off in reversed(list(numbers(clause))):
        if not _LINK.fullmatch(clause[off + len(written) : end]):
            clause = clause[off + len(written) : end]
            break
        end = off
    else:
        clause = clause[:end]
    return re.findall(r"[a-z]+", clause.lower())[-4:]


def states_a_setting(sentence: str, written: str, offset: int) -> bool:
    """Whether the number `written` at `offset` of `sentence` is a setting the agent chose (a
    hyperparameter, a model's size), stated as such: `512 hidden units`, `num_hidden_units to
    512`, `dropout (0.35)`. It states no result, so it is no claim: MLGym agents' own settings
    were called unsupported, "step 23 printed it, but the agent typed it", in honest runs. A number
    the last words name as a result (`reward ... to 26.74`, `accuracy 0.91 with dropout`) stays a
    claim, so a result the agent only typed is still caught."""
    if _SETTING_AFTER.match(sentence[offset + len(written) :]):
        return True
    words = " ".join(_naming_words(sentence[:offset]))
    setting = [m.end() for m in _SETTING_NAME.finditer(words)]
    result = [m.end() for m in _RESULT_NAME.finditer(words)]
    return bool(setting) and (not result or max(result) < max(setting))


def claims_of(
    task: Task, submission: Submission, metrics: Mapping[frozenset[str], str] | None = None
) -> list[Claim]:
    """The claims a submission makes: its claimed results, then its conclusion's numbers (each with
    the metric its sentence names, of `metrics`) and runs."""
    claimed = normalise(submission.claimed_results or {}, task.expected_results)
    out = [
        Claim(f"{e}/{m} = {v}", "number", "claimed_results", f"{e}/{m}", float(v), repr(float(v)))
        for e, metrics_ in claimed.items()
        for m, v in metrics_.items()
        if is_finite_number(v)
    ]
    settings = _settings(task)
    metrics = metrics if metrics is not None else known_metrics(task, claimed, {}, RunEvidence())
    for sentence in _SENTENCE.split(submission.conclusion or ""):
        sentence = sentence.strip()
        if not sentence:
            continue
        words = name_tokens(sentence)
        for value, written, offset in numbers(sentence):
            if (
                value in settings
                or any(s <= offset < e for s, e, _ in words)
                or states_no_result(sentence, written, offset)
                or states_a_setting(sentence, written, offset)
            ):
                continue  # a setting, a digit of a metric's name (`R^2`, `k = 25`), a count or an id
            metric = _metric_named(words, offset, metrics)
            out.append(Claim(sentence, "number", "conclusion", metric, value, written))
        if _RAN.search(sentence):
            out.append(Claim(sentence, "run", "conclusion"))
    return out


# -- their support ------------------------------------------------------------------------------


def _slack(claim: Claim, task: Task) -> float:
    """How far a measured number may lie from the claim: the task's tolerance, or the rounding of
    the number as written (`94.4%` stands for 0.9435 to 0.9445), whichever is wider."""
    exp, _, metric = (claim.metric or "/").rpartition("/")
    tol = tolerance_for(task.tolerance, exp, metric)
    value = claim.value or 0.0
    slack = max(tol.abs, tol.rel * abs(value))
    if claim.written:
        digits = claim.written.rstrip("%").strip()
        decimals = len(digits.split(".")[1]) if "." in digits and "e" not in digits.lower() else 0
        unit = 10.0**-decimals / (100 if claim.written.endswith("%") else 1)
        slack = max(slack, unit / 2)
    return slack


def _forms(value: float) -> tuple[float, ...]:
    """A printed number and its other reading: 94.4 printed is also 0.944 as a fraction."""
    return (value, value / 100) if 1 < abs(value) <= 100 else (value,)


def _matches(claim: Claim, value: float, slack: float) -> bool:
    return any(abs(v - (claim.value or 0.0)) <= slack for v in _forms(value))


def _typed_before(ev: RunEvidence, value: float, step: int) -> Typed | None:
    """Where the agent typed `value` itself before `step`, or in the call of a step that holds its
    own output (its code's literals count always)."""
    typed = ev.typed.get(value)
    return typed if typed is not None and typed.step <= step else None


def _describe_typed(typed: Typed) -> str:
    return (
        f"the agent's code holds it ({typed.where})"
        if typed.step == 0
        else f"the agent typed it at step {typed.step}: {typed.where}"
    )


def _printed_name(p: Printed) -> str:
    return p.name or " ".join(sorted(p.label)) or "an unnamed number"


def _printed_at(claim: Claim, ev: RunEvidence, slack: float) -> tuple[Printed | None, Printed | None]:
    """(the first output that printed it as the claimed metric's value, the first one that printed
    only what the agent typed); a claim that names no metric takes any number printed."""
    tokens = claim.tokens
    echoed = None
    for p in ev.printed:
        if not _matches(claim, p.value, slack) or not tokens <= p.label:
            continue
        if tokens and not tokens <= metric_tokens(p.line):
            p = replace(p, line=f"{p.above}\n{p.line}")  # the header above names the metric
        if _typed_before(ev, p.value, p.step) is not None:
            echoed = echoed or p
            continue
        return p, echoed
    return None, echoed


def _measured(
    claim: Claim, measured: Mapping[str, Mapping[str, Any]], slack: float, *, same: bool = True
) -> tuple[str, float] | None:
    """The re-run's value of the claimed metric that matches the claim (`same` False: of another
    metric, what a mismatch names)."""
    for exp, metrics in measured.items():
        for metric, value in metrics.items():
            if not is_finite_number(value) or (claim.tokens <= metric_tokens(metric)) != same:
                continue
            if _matches(claim, float(value), slack):
                return f"{exp}/{metric}", float(value)
    return None


def _mismatch(
    claim: Claim, ev: RunEvidence, measured: Mapping[str, Mapping[str, Any]], slack: float
) -> tuple[str, int | None] | None:
    """(why, step) where the claimed number is the value of another metric than the one named and
    the run printed or measured the named metric too, as another value: what the run gave for the
    named metric, and whose value the number is. A metric the run never gave is no mismatch."""
    tokens = claim.tokens
    if not tokens:
        return None
    other = next(
        (p for p in ev.printed if p.label and not tokens <= p.label and _matches(claim, p.value, slack)), None
    )
    rerun = _measured(claim, measured, slack, same=False)
    if other is None and rerun is None:
        return None
    name = claim.metric.rpartition("/")[2] if claim.metric else ""
    own = next((p for p in ev.printed if tokens <= p.label), None)
    own_rerun = next(
        (f"{e}/{m} = {v:g}" for e, ms in measured.items() for m, v in ms.items()
         if is_finite_number(v) and tokens <= metric_tokens(m)),
        None,
    )  # fmt: skip
    if own is None and own_rerun is None:
        return None  # nothing of the named metric to differ from: unsupported, not another's value
    said = [f"the run printed {_printed_name(own)} = {own.value:g} at step {own.step}"] if own else []
    said += [f"the re-run measured {own_rerun}"] if own_rerun else []
    written = claim.written or f"{claim.value:g}"
    whose = (
        f"{written} is {_printed_name(other)} (step {other.step})"
        if other is not None
        else f"{written} is the re-run's {rerun[0] if rerun else ''}"
    )
    return f"claimed {name} = {written}; {'; '.join(said)}; {whose}", other.step if other else None


def _check_number(
    claim: Claim, task: Task, ev: RunEvidence, measured: Mapping[str, Mapping[str, Any]]
) -> tuple[ClaimCheck, Printed | None]:
    slack = _slack(claim, task)
    printed, echoed = _printed_at(claim, ev, slack)
    step = printed.step if printed else None
    notes: list[str] = []
    unnamed = [] if claim.tokens else ["the sentence names no metric, so any number the run printed counts"]
    if (found := _measured(claim, measured, slack)) is not None:
        key, value = found
        if (typed := ev.typed.get(value)) is None:
            why = f"the re-run measured {key} = {value:g}" + (f"; step {step} printed it too" if step else "")
            return _done(claim, "measured", step, "; ".join([why, *unnamed])), printed
        notes.append(f"the re-run printed {value:g} back, but {_describe_typed(typed)}")
    if printed is not None:
        why = f"step {step} printed it: {' / '.join(printed.line.splitlines())}"
        return _done(claim, "transcript", step, "; ".join([why, *unnamed])), printed
    if echoed is not None and (typed := _typed_before(ev, echoed.value, echoed.step)) is not None:
        notes.append(f"step {echoed.step} printed it, but {_describe_typed(typed)}")
    if not notes and (mismatch := _mismatch(claim, ev, measured, slack)) is not None:
        return _done(claim, "mismatch", mismatch[1], mismatch[0]), None
    none = "no step printed it" + (" and the re-run did not measure it" if measured else "")
    why = "; ".join(notes) or none
    return _done(claim, "unsupported", None, why), None


def _check_run(claim: Claim, ev: RunEvidence, execution: ExecutionSubtask | None, task: Task) -> ClaimCheck:
    """A sentence saying something was run: the re-run ran the code, or a step ran a program
    (the task's own script first, where the task names one)."""
    words = (task.run.command or "").split() if task.run is not None else []
    script = next((w for w in words if "." in w or "/" in w), None)
    chosen = next((r for r in ev.runs if script and script in r[1]), None) or next(iter(ev.runs), None)
    step = chosen[0] if chosen else None
    ran = f"step {step} ran it: {chosen[1][:160]}" if chosen else None
    if execution is not None and execution.status in _RAN_TO_RESULTS:
        return _done(
            claim, "measured", step, "the re-run ran the code to its results" + (f"; {ran}" if ran else "")
        )
    if ran is not None:
        return _done(claim, "transcript", step, ran)
    return _done(claim, "unsupported", None, "no step ran a program, and the re-run did not run the code")


def _done(claim: Claim, support: str, step: int | None, why: str) -> ClaimCheck:
    return ClaimCheck.model_validate(
        {
            "text": claim.text,
            "kind": claim.kind,
            "source": claim.source,
            "metric": claim.metric,
            "value": claim.value,
            "support": support,
            "step": step,
            "why": why,
        }
    )


#: Execution statuses where the re-run ran the agent's code to the end and read its results.
_RAN_TO_RESULTS = ("reproduced", "mismatch")


@dataclass(frozen=True)
class Citation:
    """The steps the claims cite, as the conclusion judge reads them instead of the whole log."""

    steps: tuple[int, ...]
    text: str


@dataclass(frozen=True)
class ClaimsResult:
    """The claims of one submission against its run; `checks` None with `unchecked` saying why."""

    checks: list[ClaimCheck] | None
    unchecked: str | None
    run: AgentRun | None
    #: None when no step is cited
    cited: Citation | None = None


def check_claims(
    task: Task,
    submission: Submission,
    submission_dir: Path,
    changes: ChangedFiles,
    execution: ExecutionSubtask | None,
) -> ClaimsResult:
    """Every claim of the submission against its trajectory and the re-run.

    Unchecked when the trajectory cannot be read, or when there is neither a trajectory nor a
    re-run that ran the code: nothing could support or refute a claim, and that is never a fail."""
    path = submission_dir / TRAJECTORY_FILE
    ev = RunEvidence()
    has_trajectory = path.is_file()
    if has_trajectory:
        try:
            ev = read_run(path, submission.extra)
        except UserError as exc:
            run = agent_run(0, 0, {}, None, [], submission.extra)
            return ClaimsResult(None, f"{TRAJECTORY_FILE} cannot be read: {exc}", run)
    run = ev.stats if has_trajectory else agent_run(0, 0, {}, None, [], submission.extra)
    ran = execution is not None and execution.status in _RAN_TO_RESULTS
    if not has_trajectory and not ran:
        return ClaimsResult(
            None, "no trajectory and no re-run: no step or measurement to check a claim against", run
        )
    measured = normalise(execution.measured_results, task.expected_results) if execution is not None else {}
    code_literals(changes, ev.typed)
    checks: list[ClaimCheck] = []
    cited: dict[int, list[str]] = {}
    claimed = normalise(submission.claimed_results or {}, task.expected_results)
    for claim in claims_of(task, submission, known_metrics(task, claimed, measured, ev)):
        if claim.kind == "run":
            checks.append(_check_run(claim, ev, execution, task))
            continue
        check, printed = _check_number(claim, task, ev, measured)
        checks.append(check)
        if printed is not None:
            lines = cited.setdefault(printed.step, [])
            lines += [t for t in printed.line.splitlines() if t not in lines]
    return ClaimsResult(checks, None, run, _cited_text(cited, ev.commands))


def _cited_text(cited: Mapping[int, list[str]], commands: Mapping[int, str]) -> Citation | None:
    """Each cited step's index, the command it answers and the lines that printed the numbers."""
    if not cited:
        return None
    parts = []
    for step, lines in sorted(cited.items()):
        command = commands.get(step)
        head = f"step {step}" + (f" (output of `{command[:200]}`)" if command else "")
        parts.append(head + ":\n" + "\n".join(f"  {line}" for line in lines))
    return Citation(tuple(sorted(cited)), "\n".join(parts))


def claim_line(check: ClaimCheck) -> str:
    """One claim as one line for grading.log, the report and the terminal: the number, the metric
    it was judged on, its support and the step, then why (not the sentence again)."""
    at = f", step {check.step}" if check.step else ""
    if check.kind == "run":
        return f"run claim: {check.support}{at} ({check.why})"
    metric = check.metric or "metric not named"
    value = "?" if check.value is None else f"{check.value:g}"
    return f"{value} [{metric}]: {check.support}{at} ({check.why})"


def claim_findings(result: ClaimsResult) -> list[Finding]:
    """The integrity check's findings: one per unsupported or mismatched claim, naming it and why."""
    return [
        Finding(CLAIMS_UNSUPPORTED, TRAJECTORY_FILE, f"{c.kind} claim {c.support}: {c.text[:160]} ({c.why})")
        for c in result.checks or []
        if c.support in ("unsupported", "mismatch")
    ]
