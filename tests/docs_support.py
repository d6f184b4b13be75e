"""The shell and Python blocks of README.md and docs/*.md, and a clean place to run them.

Every fenced `bash`/`sh`/`console`/`python` block carries a marker, an HTML comment on the line
before its fence (docs/DEVELOPING.md, "Executable docs"):

* `<!-- doc: run -->`: run it, from a copy of the repository in an empty folder;
* `<!-- doc: needs WHAT -->`: it needs an external service (a judge model, Docker, root, a
  person at a browser, a package index), named;
* `<!-- doc: skip WHY -->`: not a command to run (a synopsis with placeholders, an API sketch).

In a `run` block a command's trailing comment that starts with a number (`# 206 tasks`) is a
figure: the command must print that number followed by the same words, within the block's
tolerance (`<!-- doc: run tolerance=0.01 -->`; none: equal at the precision written).

The copy is what `git ls-files` names in the working tree (committed or not, ignored files
left out), so the docs are checked against the code beside them, and nothing outside the copy
(a `../shared` folder on a developer's machine) can make a wrong path pass.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = {"bash", "sh", "shell", "console", "python"}
_FENCE = re.compile(r"^```(\w*)\s*$")
_MARKER = re.compile(r"^<!-- doc: (run|needs|skip)\b(.*?)-->$")
_TOLERANCE = re.compile(r"tolerance=([\d.]+)")
#: `# 206 tasks` at a command's end: the figure and the words after it
_FIGURE = re.compile(r"\s#\s+(-?\d[\d,]*(?:\.\d+)?)\s+([^\d#(;:]+?)\s*(?:[(;:].*)?$")


@dataclass(frozen=True)
class Figure:
    value: str
    words: str


@dataclass(frozen=True)
class Command:
    line: int
    text: str
    figure: Figure | None


@dataclass(frozen=True)
class Block:
    doc: str
    line: int
    language: str
    kind: str  # run | needs | skip | "" (no marker)
    note: str
    code: str
    tolerance: float

    @property
    def where(self) -> str:
        return f"{self.doc}:{self.line}"


def docs(root: Path = ROOT) -> list[Path]:
    return [root / "README.md", *sorted((root / "docs").glob("*.md"))]


def blocks(path: Path, root: Path = ROOT) -> list[Block]:
    """The shell and Python blocks of one Markdown file, each with the marker above its fence."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found: list[Block] = []
    i = 0
    while i < len(lines):
        fence = _FENCE.match(lines[i])
        if not fence:
            i += 1
            continue
        end = next((j for j in range(i + 1, len(lines)) if lines[j].startswith("```")), len(lines))
        if fence.group(1) in LANGUAGES:
            before = next((lines[j].strip() for j in range(i - 1, -1, -1) if lines[j].strip()), "")
            marker = _MARKER.match(before)
            note = marker.group(2).strip() if marker else ""
            tolerance = _TOLERANCE.search(note)
            found.append(
                Block(
                    doc=str(path.relative_to(root)),
                    line=i + 1,
                    language=fence.group(1),
                    kind=marker.group(1) if marker else "",
                    note=note,
                    code="\n".join(lines[i + 1 : end]),
                    tolerance=float(tolerance.group(1)) if tolerance else 0.0,
                )
            )
        i = end + 1
    return found


def commands(block: Block) -> list[Command]:
    """A shell block's commands: continuation lines joined, comments and blank lines left out."""
    out: list[Command] = []
    pending: list[str] = []
    start = 0
    for n, raw in enumerate(block.code.splitlines(), start=block.line + 1):
        if not pending and (not raw.strip() or raw.lstrip().startswith("#")):
            continue
        if not pending:
            start = n
        if raw.rstrip().endswith("\\"):
            pending.append(raw.rstrip()[:-1])
            continue
        text = " ".join([*pending, raw]).strip()
        pending = []
        figure = _FIGURE.search(text)
        out.append(Command(start, text, Figure(figure.group(1), figure.group(2)) if figure else None))
    return out


