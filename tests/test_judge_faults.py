"""The fault run (issue item 13), at test size: 15 % of requests faulted, every kind of fault.

The full-size run (2,000 items) is in bench/judge_bench.py; this one checks the same invariants
on fewer items so CI stays quick: every item ends graded or unscorable with a reason, none is
lost or duplicated, and the engine's counts agree with what the server saw.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from judge_server import engine_for, ref_request

from expgrade.grading.status import Unscorable
from expgrade.grading.testing.judge_server import FAULTS, ScriptedServer, ServerScript

REPLIED_FAULTS = ("malformed", "missing", "empty", "refusal", "badlabel")  # HTTP 200, bad content


@pytest.mark.timeout(300)
def test_fault_run_loses_nothing_and_counts_right(tmp_path: Path) -> None:
    n = 300
    script = ServerScript(fault_ratio=0.15, faults=FAULTS, slow_s=2.0, retry_after_s=0.02, seed=3)
    with ScriptedServer(script) as server:
        reqs = [ref_request(f"fault-{i}", f"The answer is 42 (item {i}).") for i in range(n)]
        with engine_for(server.url, tmp_path, concurrency=32, timeout_s=1.0, max_retries=4) as engine:
            verdicts = engine.judge_sync(reqs)
        stats = dict(server.stats)

    assert len(verdicts) == n
    assert [v.item_id for v in verdicts] == [r.item_id for r in reqs]  # none lost, none duplicated, in order
    for v in verdicts:
        assert v.status in ("graded", "unscorable")
        if v.status == "graded":
            assert v.reason is None and v.label in ("pass", "fail") and v.passed is not None
        else:
            assert v.reason in set(Unscorable) and v.label is None and v.passed is None
    # Every kind of fault was served, and most items still got a verdict through retries and re-asks.
    assert {k.removeprefix("fault:") for k in stats if k.startswith("fault:")} == set(FAULTS)
    statuses = Counter(v.status for v in verdicts)
    assert statuses["graded"] >= 0.9 * n
    assert statuses["graded"] + statuses["unscorable"] == n
    # Counts agree: every attempt is one engine HTTP call; the server saw no call the engine did not
    # make, and the ledger accounted no reply the server did not send. (Equality is not guaranteed on
    # a loaded machine: a call abandoned at its timeout may never reach the server's handler.)
    assert sum(s.attempts for v in verdicts for s in v.samples) == engine.http_calls
    assert stats["requests"] <= engine.http_calls
    replied = stats["answered"] + sum(stats.get(f"fault:{k}", 0) for k in REPLIED_FAULTS)
    assert 0 < engine.ledger.run.calls <= replied
