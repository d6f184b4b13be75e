"""The judge option group: every judge option of `grade` and `judge`, `--estimate` and `--batch`
included, declared once, with the defaults of `JudgeConfig` (the one home of each knob).

Two commands that declared their own judge options drifted apart (16 calls in flight for one,
32 for the other; `--timeout` for one only), so a command takes the whole group with
`@judge_options(...)` and receives it as one `JudgeSettings` (None without `--judge`).
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
from collections.abc import Callable
from dataclasses import fields
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from expgrade.grading.errors import UserError
from expgrade.grading.judge.config import JudgeConfig
from expgrade.grading.judge.dialect import structured_mode
from expgrade.grading.judge.settings import JudgeSettings

F = TypeVar("F", bound=Callable[..., Any])
#: The wrapper's own parameter for the click context (a name no command uses).
_CONTEXT = "judge_options_context"

_DEFAULT: dict[str, Any] = {f.name: f.default for f in fields(JudgeConfig)}


class StructuredOutput(StrEnum):
    """`--structured-output` (JudgeSpec.structured_output)."""

    auto = "auto"
    json_schema = "json_schema"
    json_object = "json_object"
    off = "off"


class InjectionCheck(StrEnum):
    """`--injection-check` (JudgeConfig.injection_check)."""

    off = "off"
    paraphrase = "paraphrase"
    invariance = "invariance"


#: `--help` panels: the judge options most runs set, then the knobs most never touch, so the
#: common options of a command come first and its help fits a screen or two (help_width.py).
JUDGE_PANEL = "Judge"
TUNING_PANEL = "Judge: limits, sampling, cache and defences"
_COMMON = {"judge", "api_base", "budget_usd", "estimate", "batch"}


def _panel(param: inspect.Parameter) -> str | None:
    """The `--help` panel a command's own option names (None: the common options)."""
    return next(
        (
            m.rich_help_panel
            for m in getattr(param.annotation, "__metadata__", ())
            if hasattr(m, "rich_help_panel")
        ),
        None,
    )


def _option(name: str, annotation: Any, default: Any) -> inspect.Parameter:
    annotation.__metadata__[0].rich_help_panel = JUDGE_PANEL if name in _COMMON else TUNING_PANEL
    return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=default)


