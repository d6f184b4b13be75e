"""The run report as a reviewer reads it (issue 41): the summary first (rates with intervals, one
trust line per judge, unscorable reasons, cost), a fact stated once, the evidence one click
away, and the same RunReport in HTML, Markdown and JSON. The browser test opens the page in
Debian's chromium at 1300 x 1000; its screenshots land in test-artifacts/report/."""

from __future__ import annotations

import base64
import gzip
import os
import re
from pathlib import Path

import pytest

from expgrade.calibration.run_report import calibrate_run
from expgrade.grading.report.build import build_report
from expgrade.grading.report.render import render_html, render_markdown
from expgrade.grading.schemas import CriterionItem, JudgedSubtask, ResultRecord, RunReport, Subtasks
from expgrade.grading.schemas.report import (
    AttackFigures,
    ControlFigures,
    CrossCheck,
    DegenerateFinding,
    JudgeChecks,
    ReportEstimate,
)

JUDGE = "openai/judge-a"
CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts" / "report"


def _item(n: int, verdict: str) -> CriterionItem:
    record = {
        "item_id": f"x/{n}",
        "rater": JUDGE,
        "status": "graded",
        "label": verdict,
        "confidence": 0.7,
        "rationale": f"why {n}: <b>quoted</b>",
        "flags": [],
        "prompt_tokens": 900,
    }
    return CriterionItem(criterion=f"criterion {n}", verdict=verdict, rationale=f"why {n}", judge=[record])


def _records() -> list[ResultRecord]:
    out = []
    for agent, verdicts in (("agent-a", ["pass", "pass"]), ("agent-b", ["pass", "fail"])):
        for t in range(3):
            items = [_item(i, v) for i, v in enumerate(verdicts)]
            passed = all(v == "pass" for v in verdicts)
            sub = JudgedSubtask(status="graded", score=1.0 if passed else 0.5, passed=passed, items=items)
            out.append(
                ResultRecord(
                    task_id=f"t{t}",
                    submission_id=f"{agent}-{t}",
                    agent=agent,
                    agent_model="m",
                    subtasks=Subtasks(design=sub),
                    paper_id=f"p{t}",
                    cost_usd=0.01,
                    duration_s=2.0,
                )
            )
    return out


def _report(tmp_path: Path) -> RunReport:
    records = _records()
    report = build_report(tmp_path, records, {"judges": [JUDGE]}, n_boot=50)
    return report.with_calibration(calibrate_run(records, None, n_boot=50))


def _est(value: float, low: float, high: float, n: int = 20) -> ReportEstimate:
    return ReportEstimate(value=value, ci_low=low, ci_high=high, n=n, n_clusters=n)


def _checks() -> JudgeChecks:
    return JudgeChecks(
        controls=[
            ControlFigures(
                judge=JUDGE,
                subtask="design",
                false_pass=_est(0.35, 0.18, 0.55),
                false_fail=_est(0.05, 0.0, 0.2),
                unscorable=2,
                failed=True,
                why="passed 7 of 20 empty submissions",
                refused=True,
            ),
            ControlFigures(
                judge=JUDGE,
                subtask="conclusion",
                false_pass=_est(0.0, 0.0, 0.12),
                false_fail=_est(0.1, 0.02, 0.3),
                unscorable=0,
                failed=False,
                why=None,
                refused=False,
            ),
        ],
        attacks=[
            AttackFigures(
                judge=JUDGE,
                defences="on",
                family="all",
                placement="all",
                success=_est(0.25, 0.1, 0.45),
                baseline=_est(0.02, 0.0, 0.1),
                detected=9,
            ),
            AttackFigures(
                judge=JUDGE,
                defences="on",
                family="hidden_text",
                placement="rationale",
                success=_est(0.61, 0.4, 0.8),
                baseline=_est(0.02, 0.0, 0.1),
                detected=1,
            ),
        ],
        cross_checks=[
            CrossCheck(
                judge=JUDGE,
                subtask="implementation",
                signal="unit_tests",
                agreement=_est(0.83, 0.7, 0.92),
                judge_pass_signal_fail=4,
                judge_fail_signal_pass=1,
            )
        ],
        degenerate=[
            DegenerateFinding(
                judge=JUDGE,
                subtask="design",
                kind="repeated_rationale",
                count=38,
                of=40,
                example="The design is fine.",
            )
        ],
        failing=[f"{JUDGE} on design"],
        controls_n=120,
        cost_usd=0.42,
    )


