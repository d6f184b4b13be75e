"""Annotation app benchmark: a 1 MB diff on screen, and submit latency under 20 writers.

1. Render of an item whose diff is 1 MB: (a) the Streamlit script run for that page, through
   AppTest (server side: load from the store, split the diff, build the elements), and (b) in
   Debian's chromium against `expgrade annotate`: from the click on "Sign in" to the item's
   diff and file list on screen (the whole round trip a person waits for). Two shapes: one
   1 MB file, and 200 files of 5 KB.
2. Submit latency: 20 threads, each an annotator doing claim → submit cycles as fast as they
   can; the latency of each `submit` (one committed transaction) and each `claim`, p50/p95/p99,
   on SQLite (WAL) and, when PostgreSQL is installed, on a private cluster on loopback.

3. Key press → next item visible: in chromium on the demo's submissions, from pressing P to
   the labelling panel showing the next item's id, and in the page from the key to that item
   shown, painted and live (taking a key), with the presses whose first item was replaced or
   that brought the item just labelled back; with `--team`, two (`--annotators`) people
   labelling at once, each in its own chromium, on projects of `--overlaps` labels per item,
   with the load average of each run, and with `--before DIR` the code of another checkout run
   beside this one, round by round.
4. The admin page of a 100,000-item project (2,000 labels): the server's script run, and in
   chromium the click on "Admin" until its items table and export buttons are on screen.
5. One press's script run for an annotator with no labels and one with thousands (the cost
   of a press must not grow with the annotator's history).

    .venv/bin/python bench/annotation_bench.py [--writers 20] [--submits 200] [--no-browser] [--no-postgres]
    .venv/bin/python bench/annotation_bench.py --keys-only   # just the key press figure
    .venv/bin/python bench/annotation_bench.py --admin-only [--admin-items 100000]   # the admin page
    .venv/bin/python bench/annotation_bench.py --submit-only --submits 60   # just submit latency
    .venv/bin/python bench/annotation_bench.py --history-only [--history 2000]   # press cost vs history
    .venv/bin/python bench/annotation_bench.py --team [--annotators 2] [--overlaps 1 2] [--before DIR]
    .venv/bin/python bench/annotation_bench.py --store-press [--before DIR]   # the store's side of it

    Before/after on one machine: run it once more with PYTHONPATH set to a checkout of the
    code before the change (the app and the store are imported from there).

Prints a Markdown table (copy it into bench/annotation.md).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
# the shared helpers (free port, private PostgreSQL), after PYTHONPATH: another checkout's own
# helpers for its own code (`keypress_bench` makes its project with that code)
sys.path.append(str(REPO / "tests"))

from annotation_support import EXPGRADE, free_port, make_big_run, private_postgres, wait_http  # noqa: E402

from expgrade.annotation_app.store import ItemSpec, LabelInput, Store  # noqa: E402

MB = 1_000_000


def big_diff(n_files: int, total: int = MB) -> str:
    per_file = total // n_files
    parts = []
    for f in range(n_files):
        body = []
        size = 0
        n = 0
        while size < per_file:
            line = f"+    value_{n} = compute(alpha={n}, beta='{f}')  # added line {n}\n"
            body.append(line)
            size += len(line)
            n += 1
        parts.append(
            f"diff --git a/src/mod{f}.py b/src/mod{f}.py\n--- a/src/mod{f}.py\n+++ b/src/mod{f}.py\n"
            f"@@ -0,0 +1,{n} @@\n" + "".join(body)
        )
    return "".join(parts)


def diff_item(key: str, diff: str) -> ItemSpec:
    content = {
        "question": "Does it work?",
        "method": None,
        "subtask": "implementation",
        "criterion": {"id": "requirements", "text": "Implements the steps.", "guidelines": ""},
        "ground_truth": {"requirements": ["a", "b"]},
        "artifact": {"diff": diff},
    }
    return ItemSpec(item_key=key, scale=["pass", "fail"], content=content, subtask="implementation")


def percentile(xs: list[float], q: float) -> float:
    return statistics.quantiles(xs, n=100, method="inclusive")[int(q) - 1]


def server_render(db: str, token: str, repeats: int = 5) -> float:
    from streamlit.testing.v1 import AppTest

    os.environ["EXPGRADE_ANNOTATE_DB"] = db
    times = []
    for _ in range(repeats):
        at = AppTest.from_file(str(REPO / "annotation_app" / "app.py"), default_timeout=120)
        at.run()
        at.text_input[0].input(token)
        t0 = time.perf_counter()
        at.button[0].click().run()
        times.append(time.perf_counter() - t0)
        assert not at.exception, at.exception
    return statistics.median(times)


def browser_render(db: str, token: str, repeats: int = 3) -> float:
    from playwright.sync_api import sync_playwright

    port = free_port()
    proc = subprocess.Popen(
        [str(EXPGRADE), "annotate", "--db", db, "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    times = []
    try:
        wait_http(f"{url}/_stcore/health")
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
            )
            for _ in range(repeats):
                page = browser.new_page(viewport={"width": 1400, "height": 1000})
                page.goto(url)
                page.locator("input[type=password]").fill(token)
                t0 = time.perf_counter()
                page.get_by_role("button", name="Sign in").click()
                page.locator("code").filter(has_text="added line 1").first.wait_for(timeout=120_000)
                times.append(time.perf_counter() - t0)
                page.close()
            browser.close()
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)
    return statistics.median(times)


def _keys_project(db: str, overlap: int, annotators: int) -> list[str]:
    """The demo's submissions as a project of `overlap` labels per item; one token per annotator."""
    from expgrade.annotation_app.loaders import load_tasks_submissions

    demo = REPO / "examples" / "demo"
    store = Store.open(db)
    store.load(
        "demo",
        overlap,
        load_tasks_submissions(demo / "tasks.jsonl", demo / "submissions"),
        active_queue=False,
    )
    return [store.add_user(f"keys{n}") for n in range(annotators)]


