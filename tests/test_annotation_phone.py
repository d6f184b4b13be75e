"""Issue 65: the annotator's page on a phone, and a long log on one item.

On a phone (390 x 844, in Debian's chromium) the item's id, its criterion and the Pass/Fail
keys sat about 1,700 px down, under the whole item, and each tap went back to the top: a
person scrolled past the item again for every label. Now the panel comes first and a tap
leaves the page where it was. A log over 40,000 characters went onto a second page behind a
page picker; now it is whole in one box on its item (the middle of one past WHOLE_CHARS behind
a switch). Screenshots at 1280 x 800 and 390 x 844 land in test-artifacts/annotation/."""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from annotation_support import cli_process, make_run
from streamlit.testing.v1 import AppTest
from test_annotation_browser import (
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    LIVE_PANEL,
    _serve,
    _signed_in,
    settled,
    shown_item,
)

from expgrade.annotation_app.render import WHOLE_CHARS
from expgrade.annotation_app.store import Store

if TYPE_CHECKING:
    from playwright.sync_api import Page

LAST_LINE = "the last line of the log"


def _log(chars: int) -> str:
    """A training log of `chars` characters whose first and last lines can be told apart."""
    lines = [f"step {n}: loss {1 / (n + 1):.6f} {'x' * 24}" for n in range(chars // 40)]
    body = "\n".join(lines) + "\n"
    tail = f"{LAST_LINE}\n"
    return body[: chars - len(tail)] + tail


def _show_log(text: str) -> None:
    from expgrade.annotation_app.render import show_text

    show_text("Log", text, "item1_Log")


def test_a_60000_character_log_is_whole_on_one_page() -> None:
    text = _log(60_000)
    assert len(text) == 60_000
    at = AppTest.from_function(_show_log, args=(text,)).run()
    assert not at.exception
    assert [c.value for c in at.code] == [text.strip()]  # one box, all of it (st.code strips the ends)
    assert len(at.number_input) == 0 and len(at.toggle) == 0  # no page picker, nothing to switch


def test_a_log_past_the_whole_limit_shows_its_ends_and_all_on_request() -> None:
    text = _log(3 * WHOLE_CHARS)
    at = AppTest.from_function(_show_log, args=(text,)).run()
    (box,) = at.code
    assert box.value.startswith("step 0: loss") and box.value.endswith(LAST_LINE)
    assert "left out here" in box.value and len(box.value) < WHOLE_CHARS
    assert len(at.number_input) == 0
    at.toggle[0].set_value(True).run()
    assert [c.value for c in at.code] == [text.strip()]


@contextlib.contextmanager
def _integrity_items(root: Path, log: str) -> Iterator[tuple[str, str]]:
    """(URL, database) of `expgrade annotate` serving a graded run whose items are all
    integrity items (they open on the agent's log), each submission's log `log`."""
    run = make_run(root / "run", n_tasks=2, agents=("agentA", "agentB"))
    for folder in (run / "submissions").iterdir():
        (folder / "agent.log").write_text(log)
    results = run / "results.jsonl"
    records = [json.loads(line) for line in results.read_text().splitlines()]
    for record in records:
        record["subtasks"] = {"integrity": record["subtasks"]["design"]}
    results.write_text("".join(json.dumps(r) + "\n" for r in records))
    db = str(root / "a.db")
    loaded = cli_process("annotate", "load", str(run), "--project", "demo", "--overlap", "1", "--db", db)
    assert loaded.returncode == 0, loaded.stderr
    with _serve(db) as url:
        yield url, db


#: the scroll offset of the page's scrolling area (Streamlit scrolls its main block, not the window)
SCROLL_TOP = "() => document.querySelector('[data-testid=stMain]').scrollTop"
#: the claim's log box scrolled to its end: whether its last line is then inside the box, and
#: how far the box scrolled (a box that shows all its text without scrolling scrolls 0)
LAST_LINE_REACHED = """([last]) => {
  const code = Array.from(document.querySelectorAll(".st-key-item_now [data-testid=stCode] code"))
    .find((c) => c.textContent.includes(last));
  if (!code) return null;
  let box = code;
  const scrolls = (e) =>
    e.scrollHeight > e.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(e).overflowY);
  while (box && !scrolls(box)) box = box.parentElement;
  if (!box || box === document.documentElement) return null;
  box.scrollTop = box.scrollHeight;
  const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
  let node;
  while ((node = walker.nextNode()) && !node.data.includes(last)) {}
  const range = document.createRange();
  const at = node.data.indexOf(last);
  range.setStart(node, at);
  range.setEnd(node, at + last.length);
  const line = range.getBoundingClientRect();
  const frame = box.getBoundingClientRect();
  return {inside: line.top >= frame.top - 1 && line.bottom <= frame.bottom + 1, scrolled: box.scrollTop};
}"""


def _log_reachable(page: Page) -> None:
    """The claim's log is whole in one box: no page picker, and its last line in view once the
    box is scrolled to its end (left there, the box in view, for a screenshot)."""
    assert page.locator(".st-key-item_now").get_by_label("Page (", exact=False).count() == 0
    reached = page.wait_for_function(LAST_LINE_REACHED, arg=[LAST_LINE]).json_value()  # once drawn
    assert reached["inside"] and reached["scrolled"] > 0, reached
    page.locator(".st-key-item_now [data-testid=stCode]").last.scroll_into_view_if_needed()


@pytest.mark.browser
# Outside CI a machine without chromium skips; in CI (which installs it) a missing browser fails.
@pytest.mark.skipif(
    not Path(CHROMIUM).exists() and not os.environ.get("CI"),
    reason="Debian's chromium is not installed (apt install chromium)",
)
def test_on_a_phone_the_keys_come_first_and_a_tap_keeps_the_scroll(tmp_path: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with _integrity_items(tmp_path, _log(60_000)) as (url, db), sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
        page = phone.new_page()
        page.set_default_timeout(30_000)
        expect.set_options(timeout=30_000)
        _signed_in(page, url, Store.open(db).add_user("ann"))
        panel = page.locator(LIVE_PANEL)
        head = panel.locator(".st-key-item_head")
        pass_button = panel.get_by_role("button", name="Pass (P)")
        head_box, pass_box = head.bounding_box(), pass_button.bounding_box()
        assert head_box and pass_box
        # the head, then the keys, in the first screenful, with no scrolling
        assert page.evaluate(SCROLL_TOP) == 0
        assert head_box["y"] < pass_box["y"], (head_box, pass_box)
        assert pass_box["y"] + pass_box["height"] < 844, pass_box
        expect(panel.get_by_role("button", name="Unscorable (U)")).to_be_in_viewport()
        page.screenshot(path=str(ARTIFACTS / "phone-390-first-item.png"))
        _log_reachable(page)
        page.screenshot(path=str(ARTIFACTS / "phone-390-log-end.png"))

        # a person scrolls a little (the keys still under the thumb) and taps Pass
        page.locator("[data-testid=stMain]").evaluate("(main) => { main.scrollTop = 200; }")
        assert page.evaluate(SCROLL_TOP) == 200
        before = shown_item(page)
        pass_button.tap()
        shown_item(page, other_than=before)
        settled(page)
        page.wait_for_timeout(500)  # a reset to the top would have come with the new item's frame
        assert page.evaluate(SCROLL_TOP) == 200  # the page stayed where the tap was
        expect(page.locator(LIVE_PANEL).get_by_role("button", name="Pass (P)")).to_be_in_viewport()
        page.screenshot(path=str(ARTIFACTS / "phone-390-after-tap.png"))
        phone.close()

        # at 1280 x 800 the panel stays beside the item, its keys in view
        desk = browser.new_page(viewport={"width": 1280, "height": 800})
        desk.set_default_timeout(30_000)
        _signed_in(desk, url, Store.open(db).add_user("desk"))
        item_box = desk.locator(".st-key-item_now [data-testid=stColumn]").first.bounding_box()
        panel_box = desk.locator(LIVE_PANEL).bounding_box()
        assert item_box and panel_box and panel_box["x"] >= item_box["x"] + item_box["width"]
        expect(desk.locator(LIVE_PANEL).get_by_role("button", name="Pass (P)")).to_be_in_viewport()
        desk.screenshot(path=str(ARTIFACTS / "desktop-1280-first-item.png"))
        _log_reachable(desk)
        desk.screenshot(path=str(ARTIFACTS / "desktop-1280-log-end.png"))
        browser.close()
