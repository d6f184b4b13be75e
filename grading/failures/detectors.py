"""Deterministic failure detectors over a run's steps: free, exact, and each citing its steps.

They come before any judge because what they find is checkable by anyone who reads the cited
step: a traceback is there or it is not. Each detector reports only what stayed broken: an
error that a later step fixed (the same command run again and succeeding, the module later
imported) is part of ordinary debugging, not the run's failure. A detector names a mode of the
taxonomy by id (`taxonomy.DETECTOR_MODES`) and the step where the run went wrong.

Two kinds of evidence need no trajectory and are read from the records instead: how the
harness said the run ended (a step, time or cost limit, `source.ended` in submission.json),
claim support (the result record's `claims`, issue 53) and the re-execution's sandbox fault.
"""

from __future__ import annotations

import re
import shlex
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from expgrade.grading.schemas import ResultRecord
from expgrade.grading.schemas.trajectory import Step
from expgrade.grading.status import Unscorable


@dataclass(frozen=True)
class Finding:
    """One detector's evidence of one failure mode."""

    mode: str
    detector: str
    #: Where the run went wrong (the first step that shows it); None for record-level evidence.
    step: int | None
    evidence: str
    #: Every step the finding cites, `step` first.
    steps: tuple[int, ...] = ()
    #: Made by a detector measured below the precision goal (`precision.is_candidate`): shown only
    #: when asked for, and labelled so wherever it is shown.
    candidate: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "detector": self.detector,
            "step": self.step,
            "steps": list(self.steps),
            "evidence": self.evidence,
            "candidate": self.candidate,
        }


@dataclass(frozen=True)
class Run:
    """A step that ran a command, joined to what the command printed and how it exited."""

    step: int  # the output's step (what an error's citation names); the call's when no output came back
    command: str
    output: str
    exit_code: int | None
    #: The call's step: what a citation of the command itself names (a hand-written results file).
    call_step: int

    @property
    def failed(self) -> bool:
        return (self.exit_code is not None and self.exit_code != 0) or bool(
            _TRACEBACK.search(self.output) or _BARE_IMPORT_ERROR.search(self.output)
        )


@dataclass
class Runs:
    """The commands of a trajectory in order, with the steps a person reads them at."""

    runs: list[Run] = field(default_factory=list)
    #: Every step's text (a message, a reasoning, an output, an error), by index.
    texts: dict[int, str] = field(default_factory=dict)
    steps: dict[int, Step] = field(default_factory=dict)

    @classmethod
    def of(cls, steps: Sequence[Step]) -> Runs:
        out = cls()
        calls: dict[str, Step] = {}
        pending: Step | None = None
        for s in steps:
            out.steps[s.index] = s
            text = s.output if s.output is not None else s.text
            if text:
                out.texts[s.index] = text
            if s.kind == "tool_call":
                if pending is not None and pending.command:
                    out.runs.append(Run(pending.index, pending.command, "", None, pending.index))
                pending = None
                if s.output is not None or s.exit_code is not None:  # a call and its result as one step
                    out.runs.append(Run(s.index, _ran(s), s.output or "", s.exit_code, s.index))
                    continue
                pending = s
                if s.call_id:
                    calls[s.call_id] = s
            elif s.kind in ("tool_output", "error") and s.actor in ("agent", "subagent"):
                call = calls.pop(s.call_id, None) if s.call_id else None
                if call is None and pending is not None and pending.call_id is None:
                    call = pending
                if call is pending:
                    pending = None
                command = _ran(call) if call else ""
                if command or s.exit_code is not None:
                    out.runs.append(
                        Run(
                            s.index,
                            command,
                            s.output or s.text or "",
                            s.exit_code,
                            call.index if call else s.index,
                        )
                    )
        if pending is not None and pending.command:
            out.runs.append(Run(pending.index, pending.command, "", None, pending.index))
        return out


#: Tools that run the code they are given (Inspect's `python`, OpenHands' `execute_ipython_cell`).
CODE_TOOLS = frozenset(
    {"python", "ipython", "execute_ipython_cell", "run_python", "python_exec", "code_interpreter", "jupyter"}
)


