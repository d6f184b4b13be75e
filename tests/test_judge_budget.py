"""The budget gate: the local implementation, one gate shared by several engines, and the
warning `expgrade judge`/`grade` give when a judge's price is unknown (so the cap cannot hold)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from judge_server import PRICED, UNPRICED, engine_for, ref_request
from typer.testing import CliRunner

from expgrade.cli import _register
from expgrade.cli.app import app
from expgrade.grading.judge import BudgetGate, LocalBudgetGate, unpriced_models
from expgrade.grading.testing.judge_server import ScriptedServer

_register()
REPO = Path(__file__).resolve().parents[1]
DEMO = REPO / "examples" / "demo"


def test_local_gate_reserves_settles_and_stays_shut_once_refused() -> None:
    gate = LocalBudgetGate(1.0)
    assert isinstance(gate, BudgetGate)

    async def scenario() -> list[bool]:
        got = [await gate.try_reserve(0.4), await gate.try_reserve(0.4)]
        await gate.settle(0.4, 0.1)  # the first call cost less than its worst case
        got.append(await gate.try_reserve(0.4))  # 0.1 spent + 0.4 + 0.4 reserved: fits
        got.append(await gate.try_reserve(0.2))  # would make 1.1: refused
        await gate.settle(0.4, 0.0)  # a failed call costs nothing ...
        got.append(await gate.try_reserve(0.01))  # ... but once refused, always refused
        await gate.settle(0.4, None)  # a reply without usage is charged its worst case
        return got

    assert asyncio.run(scenario()) == [True, True, True, False, False]
    assert gate.spent_usd == pytest.approx(0.5)
    assert gate.reserved_usd == pytest.approx(0.0)
    assert gate.refusals == 2 and gate.exhausted


def test_local_gate_without_a_cap_lets_everything_through() -> None:
    gate = LocalBudgetGate(None)
    assert all(asyncio.run(_many(gate, 100, 1e9)))
    assert gate.spent_usd == 0.0 and gate.refusals == 0


def test_concurrent_reservations_never_overdraw() -> None:
    gate = LocalBudgetGate(1.0)
    granted = asyncio.run(_many(gate, 50, 0.07))
    assert sum(granted) == 14  # 14 x 0.07 = 0.98; the 15th would be 1.05
    assert gate.reserved_usd == pytest.approx(14 * 0.07)


async def _many(gate: LocalBudgetGate, n: int, usd: float) -> list[bool]:
    return list(await asyncio.gather(*(gate.try_reserve(usd) for _ in range(n))))


def test_engines_sharing_one_gate_share_one_cap(judge_server: ScriptedServer, tmp_path: Path) -> None:
    """What the Ray executor does across processes, here across two engines: one cap for both."""
    gate = LocalBudgetGate(0.0005)
    verdicts = []
    for name in ("a", "b"):
        reqs = [ref_request(f"shared-{name}-{i}", f"42 shared gate {name} {i}") for i in range(8)]
        with engine_for(
            judge_server.url, tmp_path / name, budget_gate=gate, max_tokens=100, use_cache=False
        ) as engine:
            verdicts += engine.judge_sync(reqs)
    graded = [v for v in verdicts if v.status == "graded"]
    refused = [v for v in verdicts if v.reason == "budget"]
    assert graded and refused and len(graded) + len(refused) == 16
    # Alone, each engine could have graded about five; together they stay under one cap.
    spent = sum(v.cost_usd or 0.0 for v in graded)
    assert spent <= 0.0005 and gate.spent_usd == pytest.approx(spent)
    assert all(v.item_id.startswith("shared-b") for v in refused[-8:]), "b started after the cap was hit"


def test_unpriced_models_are_named() -> None:
    assert unpriced_models([PRICED, UNPRICED]) == [UNPRICED]


def test_judge_warns_that_the_budget_cannot_cap_an_unpriced_judge(
    judge_server: ScriptedServer, judge_cache_dir: Path, tmp_path: Path
) -> None:
    items = tmp_path / "items.jsonl"
    items.write_text('{"item_id": "w1", "question": "6*7?", "reference": "42", "response": "42"}\n')
    runner = CliRunner()
    base = ["judge", str(items), "--rubric", "reference-match", "--api-base", judge_server.url,
            "--out", str(tmp_path / "labels.jsonl"), "--budget-usd", "1"]  # fmt: skip
    warned = runner.invoke(app, [*base, "--judge", UNPRICED, "--judge", PRICED], catch_exceptions=False)
    assert warned.exit_code == 0, warned.output
    assert "warning" in warned.output and f"cannot cap {UNPRICED}:" in warned.output
    assert PRICED not in warned.output.split("warning")[1].split("\n")[0]
    quiet = runner.invoke(app, [*base, "--judge", PRICED], catch_exceptions=False)
    assert quiet.exit_code == 0 and "cannot cap" not in quiet.output


def test_grade_warns_at_start_that_the_budget_cannot_cap_an_unpriced_judge(tmp_path: Path) -> None:
    # A run that stops at once (no such tasks file): the warning must come before any grading.
    result = CliRunner().invoke(app, [
        "grade", "--tasks", str(tmp_path / "missing.jsonl"), "--submissions", str(DEMO / "submissions"),
        "--out", str(tmp_path / "run"), "--judge", UNPRICED, "--budget-usd", "2",
    ])  # fmt: skip
    assert result.exit_code != 0
    assert f"--budget-usd 2 cannot cap {UNPRICED}" in result.output
