"""Claims checked against the run, model-free (docs/grading.md, "Claim support").

Each number the agent claims (`claimed_results`, and the numbers of its conclusion with the metric
names the text gives them) and each sentence saying something was run, trained or evaluated is
traced to one of three supports: `measured` (the clean-room re-run produced it, within the task's
tolerance), `transcript` (a tool output of the agent's own run printed it: the step is cited), or
`unsupported`. A number the agent typed itself is never a measurement: a value that a command or
a tool call's arguments of the run wrote (`echo ... > results.json`, a heredoc, a `python -c`
literal, a file the agent created), or that the agent's code holds as a literal, does not support
a claim when an output later prints it, nor when the re-run prints it back.

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
_GENERIC = frozenset({"final", "test", "train", "val", "mean", "avg", "the", "of", "best", "top", "rate"})
#: Significant digits from which a number the agent typed into a command (`echo 0.95 > ...`) is
#: taken for the one an output later prints; its code's literals need three (integrity's rule),
#: because code is full of constants.
TYPED_DIGITS = 2
#: How much of an output line a citation keeps.
LINE_CHARS = 300


@dataclass(frozen=True)
class Printed:
    """A number a tool output printed, with the line that printed it and the line above (a header)."""

    step: int
    value: float
    line: str
    above: str


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
        elif step.kind == "tool_output" and own and step.output:
            call = calls.get(step.call_id or "") or last_call
            if call is not None:
                ev.commands[step.index] = call[1]
                if call[1] and step.exit_code in (0, None) and runs_program(call[1]):
                    ev.runs.append(call)
            for line, above in _lines(step.output):
                for value, _, _ in numbers(line):
                    ev.printed.append(
                        Printed(step.index, value, line.strip()[:LINE_CHARS], above.strip()[:LINE_CHARS])
                    )
    ev.stats = agent_run(n, n_calls, usage, cost, times, extra) or AgentRun()
    return ev


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


def _words(metric: str) -> set[str]:
    words = {w for w in re.split(r"[^a-z0-9]+", metric.lower()) if len(w) >= 2}
    return (words - _GENERIC) or words


def _mentions(text: str, words: set[str]) -> bool:
    found = set(re.findall(r"[a-z][a-z0-9]*", text.lower()))
    return any(w in found or any(len(f) >= 3 and (w.startswith(f) or f.startswith(w)) for f in found)
               for w in words)  # fmt: skip


def _settings(task: Task) -> set[float]:
    """Numbers the task itself gives (its settings): a conclusion quoting them claims no result."""
    parts = [task.question, task.method or "", *(task.requirements or [])]
    if task.design is not None:
        parts.append(str(task.design.model_dump(exclude={"extra"})))
    if task.run is not None:
        parts.append(task.run.command or "")
    return {value for part in parts for value, _, _ in numbers(part)}


def _known_metrics(task: Task, claimed: Mapping[str, Mapping[str, Any]]) -> list[str]:
    keys = [
        f"{e}/{m}"
        for results in (task.expected_results or {}, claimed)
        for e, ms in results.items()
        for m in ms
    ]
    return list(dict.fromkeys(keys))


def _metric_near(sentence: str, offset: int, metrics: list[str]) -> str | None:
    """The known metric named nearest the number at `offset` in its clause."""
    best: tuple[int, str] | None = None
    for key in metrics:
        for word in _words(key.split("/")[-1]):
            for m in re.finditer(rf"\b{re.escape(word)}", sentence, re.IGNORECASE):
                d = abs(m.start() - offset)
                if best is None or d < best[0]:
                    best = (d, key)
    return best[1] if best is not None else None


def claims_of(task: Task, submission: Submission) -> list[Claim]:
    """The claims a submission makes: its claimed results, then its conclusion's numbers and runs."""
    claimed = normalise(submission.claimed_results or {}, task.expected_results)
    out = [
        Claim(f"{e}/{m} = {v}", "number", "claimed_results", f"{e}/{m}", float(v), repr(float(v)))
        for e, metrics in claimed.items()
        for m, v in metrics.items()
        if is_finite_number(v)
    ]
    settings = _settings(task)
    metrics = _known_metrics(task, claimed)
    for sentence in _SENTENCE.split(submission.conclusion or ""):
        sentence = sentence.strip()
        if not sentence:
            continue
        for value, written, offset in numbers(sentence):
            if value in settings:
                continue
            out.append(
                Claim(
                    sentence, "number", "conclusion", _metric_near(sentence, offset, metrics), value, written
                )
            )
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
    """Where the agent typed `value` itself before `step` (its code's literals count always)."""
    typed = ev.typed.get(value)
    return typed if typed is not None and typed.step < step else None


def _describe_typed(typed: Typed) -> str:
    return (
        f"the agent's code holds it ({typed.where})"
        if typed.step == 0
        else f"the agent typed it at step {typed.step}: {typed.where}"
    )


def _printed_at(claim: Claim, ev: RunEvidence, slack: float) -> tuple[Printed | None, Printed | None]:
    """(the first output that printed it, the first one that printed only what the agent typed)."""
    words = _words(claim.metric.split("/")[-1]) if claim.metric else set()
    echoed = None
    for p in ev.printed:
        if not _matches(claim, p.value, slack):
            continue
        if words and not _mentions(p.line, words):
            if not _mentions(p.above, words):
                continue
            p = replace(p, line=f"{p.above}\n{p.line}")  # the header above names the metric
        if _typed_before(ev, p.value, p.step) is not None:
            echoed = echoed or p
            continue
        return p, echoed
    return None, echoed


def _measured(
    claim: Claim, measured: Mapping[str, Mapping[str, Any]], slack: float
) -> tuple[str, float] | None:
    for exp, metrics in measured.items():
        for metric, value in metrics.items():
            key = f"{exp}/{metric}"
            if not is_finite_number(value):
                continue
            if (
                claim.metric
                and claim.metric != key
                and not _mentions(metric, _words(claim.metric.split("/")[-1]))
            ):
                continue
            if _matches(claim, float(value), slack):
                return key, float(value)
    return None


def _check_number(
    claim: Claim, task: Task, ev: RunEvidence, measured: Mapping[str, Mapping[str, Any]]
) -> tuple[ClaimCheck, Printed | None]:
    slack = _slack(claim, task)
    printed, echoed = _printed_at(claim, ev, slack)
    step = printed.step if printed else None
    notes: list[str] = []
    if (found := _measured(claim, measured, slack)) is not None:
        key, value = found
        if (typed := ev.typed.get(value)) is None:
            why = f"the re-run measured {key} = {value:g}" + (f"; step {step} printed it too" if step else "")
            return _done(claim, "measured", step, why), printed
        notes.append(f"the re-run printed {value:g} back, but {_describe_typed(typed)}")
    if printed is not None:
        return _done(
            claim, "transcript", step, f"step {step} printed it: {' / '.join(printed.line.splitlines())}"
        ), printed
    if echoed is not None and (typed := _typed_before(ev, echoed.value, echoed.step)) is not None:
        notes.append(f"step {echoed.step} printed it, but {_describe_typed(typed)}")
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
    for claim in claims_of(task, submission):
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


def claim_findings(result: ClaimsResult) -> list[Finding]:
    """The integrity check's findings: one per unsupported claim, naming it and why."""
    return [
        Finding(CLAIMS_UNSUPPORTED, TRAJECTORY_FILE, f"{c.kind} claim unsupported: {c.text[:160]} ({c.why})")
        for c in result.checks or []
        if c.support == "unsupported"
    ]
