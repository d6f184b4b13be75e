"""What the annotator's page does with what files hold, in Debian's chromium: bidi control
characters are shown as code points (a spoofed file name reads as spoofed), loader-filled
fields never become links, and a 5 MB log reaches the browser as its two ends, in one box,
until the person switches on the whole of it.
Screenshots land in test-artifacts/annotation/."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from annotation_support import cli_process, make_run
from test_annotation_browser import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, _serve, _signed_in

from expgrade.annotation_app.store import Store

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed"),
]

SPOOF = "user\u202egnp.exe"  # renders as "userexe.png" where the override is obeyed


def test_bidi_controls_show_and_file_fields_never_link(tmp_path: Path) -> None:
    from playwright.sync_api import expect, sync_playwright

    row = {
        "item_id": "q1",
        "rater": "judge-a",
        "rater_kind": "judge",
        "label": "pass",
        "task_id": "https://evil.example/task",
        "subtask": "www.evil.example",
        "criterion": "see http://evil.example/crit",
        "extra": {"question": "Which file did the agent save?", "response": f"It saved {SPOOF}"},
    }
    table = tmp_path / "t.jsonl"
    table.write_text(json.dumps(row) + "\n")
    db = str(tmp_path / "a.db")
    loaded = cli_process("annotate", "load", str(table), "--project", "demo", "--overlap", "1", "--db", db)
    assert loaded.returncode == 0, loaded.stderr
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with _serve(db) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.set_default_timeout(30_000)
        expect.set_options(timeout=30_000)
        _signed_in(page, url, Store.open(db).add_user("ann"))
        expect(page.get_by_text("It saved user⟨U+202E⟩gnp.exe")).to_be_visible()
        expect(page.get_by_text(re.compile("evil.example/task"))).to_be_visible()
        page.screenshot(path=str(ARTIFACTS / "display-bidi-and-links.png"), full_page=True)
        assert "\u202e" not in page.locator("body").inner_text()
        assert page.locator("a[href*='evil']").count() == 0
        browser.close()


def test_a_5mb_log_goes_to_the_browser_as_its_two_ends(tmp_path: Path) -> None:
    from playwright.sync_api import WebSocket, expect, sync_playwright

    run = make_run(tmp_path / "run", n_tasks=1, agents=("agentA",))
    log = run / "submissions" / "agentA-t0" / "agent.log"
    log.write_text("".join(f"step {n}: loss {1 / (n + 1):.6f} {'x' * 24}\n" for n in range(150_000)))
    assert log.stat().st_size > 5_000_000
    results = run / "results.jsonl"
    record = json.loads(results.read_text())
    record["subtasks"] = {"integrity": {**record["subtasks"]["design"]}}  # only integrity items: the log
    results.write_text(json.dumps(record) + "\n")
    db = str(tmp_path / "a.db")
    loaded = cli_process("annotate", "load", str(run), "--project", "demo", "--overlap", "1", "--db", db)
    assert loaded.returncode == 0, loaded.stderr
    received: list[int] = []

    def capture(ws: WebSocket) -> None:
        ws.on("framereceived", lambda payload: received.append(len(payload)))

    with _serve(db) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.on("websocket", capture)
        page.set_default_timeout(30_000)
        expect.set_options(timeout=30_000)
        _signed_in(page, url, Store.open(db).add_user("ann"))
        expect(
            page.locator(".st-key-item_now").get_by_text("step 0: loss 1.000000", exact=False)
        ).to_be_visible()
        # one box: its first and last lines, the middle left out until the person asks for it
        item = page.locator(".st-key-item_now")
        expect(item.get_by_text(re.compile(r"step 149999: loss"))).to_have_count(1)
        expect(item.get_by_text(re.compile(r"step 75000: loss"))).to_have_count(0)
        expect(item.get_by_text(re.compile(r"lines\) left out here"))).to_have_count(1)
        expect(item.get_by_text(re.compile(r"^Show all [\d,]+ characters"))).to_be_visible()
        first_view = sum(received)
        page.screenshot(path=str(ARTIFACTS / "display-long-log.png"))
        browser.close()
    assert first_view < 500_000, f"{first_view:,} bytes sent for the first view of a 5 MB log"


def test_only_the_open_tab_is_drawn_and_another_opens_on_click(tmp_path: Path) -> None:
    """A hidden tab's artefact is not sent or laid out with every item (the key press waits
    on that), yet opening the tab shows it."""
    from playwright.sync_api import expect, sync_playwright

    run = make_run(tmp_path / "run", n_tasks=1, agents=("agentA",))
    results = run / "results.jsonl"
    record = json.loads(results.read_text())
    record["subtasks"] = {"conclusion": record["subtasks"]["conclusion"]}  # conclusion + results tabs
    results.write_text(json.dumps(record) + "\n")
    db = str(tmp_path / "a.db")
    loaded = cli_process("annotate", "load", str(run), "--project", "demo", "--overlap", "1", "--db", db)
    assert loaded.returncode == 0, loaded.stderr
    with _serve(db) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.set_default_timeout(30_000)
        expect.set_options(timeout=30_000)
        _signed_in(page, url, Store.open(db).add_user("ann"))
        expect(page.get_by_role("tab", name="Conclusion")).to_have_attribute("aria-selected", "true")
        conclusion = page.locator(".st-key-item_now").get_by_text(
            re.compile(r"finds the method wins\.$")
        )  # agent name masked
        expect(conclusion).to_be_visible()
        results_caption = page.locator(".st-key-item_now").get_by_text(
            re.compile(r"^Results claimed by the agent")
        )
        expect(results_caption).to_have_count(0)
        page.get_by_role("tab", name="Results").click()
        expect(results_caption).to_be_visible()
        expect(conclusion).to_have_count(0)
        page.screenshot(path=str(ARTIFACTS / "display-results-tab.png"), full_page=True)
        page.get_by_role("tab", name="Conclusion").click()
        expect(conclusion).to_be_visible()
        browser.close()
