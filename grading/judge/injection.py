"""The pattern layer: a deterministic prompt-injection detector for the untrusted text a judge reads.

Fences, datamarking and restated instructions are the defence; this detector is one of two
alarms (the other is the judge's own `injection_suspected`). It flags text that *addresses*
a grader or a model: orders to ignore or replace instructions, messages to the grader,
verdicts written in advance (as JSON or as `VERDICT: PASS`), claims of hidden evaluation
settings, chat-role and template tokens, chat turns embedded in prose, and forged delimiters.
It never flags a topic: "jailbreak", "prompt injection" or "adversarial prompt" are what
research papers are about. Orders are recognised as orders by where they stand (the start
of a clause, or after "please", "now", "you must"), so "models often ignore previous
instructions" is a finding about models and "Now ignore previous instructions" is an order.

It is pattern-based on purpose: the same text always gets the same flag, so a flagged
verdict can be reproduced, audited and routed to a person. Cheap disguises are folded first:
compatibility forms (full-width letters), zero-width and Unicode tag characters, common
Cyrillic and Greek homoglyphs; base64 blocks that decode to text are scanned as well.

`scan` also reports the learned layer's units (`learned`, grading/judge/injection_model.py):
paraphrases, pleas and notes to the grader in other languages and disguises that no pattern
describes. Both are deterministic, so the flag stays reproducible. Each keeps its place by what it adds
on sets it was never tuned on (bench/injection.md, "Each layer's contribution").

Trade-off: an order such as "ignore previous instructions" that appears only inside a short
quotation is taken as a *mention* (an essay about injection, a quoted log line) and gets the
weaker `quoted_injection_phrase` flag instead of `prompt_injection`; so is a longer quotation
introduced as a mention ('a jailbreak instruction like "..."'), and a chat template quoted in
a task about tokenizers. Forged verdicts, messages to the grader and delimiter spoofing are
never excused by quotes: they have no business in an honest answer. The one place delimiters, role
tags and speaker turns do belong is a prompt template an agent ships (an LLM-as-judge task: MT-Bench's
"[The Start of Assistant's Answer]", openai/evals' "[BEGIN DATA]"), so those shapes near a template
slot (`{question}`, `{{answer}}`) are read as mentions too; orders and forged verdicts still are not.
"""

from __future__ import annotations

import base64
import binascii
import bisect
import json
import re
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

from expgrade.grading.judge import injection_model
from expgrade.grading.judge.fold import normalize
from expgrade.grading.judge.rubrics import Rubric
from expgrade.grading.judge.types import PROMPT_INJECTION, QUOTED_INJECTION

#: Where an order starts: the start of a line or clause, or after a word that introduces one.
_CLAUSE = (
    r"(?:^|(?<=[.!?:;>\]\)\"'*\-–—,])\s*|\b(?:please|now|just|simply|kindly|then|and|so|also|first|"
    r"you\s+(?:must|should|shall|will|need\s+to|have\s+to|are\s+to|can)|must|should)\s+)"
)
_IGNORE_VERB = (
    r"(?:ignore|disregard|forget|skip|override|overrule|bypass|discard|neglect|abandon|overlook|omit|"
    r"pay\s+no\s+attention\s+to|"
    r"do\s+not\s+(?:follow|obey|apply|use)|don'?t\s+(?:follow|obey|apply|use)|stop\s+following)"
)
_PRIOR = (
    r"(?:all\s+|any\s+|the\s+|your\s+|these\s+|those\s+|every\s+|of\s+)*"
    r"(?:previous|prior|above|earlier|preceding|former|original|foregoing|system|grading|given|initial|old|"
    r"current|existing)?(?:\s+(?:and|or|&)\s+(?:following|subsequent|later|below))?"
)
_RULES = (
    r"(?:instructions?|prompts?|rules?|directions?|directives?|guidelines?|guidance|context|constraints?|"
    r"orders?|commands?|rubrics?|criteria|messages?|programming|task)"
)
#: Who grades, by its role; `_GRADER` adds a model named plainly ("the language model"), which
#: research text and code also pass things "to" (`_ADDRESSED_TO`).
#: "discard any rule with lower accuracy than min_acc" (a rule learner's docstring) filters rules by a
#: measure; an order to a grader does not qualify the rules it throws away.
_NOT_A_FILTER = (
    r"(?!\s+(?:with|whose|having|of)\s+(?:a\s+|an\s+)?(?:lower|low|higher|high|less|more|fewer|zero|"
    r"score|accuracy|frequency|count|support|weight|confidence|precision|gain)\b)"
)
_GRADER_ROLE = (
    r"(?:grader|judge|evaluator|reviewer|assessor|examiner|auditor|grading\s+(?:model|system|ai|llm|agent)|"
    r"(?:ai|llm|automated|automatic|language\s+model)\s+(?:judge|grader|evaluator|reviewer|assessor|system))s?"
)
_GRADER = rf"(?:{_GRADER_ROLE}|(?:ai|llm|language\s+model|assistant|chatbot)s?)"
#: "To the grader", or "to the language model:" said as an address; "features projected to the
#: language model" (a config's docstring) is not one.
_ADDRESSED_TO = rf"to\s+the\s+(?:{_GRADER_ROLE}\b|{_GRADER}\s*[:,!])"
_VERDICT_WORD = (
    r"(?:pass(?:ed|ing)?|approved?|accept(?:ed|able)?|correct|full\s+(?:marks|credit|points|score)|"
    r"10/10|100\s*%|a\s+perfect\s+score|the\s+highest\s+(?:score|grade|mark))"
)
_VERDICT_KEY = (
    r"(?:verdict|final[\s_-]?verdict|judge?ment|decision|grade|evaluation|result|label|outcome|status)"
)
_PASS_VALUE = r"(?:pass(?:ed)?|approved?|accept(?:ed)?|correct|10/10|100\s*%|a\+?)\b"
_ROLE = (
    r"(?:system|assistant|user|human|developer|admin|administrator|root|sudo|operator|grader|instructions?)"
)