def figure_error(figure: Figure, output: str, tolerance: float) -> str | None:
    """Why `output` does not show `figure` (None when it does)."""
    words = r"\s+".join(map(re.escape, figure.words.split()))
    printed = re.findall(rf"(-?\d[\d,]*(?:\.\d+)?)\s+{words}", output)
    if not printed:
        return f"no '{figure.words}' figure printed (the text says {figure.value})"
    want = float(figure.value.replace(",", ""))
    decimals = len(figure.value.partition(".")[2])
    slack = tolerance + 0.5 * 10**-decimals if decimals else tolerance
    values = [float(p.replace(",", "")) for p in printed]
    if any(abs(v - want) <= slack for v in values):
        return None
    return (
        f"printed {', '.join(printed)} {figure.words}; the text says {figure.value} (tolerance {tolerance})"
    )


def clone(root: Path, dest: Path) -> Path:
    """The repository's files as `git ls-files` names them (tracked and new, not ignored), copied
    into `dest`; links (expgrade/ links to the top-level folders) stay links."""
    listed = subprocess.run(
        ["git", "-C", str(root), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        capture_output=True,
        check=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = root / name
        if not source.is_symlink() and not source.exists():
            continue  # deleted in the working tree, not yet in the index
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target, follow_symlinks=False)
    return dest


def environment(clone_dir: Path, home: Path) -> dict[str, str]:
    """A new user's shell: this interpreter's `expgrade` and `python` first on PATH, importing
    the clone's code, no judge configured, a home and data folder of its own, 80 columns."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("EXPGRADE_", "OPENAI_", "ANTHROPIC_")) and k not in ("PYTHONPATH", "COLUMNS")
    }
    env.update(
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
        PYTHONPATH=str(clone_dir),
        HOME=str(home),
        EXPGRADE_DATA_DIR=str(home / "data"),
        LITELLM_LOCAL_MODEL_COST_MAP="True",
        COLUMNS="80",
        NO_COLOR="1",
        TERM="dumb",
    )
    return env


@dataclass(frozen=True)
class Outcome:
    command: Command
    block: Block
    returncode: int
    output: str


_SEP = "@@doc-command@@"


def session_script(run_blocks: list[Block]) -> tuple[str, list[tuple[Block, Command]]]:
    """One bash script for a doc's run blocks, in order; each command announced by a separator
    line, so one shell session serves the doc and its output splits back per command. A failing
    command does not stop the session: every wrong command of a doc is reported at once."""
    parts = ["set -o pipefail"]
    order: list[tuple[Block, Command]] = []
    for block in run_blocks:
        if block.language == "python":
            pieces = [Command(block.line + 1, f"python - <<'DOC_PYTHON'\n{block.code}\nDOC_PYTHON", None)]
        else:
            pieces = commands(block)
        for command in pieces:
            parts.append(f"echo '{_SEP} {len(order)}'")
            parts.append(f'{command.text}\nrc=$?; if [ $rc -ne 0 ]; then echo "{_SEP} rc $rc"; fi')
            order.append((block, command))
    return "\n".join(parts) + "\n", order


def run_session(run_blocks: list[Block], cwd: Path, env: dict[str, str], timeout_s: float) -> list[Outcome]:
    """Run the blocks in one bash session in `cwd`; the outcome of each command that ran."""
    script, order = session_script(run_blocks)
    done = subprocess.run(
        ["bash", "-c", script],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=timeout_s,
        check=False,
    )
    pieces = done.stdout.split(f"{_SEP} ")[1:]
    outcomes: list[Outcome] = []
    for piece in pieces:
        head, _, output = piece.partition("\n")
        if head.startswith("rc "):
            last = outcomes[-1]
            outcomes[-1] = Outcome(last.command, last.block, int(head[3:]), last.output)
            continue
        block, command = order[int(head)]
        outcomes.append(Outcome(command, block, 0, output))
    return outcomes
