"""The async judge engine: many verdicts, few threads, bounded spend, no lost items.

Every (request, judge, sample) is one asyncio task; concurrency is bounded by a global and a
per-model semaphore, pacing by the `RateLimiter`. A call that fails transiently (429, 5xx,
dropped connection, timeout) is retried with exponential backoff and jitter, honouring the
provider's Retry-After (which also pauses every other caller of that model); a reply that is
not a valid verdict is re-asked a bounded number of times. Whatever happens, each task ends as
a `Sample` that is graded or unscorable with a reason: nothing is lost, nothing raised.
"""

from __future__ import annotations

import asyncio
import contextvars
import random
import time
import weakref
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from expgrade.grading.errors import UserError
from expgrade.grading.judge import client
from expgrade.grading.judge.budget import BudgetGate, LocalBudgetGate
from expgrade.grading.judge.cache import ResponseCache, cache_key
from expgrade.grading.judge.config import JudgeConfig, JudgeSpec
from expgrade.grading.judge.consensus import Method, aggregate, majority_label
from expgrade.grading.judge.dialect import MODES, OutputMode, format_for, next_mode, refuses_format
from expgrade.grading.judge.fit import ContextOverflow
from expgrade.grading.judge.injection import neutralise_fields
from expgrade.grading.judge.ledger import CostLedger
from expgrade.grading.judge.limits import LocalRateLimiter, ModelLimits, RateLimiter
from expgrade.grading.judge.parse import Parsed, parse_reply, reask_message
from expgrade.grading.judge.preflight import JudgeUnavailable, static_problem, unavailable, unreachable
from expgrade.grading.judge.prompt import Rendered, render
from expgrade.grading.judge.prose import prose_free_fields
from expgrade.grading.judge.rubrics import Rubric, load_rubric
from expgrade.grading.judge.served import Served, endpoint_of
from expgrade.grading.judge.types import (
    DEPENDS_ON_INJECTION,
    FLIPS_WITHOUT_PROSE,
    PROMPT_INJECTION,
    QUOTED_INJECTION,
    InjectionSource,
    JudgeRequest,
    PanelVerdict,
    Sample,
    Verdict,
)
from expgrade.grading.status import Unscorable

OnVerdict = Callable[[Verdict], None]
#: Which injection check a call belongs to (None: the verdict itself); the ledger sums them apart.
_CHECK: contextvars.ContextVar[str | None] = contextvars.ContextVar("expgrade_injection_check", default=None)


#: `JudgeRequest.meta` key: "off" sends the agent's material unfenced and unmarked, for the attack
#: controls that measure what the defences buy (docs/controls.md); never set on a real item.
DEFENCES = "defences"


def undefended(req: JudgeRequest) -> bool:
    return req.meta.get(DEFENCES) == "off"


#: `JudgeRequest.meta` key: "on" asks the judge again past the response cache (neither read nor
#: written, no identical call shared), with the run's own temperature and seeds, for test-retest
#: (grading/controls/retest.py); its calls are ledgered under the check `retest`.
RETEST = "retest"


def retested(req: JudgeRequest) -> bool:
    return req.meta.get(RETEST) == "on"


@dataclass
class _LoopState:
    """asyncio primitives belong to one event loop; the engine keeps a set per loop it runs in."""

    global_sem: asyncio.Semaphore
    model_sems: dict[str, asyncio.Semaphore] = field(default_factory=dict)
    inflight: dict[str, asyncio.Future[Sample]] = field(default_factory=dict)
    #: One lock per (model, endpoint) whose output mode is not known yet: one call probes at a time.
    probes: dict[tuple[str, str | None], asyncio.Lock] = field(default_factory=dict)