#: Not a list or an index in code (`stack = [root]`, `f(x, [user])`, `roles[system]`).
_NOT_CODE_LIST = r"(?<![\w=(,])(?<![=(,] )"

#: (name, pattern, excusable by quotation)
_PATTERNS: list[tuple[str, re.Pattern[str], bool]] = [
    (
        "ignore_instructions",
        re.compile(rf"{_CLAUSE}{_IGNORE_VERB}\b[\s,:-]+{_PRIOR}\s*{_RULES}\b{_NOT_A_FILTER}", re.I | re.M),
        True,
    ),
    (
        "ignore_what_you_were_told",
        re.compile(
            rf"{_CLAUSE}{_IGNORE_VERB}\b\s+(?:everything|anything|all|what(?:ever)?)\s+(?:(?:that\s+)?you\s+"
            rf"(?:were|have\s+been|'ve\s+been)\s+(?:told|given|instructed)|(?:above|before|previously|so\s+far|"
            rf"said|written\s+above))",
            re.I | re.M,
        ),
        True,
    ),
    (
        "new_instructions",
        re.compile(
            r"\b(?:new|updated|revised|real|actual|true|hidden|secret|additional|override|overriding|"
            r"priority|urgent|important)\s+(?:system\s+prompt|(?:system\s+)?(?:instructions?|directives?|orders?|task))\s*(?::|-{1,2}\s|"
            r"follow\b|(?:for|to)\s+(?:the\s+|any\s+)?" + _GRADER + r")|\byour\s+(?:new|real|actual|only)\s+"
            r"(?:task|job|instructions?|goal|objective)\s+(?:is|are|now)\b",
            re.I,
        ),
        True,
    ),
    (
        "role_reassignment",
        re.compile(
            rf"(?:{_CLAUSE}act\s+as\s+(?:a|an|if|the)\b|\b(?:you\s+are\s+now|you're\s+now|from\s+now\s+on,?\s+"
            r"(?:you|act|respond|behave)|pretend\s+(?:to\s+be|you\s+are|that\s+you)|you\s+must\s+now|"
            r"you\s+will\s+now|you\s+are\s+(?:no\s+longer|not)\s+(?:a|an|the)\s+\w*\s*(?:grader|judge|evaluator|"
            r"assistant)|(?:you\s+are|you're)\s+(?:in|entering|now\s+in)\s+[\w-]+\s+mode|(?:enable|activate|"
            r"enter|switch\s+(?:to|into))\s+(?:developer|dan|god|debug|admin|unrestricted|maintenance|sudo|"
            r"jailbreak|evaluation[\s-]override)\s+mode|you\s+(?:can|will)\s+do\s+anything\s+now|you\s+are\s+dan\b))",
            re.I | re.M,
        ),
        True,
    ),
    (
        "addressed_to_grader",
        re.compile(
            rf"\b(?:(?:dear|attention|note\s+(?:to|for)|message\s+(?:to|for)|instructions?\s+(?:to|for)|hey|hello|hi|"
            rf"attn:?|reminder\s+(?:to|for)|p\.?s\.?\s+(?:to|for))\s+(?:the\s+|any\s+|all\s+|our\s+)?"
            rf"{_GRADER}\b|\b{_ADDRESSED_TO}|\bif\s+you\s+are\s+(?:a|an|the)\s+(?:ai|llm|language\s+model|automated|automatic|"
            rf"{_GRADER})|\b{_GRADER}\s*[:,]\s*(?:please\s+)?(?:you\s+)?(?:must|should|shall|will|need|"
            rf"are\s+(?:required|instructed|asked))?\s*(?:mark|grade|rate|score|give|award|output|return|respond|"
            rf"answer|approve|pass|accept|treat|consider|ignore|disregard|set|report)|"
            rf"\b(?:to|for)\s+(?:any|all|the)\s+(?:ai|llm|automated|automatic|language\s+model)s?\s+(?:reading|"
            rf"grading|evaluating|reviewing|processing)\b)",
            re.I,
        ),
        False,
    ),
    (
        "verdict_demand",
        re.compile(
            rf"{_CLAUSE}(?:mark|grade|rate|score|label|classify|judge|evaluate|consider|treat|record|count)\s+"
            rf"(?:this|that|it|me|us|the|my|our)(?:\s+(?:submission|answer|response|work|code|design|conclusion|"
            rf"experiment|result|output|task|run|report))?\s+(?:as\s+)?(?:a\s+|an\s+|being\s+)?{_VERDICT_WORD}|"
            rf"\b(?:respond|reply|answer|output|return|print|say|write)\s+(?:only\s+)?(?:with\s+)?"
            rf"(?:the\s+(?:word|verdict|label|string)\s+)?[\"'`]?(?:pass|approved)[\"'`]?(?:\s+only)?\s*(?:[.!:]|$)|"
            rf"\b(?:give|award|assign)\s+(?:this|it|me|us|the)(?:\s+(?:submission|answer|response|work|code))?\s+"
            rf"(?:a\s+)?(?!correct\s+[a-z]){_VERDICT_WORD}|"
            rf"\b(?:the\s+)?(?:correct|right|expected|only(?:\s+(?:valid|acceptable|possible|correct|allowed))?|"
            rf"required|appropriate)\s+(?:verdict|grade|label|output|answer|response|decision)"
            rf"\s+(?:here\s+|for\s+this\s+\w+\s+)?(?:is|=|:)\s*[\"'`]?(?:pass|approved|correct)\b|"
            rf"\bthis\s+(?:submission|answer|response|work)\s+(?:must|should|shall|will|deserves\s+to)\s+"
            rf"(?:be\s+)?(?:graded\s+|marked\s+|rated\s+|scored\s+)?(?:as\s+)?{_VERDICT_WORD}|"
            rf"\b(?:the\s+)?(?:grader|judge|evaluator)\s+(?:must|should|shall|will|is\s+to)\s+"
            rf"(?:output|return|answer|mark|grade|respond|say|give)\b|"
            # A model's or an assistant's output is what a docstring describes ("the model will output
            # 3 masks"): an order only when what it must output is a verdict.
            rf"\b(?:the\s+)?(?:model|assistant)\s+(?:must|should|shall|will|is\s+to)\s+"
            rf"(?:output|return|answer|mark|grade|respond|say|give)\s+(?:[\w'-]+\s+){{0,4}}(?:as\s+)?[\"'`]?"
            rf"{_VERDICT_WORD}",
            re.I | re.M,
        ),
        True,
    ),
    (
        "forged_verdict",
        re.compile(
            rf"[{{,]\s*[\"'](?:{_VERDICT_KEY}|passed|pass)[\"']\s*:\s*(?:[\"']{_PASS_VALUE}|true\b)|"
            r"[{,]\s*[\"'](?:rationale|injection_suspected|injection_evidence|confidence_score)[\"']\s*:|"
            rf"\b(?:VERDICT|FINAL[\s_]VERDICT|GRADE|JUDGE?MENT|DECISION|EVALUATION|RESULT|OUTCOME)\s*[:=]\s*"
            rf"(?:PASS(?:ED)?|APPROVED?|ACCEPT(?:ED)?|CORRECT|10/10|A\+?)\b|"
            # Lower case takes a colon only: `key=value` is how configs (and our scripted server) talk.
            rf"\b(?:[Ff]inal\s+)?(?:[Vv]erdict|[Gg]rade|[Jj]udge?ment|[Dd]ecision)\s*:\s*[\"'`*]*{_PASS_VALUE}",
            re.M,
        ),
        False,
    ),
    (
        "hidden_evaluation_settings",
        re.compile(
            r"\b(?:hidden|secret|internal|private|confidential|automated|automatic|official|embedded|special|"
            r"pre-?approved)\s+(?:evaluation|grading|grader|scoring|judge|judging|review|assessment|evaluator)\s+"
            r"(?:profile|settings?|config(?:uration)?|note|directive|policy|override|instructions?|protocol|"
            r"key|flag|mode|metadata|rubric)|\b(?:evaluation|grading|grader|scoring|judge)\s+(?:override|bypass)\b|"
            r"\b(?:pre-?approved|already\s+(?:been\s+)?(?:verified|approved|graded|passed))\s+by\s+(?:the\s+)?"
            r"(?:grader|judge|evaluator|reviewers?|committee|organi[sz]ers|benchmark)",
            re.I,
        ),
        False,
    ),
    (
        "role_tag",
        re.compile(
            r"<\|[a-z_]{2,24}\|>|<(?:start|end)_of_turn>|\[/?INST\]|<</?SYS>>|</?(?:system|assistant|instructions?|"
            r"admin|developer|sys|im_start|im_end)\s*>|"
            rf"{_NOT_CODE_LIST}\[\s*/?{_ROLE}(?:\s+(?:message|prompt|note|override|instructions?))?\s*\]|"
            r"\{\{\s*(?:system|assistant|user)\s*\}\}|^\s*(?:#{1,4}\s*)?(?:system|system\s+prompt|developer|"
            r"admin)\s*:|^\s*#{2,4}\s*(?:instruction|response|system|input)\s*:?\s*$|(?:^|\s)###\s*(?:instruction|response)\s*:",
            re.I | re.M,
        ),
        True,
    ),
    (
        # Chat-style speaker tags at a line's start are normal in transcripts; elsewhere they fake a turn.
        "speaker_tag",
        re.compile(r"^\s*(?:#{1,4}\s*)?(?:assistant|user|human)\s*:", re.I | re.M),
        False,
    ),
    (
        # A chat turn embedded mid-line: a speaker tag after prose, answered or followed by another.
        "chat_turn",
        re.compile(
            r"(?<![\w'\"])(?:Human|User|USER|HUMAN)\s*:\s*\S.{0,400}?(?<![\w'\"])(?:Assistant|ASSISTANT|AI)\s*:\s*\S|"
            r"(?<![\w'\"])(?:Assistant|ASSISTANT|AI)\s*:\s*\S.{0,400}?(?<![\w'\"])(?:Human|User|USER|HUMAN)\s*:\s*\S|"
            r"(?<=[.!?])\s+(?:Assistant|ASSISTANT|System|SYSTEM)\s*:\s*\S",
        ),
        True,
    ),
    (
        "delimiter_spoof",
        re.compile(
            r"<<<\s*(?:end[\s_-]+)?untrusted|</?\s*untrusted\b|(?:end|close|begin|start)[\s_-]+(?:of[\s_-]+)?"
            r"(?:the[\s_-]+)?(?:untrusted|submission|input|data|document|user|agent)[\s_-]*(?:content|text|input|"
            r"data|block|section|output)?\s*(?:>>>|-{3,}|={3,}|\]|\)|#{3,})|"
            r"-{3,}\s*end\s+of\s+(?:input|submission|document|content|data)|"
            r"\[\s*(?:rest|end)[\s_-]+of[\s_-]+(?:the[\s_-]+)?(?:document|input|text|submission|data)\s*\]|"
            r"</(?:document|data|input|submission|context|untrusted_text|user_input)>\s*\S|"
            r"(?:%{3,}|={3,}|\*{3,}|#{3,}|-{3,}|<{3,}|\[{2,})\s*(?:end|begin|start|stop|close)\s+(?:of\s+)?(?:the\s+)?"
            r"(?:user|ambiguity|input|prompt|instructions?|context|system|document|data|submission|text|untrusted|"
            r"query)\b",
            re.I,
        ),
        False,
    ),
    (
        "multilingual_ignore",
        re.compile(
            r"ignor(?:ez|e|a|iere|ieren)\s+(?:toutes?\s+)?(?:les|las|los|alle|die|le|tutte\s+le)?\s*"
            r"(?:instructions?|instrucciones|anweisungen|istruzioni|vorherigen|pr[ée]c[ée]dentes|anteriores)|"
            r"忽略(?:之前|以上|先前|所有|前面)|前の指示を無視|이전\s*지시를?\s*무시|игнорируй|"
            r"olvida\s+(?:todas?\s+)?las\s+instrucciones|vergiss\s+(?:alle\s+)?(?:vorherigen\s+)?anweisungen",
            re.I,
        ),
        True,
    ),
]

