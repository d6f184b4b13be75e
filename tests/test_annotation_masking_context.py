"""Issue 65: masking with precision as well as recall. A model family's or provider's word that
is also an English word (`command`, `falcon`, `mistral`, `llama`, `anthropic`) is masked where
the text names the model or the org with it (a version, a size, a model token, a registry path,
a URL, an e-mail), never as the English word ("Run the command python3 train.py."); a proper
name that starts with one is someone else's ("Claude Monet", "OpenAI Gym"). Org namespaces in
registry paths and URLs, e-mail domains, names written backwards and in base64 are masked.

The leak check is built from generated spellings (`generated_spellings`: every model of
`MODELS` × separators × how many of its version pieces × case × backwards × base64, in prose,
a path, a CSV row and a log line), not a hand list; the false-masking check reads real text
(the bundled datasets, and `../shared/datasets` where present). bench/annotation_masking_bench.py
counts both on the full sets."""

from __future__ import annotations

import base64
import itertools
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import pytest
from test_annotation_masking import corpus_texts

from expgrade.annotation_app.masking import (
    commit_identities,
    has_english_use,
    identity_of,
    mask_identity,
    name_spans,
)

#: real model ids, one of each family the issue names (and the families agents run on)
MODELS = (
    "command-r-plus-08-2024",
    "tiiuae/falcon-40b-instruct",
    "mistral-large-2407",
    "anthropic/claude-3-5-sonnet-20241022",
    "gemini-1.5-pro",
    "meta-llama/Llama-3.1-70B-Instruct",
    "openai/gpt-4o-2024-08-06",
    "qwen2.5-72b-instruct",
)
AGENT = "OpenHands"
#: one project: the agent, on each model in turn
NAMES = [n for model in MODELS for n in identity_of(AGENT, model, "runs/openhands-1")]
#: where a spelling is written: an agent's prose, a path, a CSV row, a log line
CONTEXTS = ("We ran {} twice.", "results/{}/metrics.json", "step,{},loss", "INFO model={} loss=0.31")
SEPARATORS = ("", " ", "-", "_", ".")
JOINERS = ("-", "_", ".", " ")
CASES = (str.lower, str.upper, str.title)
_DATE = re.compile(r"\d{4,}")


def _family_and_pieces(model: str) -> tuple[str, list[str]]:
    """`claude`, [3, 5, sonnet] for `anthropic/claude-3-5-sonnet-20241022` (from the date on
    dropped: `gpt-4o` of `gpt-4o-2024-08-06`)."""
    tail = model.rsplit("/", 1)[-1]
    pieces = list(itertools.takewhile(lambda p: not _DATE.fullmatch(p), re.split(r"[-_]", tail)))
    family = re.match(r"[A-Za-z]+", pieces[0])
    assert family is not None
    rest = pieces[0][family.end() :].lstrip(".")
    return family.group().lower(), [rest, *pieces[1:]] if rest else pieces[1:]


def _transforms(spelling: str) -> Iterator[str]:
    """The spelling as written, backwards, in base64, and backwards in base64."""
    for text in (spelling, spelling[::-1]):
        yield text
        yield base64.b64encode(text.encode()).decode()


def generated_spellings() -> Iterator[tuple[str, str]]:
    """(spelling, family) for every model: its family, a separator, the first k of its version
    pieces joined, in each case, then written backwards and in base64. Every one names the model
    with a version, a size or a model token: each must be masked whole."""
    for model in MODELS:
        family, pieces = _family_and_pieces(model)
        for k, sep, joiner, case in itertools.product(range(1, len(pieces) + 1), SEPARATORS, JOINERS, CASES):
            yield from ((t, family) for t in _transforms(case(family + sep + joiner.join(pieces[:k]))))


def leaks(
    spellings: Iterable[tuple[str, str]],
    mask: Callable[[str, list[tuple[str | None, str]]], str] = mask_identity,
) -> Iterator[tuple[str, str]]:
    """(text, masked) for each generated spelling in each context that is not masked whole."""
    for spelling, _ in spellings:
        for context in CONTEXTS:
            text = context.format(spelling)
            masked = mask(text, NAMES)
            if masked != context.format("[model]"):
                yield text, masked


def test_generated_spellings_are_masked_whole() -> None:
    """Before issue 65, the backwards and base64 spellings were left whole (`tennos-5-3-edualc`)."""
    spellings = list(generated_spellings())
    assert len(spellings) > 4000
    assert list(itertools.islice(leaks(spellings), 20)) == []


# -- the examples -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("model", "text"),
    [
        ("command-r-plus-08-2024", "Run the command python3 train.py."),
        ("command-r-plus-08-2024", "Command failed with exit status 1: the command line was too long"),
        ("tiiuae/falcon-40b", "The peregrine falcon hunts at dawn."),
        ("mistral-large-2407", "A cold mistral blew down the valley."),
        ("anthropic/claude-3-5-sonnet-20241022", "The anthropic principle constrains the constants."),
        ("anthropic/claude-3-5-sonnet-20241022", "Water lilies, painted by Claude Monet."),
        ("anthropic/claude-3-5-sonnet-20241022", "Claude Shannon's entropy of the tokens."),
        ("openai/gpt-4o", "The agent trains PPO on OpenAI Gym environments."),
        ("meta-llama/Llama-3.1-70B-Instruct", "A llama grazes; run_command(cmd) and CommandLine stay."),
    ],
)
def test_english_words_and_other_proper_names_stay(model: str, text: str) -> None:
    """Each changed before issue 65 (`Run the [model] python3 train.py.`)."""
    assert mask_identity(text, identity_of(AGENT, model, "runs/openhands-1")) == text


