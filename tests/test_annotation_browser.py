"""A real browser (Debian's chromium through Playwright) against `expgrade annotate` on
127.0.0.1: sign in, label three items with the keyboard, reload, and find the progress kept
without signing in again. The first item carries HTML/JS in the agent's design; it must
appear as text and never run. Two tabs pressing on one item: the later press is refused
visibly. The panel keeps its errors in view; implementation items open on the diff; no
submission or agent name reaches the page before a submit.
Screenshots land in test-artifacts/annotation/."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from annotation_support import (
    EXPGRADE,
    HOSTILE,
    REPO,
    cli_process,
    free_port,
    make_run,
    seed_serving_first,
    wait_http,
)

from expgrade.annotation_app.annotate_page import GRACE_MS
from expgrade.annotation_app.loaders import load_run
from expgrade.annotation_app.store import Store

if TYPE_CHECKING:
    from playwright.sync_api import Page

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = REPO / "test-artifacts" / "annotation"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

pytestmark = [
    pytest.mark.browser,
    # Outside CI a machine without chromium skips; in CI (which installs it) a missing browser fails.
    pytest.mark.skipif(
        not Path(CHROMIUM).exists() and not os.environ.get("CI"),
        reason="Debian's chromium is not installed (apt install chromium)",
    ),
]


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, str, str]]:
    """(app URL, annotator token, database path) of a running `expgrade annotate`."""
    db = str(tmp_path / "annotate.db")
    run = make_run(tmp_path / "run", hostile=True)
    seed = seed_serving_first([x.item_key for x in load_run(run)])  # its hostile item first
    loaded = cli_process("annotate", "load", str(run), "--project", "demo", "--overlap", "2", "--db", db,
                         "--seed", str(seed))  # fmt: skip
    assert loaded.returncode == 0, loaded.stderr
    added = cli_process("annotate", "add-user", "ann", "--db", db)
    assert added.returncode == 0, added.stderr
    token = added.stdout.strip().splitlines()[-1]
    port = free_port()
    proc = subprocess.Popen(
        [str(EXPGRADE), "annotate", "--db", db, "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        env={k: v for k, v in os.environ.items() if k != "EXPGRADE_TRUSTED_HEADER"},
    )
    try:
        url = f"http://127.0.0.1:{port}"
        wait_http(f"{url}/_stcore/health")
        yield url, token, db
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)


def test_keyboard_labelling_survives_a_reload(served: tuple[str, str, str]) -> None:
    from playwright.sync_api import expect, sync_playwright

    url, token, db = served
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1400, "height": 1000})  # one browser's tabs
        page = context.new_page()
        page.set_default_timeout(30_000)
        expect.set_options(timeout=30_000)

        def sign_in() -> None:
            page.goto(url)
            page.locator("input[type=password]").fill(token)
            page.get_by_role("button", name="Sign in").click()
            expect(page.get_by_role("heading", name="Annotate · demo")).to_be_visible()

        sign_in()
        expect(
            page.locator(".st-key-item_now code").filter(has_text="<script>window.__pwned = 1</script>")
        ).to_be_visible()
        assert page.evaluate("window.__pwned") is None
        page.screenshot(path=str(ARTIFACTS / "0-first-item.png"), full_page=True)
        for n in range(1, 4):
            before = shown_item(page)
            _press(page, "p")
            expect(page.get_by_text(re.compile(rf"^{n} labelled"))).to_be_visible()
            shown_item(page, other_than=before)
            page.screenshot(path=str(ARTIFACTS / f"{n}-after-label.png"), full_page=True)
        after_three = shown_item(page)

        page.reload()  # no token asked for: this browser's session cookie signs the page in
        expect(page.get_by_role("heading", name="Annotate · demo")).to_be_visible()
        expect(page.get_by_text(re.compile(r"^3 labelled"))).to_be_visible()
        assert shown_item(page) == after_three  # resumed on the item that was open
        page.screenshot(path=str(ARTIFACTS / "4-after-reload.png"), full_page=True)
        assert page.evaluate("window.__pwned") is None
        session_url = page.url
        page.close()  # a closed tab, then the link opened again in a new tab of this browser
        page = context.new_page()
        page.goto(session_url)
        expect(page.get_by_role("heading", name="Annotate · demo")).to_be_visible()
        page.get_by_role("button", name="Sign out").click()
        expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
        page.goto(session_url)  # the ended session no longer signs anyone in
        expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
        browser.close()

    store = Store.open(db)
    user = store.user_by_token(token)
    assert user is not None
    assert [a.label for a, _ in store.my_submitted("demo", user.id)] == ["pass", "pass", "pass"]
    assert HOSTILE in store.items("demo")[0].content["artifact"]["design"]


DEMO = REPO / "examples" / "demo"
#: what would unblind an annotator: the demo's submission folders and agent names
DEMO_NAMES = [p.name for p in (DEMO / "submissions").iterdir()] + [
    json.loads((p / "submission.json").read_text())["agent"] for p in (DEMO / "submissions").iterdir()
]


@pytest.fixture
def served_demo(tmp_path: Path) -> Iterator[tuple[str, str, str]]:
    """The demo's submissions loaded for annotation (overlap 1) and served."""
    db = str(tmp_path / "annotate.db")
    tasks, subs = str(DEMO / "tasks.jsonl"), str(DEMO / "submissions")
    loaded = cli_process("annotate", "load", "--tasks", tasks, "--submissions", subs, "--project", "demo",
                         "--overlap", "1", "--db", db)  # fmt: skip
    assert loaded.returncode == 0, loaded.stderr
    with _serve(db) as url:
        yield url, Store.open(db).add_user("ann"), db


