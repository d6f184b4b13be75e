"""The item a key shows ahead takes a key at once, in Debian's chromium against `expgrade
annotate`: a key pressed on the copy drawn ahead goes to the app while the app's run for the
press before it has not ended, and labels that item (the one on screen), never another.

The run is held still by a write lock on the database taken from the test (SQLite's busy
timeout makes the app wait for it): the press before cannot be recorded, so the page cannot
have made the held item the claim. (Before, a key on the copy waited for the claim's live
button, which only that run draws: nothing went to the app until the lock was released.)
Screenshots land in test-artifacts/annotation/."""

from __future__ import annotations

import contextlib
import sqlite3
import time
from collections.abc import Iterator

from test_annotation_browser import ARTIFACTS, settled, shown_item
from test_annotation_browser import pytestmark as browser_marks
from test_annotation_look_ahead import AHEAD_ID, _annotator, _labels, app  # noqa: F401 (a fixture)

from expgrade.annotation_app.annotate_page import GRACE_MS

pytestmark = browser_marks

#: resolves once the item on screen has been painted and its grace period has passed (two frames:
#: the frame that drew it, then the one after its paint), in the page's own clock
PAST_GRACE = f"""() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(
  () => setTimeout(done, {GRACE_MS + 150}))))"""


@contextlib.contextmanager
def _writes_held(db: str) -> Iterator[None]:
    """No write reaches the database until the block ends (the app's transactions wait)."""
    conn = sqlite3.connect(db, timeout=30, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        conn.execute("ROLLBACK")
        conn.close()


def test_a_key_on_the_item_shown_ahead_labels_it_before_the_run_before_ends(
    app: tuple[str, str, str],  # noqa: F811 (the fixture imported above)
) -> None:
    url, ann, db = app
    with _annotator(url, ann) as (page, first):
        ahead = page.evaluate(AHEAD_ID)
        assert ahead and ahead != first
        # what the page sends the app from now on (the first press's own message included)
        sent: list[bytes | str] = []
        page.on("websocket", lambda ws: ws.on("framesent", lambda frame: sent.append(frame)))
        page.reload()  # the websocket opens again, watched
        assert shown_item(page) == first and page.evaluate(AHEAD_ID) == ahead
        page.get_by_role("heading", name="Agent's work").click()  # the focus off any field
        page.evaluate(PAST_GRACE)
        with _writes_held(db):
            page.keyboard.press("p")
            page.wait_for_function("(first) => document.body.dataset.expgradeAhead === first", arg=first)
            for _ in range(5):
                page.evaluate(PAST_GRACE)
                # the app's run for P is still waiting to record it: the claim is the first item
                assert page.evaluate("() => document.body.dataset.expgradeAhead") == first
                assert (
                    page.evaluate(
                        "() => document.querySelector('.st-key-item_head [data-testid=stText]').innerText"
                    )
                    == first
                )
                before = len(sent)
                page.evaluate("document.getElementById('expgrade-dropped')?.remove()")
                page.keyboard.press("f")
                page.screenshot(path=str(ARTIFACTS / "live-key-on-the-item-ahead.png"))
                deadline = time.monotonic() + 20
                dropped = "() => !!document.getElementById('expgrade-dropped')?.checkVisibility()"
                while len(sent) == before and not page.evaluate(dropped) and time.monotonic() < deadline:
                    page.wait_for_timeout(50)
                if not page.evaluate(dropped):
                    break  # sent, or never (the loop's bound): a key the page dropped is pressed again
            # F went to the app at once, naming the item drawn ahead's hold
            assert any(b"held_press" in (f if isinstance(f, bytes) else f.encode()) for f in sent[before:])
        settled(page)
        after = shown_item(page, other_than=ahead)
        assert after not in (first, ahead)
        assert not page.locator(".st-key-conflict_panel").count()
        page.screenshot(path=str(ARTIFACTS / "live-key-after.png"))
    given = _labels(db, "ann")
    assert {k: a.label for k, a in given.items()} == {first: "pass", ahead: "fail"}
    assert given[ahead].revision == 1
