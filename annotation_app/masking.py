"""Hiding who did the work: every name that identifies an agent, a model or a submission.

An annotator who reads "OpenHands", "Sonnet 3.5" or `openhands@all-hands.dev` in an agent's log
knows whose work it is, and the label is no longer blind. So names are masked by what
identifies, not by one spelling of one name.

**What identifies** (`_compile`), for the whole project (every agent, model and submission
folder of a load, and the names and e-mails the agents' git commits carry, `commit_identities`):
each recorded name whole, by its letters and digits in order (`agentcorrectq7` is also
`Agent-correct-Q7`); a model also without its provider, without its date suffix and by its
family; and each *part* of a name that is distinctive: a word of it (split at separators and
where case turns: `OpenHands`, `Open`, `Hands`) that is not an ordinary English word
(`data/english_words.txt.gz`) and not shared by every name of its kind in the project
(`agent-a` and `agent-b` share `agent`). A model adds its provider and its family's words from
litellm's model map (`model_words`: `anthropic`, `claude`, `sonnet`). A part that is an
ordinary word (`sonnet`, `llama`, `wombat`) or of three letters (`gpt`) is *weak*: masked only
with a version or size joined to it or before it, or beside another name (`Sonnet 3.5`,
`3.5 Sonnet`, `Claude Sonnet`), never alone: the poem stays a sonnet.

**How the text is read** (`_Folded`): as a person reads it. URL-encoding is decoded, also twice
encoded (`%252D`), HTML character references too (`&#67;laude`, `&amp;#67;`), compatibility forms
folded (NFKC: fullwidth `ｃｌａｕｄｅ`), accents dropped, and letters of other scripts that look
Latin read as the Latin letter (`_CONFUSABLES`: Cyrillic `сlаudе`, Greek, Armenian). Case is
kept to see where words turn and ignored in matching; a name may have up to MAX_GAP separators
(space, `-`, `_`, `.`, `/`, zero-width characters, …) or none between any two of its characters.

**Where a name starts and ends**: where a word does, where lower case turns upper (`myClaude`,
`CodeActAgent`) or letters meet digits (`Claude35Sonnet`), and where the Latin script ends
(`使用claude模型`). A distinctive part glued to letters with no such turn (`evalanthropic`) is
masked with the whole word, unless that word is an ordinary one (`philanthropic`).

**What is replaced** is the whole run of the original text a name covers, with a provider path
before it (PROVIDERS or the recorded model's own), the variants joined to its end (a piece with a
digit or a VARIANT_WORDS word: `_SONNET`, `-20241022`, `-3.5`, `:latest`), a version before it
(`3.5 Sonnet`) and any name beside it (`Claude 3.5 Sonnet`, `eval_anthropic/claude-3-5-sonnet`
becomes `eval_[model]`): one placeholder, and nothing of a name beside it.

**Precision (issue 65)**: a family's or provider's word that is also an English word
(`has_english_use`, by the larger word list too: `command`, `falcon`, `mistral`, `anthropic`) is
weak, and is masked only where the text names the model or the org with it (`_extend`,
`_names_here`): a version, size or variant joined or beside it, a provider path, a URL's host or
an e-mail's domain, an import, "model"/"API" after it; a rarer one (`anthropic`) also capitalised
inside a sentence, as a path segment or a table cell. A capitalised family word that starts
another proper name stays (`Claude Monet`, `OpenAI Gym`: `_starts_another_name`); English words
cut by spaces where the name has none stay (`_is_prose`: "Open hands"); a name is not read across
code's punctuation (`_NOT_GAP`). Org namespaces of registry paths and URLs and e-mail domains go
with the name; names are also found backwards, and in base64 (`_with_base64`).

The floor that keeps ordinary words safe: parts and whole names of fewer than MIN_MASKED_CHARS
letters and digits are never masked alone (weak at three, nothing below); a whole name that is one
ordinary word beside "a" or "I" is ordinary words (`agentA` leaves "an agent a human" alone); a
word joined to a name that is neither a variant nor a provider stays (`claude-based`). The
false masking of ordinary words is measured on the bundled research prose
(tests/test_annotation_masking.py, bench/annotation.md), and what is left unmasked is listed,
measured, in docs/annotation.md.
"""

from __future__ import annotations

import base64
import binascii
import bisect
import dataclasses
import functools
import gzip
import html
import itertools
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote

#: the letters of Latin scripts (ASCII, Latin-1, Latin Extended-A and -B): a name is a word
#: among them; another script's letter beside one is a word's end
_LATIN = "a-zA-Z\u00aa\u00b5\u00ba\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f"
_WORD_CHAR = re.compile(rf"[0-9{_LATIN}]")
#: names (counted without separators) shorter than this are not masked alone: "lr" or "gpt"
#: would eat ordinary words (a three-letter part is weak: masked beside a version or a name)
MIN_MASKED_CHARS = 4
#: the shortest distinctive part of a name that is masked at all (as a weak one)
_MIN_PART = 3
#: the most separator characters between two letters of a name (" - " is three): enough for
#: any way of writing a name, not enough to join letters a sentence apart
MAX_GAP = 4
#: what separates code's tokens, never a name's letters: `{command!r}`, "Command %r" are not
#: `command-r` (a `%` the text still has after decoding is a format's, not an escape)
_NOT_GAP = "!\"#$%'(),;<=>?\\[\\]{}|"
_GAP = rf"(?:[^\w{_NOT_GAP}]|_){{0,{MAX_GAP}}}"
_PARTS = re.compile(r"[^\W_]+")
_LETTERS_DIGITS = re.compile(r"\d+|[^\W\d_]+")
_LETTER_RUNS = re.compile(r"[^\W\d_]+")
#: the words inside a run of letters, cut where case turns: `OpenHands`, `SWEAgent` → SWE, Agent
_CAMEL = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[^\W\d_]+")
#: a part of a model id that starts its date or snapshot suffix: 2024, 20240806, 0613
_DATE_PART = re.compile(r"\d{4,}")
#: what the text may hold encoded or in compatibility form: a run of URL escapes (`%2D`, twice
#: encoded `%252D`), an HTML character reference (`&#67;`, `&amp;#67;`), a run outside ASCII
_ENCODED = re.compile(
    r"(?:%(?:25)*[0-9A-Fa-f]{2})+"
    r"|&(?:amp;)*(?:#[0-9]{1,7};?|#[xX][0-9A-Fa-f]{1,6};?|[A-Za-z][A-Za-z0-9]{1,31};)"
    r"|[^\x00-\x7f]+"
)
#: one piece joined to the end of a name (`_SONNET`, `-20241022`, `-3.5`, `:latest`, the `3` of
#: `claude3`); it is part of the name when it holds a digit or is one of VARIANT_WORDS, not an
#: ordinary word joined to it (`claude-based`, `LLAMA_DIR`, `llama-cpp`)
_JOINED = re.compile(rf"(?:[-_:@+]|\.(?=[0-9]))?([0-9{_LATIN}]+)")
#: a model's version written after a space (`Sonnet 3.5`, `Claude 3 Opus`)
_VERSION_AFTER = re.compile(r" (\d+(?:[._-]\d+)*)(?![\w.]|\.\d)")
#: a model's version written before its name (`3.5 Sonnet`, `3-5-sonnet`, `35 sonnet`)
_VERSION_BEFORE = re.compile(r"(?<![\w.])\d+(?:[._-]\d+)*[ ._-]?\Z")
#: what may stand between two names that are masked as one (`Claude 3.5 Sonnet`)
_BETWEEN = re.compile(r"[ ._/:-]{0,3}(?:\d+(?:[._-]\d+)*[ ._/:-]{0,3})?")
#: the words model names end in (measured on the bundled corpus: see the module docstring)
VARIANT_WORDS = frozenset(
    {
        "sonnet",
        "opus",
        "haiku",
        "instruct",
        "chat",
        "mini",
        "turbo",
        "preview",
        "latest",
        "pro",
        "flash",
        "ultra",
        "nano",
        "lite",
        "large",
        "medium",
        "small",
        "vision",
        "coder",
        "exp",
        "experimental",
        "hf",
        "it",
        "online",
        "reasoner",
        "thinking",
        "plus",
        "max",
    }
)
#: the providers and model hubs that prefix a model id (`anthropic/claude-3-5-sonnet`); a path
#: segment of another name before a name is left alone (`workspace/llama_adapter`)
PROVIDERS = frozenset(
    {
        "openai",
        "azure",
        "anthropic",
        "google",
        "gemini",
        "vertex_ai",
        "vertex",
        "bedrock",
        "meta",
        "meta-llama",
        "mistral",
        "mistralai",
        "cohere",
        "together",
        "together_ai",
        "togethercomputer",
        "fireworks_ai",
        "groq",
        "openrouter",
        "deepseek",
        "deepseek-ai",
        "qwen",
        "alibaba",
        "huggingface",
        "hf",
        "ollama",
        "xai",
        "x-ai",
        "perplexity",
        "replicate",
        "microsoft",
        "nvidia",
        "ai21",
        "databricks",
        "tiiuae",
        "01-ai",
        "moonshotai",
        "zhipuai",
    }
)
_SEGMENT = re.compile(r"([\w.\-]+)/\Z")
#: letters of other scripts a reader takes for Latin ones (Unicode's confusables for the
#: scripts agents' text mixes in: Cyrillic, Greek, Armenian, and Latin's own look-alikes)
_CONFUSABLES = str.maketrans(
    dict(
        zip(
            "аАВвЕеЁёІіЇїЈјКкМмНнОоРрСсТтУуХхЅѕԀԁҺһӀӏԚԛԜԝҮүЬьпгɡɑıȷɩΑαΒβΕεΖΗηΙιΚκΜΝνΟοΡρΤτΥυΧχγωօոսհցզՕՍ",
            "aABbEeEeIiIiJjKkMmHhOoPpCcTtYyXxSsDdHhIlQqWwYybbnrgaijiAaBbEeZHnIiKkMNvOoPpTtYuXxywonuhgqOU",
            strict=True,
        )
    )
)
_WORDS_FILE = Path(__file__).with_name("data") / "english_words.txt.gz"
#: the larger list's further words (data/README.md): `anthropic`, `mistral` have an English use
_MORE_WORDS_FILE = Path(__file__).with_name("data") / "english_words_large.txt.gz"
#: a model word is its family's when this share of the model map's ids that have it also have
#: the family's head (`sonnet`: every id with it is a `claude` one; `mini`: many families')
_FAMILY_SHARE = 0.8
#: and when this share of the family's ids have it: a word of a few of them is a one-off or an
#: ordinary word (`python` of `code-llama-13b-python`, `instant`, `nemo`, `terra`), measured on
#: the bundled prose ("Mediterranean", "text generation" were masked for a lower share)
_FAMILY_WORD_SHARE = 0.1
#: the shortest distinctive part masked with the word it is glued into (`evalanthropic`; not
#: cut by a space as well): a shorter one is found inside ordinary names too often (`nemo` in
#: "Skene model")
_MIN_GLUED = 6
#: a git header that names who made a commit: `From: OpenHands <openhands@all-hands.dev>`
_COMMIT_HEADER = re.compile(
    r"^[+\- ]?(?:From|Author|Commit|Committer|Co-authored-by|Signed-off-by)\s*:[ \t]*"
    r"(?P<name>[^<>\n]*?)[ \t]*<(?P<email>[^<>\s@]+@[^<>\s]+)>",
    re.MULTILINE | re.IGNORECASE,
)
#: git told who commits before a commit shows it: `git config user.email "bot@all-hands.dev"`,
#: `GIT_AUTHOR_EMAIL=bot@all-hands.dev`
_GIT_SETTING = re.compile(
    r"(?:user\.email|GIT_(?:AUTHOR|COMMITTER)_EMAIL)[ \t]*=?[ \t]*[\"']?"
    r"(?P<email>[\w.+-]+@[\w-]+(?:\.[\w-]+)+)"
)
#: what each kind of name is replaced by (a commit's author, e-mail and its domain are the agent's)
_PLACEHOLDER = {"commit": "[agent]", "domain": "[agent]"}
#: the kinds of name whose distinctive words are masked alone (`_part_spellings`)
_PART_KINDS = ("agent", "model", "commit")