class JudgeEngine:
    """Runs judge requests through a panel of judges; see `expgrade.grading.judge` for the overview."""

    def __init__(self, config: JudgeConfig) -> None:
        self.config = config
        self.ledger = CostLedger()
        self.budget: BudgetGate = config.budget_gate or LocalBudgetGate(config.budget_usd)
        self.cache: ResponseCache | None = ResponseCache(config.cache_path) if config.use_cache else None
        self.limiter: RateLimiter = config.rate_limiter or LocalRateLimiter(
            {j.model: ModelLimits(j.rpm, j.tpm) for j in config.judges}
        )
        self.http_calls = 0
        #: Calls sent and not yet answered, per model (said in a timeout's message).
        self.in_flight: Counter[str] = Counter()
        #: Judges checked before their first call (name, key), and (model, endpoint)s that answered
        #: at least once: only a judge never reached raises JudgeUnavailable instead of going
        #: unscorable (a server that dies mid-run leaves unscorable items, resumable).
        self._checked: set[str] = set()
        self._reached: set[tuple[str, str | None]] = set()
        #: The output mode each (model, endpoint) settled on, and the refusals that led there
        #: (mode → the server's words); shared by every loop of the engine.
        self.output_modes: dict[tuple[str, str | None], OutputMode] = {}
        self.mode_refusals: dict[tuple[str, str | None], dict[str, str]] = {}
        self._loops: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _LoopState] = (
            weakref.WeakKeyDictionary()
        )
        self._prices: dict[str, client.Prices | None] = {j.model: self._price_of(j) for j in config.judges}
        self._windows: dict[str, int] = {
            j.model: j.context_window or client.model_context_window(j.model) or config.default_context_window
            for j in config.judges
        }
        self._rng = random.Random()

    # -- public -------------------------------------------------------------------------------

    async def judge(
        self, requests: Sequence[JudgeRequest], on_verdict: OnVerdict | None = None
    ) -> list[Verdict]:
        """One verdict per request × judge, in request order then judge order.

        Raises UserError (before any call) when a request names an unknown rubric or lacks a
        field its rubric requires, and JudgeUnavailable (grading/judge/preflight.py) when a judge
        cannot be called at all: a name litellm does not know, a missing key, or an endpoint that
        refused the connection before it ever answered; every other problem becomes an
        unscorable verdict.
        """
        rubrics = self.check(requests)
        # Rendering (with its injection scan) is CPU. Started all at once, 4,000 renders ran
        # before the first answer was read, with the wire idle for a second; a window of twice
        # the concurrency keeps the next renders going while the calls in flight wait.
        window = asyncio.Semaphore(2 * self.config.concurrency)

        async def one(req: JudgeRequest, judge: JudgeSpec) -> Verdict:
            async with window:
                verdict = await self._verdict(req, rubrics[req.rubric_id], judge)
            if on_verdict is not None:
                on_verdict(verdict)
            return verdict

        async with client.connections():  # one connection pool for the direct route's calls
            tasks = [asyncio.ensure_future(one(r, j)) for r in requests for j in self.config.judges]
            try:
                return list(await asyncio.gather(*tasks))
            except JudgeUnavailable:  # nothing can be judged: stop the other calls at once
                for task in tasks:
                    task.cancel()
                raise

    async def judge_panel(
        self,
        requests: Sequence[JudgeRequest],
        method: Method = "majority",
        on_verdict: OnVerdict | None = None,
    ) -> list[PanelVerdict]:
        """`judge`, then each request's verdicts aggregated (JudgeSpec.weight is used by `weights`)."""
        verdicts = await self.judge(requests, on_verdict)
        rubrics = _rubrics(requests)
        n = len(self.config.judges)
        weights = {j.model: j.weight for j in self.config.judges}
        return [
            aggregate(verdicts[i * n : (i + 1) * n], rubrics[req.rubric_id], method, weights)
            for i, req in enumerate(requests)
        ]

    def check(self, requests: Sequence[JudgeRequest]) -> dict[str, Rubric]:
        """The requests' rubrics; a UserError for an unknown rubric or a missing field, before any call."""
        rubrics = _rubrics(requests)
        for i, r in enumerate(requests):
            if not r.item_id:
                raise UserError("a judge request needs a non-empty item_id", record=f"request {i}")
            rubrics[r.rubric_id].check_item(r.fields, record=f"request {i} (item {r.item_id})")
        return rubrics

    def judge_sync(
        self, requests: Sequence[JudgeRequest], on_verdict: OnVerdict | None = None
    ) -> list[Verdict]:
        """`judge` for synchronous callers (a grading function in an executor); not from inside a loop."""
        return asyncio.run(self.judge(requests, on_verdict))

    def close(self) -> None:
        if self.cache is not None:
            self.cache.close()
            self.cache = None

    def __enter__(self) -> JudgeEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- internals ----------------------------------------------------------------------------

    def _price_of(self, judge: JudgeSpec) -> client.Prices | None:
        if judge.input_cost_per_token is not None and judge.output_cost_per_token is not None:
            return client.Prices.flat(judge.input_cost_per_token, judge.output_cost_per_token)
        return client.model_prices(judge.model)

    def _state(self) -> _LoopState:
        loop = asyncio.get_running_loop()
        st = self._loops.get(loop)
        if st is None:
            st = self._loops[loop] = _LoopState(asyncio.Semaphore(self.config.concurrency))
        return st

    def _model_sem(self, judge: JudgeSpec) -> asyncio.Semaphore | None:
        if judge.concurrency is None:
            return None
        sems = self._state().model_sems
        if judge.model not in sems:
            sems[judge.model] = asyncio.Semaphore(judge.concurrency)
        return sems[judge.model]

    def render(self, req: JudgeRequest, rubric: Rubric, judge: JudgeSpec) -> Rendered:
        """The prompt this engine sends `judge` for `req`; raises fit.ContextOverflow when it cannot fit."""
        return render(
            rubric,
            req.fields,
            req.criterion,
            context_window=self._windows[judge.model],
            max_tokens=self.config.max_tokens,
            min_field_tokens=self.config.min_field_tokens,
            count=lambda text: client.count_tokens(judge.model, text),
            spotlight=self.config.spotlight and not undefended(req),
            fences=not undefended(req),
        )

    def prices(self, judge: JudgeSpec) -> client.Prices | None:
        return self._prices[judge.model]

    def cached_answer(self, rendered: Rendered, judge: JudgeSpec, seed: int) -> bool:
        """Whether the response cache already holds this call's answer (it would cost nothing)."""
        return self.cache is not None and self.cache.get(self._key(rendered, judge, seed)) is not None

    def answer_key(self, rendered: Rendered, judge: JudgeSpec, seed: int) -> str | None:
        """The call's response-cache key; None without a cache (then every call is paid)."""
        return None if self.cache is None else self._key(rendered, judge, seed)

    async def _verdict(self, req: JudgeRequest, rubric: Rubric, judge: JudgeSpec) -> Verdict:
        token = _CHECK.set(RETEST) if retested(req) else None
        try:
            verdict = await self._judge_once(req, rubric, judge)
        finally:
            if token is not None:
                _CHECK.reset(token)
        check = self.config.injection_check
        if verdict.status != "graded":
            return verdict
        if check == "paraphrase" and PROMPT_INJECTION in verdict.flags:
            # The flagged spans neutralised: a label that changes depended on the injection.
            quotes = [s.injection_evidence for s in verdict.samples if s.injection_evidence]
            fields = neutralise_fields(rubric, req.fields, quotes)
            await self._judge_again(req, rubric, judge, verdict, fields, "paraphrase", DEPENDS_ON_INJECTION)
        elif check == "invariance":
            # Wording-free: no detector has to recognise the attack, only the verdict has to move.
            # Items whose rubric fields are all prose (`text`, `transcript`) get no second call.
            prose_free = prose_free_fields(rubric, req.fields)
            if prose_free is not None:
                await self._judge_again(
                    req, rubric, judge, verdict, prose_free, "invariance", FLIPS_WITHOUT_PROSE
                )
        return verdict

    async def _judge_again(
        self,
        req: JudgeRequest,
        rubric: Rubric,
        judge: JudgeSpec,
        verdict: Verdict,
        fields: dict[str, Any],
        check: str,
        flag: str,
    ) -> None:
        """Judge the item again on `fields`; a graded label that differs flags `verdict` with `flag`.

        The second verdict's spend is added to the first's (it is part of what grading cost) and
        ledgered under `check`.
        """
        token = _CHECK.set(check)
        try:
            again = await self._judge_once(replace(req, fields=fields), rubric, judge)
        finally:
            _CHECK.reset(token)
        _add_second_call(verdict, again)
        if again.status == "graded" and again.label != verdict.label:
            verdict.flags.append(flag)

    async def _judge_once(self, req: JudgeRequest, rubric: Rubric, judge: JudgeSpec) -> Verdict:
        cfg = self.config
        started = time.monotonic()
        try:
            rendered: Rendered | None = self.render(req, rubric, judge)
        except ContextOverflow as exc:
            rendered = None
            samples = [Sample(status="unscorable", reason=Unscorable.CONTEXT_OVERFLOW, error=str(exc))]
        fresh = retested(req)
        if rendered is not None and cfg.samples == 1:  # the common case: no task per call to gather
            samples = [await self._sample(rendered, judge, cfg.seed, fresh=fresh)]
        elif rendered is not None:
            samples = list(
                await asyncio.gather(
                    *(self._sample(rendered, judge, cfg.seed + i, fresh=fresh) for i in range(cfg.samples))
                )
            )
        return _combine(req, rubric, judge, rendered, samples, cfg.temperature, time.monotonic() - started)

    def planned(self, judge: JudgeSpec) -> JudgeSpec:
        """`judge` as a plan (`--estimate`, a budget's check) takes it to answer: where no preflight
        said who answers it (the plan is made before any call), the model that answered it at its
        endpoint last time, so the answers that model gave count as cached. Never used for a call."""
        if judge.served is not None or self.cache is None:
            return judge
        last = self.cache.last_served(judge.model, self._endpoint(judge))
        return replace(judge, served=Served(**last)) if last else judge

    def _endpoint(self, judge: JudgeSpec) -> str:
        return endpoint_of(judge.model, judge.api_base or self.config.api_base)

    def _key(self, rendered: Rendered, judge: JudgeSpec, seed: int) -> str:
        """The response-cache key: the request, and what answers it (grading/judge/served.py):
        the endpoint always, the served identity where the preflight found it."""
        rubric = rendered.rubric
        return cache_key(
            {
                "model": judge.model,
                "endpoint": self._endpoint(judge),
                "served": judge.served.cache_part() if judge.served else None,
                "prompt": rendered.prompt_hash,
                "temperature": self.config.temperature,
                "seed": seed,
                "max_tokens": self.config.max_tokens,
                # True/False as before modes existed, so `auto` and `off` keep their cached answers.
                "structured": {"auto": True, "off": False}.get(judge.structured, judge.structured),
                "params": judge.params,
                "rubric": [rubric.id, rubric.version, rubric.digest],
            }
        )

    async def _sample(
        self, rendered: Rendered, judge: JudgeSpec, seed: int, *, fresh: bool = False
    ) -> Sample:
        """One answer: from the cache, from an identical call already in flight, or from the model
        (`fresh`: from the model, always; a retest must not read the answer it is checking)."""
        rubric = rendered.rubric
        if self.cache is None or fresh:
            return await self._call_until_verdict(rendered, judge, seed)
        key = self._key(rendered, judge, seed)
        hit = self.cache.get(key)
        if hit is not None:
            return self._replay(hit, judge, rubric.id)
        inflight = self._state().inflight
        pending = inflight.get(key)
        if pending is not None:
            # Two items with identical content in one run: the second waits for the first's answer
            # instead of paying for it again.
            first = await asyncio.shield(pending)
            return (
                self._replay(_cacheable(first), judge, rubric.id)
                if first.status == "graded"
                else replace(first)
            )
        task = inflight[key] = asyncio.ensure_future(self._call_until_verdict(rendered, judge, seed))
        try:
            sample = await task
        finally:
            inflight.pop(key, None)
        if sample.status == "graded":
            self.cache.put(key, judge.model, f"{rubric.id}@{rubric.version}", _cacheable(sample))
            if judge.served is not None:
                self.cache.note_served(judge.model, self._endpoint(judge), judge.served.cache_part())
        return sample

    def _replay(self, payload: dict[str, Any], judge: JudgeSpec, rubric_id: str) -> Sample:
        self.ledger.record(judge.model, rubric_id, 0, 0, 0.0, cached=True, check=_CHECK.get())
        return Sample(**{**payload, "cached": True, "cost_usd": 0.0, "cost_known": True, "latency_s": 0.0})

    def _worst_case_usd(
        self, judge: JudgeSpec, messages: list[dict[str, str]], max_tokens: int
    ) -> tuple[float | None, int]:
        """(worst-case dollars, prompt-token estimate) of a call; exact counts only when money is at stake.

        The worst case prices the whole prompt as a cache write (never below the plain rate): a
        prefix-cache hit is never certain.
        """
        prices = self._prices[judge.model]
        text = "\n".join(m["content"] for m in messages)
        if prices is None or self.budget.budget_usd is None:
            return None, len(text.encode()) // 4
        tokens = client.count_tokens(judge.model, text) + 8 * len(messages)
        return prices.cost(tokens, max_tokens, written=tokens), tokens

    def _cost(
        self, judge: JudgeSpec, reply: client.Reply, prices: client.Prices | None = None
    ) -> float | None:
        prices = prices or self._prices[judge.model]
        if prices is None or reply.prompt_tokens is None or reply.completion_tokens is None:
            return None
        return prices.cost(
            reply.prompt_tokens, reply.completion_tokens, reply.cached_tokens, reply.cache_write_tokens
        )

    def _backoff(self, attempt: int, retry_after: float | None) -> float:
        if retry_after is not None:
            return retry_after * (1.0 + 0.1 * self._rng.random())
        cap = min(self.config.backoff_max_s, self.config.backoff_base_s * 2 ** (attempt - 1))
        return cap * (0.5 + 0.5 * self._rng.random())  # "equal jitter": never zero, never in lockstep

    async def _call_until_verdict(self, rendered: Rendered, judge: JudgeSpec, seed: int) -> Sample:
        cfg = self.config
        rubric = rendered.rubric
        messages = rendered.messages()
        shared = tuple(range(1, len(messages) - 1))  # task and work: prefixes other calls may share
        s = Sample(status="unscorable", seed=seed, prompt_tokens=0, completion_tokens=0, cost_usd=0.0)
        api_base = judge.api_base or cfg.api_base
        if judge.model not in self._checked:
            problem = static_problem(judge, cfg)
            if problem is not None:
                raise JudgeUnavailable(problem)
            self._checked.add(judge.model)
        failures = 0
        max_tokens = cfg.max_tokens
        while True:
            mode, probe = await self._output_mode(judge, api_base)
            fmt = format_for(mode, rubric)
            s.output_mode = mode
            worst, tokens = self._worst_case_usd(judge, messages, max_tokens)
            reply: client.Reply | None = None
            failure: client.Failure | None = None
            refused = False
            reserved = False
            sent_with = 0
            t0 = time.monotonic()
            try:
                async with self._state().global_sem:
                    model_sem = self._model_sem(judge)
                    if model_sem is not None:
                        await model_sem.acquire()
                    try:
                        await self.limiter.acquire(judge.model, tokens + max_tokens)
                        # Reserve only now, at the start line: calls queued behind the semaphores
                        # must not hold budget that running calls could still use.
                        if worst is not None and not await self.budget.try_reserve(worst):
                            self.ledger.budget_refusals += 1
                            return _give_up(
                                s, Unscorable.BUDGET, "budget cap reached before this call could start"
                            )
                        reserved = worst is not None
                        s.attempts += 1
                        self.http_calls += 1
                        t0 = time.monotonic()
                        self.in_flight[judge.model] += 1
                        sent_with = self.in_flight[judge.model]
                        try:
                            reply = await client.complete(
                                judge.model,
                                messages,
                                api_base=api_base,
                                api_key=judge.api_key or cfg.api_key,
                                temperature=cfg.temperature,
                                seed=seed,
                                max_tokens=max_tokens,
                                timeout_s=cfg.timeout_s,
                                response_format=fmt,
                                params=judge.params,
                                cache_breakpoints=shared,
                            )
                        finally:
                            self.in_flight[judge.model] -= 1
                        self._reached.add((judge.model, api_base))
                    finally:
                        if model_sem is not None:
                            model_sem.release()
            except Exception as exc:  # every provider failure becomes a classified Failure
                failure = client.classify(exc)
                refused = probe is not None and mode != "off" and refuses_format(exc)
                if unreachable(exc) is None:
                    self._reached.add((judge.model, api_base))
                elif (judge.model, api_base) not in self._reached:
                    raise JudgeUnavailable(unavailable(exc, judge, api_base) or failure.message) from exc
                if failure.reason == Unscorable.TIMEOUT:
                    failure = replace(failure, message=self._timeout_words(judge, api_base, sent_with))
            finally:
                s.latency_s += time.monotonic() - t0
                if reserved:
                    assert worst is not None
                    # A failed call cost nothing; a reply without usage is charged its worst case.
                    await self.budget.settle(worst, self._cost(judge, reply) if reply is not None else 0.0)
                if probe is not None:
                    self._probed(judge.model, api_base, mode, reply is not None, failure if refused else None)
                    probe.release()
            if refused:  # the server lacks this mode: the next one, at once (not a failure)
                assert failure is not None
                s.mode_refused = f"{mode}: {failure.message}"
                continue
            if failure is not None:
                failures += 1
                s.error = failure.message
                if not failure.retry or failures > cfg.max_retries:
                    return _give_up(s, failure.reason, failure.message)
                if failure.retry_after_s is not None:
                    await self.limiter.pause(judge.model, failure.retry_after_s)
                await asyncio.sleep(self._backoff(failures, failure.retry_after_s))
                continue
            assert reply is not None
            self._account(s, judge, rubric.id, reply)
            s.answered_by, s.system_fingerprint = reply.model, reply.system_fingerprint
            s.raw_response = reply.content if reply.content is not None else reply.refusal
            s.finish_reason = reply.finish_reason
            if not (reply.content or reply.refusal) and reply.finish_reason == "length":
                # A reasoning judge thought until the limit and wrote nothing (still billed):
                # one retry with room to finish, then give up rather than re-ask the same way.
                if max_tokens > cfg.max_tokens:
                    return _give_up(
                        s,
                        Unscorable.EMPTY_RESPONSE,
                        f"empty answer at max_tokens={max_tokens} "
                        f"({reply.reasoning_tokens} reasoning tokens)",
                    )
                max_tokens = cfg.max_tokens * cfg.empty_retry_factor
                continue
            parsed = parse_reply(reply.content, reply.refusal, rubric)
            if isinstance(parsed, Parsed):
                return graded(s, parsed, rendered)
            if parsed.kind == Unscorable.REFUSAL:
                return _give_up(s, Unscorable.REFUSAL, parsed.detail)
            if s.reasks >= cfg.max_reasks:
                return _give_up(s, Unscorable.PARSE_ERROR, parsed.detail)
            s.reasks += 1
            messages = [
                *messages,
                {"role": "assistant", "content": reply.content or ""},
                {"role": "user", "content": reask_message(parsed, rubric)},
            ]

    def _timeout_words(self, judge: JudgeSpec, api_base: str | None, in_flight: int) -> str:
        """Whose a timeout was, and what to change. The clock starts when a call is sent (time it
        waits in expgrade's own queue for a slot is not counted), so it is always the server's:
        it was slow, or it queued the call behind the others in flight."""
        where = api_base or judge.model
        advice = "a longer --timeout"
        if in_flight > 1:
            one = "--judge-concurrency 1 for a server that answers one at a time"
            advice = f"fewer calls in flight ({one}) or {advice}"
        return (
            f"{where} sent no answer within {self.config.timeout_s:g} s of the call "
            f"(one of {in_flight} in flight to it; time queued in expgrade is not counted), so the "
            f"server was slow or queued it: {advice}"
        )

    async def _output_mode(
        self, judge: JudgeSpec, api_base: str | None
    ) -> tuple[OutputMode, asyncio.Lock | None]:
        """The mode for a call, and the held probe lock when this call is the one to find it out.

        A forced mode is used as given. Under `auto`, while the (model, endpoint) mode is unknown
        one call at a time holds the lock and tries the next untried mode; every other call waits,
        so a server that lacks a mode refuses it once, not once per call in flight.
        """
        if judge.structured != "auto":
            return judge.structured, None
        key = (judge.model, api_base)
        known = self.output_modes.get(key)
        if known is not None:
            return known, None
        lock = self._state().probes.setdefault(key, asyncio.Lock())
        await lock.acquire()
        known = self.output_modes.get(key)
        if known is not None:
            lock.release()
            return known, None
        refused = self.mode_refusals.get(key, {})
        return next(m for m in MODES if m not in refused), lock

    def _probed(
        self,
        model: str,
        api_base: str | None,
        mode: OutputMode,
        answered: bool,
        refusal: client.Failure | None,
    ) -> None:
        """What a probing call showed: an answer settles the mode; a refusal rules the mode out."""
        key = (model, api_base)
        if answered:
            self.output_modes[key] = mode
        elif refusal is not None:
            self.mode_refusals.setdefault(key, {})[mode] = refusal.message
            if next_mode(mode) == "off":  # nothing richer left to refuse
                self.output_modes[key] = "off"

    def _account(
        self,
        s: Sample,
        judge: JudgeSpec,
        rubric_id: str,
        reply: client.Reply,
        prices: client.Prices | None = None,
    ) -> None:
        """Add a reply's tokens and cost (at `prices`, default the online rates) to `s` and the ledger."""
        cost = self._cost(judge, reply, prices)
        pt, ct = reply.prompt_tokens or 0, reply.completion_tokens or 0
        s.prompt_tokens = (s.prompt_tokens or 0) + pt
        s.completion_tokens = (s.completion_tokens or 0) + ct
        s.cached_prompt_tokens += reply.cached_tokens
        s.reasoning_tokens += reply.reasoning_tokens
        if cost is None:
            s.cost_known = False
            s.cost_usd = None
        elif s.cost_known:
            s.cost_usd = (s.cost_usd or 0.0) + cost
        self.ledger.record(
            judge.model,
            rubric_id,
            pt,
            ct,
            cost,
            cached=False,
            prefix_cached=reply.cached_tokens,
            check=_CHECK.get(),
        )


