"""The README and docs/ as a new user meets them: every shell command and Python snippet marked
runnable is run, one bash session per document, from a copy of the repository in an empty
folder, against the bundled examples (and the demo's scripted judge); a command that fails, or
that prints a figure other than the one its trailing comment states, fails the test. Every block
carries a marker (tests/docs_support.py, docs/DEVELOPING.md "Executable docs"), so a new block
cannot slip past unchecked.

The README once sent users to `../shared/datasets/...`, a folder only the team's machines have;
from the copy in an empty folder that command fails here, whatever lies beside the checkout.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from docs_support import (
    ROOT,
    Block,
    Outcome,
    blocks,
    clone,
    docs,
    environment,
    figure_error,
    run_session,
    session_script,
)

ALL = [b for doc in docs() for b in blocks(doc)]
#: generous: the README's session runs the demo (sandboxed experiments) and the noise example
#: (its time on the development machine: bench/README.md, "The docs test")
SESSION_TIMEOUT_S = 900


def _runnable_docs() -> list[str]:
    return sorted({b.doc for b in ALL if b.kind == "run"})


def test_every_block_is_marked_and_says_why() -> None:
    unmarked = [b.where for b in ALL if not b.kind]
    unexplained = [b.where for b in ALL if b.kind in ("needs", "skip") and not b.note]
    assert not unmarked, "blocks with no <!-- doc: run|needs|skip --> marker: " + ", ".join(unmarked)
    assert not unexplained, "needs/skip markers that do not say what or why: " + ", ".join(unexplained)
    assert {"README.md", "docs/inputs.md", "docs/calibration.md"} <= set(_runnable_docs())


@pytest.fixture(scope="module")
def fresh_clone(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """One copy of the repository in an empty folder, shared by every document's session."""
    base = tmp_path_factory.mktemp("docs-run")
    copy = clone(ROOT, base / "expgrade")
    home = base / "home"
    home.mkdir()
    return copy, environment(copy, home)


def _failures(outcomes: list[Outcome], expected: int) -> list[str]:
    problems: list[str] = []
    for outcome in outcomes:
        where = f"{outcome.block.doc}:{outcome.command.line}: {outcome.command.text.splitlines()[0]}"
        if outcome.returncode:
            problems.append(f"{where}\n  exit {outcome.returncode}:\n{outcome.output[-3000:]}")
        elif outcome.command.figure and (
            why := figure_error(outcome.command.figure, outcome.output, outcome.block.tolerance)
        ):
            problems.append(f"{where}\n  {why}; it printed:\n{outcome.output[-3000:]}")
    if not problems and len(outcomes) != expected:
        problems.append(f"the session stopped after {len(outcomes)} of {expected} commands")
    return problems


@pytest.mark.timeout(SESSION_TIMEOUT_S + 60)
@pytest.mark.parametrize("doc", _runnable_docs())
def test_runnable_blocks_run_from_a_fresh_clone(doc: str, fresh_clone: tuple[Path, dict[str, str]]) -> None:
    copy, env = fresh_clone
    run_blocks: list[Block] = [b for b in ALL if b.doc == doc and b.kind == "run"]
    outcomes = run_session(run_blocks, copy, env, SESSION_TIMEOUT_S)
    problems = _failures(outcomes, len(session_script(run_blocks)[1]))
    assert not problems, "\n\n".join(problems)


def test_a_wrong_figure_or_a_missing_path_fails(tmp_path: Path) -> None:
    """The checker itself: a figure the command does not print, and a path the clone lacks."""
    doc = tmp_path / "docs" / "x.md"
    doc.parent.mkdir()
    doc.write_text(
        "<!-- doc: run -->\n```bash\necho 'wrote 5 tasks'   # 4 tasks\nls ../shared/datasets\n```\n",
        encoding="utf-8",
    )
    (tmp_path / "README.md").write_text("no blocks\n", encoding="utf-8")
    found = [b for d in docs(tmp_path) for b in blocks(d, tmp_path)]
    assert [(b.doc, b.kind) for b in found] == [("docs/x.md", "run")]
    empty = tmp_path / "empty"
    empty.mkdir()
    outcomes = run_session(found, empty, environment(empty, tmp_path), 60)
    problems = _failures(outcomes, 2)
    assert len(problems) == 2, problems
    assert "printed 5 tasks; the text says 4" in problems[0]
    assert "exit 2" in problems[1] and "../shared/datasets" in problems[1]
