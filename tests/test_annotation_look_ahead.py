"""A key answered in the browser, in Debian's chromium against `expgrade annotate`: the page
holds the next item drawn ahead and a verdict key shows it at once, before the app has even
received the press; the item drawn ahead is claimed only when the press has been recorded
(until then nobody holds it, and it can still go to someone else, when it gives way to what
the queue gives instead, and a key meant for it labels nothing); the rationale being typed
survives a reload and goes with the press it was typed for. Screenshots land in
test-artifacts/annotation/."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from annotation_support import make_run
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
from test_annotation_browser import pytestmark as browser_marks

from expgrade.annotation_app.annotate_page import GRACE_MS
from expgrade.annotation_app.loaders import load_run
from expgrade.annotation_app.store import Store

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = browser_marks

#: the id in the head of the item drawn ahead (hidden until a key shows it)
AHEAD_ID = "() => document.querySelector('.st-key-ahead_item_head [data-testid=stText]')?.innerText ?? null"
#: what the page shows at the moment it starts to show the item drawn ahead: recorded by a
#: MutationObserver on the body's look-ahead attribute, whose callback runs right after the
#: key's handler, before the page can have heard anything back from the app
WATCH_SWAP = """() => {
  window.__swaps = [];
  new MutationObserver(() => {
    if (!document.body.dataset.expgradeAhead) return;
    const text = (sel) => document.querySelector(sel + " [data-testid=stText]")?.innerText ?? null;
    const shown = (sel) => getComputedStyle(document.querySelector(sel)).display !== "none";
    window.__swaps.push({
      left: document.body.dataset.expgradeAhead,
      claim: text(".st-key-item_head"),
      ahead: text(".st-key-ahead_item_head"),
      aheadShown: shown(".st-key-item_ahead"),
      claimShown: shown(".st-key-item_now"),
      script: document.querySelector("[data-testid=stApp]").getAttribute("data-test-script-state"),
    });
  }).observe(document.body, {attributes: true, attributeFilter: ["data-expgrade-ahead"]});
}"""
#: every item id on screen (the claim's, or the one drawn ahead while a key shows it), per frame
WATCH_SHOWN = """() => {
  window.__shown = [];
  const text = (sel) => document.querySelector(sel + " [data-testid=stText]")?.innerText ?? null;
  const look = () => {
    const head = document.body.dataset.expgradeAhead ? ".st-key-ahead_item_head" : ".st-key-item_head";
    const id = text(head);
    if (id !== null && id !== window.__shown[window.__shown.length - 1]) window.__shown.push(id);
    requestAnimationFrame(look);
  };
  look();
}"""


@pytest.fixture
def app(tmp_path: Path) -> Iterator[tuple[str, str, str]]:
    """A project of one label per item (an item claimed by one annotator is nobody else's),
    served; an annotator's token."""
    db = str(tmp_path / "annotate.db")
    store = Store.open(db)
    store.load("demo", 1, load_run(make_run(tmp_path / "run")), active_queue=False)
    with _serve(db) as url:
        yield url, store.add_user("ann"), db


def _holders(db: str, public_id: str) -> list[tuple[str, str]]:
    """Who holds or labelled the item with this opaque id, and in what state."""
    store = Store.open(db)
    item = store.find_item("demo", public_id.removeprefix("Item "))
    return [(r["annotator"], r["state"]) for r in store.assignment_states("demo") if r["item_id"] == item.id]


@contextlib.contextmanager
def _annotator(url: str, token: str) -> Iterator[tuple[Page, str]]:
    """A chromium page signed in with `token`, and the item it opened on."""
    from playwright.sync_api import expect, sync_playwright

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    expect.set_options(timeout=30_000)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.set_default_timeout(30_000)
        page.goto(url)
        page.locator("input[type=password]").fill(token)
        page.get_by_role("button", name="Sign in").click()
        yield page, shown_item(page)
        browser.close()


def _labels(db: str, name: str) -> dict[str, Any]:
    store = Store.open(db)
    user = next(u for u in store.users() if u.name == name)
    return {f"Item {item.public_id}": a for a, item in store.my_submitted("demo", user.id)}


def test_a_key_shows_the_item_drawn_ahead_at_once_and_claims_it_only_then(
    app: tuple[str, str, str],
) -> None:
    from playwright.sync_api import expect

    url, ann, db = app
    with _annotator(url, ann) as (page, first):
        ahead = page.evaluate(AHEAD_ID)
        # drawn ahead, hidden, and held by nobody: not claimed, not seen, nothing to label
        assert ahead and ahead != first
        assert not page.locator(".st-key-item_ahead").is_visible()
        assert _holders(db, ahead) == []
        assert _holders(db, first) == [("ann", "open")]
        page.evaluate(WATCH_SWAP)
        _press(page, "p")
        settled(page)
        swaps = page.evaluate("() => window.__swaps")
        # the key showed the next item while the claim on screen was still the first
        assert swaps[:1] == [
            {"left": first, "claim": first, "ahead": ahead, "aheadShown": True, "claimShown": False,
             "script": swaps[0]["script"]}
        ], swaps  # fmt: skip
        page.screenshot(path=str(ARTIFACTS / "look-ahead-after-press.png"))
        # once the press is recorded the item shown is the claim, with a live form
        assert shown_item(page) == ahead
        assert _holders(db, ahead) == [("ann", "open")]
        assert _labels(db, "ann")[first].label == "pass"
        expect(page.locator(".st-key-item_now")).to_be_visible()
        expect(page.locator(".st-key-verdict_fail button")).to_be_enabled()
        _press(page, "f")
        shown_item(page, other_than=ahead)
    given = _labels(db, "ann")
    assert {k: a.label for k, a in given.items()} == {first: "pass", ahead: "fail"}


def test_an_item_drawn_ahead_that_someone_else_took_gives_way(app: tuple[str, str, str]) -> None:
    from playwright.sync_api import expect

    url, ann, db = app
    with _annotator(url, ann) as (page, first):
        ahead = page.evaluate(AHEAD_ID)
        # bob opens the app meanwhile: the queue gives him the item drawn ahead on ann's page
        store = Store.open(db)
        store.add_user("bob")
        bobs = store.claim("demo", next(u.id for u in store.users() if u.name == "bob"))
        assert bobs is not None and f"Item {store.item(bobs.item_id).public_id}" == ahead
        page.evaluate(WATCH_SHOWN)
        _press(page, "p")
        page.wait_for_timeout(GRACE_MS + 50)
        page.keyboard.press("f")  # meant for the item shown ahead, or pressed on its successor too soon
        instead = shown_item(page, other_than=first)
        settled(page)
        page.screenshot(path=str(ARTIFACTS / "look-ahead-gave-way.png"))
        shown: list[str] = page.evaluate("() => window.__shown")
        notice = page.locator("#expgrade-dropped")
        expect(notice).to_have_text(re.compile(r"^Key F not recorded"))
    assert instead not in (first, ahead)
    # what the page showed: the first item, the one drawn ahead, then what the queue gave instead
    assert shown == [first, ahead, instead], shown
    assert {k: a.label for k, a in _labels(db, "ann").items()} == {first: "pass"}
    assert _holders(db, ahead) == [("bob", "open")]
    assert _holders(db, instead) == [("ann", "open")]


def test_a_reload_keeps_the_rationale_being_typed(app: tuple[str, str, str]) -> None:
    from playwright.sync_api import expect

    url, ann, db = app
    why = "The split is fixed before training; half typed"
    with _annotator(url, ann) as (page, first):
        rationale = page.locator(".st-key-item_now").get_by_label("Rationale")
        rationale.click()
        page.keyboard.type(why)
        reason = page.locator(".st-key-item_now").get_by_label(re.compile("^Reason"))
        reason.click()
        page.keyboard.type("unclear seed")
        page.reload()
        assert shown_item(page) == first
        expect(rationale).to_have_value(why)
        expect(reason).to_have_value("unclear seed")
        page.screenshot(path=str(ARTIFACTS / "look-ahead-reload-draft.png"))
        rationale.click()
        page.keyboard.press("Escape")
        _keys(page, "p")
        second = shown_item(page, other_than=first)
        settled(page)
        # the draft went with its press: the next item's fields are empty, and stay so on a reload
        expect(rationale).to_have_value("")
        page.reload()
        assert shown_item(page) == second
        expect(rationale).to_have_value("")
        drafts = page.evaluate(
            "() => Object.keys(localStorage).filter((k) => k.startsWith('expgrade-draft:'))"
        )
    label = _labels(db, "ann")[first]
    assert (label.label, label.rationale, label.reason) == ("pass", why, "unclear seed")
    assert drafts == []


def test_a_press_that_wants_a_reason_keeps_its_item_on_screen(app: tuple[str, str, str]) -> None:
    from playwright.sync_api import expect

    url, ann, db = app
    with _annotator(url, ann) as (page, first):
        page.evaluate(WATCH_SHOWN)
        _press(page, "s")  # a skip without a reason: refused, the error on the item it is about
        expect(page.locator(".st-key-item_now").get_by_text("a skip needs a reason")).to_be_visible()
        settled(page)
        assert page.evaluate("() => window.__shown") == [first]  # no other item flashed by
        page.locator(".st-key-item_now").get_by_label(re.compile("^Reason")).fill("the log is cut off")
        _press(page, "s")  # with one, the next item shows at once
        second = shown_item(page, other_than=first)
    assert second != first
    assert _holders(db, first) == [("ann", "skipped")]
