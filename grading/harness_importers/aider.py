"""aider chat histories: `.aider.chat.history.md`, which aider appends to in the folder it runs
in (`--chat-history-file`), one session a submission.

aider writes the history as it talks (`aider/io.py`): `# aider chat started at <time>` opens a
session; each line the user typed is written `#### <line>`; the model's reply as it is; aider's
own output (the command it was started with, the model, files added, edits applied, commits,
lint and test output, `Tokens: … sent, … received. Cost: $… message, $… session.`) as a `> `
line (a notice of several lines has `> ` on its first line only, so text that follows aider's
output is read as more of it, until the user writes again).

- task id: the name of the folder holding the history (the repository aider ran in); each
  session is an attempt (numbered in order), its start time kept under `extra.harness`;
- agent `aider`; model: the session's `Model:` / `Models:` / `Main model:` line;
- steps: the user's lines a user message (`/run CMD`, `/test CMD` a tool call of the user's with
  its command, the aider output after it its output); the model's reply a message, with the
  `Tokens:` line after it as its usage and the message's cost; `Running CMD` (a shell command
  the model proposed and the user let run) a tool call of the agent's, the rest of that output
  its output; any other aider output the harness's message;
- answer: the model's last reply; a session where the user wrote nothing (aider started and
  quit, `--show-repo`) is no attempt, and is counted in a note.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from expgrade.grading.harness_importers.common import Harness, HarnessOptions, Notice
from expgrade.grading.harness_importers.mapping import Derived, Preset
from expgrade.grading.harness_importers.presets import Raw
from expgrade.grading.harness_importers.sessions import (
    cost_of,
    load_records,
    session_fields,
    session_record,
    usage_of,
)
from expgrade.grading.harness_importers.steps import StepDraft
from expgrade.grading.harness_importers.writer import HarnessRecord

#: The file aider writes by default.
HISTORY = ".aider.chat.history.md"
_START = re.compile(r"^# aider chat started at (?P<time>.+?)\s*$")
_MODEL = re.compile(r"^(?:Model|Models|Main model): (?P<model>\S+)")
_TOKENS = re.compile(
    r"^Tokens: (?P<sent>[\d.,]+[kM]?) sent,(?: (?P<write>[\d.,]+[kM]?) cache write,)?"
    r"(?: (?P<hit>[\d.,]+[kM]?) cache hit,)? (?P<received>[\d.,]+[kM]?) received\."
    r"(?: Cost: \$(?P<cost>[\d.]+) (?:message|request))?"
)
_RUN = re.compile(r"^#### /(?:run|test|lint) ?(?P<command>.*)$")
#: Bytes of a file looked at to recognise a history.
_PEEK = 64 * 1024

PRESETS = (
    Preset(
        harness="aider",
        generation="chat history",
        describe="aider chat history (.aider.chat.history.md)",
        fields=session_fields("'aider'"),
    ),
)


def is_history(path: Path) -> bool:
    """aider's chat history: a session header among the first lines (whatever the file's name)."""
    try:
        with path.open("rb") as fh:
            head = fh.read(_PEEK).decode("utf-8", "replace")
    except OSError:
        return False
    return any(_START.match(line) for line in head.splitlines())


def _count(text: str | None) -> int | None:
    """aider's token counts: `5,244`, `12k`, `1.2M`."""
    if not text:
        return None
    scale = {"k": 1_000, "M": 1_000_000}.get(text[-1], 1)
    number = text.rstrip("kM").replace(",", "")
    try:
        return round(float(number) * scale)
    except ValueError:
        return None


@dataclass
class _Block:
    """Lines of one speaker in a row: `user`, `assistant` or `aider` (aider's own output)."""

    who: str
    lines: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join(line.removesuffix("  ") for line in self.lines).strip("\n")


@dataclass
class _Session:
    started: str
    line: int
    blocks: list[_Block] = field(default_factory=list)

    def add(self, who: str, line: str) -> None:
        if not self.blocks or self.blocks[-1].who != who:
            self.blocks.append(_Block(who))
        self.blocks[-1].lines.append(line)


def sessions(lines: Iterable[str]) -> Iterator[_Session]:
    """The history's sessions, each as blocks of who wrote what.

    aider ends each line it writes for the user or for itself with two spaces (a markdown line
    break), and a notice of several lines only on its last line: text after aider's output is
    more of that output while the notice is open, and the model's reply once it is closed."""
    current: _Session | None = None
    open_notice = False
    for n, line in enumerate((line.rstrip("\r\n") for line in lines), start=1):
        if m := _START.match(line):
            if current is not None:
                yield current
            current, open_notice = _Session(m["time"], n), False
            continue
        if current is None:
            continue  # before the first header: the end of a session this file does not hold
        last = current.blocks[-1].who if current.blocks else None
        if line.startswith("####"):
            current.add("user", line.removeprefix("####").removeprefix(" "))
        elif line == ">" or line.startswith("> "):  # not a reply's `>>>>>>> REPLACE`
            current.add("aider", line.removeprefix(">").removeprefix(" "))
            open_notice = not _closed(line)
        elif last == "aider" and open_notice:
            current.add("aider", line)
            open_notice = not _closed(line)
        elif last == "aider" and not line.strip():
            continue  # the blank line aider writes before the model's reply
        elif last is not None or line.strip():
            current.add("assistant", line)
    if current is not None:
        yield current