def _group(concurrency_names: tuple[str, ...]) -> list[inspect.Parameter]:
    """The options, in `--help` order; `concurrency_names` keeps a command's older spelling."""
    return [
        _option(
            "judge",
            Annotated[
                list[str] | None,
                typer.Option(
                    "--judge", help="Judge model (litellm name, e.g. openai/gpt-4o-mini); repeatable."
                ),
            ],
            None,
        ),
        _option(
            "api_base",
            Annotated[
                str | None,
                typer.Option("--api-base", envvar="EXPGRADE_API_BASE", help="OpenAI-compatible base URL."),
            ],
            None,
        ),
        _option(
            "judge_concurrency",
            Annotated[
                int,
                typer.Option(
                    "--judge-concurrency",
                    *concurrency_names,
                    min=1,
                    help="Judge calls in flight (per process).",
                ),
            ],
            _DEFAULT["concurrency"],
        ),
        _option(
            "rpm",
            Annotated[
                float | None, typer.Option("--rpm", min=0.01, help="Requests per minute per judge model.")
            ],
            None,
        ),
        _option(
            "tpm",
            Annotated[
                float | None, typer.Option("--tpm", min=1.0, help="Tokens per minute per judge model.")
            ],
            None,
        ),
        _option(
            "budget_usd",
            Annotated[
                float | None, typer.Option("--budget-usd", min=0.0, help="Hard cap on judge spend ($).")
            ],
            _DEFAULT["budget_usd"],
        ),
        _option(
            "samples",
            Annotated[int, typer.Option("--samples", min=1, help="Answers per judge and item.")],
            _DEFAULT["samples"],
        ),
        _option(
            "seed",
            Annotated[
                int, typer.Option("--seed", help="Judge sampling seed (recorded in a run's manifest).")
            ],
            _DEFAULT["seed"],
        ),
        _option(
            "temperature", Annotated[float, typer.Option("--temperature", min=0.0)], _DEFAULT["temperature"]
        ),
        _option(
            "timeout_s",
            Annotated[float, typer.Option("--timeout", min=0.1, help="Seconds per call before a retry.")],
            _DEFAULT["timeout_s"],
        ),
        _option(
            "max_retries",
            Annotated[int, typer.Option("--max-retries", min=0, help="Retries on 429/5xx/timeouts.")],
            _DEFAULT["max_retries"],
        ),
        _option(
            "no_cache",
            Annotated[
                bool, typer.Option("--no-cache", help="Neither read nor write the judge response cache.")
            ],
            not _DEFAULT["use_cache"],
        ),
        _option(
            "cache",
            Annotated[
                Path | None,
                typer.Option("--cache", help="Cache file (default $EXPGRADE_CACHE_DIR/judge.sqlite)."),
            ],
            None,
        ),
        _option(
            "injection_check",
            Annotated[
                InjectionCheck,
                typer.Option(
                    "--injection-check",
                    metavar="CHECK",
                    help="off (default), paraphrase or invariance. "
                    "paraphrase: re-judge flagged items without the flagged span; invariance: "
                    "re-judge every item with its comments, docstrings, markdown and log text replaced "
                    "(about 2x the calls).",
                ),
            ],
            InjectionCheck(_DEFAULT["injection_check"]),
        ),
        _option(
            "structured_output",
            Annotated[
                StructuredOutput,
                typer.Option(
                    "--structured-output",
                    metavar="MODE",
                    help="How the judge's JSON is asked for (auto, json_schema, json_object or off): "
                    "auto tries json_schema, then json_object "
                    "with the schema (llama.cpp's server), then off (prompt instructions only), and "
                    "keeps the first its server takes.",
                ),
            ],
            StructuredOutput.auto,
        ),
        _option(
            "spotlight",
            Annotated[
                bool,
                typer.Option(
                    "--spotlight/--no-spotlight", help="Datamark the agent's text (about 1.7x its tokens)."
                ),
            ],
            _DEFAULT["spotlight"],
        ),
        _option(
            "judge_any_name",
            Annotated[
                bool,
                typer.Option(
                    "--judge-any-name",
                    help="Let the preflight pass a judge name the server's /models does not list: for a "
                    "server that answers every name with its one model (llama.cpp's).",
                ),
            ],
            _DEFAULT["any_name"],
        ),
        _option(
            "no_preflight",
            Annotated[
                bool,
                typer.Option(
                    "--no-preflight",
                    help="Skip the check of each judge before anything is spent or written (its name, "
                    "key and endpoint, and one tiny call).",
                ),
            ],
            False,
        ),
        _option(
            "estimate",
            Annotated[
                bool, typer.Option("--estimate", help="Count judge calls, tokens and dollars; call none.")
            ],
            False,
        ),
        _option(
            "force",
            Annotated[
                bool, typer.Option("--force", help="Start even when the estimate exceeds --budget-usd.")
            ],
            False,
        ),
        _option(
            "batch",
            Annotated[
                bool,
                typer.Option(
                    "--batch",
                    help="Judge through the provider's batch API (batch ids kept in the output folder).",
                ),
            ],
            False,
        ),
    ]


