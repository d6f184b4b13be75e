"""`expgrade annotate` verbs: serve the app, load work, add users, settle disagreements, import
labels, plan how many are needed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

import typer
from rich.markup import escape

from expgrade.cli.app import app, console, err_console
from expgrade.cli.listing import FormatOption, ListFormat, show
from expgrade.grading.errors import UserError

if TYPE_CHECKING:
    from expgrade.calibration.planning import Plan

annotate_app = typer.Typer(
    help="Human gold labels: the Streamlit annotation app and its work queue.",
    invoke_without_command=True,
    no_args_is_help=False,
)
app.add_typer(annotate_app, name="annotate")

#: what `import-labels` reads (see annotation_app/label_import.py)
ImportFormat = Literal["auto", "expgrade", "label-studio"]
DbOption = Annotated[
    str | None,
    typer.Option(
        "--db", help="SQLAlchemy URL or SQLite file; default annotate.db in $EXPGRADE_DATA_DIR (~/.expgrade)."
    ),
]


@annotate_app.callback()
def annotate(
    ctx: typer.Context,
    db: DbOption = None,
    port: Annotated[int, typer.Option("--port", help="Port to serve on.")] = 8501,
    address: Annotated[
        str, typer.Option("--address", help="Interface to bind; 0.0.0.0 to serve others.")
    ] = "127.0.0.1",
    session_hours: Annotated[
        float, typer.Option("--session-hours", help="How long a token sign-in lasts (reloads included).")
    ] = 12.0,
) -> None:
    """Start the annotation app (`streamlit run` under the hood); subcommands load work and add users."""
    if ctx.invoked_subcommand is not None:
        return
    from expgrade import annotation_app
    from expgrade.annotation_app.db import resolve_url
    from expgrade.annotation_app.store import Store

    url = resolve_url(db)
    Store.open(url)  # create or migrate now, so a bad --db is a one-line error, not a broken page
    script = Path(annotation_app.__file__).resolve().parent / "app.py"
    if session_hours <= 0:
        raise UserError("must be more than 0", field="--session-hours")
    env = {**os.environ, "EXPGRADE_ANNOTATE_DB": url, "EXPGRADE_SESSION_TTL_S": str(session_hours * 3600)}
    cmd = [
        sys.executable,
        "-m",
        "streamlit",
        "run",
        str(script),
        "--server.port",
        str(port),
        "--server.address",
        address,
        "--server.headless",
        "true",
        "--browser.gatherUsageStats",
        "false",
        "--client.toolbarMode",
        "viewer",
        "--server.fileWatcherType",
        "none",
    ]
    console.print(f"annotation app on http://{address}:{port}  (database {_redacted(url)})")
    raise typer.Exit(_serve(cmd, env))


#: how long the Streamlit child gets to stop after SIGTERM before it is killed
STOP_GRACE_S = 10.0


def _serve(cmd: list[str], env: dict[str, str]) -> int:
    """Run Streamlit as a child and stop it with us: SIGTERM or SIGINT to `expgrade annotate`
    (a `kill`, a service manager, Ctrl-C) is passed on, so the port is never left held."""
    child = subprocess.Popen(cmd, env=env)
    stopping: list[int] = []

    def forward(signum: int, _frame: object) -> None:
        stopping.append(signum)
        if child.poll() is None:
            child.send_signal(signal.SIGTERM)

    previous = {sig: signal.signal(sig, forward) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        code = child.wait()
    finally:
        if child.poll() is None:
            child.terminate()
            try:
                child.wait(timeout=STOP_GRACE_S)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    return 0 if stopping else code


def _redacted(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


@annotate_app.command("load")
def load(
    source: Annotated[
        Path | None,
        typer.Argument(help="A graded RUN_DIR (with results.jsonl) or a label table (.csv/.jsonl/.parquet)."),
    ] = None,
    project: Annotated[
        str, typer.Option("--project", help="Project to add the items to (created if new).")
    ] = "",
    overlap: Annotated[int, typer.Option("--overlap", help="Annotators per item (K).")] = 2,
    tasks: Annotated[
        Path | None, typer.Option("--tasks", help="TASKS.jsonl (with --submissions, or for a RUN_DIR).")
    ] = None,
    submissions: Annotated[Path | None, typer.Option("--submissions", help="Submissions folder.")] = None,
    active: Annotated[
        bool,
        typer.Option(
            "--active/--in-order", help="Serve judge disagreement first, stratified by agent and subtask."
        ),
    ] = False,
    budget: Annotated[
        int | None,
        typer.Option(
            "--budget",
            min=1,
            help="With --active: queue about N items, drawn at random favouring judge disagreement "
            "(inclusion probabilities recorded; the report weights by them).",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            help="Seed of the in-order queue's random order (recorded on the project; default: the "
            "one recorded, 0 for a new project) and of the --budget draw (default 0).",
        ),
    ] = None,
    failure_modes: Annotated[
        bool,
        typer.Option(
            "--failure-modes",
            help="Also load each failed run's failure-mode item (its cited steps; docs/failures.md), "
            "for `failures calibrate`: best in a project of its own.",
        ),
    ] = False,
    failure_modes_only: Annotated[
        bool,
        typer.Option(
            "--failure-modes-only",
            help="Load only the failure-mode items (no pass/fail items): a project for `failures calibrate`.",
        ),
    ] = False,
    db: DbOption = None,
) -> None:
    """Create one item per submission × subtask × criterion; re-loading is idempotent."""
    from expgrade.annotation_app import loaders
    from expgrade.annotation_app.store import Store

    if not project.strip():
        raise UserError("give the project a name", field="--project")
    if failure_modes_only and (source is None or not source.is_dir()):
        raise UserError("failure-mode items come from a graded RUN_DIR", field="--failure-modes-only")
    if source is None:
        if tasks is None or submissions is None:
            raise UserError(
                "give a RUN_DIR, a label table, or both --tasks and --submissions", field="SOURCE"
            )
        specs = loaders.load_tasks_submissions(tasks, submissions)
    elif source.is_dir():
        specs = _load_run(source, tasks, submissions, failure_modes, failure_modes_only)
    elif source.exists():
        specs = loaders.load_labels(source)
    else:
        raise UserError("no such file or folder", file=source)
    if not specs and failure_modes_only:
        raise UserError(
            "found no failure-mode items: run `expgrade failures analyze` on the run first "
            "(and only runs that did not pass, with a trajectory, have one)",
            file=source,
        )
    if not specs:
        raise UserError("found nothing to label (no judged criteria)", file=source or submissions)
    if budget is not None:
        if not active:
            raise UserError("--budget draws an active sample; give --active with it", field="--budget")
        offered = len(specs)
        draw_seed = 0 if seed is None else seed
        specs = loaders.sample_budget(specs, budget, draw_seed)
        console.print(f"active budget {budget}: drew {len(specs)} of {offered} items (seed {draw_seed})")
        if not specs:
            raise UserError("the draw selected no items; raise --budget", field="--budget")
    store = Store.open(db)
    result = store.load(project.strip(), overlap, specs, active_queue=active, queue_seed=seed)
    recorded = store.project(project.strip()).queue_seed
    order = "active" if active else f"in-order (random order, seed {recorded})"
    console.print(
        f"project [bold]{project}[/]: {len(specs)} items ({result.added} added, {result.updated} updated, "
        f"{result.unchanged} unchanged), overlap {overlap}, {order} queue"
    )


def _load_run(
    run_dir: Path, tasks: Path | None, submissions: Path | None, failure_modes: bool, only: bool
) -> list[Any]:
    """The run's items; a cut last record in its results.jsonl also says how to get it back.

    The items of every complete record load (docs/formats.md §1, and the command exits 1);
    the cut one is a submission whose grading a crash interrupted, which resuming the grade
    run does again.
    """
    from expgrade.annotation_app import loaders
    from expgrade.grading.jsonl import cut_lines_read

    with cut_lines_read() as cuts:  # each still reaches the CLI's handler: named, exit 1
        specs = loaders.load_run(
            run_dir,
            tasks=tasks,
            submissions=submissions,
            failure_modes=failure_modes,
            only_failure_modes=only,
        )
    if cuts:
        err_console.print(
            "The grade run was stopped while it wrote its last record: resume it (`expgrade grade` "
            f"with the same options and --out {run_dir}), which grades that submission again, then "
            "run this load again; the items loaded now are kept and not duplicated."
        )
    return specs


@annotate_app.command("add-user")
def add_user(
    name: Annotated[str, typer.Argument(help="Annotator name (shown in exports as the rater).")],
    admin: Annotated[bool, typer.Option("--admin", help="May see the admin page.")] = False,
    adjudicator: Annotated[
        bool,
        typer.Option(
            "--adjudicator",
            help="May settle disagreements (the Adjudicate page, `annotate adjudicate`); can still annotate.",
        ),
    ] = False,
    db: DbOption = None,
) -> None:
    """Create an annotator (or give an existing one a new token, ending their sessions) and print the
    sign-in token once. The roles are set as given: re-issuing a token without --adjudicator
    (or --admin) takes that role away."""
    from expgrade.annotation_app.store import Store

    token = Store.open(db).add_user(name, admin=admin, adjudicator=adjudicator)
    role = ("admin" if admin else "annotator") + (" and adjudicator" if adjudicator else "")
    console.print(f"{role} [bold]{name}[/]; sign-in token (shown once):")
    typer.echo(token)


@annotate_app.command("revoke")
def revoke(
    name: Annotated[str, typer.Argument(help="The user whose sessions end.")],
    db: DbOption = None,
) -> None:
    """End every signed-in session of USER, in every browser: their next press is refused.

    The token still signs in; to stop that too, issue a new one with `add-user NAME`."""
    from expgrade.annotation_app.store import Store

    ended = Store.open(db).revoke(name)
    console.print(f"ended {ended} session{'' if ended == 1 else 's'} of [bold]{name}[/]")


@annotate_app.command("adjudicate")
def adjudicate(
    project: Annotated[str, typer.Option("--project", help="Annotation project.")],
    listing: Annotated[
        bool,
        typer.Option("--list", help="List the items to settle, one line each (the default without --item)."),
    ] = False,
    judge_disagrees: Annotated[
        bool,
        typer.Option(
            "--judge-disagrees",
            help="With --list: also the items where the people agree and the judges say otherwise.",
        ),
    ] = False,
    item: Annotated[
        str | None,
        typer.Option("--item", help="The item to settle: its id (as listed) or the app's opaque id."),
    ] = None,
    label: Annotated[
        str | None,
        typer.Option("--label", help="The final label (a level of the item's scale, or unscorable)."),
    ] = None,
    reason: Annotated[
        str | None, typer.Option("--reason", help="Why this label: kept with the decision.")
    ] = None,
    who: Annotated[
        str | None, typer.Option("--as", help="The adjudicator deciding (a user given --adjudicator).")
    ] = None,
    db: DbOption = None,
    fmt: FormatOption = ListFormat.table,
) -> None:
    """The adjudication queue (--list), or settle one item: --item ID --label L --reason TEXT --as NAME.

    The decision becomes the item's gold label in `gold export` (extra.adjudication); every blind
    label stays as it was given. Only an adjudicator may decide (else exit 2, nothing written)."""
    from expgrade.annotation_app.adjudication import queue
    from expgrade.annotation_app.store import LabelInput, Store

    store = Store.open(db)
    if item is None:
        if label is not None or reason is not None or who is not None:
            raise UserError("name the item to settle with --item", field="--item")
        store.project(project)  # an unknown project is named before anything is printed
        items = queue(store, project, judge_disagrees=judge_disagrees)
        show(fmt, [_queue_row(d) for d in items], lambda: _queue_table(project, items))
        return
    if listing:
        raise UserError("--list lists the queue; settle an item without it", field="--list")
    missing = [name for name, value in (("--label", label), ("--reason", reason), ("--as", who)) if not value]
    if missing:
        raise UserError(f"settling an item needs {', '.join(missing)}", field=missing[0])
    assert label is not None and reason is not None and who is not None
    user = store.adjudicator(who)
    found = store.find_item(project, item)
    unscorable = label.strip().lower() == "unscorable"
    decision = store.adjudicate(
        found.id,
        user.id,
        LabelInput(None if unscorable else label.strip(), reason=reason, unscorable=unscorable),
    )
    settled = ", ".join(f"{s['annotator']} {s['label'] or s['status']}" for s in decision.settled)
    again = f" (decision {decision.revision}; the newest counts)" if decision.revision > 1 else ""
    console.print(
        f"settled {found.item_key}: [bold]{decision.verdict}[/] by {user.name}{again}; it settles {settled}",
        highlight=False,
    )


def _queue_table(project: str, items: list[Any]) -> Any:
    """One line per item: its id, the people's labels, the judges' verdict, why, the decision."""
    from expgrade.grading.tables import terminal_table

    settled = sum(d.settled for d in items)
    rows = []
    for d in items:
        labels = ", ".join(f"{name} {verdict}" for name, verdict in d.labels)
        decision = f"{d.decision.verdict} by {d.decision.adjudicator}" if d.decision else "[yellow]open[/]"
        rows.append((escape(d.item_key), escape(labels), escape(d.judges or "—"), d.why, decision))
    title = f"adjudication queue of {project}: {len(items)} items, {settled} settled"
    # the item id is typed back as --item: never cut
    return terminal_table(
        title,
        ("item", "labels", "judges", "why", "decision"),
        rows,
        text_columns=(1, 2, 3, 4),
        id_columns=(0,),
        stack=False,
    )


def _queue_row(d: Any) -> dict[str, Any]:
    """One queue item as `--format json` gives it."""
    decision = d.decision
    return {
        "item": d.item_key,
        "labels": [{"annotator": name, "label": verdict} for name, verdict in d.labels],
        "judges": d.judges,
        "why": d.why,
        "decision": None if decision is None else {"label": decision.verdict, "by": decision.adjudicator},
    }


@annotate_app.command("import-labels")
def import_labels(
    file: Annotated[
        Path,
        typer.Argument(
            help="Labels made elsewhere: an expgrade label table (.jsonl/.csv/.parquet) or "
            "Label Studio's JSON export (.json)."
        ),
    ],
    project: Annotated[str, typer.Option("--project", help="The project whose items were labelled.")],
    fmt: Annotated[
        ImportFormat, typer.Option("--format", help="auto (by the file's suffix), expgrade or label-studio.")
    ] = "auto",
    id_field: Annotated[
        str, typer.Option("--id-field", help="Label Studio: the task data field holding the item id.")
    ] = "item_id",
    from_name: Annotated[
        str | None,
        typer.Option(
            "--from-name", help="Label Studio: the choices control holding the verdict, if several."
        ),
    ] = None,
    db: DbOption = None,
) -> None:
    """Store labels made outside the app, attributed to their named annotators (created as needed).

    All or nothing: an item not in the project, a label not on the item's scale, or a second
    label of one annotator on one item is an error naming its line, and nothing is written."""
    from expgrade.annotation_app.label_import import read_labels
    from expgrade.annotation_app.store import Store

    store = Store.open(db)
    store.project(project)
    labels = read_labels(file, fmt, id_field=id_field, from_name=from_name)
    result = store.import_labels(project, labels, file=str(file))
    people = sorted({lab.annotator for lab in labels})
    new = (
        f" ({len(result.new_annotators)} new: {', '.join(result.new_annotators)})"
        if result.new_annotators
        else ""
    )
    console.print(
        f"imported {result.labels} labels on {result.items} items of {project} from {len(people)} "
        f"annotators{new}",
        highlight=False,
    )


@annotate_app.command("status")
def status(
    project: Annotated[str, typer.Option("--project", help="Annotation project.")],
    half_width: Annotated[
        float,
        typer.Option("--half-width", help="The ± on the corrected pass rate at which labelling may stop."),
    ] = 0.05,
    confidence: Annotated[float, typer.Option("--confidence", help="Level of the sequences.")] = 0.95,
    db: DbOption = None,
) -> None:
    """Can labelling stop? The judge-corrected pass rate of the project's pass/fail items and the
    judge's agreement with people, as anytime-valid confidence sequences: valid however often
    you look and whenever you stop (`expgrade.calibration.sequential`, docs/calibration.md).

    An item's human verdict is the adjudicator's decision, else the majority of its labels (a
    tie has none); labels count in queue order, and the sequences assume that order is random."""
    from collections import Counter, defaultdict

    from expgrade.annotation_app.store import Store
    from expgrade.calibration.sequential import stopping_status

    if not 0 < half_width < 1:
        raise UserError("must be between 0 and 1", field="--half-width")
    if not 0 < confidence < 1:
        raise UserError("must be between 0 and 1", field="--confidence")
    store = Store.open(db)
    store.project(project)
    verdicts = {i: j.get("verdict") for i, j in store.item_judges(project).items()}
    judged = {i: float(v == "pass") for i, v in verdicts.items() if v in LABELS_PASS_FAIL}
    votes: dict[int, Counter[str]] = defaultdict(Counter)
    for vote in store.label_votes(project):  # queue order
        if vote.label in LABELS_PASS_FAIL:
            votes[vote.item_id][vote.label] += 1
    decided = {i: d.label for i, d in store.decisions(project).items()}
    human: list[float] = []
    judge: list[float] = []
    for item_id, counts in votes.items():
        top = counts.most_common()
        verdict = decided.get(item_id) or (top[0][0] if len(top) == 1 or top[0][1] > top[1][1] else None)
        if item_id in judged and verdict in LABELS_PASS_FAIL:
            human.append(float(verdict == "pass"))
            judge.append(judged[item_id])
    report = stopping_status(list(judged.values()), human, judge, half_width, confidence)
    console.print(report.line(), highlight=False)
    a = report.agreement
    if a.n_labels:
        console.print(
            f"the judge agrees with people on {a.value:.2f} [{a.low:.2f}, {a.high:.2f}] of items "
            f"(valid however long you label)",
            highlight=False,
        )


#: the two verdicts a corrected pass rate is made of
LABELS_PASS_FAIL = ("pass", "fail")


@annotate_app.command("plan")
def plan(
    run_dir: Annotated[Path, typer.Argument(help="A graded RUN_DIR (with results.jsonl).")],
    half_width: Annotated[
        float | None,
        typer.Option("--half-width", help="Labels to bring each agent's corrected rate to ± this."),
    ] = None,
    difference: Annotated[
        float | None,
        typer.Option("--difference", help="Labels to tell two agents apart when their rates differ by this."),
    ] = None,
    cell: Annotated[
        str, typer.Option("--subtask", help="The rate planned: a judged subtask, or all_passed.")
    ] = "all_passed",
    gold: Annotated[
        str | None,
        typer.Option(
            "--gold", help="Labels so far (a label table or a project): the judge's measured errors."
        ),
    ] = None,
    tpr: Annotated[
        float | None, typer.Option("--tpr", help="Stated judge TPR, in place of the measured or assumed one.")
    ] = None,
    fpr: Annotated[
        float | None, typer.Option("--fpr", help="Stated judge FPR, in place of the measured or assumed one.")
    ] = None,
    confidence: Annotated[float, typer.Option("--confidence", help="Level of the intervals.")] = 0.95,
    power: Annotated[
        float, typer.Option("--power", help="With --difference: chance to tell them apart.")
    ] = 0.8,
    db: DbOption = None,
) -> None:
    """How many fully labelled submissions a corrected rate needs, before labelling: per agent
    for a half-width, or per agent to tell each pair apart by a margin (PPI++'s variance from
    the judge's TPR/FPR; `expgrade.calibration.planning`, docs/calibration.md)."""
    from rich.table import Table

    from expgrade.calibration import planning
    from expgrade.calibration.run_report import Gold, read_gold, run_cells, run_item_ids
    from expgrade.calibration.transport import transport_test
    from expgrade.cli.grade import _gold_rows
    from expgrade.grading.run.manifest import load_manifest
    from expgrade.grading.run.store import read_results
    from expgrade.grading.subtasks import DEFAULT_THRESHOLDS, JUDGED_SUBTASKS

    if (half_width is None) == (difference is None):
        raise UserError("give one of --half-width and --difference", field="--half-width")
    target = half_width if half_width is not None else difference or 0.0
    for name, value in (
        ("--half-width/--difference", target),
        ("--confidence", confidence),
        ("--power", power),
    ):
        if not 0 < value < 1:
            raise UserError("must be between 0 and 1", field=name)
    if (tpr is None) != (fpr is None) or any(v is not None and not 0 <= v <= 1 for v in (tpr, fpr)):
        raise UserError("give both --tpr and --fpr, each between 0 and 1", field="--tpr")
    records = read_results(run_dir)
    limits = {**DEFAULT_THRESHOLDS, **((load_manifest(run_dir) or {}).get("thresholds") or {})}
    g = Gold({}, {}, {})
    if gold is not None:
        rows, source = _gold_rows(gold, db)
        g = read_gold(rows, source, run_item_ids(records))
    cells = run_cells(records, g, limits)
    units = cells.units.get(cell)
    if not units:
        raise UserError(
            f"no decided unit in '{cell}' (cells: {', '.join(cells.units) or 'none'})", field="--subtask"
        )
    labelled = [u for u in units if u[3] is not None]
    errors = planning.measured_errors([bool(u[3]) for u in labelled], [u[2] for u in labelled])
    if tpr is not None and fpr is not None:
        errors = planning.JudgeErrors(tpr, fpr, "stated (--tpr, --fpr)")
    agents = sorted({u[0] for u in units})
    arms = {
        a: planning.Arm(a, len(mine), sum(u[2] for u in mine) / len(mine))
        for a in agents
        if (mine := [u for u in units if u[0] == a])
    }
    done = {a: sum(u[0] == a for u in labelled) for a in agents}
    console.print(
        f"{cell}: judge errors {errors.source}: TPR {errors.tpr:.2f}, FPR {errors.fpr:.2f}; "
        f"labels are fully labelled submissions, at {confidence:.0%} confidence",
        highlight=False,
    )
    test = transport_test([u[0] for u in labelled], [bool(u[3]) for u in labelled], [u[2] for u in labelled])
    if test.differ:
        console.print(
            f"judge errors differ by agent (p={test.p_value:.3f}): a pooled plan is a guess; "
            "label each agent, and plan again with its own labels",
            highlight=False,
        )
    table = Table()
    plans: list[tuple[tuple[str, ...], planning.Plan]] = []
    if half_width is not None:
        for column in ("agent", "submissions", "judge rate", "labelled", f"labels for ±{half_width:g}"):
            table.add_column(column)
        for a, arm in arms.items():
            plans.append(((a,), planning.plan_half_width(arm, errors, half_width, confidence)))
            table.add_row(
                a, str(arm.n_units), f"{arm.judge_rate:.2f}", str(done[a]), _planned(plans[-1][1], "±")
            )
    else:
        for column in ("agents", f"labels per agent to tell apart by {difference:g} ({power:.0%} power)"):
            table.add_column(column)
        for i, a in enumerate(agents):
            for b in agents[i + 1 :]:
                plans.append(
                    ((a, b), planning.plan_difference(arms[a], arms[b], errors, target, confidence, power))
                )
                table.add_row(f"{a} vs {b}", _planned(plans[-1][1], "a difference of "))
    console.print(table)
    if plans and all(p.labels is not None for _, p in plans):
        needed = {
            a: max(p.labels or 0 for names, p in plans if a in names)
            for a in {x for n, _ in plans for x in n}
        }
        total = sum(max(0, n - done[a]) for a, n in needed.items())
        subtasks = JUDGED_SUBTASKS if cell == "all_passed" else (cell,)
        items = round(
            total * sum(len(cells.items[s].judge) for s in subtasks if s in cells.items) / len(units)
        )
        console.print(
            f"random draw: {total} more labelled submissions (about {items} items); active draw "
            f"(`annotate load {run_dir} --active --budget {items}`): plan the same, bench/active.md "
            "measured its intervals 0–5 % narrower for the same labels",
            highlight=False,
        )


def _planned(p: Plan, best: str) -> str:
    """A `planning.Plan` in a table cell: the labels, or what labelling every unit would reach."""
    return str(p.labels) if p.labels is not None else f"not reachable: all labelled gives {best}{p.best:.2f}"