def _serve_app(db: str, code: Path | None) -> tuple[subprocess.Popen[bytes], str]:
    """`expgrade annotate` on a free port, importing the app from `code` (a checkout of the
    code before a change) when given, else from this one."""
    port = free_port()
    env = dict(os.environ)
    if code is not None:
        env["PYTHONPATH"] = str(code)  # `python -m streamlit` also puts its cwd first on sys.path
    proc = subprocess.Popen(
        [str(EXPGRADE), "annotate", "--db", db, "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        env=env,
        cwd=str(code or REPO),
    )
    url = f"http://127.0.0.1:{port}"
    wait_http(f"{url}/_stcore/health")
    return proc, url


#: the id of the item on screen: the first item id shown (checkVisibility) in any panel head,
#: so the same lookup reads a page that draws the next item ahead, hidden, and one that does not
SHOWN_ID = """() => {
  const e = Array.from(document.querySelectorAll("[data-testid=stText]"))
    .find((t) => /^Item [0-9a-f]{10}$/.test(t.innerText) && t.checkVisibility());
  return e ? e.innerText : null;
}"""


#: in the page itself, per P pressed, from the key event's own time (when the browser got the
#: key, so time queued behind a busy page counts; the test driver's own round trips are left out):
#: - shown: the first frame that shows another item id;
#: - painted: the frame after it starts (a frame callback runs before its frame's paint, so the
#:   next one runs once that frame is painted): the item is on the screen;
#: - live: the first frame where a P pressed on that item would go to the app at once (the grace
#:   period apart), as the page's own key script judges it (`window.__expgradeTakes`, the test its
#:   key handler makes): since issue 65 the copy drawn ahead takes a key while its hold lasts;
#:   a page without that script's answer (before) is live once the item is the claim with an
#:   enabled Pass button that is not a faded leftover, which is when its key script sends a key;
#: - replaced: the item shown first gave way to another before it was live (someone else took it);
#: - back: the item the key left came back on screen after another had shown.
#: Frames are watched until the press is live, or the next key.
WATCH_KEYS = f"""() => {{
  const shown = {SHOWN_ID};
  const claimLive = (id) => {{
    if (window.__expgradeTakes) return window.__expgradeTakes(id);
    if (document.body.dataset.expgradeAhead) return false;
    const head = document.querySelector(".st-key-item_now .st-key-item_head [data-testid=stText]");
    if (!head || head.innerText !== id || head.closest("[data-stale=true]")) return false;
    return Array.from(document.querySelectorAll(".st-key-item_now .st-key-verdict_pass button"))
      .some((b) => !b.disabled && !b.closest("[data-stale=true]"));
  }};
  window.__presses = [];
  let press = null;
  window.addEventListener("keydown", (e) => {{
    if (e.key !== "p" || e.repeat) return;
    press = {{at: e.timeStamp, from: shown(), first: null, shown: null, painted: null, live: null,
              replaced: false, back: false}};
    window.__presses.push(press);
  }}, true);
  const look = (now) => {{
    const p = press;
    if (p !== null && p.live === null) {{
      const id = shown();
      const t = performance.now() - p.at;
      if (p.first === null && id !== null && id !== p.from) {{
        p.first = id;
        p.shown = t;
        requestAnimationFrame(() => {{ p.painted = performance.now() - p.at; }});
      }} else if (p.first !== null && id !== null && id !== p.first) {{
        if (id === p.from) p.back = true; else p.replaced = true;
      }}
      if (p.first !== null && id !== null && id !== p.from && claimLive(id)) p.live = t;
    }}
    requestAnimationFrame(look);
  }};
  requestAnimationFrame(look);
}}"""


@dataclass
class PressFigures:
    """What one annotator's presses measured, in seconds (`press_times`)."""

    visible: list[float]  # from Python: key → another item id visible (driver round trips in)
    done: list[float]  # from Python: key → the whole page drawn (the script run ended)
    shown: list[float]  # in the page, as WATCH_KEYS says
    painted: list[float]
    live: list[float]
    replaced: int
    back: int


def press_times(url: str, token: str, presses: int, start_at: float = 0.0) -> PressFigures:
    """One annotator in chromium pressing P `presses` times, each once the item has been on
    screen past the grace period. `start_at` (time.time()) lines several annotators up to start
    together."""
    from playwright.sync_api import sync_playwright

    times: list[float] = []
    done: list[float] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.goto(url)
        page.locator("input[type=password]").fill(token)
        page.get_by_role("button", name="Sign in").click()
        page.wait_for_function(SHOWN_ID, timeout=120_000)
        page.evaluate(WATCH_KEYS)
        time.sleep(max(0.0, start_at - time.time()))
        for _ in range(presses):
            before = page.evaluate(SHOWN_ID)
            page.get_by_role("heading", name="Agent's work").click()
            time.sleep(0.3)  # a key pressed within 250 ms of an item's drawing is dropped
            t0 = time.perf_counter()
            page.keyboard.press("p")
            page.wait_for_function(
                f"before => {{ const id = ({SHOWN_ID})(); return id !== null && id !== before; }}",
                arg=before,
                polling="raf",
                timeout=60_000,
            )
            times.append(time.perf_counter() - t0)
            # and the whole page drawn: the item shown is the claim (a page that draws the next
            # item ahead has claimed it) and the script run the press started has ended
            page.wait_for_function(
                "() => !document.body.dataset.expgradeAhead && document.querySelector("
                "'[data-testid=stApp]').getAttribute('data-test-script-state') === 'notRunning'",
                polling="raf",
                timeout=60_000,
            )
            done.append(time.perf_counter() - t0)
        page.wait_for_function("() => window.__presses.every((p) => p.live !== null && p.painted !== null)")
        marks: list[dict[str, Any]] = page.evaluate("() => window.__presses")
        browser.close()

    def ms(field: str) -> list[float]:
        return [m[field] / 1000 for m in marks]

    return PressFigures(
        times,
        done,
        ms("shown"),
        ms("painted"),
        ms("live"),
        replaced=sum(m["replaced"] for m in marks),
        back=sum(m["back"] for m in marks),
    )


def _ms(xs: list[float]) -> str:
    return f"{percentile(xs, 50) * 1000:.0f} / {percentile(xs, 95) * 1000:.0f} ms"


def _load() -> str:
    return f"{os.getloadavg()[0]:.1f}"


def keypress_bench(
    root: Path,
    presses: int = 30,
    annotators: int = 1,
    code: Path | None = None,
    label: str = "",
    overlap: int | None = None,
) -> list[tuple[str, str]]:
    """Key press to the next item on screen, in chromium, on the demo's submissions: the time
    from pressing P until the panel shows another item id (what an annotator waits for), until
    it is painted and until it takes a key, with `annotators` people labelling at once (each
    its own chromium, all on one server) on a project of `overlap` labels per item (default:
    one per annotator), the presses whose first item gave way to another or that brought the
    item just labelled back, and the 1-minute load average before → after."""
    from concurrent.futures import ProcessPoolExecutor

    overlap = overlap or annotators
    db = str(root / f"keys-{time.monotonic_ns()}.db")
    if code is None:
        tokens = _keys_project(db, overlap=overlap, annotators=annotators)
    else:  # made by the code that serves it: a database of a newer schema is refused by older code
        worker = subprocess.run(
            [sys.executable, __file__, "--keys-project-worker", db, str(overlap), str(annotators)],
            capture_output=True, text=True, check=True, cwd=code,
            env={**os.environ, "PYTHONPATH": f"{code}{os.pathsep}{code / 'tests'}"},
        )  # fmt: skip
        tokens = json.loads(worker.stdout.strip().splitlines()[-1])
    proc, url = _serve_app(db, code)
    load_before = _load()
    try:
        if annotators == 1:
            results = [press_times(url, tokens[0], presses)]
        else:
            start_at = time.time() + 15  # all signed in and on their first item by then
            with ProcessPoolExecutor(annotators) as pool:
                futures = [pool.submit(press_times, url, t, presses, start_at) for t in tokens]
                results = [f.result() for f in futures]
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)

    def every(field: str) -> list[float]:
        return [t for r in results for t in getattr(r, field)]

    n = len(every("visible"))
    who = f"{annotators} annotators at once" if annotators > 1 else "one annotator"
    tag = f"{label}: " if label else ""
    on = f"{who}, overlap {overlap}"
    return [
        (
            f"{tag}key press → next item visible, chromium, {on} ({n} presses, load "
            f"{load_before} → {_load()}): p50 / p95",
            _ms(every("visible")),
        ),
        (f"{tag}key → next item shown, in the page, {on}: p50 / p95", _ms(every("shown"))),
        (f"{tag}key → next item painted, in the page, {on}: p50 / p95", _ms(every("painted"))),
        (f"{tag}key → next item live (takes a key), in the page, {on}: p50 / p95", _ms(every("live"))),
        (
            f"{tag}presses whose first item shown was replaced / brought the item just labelled back, {on}",
            f"{sum(r.replaced for r in results)} / {sum(r.back for r in results)} of {n}",
        ),
        (
            f"{tag}key press → the whole next page drawn (script run ended), {on}: p50 / p95",
            _ms(every("done")),
        ),
    ]