def _text(html: str) -> str:
    """The page's words, tags dropped and entities of the figures left alone."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_judge_checks_are_in_the_summary_and_in_full_below(tmp_path: Path) -> None:
    report = _report(tmp_path).model_copy(update={"judge_checks": _checks()})
    html, md = render_html(report), render_markdown(report)
    summary = _text(html.split('<nav class="noprint">')[0])
    md_summary = md.split("## Judge calibration")[0]
    for text in (summary, md_summary):
        # one trust line for the judge: controls with intervals, the failure said loudly, attacks
        assert (
            "FAILED its controls: design: false-pass 0.35 [0.18, 0.55], false-fail 0.05 [0.00, 0.20]" in text
        )
        assert "its verdicts were made unscorable" in text
        assert "controls: conclusion: false-pass 0.00 [0.00, 0.12]" in text
        assert "attack success (defences on): 0.25 [0.10, 0.45]" in text
        assert "0.61" not in text  # one family at one placement is evidence, not the summary
        assert "agrees with unit_tests: 0.83 [0.70, 0.92] on implementation" in text
        assert "repeated_rationale 38/40" in text
        assert "120 control grading(s), cost $0.4200; FAILED: openai/judge-a on design." in text
        assert "controls $0.4200" in text  # and in the cost line
    assert '<li><b>openai/judge-a</b> <span class="loud">⚠</span>' in html
    assert '<span class="part loud">FAILED its controls: design' in html
    # the evidence section has every row, in both formats
    evidence_html = _text(html.split('id="judge-checks"')[1].split("</section>")[0])
    evidence_md = md.split("## Judge checks")[1].split("\n## ")[0]
    for text in (evidence_html, evidence_md):
        assert "hidden_text" in text and "rationale" in text and "0.61 [0.40, 0.80]" in text
        assert "FAILED: passed 7 of 20 empty submissions (refused)" in text
        assert "unit_tests" in text and "The design is fine." in text


def test_no_controls_is_said_and_uncalibrated_is_said_once(tmp_path: Path) -> None:
    report = _report(tmp_path)
    # judged results with no control gradings (a run graded with --controls 0)
    assert report.judge_checks is not None and report.judge_checks.controls_n == 0
    assert report.calibration is not None
    html, md = render_html(report), render_markdown(report)
    for text in (_text(html), md):
        assert "controls: no controls run" in text
        assert len(re.findall("uncalibrated judge", text, re.IGNORECASE)) == 1
        # what would make the calibration tables estimable, instead of rows of "not estimable"
        assert "not estimable:" not in text and "for a ±0.05 CI on the corrected rate" in text


def test_rates_with_intervals_lead_and_the_formats_agree(tmp_path: Path) -> None:
    report = _report(tmp_path)
    html, md = render_html(report), render_markdown(report)
    b = next(a for a in report.as_json()["agents"] if a["agent"] == "agent-b")
    assert b["pass_rates"]["design"]["value"] == 0.0
    # 0 of 3 papers: the exact interval on papers (1 − 0.025^(1/3) = 0.71), never [0.00, 0.00]
    assert b["pass_rates"]["design"]["interval"] == "exact on tasks"
    assert "| agent-b | 3 | 0.00 [0.00, 0.71] n=3 |" in md
    assert '<b>0.00</b> <span class="ci">[0.00, 0.71]</span><br><svg class="wh"' in html
    assert html.index("<b>0.00</b>") < html.index('id="calibration"')  # the summary comes first
    # one file that opens offline: nothing is fetched (no stylesheet, script or image by address)
    assert not re.search(r"""(src|href)=["']?(https?:)?//|<link|<script src""", html)