_MENTION_CUE = re.compile(
    r"\b(?:like|such\s+as|e\.g\.,?|for\s+example|for\s+instance|called|named|the\s+(?:string|format|phrase|"
    r"template|prompt|instruction|text)|format|template)\s*:?\s*$",
    re.I,
)
# A prompt template's slot ({question}, {{answer}}, {ref_answer_1}, {output_2}): text around one
# is a template an agent ships (an LLM-as-judge task), not a turn or a delimiter forged at the grader.
_TEMPLATE_SLOT = re.compile(
    r"\{\{?\s*(?:[a-z]+_)*(?:question|answer|response|input|output|prompt|instruction|reference|completion|"
    r"context|criteria|criterion|rubric|submission|ideal|expected|candidate|conversation|query|document|target|"
    r"label|model_output|generation)s?(?:_\w+)?\s*\}\}?",
    re.I,
)
_TEMPLATE_REACH = 800
# What a template legitimately holds; orders, forged verdicts and notes to the grader never are.
_TEMPLATE_SHAPES = frozenset({"delimiter_spoof", "role_reassignment", "role_tag", "speaker_tag", "chat_turn"})
# Concealed text (tenth pass, bench/injection.md): markup that renders prose invisible to a human reader
# while the grading model reads the source. What it says does not matter, so no wording is read.
_WHITE = r"(?:white|#?f{3}(?:f{3})?\b|1\s*,\s*1\s*,\s*1\b|255\s*,\s*255\s*,\s*255\b)"
_LATEX_CONCEAL = re.compile(
    rf"\\(?:(?P<switch>color\s*(?:\[\s*(?:rgb|RGB|HTML|cmyk)\s*\])?\s*\{{\s*{_WHITE}\s*\}}|"
    r"color\s*\[\s*gray\s*\]\s*\{\s*1(?:\.0*)?\s*\}|transparent\s*\{\s*0(?:\.0*)?\s*\}|"
    r"fontsize\s*\{\s*0*\.\d+\s*(?:pt)?\s*\}\s*\{[^}]*\}\s*\\selectfont)|"
    rf"(?P<group>textcolor\s*(?:\[\s*(?:rgb|RGB|HTML)\s*\])?\s*\{{\s*{_WHITE}\s*\}}|[hv]?phantom(?=\s*\{{)|"
    r"scalebox\s*\{\s*0*\.0\d*\s*\}))",
    re.I,
)
_HTML_OPEN = re.compile(
    r"<(?P<tag>[a-z][a-z0-9]*)\b(?P<attrs>(?:\s+[\w:-]+(?:\s*=\s*(?:\\?\"[^\"]*?\\?\"|'[^']*'|[^\s>]+))?)*)\s*/?>",
    re.I,
)
# A style value read to its matching closing quote (matplotlib quotes font names inside it: `'DejaVu Sans'`).
_STYLE = re.compile(r"\bstyle\s*=\s*\\?([\"'])(?P<value>.*?)\\?\1", re.I)
# A font size no one reads: zero, under 2 px or pt, under 0.2 em (0.8em is small print, not concealment).
# A zero, in a style or an attribute: `0`, `0.0`, `.0`, never the start of `0.5`.
_ZERO = r"(?:0+(?:\.0*)?|\.0+)(?![\d.])"
_TINY = (
    r"(?:(?:0+(?:\.\d*)?|\.\d+|1(?:\.\d+)?)\s*(?:px|pt)|0*\.[01]\d*\s*(?:em|rem)|0+(?:\.0*)?\s*(?:em|rem|%)?)"
)
_HIDING_STYLE = re.compile(
    rf"(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden|(?:fill-)?opacity\s*:\s*{_ZERO}|"
    rf"font-size\s*:\s*{_TINY}\s*(?:;|$)|(?:left|top|text-indent)\s*:\s*-\d{{3,}})",
    re.I,
)
# White or transparent text hides only where no background is set on the element or just before it.
_WHITE_STYLE = re.compile(
    rf"(?:^|;)\s*color\s*:\s*(?:{_WHITE}|transparent|rgba\([^)]*,\s*0(?:\.0+)?\s*\))", re.I
)
# On an SVG text element, `fill` is its colour: none hides it. White does not: matplotlib draws white
# labels on bars, heatmaps, dark boxes and dark styles, with the shape under them far away in the file.
_NO_FILL_STYLE = re.compile(r"(?:^|;)\s*fill\s*:\s*(?:none|transparent)\s*(?:;|$)", re.I)
# Where a text is drawn, and how large the drawing is: text translated or placed outside it is off the canvas.
_TRANSLATE = re.compile(r"\btransform\s*=\s*\\?[\"']\s*translate\(\s*(-?[\d.]+)[\s,]+(-?[\d.]+)", re.I)
_SVG_OPEN = re.compile(r"<svg\b[^>]*>", re.I)
_SVG_SIZE = re.compile(r"\b(width|height)\s*=\s*\\?[\"']\s*([\d.]+)\s*(?:pt|px)?\s*\\?[\"']", re.I)
_VIEWBOX = re.compile(r"\bviewBox\s*=\s*\\?[\"']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)", re.I)
_FAR = -1000.0
_BACKGROUND = re.compile(r"\bbackground(?:-color)?\s*:|\bbgcolor\s*=", re.I)
_HIDDEN_ATTR = re.compile(r"\s(?:hidden|aria-hidden\s*=\s*\\?[\"']?true)(?=[\s/>=]|$)", re.I)
# Presentation attributes that hide an element's text (twelfth pass). On any element: zero opacity, hidden,
# not displayed. On a text element (SVG `text`/`tspan`/`textPath`, HTML `font`): no or zero-opacity fill,
# a zero font size, a place far outside the drawing; and white, on HTML's `font` only (an SVG's white text
# usually sits on a dark box or cell the markup does not say).
_ATTR_VALUE = r"\s*=\s*\\?[\"']?\s*"
_HIDING_ATTR = re.compile(
    rf"\s(?:opacity{_ATTR_VALUE}{_ZERO}|visibility{_ATTR_VALUE}hidden|display{_ATTR_VALUE}none)",
    re.I,
)
_HIDING_TEXT_ATTR = re.compile(
    rf"\s(?:fill{_ATTR_VALUE}(?:none|transparent)|fill-opacity{_ATTR_VALUE}{_ZERO}|"
    rf"font-size{_ATTR_VALUE}(?:{_TINY}|(?:0+(?:\.\d*)?|\.\d+|1(?:\.\d+)?))(?![\w.])|[xy]{_ATTR_VALUE}-\d{{4,}})",
    re.I,
)
_WHITE_FONT = re.compile(rf"\scolor{_ATTR_VALUE}(?:white|#?f{{3}}(?:f{{3}})?\b)", re.I)
_TEXT_TAGS = frozenset({"text", "tspan", "textpath", "font"})
_PROSE_WORD = re.compile(r"[^\W\d_]{2,}")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_MARKUP = re.compile(r"\\[a-zA-Z]+|<[^>]*>|[{}]")
_CONCEAL_REACH = 1500
_SCRIPT = re.compile(r"<script\b", re.I)
# Unicode tag characters spell ASCII that renders as nothing ("ASCII smuggling"); flag emoji use a few.
_TAG_RUN = re.compile("[\U000e0020-\U000e007e]{12,}")
_LATEX_BACKGROUND = re.compile(
    r"\\(?:f?colorbox|cellcolor|rowcolor|columncolor|pagecolor|setbeamercolor|node|includegraphics)\b|tikzpicture|colback|"
    r"\bbg\s*=|\bfill\s*=",
    re.I,
)
_BACKGROUND_REACH = 300
_QUOTES = [('"', '"'), ("“", "”"), ("'", "'"), ("‘", "’"), ("`", "`"), ("«", "»"), ("„", "“")]
# JSON (a harness's log, a results file): a string literal on one line, the line shapes JSON has (an
# object or array opening it, a key, an array element), what stands before a value, and an escape.
_JSON_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
_JSON_LINE = re.compile(r'^[ \t]*(?:[\[{]|"(?:[^"\\\n]|\\.)*"[ \t]*(?::|,?[ \t]*$))', re.M)
_JSON_VALUE_REACH = 40
_JSON_VALUE_BEFORE = re.compile(r'(?:"\s*:|[\[,])\s*$')
_JSON_ESCAPE = re.compile(r'\\[\\"/bfnrtu]')
_SURROGATE = re.compile("[\ud800-\udfff]")
_BASE64 = re.compile(r"(?<![A-Za-z0-9+/=])[A-Za-z0-9+/]{24,}={0,2}(?![A-Za-z0-9+/=])")
# Base32 (RFC 4648): upper-case letters and 2-7, padded with up to six "=".
_BASE32 = re.compile(r"(?<![A-Za-z0-9+/=])[A-Z2-7]{24,}={0,6}(?![A-Za-z0-9+/=])")