def store_press_bench(annotators: int, presses: int) -> list[float]:
    """The store's side of key presses, `annotators` at once (one thread each, one store, as
    the Streamlit server has): per press, what the callback and the redraw read and write —
    submit, session check, the label list, the next claim, the progress count, the item and
    the item drawn ahead — timed whole. Run in this process's code (PYTHONPATH picks before or after)."""
    root = Path(tempfile.mkdtemp(prefix="expgrade-annbench-store-"))
    db = str(root / "press.db")
    tokens = _keys_project(db, overlap=annotators, annotators=annotators)
    store = Store.open(db)
    times: list[float] = []
    lock = threading.Lock()

    def work(token: str) -> None:
        user = store.user_by_token(token)
        assert user is not None
        sid = store.start_session(user.id, 3600)
        a = store.claim("demo", user.id)
        mine: list[float] = []
        for _ in range(presses):
            if a is None:
                break
            t0 = time.perf_counter()
            store.submit(a.id, user.id, LabelInput(label="pass"), revision=a.revision, session=sid)
            store.session_user(sid)
            store.my_labels("demo", user.id, 200)
            a = store.claim("demo", user.id)
            store.available("demo", user.id)
            if a is not None:
                store.item(a.item_id)
                # the item drawn ahead: held (a write) since issue 65, read before it
                look_ahead = getattr(store, "hold_next", None) or getattr(store, "peek")  # noqa: B009 (before)
                look_ahead("demo", user.id, after=a.id)
            mine.append(time.perf_counter() - t0)
        with lock:
            times.extend(mine)

    threads = [threading.Thread(target=work, args=(t,)) for t in tokens]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    shutil.rmtree(root, ignore_errors=True)
    return times