@functools.cache
def english_words() -> frozenset[str]:
    """The ordinary words (data/README.md): a name's part that is one of them does not identify
    on its own."""
    return frozenset(gzip.decompress(_WORDS_FILE.read_bytes()).decode("ascii").split())


def _ordinary(word: str) -> bool:
    words = english_words()
    return word in words or (word.endswith("s") and word[:-1] in words)


@functools.cache
def _more_words() -> frozenset[str]:
    return frozenset(gzip.decompress(_MORE_WORDS_FILE.read_bytes()).decode("ascii").split())


def has_english_use(word: str) -> bool:
    """Whether a family's or provider's word is also an English word ("the anthropic principle",
    "a mistral wind", "run the command"), by the larger word list too: such a word names the
    model or its maker only where the text says so (`_names_here`), never alone."""
    return _ordinary(word) or word in _more_words() or (word.endswith("s") and word[:-1] in _more_words())


def parts(name: str) -> list[str]:
    """The alphanumeric parts of a name, also cut where letters meet digits: `GPT4o` → gpt, 4, o."""
    return [p.casefold() for word in _PARTS.findall(name) for p in _LETTERS_DIGITS.findall(word)]


def name_words(name: str) -> set[str]:
    """The words of a name, case-folded: each run of letters whole and cut where case turns
    (`OpenHands CodeAct` → openhands, open, hands, codeact, code, act)."""
    found: set[str] = set()
    for run in _LETTER_RUNS.findall(name):
        found.add(run.casefold())
        found.update(w.casefold() for w in _CAMEL.findall(run))
    return found


def model_variants(model: str) -> list[list[str]]:
    """The spellings a model is printed under, as parts: its id, without the provider, without
    the date suffix, its leading parts (`command-r`), and its family (the leading letters) alone
    (the last: `_compile` tells it apart)."""
    found = [parts(model)]
    tail = parts(model.rsplit("/", 1)[-1])
    found.append(tail)
    date = next((i for i, p in enumerate(tail) if i and _DATE_PART.fullmatch(p)), None)
    if date is not None:
        found.append(tail[:date])
        if "/" in model:  # `openai/gpt-4o` for `openai/gpt-4o-2024-08-06`
            found.append(parts(model.rsplit("/", 1)[0]) + tail[:date])
    stem = tail[:date] if date is not None else tail
    # its shorter names, as people write them: `command-r` of `command-r-plus-08-2024`, `llama-3`
    found += [stem[:n] for n in range(2, len(stem))]
    if tail and tail[0].isalpha():
        found.append(tail[:1])
    return found


@functools.cache
def _model_map_index() -> tuple[Counter[str], dict[str, Counter[str]], dict[str, set[str]]]:
    """litellm's model map as words of its ids' last path parts (`claude-3-5-sonnet-20241022`,
    not the hosts before it): how many ids have each word, which words each one's ids also
    have, and the provider of each id its maker lists (`anthropic`)."""
    from expgrade.grading.judge.client import model_cost_map

    counts: Counter[str] = Counter()
    together: dict[str, Counter[str]] = defaultdict(Counter)
    providers: dict[str, set[str]] = defaultdict(set)
    for key, row in model_cost_map().items():
        tail = key.casefold().rsplit("/", 1)[-1]
        words = {w for w in re.findall(r"[a-z]+", tail) if len(w) >= _MIN_PART}
        counts.update(words)
        for w in words:
            together[w].update(words)
        if "/" not in key:  # the maker's own entry, not a host's (`vercel_ai_gateway/…`)
            providers[tail].add(str(row.get("litellm_provider") or "").casefold())
    return counts, together, providers