def _add_second_call(verdict: Verdict, again: Verdict) -> None:
    """An injection check's second verdict: its label kept, its spend added (part of what grading cost)."""
    verdict.neutralised_label = again.label
    verdict.prompt_tokens = (verdict.prompt_tokens or 0) + (again.prompt_tokens or 0)
    verdict.completion_tokens = (verdict.completion_tokens or 0) + (again.completion_tokens or 0)
    verdict.cost_usd = (
        None if verdict.cost_usd is None or again.cost_usd is None else verdict.cost_usd + again.cost_usd
    )


def _rubrics(requests: Sequence[JudgeRequest]) -> dict[str, Rubric]:
    """Each named rubric, loaded once: a run of thousands of requests names a handful."""
    return {rid: load_rubric(rid) for rid in dict.fromkeys(r.rubric_id for r in requests)}


def graded(s: Sample, parsed: Parsed, rendered: Rendered) -> Sample:
    """The sample graded; the judge's injection quote is read back without the datamark."""
    s.status, s.reason, s.error = "graded", None, None
    s.label, s.rationale, s.confidence = parsed.label, parsed.rationale, parsed.confidence
    s.score = rendered.rubric.verdict.score_of(parsed.label)
    s.injection_suspected = parsed.injection_suspected
    if parsed.injection_evidence:
        s.injection_evidence = rendered.unmark(parsed.injection_evidence)
    return s


