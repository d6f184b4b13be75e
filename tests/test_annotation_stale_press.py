"""Only an explicit choice edits a label, in Debian's chromium with a hurried annotator's timing:
P, P again 50 ms later (the second press races the redraw of the next item), then F 600 ms after
the next item appears (a deliberate verdict on it). The press that lost the race is reported on
the item on screen; the item it was for never comes back in front of the annotator, the F never
lands on it, and while the refusal's panel is open the keys do nothing. Twenty rounds; at the
end every label is the one first given (one entry in its history), each first item's a pass.

The race needs the second press to reach the page before it learns that the first press's run
has started (after that the old buttons are marked stale and the key waits, then is dropped).
On an idle machine that window is shorter than 50 ms and the race is rare (0 of 25 rounds);
the annotators who met it worked on a loaded one. The page's CPU is therefore slowed four
times (Chromium's own throttling, as a busy laptop would be): then about half the rounds race
(before the fix, 3 of 6 rounds brought the first item back). Screenshots land in
test-artifacts/annotation/."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from annotation_support import make_run
from test_annotation_browser import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, _serve, settled, shown_item
from test_annotation_browser import pytestmark as browser_marks

from expgrade.annotation_app.annotate_page import GRACE_MS
from expgrade.annotation_app.loaders import load_run
from expgrade.annotation_app.store import Store

if TYPE_CHECKING:
    from playwright.sync_api import Page

# chromium missing: skipped outside CI, a failure in CI (which installs it)
pytestmark = browser_marks
ROUNDS = 20
#: how much slower than this machine the annotator's browser runs (see the module docstring)
CPU_SLOWDOWN = 4
#: the item the panel shows now: the id of its one live (not stale) heading, else null
ITEM_NOW = """(() => {
  const live = Array.from(document.querySelectorAll(".st-key-item_head [data-testid=stText]"))
    .filter((e) => !e.closest("[data-stale=true]") && /^Item [0-9a-f]{10}$/.test(e.innerText));
  return live.length ? live[live.length - 1].innerText : null;
})()"""
#: every item id the panel showed, in order, as the page drew them (one look per frame)
WATCH_JS = f"""() => {{
  const itemId = () => {ITEM_NOW};
  window.__shown = [];
  const look = () => {{
    const id = itemId();
    if (id !== null && id !== window.__shown[window.__shown.length - 1]) window.__shown.push(id);
    requestAnimationFrame(look);
  }};
  look();
}}"""


@pytest.fixture
def app(tmp_path: Path) -> Iterator[tuple[str, str, str]]:
    db = str(tmp_path / "annotate.db")
    store = Store.open(db)
    # 16 submissions × 5 criteria: three items a round at most, twenty rounds
    store.load("demo", 1, load_run(make_run(tmp_path / "run", n_tasks=8)), active_queue=False)
    with _serve(db) as url:
        yield url, store.add_user("ann"), db


def _item(page: Page) -> str:
    return str(page.evaluate(f"() => {ITEM_NOW}"))


def _ready(page: Page) -> str:
    """The item on screen, once the page has settled on it and it has been seen for the grace
    period."""
    shown = shown_item(page)
    page.wait_for_timeout(GRACE_MS + 100)
    page.get_by_role("heading", name="Agent's work").click()  # focus the page, not an input
    return shown


def _next_item(page: Page, before: str) -> str:
    """Wait (each frame) until the panel shows an item other than `before`; return it."""
    found = page.wait_for_function(
        f"before => {{ const id = {ITEM_NOW}; return id !== null && id !== before && id; }}",
        arg=before,
        polling="raf",
    )
    return str(found.json_value())


def _quiet(page: Page, at_f: str) -> None:
    """After the F: wait until the page has answered it (the F dropped with a notice, or the item
    it labelled replaced) and no run is in progress; then close any refusal by discarding."""
    page.wait_for_function(
        f"before => {{ const id = {ITEM_NOW}; const note = document.getElementById('expgrade-dropped');"
        " return (note && !note.hidden && note.textContent.startsWith('Key F'))"
        " || (id !== null && id !== before); }",
        arg=at_f,
        polling="raf",
    )
    settled(page)
    discard = page.get_by_role("button", name="Discard mine").or_(page.get_by_role("button", name="OK"))
    if discard.count():
        discard.first.click()
        discard.first.wait_for(state="detached")
        settled(page)


def test_a_press_for_the_next_item_never_edits_the_previous_one(app: tuple[str, str, str]) -> None:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    from playwright.sync_api import expect, sync_playwright

    url, token, db = app
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    expect.set_options(timeout=60_000)
    firsts: list[str] = []
    outcomes: list[str] = []
    came_back: list[tuple[int, list[str]]] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.set_default_timeout(60_000)
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        page.goto(url)
        page.locator("input[type=password]").fill(token)
        page.get_by_role("button", name="Sign in").click()
        shown_item(page)
        page.evaluate(WATCH_JS)
        for trial in range(ROUNDS):
            first = _ready(page)
            firsts.append(first)
            # a new round: no item seen yet, no notice left from the round before
            page.evaluate(
                "() => { window.__shown = []; const n = document.getElementById('expgrade-dropped');"
                " if (n) n.hidden = true; }"
            )
            page.keyboard.press("p")
            page.wait_for_timeout(50)
            page.keyboard.press("p")
            try:
                second = _next_item(page, first)
            except PlaywrightTimeout:
                page.screenshot(path=str(ARTIFACTS / f"stale-press-{trial}-stuck.png"))
                outcomes.append(f"{trial}: {first} stayed on screen after P, P")
                break
            page.wait_for_timeout(600)
            on_screen = _item(page)
            refused = page.locator(".st-key-conflict_panel").count() > 0
            page.keyboard.press("f")
            if trial < 3 or refused:
                page.screenshot(path=str(ARTIFACTS / f"stale-press-{trial}.png"))
            _quiet(page, on_screen)
            shown: list[str] = page.evaluate("() => window.__shown")
            if second in shown and first in shown[shown.index(second) :]:
                came_back.append((trial, shown))
            note = page.locator("#expgrade-dropped").text_content() or ""
            outcomes.append(
                f"{trial}: {'refusal shown' if refused else 'no refusal'} on {on_screen}; seen {shown}; "
                f"last notice {note[:5]!r}"
            )
        browser.close()
    store = Store.open(db)
    user = next(u for u in store.users() if u.name == "ann")
    given = {item.public_id: a for a, item in store.my_submitted("demo", user.id)}
    # the first item of each round is labelled pass, by the first press, and never again
    assert [given[f.removeprefix("Item ")].label for f in firsts] == ["pass"] * ROUNDS, outcomes
    assert len(outcomes) == ROUNDS, outcomes
    # every label is the one first given: one entry in its history, no edit, no revision
    edited = {pid: store.history(a.id) for pid, a in given.items() if len(store.history(a.id)) != 1}
    assert edited == {}, outcomes
    assert came_back == [], outcomes
    print("\n".join(outcomes))  # which way each round's race went, for the record