def _ran(call: Step) -> str:
    """What a call ran, as a command: its shell command, else a code tool's name (`python`), so a
    run of code through a tool counts as one."""
    if call.command:
        return call.command
    return call.tool if call.tool and call.tool.lower() in CODE_TOOLS else ""


def command_key(command: str) -> str:
    """A command with its whitespace folded: `python  train.py` and `python train.py` are one."""
    return " ".join(command.split())


#: Python's traceback header, which it prints at the start of a line (quoted inside another line,
#: in a shell's syntax error about a command the agent pasted it into, it is no traceback).
_TRACEBACK = re.compile(r"^[ \t]*Traceback \(most recent call last\):", re.M)
#: The last `Type: message` line of a Python traceback (dotted names allowed: `torch.cuda.OutOfMemoryError`).
_EXCEPTION = re.compile(r"^([A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Fault)):?\s?(.*)$", re.M)
_NO_MODULE = re.compile(r"No module named '?([\w.]+)'?")
_RESOURCE = re.compile(
    r"CUDA out of memory|OutOfMemoryError|CUDA error|no CUDA GPUs are available|NVIDIA driver|"
    r"MemoryError|Cannot allocate memory|std::bad_alloc|^Killed$",
    re.M,
)
_ENVIRONMENT_TYPES = {"ModuleNotFoundError", "ImportError"}


#: A missing module as test runners and loaders print it, with no traceback header before it
#: (pytest's `E   ModuleNotFoundError: No module named 'x'`, a collection error).
_BARE_IMPORT_ERROR = re.compile(r"\b(ModuleNotFoundError|ImportError): (.*No module named.*)$", re.M)


def _exception(output: str) -> tuple[str, str] | None:
    """(type, message) of the last exception a traceback in `output` ended with, or of a missing
    module printed without one."""
    m = _TRACEBACK.search(output)
    if m is None:
        bare = _BARE_IMPORT_ERROR.search(output)
        return (bare[1], bare[2].strip()) if bare else None
    found = list(_EXCEPTION.finditer(output, m.end()))
    if not found:
        return None  # a header no exception line ends: not a traceback a program died of
    last = found[-1]
    return last[1].rsplit(".", 1)[-1] if "." in last[1] else last[1], last[2].strip()


def _fixed_later(runs: list[Run], at: int, ok: Callable[[Run], bool]) -> Run | None:
    """The first run after position `at` that shows the failure at `at` fixed."""
    return next((r for r in runs[at + 1 :] if ok(r)), None)


def _mode_of(kind: str, message: str, output: str) -> str:
    """A module that is not installed, or a machine out of memory or GPU, is the environment's; an
    ImportError of a name (`cannot import name 'x' from 'pkg'`) is the code's: the agent's edit or
    its use of the package's API broke it."""
    if (kind in _ENVIRONMENT_TYPES and _NO_MODULE.search(message)) or _RESOURCE.search(output):
        return "environment_setup"
    return "code_error"


def tracebacks(runs: Runs) -> list[Finding]:
    """Tracebacks by exception type, kept only when no later step fixed them.

    A traceback is fixed when the same command later ran without one, or, for a missing module,
    when a later step imported or ran code that needs it without the error.
    """
    unfixed: dict[tuple[str, str], list[int]] = defaultdict(list)
    first: dict[tuple[str, str], tuple[str, str]] = {}  # (message, output) of its first traceback
    for i, run in enumerate(runs.runs):
        exc = _exception(run.output)
        if exc is None:
            continue
        kind, message = exc
        missing = _NO_MODULE.search(message) if kind in _ENVIRONMENT_TYPES else None
        key = command_key(run.command)

        def ok(later: Run, key: str = key, module: str | None = missing[1] if missing else None) -> bool:
            if later.failed and (module is None or module in later.output):
                return False
            if module is not None:
                return bool(re.search(rf"\b(import|from)\s+{re.escape(module)}\b", later.command)) or (
                    bool(key) and command_key(later.command) == key
                )
            return bool(key) and command_key(later.command) == key

        if _fixed_later(runs.runs, i, ok) is not None:
            continue
        what = f"{kind}: {missing[0]}" if missing else (f"{kind}: {message[:120]}" if message else kind)
        unfixed[(kind, what)].append(run.step)
        first.setdefault((kind, what), (message, run.output))
    findings = []
    for (kind, what), steps in unfixed.items():
        times = f" ({len(steps)} times)" if len(steps) > 1 else ""
        findings.append(
            Finding(
                _mode_of(kind, *first[(kind, what)]),
                "traceback",
                steps[0],
                f"{what}{times}, never fixed",
                tuple(steps),
            )
        )
    return findings


