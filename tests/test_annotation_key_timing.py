"""A key is judged by the item on screen when it was pressed, in Debian's chromium with real
key timing: P then F 130 ms later (a double-tap, or a correction) labels the first item pass
and nothing else; the F, pressed before the next item was drawn (plus the grace period), is
dropped, nothing stored, and the annotator is told. A key pressed after the grace counts.
The "Saved" confirmation covers no part of the labelling panel, scrolled or not.
Screenshots land in test-artifacts/annotation/."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from annotation_support import make_run
from test_annotation_browser import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, _serve, settled

from expgrade.annotation_app.annotate_page import GRACE_MS
from expgrade.annotation_app.loaders import load_run
from expgrade.annotation_app.store import AssignmentView, Store

if TYPE_CHECKING:
    from playwright.sync_api import CDPSession, FloatRect, Locator, Page

pytestmark = pytest.mark.browser
ITEM = re.compile(r"^Item [0-9a-f]{10}$")


def _item(page: Page) -> Locator:
    """The item id on screen: the claim's, or (once a key has shown it) the one drawn ahead,
    which the page holds hidden meanwhile."""
    return page.get_by_text(ITEM).filter(visible=True)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[tuple[str, str, str]]:
    db = str(tmp_path / "annotate.db")
    store = Store.open(db)
    store.load("demo", 1, load_run(make_run(tmp_path / "run")), active_queue=False)
    with _serve(db) as url:
        yield url, store.add_user("ann"), db


def _labels(db: str) -> list[AssignmentView]:
    store = Store.open(db)
    user = next(u for u in store.users() if u.name == "ann")
    return [a for a, _ in store.my_submitted("demo", user.id)]


def _ready(page: Page) -> str:
    """The item on screen once its run has ended and the grace period has passed."""
    settled(page)
    page.wait_for_timeout(GRACE_MS + 100)
    page.get_by_role("heading", name="Agent's work").click()  # focus the page, not an input
    return _item(page).inner_text()


def test_a_double_tap_labels_only_the_item_that_was_seen(app: tuple[str, str, str]) -> None:
    from playwright.sync_api import expect, sync_playwright

    url, token, db = app
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    expect.set_options(timeout=30_000)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.set_default_timeout(30_000)
        cdp = page.context.new_cdp_session(page)
        page.goto(url)
        page.locator("input[type=password]").fill(token)
        page.get_by_role("button", name="Sign in").click()
        expect(_item(page)).to_be_visible()
        for trial in range(3):
            first = _ready(page)
            # the keys carry the time a person pressed them (the page judges a key by its own
            # time stamp): F 130 ms after P, however late a loaded machine delivers either
            at = time.time()
            _key(cdp, "p", at)
            page.wait_for_timeout(130)
            _key(cdp, "f", at + 0.130)
            expect(_item(page)).not_to_have_text(first)
            time.sleep(1.0)  # a stray submit would have reached the store by now
            settled(page)
            page.screenshot(path=str(ARTIFACTS / f"double-tap-{trial}-dropped.png"))
            labels = _labels(db)
            assert [a.label for a in labels] == ["pass"] * (trial + 1), labels
            expect(page.get_by_role("alert").filter(has_text="Key F not recorded")).to_be_visible()
        # a key pressed once the item has been on screen for the grace period counts
        shown = _ready(page)
        page.keyboard.press("f")
        expect(_item(page)).not_to_have_text(shown)
        browser.close()
    assert [a.label for a in _labels(db)] == ["fail", "pass", "pass", "pass"]


def _key(cdp: CDPSession, key: str, at: float) -> None:
    """Press and release `key` as pressed at `at` (seconds since the epoch)."""
    for kind in ("keyDown", "keyUp"):
        cdp.send(
            "Input.dispatchKeyEvent",
            {"type": kind, "key": key, "code": f"Key{key.upper()}", "text": key if kind == "keyDown" else "",
             "windowsVirtualKeyCode": ord(key.upper()), "timestamp": at},
        )  # fmt: skip


def _overlap(a: FloatRect, b: FloatRect) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and (a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])
    )


def test_the_saved_toast_covers_no_part_of_the_panel(app: tuple[str, str, str]) -> None:
    from playwright.sync_api import expect, sync_playwright

    url, token, _ = app
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    expect.set_options(timeout=30_000)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 600})
        page.set_default_timeout(30_000)
        page.goto(url)
        page.locator("input[type=password]").fill(token)
        page.get_by_role("button", name="Sign in").click()
        _ready(page)
        page.keyboard.press("p")
        toast = page.get_by_text("Saved: pass.")
        expect(toast).to_be_visible()
        for scrolled in (False, True):
            if scrolled:  # the item scrolls; the panel sticks to the top of the page
                page.mouse.move(400, 400)
                page.mouse.wheel(0, 400)
                page.wait_for_timeout(300)
            page.screenshot(path=str(ARTIFACTS / f"saved-toast-{'scrolled' if scrolled else 'top'}.png"))
            box = toast.bounding_box()
            panel = page.locator(".st-key-label_panel").bounding_box()
            assert box and panel and not _overlap(box, panel), (scrolled, box, panel)
        browser.close()