def model_words(model: str) -> set[str]:
    """The words that name `model`'s maker and family in litellm's model map: the providers of
    its id (`anthropic`) and the words whose ids are nearly all its family's (`claude`:
    `anthropic`, `sonnet`, `opus`, `haiku`, each in a tenth of them or more; not `instant`); a
    word many families share (`mini`) is none."""
    counts, together, providers = _model_map_index()
    tail = model.casefold().rsplit("/", 1)[-1]
    found = {
        w
        for provider in providers.get(tail, ())
        for w in re.findall(r"[a-z]+", provider)
        if len(w) >= _MIN_PART and not _ordinary(w)
    }
    head = next((p for p in parts(tail) if p.isalpha()), None)
    if head is None or not counts.get(head):
        return found
    family = {
        w
        for w, n in counts.items()
        if n >= _FAMILY_WORD_SHARE * counts[head] and together[w][head] >= _FAMILY_SHARE * n
    }
    return found | family | {head}


def commit_identities(text: str | None) -> list[tuple[str | None, str]]:
    """The authors and e-mails the git headers in an agent's diff or log carry (`Author:`,
    `From:`, `Co-authored-by:` …) or its git settings (`user.email`), as names of kind
    "commit": they identify the agent as much as its name does (`openhands@all-hands.dev`)."""
    found: list[tuple[str | None, str]] = []
    for m in _COMMIT_HEADER.finditer(text or ""):
        email = m["email"]
        found += [(m["name"] or None, "commit"), (email, "commit"), (email.split("@", 1)[1], "domain")]
    for m in _GIT_SETTING.finditer(text or ""):  # set, not yet committed: `git config user.email`
        email = m["email"]
        found += [(email, "commit"), (email.split("@", 1)[1], "domain")]
    return found


@functools.lru_cache(maxsize=4096)
def _read_char(c: str) -> str:
    """One character as it reads: its compatibility form, without accents, a look-alike of
    another script as the Latin letter."""
    text = unicodedata.normalize("NFKC", c)
    decomposed = unicodedata.normalize("NFD", text)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    if len(bare) != len(decomposed):
        text = unicodedata.normalize("NFC", bare)
    return text.translate(_CONFUSABLES)


def _fold(text: str) -> str:
    """An encoded piece decoded as often as it was encoded, then read character by character."""
    for _ in range(4):
        decoded = html.unescape(unquote(text, errors="replace"))
        if decoded == text:
            break
        text = decoded
    return "".join(_read_char(c) if c >= "\x80" else c for c in text)