def render_bench(root: Path, browser: bool) -> list[tuple[str, str]]:
    rows = []
    for n_files, size in ((1, 2_000), (1, MB), (200, MB)):
        db = str(root / f"render{n_files}-{size}.db")
        store = Store.open(db)
        store.load("bench", 1, [diff_item(f"big/{n_files}", big_diff(n_files, size))], active_queue=False)
        token = store.add_user(f"reader{n_files}")
        label = (
            f"{'1 MB' if size == MB else '2 KB (baseline)'} diff, {n_files} file{'s' if n_files > 1 else ''}"
        )
        rows.append(
            (f"{label}: server script run (AppTest, median of 5)", f"{server_render(db, token):.3f} s")
        )
        if browser:
            rows.append(
                (
                    f"{label}: chromium, sign-in click → diff on screen (median of 3)",
                    f"{browser_render(db, token):.3f} s",
                )
            )
    return rows


def storage_bench(root: Path) -> list[tuple[str, str]]:
    """The database a 5 MB submission judged on 11 criteria takes, loaded from its graded run."""
    from expgrade.annotation_app.loaders import load_run

    run, size = make_big_run(root / "big-run")
    db = root / "storage.db"
    Store.open(str(db)).load("big", 1, load_run(run), active_queue=False)
    return [
        (
            f"storage: 11 items of a {size / MB:.1f} MB submission, SQLite file",
            f"{db.stat().st_size / MB:.1f} MB",
        )
    ]