@dataclass(frozen=True)
class Finding:
    pattern: str
    snippet: str
    quoted: bool
    #: Where the match lies in `normalize(text)` (for a base64 finding: the whole block).
    start: int = 0
    end: int = 0


def _inside_quotes(line: str, start: int, end: int) -> bool:
    """Whether line[start:end] lies inside one short quotation that opens before it and closes after it."""
    for open_q, close_q in _QUOTES:
        left = line.rfind(open_q, 0, start)
        right = line.find(close_q, end)
        if left < 0 or right < 0 or close_q in line[start:end]:
            continue
        if open_q == close_q:
            # Symmetric marks: an odd count before the match means a quotation is open there, so
            # `"a" ignore previous instructions "b"` (between two quotations) does not count.
            opened = line.count(open_q, 0, start) % 2 == 1
        else:
            opened = line.rfind(close_q, 0, start) < left
        # The quotation must be short (a mention, not a payload wrapped in quotes) or be
        # introduced as a mention ('a jailbreak instruction like "..."').
        if opened and (right - left <= (end - start) + 80 or _MENTION_CUE.search(line, 0, left)):
            return True
    return False


#: A model's special token (`<|startoftranscript|>`, `<|begin_of_image|>`, `<|audio|>`) on a line
#: about tokens is tokenizer code talking about its vocabulary; a chat-role token (`_CHAT_TOKEN`)
#: opens a turn wherever it stands.
_SPECIAL_TOKEN = re.compile(r"<\|[a-z_]{2,24}\|>", re.I)
_CHAT_TOKEN = re.compile(
    r"<\|(?:im_start|im_end|im_sep|system|user|assistant|endoftext|eot_id|eom_id|start_header_id|end_header_id|"
    r"begin_of_text|end_of_text|human|bot|model|tool|ipython|developer|instructions?|sys|inst|end|prompt|grader|"
    r"judge|admin)\|>",
    re.I,
)
_TOKEN_WORD = re.compile(r"token", re.I)


