"""Pure parts of the judge engine: panel aggregation, reply parsing, input fitting, rubrics."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from expgrade.grading.errors import UserError
from expgrade.grading.judge import Verdict, aggregate, list_rubrics, load_rubric
from expgrade.grading.judge.fit import ContextOverflow, collapse_repeats, cut_middle, fit_fields
from expgrade.grading.judge.parse import Parsed, ParseFailure, parse_reply
from expgrade.grading.judge.rubrics import Rubric

BINARY = load_rubric("reference-match")
ORDINAL = Rubric.model_validate(
    {
        "id": "quality",
        "version": "0.1",
        "title": "Quality",
        "fields": [{"name": "response"}],
        "instructions": "Rate it.",
        "verdict": {
            "type": "ordinal",
            "labels": ["poor", "fair", "good", "great"],
            "pass_labels": ["good", "great"],
        },
    }
)


def verdict(judge: str, label: str | None, rubric: Rubric = BINARY, reason: str = "timeout") -> Verdict:
    graded = label is not None
    return Verdict(
        item_id="x",
        judge=judge,
        rubric_id=rubric.id,
        rubric_version=rubric.version,
        criterion=None,
        status="graded" if graded else "unscorable",
        reason=None if graded else reason,  # type: ignore[arg-type]
        label=label,
        score=rubric.verdict.score_of(label) if label else None,
        rationale=None,
        confidence=None,
        flags=[],
        prompt_hash="h",
        temperature=0.0,
        samples=[],
        spread=None,
        prompt_tokens=0,
        completion_tokens=0,
        cost_usd=0.0,
        latency_s=0.0,
        cached=False,
        passed=(label in rubric.verdict.pass_labels) if label else None,
    )


def test_shipped_rubrics_are_complete() -> None:
    ids = {r.id for r in list_rubrics()}
    assert {"design", "implementation", "conclusion", "integrity", "reference-match"} <= ids
    ref = load_rubric("reference-match")
    assert [f.name for f in ref.fields if f.required] == ["question", "reference", "response"]
    assert ref.verdict.type == "binary" and ref.version


def test_majority_keeps_disagreement_and_ties_go_conservative() -> None:
    p = aggregate([verdict("a", "pass"), verdict("b", "pass"), verdict("c", "fail")], BINARY, "majority")
    assert (p.label, p.passed, p.disagreement) == ("pass", True, pytest.approx(1 / 3))
    tie = aggregate([verdict("a", "pass"), verdict("b", "fail")], BINARY, "majority")
    assert (tie.label, tie.flags) == ("fail", ["panel_tie"])


def test_weights_can_outvote_the_majority() -> None:
    vs = [verdict("a", "pass"), verdict("b", "pass"), verdict("c", "fail")]
    p = aggregate(vs, BINARY, "weights", {"a": 1, "b": 1, "c": 3})
    assert (p.label, p.disagreement) == ("fail", pytest.approx(2 / 5))


def test_mean_on_an_ordinal_scale() -> None:
    p = aggregate([verdict("a", "great", ORDINAL), verdict("b", "fair", ORDINAL)], ORDINAL, "mean")
    # (1 + 1/3) / 2 = 2/3 -> exactly level "good"
    assert (p.label, p.passed, p.score) == ("good", True, pytest.approx(2 / 3))
    half = aggregate([verdict("a", "good", ORDINAL), verdict("b", "fair", ORDINAL)], ORDINAL, "mean")
    assert half.label == "fair"  # halfway rounds down, the conservative side
    assert half.disagreement == pytest.approx(1 / 6)


def test_unanimity_and_unscorable_members() -> None:
    assert aggregate([verdict("a", "pass"), verdict("b", "pass")], BINARY, "unanimity").label == "pass"
    split = aggregate([verdict("a", "pass"), verdict("b", "fail")], BINARY, "unanimity")
    assert (split.label, "panel_split" in split.flags) == ("fail", True)
    # A missing member could still fail it: unanimity cannot be established.
    open_ = aggregate([verdict("a", "pass"), verdict("b", None)], BINARY, "unanimity")
    assert (open_.status, open_.reason, open_.label, open_.passed) == ("unscorable", "timeout", None, None)
    # ...but a graded fail already settles it.
    settled = aggregate([verdict("a", "fail"), verdict("b", None)], BINARY, "unanimity")
    assert (settled.label, "panel_incomplete" in settled.flags) == ("fail", True)
    # Unscorable never votes and is never turned into a pass or a fail.
    none = aggregate(
        [verdict("a", None, reason="refusal"), verdict("b", None, reason="refusal")], BINARY, "majority"
    )
    assert (none.status, none.reason, none.label, none.passed) == ("unscorable", "refusal", None, None)
    part = aggregate([verdict("a", "pass"), verdict("b", None)], BINARY, "majority")
    assert (part.label, part.disagreement, "panel_incomplete" in part.flags) == ("pass", 0.0, True)


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ('{"verdict": "pass", "rationale": "ok", "confidence": 0.9}', Parsed("pass", "ok", 0.9)),
        ('Sure.\n```json\n{"verdict": "FAIL", "rationale": "no"}\n```', Parsed("fail", "no", None)),
        ('My verdict: {"verdict": "pass", "rationale": "r", "confidence": 7} done', Parsed("pass", "r", 1.0)),
        ('{"note": 1} then {"verdict": "fail", "rationale": "x"}', Parsed("fail", "x", None)),
        ('{"verdict": "pass"', ParseFailure("parse_error", "no JSON object in the reply")),
        ("", ParseFailure("parse_error", "empty reply")),
        ("I'm sorry, I can't grade this.", ParseFailure("refusal", "I'm sorry, I can't grade this.")),
    ],
)
def test_parse_reply(reply: str, expected: Parsed | ParseFailure) -> None:
    assert parse_reply(reply, None, BINARY) == expected


def test_parse_reply_rejects_unknown_labels_and_honours_refusal_field() -> None:
    bad = parse_reply('{"verdict": "maybe", "rationale": "r"}', None, BINARY)
    assert isinstance(bad, ParseFailure) and bad.kind == "parse_error" and "maybe" in bad.detail
    assert parse_reply(None, "I refuse", BINARY) == ParseFailure("refusal", "I refuse")


def words(text: str) -> int:
    return len(text.split())


def test_collapse_repeats_keeps_first_and_last() -> None:
    log = "start\n" + "\n".join(f"step {i} loss {i * 2}" for i in range(100)) + "\nend"
    out = collapse_repeats(log)
    assert out.splitlines() == [
        "start",
        "step 0 loss 0",
        "[... expgrade collapsed 98 similar lines ...]",
        "step 99 loss 198",
        "end",
    ]


def test_cut_middle_marks_the_cut_and_keeps_head_and_tail() -> None:
    text = "\n".join(f"line{i} alpha beta gamma" for i in range(1000))
    out = cut_middle(text, 400, words)
    assert words(out) <= 400 and out.startswith("line0 ") and out.endswith("line999 alpha beta gamma")
    assert "[... expgrade cut" in out


def test_fit_fields_shares_room_and_overflows_explicitly() -> None:
    small, big = "a b c", " ".join(["w"] * 5000)
    fitted = fit_fields({"small": small, "big": big}, set(), 1000, 50, words)
    assert fitted.values["small"] == small and fitted.truncated == ["big"]
    assert words(fitted.values["big"]) <= 1000 - 3
    with pytest.raises(ContextOverflow):
        fit_fields({"a": big, "b": big}, set(), 80, 50, words)


def test_rubric_by_path_and_bad_rubrics(tmp_path: Path) -> None:
    good = tmp_path / "mine.yaml"
    good.write_text(
        "id: mine\nversion: '2'\ntitle: Mine\nfields: [{name: response}]\ninstructions: judge\n"
        "verdict: {type: ordinal, labels: [low, mid, high], pass_labels: [high]}\n"
    )
    assert load_rubric(str(good)).verdict.labels == ["low", "mid", "high"]
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "id: bad\nversion: '1'\ntitle: B\nfields: []\ninstructions: x\nverdict: {labels: [good, bad]}\n"
    )
    with pytest.raises(UserError, match="binary verdict"):
        load_rubric(str(bad))
    with pytest.raises(UserError, match="unknown rubric 'nope'"):
        load_rubric("nope")


def test_classify_reads_retry_after_in_every_form() -> None:
    from datetime import UTC, datetime, timedelta
    from email.utils import format_datetime

    import httpx

    from expgrade.grading.judge.client import _litellm, classify

    litellm = _litellm()

    def rate_limited(headers: dict[str, str]) -> BaseException:
        return litellm.RateLimitError(
            "slow down", "openai", "m", response=httpx.Response(429, headers=headers)
        )

    assert classify(rate_limited({"retry-after-ms": "250", "retry-after": "9"})).retry_after_s == 0.25
    assert classify(rate_limited({"retry-after": "3"})).retry_after_s == 3.0
    when = format_datetime(datetime.now(UTC) + timedelta(seconds=30), usegmt=True)
    assert 25 < (classify(rate_limited({"retry-after": when})).retry_after_s or 0) <= 30
    f = classify(rate_limited({}))
    assert (f.retry, f.reason, f.retry_after_s) == (True, "provider_error", None)
    bad = litellm.BadRequestError("bad", "m", "openai")
    assert (classify(bad).retry, classify(bad).reason) == (False, "provider_error")
    timeout = litellm.Timeout("t", "m", "openai")
    assert (classify(timeout).retry, classify(timeout).reason) == (True, "timeout")


@given(
    lines=st.lists(st.text(alphabet="abc xyz0123456789", min_size=0, max_size=40), min_size=1, max_size=400),
    room=st.integers(min_value=60, max_value=2000),
)
@settings(max_examples=60, deadline=None)
def test_fit_never_exceeds_the_room_and_never_hides_a_cut(lines: list[str], room: int) -> None:
    text = "HEAD\n" + "\n".join(lines) + "\nTAIL"
    try:
        fitted = fit_fields({"log": text, "note": "short note"}, {"log"}, room, 20, words)
    except ContextOverflow:
        assert room < 2 * 20 or words(text) > room  # only when it truly cannot fit
        return
    assert sum(words(v) for v in fitted.values.values()) <= room
    assert fitted.values["note"] == "short note"
    if fitted.values["log"] != text:
        assert fitted.truncated == ["log"]
        assert "[... expgrade" in fitted.values["log"]  # every change is marked
        assert fitted.values["log"].startswith("HEAD") and fitted.values["log"].endswith("TAIL")


def test_prices_and_windows_come_from_the_bundled_map_only_for_the_same_provider() -> None:
    from expgrade.grading.judge.client import model_context_window, model_prices

    assert model_prices("openai/gpt-4o-mini") == model_prices("gpt-4o-mini") is not None
    assert model_context_window("openai/gpt-4o-mini") == 128_000
    # A self-hosted model that shares an OpenAI name is not billed at OpenAI's prices.
    assert model_prices("hosted_vllm/gpt-4o-mini") is None
    assert model_prices("openai/expgrade-test-judge") is None and model_context_window("openai/nope") is None


def test_the_cost_map_read_without_litellm_is_litellm_s_own() -> None:
    """The engine prices calls from litellm's bundled map without importing litellm; every model's
    rates, windows and provider must be what `litellm.model_cost` holds once litellm is loaded."""
    from expgrade.grading.judge.client import _bundled_cost_map, _litellm

    live = _litellm().model_cost
    bundled = _bundled_cost_map()
    keys = (
        "input_cost_per_token",
        "output_cost_per_token",
        "cache_read_input_token_cost",
        "cache_creation_input_token_cost",
        "input_cost_per_token_batches",
        "output_cost_per_token_batches",
        "max_input_tokens",
        "max_tokens",
        "litellm_provider",
    )
    assert set(bundled) == set(live)
    differ = [
        name
        for name, entry in live.items()
        if {k: entry.get(k) for k in keys} != {k: bundled[name].get(k) for k in keys}
    ]
    assert differ == []