@contextlib.contextmanager
def _serve(db: str) -> Iterator[str]:
    port = free_port()
    proc = subprocess.Popen(
        [str(EXPGRADE), "annotate", "--db", db, "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        env={k: v for k, v in os.environ.items() if k != "EXPGRADE_TRUSTED_HEADER"},
    )
    try:
        url = f"http://127.0.0.1:{port}"
        wait_http(f"{url}/_stcore/health")
        yield url
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)


def _signed_in(page: Page, url: str, token: str) -> str:
    """Sign in on `page` and wait for its first item; returns the signed-in URL (which signs in
    only this browser)."""
    from playwright.sync_api import expect

    page.goto(url)
    page.locator("input[type=password]").fill(token)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Annotate · demo")).to_be_visible()
    shown_item(page)
    return page.url


def settled(page: Page) -> None:
    """Wait for the script run in progress to end: until then the page may hold the previous
    item's elements beside the new ones (Streamlit keeps them, faded, until the run ends)."""
    page.wait_for_function(
        "() => document.querySelector('[data-testid=stApp]')"
        "?.getAttribute('data-test-script-state') === 'notRunning'"
    )


#: the id of the one item on screen once the page has settled on it, else false; with `before`,
#: only once it is another item than that
_SHOWN_ITEM = """(before) => {
  const app = document.querySelector("[data-testid=stApp]");
  if (app?.getAttribute("data-test-script-state") !== "notRunning") return false;
  const ids = Array.from(document.querySelectorAll(".st-key-item_head [data-testid=stText]"))
    .filter((e) => !e.closest("[data-stale=true]")).map((e) => e.innerText)
    .filter((text) => /^Item [0-9a-f]{10}$/.test(text));
  return ids.length === 1 && ids[0] !== before && ids[0];
}"""


#: The label panel of the item on screen: on a loaded machine the page keeps the item before's
#: elements (marked stale) beside the new ones for a while, and a plain class locator then
#: finds two and fails in strict mode.
LIVE_PANEL = (
    "xpath=//*[contains(concat(' ', @class, ' '), ' st-key-label_panel ')]"
    "[not(ancestor-or-self::*[@data-stale='true'])]"
)