def admin_project(db: str, n_items: int, labelled: int) -> str:
    """A project of `n_items` items shaped like a graded run's (10 criteria per submission, two
    judges each, about 1 KB shown per item), `labelled` of them labelled by two annotators;
    returns an admin's token."""
    store = Store.open(db)
    guidelines = "Decide whether the design covers the variable. " * 16
    specs = []
    for i in range(n_items):
        sub, crit = divmod(i, 10)
        key = f"bench/task{sub % 50}/agent{sub % 7}-s{sub}/design/independent:v{crit}"
        votes = [{"rater": f"judge-{j}", "label": "pass" if (i + j) % 3 else "fail", "confidence": 0.8,
                  "status": "graded", "item_id": key} for j in range(2)]  # fmt: skip
        specs.append(
            ItemSpec(
                item_key=key,
                scale=["pass", "fail"],
                content={
                    "task_id": f"bench/task{sub % 50}",
                    "subtask": "design",
                    "criterion": {
                        "id": f"independent:v{crit}",
                        "text": f"variable v{crit}",
                        "guidelines": guidelines,
                    },
                    "question": f"Does method {sub % 50} beat the baseline?",
                    "ground_truth": {"design": {"independent_variables": {f"v{crit}": [1, 2]}}},
                    "artifact": {"design": f"Vary v{crit} over 1 and 2; measure accuracy. " * 8},
                },
                task_id=f"bench/task{sub % 50}",
                submission_id=f"agent{sub % 7}-s{sub}",
                agent=f"agent{sub % 7}",
                agent_model=f"model{sub % 7}",
                subtask="design",
                criterion=f"independent:v{crit}",
                judges={"verdict": votes[0]["label"], "judge": votes},
                priority=0.5,
            )
        )
    store.load("bench", 2, specs, active_queue=False)
    for name in ("ann1", "ann2"):
        user = store.user_by_token(store.add_user(name))
        assert user is not None
        for _ in range(labelled):
            a = store.claim("bench", user.id)
            assert a is not None
            store.submit(a.id, user.id, LabelInput("pass" if a.item_id % 4 else "fail", 0.8))
    return store.add_user("admin", admin=True)


def history_bench(root: Path, n_items: int, labelled: int, presses: int = 15) -> list[tuple[str, str]]:
    """The server's script run behind one press (AppTest: sign in, then press Pass), for an
    annotator with no labels and for one with `labelled` labels in the same project: the cost
    of a press must not grow with the annotator's history."""
    from streamlit.testing.v1 import AppTest

    db = str(root / "history.db")
    admin_project(db, n_items, labelled)
    store = Store.open(db)
    os.environ["EXPGRADE_ANNOTATE_DB"] = db
    rows = []
    for name, history in (("fresh", 0), ("ann1", labelled)):
        at = AppTest.from_file(str(REPO / "annotation_app" / "app.py"), default_timeout=600)
        at.run()
        at.text_input[0].input(store.add_user(name))  # ann1 again: a new token, its labels kept
        at.button[0].click().run()
        times = []
        for _ in range(presses):
            press = next(b for b in at.button if b.label == "Pass (P)")
            t0 = time.perf_counter()
            press.click().run()
            times.append(time.perf_counter() - t0)
            assert not at.exception, at.exception
        rows.append((
            f"one press, server script run (AppTest), annotator with {history:,} labels in a "
            f"{n_items:,}-item project ({presses} presses): p50 / p95",
            f"{percentile(times, 50) * 1000:.0f} / {percentile(times, 95) * 1000:.0f} ms",
        ))  # fmt: skip
    return rows