def judge_settings(
    *,
    judge: list[str] | None,
    api_base: str | None,
    judge_concurrency: int,
    rpm: float | None,
    tpm: float | None,
    budget_usd: float | None,
    samples: int,
    seed: int,
    temperature: float,
    timeout_s: float,
    max_retries: int,
    no_cache: bool,
    cache: Path | None,
    injection_check: InjectionCheck,
    structured_output: StructuredOutput,
    spotlight: bool,
    estimate: bool,
    force: bool,
    batch: bool,
    judge_any_name: bool = False,
    workers: int = 1,
) -> JudgeSettings | None:
    """The group's values as one `JudgeSettings`; None when no `--judge` was given."""
    if not judge:
        if estimate or batch:
            what = "--estimate" if estimate else "--batch"
            raise UserError(f"{what} needs a --judge", field=what)
        return None
    if batch and injection_check is not InjectionCheck.off:
        raise UserError(
            f"--batch and --injection-check {injection_check.value} do not go together: the second "
            "call is made online, after the first verdict",
            field="--injection-check",
        )
    config = JudgeConfig.panel(
        judge,
        rpm=rpm,
        tpm=tpm,
        api_base=api_base,
        cache_path=cache,
        structured_output=structured_mode(structured_output.value),
        concurrency=judge_concurrency,
        budget_usd=budget_usd,
        samples=samples,
        seed=seed,
        temperature=temperature,
        timeout_s=timeout_s,
        max_retries=max_retries,
        use_cache=not no_cache,
        spotlight=spotlight,
        injection_check=injection_check.value,
        any_name=judge_any_name,
    )
    return JudgeSettings(config, estimate=estimate, force=force, batch=batch, workers=workers)


def preflight(settings: JudgeSettings) -> JudgeSettings:
    """The judges checked (grading/judge/preflight.py), for a command to call once its own inputs
    are read and before it writes or spends anything: a judge that cannot answer is a
    `JudgeUnavailable` (exit 2); what was measured is said. Settings already checked, or under
    `--no-preflight` or `--estimate` (which calls nothing), come back as they are."""
    if not settings.preflight or settings.estimate:
        return settings
    from expgrade.cli.app import err_console
    from expgrade.grading.judge.preflight import checked

    ready, notes = checked(settings)
    for note in notes:
        err_console.print(f"[yellow]preflight:[/] {note}", highlight=False, soft_wrap=True)
    return ready


def judge_options(
    *, required: bool = False, concurrency_names: tuple[str, ...] = (), workers: bool = False
) -> Callable[[F], F]:
    """Give a command the judge option group; it receives them as `judges: JudgeSettings | None`,
    to pass through `preflight` once its own inputs are read.

    `required`: the command cannot run without a `--judge` (Typer says so, as for any missing
    option). `workers`: the command's own `--workers` are processes to judge in, so they go
    into the settings (in `grade` they are processes to grade in, the executor's business).
    """
    group = _group(concurrency_names)
    if required:
        first = group[0]
        group[0] = first.replace(
            annotation=Annotated[list[str], first.annotation.__metadata__[0]], default=inspect.Parameter.empty
        )
    names = [p.name for p in group if p.name != "no_preflight"]

    def decorate(command: F) -> F:
        own = [p for p in inspect.signature(command, eval_str=True).parameters.values() if p.name != "judges"]

        @functools.wraps(command)
        def wrapper(**kwargs: Any) -> Any:
            picked = {name: kwargs.pop(name) for name in names}
            if workers:
                picked["workers"] = kwargs["workers"]
            settings = judge_settings(**picked)
            skip = kwargs.pop("no_preflight")
            context: typer.Context = kwargs.pop(_CONTEXT)
            if settings is not None:
                source = context.get_parameter_source("judge_concurrency")
                chosen = source is not None and source.name != "DEFAULT"
                settings = dataclasses.replace(settings, preflight=not skip, concurrency_chosen=chosen)
            return command(**kwargs, judges=settings)

        # The click context, which says whether --judge-concurrency was given or left at its default.
        context = inspect.Parameter(_CONTEXT, inspect.Parameter.KEYWORD_ONLY, annotation=typer.Context)
        # `--help` shows panels in the order their first option comes: the command's common
        # options, the judge's common ones, the command's own panels, then the judge's knobs.
        common = [p for p in own if _panel(p) is None]
        later = [p.replace(kind=inspect.Parameter.KEYWORD_ONLY) for p in own if _panel(p) is not None]
        judge = [p for p in group if _panel(p) == JUDGE_PANEL]
        knobs = [p for p in group if _panel(p) != JUDGE_PANEL]
        params = [*common, *judge, *later, *knobs, context]
        wrapper.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
        wrapper.__annotations__ = {p.name: p.annotation for p in params}
        return wrapper  # type: ignore[return-value]

    return decorate
