# ruff: noqa: E501, RUF005  (frozen test data, kept as it was written)
"""Writes tests/data/garbled_joint_answers.jsonl: hand-written joint answers as chat models garble them.

Frozen before the parser changed (issue 24). Each line: the numbers asked, the verdict the judge
meant for each number it answered unambiguously ("meant"; a number it did not answer, answered
twice with different labels, or answered in a cut-off entry is absent), and the reply text.
"""

import json

R = "The code does this."
cases = []


def add(name, asked, meant, text):
    cases.append({"case": name, "asked": asked, "meant": {str(k): v for k, v in meant.items()}, "text": text})


def obj(entries, overall="fail", rationale="See the list."):
    return json.dumps({"verdict": overall, "rationale": rationale, "requirements": entries})


def e(n, v, r=R):
    return {"number": n, "verdict": v, "rationale": r}


full = [e(1, "pass"), e(2, "fail"), e(3, "pass")]
M = {1: "pass", 2: "fail", 3: "pass"}
add("plain", [1, 2, 3], M, obj(full))
add("fence", [1, 2, 3], M, "```json\n" + obj(full) + "\n```")
add("fence-no-lang", [1, 2, 3], M, "```\n" + obj(full) + "\n```")
add(
    "preamble-epilogue",
    [1, 2, 3],
    M,
    "Here is my assessment of the diff.\n\n```json\n"
    + obj(full, rationale="Requirement 2 is missing.")
    + "\n```\n\nLet me know if you need more detail.",
)
add("prose-no-fence", [1, 2, 3], M, "Sure! After reviewing the changes: " + obj(full) + " Hope this helps.")
add("reversed", [1, 2, 3], M, obj(list(reversed(full))))
add("first-only", [1, 2, 3], {1: "pass"}, obj([e(1, "pass")]))
add("last-missing", [1, 2, 3], {1: "pass", 2: "fail"}, obj(full[:2]))
add("middle-missing-shuffled", [1, 2, 3], {1: "pass", 3: "pass"}, obj([e(3, "pass"), e(1, "pass")]))
add("numbers-as-strings", [1, 2, 3], M, obj([{**x, "number": str(x["number"])} for x in full]))
add("numbers-with-dot", [1, 2, 3], M, obj([{**x, "number": f"{x['number']}."} for x in full]))
add("label-upper", [1, 2, 3], M, obj([{**x, "verdict": x["verdict"].upper()} for x in full]))
add("label-title", [1, 2, 3], M, obj([{**x, "verdict": x["verdict"].title()} for x in full]))
add(
    "label-inflected",
    [1, 2, 3],
    M,
    obj([{**x, "verdict": {"pass": "passed", "fail": "failed"}[x["verdict"]]} for x in full]),
)
add("label-padded", [1, 2, 3], M, obj([{**x, "verdict": f" {x['verdict']}."} for x in full]))
add(
    "trailing-commas",
    [1, 2, 3],
    M,
    '{"verdict": "fail", "rationale": "x", "requirements": [{"number": 1, "verdict": "pass", "rationale": "a",}, {"number": 2, "verdict": "fail", "rationale": "b",}, {"number": 3, "verdict": "pass", "rationale": "c",},],}',
)
t = obj(full)
cut = t.index('{"number": 3')
add("truncated-in-third", [1, 2, 3], {1: "pass", 2: "fail"}, t[: cut + 25])
cut2 = t.index('"verdict": "fail", "rationale"', t.index('{"number": 2'))
add("truncated-in-second-label", [1, 2, 3], {1: "pass"}, t[: cut2 + 14])
add("truncated-in-fence", [1, 2, 3], {1: "pass", 2: "fail"}, "```json\n" + t[: cut + 10])
add("duplicate-same", [1, 2, 3], M, obj(full + [e(2, "fail", "again")]))
add(
    "duplicate-contradictory",
    [1, 2, 3],
    {1: "pass", 3: "pass"},
    obj(full + [e(2, "pass", "on second thought")]),
)
add("unasked-number", [1, 2, 3], M, obj(full + [e(4, "pass")]))
add("subset-asked-renumbered", [2, 5], {}, obj([e(1, "pass"), e(3, "fail")]))
add("subset-asked", [2, 5], {2: "pass", 5: "fail"}, obj([e(2, "pass"), e(5, "fail")]))
add("off-vocabulary", [1, 2, 3], {1: "pass", 3: "pass"}, obj([e(1, "pass"), e(2, "partially"), e(3, "pass")]))
add("yes-no-off-vocabulary", [1, 2], {}, obj([e(1, "yes"), e(2, "no")]))
add("no-overall-verdict", [1, 2, 3], M, json.dumps({"requirements": full}))
add("no-overall-rationale", [1, 2, 3], M, json.dumps({"verdict": "fail", "requirements": full}))
add("refusal", [1, 2], {}, "I'm sorry, but I can't help with grading this submission.")
add("prose-only", [1, 2], {}, "Requirement 1 passes and requirement 2 fails.")
add(
    "two-blocks-same",
    [1, 2],
    {1: "pass", 2: "fail"},
    "Draft:\n```json\n"
    + obj([e(1, "pass"), e(2, "fail")])
    + "\n```\nFinal:\n```json\n"
    + obj([e(1, "pass"), e(2, "fail")])
    + "\n```",
)
add(
    "two-blocks-contradict",
    [1, 2],
    {1: "pass"},
    "Draft:\n```json\n"
    + obj([e(1, "pass"), e(2, "fail")])
    + "\n```\nFinal:\n```json\n"
    + obj([e(1, "pass"), e(2, "pass")])
    + "\n```",
)
add(
    "missing-rationale-entry",
    [1, 2],
    {1: "pass", 2: "fail"},
    obj([{"number": 1, "verdict": "pass"}, {"number": 2, "verdict": "fail"}]),
)
add(
    "requirement-key",
    [1, 2],
    {1: "pass", 2: "fail"},
    obj(
        [
            {"requirement": 1, "verdict": "pass", "rationale": R},
            {"requirement": 2, "verdict": "fail", "rationale": R},
        ]
    ),
)
add(
    "single-quotes-python",
    [1, 2],
    {1: "pass", 2: "fail"},
    str({"verdict": "fail", "rationale": "x", "requirements": [e(1, "pass"), e(2, "fail")]}),
)

with open("tests/data/garbled_joint_answers.jsonl", "w") as f:
    for c in cases:
        f.write(json.dumps(c) + "\n")
print(len(cases))
