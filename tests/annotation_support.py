"""Builders shared by the annotation tests: a small graded RUN_DIR and a populated store.

The RUN_DIR follows docs/formats.md §4 (results.jsonl written from `ResultRecord` models, a
manifest naming the tasks file and the submissions folder, per-submission logs), so the
loader is exercised against the contract rather than against another module's output.
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from expgrade.annotation_app.queueing import queue_position
from expgrade.grading.jsonl import write_models
from expgrade.grading.schemas import (
    CriterionItem,
    Design,
    ExecutionSubtask,
    JudgedSubtask,
    ResultRecord,
    Submission,
    Subtasks,
    Task,
    TaskSource,
)

REPO = Path(__file__).resolve().parents[1]
EXPGRADE = REPO / ".venv" / "bin" / "expgrade"
HOSTILE = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">**bold?**'


def _task(i: int) -> Task:
    return Task(
        id=f"native/paper{i}/0",
        source=TaskSource(benchmark="native", paper_id=f"paper{i}"),
        question=f"Does method {i} beat the baseline on accuracy?",
        method="Train both models for 3 epochs on the same split.",
        design=Design(
            independent_variables={"model": ["baseline", f"method{i}"]},
            dependent_variables={"accuracy": "test accuracy"},
            constant_variables={"epochs": 3},
        ),
        requirements=["load the data", "train both models", "report accuracy"],
        expected_outcome=f"Method {i} beats the baseline by about 2 points.",
        expected_results={"main": {"accuracy": 0.80 + i / 100}},
    )


def make_run(
    root: Path, n_tasks: int = 2, agents: tuple[str, ...] = ("agentA", "agentB"), hostile: bool = False
) -> Path:
    """A graded run with n_tasks × agents submissions, each with design (3 criteria) and conclusion (2)."""
    tasks = [_task(i) for i in range(n_tasks)]
    write_models(root / "tasks.jsonl", tasks)
    subs_dir = root / "submissions"
    records = []
    for t_i, task in enumerate(tasks):
        for a_i, agent in enumerate(agents):
            sub_id = f"{agent}-t{t_i}"
            folder = subs_dir / sub_id
            folder.mkdir(parents=True)
            design = (
                HOSTILE
                if hostile and a_i == 0
                else f"Vary the model ({agent}); measure accuracy; fix epochs."
            )
            sub = Submission(
                task_id=task.id,
                agent=agent,
                agent_model=f"{agent}-model",
                design=design,
                conclusion=f"{agent} finds the method wins.",
                claimed_results={"main": {"accuracy": 0.81}},
            )
            (folder / "submission.json").write_text(sub.model_dump_json(exclude={"extra"}))
            (folder / "patch.diff").write_text(
                "diff --git a/train.py b/train.py\n--- a/train.py\n+++ b/train.py\n@@ -1,2 +1,2 @@\n"
                "-epochs = 1\n+epochs = 3\n"
            )
            (folder / "agent.log").write_text("\n".join(f"step {n}" for n in range(500)))
            (root / "logs" / sub_id).mkdir(parents=True)
            (root / "logs" / sub_id / "grading.log").write_text(f"graded {sub_id}\n")
            verdicts = ["pass", "fail"] if (t_i + a_i) % 2 else ["pass", "pass"]
            # the shape `expgrade grade` writes: one dict per judge, carrying the label-row item id
            design_items = [
                CriterionItem(
                    criterion=f"{c} variable 'model'",
                    verdict=verdicts[0],
                    rationale=f"judge says {verdicts[0]}",
                    judge=[
                        {
                            "item_id": f"{task.id}/{sub_id}/design/{c}:model",
                            "rater": f"judge-{j + 1}",
                            "status": "graded",
                            "label": v,
                            "confidence": 0.8,
                        }
                        for j, v in enumerate(verdicts)
                    ],
                )
                for c in ("independent", "dependent", "constant")
            ]
            conclusion_items = [
                CriterionItem(
                    criterion=c,
                    verdict="pass",
                    rationale="ok",
                    judge=[{"rater": "judge-1", "status": "graded", "label": "pass"}],
                )
                for c in ("outcome", "support")
            ]
            records.append(
                ResultRecord(
                    task_id=task.id,
                    submission_id=sub_id,
                    agent=agent,
                    agent_model=f"{agent}-model",
                    subtasks=Subtasks(
                        design=JudgedSubtask(status="graded", score=1.0, passed=True, items=design_items),
                        # computed by code, not judged: never an annotation item
                        implementation=JudgedSubtask(
                            status="graded",
                            score=1.0,
                            passed=True,
                            items=[
                                CriterionItem(
                                    criterion="unit tests pass", verdict="pass", judge="deterministic"
                                )
                            ],
                        ),
                        conclusion=JudgedSubtask(
                            status="graded", score=1.0, passed=True, items=conclusion_items
                        ),
                        execution=ExecutionSubtask(
                            status="reproduced",
                            passed=True,
                            exit_code=0,
                            measured_results={"main": {"accuracy": 0.805}},
                            expected_results=task.expected_results or {},
                        ),
                    ),
                    all_passed=True,
                )
            )
    write_models(root / "results.jsonl", records)
    manifest = {"tasks_file": "tasks.jsonl", "submissions_dir": "submissions"}
    (root / "manifest.json").write_text(json.dumps(manifest))
    return root


def seed_serving_first(keys: list[str]) -> int:
    """A seed of the queue's random order under which the first item loaded is served first,
    for tests that read that item (make_run's hostile agent's first design item, two judges)."""
    return next(s for s in range(10_000) if min(keys, key=lambda k: queue_position(s, k)) == keys[0])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cli_process(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the real `expgrade` console script in a child process."""
    return subprocess.run([str(EXPGRADE), *args], capture_output=True, text=True, timeout=300)


def cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run the CLI entry point (`expgrade_cli.main`, the console script's target) in this process.

    Same exit codes and messages as the console script (UserError -> 2, no traceback), without
    paying the interpreter and import start-up for every call.
    """
    from expgrade.cli import main

    out, err = io.StringIO(), io.StringIO()
    saved_env, saved_argv = dict(os.environ), sys.argv
    os.environ.update(env or {})
    sys.argv = ["expgrade", *args]
    code = 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        sys.argv = saved_argv
        os.environ.clear()
        os.environ.update(saved_env)
    return subprocess.CompletedProcess(list(args), code, out.getvalue(), err.getvalue())


def wait_http(url: str, timeout: float = 60.0) -> None:
    import urllib.request

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as resp:
                if resp.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise TimeoutError(f"{url} did not answer within {timeout}s")


def _pg_bin(name: str) -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"))
    if not found:
        raise FileNotFoundError(f"PostgreSQL's {name} is not installed (apt-get install postgresql)")
    return found[-1]


@contextlib.contextmanager
def private_postgres(root: Path) -> Iterator[str]:
    """A throwaway PostgreSQL cluster on a free loopback port; yields its SQLAlchemy URL.

    initdb refuses to run as root, so under root the cluster belongs to the `postgres` user
    (created by Debian's package) and its commands run through `runuser`.
    """
    as_user: list[str] = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    data = root / "pgdata"
    sock = root / "pgsock"
    data.mkdir(parents=True)
    sock.mkdir()
    if as_user:
        shutil.chown(root, "postgres")
        for p in (data, sock):
            shutil.chown(p, "postgres")
    port = free_port()
    run = functools.partial(subprocess.run, check=True, capture_output=True, text=True, timeout=120)
    run([*as_user, str(_pg_bin("initdb")), "-D", str(data), "-U", "expgrade", "--auth=trust", "-E", "UTF8"])
    opts = f"-c listen_addresses=127.0.0.1 -p {port} -k {sock} -c fsync=on -c max_connections=100"
    run(
        [
            *as_user,
            str(_pg_bin("pg_ctl")),
            "-D",
            str(data),
            "-o",
            opts,
            "-w",
            "-l",
            str(root / "pg.log"),
            "start",
        ]
    )
    try:
        run(
            [
                *as_user,
                str(_pg_bin("createdb")),
                "-h",
                "127.0.0.1",
                "-p",
                str(port),
                "-U",
                "expgrade",
                "annotate",
            ]
        )
        yield f"postgresql://expgrade@127.0.0.1:{port}/annotate"
    finally:
        subprocess.run(
            [*as_user, str(_pg_bin("pg_ctl")), "-D", str(data), "-m", "fast", "-w", "stop"],
            capture_output=True,
            timeout=120,
        )


#: What would unblind an annotator of `graded_demo`'s run, each name distinctive enough that
#: finding it anywhere means it leaked: a submission folder, an agent, its model, the judge.
SECRET_FOLDER = "zq-orca-folder-7731"
SECRET_AGENT = "zebra-agent-x91"
SECRET_MODEL = "quokka-model-3b"
SECRET_JUDGE = "openai/narwhal-judge-4242"


def graded_demo(root: Path) -> Path:
    """The demo graded for real (`expgrade grade`, the scripted judge over litellm's HTTP path,
    the local sandbox) after giving one submission the SECRET_* names: its folder, its agent
    and model (also printed into its own log, as harnesses do), and the judge's model.
    Returns the run folder."""
    from expgrade.grading.run.demo import demo_judge_script
    from expgrade.grading.testing.judge_server import ScriptedServer

    demo = REPO / "examples" / "demo"
    bundle = root / "bundle"
    for part in ("repo", "hidden_tests", "submissions"):
        shutil.copytree(demo / part, bundle / part)
    shutil.copy(demo / "tasks.jsonl", bundle / "tasks.jsonl")
    folder = bundle / "submissions" / SECRET_FOLDER
    (bundle / "submissions" / "careful-adam").rename(folder)
    record = json.loads((folder / "submission.json").read_text())
    record.update(agent=SECRET_AGENT, agent_model=SECRET_MODEL)
    (folder / "submission.json").write_text(json.dumps(record))
    log = folder / "agent.log"
    log.write_text(f"{SECRET_AGENT} starting ({SECRET_MODEL}) in /work/{SECRET_FOLDER}\n" + log.read_text())
    run = root / "run"
    env = {**os.environ, "EXPGRADE_CACHE_DIR": str(root / "cache"), "LITELLM_LOCAL_MODEL_COST_MAP": "True"}
    with ScriptedServer(demo_judge_script()) as server:
        graded = subprocess.run(
            [str(EXPGRADE), "grade", "--tasks", str(bundle / "tasks.jsonl"), "--submissions",
             str(bundle / "submissions"), "--out", str(run), "--judge", SECRET_JUDGE,
             "--api-base", server.url, "--sandbox", "local"],
            capture_output=True, text=True, env=env, timeout=600,
        )  # fmt: skip
    assert graded.returncode == 0, graded.stderr
    return run


def judge_rationales(run: Path) -> set[str]:
    """Every rationale a result record holds (judges' and deterministic checks'), long enough
    to be unmistakable when found elsewhere."""
    found: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                if key == "rationale" and isinstance(inner, str) and len(inner) >= 12:
                    found.add(inner)
                walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    for line in (run / "results.jsonl").read_text().splitlines():
        walk(json.loads(line))
    return found


def make_big_run(root: Path) -> tuple[Path, int]:
    """A graded run whose first submission is 5 MB (a 2.5 MB diff, a 2.5 MB log), judged on 11
    criteria across design, implementation, conclusion and integrity; returns (run, its bytes)."""
    run = make_run(root, n_tasks=1, agents=("agentA",))
    folder = run / "submissions" / "agentA-t0"
    hunk = "".join(f"+    value_{n} = compute({n})\n" for n in range(80_000))
    (folder / "patch.diff").write_text(
        f"diff --git a/m.py b/m.py\n--- a/m.py\n+++ b/m.py\n@@ -0,0 +1 @@\n{hunk}"
    )
    (folder / "agent.log").write_text("".join(f"step {n}: loss {1 / (n + 1):.6f}\n" for n in range(110_000)))
    results = run / "results.jsonl"
    record = json.loads(results.read_text())
    design = record["subtasks"]["design"]
    # the same submission judged on more criteria: implementation and integrity items too
    record["subtasks"]["implementation"] = {**design}
    record["subtasks"]["integrity"] = {**design}
    results.write_text(json.dumps(record) + "\n")
    return run, sum(p.stat().st_size for p in folder.iterdir())


#: names as held-out runs record them, and the kind of each
HELD_OUT_NAMES: tuple[tuple[str, str], ...] = (
    ("agentcorrectq7", "agent"),
    ("PANGOLIN-AGENT", "agent"),
    ("anthropic/claude-3-5-sonnet-20241022", "model"),
    ("openai/gpt-4o-2024-08-06", "model"),
    ("WOMBAT-13B", "model"),
)
#: what may stand between two characters of a name as an agent writes it (or nothing)
RESPELL_SEPARATORS = (" ", "-", "_", ".", "/", "\n", " - ", "\u200b", "\u00ad", "\u2010", "\u00b7",
                      "%2D", "%20", "%5F", "&#45;", "&nbsp;", "&#x2F;")  # fmt: skip


def respell_strategy() -> Any:
    """A hypothesis strategy for (name, what, spelling): a held-out name's letters and digits in
    order, each in either case and perhaps URL-encoded, written as an HTML character reference
    (decimal or hex) or in its fullwidth form, with any separator or none between any two."""
    from hypothesis import strategies as st

    def spell(name: str, draw: Any) -> str:
        chars = [c for c in name.rsplit("/", 1)[-1] if c.isalnum()]
        out = ""
        for i, c in enumerate(chars):
            c = c.upper() if draw(st.booleans()) else c.lower()
            form = draw(st.sampled_from(["plain"] * 6 + ["url", "dec", "hex", "wide"]))
            out += {
                "plain": c,
                "url": f"%{ord(c):02X}",
                "dec": f"&#{ord(c)};",
                "hex": f"&#x{ord(c):x};",
                "wide": chr(ord(c) + 0xFEE0),
            }[form]
            if i < len(chars) - 1:
                out += draw(st.sampled_from(["", "", "", *RESPELL_SEPARATORS]))
        return out

    @st.composite
    def case(draw: Any) -> tuple[str, str, str]:
        name, what = draw(st.sampled_from(HELD_OUT_NAMES))
        return name, what, spell(name, draw)

    return case()