def reopen_newest(page: Page) -> None:
    """Reopen one's newest label from the sidebar list and wait until it is on screen. The list
    is drawn anew on every press: on a loaded machine a choice made while it was being redrawn
    is lost, and the person chooses again, as here (at most three times)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    reopened = page.get_by_text(re.compile(r"^Your blind label"))
    for _ in range(3):
        settled(page)
        page.locator("[data-testid=stSidebar] [data-testid=stSelectbox]").click()
        page.get_by_role("option").last.click()
        try:
            reopened.wait_for(state="visible", timeout=30_000)
            return
        except PlaywrightTimeout:
            continue
    reopened.wait_for(state="visible", timeout=30_000)


def shown_item(page: Page, other_than: str | None = None) -> str:
    """The item on screen, read once the page has settled on one item (and, given `other_than`,
    moved past it): on a loaded machine the page holds the old item's elements beside the new
    ones for a while, and a locator reading it then finds two."""
    return str(page.wait_for_function(_SHOWN_ITEM, arg=other_than).json_value())


#: how far past the window's right edge the element or anything inside it reaches (px, 0 when
#: it fits), with the widest offender's tag and class
_PAST_RIGHT = """(el) => {
  const width = document.documentElement.clientWidth;
  let worst = [0, ""];
  for (const e of [el, ...el.querySelectorAll("*")]) {
    const past = e.getBoundingClientRect().right - width;
    if (past > worst[0]) worst = [past, `${e.tagName}.${e.className}`];
  }
  return worst;
}"""


def past_right_edge(page: Page, selector: str) -> list[tuple[float, str]]:
    """For every element `selector` finds, how far it or anything in it reaches past the
    window's right edge (a grid cut off at the right has columns a person cannot see)."""
    worst = [e.evaluate(_PAST_RIGHT) for e in page.locator(selector).all()]
    return [(float(past), str(what)) for past, what in worst]


def _keys(page: Page, key: str) -> None:
    """A key pressed as a person would, on whatever has the focus: once the page has settled
    and the item has been on screen for the grace period (a key pressed sooner was aimed at the
    item before and is dropped). On a loaded machine the page may see the item later than the
    test does, and then drops the key and says so; the key is pressed again, as a person who
    reads that notice does."""
    for _ in range(5):
        settled(page)
        page.wait_for_timeout(GRACE_MS + 50)
        page.evaluate("document.getElementById('expgrade-dropped')?.remove()")
        page.keyboard.press(key)
        notice = page.locator("#expgrade-dropped")
        if not (notice.is_visible() and "pressed before this item was on screen" in notice.inner_text()):
            return
    raise AssertionError(f"key {key!r} dropped five times: the item never counted as on screen")


def _press(page: Page, key: str) -> None:
    """A verdict key pressed on the page itself (not in a field), as a person would (`_keys`)."""
    # focus the page, not an input: the page's title, on screen whatever item is (the item's own
    # headings are the hidden claim's while the copy drawn ahead is shown)
    page.get_by_role("heading", name=re.compile(r"^Annotate")).first.click()
    _keys(page, key)


def test_layout_tab_errors_and_blindness_on_the_demo(served_demo: tuple[str, str, str]) -> None:
    from playwright.sync_api import expect, sync_playwright

    url, token, db = served_demo
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.set_default_timeout(30_000)
        expect.set_options(timeout=30_000)
        _signed_in(page, url, token)
        seen: set[str] = set()
        implementation_seen = False
        while True:
            item = shown_item(page)
            body = page.locator("body").inner_text()
            leaked = [name for name in DEMO_NAMES if name in body]
            assert leaked == [], f"blind annotator sees {leaked}"
            panel = page.locator(LIVE_PANEL)
            if "implementation" in panel.inner_text() and not implementation_seen:
                implementation_seen = True
                expect(page.get_by_role("tab", name="Diff")).to_have_attribute("aria-selected", "true")
                page.screenshot(path=str(ARTIFACTS / "demo-implementation-item.png"))
                _press(page, "s")  # a skip without a reason: the error shows in the panel, in view
                error = panel.get_by_text("a skip needs a reason")
                expect(error).to_be_in_viewport()
                page.mouse.wheel(0, 3000)  # the item scrolls; the panel stays
                expect(panel.get_by_role("button", name="Pass (P)")).to_be_in_viewport()
                page.screenshot(path=str(ARTIFACTS / "demo-error-in-panel-scrolled.png"))
            if item in seen or len(seen) >= 12:
                break
            seen.add(item)
            _press(page, "p")
            shown_item(page, other_than=item)
        assert implementation_seen
        # reopen the first label: entries differ at sidebar width, and the adjudication
        # table (judges, other annotators) shows only now, after the submit
        page.locator("[data-testid=stSidebar] [data-testid=stSelectbox]").click()
        options = page.get_by_role("option")
        names = [o.inner_text() for o in options.all()][1:]
        assert len(set(n[:30] for n in names)) > 1 and not any(x in " ".join(names) for x in DEMO_NAMES)
        options.last.click()
        expect(page.get_by_text(re.compile(r"^Your blind label"))).to_be_visible()
        page.get_by_role("button", name="Show the judges and the others").click()
        expect(page.get_by_text("Adjudication: judges and other annotators")).to_be_visible()
        page.screenshot(path=str(ARTIFACTS / "demo-reopened-adjudication.png"))
        browser.close()
    store = Store.open(db)
    user = store.user_by_token(token)
    assert user
    labels = [a for a, _ in store.my_submitted("demo", user.id)]
    assert labels and all(a.confidence is None for a in labels)  # untouched confidence: null


