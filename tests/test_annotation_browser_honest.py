"""Honest gold labels, driven in Debian's chromium against `expgrade annotate`, as a careless
or hostile annotator would: Enter and Ctrl+Enter in a field record nothing; only a verdict
key or button does, and the confirmation names what was stored; Escape gives the keys back,
Tab ends on the verdict buttons, Shift+P and a focused checkbox still answer; a new item
opens at the top; a change after the reveal keeps the blind label; sessions belong to a
browser (two browser contexts): a copied URL signs nobody in, and sign-out, `annotate
revoke` and a re-issued token refuse the other browser's next press with a message, nothing
stored. Screenshots land in test-artifacts/annotation/."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from annotation_support import cli, make_run
from test_annotation_browser import (
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    _keys,
    _press,
    _serve,
    settled,
    shown_item,
)

from expgrade.annotation_app.export import export_rows
from expgrade.annotation_app.loaders import load_run
from expgrade.annotation_app.store import AssignmentView, Store

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser
ITEM = re.compile(r"^Item [0-9a-f]{10}$")


@pytest.fixture
def app(tmp_path: Path) -> Iterator[tuple[str, str, str]]:
    """(app URL, annotator token, database) of a graded run loaded and served."""
    db = str(tmp_path / "annotate.db")
    store = Store.open(db)
    store.load("demo", 2, load_run(make_run(tmp_path / "run")), active_queue=False)
    with _serve(db) as url:
        yield url, store.add_user("ann"), db


@pytest.fixture
def browser() -> Iterator[Browser]:
    from playwright.sync_api import expect, sync_playwright

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    expect.set_options(timeout=30_000)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


def _open(browser: Browser) -> Page:
    """A tab in a fresh browser (its own cookies)."""
    page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    page.set_default_timeout(30_000)
    return page


def _sign_in(page: Page, url: str, token: str) -> None:
    from playwright.sync_api import expect

    page.goto(url)
    page.locator("input[type=password]").fill(token)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Annotate · demo")).to_be_visible()
    shown_item(page)


def _labels(db: str) -> list[AssignmentView]:
    store = Store.open(db)
    user = next(u for u in store.users() if u.name == "ann")
    return [a for a, _ in store.my_submitted("demo", user.id)]


def _settle(page: Page) -> None:
    """Let any script run a key started finish (a stray submit would show by then)."""
    time.sleep(0.5)
    settled(page)


def _focused(page: Page) -> str:
    return str(
        page.evaluate(
            "() => { const e = document.activeElement;"
            " return e.getAttribute('aria-label') || e.innerText || e.tagName; }"
        )
    )


def test_only_an_explicit_verdict_records_one(app: tuple[str, str, str], browser: Browser) -> None:
    from playwright.sync_api import expect

    url, token, db = app
    page = _open(browser)
    _sign_in(page, url, token)
    first = shown_item(page)
    page.locator(".st-key-item_now").get_by_label("Confidence (optional)").fill("0.7")
    page.locator(".st-key-item_now").get_by_label("Confidence (optional)").press("Enter")
    _settle(page)
    reason = page.locator(".st-key-item_now").get_by_label("Reason (needed to flag, skip or mark unscorable)")
    reason.fill("unclear split")
    reason.press("Enter")
    _settle(page)
    page.locator(".st-key-item_now").get_by_label("Rationale").fill("looks fine")
    page.locator(".st-key-item_now").get_by_label("Rationale").press("Control+Enter")
    _settle(page)
    page.screenshot(path=str(ARTIFACTS / "honest-1-enter-records-nothing.png"))
    assert _labels(db) == []
    assert shown_item(page) == first
    expect(page.get_by_text(re.compile(r"^0 labelled"))).to_be_visible()
    # Escape leaves the text box and gives the keys back: F is a verdict, not a letter
    page.locator(".st-key-item_now").get_by_label("Rationale").press("Escape")
    assert page.evaluate("document.activeElement.tagName") != "TEXTAREA"
    _keys(page, "f")
    expect(page.get_by_text("Saved: fail, confidence 0.7.")).to_be_visible()
    second = shown_item(page, other_than=first)
    page.screenshot(path=str(ARTIFACTS / "honest-2-saved-names-the-verdict.png"))
    (label,) = _labels(db)
    assert (label.label, label.confidence, label.rationale, label.reason) == (
        "fail",
        0.7,
        "looks fine",
        "unclear split",
    )

    # Tab from the last field ends on the verdict buttons, where the keys work
    page.locator(".st-key-item_now").get_by_label("Reason (needed to flag, skip or mark unscorable)").click()
    stops = []
    for _ in range(6):
        page.keyboard.press("Tab")
        stops.append(_focused(page))
    assert stops[:5] == ["Flag this item", "Unscorable (U)", "Skip (S)", "Pass (P)", "Fail (F)"], stops
    page.locator(".st-key-item_now").get_by_label("Flag this item").focus()
    _keys(page, "p")  # on the Flag checkbox: still the verdict key
    expect(page.get_by_text("Saved: pass.")).to_be_visible()
    third = shown_item(page, other_than=second)

    # Shift+F (caps lock, a held Shift) is F; the new item opens at the top, and says so
    settled(page)
    page.get_by_role("heading", name="Agent's work").click()
    page.mouse.wheel(0, 4000)
    page.wait_for_function("() => document.querySelector('[data-testid=stMain]').scrollTop > 0")
    scrolled = page.evaluate("document.querySelector('[data-testid=stMain]').scrollTop")
    page.screenshot(path=str(ARTIFACTS / "honest-3-scrolled-down.png"))
    _keys(page, "Shift+F")
    shown_item(page, other_than=third)
    expect(page.locator(".st-key-item_head")).to_have_class(re.compile("expgrade-new"))
    expect(page.get_by_role("heading", name="Task")).to_be_in_viewport()
    expect(page.get_by_text(ITEM).filter(visible=True)).to_be_in_viewport()
    assert scrolled > 0 and page.evaluate("document.querySelector('[data-testid=stMain]').scrollTop") == 0
    page.screenshot(path=str(ARTIFACTS / "honest-4-next-item-at-the-top.png"))
    assert [a.label for a in reversed(_labels(db))] == ["fail", "pass", "fail"]


def test_a_change_after_the_reveal_keeps_the_blind_label(app: tuple[str, str, str], browser: Browser) -> None:
    from playwright.sync_api import expect

    url, token, db = app
    page = _open(browser)
    _sign_in(page, url, token)
    _press(page, "f")
    expect(page.get_by_text(re.compile(r"^1 labelled"))).to_be_visible()
    page.locator("[data-testid=stSidebar] [data-testid=stSelectbox]").click()
    page.get_by_role("option").last.click()
    expect(page.get_by_text(re.compile(r"^Your blind label: fail"))).to_be_visible()
    page.get_by_role("button", name="Show the judges and the others").click()
    expect(page.get_by_text("Adjudication: judges and other annotators")).to_be_visible()
    page.get_by_role("button", name="Pass (P)").click()
    expect(page.get_by_text(re.compile(r"^Saved as a revision after the reveal: pass"))).to_be_visible()
    page.screenshot(path=str(ARTIFACTS / "honest-5-revision-after-the-reveal.png"))
    (label,) = _labels(db)
    assert label.label == "fail" and label.revealed_at is not None
    store = Store.open(db)
    (row,) = export_rows(store, "demo")
    assert row.label == "fail" and "revised_after_reveal" not in row.extra
    (asked,) = export_rows(store, "demo", after_reveal=True)
    assert asked.label == "fail" and asked.extra["revised_after_reveal"]["label"] == "pass"


def _refused(page: Page, db: str, stored: int) -> None:
    """The press is answered with a message and the sign-in page; nothing was stored."""
    from playwright.sync_api import expect

    _press(page, "p")
    expect(page.get_by_text(re.compile(r"^Not saved: you are signed out"))).to_be_visible()
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    assert len(_labels(db)) == stored


def test_sessions_belong_to_a_browser(app: tuple[str, str, str], browser: Browser) -> None:
    from playwright.sync_api import expect

    url, token, db = app
    first = _open(browser)
    _sign_in(first, url, token)
    copied = first.url
    stranger = _open(browser)  # another browser, no cookies: the URL alone signs nobody in
    stranger.goto(copied)
    expect(stranger.get_by_role("heading", name="Sign in")).to_be_visible()
    stranger.screenshot(path=str(ARTIFACTS / "honest-6-copied-url-signs-nobody-in.png"))
    second = stranger  # the same annotator, careless, signed in twice
    _sign_in(second, url, token)
    first.get_by_role("button", name="Sign out").click()
    expect(first.get_by_text("Signed out, here and in every other tab and browser.")).to_be_visible()
    _refused(second, db, stored=0)
    second.screenshot(path=str(ARTIFACTS / "honest-7-press-after-sign-out-refused.png"))

    _sign_in(second, url, token)
    revoked = cli("annotate", "revoke", "ann", "--db", db)
    assert revoked.returncode == 0 and "ended 1 session" in revoked.stdout, revoked
    _refused(second, db, stored=0)

    _sign_in(second, url, token)
    fresh = cli("annotate", "add-user", "ann", "--db", db)
    assert fresh.returncode == 0, fresh.stderr
    _refused(second, db, stored=0)
    new_token = fresh.stdout.strip().splitlines()[-1]
    page = second
    page.locator("input[type=password]").fill(token)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_text("Unknown token.")).to_be_visible()
    _sign_in(page, url, new_token)
    _press(page, "p")
    expect(page.get_by_text("Saved: pass.")).to_be_visible()
    assert [a.label for a in _labels(db)] == ["pass"]