def admin_bench(
    root: Path, n_items: int, labelled: int, browser: bool, repeats: int = 3, db: str | None = None
) -> list[tuple[str, str]]:
    """The admin page of a big project: the server's script run (AppTest) and, in chromium,
    the click on "Admin" until its items table and export buttons are on screen. With `db`,
    the project `bench` already in that database (`admin_project` built it), so one project
    can be timed on two versions of the app."""
    from streamlit.testing.v1 import AppTest

    t0 = time.perf_counter()
    if db is None:
        db = str(root / "admin.db")
        token = admin_project(db, n_items, labelled)
    else:
        token = Store.open(db).add_user("admin", admin=True)
    built = time.perf_counter() - t0
    os.environ["EXPGRADE_ANNOTATE_DB"] = db
    server = []
    for _ in range(repeats):
        at = AppTest.from_file(str(REPO / "annotation_app" / "app.py"), default_timeout=600)
        at.run()
        at.text_input[0].input(token)
        at.button[0].click().run()
        t0 = time.perf_counter()
        at.sidebar.radio(key="page").set_value("Admin").run()
        server.append(time.perf_counter() - t0)
        assert not at.exception, at.exception
    with Store.open(db).engine.connect() as conn:  # raw SQL: the bench also times older versions
        n_items = conn.exec_driver_sql("SELECT count(*) FROM items").scalar_one()
        n_labels = conn.exec_driver_sql(
            "SELECT count(*) FROM assignments WHERE state = 'submitted'"
        ).scalar_one()
    what = f"admin page, {n_items:,} items, {n_labels:,} labels"
    rows = [
        (f"{what}: project built and loaded (once)", f"{built:.0f} s"),
        (f"{what}: server script run (AppTest, median of {repeats})", f"{statistics.median(server):.2f} s"),
    ]
    if browser:
        rows.append((f"{what}: chromium, click on Admin → items and export on screen (median of {repeats})",
                     f"{admin_browser(db, token, repeats):.2f} s"))  # fmt: skip
    return rows


def admin_browser(db: str, token: str, repeats: int) -> float:
    from playwright.sync_api import sync_playwright

    port = free_port()
    proc = subprocess.Popen(
        [str(EXPGRADE), "annotate", "--db", db, "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    times = []
    try:
        wait_http(f"{url}/_stcore/health")
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
            )
            for _ in range(repeats):
                page = browser.new_page(viewport={"width": 1400, "height": 1000})
                page.goto(url)
                page.locator("input[type=password]").fill(token)
                page.get_by_role("button", name="Sign in").click()
                # an admin opens on the Admin page now (before: on Annotate): from Annotate, both
                page.get_by_text("Annotate", exact=True).click(timeout=600_000)
                page.get_by_role("heading", name="Annotate · bench").wait_for(timeout=600_000)
                t0 = time.perf_counter()
                page.get_by_text("Admin", exact=True).click()
                page.get_by_role("heading", name="Export").wait_for(timeout=600_000)
                page.get_by_role("button", name="Gold labels (CSV)").wait_for(timeout=600_000)
                page.locator("[data-testid=stDataFrame]").last.wait_for(timeout=600_000)
                times.append(time.perf_counter() - t0)
                page.close()
            browser.close()
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)
    return statistics.median(times)