@dataclass(frozen=True)
class _Folded:
    """A text folded for matching (`_fold` piece by piece, case kept), with the way back: the
    folded text's piece i starts at `at[i]` and came from `source[i]` of the original; an encoded
    piece maps back whole, a plain piece (ASCII, or non-ASCII whose every character folds to one)
    character by character."""

    text: str
    at: list[int]
    source: list[tuple[int, int, bool]]  # start, end in the original; whether plain

    @classmethod
    def of(cls, original: str) -> _Folded:
        pieces: list[str] = []
        at: list[int] = []
        source: list[tuple[int, int, bool]] = []
        here = done = 0

        def add(piece: str, start: int, end: int, plain: bool) -> None:
            nonlocal here
            pieces.append(piece)
            at.append(here)
            source.append((start, end, plain))
            here += len(piece)

        for m in _ENCODED.finditer(original):
            if m.start() > done:
                add(original[done : m.start()], done, m.start(), True)
            if m.group()[0] in "%&":
                add(_fold(m.group()), m.start(), m.end(), False)
            else:  # a run outside ASCII (a 5 MB log in Chinese is one piece, not 5 million)
                chars = [_read_char(c) for c in m.group()]
                if all(len(c) == 1 for c in chars):
                    add("".join(chars), m.start(), m.end(), True)
                else:
                    for i, c in enumerate(chars):
                        add(c, m.start() + i, m.start() + i + 1, False)
            done = m.end()
        if done < len(original) or not pieces:
            add(original[done:], done, len(original), True)
        return cls("".join(pieces), at, source)

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The original run that folded [start, end) came from (whole encoded pieces)."""
        return self._position(start)[0], self._position(end - 1)[1]

    def _position(self, i: int) -> tuple[int, int]:
        k = bisect.bisect_right(self.at, i) - 1
        start, end, plain = self.source[k]
        if plain:
            return start + i - self.at[k], start + i - self.at[k] + 1
        return start, end


@dataclass(frozen=True)
class _Spelling:
    placeholder: str
    #: the name's own single-letter parts: they may stand alone (`WOMBAT-13B` as `wombat 13 b`)
    lone_letters: frozenset[str]
    #: a part of a name (not a whole recorded name): masked with the word it is glued into
    part: bool = False
    #: masked only with a version joined to it or before it, or beside another name
    weak: bool = False
    #: a model family's or provider's word (`claude`, `anthropic`, `command`): not the model where
    #: it starts another proper name (`Claude Monet`, `OpenAI Gym`); a weak one is masked where
    #: the text names a model or an org with it (`_names_here`)
    family: bool = False
    #: where, counted in letters and digits, the recorded name has a separator of its own (the
    #: `-` of `PANGOLIN-AGENT`): a space there is the name written out, not prose (`_is_prose`)
    cuts: frozenset[int] = frozenset()


@dataclass(frozen=True)
class _Names:
    """The compiled names: one pattern for every spelling, what each spelling (by its letters)
    stands for, and the provider segments that may prefix them (PROVIDERS and the recorded
    models' own)."""

    pattern: re.Pattern[str]
    spellings: dict[str, _Spelling]
    providers: frozenset[str]


def _trie(words: Iterable[str]) -> str:
    """One alternation for `words`, their common beginnings shared (a position is tried against
    each first letter once, not against every word), any separators allowed between letters."""
    root: dict[str, Any] = {}
    for word in words:
        node = root
        for c in word:
            node = node.setdefault(c, {})
        node[""] = {}

    def emit(node: dict[str, Any]) -> str:
        branches = []
        for c in sorted(k for k in node if k):
            child = node[c]
            if not any(child):
                branches.append(re.escape(c))
                continue
            rest = emit(child)
            optional = "?" if "" in child else ""
            branches.append(f"{re.escape(c)}(?:{_GAP}(?:{rest})){optional}")
        return "|".join(branches)

    return emit(root)


def _placeholder(what: str) -> str:
    return _PLACEHOLDER.get(what, f"[{what}]")


def _part_spellings(names: tuple[tuple[str, str], ...]) -> dict[str, _Spelling]:
    """The distinctive parts of the agents', models' and commit authors' names (see the module
    docstring), strong or weak; a folder's or an e-mail domain's words are not taken alone (a
    folder `careful-adam` would hide every "Adam" optimiser)."""
    words_of: dict[str, dict[str, set[str]]] = defaultdict(dict)
    family: set[str] = set()
    for name, what in names:
        if what not in _PART_KINDS:
            continue
        folded = _fold(name).split("@", 1)[0]  # an e-mail by its user: the domain is masked whole
        words_of[what][folded.casefold()] = name_words(folded)
        if what == "model":
            family |= model_words(folded)
    found: dict[str, _Spelling] = {}
    for what, by_name in words_of.items():
        # a word every agent's (or model's) name has tells no agent from another
        shared = set.intersection(*by_name.values()) if len(by_name) > 1 and what != "commit" else set()
        for word in sorted(set().union(*by_name.values()) | (family if what == "model" else set())):
            ordinary = _ordinary(word) or word in VARIANT_WORDS
            if len(word) < _MIN_PART or (word not in family and (ordinary or word in shared)):
                continue
            kin = what == "model" and word in family
            weak = ordinary or len(word) < MIN_MASKED_CHARS or (kin and has_english_use(word))
            found.setdefault(word, _Spelling(_placeholder(what), frozenset(), True, weak, kin))
    return found


@functools.lru_cache(maxsize=64)
def _compile(names: tuple[tuple[str, str], ...]) -> _Names | None:
    """One pattern for every spelling of every name and of every distinctive part, with what
    each stands for: a whole name before a part of it, so a model id is replaced whole."""
    spellings: dict[str, _Spelling] = {}
    heads: dict[str, str] = {}  # a model's spelling of several parts: its first (`claude35`: claude)
    providers = set(PROVIDERS)
    for name, what in names:
        folded = _fold(name).casefold()
        if what == "model" and "/" in folded:
            providers.update(folded.split("/")[:-1])
        for variant in model_variants(folded) if what == "model" else [parts(folded)]:
            letters = "".join(variant)
            if len(letters) >= MIN_MASKED_CHARS:
                lone = frozenset(p for p in variant if len(p) == 1 and p.isalpha())
                kin = what == "model" and len(variant) == 1 and letters.isalpha()  # the family alone
                weak = kin and has_english_use(letters)  # `command`, `falcon`, `mistral`, `llama`
                cuts = frozenset(itertools.accumulate(len(p) for p in variant[:-1]))
                spellings.setdefault(letters, _Spelling(_placeholder(what), lone, False, weak, kin, cuts))
                if what == "model" and len(variant) > 1:
                    heads.setdefault(letters, variant[0])
    found = _part_spellings(names)
    for letters, spelling in found.items():
        whole = spellings.get(letters)
        if whole is None:
            spellings[letters] = spelling
        elif not spelling.weak:  # a whole name that is also a distinctive part may be glued
            spellings[letters] = dataclasses.replace(whole, part=True)
    for letters, head in heads.items():  # glued as its distinctive head is (`myclaude35`)
        if head in found and not found[head].weak:
            spellings[letters] = dataclasses.replace(spellings[letters], part=True)
    # each also written backwards (`tennos-5-3-edualc`), unless that is a word of its own
    for letters, spelling in list(spellings.items()):
        back = letters[::-1]
        if back not in spellings and not has_english_use(back):
            spellings[back] = spelling
    if not spellings:
        return None
    pattern = re.compile(f"(?i:{_trie(spellings)})")
    return _Names(pattern, spellings, frozenset(providers))


#: the words of one letter in English prose: "an agent a human" for agent `agentA` is prose
#: unless the name has that letter as a part of its own
_ONE_LETTER_WORDS = frozenset("ai")


def _is_prose(matched: str, spelling: _Spelling) -> bool:
    """Whether a match cut by spaces is ordinary words written as prose: cut where the name has
    no separator of its own, each piece an English word (or "a", "I") in lower or title case,
    not all of them capitalised ("Open hands" for `OpenHands`, "an agent a human" for `agentA`;
    but `Open Hands`, `OPEN HANDS`, "pangolin agent" for `PANGOLIN-AGENT` are the names)."""
    pieces = matched.split()
    if len(pieces) < 2:
        return False
    cut = 0
    for piece in pieces[:-1]:
        cut += sum(c.isalnum() for c in piece)
        if cut in spelling.cuts:
            return False
    for piece in pieces:
        word = piece.casefold()
        if not (piece.isalpha() and (piece.islower() or piece.istitle())):
            return False
        if not (
            has_english_use(word) if len(word) > 1 else word in _ONE_LETTER_WORDS - spelling.lone_letters
        ):
            return False
    return not all(p[0].isupper() for p in pieces)


def _word(c: str) -> bool:
    return _WORD_CHAR.match(c) is not None


def _turns(before: str, after: str) -> bool:
    """Whether a word ends between two characters of a run: letters meet digits, lower case
    turns upper, or one of them is not a Latin letter or digit."""
    if not (_word(before) and _word(after)):
        return True
    return before.isdigit() != after.isdigit() or (before.islower() and after.isupper())


def _bounded(text: str, start: int, end: int) -> bool:
    """Whether [start, end) starts and ends where words do (`claude` in `myClaude35`, not in
    `claudes`)."""
    starts = start == 0 or _turns(text[start - 1], text[start])
    return starts and (end == len(text) or _turns(text[end - 1], text[end]))


def _glued_word(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The word a distinctive part is glued into (`evalanthropic`), or None where that word is
    an ordinary one (`philanthropic`, `claudes`' plural is not: it is masked)."""
    while start > 0 and _word(text[start - 1]):
        start -= 1
    while end < len(text) and _word(text[end]):
        end += 1
    letters = "".join(c for c in text[start:end] if not c.isdigit()).casefold()
    return None if _ordinary(letters) else (start, end)


def _extend(
    folded: str, start: int, end: int, providers: frozenset[str], model: bool
) -> tuple[int, int, bool]:
    """The match with the providers joined before it (`anthropic/`, `openrouter/anthropic/`), the
    org before it in a registry path or URL (`ghcr.io/all-hands-ai/`), a model's version before
    it (`3.5 `), the variants joined to its end (`_sonnet`, `-20241022`; a model's also after a
    space: `Sonnet 3.5`) and the domain of an e-mail it is the user of (`@all-hands.dev`), and
    whether any of these came with it: the text names a model or an org there (what a weak
    part needs)."""
    named = False
    version = _VERSION_BEFORE.search(folded, max(0, start - 16), start) if model else None
    if version is not None:
        start, named = version.start(), True
    for _ in range(2):
        segment = _SEGMENT.search(folded, max(0, start - 41), start)
        if segment is None or segment.group(1).casefold() not in providers:
            break
        start, named = segment.start(), True
    registry = _REGISTRY_ORG.search(folded, max(0, start - 200), start)
    if registry is not None and not has_english_use(registry.group(1).casefold()):  # not `datasets/`
        start, named = registry.start(1), True
    while (
        joined := _JOINED.match(folded, end) or (_VERSION_AFTER.match(folded, end) if model else None)
    ) is not None:
        piece = joined.group(1).casefold()
        if not (piece in VARIANT_WORDS or any(c.isdigit() for c in piece)):
            break
        named, end = True, joined.end()
    email = _EMAIL_DOMAIN.match(folded, end)
    if email is not None:
        named, end = True, email.end()
    return start, end, named


#: a host (with a dot and a top-level domain) and one path segment, the org, just before a name:
#: `ghcr.io/all-hands-ai/`, `https://github.com/All-Hands-AI/`
_REGISTRY_ORG = re.compile(
    r"(?:[a-z][a-z0-9+.-]*://)?[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}(?::\d+)?/([\w.-]+)/\Z", re.IGNORECASE
)
#: the rest of an e-mail address a name is the user of: `-bot@all-hands.dev`
_EMAIL_DOMAIN = re.compile(r"[\w.+-]*@[\w-]+(?:\.[\w-]+)+")
#: a name that starts a label of a URL's host or an e-mail's domain (`https://docs.`, `bot@`),
#: or is followed by a top-level domain (`anthropic.com`); not a path's word after the host
_HOST_BEFORE = re.compile(r"(?:://|\w@)(?:[\w-]+\.)*\Z")
_HOST_AFTER = re.compile(r"(?:\.[\w-]+)*\.(?:com|ai|dev|io|org|net|co|app)\b", re.IGNORECASE)
#: code that imports or installs a package by the name: `import anthropic`, `pip install mistralai`
_IMPORT = re.compile(r"(?m:^[ \t]*(?:import|from)[ \t]+\Z)|pip3? install[ \t]+(?:-U[ \t]+)?\Z")
#: a word after the name that says it is a model: `a wombat model`, `the Mistral API`
_MODEL_WORD = re.compile(r"(?:'s)?[ -](?:models?|llms?|apis?|ai|checkpoints?|weights)\b", re.IGNORECASE)
#: what separates a table's cells in a CSV, TSV or Markdown table row written without spaces
_CELL = ",\t|"
#: what may open a sentence or a line before its first word: quotes, brackets, list marks
_OPENERS = " \t\r\n\"'([{*#>|`-"


def _sentence_start(folded: str, start: int) -> bool:
    """Whether the word at `start` opens a sentence or a line: its capital says nothing."""
    i = start
    while i > 0 and folded[i - 1] in _OPENERS:
        i -= 1
    return i == 0 or folded[i - 1] in ".!?:;" or "\n" in folded[i:start]


def _names_here(folded: str, start: int, end: int) -> bool:
    """Whether the text around a weak family word (`command`, `mistral`, `anthropic`) names a
    model or an org with it, beyond a version or variant (`_extend`): as a host or e-mail
    domain of an address (`docs.anthropic.com`, `bot@mistral.ai`), imported, or followed by
    "model" or "API". A word ordinary English rarely uses (not in the common list: `anthropic`,
    `mistral`) also as a path's or a table's segment (`results/anthropic/`, `step,anthropic,loss`)
    or capitalised inside a sentence (`by Anthropic`, `ANTHROPIC_API_KEY`, `AnthropicAgent`; a
    capital opening a sentence or a line says nothing); a common one is not: code uses it in
    its own paths, classes and constants (`cli/command/`, `Command`, `_COMMAND`), and "Falcon"
    alone may be the bird or the rocket."""
    if _HOST_BEFORE.search(folded, max(0, start - 200), start) or _HOST_AFTER.match(folded, end):
        return True
    if _IMPORT.search(folded, max(0, start - 40), start) or _MODEL_WORD.match(folded, end):
        return True
    word = folded[start:end]
    if _ordinary(word.casefold()):
        return False
    before = folded[start - 1] if start else "\n"
    after = folded[end] if end < len(folded) else "\n"
    if "/" in (before, after) and {before, after} <= {"/", " ", "\t", "\r", "\n"}:
        return True  # a path's segment: `results/anthropic/metrics.json`
    cell = ({before, after} & set(_CELL)).pop() if {before, after} & set(_CELL) else None
    if cell and {before, after} <= {cell, "\r", "\n"}:
        line = folded.rfind("\n", 0, start) + 1, (folded.find("\n", end) + 1 or len(folded) + 1) - 1
        if folded.count(cell, *line) >= 2:
            return True  # a table's cell, in a row of cells: `step,anthropic,loss`
    return not word.islower() and not _sentence_start(folded, start)


def _starts_another_name(folded: str, start: int, end: int, compiled: _Names) -> bool:
    """Whether a capitalised family word opens another proper name: a person's (`Claude
    Monet`) or a thing's (`OpenAI Gym`): the next word, after a space, is capitalised and is
    neither a name, a variant nor a version (`Claude Sonnet` is the model)."""
    if not folded[start].isupper():
        return False
    following = _NEXT_WORD.match(folded, end)
    if following is None:
        return False
    word = following.group(1).casefold()
    return not (word in compiled.spellings or word in VARIANT_WORDS or _MODEL_WORD.match(folded, end))


_NEXT_WORD = re.compile(r" +([A-Z][A-Za-z]+)\b")


def _folded_spans(folded: str, compiled: _Names) -> list[tuple[int, int, str]]:
    """Where the folded text names someone: each match bounded (or glued into a word that is not
    ordinary), extended, and merged with the matches beside it; a weak part kept only with a
    version or beside a kept name."""
    found: list[tuple[int, int, str, bool]] = []  # start, end, placeholder, whether it stands alone
    pos = 0
    while (m := compiled.pattern.search(folded, pos)) is not None:
        letters = "".join(c for c in m.group() if c.isalnum()).casefold()
        spelling = compiled.spellings.get(letters)
        if spelling is None:  # a letter that matches only ignoring case folds to two (`İ`)
            pos = m.start() + 1
            continue
        start, end = m.start(), m.end()
        if not _bounded(folded, start, end):
            glued = (
                _glued_word(folded, start, end)
                if (spelling.family or (spelling.part and not spelling.weak))
                and len(letters) >= _MIN_GLUED
                and not any(c.isspace() for c in m.group())
                else None
            )
            if glued is None:
                pos = m.start() + 1
                continue
            start, end = glued
        if _is_prose(m.group(), spelling):
            pos = m.end()
            continue
        start, end, named = _extend(folded, start, end, compiled.providers, spelling.placeholder == "[model]")
        if spelling.family and not named:
            if _starts_another_name(folded, m.start(), m.end(), compiled):
                pos = m.end()
                continue
            # a weak word of three letters (`gpt`) is not one with an English use: no capital names it
            named = spelling.weak and has_english_use(letters) and _names_here(folded, m.start(), m.end())
        if found and start < found[-1][1]:
            start = found[-1][1]
        if start < end:
            found.append((start, end, spelling.placeholder, spelling.weak and not named))
        pos = end
    merged: list[tuple[int, int, str, bool]] = []
    for start, end, placeholder, alone in found:
        if merged and merged[-1][2] == placeholder and _BETWEEN.fullmatch(folded, merged[-1][1], start):
            first = merged[-1]
            merged[-1] = (first[0], end, first[2], first[3] and alone)
        else:
            merged.append((start, end, placeholder, alone))
    return [(start, end, placeholder) for start, end, placeholder, alone in merged if not alone]


def name_spans(text: str, names: Iterable[tuple[str | None, str]]) -> list[tuple[int, int, str]]:
    """Where `text` names someone: (start, end, placeholder) of each run to replace, in order,
    not overlapping (also what the corpus measurement of the floor counts)."""
    compiled = _compile(tuple(dict.fromkeys((name, what) for name, what in names if name)))
    if compiled is None or not text:
        return []
    folded = _Folded.of(text)
    found: list[tuple[int, int, str]] = []
    for start, end, placeholder in _folded_spans(folded.text, compiled):
        start, end = folded.span(start, end)
        if found and start < found[-1][1]:  # two encoded pieces' runs overlap: one placeholder
            found[-1] = (found[-1][0], max(end, found[-1][1]), found[-1][2])
        else:
            found.append((start, end, placeholder))
    return _with_base64(text, found, compiled)


#: a run a person could decode as base64 (standard or URL-safe alphabet, padded or not), and the
#: pieces of one that is a path or an assignment (`results/Y2xhdWRl/`, `model=Y2xhdWRl`); base64
#: of text mixes capitals with small letters or digits (`Y2xhdWRl`): a word in one case is none
_BASE64 = re.compile(r"(?<![\w+/=-])(?=[\w+/=-]*[A-Z])(?=[\w+/=-]*[a-z0-9])[A-Za-z0-9+/=_-]{8,}(?![\w+/=-])")
_BASE64_PIECE = re.compile(r"[A-Za-z0-9+_-]{6,}={0,2}")


def _base64_text(run: str) -> str | None:
    """The text `run` decodes to as base64, or None where it decodes to no text (a hash, a
    word, an identifier: what a person would not read as base64 either)."""
    body = run.rstrip("=")
    if len(body) % 4 == 1:
        return None
    padded = body + "=" * (-len(body) % 4)
    try:
        raw = base64.b64decode(padded, altchars=b"-_" if "-" in body or "_" in body else None, validate=True)
        decoded = raw.decode("utf-8")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
    return decoded if decoded.isprintable() and len(decoded.strip()) >= MIN_MASKED_CHARS else None


def _with_base64(
    text: str, found: list[tuple[int, int, str]], compiled: _Names
) -> list[tuple[int, int, str]]:
    """`found` with each base64 run whose text names someone (`Y2xhdWRlLTMtNS1zb25uZXQ=`),
    whole, in order: base64 is an encoding a person decodes as readily as `%2D`."""
    extra = []
    ends = [end for _, end, _ in found]  # in order, not overlapping: the spans' ends are sorted
    for run in _BASE64.finditer(text):
        here = bisect.bisect_right(ends, run.start())
        if here < len(found) and found[here][0] < run.end():
            continue  # a name already masked in it
        pieces = [run] if _base64_text(run.group()) else list(_BASE64_PIECE.finditer(text, *run.span()))
        for m in pieces:
            decoded = _base64_text(m.group())
            spans = _folded_spans(_Folded.of(decoded).text, compiled) if decoded else []
            if spans:
                extra.append((m.start(), m.end(), spans[0][2]))
    return sorted(found + extra) if extra else found


def mask_identity(text: str, names: Iterable[tuple[str | None, str]]) -> str:
    """`text` with each spelling of each name (agent, model, submission folder, commit author)
    replaced by `[what]`; the artefacts are otherwise shown as the judge read them."""
    out: list[str] = []
    done = 0
    for start, end, placeholder in name_spans(text, names):
        out += [text[done:start], placeholder]
        done = end
    return "".join(out) + text[done:] if out else text


def mask_value(value: Any, names: Iterable[tuple[str | None, str]]) -> Any:
    """A JSON value (a results table) with every string in it masked, keys included: an
    experiment called `<agent> sweep` is the agent's words as much as its log is."""
    names = list(names)
    if isinstance(value, str):
        return mask_identity(value, names)
    if isinstance(value, dict):
        return {mask_identity(str(k), names): mask_value(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [mask_value(v, names) for v in value]
    return value


def identity_of(
    agent: str | None, agent_model: str | None, submission_id: str | None
) -> list[tuple[str | None, str]]:
    """The names that would unblind an annotator, as `mask_identity` takes them (the folder's
    name also by its last path part, as a log prints it)."""
    folder = submission_id.rstrip("/").rsplit("/", 1)[-1] if submission_id else None
    return [(agent, "agent"), (agent_model, "model"), (submission_id, "submission"), (folder, "submission")]