_INSTALL = re.compile(
    r"\b(?:pip3?|uv pip|conda|mamba|poetry|apt-get|apt|npm|yarn)\s+(?:install|add)\b\s*(.*)", re.S
)
_INSTALL_FAILED = re.compile(
    r"No matching distribution|Could not find a version|subprocess-exited-with-error|"
    r"E: Unable to locate package|PackagesNotFoundError|ResolutionImpossible|Failed to build|ERROR:",
)


def _packages(args: str) -> frozenset[str]:
    try:
        words = shlex.split(args.split("&&")[0].split(";")[0])
    except ValueError:
        words = args.split()
    return frozenset(w.split("==")[0].split(">=")[0].lower() for w in words if not w.startswith("-"))


def installs(runs: Runs) -> list[Finding]:
    """Package installs that failed and were never installed afterwards."""
    findings = []
    for i, run in enumerate(runs.runs):
        m = _INSTALL.search(run.command)
        if m is None or not (run.failed or _INSTALL_FAILED.search(run.output)):
            continue
        wanted = _packages(m[1])

        def ok(later: Run, wanted: frozenset[str] = wanted) -> bool:
            n = _INSTALL.search(later.command)
            return (
                n is not None
                and not later.failed
                and not _INSTALL_FAILED.search(later.output)
                and (not wanted or bool(wanted & _packages(n[1])))
            )

        if _fixed_later(runs.runs, i, ok) is None:
            names = ", ".join(sorted(wanted)) or "packages"
            findings.append(
                Finding(
                    "environment_setup",
                    "install",
                    run.step,
                    f"install of {names} failed, never installed",
                    (run.step,),
                )
            )
    return findings


def resources(runs: Runs) -> list[Finding]:
    """CUDA and memory errors that printed no traceback (a process killed by the OOM killer)."""
    findings = []
    for i, run in enumerate(runs.runs):
        if _TRACEBACK.search(run.output) or not (_RESOURCE.search(run.output) or run.exit_code == 137):
            continue
        key = command_key(run.command)

        def ok(later: Run, key: str = key) -> bool:
            return command_key(later.command) == key and not later.failed

        if _fixed_later(runs.runs, i, ok):
            continue
        m = _RESOURCE.search(run.output)
        what = m[0] if m else "killed (exit 137, out of memory)"
        findings.append(
            Finding("environment_setup", "resources", run.step, f"{what}, never fixed", (run.step,))
        )
    return findings


#: How many times one failing command must be run, never succeeding, to count as stuck.
REPEATS = 3


def repeated(runs: Runs) -> list[Finding]:
    """The same failing command run again and again, never succeeding: the agent was stuck."""
    by_command: dict[str, list[Run]] = defaultdict(list)
    for run in runs.runs:
        if run.command:
            by_command[command_key(run.command)].append(run)
    findings = []
    for key, group in by_command.items():
        if len(group) >= REPEATS and all(r.failed for r in group):
            steps = tuple(r.step for r in group)
            mode = "environment_setup" if _INSTALL.search(key) else "code_error"
            findings.append(
                Finding(
                    mode,
                    "repeated",
                    steps[0],
                    f"`{key[:80]}` failed {len(group)} times, never succeeded",
                    steps,
                )
            )
    return findings


_PAPER = re.compile(
    r"\b(?:cat|less|more|head|tail|grep|pdftotext|open|sed)\b[^|;&]*\b(?:paper|arxiv)[\w./-]*\.(?:pdf|tex|md|txt)\b"
)
_GIT_HISTORY = re.compile(r"\bgit\s+(?:log|show|reflog|checkout\s+[0-9a-f]{7,}|diff\s+HEAD~|blame)\b")
_MOCK = re.compile(r"\b(?:mock|dummy|fake|synthetic|toy)[_ -]?(?:data|dataset|results?|inputs?)\b", re.I)


