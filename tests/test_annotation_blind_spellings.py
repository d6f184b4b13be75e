"""A held-out run whose agent writes its own and its model's names in ways nobody listed:
separators inside the recorded parts (`Agent-correct-Q7` for `agentcorrectq7`), URL-encoded
(`claude%2D3%2D5%2Dsonnet`), HTML character references (`&#67;laude 3.5 Sonnet`), a provider
before and a variant after (`anthropic/claude-3-5-sonnet`, `CLAUDE_3_5_SONNET`). No agent or
model name, read as a person reads text (references and escapes decoded, NFKC, any case and
separators), is in any stored item, any blob, or any websocket frame the annotator's page
received while labelling every item in Debian's chromium."""

from __future__ import annotations

import html
import json
import re
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import unquote

import pytest
from annotation_support import make_run
from test_annotation_blind import stored_texts
from test_annotation_browser import CHROMIUM, CHROMIUM_ARGS, _press, _serve, _signed_in
from test_annotation_browser import pytestmark as browser_marks

from expgrade.annotation_app.loaders import load_run
from expgrade.annotation_app.store import Store

# chromium missing: skipped outside CI, a failure in CI (which installs it)
pytestmark = browser_marks

AGENT = "agentcorrectq7"
MODEL = "anthropic/claude-3-5-sonnet-20241022"
#: how the agent wrote the names into its own design, conclusion and results
WRITTEN = (
    "Agent-correct-Q7",
    "AGENT correct q7",
    "claude%2D3%2D5%2Dsonnet",
    "&#67;laude 3.5 Sonnet",
    "&#x63;&#x6c;aude-3-5-sonnet-20241022",
    "anthropic/claude-3-5-sonnet",
    "CLAUDE_3_5_SONNET",
    "claude-3-5_SONNET",
    "ｃｌａｕｄｅ 3.5",
)
#: the names' letters, and the model's family: none may be readable anywhere
HIDDEN = ("agentcorrectq7", "claude35sonnet", "claude")


def readable(text: str) -> str:
    """The letters and digits a person would read in `text`, in order, case-folded."""
    read = unicodedata.normalize("NFKC", html.unescape(unquote(text, errors="replace"))).casefold()
    return "".join(c for c in read if c.isalnum())


def held_out_run(root: Path) -> Path:
    run = make_run(root, n_tasks=1, agents=(AGENT,))
    prose = "; ".join(f"{w} ran it" for w in WRITTEN)
    for path in (run / "submissions").glob("*/submission.json"):
        record = json.loads(path.read_text())
        record.update(
            agent_model=MODEL,
            design=f"Design by {prose}.",
            conclusion=f"We ({prose}) find the method wins.",
            claimed_results={f"{w} sweep": {"accuracy": 0.8} for w in WRITTEN},
        )
        path.write_text(json.dumps(record))
    results = run / "results.jsonl"
    records = [json.loads(line) for line in results.read_text().splitlines()]
    results.write_text("".join(json.dumps({**r, "agent_model": MODEL}) + "\n" for r in records))
    return run


Case = tuple[Callable[[Path], Path], tuple[str, ...], int, Callable[[str], str]]


def identity_case() -> Case:
    """Issue 55's run (`OpenHands CodeAct` on `claude-3-5-sonnet-20241022`, its names written
    the ways that leaked, in design, conclusion, results, diff, log and rationales)."""
    from test_annotation_masking_identity import TOKENS, identity_run
    from test_annotation_masking_identity import readable as read_through  # homoglyphs, twice encoded

    return identity_run, TOKENS, 7, read_through  # 3 design, 2 conclusion, 1 implementation, 1 integrity


CASES: dict[str, Callable[[], Case]] = {
    "issue 46": lambda: (held_out_run, HIDDEN, 5, readable),
    "issue 55": identity_case,
}


@pytest.fixture(params=sorted(CASES))
def served(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, str, str, Case]]:
    case = CASES[request.param]()
    db = str(tmp_path / "annotate.db")
    store = Store.open(db)
    store.load("demo", 1, load_run(case[0](tmp_path / "run")), active_queue=False)
    with _serve(db) as url:
        yield url, store.add_user("ann"), db, case


def test_names_written_any_way_reach_neither_the_store_nor_the_page(
    served: tuple[str, str, str, Case],
) -> None:
    from playwright.sync_api import WebSocket, expect, sync_playwright

    url, token, db, (_, hidden, items, readable) = served
    stored = [readable(t) for t in stored_texts(db)]
    assert [h for h in hidden if any(h in t for t in stored)] == []
    assert any("[agent]" in t for t in stored_texts(db)) and any("[model]" in t for t in stored_texts(db))
    frames: list[bytes] = []

    def capture(ws: WebSocket) -> None:
        ws.on("framereceived", lambda p: frames.append(p if isinstance(p, bytes) else p.encode()))

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.on("websocket", capture)
        page.set_default_timeout(60_000)
        expect.set_options(timeout=60_000)
        _signed_in(page, url, token)
        item = page.get_by_text(re.compile(r"^Item [0-9a-f]{10}$")).filter(
            visible=True
        )  # not the one drawn ahead
        shown = 0
        while not page.get_by_text("Nothing left for you").count():
            expect(item.or_(page.get_by_text("Nothing left for you")).first).to_be_visible()
            if not item.count():
                break
            current = item.inner_text()
            body = readable(page.locator("body").inner_text())
            assert [h for h in hidden if h in body] == [], current
            shown += 1
            _press(page, "p")
            expect(item.or_(page.get_by_text("Nothing left for you")).first).not_to_have_text(current)
        browser.close()
    assert shown == items  # every criterion, each seen and labelled
    received = readable(b"".join(frames).decode("utf-8", errors="replace"))
    assert [h for h in hidden if h in received] == []