def submit_bench(url: str, writers: int, submits: int, pace_s: float) -> tuple[list[float], list[float]]:
    """Latencies of `writers` annotators, each doing claim → submit, `pace_s` apart (0: back to back)."""
    store = Store.open(url)
    n_items = writers * submits // 3 + writers * 4
    project = f"bench-{pace_s:g}"
    store.load(
        project,
        3,
        [ItemSpec(item_key=f"i{i}", scale=["pass", "fail"], content={"n": i}) for i in range(n_items)],
        active_queue=False,
    )
    users = [store.user_by_token(store.add_user(f"{project}-w{i}")) for i in range(writers)]
    submit_s: list[float] = []
    claim_s: list[float] = []
    lock = threading.Lock()
    barrier = threading.Barrier(writers)

    def work(user_id: int) -> None:
        rng = random.Random(user_id)
        mine_submit, mine_claim = [], []
        barrier.wait()
        for _ in range(submits):
            t0 = time.perf_counter()
            a = store.claim(project, user_id)
            t1 = time.perf_counter()
            assert a is not None
            store.submit(a.id, user_id, LabelInput("pass", 0.7, "fine"))
            t2 = time.perf_counter()
            mine_claim.append(t1 - t0)
            mine_submit.append(t2 - t1)
            if pace_s:
                time.sleep(pace_s * (0.5 + rng.random()))
        with lock:
            submit_s.extend(mine_submit)
            claim_s.extend(mine_claim)

    threads = [threading.Thread(target=work, args=(u.id,)) for u in users if u]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    store.engine.dispose()
    return submit_s, claim_s