def monitor(runs: Runs) -> list[Finding]:
    """EXP-Bench's log-monitor checks, read from the commands: the agent read the paper, looked the
    answer up in git history, or substituted mock data for the experiment's."""
    findings = []
    for run in runs.runs:
        checks = (
            (_PAPER, "results_unsupported", "read_paper", "read the paper"),
            (_GIT_HISTORY, "results_unsupported", "git_history", "used git history"),
            (_MOCK, "experiment_not_run", "mock_data", "substituted mock data"),
        )
        for pattern, mode, detector, what in checks:
            if pattern.search(run.command):
                at = run.call_step
                findings.append(Finding(mode, detector, at, f"{what}: `{run.command[:80]}`", (at,)))
    return findings


#: A results file written by hand: `echo`/`printf` with a number redirected into it, or a heredoc.
_HAND_WRITTEN = re.compile(
    r"(?:\b(?:echo|printf)\b[^|;&]*\d[^|;&]*>>?\s*|\bcat\s*>>?\s*(?P<heredoc>\S+)\s*<<)\s*['\"]?(?P<file>[\w./-]*)",
)
_RESULTS_FILE = re.compile(
    r"(?:result|metric|score|eval|accuracy|output|summary)[\w.-]*\.(?:json|csv|txt|md|ya?ml)$", re.I
)


def hand_written_results(runs: Runs) -> list[Finding]:
    """A results file typed in with `echo`, `printf` or a heredoc: its numbers came from no run."""
    findings = []
    for run in runs.runs:
        for m in _HAND_WRITTEN.finditer(run.command):
            target = m["heredoc"] or m["file"]
            if target and _RESULTS_FILE.search(target.strip("'\"")):
                name = target.strip("'\"")
                at = run.call_step
                findings.append(
                    Finding(
                        "results_unsupported",
                        "hand_written_results",
                        at,
                        f"results file {name} written by hand, not by a run",
                        (at,),
                    )
                )
                break
    return findings


#: Commands that run an experiment (anything but reading, listing, editing and installing).
_RUNS_CODE = re.compile(
    r"\b(?:python3?|torchrun|accelerate|deepspeed|bash|sh|make|pytest|julia|Rscript)\b|\./"
)


def answer_without_run(runs: Runs, has_answer: bool) -> list[Finding]:
    """An answer (conclusion or numbers) with no command behind it that ran code and succeeded."""
    if not has_answer:
        return []
    if any(
        _RUNS_CODE.search(r.command) and not r.failed and not _INSTALL.search(r.command) for r in runs.runs
    ):
        return []
    # The answer's step is the agent's last message; an answer the harness took from elsewhere has none.
    last = max(
        (s.index for s in runs.steps.values() if s.kind == "message" and s.actor == "agent"), default=None
    )
    return [
        Finding(
            "experiment_not_run",
            "no_run",
            last,
            "an answer was given but no step ran code successfully",
            (last,) if last else (),
        )
    ]


_GAVE_UP = re.compile(
    r"\b(?:I (?:cannot|can't|am unable to|'m unable to|could not|couldn't) "
    r"(?:complete|finish|solve|do|run|reproduce)|"
    r"I (?:give|am giving) up|unable to proceed)\b",
    re.I,
)


def gave_up(runs: Runs, has_answer: bool) -> list[Finding]:
    """The agent's last message says it could not do the task, and it gave no answer."""
    messages = [s for s in runs.steps.values() if s.kind == "message" and s.actor == "agent" and s.text]
    if has_answer or not messages or not _GAVE_UP.search(messages[-1].text or ""):
        return []
    last = messages[-1]
    return [
        Finding(
            "gave_up",
            "gave_up",
            last.index,
            f"the agent's last message: {(last.text or '')[:120]!r}",
            (last.index,),
        )
    ]


_PROVIDER = re.compile(
    r"rate limit|RateLimitError|APIConnectionError|ServiceUnavailable|InternalServerError|\b50[234]\b|"
    r"sandbox (?:died|crashed|error)|container (?:died|exited)|connection reset",
    re.I,
)


