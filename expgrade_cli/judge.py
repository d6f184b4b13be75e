"""`expgrade judge`: LLM judges over arbitrary items, one label row per item × judge (docs/formats.md §5)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from expgrade.cli.app import app, console, err_console
from expgrade.cli.judge_options import judge_options, preflight
from expgrade.grading.errors import UserError
from expgrade.grading.judge.settings import JudgeSettings

if TYPE_CHECKING:
    from rich.table import Table

    from expgrade.grading.judge import CostLedger, JudgeRequest, Rubric, Totals, Verdict
    from expgrade.grading.judge.batch import OnProgress
    from expgrade.grading.judge.estimate import Estimate, EstimateLine
    from expgrade.grading.schemas import LabelRow


#: The estimate's row, under its subtask's, of the most calls re-asks can add.
REASKS_ROW = "↳ re-asks ≤"
#: Item keys copied onto label rows as grouping columns.
_GROUPING = ("task_id", "submission_id", "subtask", "agent_model")


def read_items(path: Path, rubric: Rubric) -> list[JudgeRequest]:
    """Items as judge requests; a UserError names the line and field of the first bad one."""
    from expgrade.grading.jsonl import iter_json_lines
    from expgrade.grading.judge import JudgeRequest

    requests: list[JudgeRequest] = []
    seen: dict[str, int] = {}
    for line, obj in iter_json_lines(path):
        where = f"line {line}"
        item_id = obj.get("item_id")
        if item_id is None or (isinstance(item_id, str) and not item_id.strip()):
            raise UserError("every item needs an 'item_id'", file=path, record=where, field="item_id")
        if not isinstance(item_id, str | int):
            raise UserError("'item_id' must be a string", file=path, record=where, field="item_id")
        key = str(item_id)
        criterion = obj.get("criterion")
        dup_key = f"{key}\x00{criterion}"
        if dup_key in seen:
            raise UserError(
                f"duplicate item_id '{key}' (first on line {seen[dup_key]})", file=path, record=where
            )
        seen[dup_key] = line
        if criterion is not None and not isinstance(criterion, str):
            raise UserError("'criterion' must be a string", file=path, record=where, field="criterion")
        rubric.check_item(obj, file=path, record=where)
        meta = {k: obj[k] for k in _GROUPING if obj.get(k) is not None}
        requests.append(JudgeRequest(key, rubric.id, obj, criterion, meta))
    if not requests:
        raise UserError("no items to judge", file=path)
    return requests


def verdict_row(v: Verdict, rubric: Rubric, fields: dict[str, Any]) -> LabelRow:
    from expgrade.grading.items import label_row, verdict_record

    judged = next((f.name for f in rubric.fields if f.untrusted and fields.get(f.name) is not None), None)
    text = fields.get(judged) if judged else None
    extra: dict[str, Any] = {
        "rubric_id": v.rubric_id,
        "rubric_version": v.rubric_version,
        "prompt_hash": v.prompt_hash,
        "score": v.score,
        "temperature": v.temperature,
        "seeds": [s.seed for s in v.samples],
        "rationale": v.rationale,
        "latency_s": round(v.latency_s, 4),
        "cached": v.cached,
        "cached_prompt_tokens": v.cached_prompt_tokens,
        # the model the server says answered (`rater` is the name asked for; grading/judge/served.py)
        "answered_by": v.answered_by,
    }
    if v.system_fingerprint:
        extra["system_fingerprint"] = v.system_fingerprint
    if v.neutralised_label is not None:
        extra["neutralised_label"] = v.neutralised_label
    if len(v.samples) > 1:
        extra["spread"] = v.spread
        extra["samples"] = [s.label if s.status == "graded" else f"unscorable:{s.reason}" for s in v.samples]
    return label_row(
        v.item_id,
        {**verdict_record(v), "response_length": len(text) if isinstance(text, str) else None},
        criterion=v.criterion,
        subtask=v.meta.get("subtask") or rubric.subtask,
        task_id=v.meta.get("task_id"),
        submission_id=v.meta.get("submission_id"),
        agent_model=v.meta.get("agent_model"),
        extra=extra,
    )


def _money(t: Totals) -> str:
    if t.calls and t.unknown_cost_calls == t.calls:
        return "cost unknown"
    unknown = f" + unknown ({t.unknown_cost_calls} calls of unknown price)" if t.unknown_cost_calls else ""
    return f"${t.cost_usd:.4f}{unknown}"


def cost_summary(ledger: CostLedger, verdicts: list[Verdict]) -> str:
    """Per judge and in total: verdicts by status, HTTP calls, cache hits, tokens and dollars.

    Lines rather than a table: they stay readable in a narrow terminal or a CI log.
    """

    def line(name: str, t: Totals, mine: list[Verdict]) -> str:
        graded = sum(v.status == "graded" for v in mine)
        return (
            f"  {name}: {graded} graded, {len(mine) - graded} unscorable; "
            f"{t.calls} calls, {t.cached} cached; {t.prompt_tokens}+{t.completion_tokens} tokens; {_money(t)}"
        )

    lines = ["judge cost summary"]
    lines += [line(j, t, [v for v in verdicts if v.judge == j]) for j, t in sorted(ledger.by_judge.items())]
    lines.append(line("total", ledger.run, verdicts))
    lines += [
        f"  of which --injection-check {name}: {t.calls} calls, {t.cached} cached; "
        f"{t.prompt_tokens}+{t.completion_tokens} tokens; {_money(t)}"
        for name, t in sorted(ledger.by_check.items())
    ]
    return "\n".join(lines)


def _usd(value: float | None) -> str:
    return "unknown" if value is None else f"${value:.4f}"


def estimate_tables(est: Estimate) -> list[Table]:
    """Calls, tokens and dollars per subtask, one table per judge (so it fits 80 columns): plain,
    with prefix caching, and through a batch API. `hits` are calls the response cache answers,
    `prefix` the share of prompt tokens a provider's prefix cache can serve. A `REASKS_ROW` under
    a subtask is the most its re-asks can add: not expected, but possible."""
    from rich import box
    from rich.table import Table

    tables = []
    for judge in sorted({line.judge for line in est.lines}):
        table = Table(
            title=f"{judge}: estimate, nothing spent",
            box=box.SIMPLE_HEAD,
            pad_edge=False,
            show_edge=False,
            collapse_padding=True,
        )
        table.add_column("subtask", no_wrap=True, min_width=14)
        for name in ("calls", "hits", "prompt", "prefix", "answer", "$", "$ cached", "$ batch"):
            table.add_column(name, justify="right", no_wrap=True)
        rows = [(x.subtask, False, x) for x in est.lines if x.judge == judge]
        rows += [(x.subtask, True, x) for x in est.reask_lines if x.judge == judge]
        for _, reasks, line in sorted(rows, key=lambda row: row[:2]):
            table.add_row(REASKS_ROW if reasks else line.subtask, *_estimate_cells(line)[1:])
        tables.append(table)
    if len(tables) > 1:
        total = Table(
            title="all judges", box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, collapse_padding=True
        )
        for column in tables[0].columns:
            total.add_column(
                str(column.header), justify=column.justify, no_wrap=True, min_width=column.min_width
            )
        total.add_row(*_estimate_cells(est.total()))
        if est.reask_lines:
            total.add_row(REASKS_ROW, *_estimate_cells(est.reasks_total())[1:])
        tables.append(total)
    return tables


def estimate_bounds(est: Estimate) -> str | None:
    """What the run will likely cost against what it can cost at most, when re-asks can add calls."""
    if not est.reask_lines:
        return None
    expected, more = est.total(), est.reasks_total()
    return (
        f"expected: {expected.calls} calls, {_usd(est.expected_usd)}; at most, if the judge leaves "
        "requirements out and every re-ask is made: "
        f"{expected.calls + more.calls} calls, {_usd(est.most_usd)}"
    )


def _estimate_cells(line: EstimateLine) -> list[str]:
    return [
        line.subtask,
        f"{line.calls}" + (f" +{line.unfit} too long" if line.unfit else ""),
        str(line.cache_hits),
        f"{line.prompt_tokens:,}",
        f"{line.prefix_share:.0%}",
        f"{line.completion_tokens:,}",
        _usd(line.usd),
        _usd(line.usd_prefix_cached),
        "n/a" if line.usd_batch is None and line.usd is not None else _usd(line.usd_batch),
    ]


def check_estimate(settings: JudgeSettings, plan: Callable[[], Estimate]) -> bool:
    """Print the estimate when asked; refuse a run whose expected spend exceeds the budget.

    `plan` makes the estimate (only when one is needed). Returns whether the caller should go
    on and judge (not when only an estimate was asked for).
    """
    from expgrade.grading.judge.estimate import check_budget

    budget_usd = settings.config.budget_usd
    if not settings.estimate and (budget_usd is None or settings.force):
        return True
    est = plan()
    bounds = estimate_bounds(est)
    if settings.estimate:
        for table in estimate_tables(est):
            console.print(table)
        if bounds is not None:
            console.print(bounds, highlight=False, soft_wrap=True)
        return False
    check_budget(est, budget_usd)
    most = est.most_usd
    if budget_usd is not None and most is not None and most > budget_usd and bounds is not None:
        err_console.print(
            f"[yellow]warning:[/] {bounds}, over --budget-usd {budget_usd:g}: requirements the judge "
            "leaves out may end unscorable (budget)",
            highlight=False,
            soft_wrap=True,
        )
    return True


@contextmanager
def batch_progress() -> Iterator[OnProgress]:
    """`--batch`: a progress bar while the provider works, and the callback that moves it."""
    progress = Progress(
        TextColumn("batch"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=err_console
    )
    with progress:
        task = progress.add_task("batch", total=None)
        yield lambda done, total: progress.update(task, completed=done, total=total)


@app.command("judge")
@judge_options(required=True, concurrency_names=("--concurrency",), workers=True)
def judge_cmd(
    items: Annotated[
        Path, typer.Argument(help="JSONL: one object per line with item_id and the rubric's fields")
    ],
    rubric_ref: Annotated[
        str, typer.Option("--rubric", help="rubric id (`expgrade rubrics list`) or a YAML path")
    ],
    out: Annotated[Path, typer.Option("--out", help="label table to write (.jsonl, .csv or .parquet)")],
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            min=1,
            help="processes to judge in, one budget and rate limit for all; --concurrency each",
        ),
    ] = 1,
    *,
    judges: JudgeSettings,
) -> None:
    """Run LLM judges over ITEMS and write one label row per item × judge.

    Re-running the same command costs nothing for items already graded (response cache).
    """
    from expgrade.grading.judge import JudgeEngine, load_rubric, unpriced_warning
    from expgrade.grading.judge.estimate import estimate
    from expgrade.grading.labels_io import write_label_rows

    rubric = load_rubric(rubric_ref)
    requests = read_items(items, rubric)
    settings = preflight(judges)  # before anything is written or spent
    config = settings.config
    budget_usd = config.budget_usd
    warning = unpriced_warning(list(settings.models), budget_usd)
    if warning:
        err_console.print(f"[yellow]warning:[/] {warning}", highlight=False, soft_wrap=True)
    total = len(requests) * len(settings.models)
    with JudgeEngine(config) as engine:
        if not check_estimate(settings, lambda: estimate(engine, requests)):
            return
        progress = Progress(
            TextColumn("judging"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), console=err_console
        )
        if settings.batch:
            from expgrade.grading.judge.batch import judge_batch

            with batch_progress() as on_progress:
                verdicts = asyncio.run(
                    judge_batch(engine, requests, out.resolve().parent, on_progress=on_progress)
                )
        elif settings.workers > 1:
            from expgrade.grading.judge.workers import judge_in_processes

            with progress:
                task = progress.add_task("judge", total=total)
                verdicts, ledger = judge_in_processes(
                    config, requests, settings.workers, on_verdicts=lambda n: progress.advance(task, n)
                )
            engine.ledger = ledger
        else:
            with progress:
                task = progress.add_task("judge", total=total)
                verdicts = asyncio.run(engine.judge(requests, on_verdict=lambda _v: progress.advance(task)))
        by_item = {r.item_id + "\x00" + str(r.criterion): r.fields for r in requests}
        rows = [verdict_row(v, rubric, by_item[v.item_id + "\x00" + str(v.criterion)]) for v in verdicts]
        write_label_rows(out, rows)
        console.print(cost_summary(engine.ledger, verdicts), highlight=False, soft_wrap=True)
    unscorable: dict[str, int] = {}
    for v in verdicts:
        if v.reason:
            unscorable[v.reason] = unscorable.get(v.reason, 0) + 1
    flagged = sum("prompt_injection" in v.flags for v in verdicts)
    flipped = sum("verdict_depends_on_injection" in v.flags for v in verdicts)
    unsteady = sum("verdict_flips_without_prose" in v.flags for v in verdicts)
    if engine.ledger.budget_refusals:
        console.print(f"budget ${budget_usd} reached: {engine.ledger.budget_refusals} calls not started")
    console.print(
        f"wrote {len(rows)} label rows to {out}"
        + (
            f"; unscorable: {', '.join(f'{k} {n}' for k, n in sorted(unscorable.items()))}"
            if unscorable
            else ""
        )
        + (f"; {flagged} flagged prompt_injection" if flagged else "")
        + (f", {flipped} verdict_depends_on_injection" if flipped else "")
        + (f"; {unsteady} verdict_flips_without_prose" if unsteady else ""),
        highlight=False,
        soft_wrap=True,
    )
    from expgrade.grading.judge.served import mismatches

    seen: dict[str, dict[str, list[str]]] = {}
    for v in verdicts:
        names = seen.setdefault(v.judge, {"answered_by_seen": []})["answered_by_seen"]
        if v.answered_by and v.answered_by not in names:
            names.append(v.answered_by)
    for said in mismatches(seen):
        err_console.print(f"[yellow]judge:[/] {said}", highlight=False, soft_wrap=True)