def test_two_tabs_never_lose_a_press(served_demo: tuple[str, str, str]) -> None:
    from playwright.sync_api import expect, sync_playwright

    url, token, db = served_demo
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1400, "height": 900})  # two tabs, one browser
        tab_a = context.new_page()
        signed = _signed_in(tab_a, url, token)
        tab_b = context.new_page()
        tab_b.goto(signed)
        for tab in (tab_a, tab_b):
            tab.set_default_timeout(30_000)
        expect.set_options(timeout=30_000)
        assert shown_item(tab_b) == shown_item(tab_a)
        # 1. tab A labels; tab B, still on the old item, types a rationale and fails it
        _press(tab_a, "p")
        expect(tab_a.get_by_text(re.compile(r"^1 labelled"))).to_be_visible()
        tab_b.locator(".st-key-item_now").get_by_label("Rationale").fill("the design misses the split")
        _press(tab_b, "f")
        expect(tab_b.get_by_text("Not saved")).to_be_in_viewport()
        expect(tab_b.get_by_text("the design misses the split")).to_be_visible()
        tab_b.screenshot(path=str(ARTIFACTS / "two-tabs-refused.png"))
        tab_b.get_by_role("button", name="Record as revision").click()
        expect(tab_b.get_by_text("Not saved")).to_have_count(0)
        # 2. both tabs on the next item, pressed at the same moment
        tab_a.reload()
        tab_b.reload()
        assert shown_item(tab_b) == shown_item(tab_a)
        tab_a.get_by_role("button", name="Pass (P)").click(no_wait_after=True)
        tab_b.get_by_role("button", name="Fail (F)").click(no_wait_after=True)
        expect(
            tab_a.get_by_text(re.compile(r"^2 labelled")).or_(tab_a.get_by_text("Not saved")).first
        ).to_be_visible()
        expect(
            tab_b.get_by_text(re.compile(r"^2 labelled")).or_(tab_b.get_by_text("Not saved")).first
        ).to_be_visible()
        # the progress line is drawn before the panel: give the refusal its moment to appear
        deadline = time.monotonic() + 30
        refused: list[Page] = []
        while not refused and time.monotonic() < deadline:
            refused = [t for t in (tab_a, tab_b) if t.get_by_text("Not saved").count()]
            time.sleep(0.2)
        tab_b.screenshot(path=str(ARTIFACTS / "two-tabs-simultaneous.png"))
        browser.close()
    store = Store.open(db)
    user = store.user_by_token(token)
    assert user
    first, second = reversed(store.my_submitted("demo", user.id))
    assert (first[0].label, first[0].rationale, first[0].revision) == (
        "fail",
        "the design misses the split",
        2,
    )
    assert second[0].revision == 1  # one press stored ...
    assert len(refused) == 1  # ... and the other refused on screen: none silent
