"""Names a user must type are never cut at 80 columns: every option name in every command's
`--help` (walked from the CLI app, not listed by hand), the rubric ids of `rubrics list`, and the
item ids of `annotate adjudicate --list`; and the tables that list ids give them as JSON too."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import typer
from typer.testing import CliRunner

from expgrade.cli import _register
from expgrade.cli.app import app

_register()
runner = CliRunner()
WIDTH = {"COLUMNS": "80", "NO_COLOR": "1", "TERMINAL_WIDTH": "80"}


def _commands() -> dict[tuple[str, ...], Any]:
    root = typer.main.get_command(app)
    found: dict[tuple[str, ...], Any] = {}

    def walk(command: Any, path: tuple[str, ...]) -> None:
        found[path] = command
        if isinstance(getattr(command, "commands", None), dict):
            for name, sub in command.commands.items():
                walk(sub, (*path, name))

    walk(root, ())
    return found


def _words(text: str) -> set[str]:
    """Every option-like word of a help screen, panel borders and commas aside."""
    return set(re.findall(r"(?<![\w-])-{1,2}[A-Za-z0-9][\w-]*", text))


def test_every_option_name_is_whole_at_80_columns() -> None:
    cut: list[str] = []
    commands = _commands()
    assert len(commands) > 20  # the walk reached the sub-apps
    for path, command in commands.items():
        result = runner.invoke(app, [*path, "--help"], env=WIDTH, terminal_width=80)
        assert result.exit_code == 0, (path, result.output)
        assert max(len(line) for line in result.output.splitlines()) <= 80, (path, result.output)
        shown = _words(result.output)
        for param in command.params:
            if param.param_type_name == "option" and not param.hidden:
                cut += [
                    f"{' '.join(path)}: {name}"
                    for name in (*param.opts, *param.secondary_opts)
                    if name not in shown
                ]
    assert not cut, "cut at 80 columns:\n" + "\n".join(cut)


def test_rubric_ids_are_whole_and_listed_as_json() -> None:
    from expgrade.grading.judge.rubrics import list_rubrics

    ids = [r.id for r in list_rubrics()]
    result = runner.invoke(app, ["rubrics", "list"], env=WIDTH, terminal_width=80)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert max(len(line) for line in lines) <= 80
    for rubric_id in ids:  # each id whole on one line, not folded onto the next
        assert any(re.search(rf"(?<![\w-]){re.escape(rubric_id)}(?![\w-])", line) for line in lines), (
            rubric_id
        )
    listed = json.loads(runner.invoke(app, ["rubrics", "list", "--format", "json"], env=WIDTH).output)
    assert [r["id"] for r in listed] == ids and all(r["fields"] for r in listed)


def test_adjudication_item_ids_are_whole_and_listed_as_json(tmp_path: Path) -> None:
    from expgrade.annotation_app.store import ItemSpec, LabelInput, Store

    db = f"sqlite:///{tmp_path / 'a.db'}"
    store = Store.open(db)
    long_key = "paperbench-stochastic-interpolants/agent-with-a-long-name/implementation/req12"
    store.load(
        "p", 2, [ItemSpec(item_key=long_key, scale=["pass", "fail"], content={"n": 1})], active_queue=False
    )
    for name, label in (("ann", "pass"), ("bob", "fail")):
        user = store.user_by_token(store.add_user(name))
        assert user is not None
        claimed = store.claim("p", user.id)
        assert claimed is not None
        store.submit(claimed.id, user.id, LabelInput(label, 0.6, "because"))
    result = runner.invoke(
        app, ["annotate", "adjudicate", "--project", "p", "--db", db], env=WIDTH, terminal_width=80
    )
    assert result.exit_code == 0, result.output
    assert any(long_key in line for line in result.output.splitlines()), result.output
    out = runner.invoke(
        app, ["annotate", "adjudicate", "--project", "p", "--db", db, "--format", "json"], env=WIDTH
    )
    rows = json.loads(out.output)
    assert [r["item"] for r in rows] == [long_key]
    assert sorted(r["label"] for r in rows[0]["labels"]) == ["fail", "pass"]


def test_grade_help_puts_the_common_options_first_and_the_rest_in_panels() -> None:
    """`grade --help` was 256 lines at 80 columns, one panel, with a 22-character description
    column beside a names column and a type column sized by its longest option: the common
    options first, then the judge's, then panels of rarer ones, each panel as narrow as its own
    names, and an option's type under its names."""
    text = runner.invoke(app, ["grade", "--help"], env=WIDTH, terminal_width=80).output
    panels = re.findall(r"╭─ (.+?) ─", text)
    assert panels[:2] == ["Options", "Judge"] and len(panels) >= 4, panels
    first = text.split("╭─ Judge ")[0]
    for common in ("--tasks", "--submissions", "--out", "--subtasks", "--sandbox"):
        assert common in first
    for rare in ("--attack-controls-undefended", "--temperature", "--gpu-mode", "--retest"):
        assert rare not in first, rare
    # the description of --tasks starts beside its name, on the same line, past a narrow column
    line = next(line for line in text.splitlines() if "--tasks" in line)
    assert "TASKS.jsonl" in line and line.index("TASKS.jsonl") < 30, line