def latency_rows(name: str, submit_s: list[float], claim_s: list[float]) -> list[tuple[str, str]]:
    def ms(xs: list[float], q: float) -> str:
        return f"{percentile(xs, q) * 1000:.1f}"

    return [
        (
            f"{name}: submit latency p50 / p95 / p99 ({len(submit_s)} submits)",
            f"{ms(submit_s, 50)} / {ms(submit_s, 95)} / {ms(submit_s, 99)} ms",
        ),
        (
            f"{name}: claim latency p50 / p95 / p99",
            f"{ms(claim_s, 50)} / {ms(claim_s, 95)} / {ms(claim_s, 99)} ms",
        ),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--writers", type=int, default=20)
    parser.add_argument("--submits", type=int, default=200, help="per writer")
    parser.add_argument(
        "--pace", type=float, default=0.5, help="seconds between one writer's submits (paced run)"
    )
    parser.add_argument("--no-browser", action="store_true")
    parser.add_argument("--no-postgres", action="store_true")
    parser.add_argument("--keys-only", action="store_true", help="only the key press → next item figure")
    parser.add_argument(
        "--team", action="store_true", help="key press → next item with --annotators labelling at once"
    )
    parser.add_argument("--annotators", type=int, default=2, help="people labelling at once (--team)")
    parser.add_argument(
        "--store-press", action="store_true", help="the store's side of --annotators pressing at once"
    )
    parser.add_argument("--store-press-worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--keys-project-worker", nargs=3, help=argparse.SUPPRESS)  # DB OVERLAP ANNOTATORS
    parser.add_argument("--presses", type=int, default=30, help="presses per annotator (--team)")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of --team (each before, then after)")
    parser.add_argument(
        "--overlaps",
        type=int,
        nargs="+",
        help="labels per item of --team's projects, one run each (default: one per annotator)",
    )
    parser.add_argument(
        "--before", help="a checkout of the code before a change, run beside this one (--team)"
    )
    parser.add_argument(
        "--submit-only", action="store_true", help="only the submit latency figures (no render, no browser)"
    )
    parser.add_argument("--admin-only", action="store_true", help="only the admin page figures")
    parser.add_argument("--admin-items", type=int, default=100_000, help="items of the admin page's project")
    parser.add_argument(
        "--admin-labelled", type=int, default=1_000, help="items each of two annotators labels"
    )
    parser.add_argument("--admin-db", help="time the admin page on this database's `bench` project")
    parser.add_argument("--storage-only", action="store_true", help="only the storage figure")
    parser.add_argument(
        "--history-only", action="store_true", help="only the press cost against the annotator's history"
    )
    parser.add_argument("--history", type=int, default=2_000, help="labels of the annotator with a history")
    args = parser.parse_args()
    if args.storage_only:
        with tempfile.TemporaryDirectory(prefix="expgrade-annbench-") as tmp:
            for name, value in storage_bench(Path(tmp)):
                print(f"| {name} | {value} |")
        return
    if args.history_only:
        with tempfile.TemporaryDirectory(prefix="expgrade-annbench-") as tmp:
            for name, value in history_bench(Path(tmp), args.history + 1_000, args.history):
                print(f"| {name} | {value} |")
        return
    if args.admin_only:
        with tempfile.TemporaryDirectory(prefix="expgrade-annbench-") as tmp:
            browser = not args.no_browser and Path("/usr/bin/chromium").exists()
            figures = admin_bench(Path(tmp), args.admin_items, args.admin_labelled, browser, db=args.admin_db)
            for name, value in figures:
                print(f"| {name} | {value} |")
        return
    if args.keys_only:
        with tempfile.TemporaryDirectory(prefix="expgrade-annbench-") as tmp:
            for name, value in keypress_bench(Path(tmp)):
                print(f"| {name} | {value} |")
        return
    if args.keys_project_worker:
        db, overlap, annotators = args.keys_project_worker
        print(json.dumps(_keys_project(db, int(overlap), int(annotators))))
        return
    if args.store_press_worker:
        print(json.dumps(store_press_bench(args.annotators, args.presses)))
        return
    if args.store_press:
        # the store's side of a team's presses, before and after side by side (one process each)
        trees: list[tuple[str, Path]] = [("after", REPO)]
        if args.before:
            trees.insert(0, ("before", Path(args.before).resolve()))
        for n in range(args.rounds):
            for label, tree in trees:
                load = _load()
                worker = subprocess.run(
                    [sys.executable, __file__, "--store-press-worker", "--annotators", str(args.annotators),
                     "--presses", str(args.presses)],
                    capture_output=True, text=True, check=True, cwd=tree,
                    env={**os.environ, "PYTHONPATH": str(tree)},
                )  # fmt: skip
                times = json.loads(worker.stdout.strip().splitlines()[-1])
                print(
                    f"| round {n + 1}, {label}: store side of a press, {args.annotators} annotators at once "
                    f"({len(times)} presses, load {load} → {_load()}): p50 / p95 | {_ms(times)} |",
                    flush=True,
                )
        return
    if args.team:
        # before and after side by side: rounds alternate between the two checkouts
        codes: list[tuple[str, Path | None]] = [("after", None)]
        if args.before:
            codes.insert(0, ("before", Path(args.before).resolve()))
        with tempfile.TemporaryDirectory(prefix="expgrade-annbench-") as tmp:
            for overlap in args.overlaps or [args.annotators]:
                for n in range(args.rounds):
                    for label, code in codes:
                        figures = keypress_bench(
                            Path(tmp), args.presses, args.annotators, code, f"round {n + 1}, {label}", overlap
                        )
                        for name, value in figures:
                            print(f"| {name} | {value} |", flush=True)
        return
    rows: list[tuple[str, str]] = []
    root = Path(tempfile.mkdtemp(prefix="expgrade-annbench-"))
    pg_root: Path | None = None
    try:
        browser = not args.no_browser and not args.submit_only and Path("/usr/bin/chromium").exists()
        if not args.submit_only:
            rows += render_bench(root, browser=browser)
        if browser:
            rows += keypress_bench(root)
        if not args.submit_only:
            rows += admin_bench(root, args.admin_items, args.admin_labelled, browser)
            rows += storage_bench(root)
        paces = [(0.0, "back to back"), (args.pace, f"each writer one submit per ~{args.pace:g} s")]
        for pace, mode in paces:
            rows += latency_rows(
                f"SQLite WAL, {args.writers} writers, {mode}",
                *submit_bench(str(root / "submit.db"), args.writers, args.submits, pace),
            )
        if not args.no_postgres:
            # its own top-level temp dir: the cluster runs as `postgres`, which cannot enter `root`
            pg_root = Path(tempfile.mkdtemp(prefix="expgrade-annbench-pg-"))
            with private_postgres(pg_root) as url:
                for pace, mode in paces:
                    rows += latency_rows(
                        f"PostgreSQL 15 (loopback), {args.writers} writers, {mode}",
                        *submit_bench(url, args.writers, args.submits, pace),
                    )
    finally:
        shutil.rmtree(root, ignore_errors=True)
        if pg_root is not None:
            shutil.rmtree(pg_root, ignore_errors=True)
    print(f"machine: {platform.platform()}, {os.cpu_count()} CPUs, python {platform.python_version()}\n")
    print("| measure | value |\n|---|---|")
    for name, value in rows:
        print(f"| {name} | {value} |")


if __name__ == "__main__":
    main()