def infrastructure_steps(runs: Runs) -> list[Finding]:
    """Errors the harness recorded as its own or the provider's (not a tool output the agent caused)."""
    for s in runs.steps.values():
        if (
            s.kind == "error"
            and s.actor in ("harness", "agent")
            and _PROVIDER.search(s.text or s.output or "")
        ):
            return [
                Finding(
                    "infrastructure",
                    "harness_error",
                    s.index,
                    f"{(s.text or s.output or '')[:120]}",
                    (s.index,),
                )
            ]
    return []


_LIMIT = re.compile(
    r"limit|LimitsExceeded|timeout|timed out|max(?:imum)?[_ -]?(?:number of )?(?:steps?|iterations?|turns?|"
    r"rounds?)|budget|cost",
    re.I,
)
#: Words that say a limit was reached, not just announced: a harness's note "you have 30 steps
#: left" is bookkeeping, "Agent reached maximum iteration" is where the run stopped.
_HIT = re.compile(
    r"reached|exceeded|Exceeded|\bhit\b|ran out|out of|exhausted|stopp(?:ed|ing)|terminat|timed out|timeout",
    re.I,
)


#: Words that make the rest of a line a condition, not a report: a task's instructions that the
#: harness log repeats ("stop working when the time limit has been reached", PaperBench) name a
#: limit and a word for reaching it, yet no limit was hit.
_CONDITION = re.compile(r"\b(?:when|whenever|if|until|once|before|unless)\b", re.I)


def _reports_limit(line: str) -> bool:
    """A line that says a limit was reached: a limit word and a word for reaching it, the latter
    not inside a condition. Read line by line, since one harness step can hold a whole log (a
    paper's "out of scope" lines and a "cost" elsewhere are not one report)."""
    return bool(_LIMIT.search(line)) and any(
        not _CONDITION.search(line[: m.start()]) for m in _HIT.finditer(line)
    )


def _limit_step(s: Step) -> bool:
    text = s.text or s.output or ""
    return (s.actor == "harness" or s.kind == "error") and any(map(_reports_limit, text.splitlines()))


def limit_hit(ended: str | None, runs: Runs | None) -> list[Finding]:
    """The harness stopped the run at a step, time, token or cost limit: the harness's (or an error)
    step that says so, else `source.ended` (cited at the run's last step)."""
    if runs is not None:
        for s in runs.steps.values():
            if _limit_step(s):
                return [
                    Finding(
                        "out_of_budget",
                        "limit",
                        s.index,
                        f"the harness: {(s.text or s.output or '')[:120]}",
                        (s.index,),
                    )
                ]
    if ended and _LIMIT.search(ended):
        last = max(runs.steps, default=None) if runs is not None else None
        return [Finding("out_of_budget", "limit", last, f"the run ended: {ended}", (last,) if last else ())]
    return []


def claims(record: ResultRecord) -> list[Finding]:
    """Claims the claim-support check found no step behind (the result record's `claims`, issue 53)."""
    bad = [c for c in record.claims or [] if c.support in ("unsupported", "mismatch")]
    if not bad:
        return []
    steps = tuple(c.step for c in bad if c.step is not None)
    shown = "; ".join(c.text for c in bad[:3])
    return [
        Finding(
            "results_unsupported",
            "claims",
            steps[0] if steps else None,
            f"{len(bad)} claim(s) no step of the run supports: {shown}"[:200],
            steps,
        )
    ]


def sandbox_fault(record: ResultRecord) -> list[Finding]:
    """The clean-room re-execution failed for the grader's own reasons: infrastructure, not the agent."""
    execution = record.subtasks.execution
    if execution is None or execution.unscorable != Unscorable.SANDBOX_ERROR:
        return []
    why = execution.reason or "the sandbox failed"
    return [Finding("infrastructure", "sandbox", None, f"re-execution: {why}"[:200])]


def from_steps(steps: Sequence[Step], *, has_answer: bool) -> list[Finding]:
    """Every trajectory detector's findings."""
    runs = Runs.of(steps)
    return [
        *infrastructure_steps(runs),
        *tracebacks(runs),
        *installs(runs),
        *resources(runs),
        *repeated(runs),
        *monitor(runs),
        *hand_written_results(runs),
        *answer_without_run(runs, has_answer),
        *gave_up(runs, has_answer),
    ]