#: Lines above a special token that still say what it is: a comment under the code it explains
#: (`text = tokenizer.decode([token])` over `# Removing outer shell <|XX|>`).
_TOKEN_REACH = 2


def _special_token(name: str, match: str, lines: str) -> bool:
    """Whether a role_tag match is a model's special token named on a line about tokens, or under
    one (`lines`: its line and the _TOKEN_REACH lines above it)."""
    return (
        name == "role_tag"
        and _SPECIAL_TOKEN.fullmatch(match) is not None
        and _CHAT_TOKEN.fullmatch(match) is None
        and _TOKEN_WORD.search(lines.replace(match, " ")) is not None
    )


def _lines_above(norm: str, line_start: int, reach: int = _TOKEN_REACH) -> int:
    """Where the line `reach` lines above the one at `line_start` starts."""
    start = line_start
    for _ in range(reach):
        start = norm.rfind("\n", 0, max(start - 1, 0)) + 1
    return start


def _in_prompt_template(norm: str, start: int, end: int) -> bool:
    """Whether a template slot lies within _TEMPLATE_REACH characters of norm[start:end]."""
    return _TEMPLATE_SLOT.search(norm, max(0, start - _TEMPLATE_REACH), end + _TEMPLATE_REACH) is not None


#: A doctest's example line (`>>> print("Human: ", text)`, `... )`).
_DOCTEST_PROMPT = re.compile(r"[ \t]*(?:>>>|\.\.\.)(?:\s|$)")
#: How many lines of output above a line are looked through for its example.
_DOCTEST_REACH = 20