def test_open_hands_in_prose_stays_and_the_name_does_not() -> None:
    names = identity_of(AGENT, None, None)
    assert mask_identity("Open hands, then close them.", names) == "Open hands, then close them."
    assert mask_identity("Open Hands and OPEN HANDS ran", names) == "[agent] and [agent] ran"


CLAUDE = "anthropic/claude-3-5-sonnet-20241022"


@pytest.mark.parametrize(
    ("model", "text", "masked"),
    [
        ("command-r-plus-08-2024", "We used Command R+ and command-r-plus-08-2024.",
         "We used [model]+ and [model]."),
        ("tiiuae/falcon-40b", "Falcon 40B and huggingface.co/tiiuae/falcon-40b",
         "[model] and huggingface.co/[model]"),
        ("mistral-large-2407", "we compared it to Mistral and mistral-large",
         "we compared it to [model] and [model]"),
        (CLAUDE, "import anthropic; key = ANTHROPIC_API_KEY", "import [model]; key = [model]_API_KEY"),
        (CLAUDE, "billed by Anthropic, see https://docs.anthropic.com/en",
         "billed by [model], see https://docs.[model].com/en"),
        (CLAUDE, "a wombat model and the Claude model", "a wombat model and the [model] model"),
        (CLAUDE, "tennos-5-3-edualc wrote it", "[model] wrote it"),
    ],
)  # fmt: skip
def test_a_family_word_naming_the_model_or_org_is_masked(model: str, text: str, masked: str) -> None:
    assert mask_identity(text, identity_of(AGENT, model, "runs/openhands-1")) == masked


def test_registry_orgs_urls_and_email_domains_go_with_the_name() -> None:
    """`ghcr.io/all-hands-ai/[agent]` named the agent's maker before issue 65."""
    names = identity_of(AGENT, None, None)
    assert (
        mask_identity("docker pull ghcr.io/all-hands-ai/openhands:0.9.7", names)
        == "docker pull ghcr.io/[agent]"
    )
    assert mask_identity("see https://github.com/All-Hands-AI/OpenHands/issues", names) == (
        "see https://github.com/[agent]/issues"
    )
    assert mask_identity("git config user.email openhands-bot@all-hands.dev", names) == (
        "git config user.email [agent]"
    )
    # git told the agent's e-mail before any commit shows it: its domain is masked everywhere
    told = commit_identities('git config user.email "bot@all-hands.dev"')
    assert mask_identity("docs at https://all-hands.dev/docs", told) == "docs at https://[agent]/docs"
    # an ordinary word before the name is a path's, not an org: `datasets/` stays
    assert (
        mask_identity("https://huggingface.co/datasets/openhands", names)
        == "https://huggingface.co/datasets/[agent]"
    )


# -- real text: no English word is changed ------------------------------------------------------

#: the family and provider words that are also English words, as the models above give them
ENGLISH = sorted(
    {
        w
        for model in MODELS
        for w in [_family_and_pieces(model)[0], *model.split("/")[:-1]]
        if has_english_use(w)
    }
    | {"hands", "cohere"}
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n")
_BARE = re.compile(rf"(?<![\w/@.\-])({'|'.join(ENGLISH)})(?![\w/@\-]|\.\w)")


def sentences_with_words(texts: Iterable[str]) -> Iterator[str]:
    """The sentences (and lines of code and logs) of `texts` that have one of the family and
    provider words, in any case and spelling."""
    words = re.compile(
        r"(?i)command|falcon|mistral|llama|anthropic|claude|openai|gemini|hands|cohere|qwen|gpt"
    )
    for text in texts:
        yield from (s for s in _SENTENCE.split(text) if words.search(s))


def ordinary_uses(sentence: str) -> list[tuple[int, int]]:
    """Where the sentence uses a family's English word as English, judged apart from the
    masking: in lower case, standing alone (not in a path, an address or a joined token), with
    no number beside it ("run the command", not "llama 2"), not a package imported (`import
    anthropic`) and not followed by "model" ("the mistral model")."""
    found = []
    for m in _BARE.finditer(sentence):
        before, after = sentence[: m.start()].split()[-1:], sentence[m.end() :].split()[:1]
        if not any(re.search(r"\d$", w) or w in ("import", "from") for w in before) and not any(
            re.match(r"\d|models?\b", w) for w in after
        ):
            found.append(m.span())
    return found


Spans = Callable[[str, list[tuple[str | None, str]]], list[tuple[int, int, str]]]


def changed_ordinary_uses(
    sentences: Iterable[str], spans_of: Spans = name_spans
) -> tuple[int, int, list[str]]:
    """(sentences read, ordinary uses in them, the sentences where one of those was masked)."""
    read = uses = 0
    changed = []
    for sentence in sentences:
        read += 1
        spans = spans_of(sentence, NAMES)
        for start, end in ordinary_uses(sentence):
            uses += 1
            if any(s < end and start < e for s, e, _ in spans):
                changed.append(sentence)
                break
    return read, uses, changed


def raw_texts(root: Path) -> Iterator[str]:
    """Every file under `root` as its text, whole (harness outputs hold cut JSON lines on purpose)."""
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        yield path.read_text(errors="replace")


def test_real_text_keeps_its_english_words(datasets: Path) -> None:
    """The bundled examples and the harness outputs (tests/fixtures): every sentence or line
    that has a family's or provider's word."""
    texts = itertools.chain(
        corpus_texts(datasets.parent), raw_texts(Path(__file__).parent / "fixtures" / "harnesses")
    )
    read, uses, changed = changed_ordinary_uses(sentences_with_words(texts))
    assert read > 1000 and uses > 50
    assert changed == []


def test_the_full_datasets_keep_their_english_words(shared_datasets: Path) -> None:
    read, _, changed = changed_ordinary_uses(sentences_with_words(corpus_texts(shared_datasets)))
    assert read > 0
    assert changed == []
