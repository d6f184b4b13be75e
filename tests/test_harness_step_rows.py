"""The importer's trajectory writer checks each step once per schema (`writer._STEP_ROW`, not
`Step` with its per-record Python validator), for speed on long runs (bench/harness.md): it must
write, render and refuse exactly what checking every step as `Step` does.

The reference below is the writer as it was before (each draft through `Step.model_validate`,
written with `model_dump_json`, `agent.log` rendered from those `Step`s); hypothesis draws
drafts of every field's valid and invalid shapes, unknown keys included.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from expgrade.grading.errors import describe_validation_error
from expgrade.grading.harness_importers.writer import render_transcript, step_entry, write_trajectory
from expgrade.grading.schemas.trajectory import Step

_TEXT = st.one_of(st.none(), st.text(max_size=30), st.integers(-3, 3), st.booleans())
_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "kind": st.sampled_from(["message", "reasoning", "tool_call", "tool_output", "error", "thought", 3]),
    "actor": st.sampled_from(["agent", "subagent", "scorer", "monitor", "harness", "user", "robot", None]),
    "role": _TEXT,
    "time": st.one_of(
        st.none(),
        st.sampled_from(
            [
                "2025-04-30T17:56:40.640800",
                "2025-04-30T17:56:40Z",
                "2025-04-30 17:56:40+02:00",
                "2025-04-30T17:56:40.1+00:00",
                "2025-04-30",
                "1714500000",
                "yesterday",
                "",
            ]
        ),
        st.integers(0, 2_000_000_000),
        st.floats(0, 2e9),
    ),
    "span": _TEXT,
    "text": _TEXT,
    "tool": _TEXT,
    "arguments": st.one_of(
        _TEXT,
        st.dictionaries(st.text(max_size=5), st.one_of(st.integers(), st.floats(), st.text(max_size=5))),
        st.lists(st.integers(), max_size=2),
    ),
    "command": _TEXT,
    "call_id": _TEXT,
    "output": _TEXT,
    "exit_code": st.one_of(st.none(), st.integers(-300, 300), st.sampled_from([1.0, 1.5, "2", "x", True])),
    "model": _TEXT,
    "usage": st.one_of(
        st.none(),
        st.dictionaries(
            st.sampled_from(["input_tokens", "output_tokens", "total_tokens", "prompt_tokens"]),
            st.one_of(st.integers(-2, 10**12), st.sampled_from(["7", 2.0, None])),
        ),
    ),
    "cost": st.one_of(
        st.none(), st.floats(allow_nan=True), st.integers(-1, 5), st.sampled_from(["0.5", "x"])
    ),
    "extra": st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
    "comand": st.text(max_size=4),  # an unknown key: refused with the nearest field named
}


@st.composite
def _draft(draw: st.DrawFn) -> dict[str, Any]:
    names = draw(st.sets(st.sampled_from(sorted(_VALUES)), max_size=6))
    draft = {name: draw(_VALUES[name]) for name in sorted(names)}
    # mostly valid steps, so that runs get past their first step
    if draw(st.booleans()):
        draft = {k: v for k, v in draft.items() if k not in ("comand", "kind")} | {"kind": "message"}
    return draft


def _as_step_model(drafts: list[dict[str, Any]]) -> tuple[list[bytes], str | None, str | None]:
    """(trajectory lines, agent.log, problem) as checking each step as `Step` gives them."""
    lines: list[bytes] = []
    steps: list[Step] = []
    problem = None
    for n, draft in enumerate(drafts, start=1):
        try:
            step = Step.model_validate({**draft, "index": n})
        except ValidationError as exc:
            problem = (
                f"trajectory read as far as step {n - 1}: step {n} is not a step"
                f" ({describe_validation_error(exc)})"
            )
            break
        steps.append(step)
        lines.append(step.model_dump_json(exclude_none=True).encode() + b"\n")
    log = render_transcript((step_entry(s) for s in steps), title="t") if steps else None
    return lines, log, problem


@settings(max_examples=200, deadline=None)
@given(drafts=st.lists(_draft(), max_size=4))
def test_steps_written_refused_and_rendered_as_step_does(tmp_path_factory: Any, drafts: list[Any]) -> None:
    path = Path(tmp_path_factory.getbasetemp()) / "step_rows.jsonl"  # each example writes it anew
    done = write_trajectory(path, iter(drafts), title="t")
    lines, log, problem = _as_step_model(drafts)
    assert path.read_bytes().splitlines(keepends=True) == lines
    assert (done.count, done.log, done.problem) == (len(lines), log, problem)