def _doctest_output(norm: str, line_start: int) -> bool:
    """Whether the line at `line_start` is a doctest's output: below an example line with no blank line
    between (doctest's own rule), it is what the example printed (`Human:  My friends are cool`, a
    decoded `[INST] … [/INST]` prompt), shown in a docstring, not a turn written at the grader."""
    if _DOCTEST_PROMPT.match(norm, line_start):
        return False
    end = line_start - 1
    for _ in range(_DOCTEST_REACH):
        if end < 0:
            return False
        start = norm.rfind("\n", 0, end) + 1
        if not norm[start:end].strip():
            return False
        if _DOCTEST_PROMPT.match(norm, start):
            return True
        end = start - 1
    return False


def _concealed_end(norm: str, start: int, switch: bool) -> int:
    r"""Where concealed content that begins at `start` ends: for a switch (`\color{white}`, which lasts
    to the end of its group) where the enclosing group closes; for a command with an argument
    (`\textcolor{white}{...}`, `\phantom{...}`) where that argument closes. A blank line ends either;
    _CONCEAL_REACH bounds both."""
    depth, limit = 0, min(len(norm), start + _CONCEAL_REACH)
    for i in range(start, limit):
        if norm.startswith("\n\n", i) and depth <= 0:
            return i
        if norm[i] == "{":
            depth += 1
        elif norm[i] == "}":
            depth -= 1
            if depth < 0 or (depth == 0 and not switch):
                return i
    return limit


def _is_prose(content: str) -> bool:
    """Three words of letters, or six CJK characters, once markup is stripped: what a reader would read."""
    plain = _MARKUP.sub(" ", content)
    return len(_PROSE_WORD.findall(plain)) >= 3 or len(_CJK.findall(plain)) >= 6


def _in_code(norm: str, start: int) -> bool:
    """Inside a fenced code block or an inline code span: the markup is shown, so nothing is concealed."""
    line_start = norm.rfind("\n", 0, start) + 1
    fences = norm.count("\n```", 0, start) + norm.startswith("```")
    return fences % 2 == 1 or norm.count("`", line_start, start) % 2 == 1


def _latex_regions(norm: str) -> list[tuple[int, int, int]]:
    r"""(opener, content start, content end) of white, transparent, vanishing and phantom LaTeX text,
    less white text on a box, cell, page or node a background was set for just before it. An opener
    inside an earlier region is part of it (`\phantom{\phantom{…` thousands deep stays linear)."""
    regions: list[tuple[int, int, int]] = []
    backgrounds = [b.start() for b in _LATEX_BACKGROUND.finditer(norm)]
    for m in _LATEX_CONCEAL.finditer(norm):
        if regions and m.start() < regions[-1][2]:
            continue
        i = bisect.bisect_left(backgrounds, m.start() - _BACKGROUND_REACH)
        if not (i < len(backgrounds) and backgrounds[i] < m.start()):
            regions.append(
                (m.start(), m.end(), _concealed_end(norm, m.end(), switch=m.group("switch") is not None))
            )
    return regions


def _off_canvas(norm: str, start: int, attrs: str) -> bool:
    """Whether a text element at `start` is translated outside the drawing it belongs to: beyond the
    width or height its `<svg>` declares (viewBox first), or far to the left or above it."""
    moved = _TRANSLATE.search(attrs)
    if moved is None:
        return False
    x, y = (float(v) for v in moved.groups())
    if min(x, y) < _FAR:
        return True
    svg = _SVG_OPEN.match(norm, norm.rfind("<svg", 0, start))
    if svg is None:
        return False
    box = _VIEWBOX.search(svg.group(0))
    sizes = {k.lower(): float(v) for k, v in _SVG_SIZE.findall(svg.group(0))}
    width, height = (
        (float(box.group(1)), float(box.group(2))) if box else (sizes.get("width"), sizes.get("height"))
    )
    return (width is not None and x > width) or (height is not None and y > height)