def test_each_item_shows_each_judge_and_its_raw_record_behind_an_anchor(tmp_path: Path) -> None:
    report = _report(tmp_path)
    item = report.as_json()["tasks"][0]["submissions"][1]["subtasks"]["design"]["items"][1]
    assert item["verdicts"] == [
        {"rater": JUDGE, "status": "graded", "label": "fail", "confidence": 0.7,
         "rationale": "why 1: <b>quoted</b>", "flags": [], "prompt_tokens": 900}
    ]  # fmt: skip
    html = render_html(report)
    evidence = _task_body(html, "t0")
    assert '<details class="sub" id="sub-t0/agent-b-0">' in evidence
    assert '<tr id="item-t0/agent-b-0/design/2">' in evidence
    assert f'{JUDGE}: <span class="fail">fail</span>' in evidence
    # the raw record, escaped: the agent's markup never becomes the page's
    assert '"rationale": "why 1: &lt;b&gt;quoted&lt;/b&gt;"' in evidence
    assert "<b>quoted</b>" not in html


def _task_body(html: str, task_id: str) -> str:
    """A task's inert drill-down as the page's script will unpack it."""
    body = html.split(f'id="task-{task_id}"')[1].split("</script>")[0]
    kind, text = body.split('<script type="text/x-evidence')[1].split('">', 1)
    return gzip.decompress(base64.b64decode(text)).decode() if kind == "+gzip" else text


def test_a_large_report_packs_each_task_and_unpacks_to_the_same_page(tmp_path: Path) -> None:
    report = _report(tmp_path)
    plain, packed = render_html(report), render_html(report, pack_over=0)
    assert "text/x-evidence+gzip" in packed and "text/x-evidence+gzip" not in plain
    assert len(packed) < len(plain)
    for task in ("t0", "t1", "t2"):
        assert _task_body(packed, task) == _task_body(plain, task)


@pytest.mark.browser
@pytest.mark.skipif(
    not Path(CHROMIUM).exists() and not os.environ.get("CI"),
    reason="Debian's chromium is not installed (in CI, which installs it, a missing browser fails)",
)
def test_summary_fits_one_screen_and_an_item_link_opens_it(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    report = _report(tmp_path).model_copy(update={"judge_checks": _checks()})
    page_file = tmp_path / "report.html"
    page_file.write_text(render_html(report), encoding="utf-8")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        page = browser.new_page(viewport={"width": 1300, "height": 1000})
        page.goto(page_file.as_uri())
        page.screenshot(path=str(ARTIFACTS / "summary.png"))
        assert page.evaluate("document.getElementById('summary').getBoundingClientRect().bottom") < 1000
        wide = page.evaluate(
            "[...document.querySelectorAll('table')].filter(t => t.offsetWidth > innerWidth).length"
        )
        assert wide == 0 and page.evaluate("document.documentElement.scrollWidth") <= 1300
        # a link to an item opens its task and shows the row, packed or not
        packed = tmp_path / "packed.html"
        packed.write_text(render_html(report, pack_over=0), encoding="utf-8")
        for target in (page_file, packed):
            page.goto(target.as_uri() + "#item-t2/agent-b-2/design/2")
            row = page.locator("#item-t2\\/agent-b-2\\/design\\/2")
            row.wait_for()
            assert row.is_visible() and "criterion 1" in row.inner_text()
            assert row.locator("a").get_attribute("href") == "#item-t2/agent-b-2/design/2"
        page.screenshot(path=str(ARTIFACTS / "item.png"))
        browser.close()
