"""A key answered in the browser, in Debian's chromium against `expgrade annotate`: the page
holds the next item drawn ahead and a verdict key shows it at once, before the app has even
received the press; the item drawn ahead is held for its annotator in the store, so another
annotator pressing at the same time is never given it, and every item a press shows is the
item labelled next (none replaced, none of the items just labelled back on screen); the
rationale being typed survives a reload and goes with the press it was typed for.
Screenshots land in test-artifacts/annotation/."""

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
        # drawn ahead, hidden, and held for ann (its form a disabled copy until her press)
        assert ahead and ahead != first
        assert not page.locator(".st-key-item_ahead").is_visible()
        assert _holders(db, ahead) == [("ann", "open")]
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


def test_an_item_held_ahead_is_not_given_to_someone_else(app: tuple[str, str, str]) -> None:
    url, ann, db = app
    with _annotator(url, ann) as (page, first):
        ahead = page.evaluate(AHEAD_ID)
        # bob opens the app meanwhile: the queue gives him another item than ann's two
        store = Store.open(db)
        store.add_user("bob")
        bobs = store.claim("demo", next(u.id for u in store.users() if u.name == "bob"))
        assert bobs is not None and f"Item {store.item(bobs.item_id).public_id}" not in (first, ahead)
        page.evaluate(WATCH_SHOWN)
        _press(page, "p")
        assert shown_item(page, other_than=first) == ahead
        settled(page)
        shown: list[str] = page.evaluate("() => window.__shown")
    assert shown == [first, ahead], shown  # what the key showed is what the app gave
    assert {k: a.label for k, a in _labels(db, "ann").items()} == {first: "pass"}
    assert _holders(db, ahead) == [("ann", "open")]


def _rush(pages: list[Page], presses: int) -> None:
    """P pressed on each page in turn, `presses` times each, as soon as the item on screen may
    take a key: once another item shows and the grace period has passed, without waiting for the
    app's run to end (a key the page drops for being early, told by its notice, is pressed
    again)."""
    shown = "() => window.__shown[window.__shown.length - 1] ?? null"
    moved = """(before) => window.__shown[window.__shown.length - 1] !== before ||
      !!document.getElementById("expgrade-dropped")?.checkVisibility()"""
    done = [0] * len(pages)
    while min(done) < presses:
        for n, page in enumerate(pages):
            if done[n] == presses:
                continue
            before = page.evaluate(shown)
            page.evaluate("document.getElementById('expgrade-dropped')?.remove()")
            page.keyboard.press("p")
            page.wait_for_function(moved, arg=before)
            if page.evaluate(shown) != before:
                done[n] += 1
                page.wait_for_timeout(GRACE_MS + 50)


def test_two_annotators_rushing_see_each_item_they_label_and_only_those(tmp_path: Path) -> None:
    """Overlap 1, two annotators pressing as fast as the page takes keys: every item a press
    shows is the next one its annotator labels, and no item comes back once labelled."""
    from playwright.sync_api import sync_playwright

    db = str(tmp_path / "annotate.db")
    store = Store.open(db)
    store.load("demo", 1, load_run(make_run(tmp_path / "run", n_tasks=4)), active_queue=False)
    tokens = {name: store.add_user(name) for name in ("ann", "bob")}
    presses = 8
    with _serve(db) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        pages: dict[str, Page] = {}
        for name, token in tokens.items():
            page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
            page.set_default_timeout(60_000)
            page.goto(url)
            page.locator("input[type=password]").fill(token)
            page.get_by_role("button", name="Sign in").click()
            shown_item(page)
            page.get_by_role("heading", name="Agent's work").click()  # the focus off any field
            page.evaluate(WATCH_SHOWN)
            pages[name] = page
        _rush(list(pages.values()), presses)
        shown: dict[str, list[str]] = {}
        for name, page in pages.items():
            settled(page)
            shown[name] = page.evaluate("() => window.__shown")
            page.screenshot(path=str(ARTIFACTS / f"look-ahead-rush-{name}.png"))
        browser.close()
    labelled: dict[str, list[str]] = {}
    for name in tokens:
        user = next(u for u in store.users() if u.name == name)
        mine = store.my_submitted("demo", user.id)  # newest first
        labelled[name] = [f"Item {item.public_id}" for _, item in reversed(mine)]
    for name in tokens:
        assert len(set(shown[name])) == len(shown[name]), shown[name]  # nothing came back
        assert shown[name][:-1] == labelled[name], (shown[name], labelled[name])  # none replaced
        assert len(labelled[name]) == presses
    assert not set(labelled["ann"]) & set(labelled["bob"])


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