def _html_regions(norm: str) -> list[tuple[int, int, int]]:
    """(opener, content start, content end) of HTML and SVG elements styled or attributed invisible, or
    marked `hidden`. A page with scripts reveals its hidden menus, pop-ups and collapsed rows on a
    click (5 of 5,665 real files did, bench/injection.md's tenth pass): not concealment. White text on
    a background is visible."""
    if _SCRIPT.search(norm):
        return []
    regions: list[tuple[int, int, int]] = []
    for m in _HTML_OPEN.finditer(norm):
        if regions and m.start() < regions[-1][2]:
            continue
        attrs = m.group("attrs")
        style = _STYLE.search(attrs)
        tag = m.group("tag").lower()
        value = style.group("value") if style else ""
        text = tag in _TEXT_TAGS
        before = norm[max(0, m.start() - _BACKGROUND_REACH) : m.start()]
        white = (tag == "font" and _WHITE_FONT.search(attrs) is not None) or _WHITE_STYLE.search(
            value
        ) is not None
        hides = (
            _HIDDEN_ATTR.search(attrs) is not None
            or _HIDING_ATTR.search(attrs) is not None
            or _HIDING_STYLE.search(value) is not None
            or (
                text
                and (_HIDING_TEXT_ATTR.search(attrs) is not None or _NO_FILL_STYLE.search(value) is not None)
            )
            or (text and _off_canvas(norm, m.start(), attrs))
            or (white and not _BACKGROUND.search(attrs) and not _BACKGROUND.search(before))
        )
        if hides:
            close = re.compile(rf"</{re.escape(m.group('tag'))}\s*>", re.I).search(
                norm, m.end(), m.end() + _CONCEAL_REACH
            )
            regions.append(
                (m.start(), m.end(), close.start() if close else min(len(norm), m.end() + _CONCEAL_REACH))
            )
    return regions


def _concealed(norm: str) -> list[Finding]:
    """Prose hidden from the human reader while the grading model reads the source. Comments are
    not concealment (the source's reader sees them); markup shown in a code span or fence, or quoted,
    conceals nothing and is a mention."""
    findings = []
    for opener, start, end in _latex_regions(norm) + _html_regions(norm):
        content = norm[start:end]
        if not _is_prose(content):
            continue
        line_start = norm.rfind("\n", 0, opener) + 1
        line_end = norm.find("\n", opener)
        line = norm[line_start : line_end if line_end >= 0 else len(norm)]
        quoted = _in_code(norm, opener) or _inside_quotes(
            line, opener - line_start, min(end, len(line) + line_start) - line_start
        )
        findings.append(
            Finding("concealed_text", " ".join(_MARKUP.sub(" ", content).split())[:120], quoted, opener, end)
        )
    return findings


def _smuggled(text: str) -> list[Finding]:
    """Prose spelt in Unicode tag characters, which no reader sees (found before folding, which turns
    them into the letters they mirror). Positions are in `normalize(text)`, like every finding's."""
    findings = []
    for m in _TAG_RUN.finditer(text):
        decoded = "".join(chr(ord(c) - 0xE0000) for c in m.group())
        if _is_prose(decoded):
            start = len(normalize(text[: m.start()]))
            findings.append(Finding("concealed_text", decoded[:120], False, start, start + len(decoded)))
    return findings


def _json_view(norm: str) -> tuple[str, list[tuple[int, int]]]:
    """`norm` with the escapes of its JSON string literals decoded, at the same positions, and the
    (start, end) of its JSON values.

    A writer's `\\n` stands where a line starts, and `json.dumps` writes every non-ASCII character
    as `\\uXXXX` by default (SWE-agent's and OpenHands' trajectories), which hides every non-English
    word from both layers. On a line shaped like JSON, a literal that holds an escape becomes its
    decoded, folded content between its quotes, padded with spaces to the literal's length so every
    finding's position still points into `norm` (the paraphrase check cuts by it). The quotes stay:
    the learned layer was trained on JSON with them. The values returned (literals that held an
    escape, and prose values after `"key":`, `[` or `,`) are data an agent or a harness wrote: their
    own quotes do not make an order inside them a mention (quotation marks inside them still do)."""
    if '"' not in norm:
        return norm, []
    json_lines = {m.start() for m in _JSON_LINE.finditer(norm)}
    newlines = [i for i, c in enumerate(norm) if c == "\n"]
    parts, cursor, values = [], 0, []
    for m in _JSON_STRING.finditer(norm):
        k = bisect.bisect_left(newlines, m.start())
        line_start = newlines[k - 1] + 1 if k else 0
        if line_start not in json_lines:
            continue
        literal = m.group(0)
        if not _JSON_ESCAPE.search(literal):
            before = max(line_start, m.start() - _JSON_VALUE_REACH)
            if _JSON_VALUE_BEFORE.search(norm, before, m.start()) and _is_prose(literal):
                values.append((m.start(), m.end()))
            continue
        try:
            text = normalize(json.loads(literal))
        except ValueError:
            continue
        if len(text) + 2 > len(literal) or _SURROGATE.search(text):
            continue
        parts += [norm[cursor : m.start()], f'"{text}"', " " * (len(literal) - 2 - len(text))]
        cursor = m.end()
        values.append((m.start(), m.end()))
    return "".join([*parts, norm[cursor:]]), values


def _decoded_blocks(norm: str) -> list[tuple[int, int, str]]:
    """Base64 and base32 blocks of `norm` that decode to mostly printable text: (start, end, decoded)."""
    found = []
    b64 = partial(base64.b64decode, validate=True)
    for pattern, decode, quantum in ((_BASE64, b64, 4), (_BASE32, base64.b32decode, 8)):
        for m in pattern.finditer(norm):
            block = m.group(0).rstrip("=")
            try:
                decoded = decode(block + "=" * (-len(block) % quantum)).decode("utf-8")
            except (binascii.Error, UnicodeDecodeError, ValueError):
                continue
            if sum(c.isprintable() or c.isspace() for c in decoded) >= 0.9 * len(decoded) and " " in decoded:
                found.append((m.start(), m.end(), decoded))
    return found


