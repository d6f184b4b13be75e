"""Adjudication in Debian's chromium against `expgrade annotate`: two annotators, each in their
own browser, label the same item differently; the adjudicator opens the Adjudicate page, sees
the item as the annotators saw it (no submission or agent name), both labels and the judges,
is refused without a reason, settles it with one, and `gold export` carries the decision
beside both blind labels. Screenshots land in test-artifacts/annotation/."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from annotation_support import cli, make_run
from test_annotation_browser import ARTIFACTS, LIVE_PANEL, _serve, past_right_edge, settled, shown_item
from test_annotation_browser import pytestmark as browser_marks
from test_annotation_browser_honest import browser  # noqa: F401  (the fixture)

from expgrade.annotation_app.loaders import load_run
from expgrade.annotation_app.store import Store

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = browser_marks


@pytest.fixture
def app(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """(app URL, database) of a graded run loaded with overlap 2 and served."""
    db = str(tmp_path / "annotate.db")
    Store.open(db).load("demo", 2, load_run(make_run(tmp_path / "run")), active_queue=False)
    with _serve(db) as url:
        yield url, db


def _signed_in(chromium: Browser, url: str, token: str) -> Page:
    """A tab of a fresh browser (its own cookies), signed in with `token`."""
    from playwright.sync_api import expect

    page = chromium.new_context(viewport={"width": 1500, "height": 1000}).new_page()
    page.set_default_timeout(30_000)
    page.goto(url)
    page.locator("input[type=password]").fill(token)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name=re.compile(r"· demo$"))).to_be_visible()
    return page


def _label_first_item(page: Page, verdict: str, rationale: str) -> str:
    """Give the item shown a rationale and press the verdict button; returns its opaque id."""
    from playwright.sync_api import expect

    item = shown_item(page)
    page.locator(".st-key-item_now").get_by_label("Rationale").fill(rationale)
    page.get_by_role("button", name=re.compile(rf"^{verdict} \(")).click()
    expect(page.get_by_text(re.compile(r"^1 labelled"))).to_be_visible()
    return item


def test_two_annotators_disagree_and_the_adjudicator_settles_it_on_the_page(
    app: tuple[str, str],
    browser: Browser,  # noqa: F811
) -> None:
    from playwright.sync_api import expect

    url, db = app
    store = Store.open(db)
    tokens = {name: store.add_user(name) for name in ("ann", "bob")}
    added = cli("annotate", "add-user", "sam", "--adjudicator", "--db", db)
    assert added.returncode == 0, added.stderr
    tokens["sam"] = added.stdout.strip().splitlines()[-1]

    ann_page = _signed_in(browser, url, tokens["ann"])
    ann = _label_first_item(ann_page, "Pass", "All three variables named.")
    bob = _label_first_item(_signed_in(browser, url, tokens["bob"]), "Fail", "The split is never fixed.")
    assert ann == bob  # the in-order queue gives both the first item

    # an annotator has no Adjudicate page
    page = _signed_in(browser, url, tokens["ann"])
    expect(page.get_by_role("heading", name="Annotate · demo")).to_be_visible()
    expect(page.locator("[data-testid=stSidebar]").get_by_text("Adjudicate")).to_have_count(0)

    page = _signed_in(browser, url, tokens["sam"])  # an adjudicator opens on the Adjudicate page
    expect(page.get_by_role("heading", name="Adjudicate · demo")).to_be_visible()
    panel = page.locator(".st-key-adjudication_panel")
    expect(panel.get_by_text(ann, exact=True)).to_be_visible()
    expect(panel.get_by_text("Why it is here: people disagree")).to_be_visible()
    expect(panel.get_by_text("ann: pass", exact=True)).to_be_visible()  # both blind labels
    expect(panel.get_by_text("bob: fail", exact=True)).to_be_visible()
    expect(panel.get_by_text("Rationale: The split is never fixed.")).to_be_visible()
    expect(panel.locator("[data-testid=stDataFrame] canvas").first).to_be_visible()  # the judges
    expect(page.get_by_role("heading", name="Agent's work")).to_be_visible()
    settled(page)
    body = page.locator("body").inner_text()
    assert "agentA" not in body and "agentB" not in body  # masked and unnamed, as annotators saw it
    page.screenshot(path=str(ARTIFACTS / "adjudicate-open.png"), full_page=True)

    panel.get_by_text("fail", exact=True).click()  # the final label, no reason yet
    panel.get_by_role("button", name="Settle").click()
    expect(panel.get_by_text("an adjudication needs a reason")).to_be_visible()
    assert store.decisions("demo") == {}
    panel.get_by_label("Reason (required)").fill("The design never fixes the split: bob is right.")
    panel.get_by_role("button", name="Settle").click()
    expect(panel.get_by_text(re.compile(r"^Settled: fail, by sam"))).to_be_visible()
    expect(panel.get_by_role("button", name="Settle again")).to_be_visible()
    settled(page)
    page.screenshot(path=str(ARTIFACTS / "adjudicate-settled.png"), full_page=True)

    out = Path(db).with_name("gold.jsonl")
    exported = cli("gold", "export", "--project", "demo", "--out", str(out), "--db", db)
    assert exported.returncode == 0, exported.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    item_rows = [r for r in rows if r["item_id"] == rows[0]["item_id"]]
    assert [(r["rater"], r["label"], "adjudication" in r["extra"]) for r in item_rows] == [
        ("ann", "pass", False),
        ("bob", "fail", False),
        ("sam", "fail", True),
    ]
    decision = item_rows[-1]["extra"]["adjudication"]
    assert decision["adjudicator"] == "sam" and decision["reason"].startswith("The design never fixes")
    assert [(s["annotator"], s["label"]) for s in decision["settled"]] == [("ann", "pass"), ("bob", "fail")]

    # at 1280x800 the judges' grid fits the window, on the Adjudicate page and in the reveal
    _fits_1280(page, ".st-key-adjudication_panel [data-testid=stDataFrame]", "adjudicate-1280")
    ann_page.locator("[data-testid=stSidebar] [data-testid=stSelectbox]").click()
    ann_page.get_by_role("option").last.click()
    ann_page.get_by_role("button", name="Show the judges and the others").click()
    expect(ann_page.get_by_text("Adjudication: judges and other annotators")).to_be_visible()
    _fits_1280(ann_page, f"{LIVE_PANEL}//*[@data-testid='stDataFrame']", "reveal-1280")


def _fits_1280(page: Page, grids: str, shot: str) -> None:
    """At 1280x800 nothing of the grids `grids` finds reaches past the window's right edge
    (a column cut off there is one a person cannot read); waits for the page to lay itself out
    again after the resize, then keeps a screenshot of each grid (`shot`-N.png)."""
    page.set_viewport_size({"width": 1280, "height": 800})
    settled(page)
    deadline = time.monotonic() + 30
    while True:
        past = past_right_edge(page, grids)
        if (past and all(p <= 0.5 for p, _ in past)) or time.monotonic() > deadline:
            break
        page.wait_for_timeout(200)
    for n, grid in enumerate(page.locator(grids).all()):
        grid.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"{shot}-{n}.png"))
    assert past and all(p <= 0.5 for p, _ in past), past