def _closed(line: str) -> bool:
    """A line aider ended (two spaces after text), not a line of spaces inside its output."""
    return line.endswith("  ") and bool(line.strip())


def _steps(session: _Session, model: str | None) -> Iterator[StepDraft]:
    held: StepDraft | None = None  # the reply, until the `Tokens:` line after it
    run: tuple[str, str] | None = None  # (call id, whose call) a `/run` or `Running` line opened
    calls = 0
    for block in session.blocks:
        text = block.text
        if block.who != "aider":
            if held is not None:
                yield held
                held = None
            m = _RUN.match(f"#### {text}") if block.who == "user" and len(block.lines) == 1 else None
            if m and m["command"].strip():
                calls += 1
                run = (f"call {calls}", "user")
                yield _call(run, m["command"].strip(), text=text)
            elif block.who == "user" and text.strip():
                yield {"kind": "message", "actor": "user", "role": "user", "text": text}
            elif text.strip():
                held = {
                    "kind": "message",
                    "actor": "agent",
                    "role": "assistant",
                    "text": text,
                    "model": model,
                }
            continue
        rest: list[str] = []
        for line in block.lines:
            tokens = _TOKENS.match(line)
            if tokens and held is not None:
                held["usage"] = usage_of(
                    _count(tokens["sent"]),
                    _count(tokens["received"]),
                    cached=_count(tokens["hit"]),
                    cache_write=_count(tokens["write"]),
                )
                held["cost"] = cost_of(float(tokens["cost"])) if tokens["cost"] else None
            elif line.startswith("Running ") and line.removeprefix("Running ").strip():
                if held is not None:
                    yield held
                    held = None
                yield from _output(rest, run)
                calls += 1
                rest, run = [], (f"call {calls}", "agent")
                yield _call(run, line.removeprefix("Running ").strip())
            else:
                rest.append(line)
        if held is not None:
            yield held
            held = None
        yield from _output(rest, run)
        run = None
    if held is not None:
        yield held


def _call(run: tuple[str, str], command: str, *, text: str | None = None) -> StepDraft:
    """A shell command run: the user's `/run`, `/test`, `/lint`, or one the model proposed."""
    call_id, whose = run
    role = "user" if whose == "user" else "assistant"
    return {
        "kind": "tool_call",
        "actor": whose,
        "role": role,
        "text": text,
        "tool": "run",
        "command": command,
        "call_id": call_id,
    }


def _output(lines: list[str], run: tuple[str, str] | None) -> Iterator[StepDraft]:
    """aider's output: the output of the call just made (whoever made it), else aider's own
    message."""
    text = _Block("aider", lines).text
    if not text.strip():
        return
    if run is None:
        yield {"kind": "message", "actor": "harness", "text": text}
    else:
        call_id, whose = run
        yield {
            "kind": "tool_output",
            "actor": whose,
            "role": "tool",
            "tool": "run",
            "call_id": call_id,
            "output": text,
        }


def _facts(session: _Session) -> tuple[Derived | None, Derived | None]:
    """(model, answer) of a session."""
    model = answer = None
    for block in session.blocks:
        if block.who == "aider" and model is None:
            for line in block.lines:
                if m := _MODEL.match(line):
                    model = Derived(
                        m["model"], f"line after {session.line}: aider's '{line.split(':')[0]}:' line"
                    )
                    break
        if block.who == "assistant" and block.text.strip():
            answer = Derived(block.text, "the model's last reply")
    return model, answer


def load(path: Path, options: HarnessOptions) -> Iterator[HarnessRecord | Notice]:
    task = path.resolve().parent.name or path.stem
    empty = Counter[str]()

    def raws() -> Iterator[Raw]:
        with path.open(encoding="utf-8", errors="replace") as fh:  # aider writes with errors="ignore"
            for session in sessions(fh):  # line by line: one session in memory at a time
                if not any(b.who == "user" and b.text.strip() for b in session.blocks):
                    empty["session with nothing the user wrote (started and quit)"] += 1
                    continue
                model, answer = _facts(session)
                record: dict[str, Any] = session_record(
                    task=Derived(task, "the name of the folder holding the history"),
                    steps=_steps(session, model.value if model else None),
                    model=model,
                    answer=answer,
                    facts={"started": session.started, "line": session.line},
                )
                yield Raw(f"session started {session.started} (line {session.line})", record)

    yield from load_records(PRESETS[0], raws(), path, options, empty)


HARNESS = Harness(name="aider", patterns=(HISTORY, "*.aider.chat.history.md"), load=load, presets=PRESETS)