def scan(text: str, *, transcript: bool = False) -> list[Finding]:
    """Every injection-like pattern in `text`. `transcript` allows speaker tags (chat logs)."""
    return list(_scan(text, transcript))


@lru_cache(maxsize=128)
def _scan(text: str, transcript: bool) -> tuple[Finding, ...]:
    """Cached: every criterion and judge of a submission renders the same text, and the
    regexes cost seconds per MB (bench/injection.md)."""
    norm, values = _json_view(normalize(text))
    findings = _scan_normalized(norm, transcript, values) + _smuggled(text)
    for start, end, decoded in _decoded_blocks(norm):
        findings += [
            Finding(f"base64:{f.pattern}", f.snippet, False, start, end)
            for f in _scan_normalized(normalize(decoded), transcript)
        ]
    return tuple(findings)


def _scan_normalized(norm: str, transcript: bool, data: list[tuple[int, int]] | None = None) -> list[Finding]:
    """`data`: spans of JSON values. Their delimiting quotes are the format's, not a quotation's, so the
    quotation excuse reads a copy with those two characters blanked; quotes inside a value still count."""
    findings: list[Finding] = []
    excuse_view = norm
    if data:
        chars = list(norm)
        for lo, hi in data:
            chars[lo] = chars[hi - 1] = " "
        excuse_view = "".join(chars)
    for name, pattern, excusable in _PATTERNS:
        if transcript and name in ("speaker_tag", "chat_turn"):
            continue
        for m in pattern.finditer(norm):
            line_start = norm.rfind("\n", 0, m.start()) + 1
            line_end = norm.find("\n", m.end())
            line = excuse_view[line_start : line_end if line_end >= 0 else len(norm)]
            quoted = (
                (excusable and _inside_quotes(line, m.start() - line_start, m.end() - line_start))
                or (name in _TEMPLATE_SHAPES and _in_prompt_template(norm, m.start(), m.end()))
                or (name in _TEMPLATE_SHAPES and _doctest_output(norm, line_start))
                or _special_token(
                    name, m.group(0), excuse_view[_lines_above(norm, line_start) : line_start] + line
                )
            )
            findings.append(Finding(name, m.group(0).strip()[:120], quoted, m.start(), m.end()))
    findings += _concealed(norm)
    if not transcript:  # chat transcripts are not what the learned layer was trained on
        findings += [
            Finding("learned", unit.strip()[:120], False, start, end)
            for start, end, unit in injection_model.suspicious_spans(norm)
        ]
    return findings


def flags_for(findings: list[Finding]) -> list[str]:
    """The verdict flags the findings earn: `prompt_injection` for any unexcused finding."""
    if any(not f.quoted for f in findings):
        return [PROMPT_INJECTION]
    return [QUOTED_INJECTION] if findings else []


_SENTENCE_END = re.compile(r"[.!?\n]")
NEUTRALISED = "[span removed by the injection check]"


def _normalize_mapped(text: str) -> tuple[str, list[int]]:
    """`normalize`, character by character, with the original index of every output character."""
    parts: list[str] = []
    origin: list[int] = []
    for i, ch in enumerate(text):
        folded = normalize(ch)
        parts.append(folded)
        origin += [i] * len(folded)
    return "".join(parts), origin


def neutralise(text: str, quotes: list[str] | None = None, *, transcript: bool = False) -> str:
    """`text` with every unexcused finding's sentence and every quoted span replaced by a marker.

    What the paraphrase check judges again: the work without the part that addressed the
    grader, so a verdict that changes shows the judge was steered by that part. Spans are
    found in the folded text and cut from the original, so the rest reaches the judge exactly
    as the agent wrote it (Cyrillic stays Cyrillic).
    """
    norm, origin = _normalize_mapped(text)
    origin.append(len(text))
    view, values = _json_view(norm)
    found = [
        (f.start, f.end) for f in _scan_normalized(view, transcript, values) + _smuggled(text) if not f.quoted
    ]
    found += [
        (start, end) for start, end, decoded in _decoded_blocks(view) if scan(decoded, transcript=transcript)
    ]
    spans: list[tuple[int, int]] = []
    for start, end in found:
        before = [m.end() for m in _SENTENCE_END.finditer(view, 0, start)]
        after = _SENTENCE_END.search(view, end)
        a, b = before[-1] if before else 0, after.end() if after else len(view)
        # A finding inside a JSON value cuts the value's whole text and nothing else: inside a
        # decoded one, the view's positions do not line up with the original's escapes.
        for lo, hi in values:
            if lo < start < hi:
                a, b = lo + 1, hi - 1
            elif lo < b < hi:
                b = hi - 1
        spans.append((a, b))
    for quote in quotes or []:
        q = normalize(quote).strip()
        pos = norm.find(q) if len(q) >= 8 else -1
        while pos >= 0:
            spans.append((pos, pos + len(q)))
            pos = norm.find(q, pos + len(q))
    out, cursor = [], 0
    for start, end in sorted((origin[a], origin[b]) for a, b in spans):
        if end <= cursor:
            continue
        start = max(start, cursor)
        out += [text[cursor:start], f" {NEUTRALISED} "]
        cursor = end
    out.append(text[cursor:])
    return "".join(out)


def neutralise_fields(rubric: Rubric, fields: dict[str, Any], quotes: list[str]) -> dict[str, Any]:
    """The item's fields with each untrusted text field neutralised (trusted fields untouched)."""
    out = dict(fields)
    for f in rubric.fields:
        value = fields.get(f.name)
        if f.untrusted and isinstance(value, str):
            out[f.name] = neutralise(value, quotes, transcript=f.kind == "transcript")
    return out