def _give_up(s: Sample, reason: Unscorable, detail: str) -> Sample:
    s.status, s.reason, s.error = "unscorable", reason, detail
    return s


_CACHED_FIELDS = (
    "status",
    "label",
    "score",
    "rationale",
    "confidence",
    "seed",
    "raw_response",
    "prompt_tokens",
    "completion_tokens",
    "finish_reason",
    "injection_suspected",
    "injection_evidence",
    "output_mode",
    "answered_by",
    "system_fingerprint",
)


def _cacheable(s: Sample) -> dict[str, Any]:
    """What a cache hit replays: the answer and its token counts, not the spend or the timing."""
    return {k: getattr(s, k) for k in _CACHED_FIELDS} | {"attempts": 0, "reasks": s.reasks}


def _combine(
    req: JudgeRequest,
    rubric: Rubric,
    judge: JudgeSpec,
    rendered: Rendered | None,
    samples: list[Sample],
    temperature: float,
    elapsed: float,
) -> Verdict:
    """One judge's verdict from its samples: majority label, ties to the more conservative level."""
    graded = [s for s in samples if s.status == "graded"]
    flags = list(rendered.flags) if rendered else []
    evidence = list(rendered.injection_evidence) if rendered else []
    suspected = [s for s in graded if s.injection_suspected]
    evidence += [f"judge: {s.injection_evidence}" for s in suspected if s.injection_evidence][:1]
    source = _injection_source(PROMPT_INJECTION in flags, bool(suspected))
    if suspected and PROMPT_INJECTION not in flags:
        flags = [PROMPT_INJECTION, *(f for f in flags if f != QUOTED_INJECTION)]
    label = score = rationale = confidence = spread = None
    reason: Unscorable | None = None
    if graded:
        votes = Counter(s.label for s in graded if s.label is not None)
        label, tie = majority_label(votes, rubric.verdict.labels)
        if tie:
            flags.append("sample_tie")
        agree = [s for s in graded if s.label == label]
        rationale = agree[0].rationale
        confs = [s.confidence for s in agree if s.confidence is not None]
        confidence = sum(confs) / len(confs) if confs else None
        score = sum(s.score or 0.0 for s in graded) / len(graded)
        spread = 1.0 - votes[label] / len(graded) if len(samples) > 1 else None
        if len(graded) < len(samples):
            flags.append("samples_incomplete")
    else:
        reason = Counter(s.reason for s in samples).most_common(1)[0][0]
    detail = next((s.error for s in samples if s.reason == reason and s.error), None)
    answered = next((s for s in graded if s.output_mode), None) or next(
        (s for s in samples if s.output_mode), None
    )
    paid = [s for s in samples if not s.cached]
    cost: float | None = 0.0
    for s in samples:
        cost = None if cost is None or s.cost_usd is None else cost + s.cost_usd
    return Verdict(
        item_id=req.item_id,
        judge=judge.model,
        rubric_id=rubric.id,
        rubric_version=rubric.version,
        criterion=req.criterion,
        status="graded" if graded else "unscorable",
        reason=reason,
        label=label,
        score=score,
        rationale=rationale,
        confidence=confidence,
        flags=flags,
        prompt_hash=rendered.prompt_hash if rendered else "",
        temperature=temperature,
        samples=samples,
        spread=spread,
        prompt_tokens=sum(s.prompt_tokens or 0 for s in paid),
        completion_tokens=sum(s.completion_tokens or 0 for s in paid),
        cost_usd=cost,
        latency_s=elapsed,
        cached=all(s.cached for s in samples),
        passed=(label in rubric.verdict.pass_labels) if label is not None else None,
        meta=dict(req.meta),
        injection_evidence=evidence,
        injection_suspected=bool(suspected),
        injection_source=source,
        cached_prompt_tokens=sum(s.cached_prompt_tokens for s in paid),
        structured_output=answered.output_mode if answered else None,
        answered_by=next((s.answered_by for s in graded if s.answered_by), None)
        or next((s.answered_by for s in samples if s.answered_by), None),
        system_fingerprint=next((s.system_fingerprint for s in samples if s.system_fingerprint), None),
        mode_refused=next((s.mode_refused for s in samples if s.mode_refused), None),
        reason_detail=None if graded else detail,
    )


def _injection_source(pattern: bool, judge: bool) -> InjectionSource | None:
    if pattern and judge:
        return "both"
    if pattern:
        return "pattern"
    return "judge" if judge else None
