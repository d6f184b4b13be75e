"""Claude Code sessions: the JSON lines Claude Code keeps per session
(`~/.claude/projects/<project>/<session id>.jsonl`), one session a submission.

Each line is a record: `user` and `assistant` records hold an API message (`message.content`
blocks of `text`, `thinking`, `tool_use`, `tool_result`, `image`), joined by `uuid`/`parentUuid`;
an assistant reply is written one content block a record, each record repeating the message's
`id`, `model` and `usage`. The rest is bookkeeping: `system` records (a hook's summary, a
compaction boundary), `file-history-snapshot`, `summary`, `queue-operation` and the like.

- task id: the name of the folder the session worked in (`cwd`), since a session is a piece of
  work in one project; the session id is kept under `extra.harness` (`sessionId`);
- agent `claude-code`; model: the session's last assistant message's `model`;
- steps: `thinking` (and `redacted_thinking`) a reasoning step, `text` a message, each
  `tool_use` a `tool_call` (the `Bash` tool's `command` as the command), each `tool_result` a
  `tool_output` joined by `tool_use_id` (`Exit code N` as the exit code; a `Bash` result that is
  no error exits 0; an error with no exit code is an `error` step), the agent's own (a
  sub-agent's when the call was); a message's `usage` on its first step (`input_tokens`
  counting cache reads and writes, which `extra` also gives); user text the user's, except what
  Claude Code writes as the user (`isMeta`, a compaction's summary): the harness's; `system`
  records the harness's;
- sub-agents: records marked `isSidechain` are `subagent` steps; a sub-agent's own transcript
  (`<session id>/subagents/agent-<id>.jsonl`, or `agent-<id>.jsonl` beside the session) gives
  its steps where the call that started it returns (`toolUseResult.agentId`), and after the run
  when no call names it;
- answer: the last text of the main agent's last reply; a reply Claude Code made up itself
  (model `<synthetic>`: an API error, an interruption) is the harness's `error` step, never the
  answer;
- the bookkeeping records that are no step (`file-history-snapshot`, `summary`, …) are counted
  in a note.

A folder is read for its session files; a sub-agent's transcript whose session is there is
named as skipped (its steps are the session's).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from expgrade.grading.harness_importers.common import Harness, HarnessOptions, Notice
from expgrade.grading.harness_importers.mapping import Derived, Preset
from expgrade.grading.harness_importers.presets import Raw
from expgrade.grading.harness_importers.sessions import (
    begins_as,
    load_records,
    obj,
    session_fields,
    session_record,
    task_of,
    type_finder,
    usage_of,
)
from expgrade.grading.harness_importers.sniff import first_record
from expgrade.grading.harness_importers.steps import StepDraft, exit_code_of, text_of
from expgrade.grading.harness_importers.writer import HarnessRecord
from expgrade.grading.jsonl import iter_json_lines

#: Record types that hold a conversation's messages, and Claude Code's bookkeeping.
MESSAGES = ("user", "assistant")
RECORD_TYPES = (*MESSAGES, "system", "summary", "file-history-snapshot", "queue-operation", "progress")

type_finder("claude_code_type", RECORD_TYPES, "the type of a Claude Code session record")

SESSION = Preset(
    harness="claude-code",
    generation="session",
    describe="Claude Code session (JSON lines: user/assistant records, tool_use/tool_result blocks)",
    fields=session_fields("'claude-code'"),
    signature=("claude_code_type(type)", "sessionId|leafUuid|snapshot.messageId", "!payload"),
)
PRESETS = (SESSION,)


def _blocks(record: dict[str, Any]) -> list[Any]:
    content = obj(record.get("message")).get("content")
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return content if isinstance(content, list) else []


def _synthetic(record: dict[str, Any]) -> bool:
    """A reply Claude Code made up itself (an API error, an interruption): model `<synthetic>`."""
    return record.get("isApiErrorMessage") is True or obj(record.get("message")).get("model") == "<synthetic>"


def _output(content: Any) -> str:
    """A tool result's content: text, or blocks (an image named, not decoded)."""
    if isinstance(content, list):
        return "\n".join(
            "[image]" if isinstance(c, dict) and c.get("type") == "image" else text_of([c]) for c in content
        )
    return text_of(content)


@dataclass
class _FirstPass:
    """What the session file says before its steps are written."""

    session_id: str | None = None
    cwd: str | None = None
    version: str | None = None
    model: Derived | None = None
    answer: Derived | None = None
    skipped: Counter[str] = field(default_factory=Counter)
    messages: int = 0

    def read(self, path: Path) -> None:
        for line, record in iter_json_lines(path):
            kind = record.get("type")
            if kind not in (*MESSAGES, "system"):
                self.skipped[str(kind)] += 1
                continue
            self.messages += kind in MESSAGES
            self.session_id = self.session_id or record.get("sessionId")
            self.cwd = self.cwd or record.get("cwd")
            self.version = self.version or record.get("version")
            message = obj(record.get("message"))
            if kind != "assistant":
                continue
            if record.get("isSidechain") is True or _synthetic(record):
                continue
            if isinstance(message.get("model"), str):
                self.model = Derived(message["model"], f"line {line}: message.model")
            said = [b.get("text") for b in _blocks(record) if isinstance(b, dict) and b.get("type") == "text"]
            if said and isinstance(said[-1], str) and said[-1].strip():
                self.answer = Derived(said[-1], f"line {line}: the last text of the agent's last reply")


class _Steps:
    """The second pass: a session's records as steps, its sub-agents' transcripts where they ran.

    A reply's steps are held until its last record (the next record is another's): that record
    has the reply's final usage, given on its first step. Memory: one reply, and the calls not
    yet answered."""

    def __init__(self, path: Path, session_id: str | None) -> None:
        self.tools: dict[str, tuple[str | None, str]] = {}  # unanswered call id -> (tool, whose)
        self.agents = _agent_files(path, session_id)
        self.path = path
        self.reply: list[StepDraft] = []
        self.reply_id: Any = None
        self.usage: dict[str, Any] = {}

    def run(self) -> Iterator[StepDraft]:
        yield from self.records(self.path, span=None)
        for agent_id in list(self.agents):
            yield from self.agent(agent_id)

    def agent(self, agent_id: str) -> Iterator[StepDraft]:
        path = self.agents.pop(agent_id, None)
        if path is not None:
            yield from self.records(path, span=f"subagent {agent_id}")

    def records(self, path: Path, *, span: str | None) -> Iterator[StepDraft]:
        for _, record in iter_json_lines(path):
            kind = record.get("type")
            actor = "subagent" if record.get("isSidechain") is True else "agent"
            common: StepDraft = {"time": record.get("timestamp"), "span": span}
            if actor == "subagent" and span is None and isinstance(record.get("agentId"), str):
                common["span"] = f"subagent {record['agentId']}"
            message = obj(record.get("message"))
            new_reply = kind == "assistant" and (
                message.get("id") is None or message.get("id") != self.reply_id
            )
            if new_reply or kind in ("user", "system"):  # bookkeeping between a reply's records: no end
                yield from self.flush()
            if kind == "assistant" and not _synthetic(record):
                self.reply_id = message.get("id")
                self.usage = obj(message.get("usage")) or self.usage
                self.reply += self._reply(record, actor, common)
            elif kind == "assistant":  # an API error Claude Code wrote as a reply: no model said it
                text = "\n".join(text_of([b]) for b in _blocks(record) if isinstance(b, dict))
                yield {**common, "kind": "error", "actor": "harness", "role": "assistant", "text": text}
            elif kind == "user":
                yield from self._user(record, actor, common)
            elif kind == "system":
                content = record.get("content") if isinstance(record.get("content"), str) else None
                said = (
                    f"{record.get('subtype') or 'system'}: {content}"
                    if content
                    else str(record.get("subtype"))
                )
                yield {**common, "kind": "message", "actor": "harness", "role": "system", "text": said}
        yield from self.flush()

    def flush(self) -> Iterator[StepDraft]:
        """The reply held, its usage (its last record's) on its first step."""
        if self.reply:
            u = self.usage
            parts = [
                u.get(k) or 0
                for k in ("input_tokens", "cache_read_input_tokens", "cache_creation_input_tokens")
            ]
            prompt = sum(parts) if all(isinstance(n, int) for n in parts) and "input_tokens" in u else None
            self.reply[0]["usage"] = usage_of(
                prompt,
                u.get("output_tokens"),
                cached=u.get("cache_read_input_tokens"),
                cache_write=u.get("cache_creation_input_tokens"),
            )
            yield from self.reply
        self.reply, self.reply_id, self.usage = [], None, {}

    def _reply(self, record: dict[str, Any], actor: str, common: StepDraft) -> Iterator[StepDraft]:
        """One record of a reply: its content blocks as steps."""
        message = obj(record.get("message"))
        base: StepDraft = {
            **common,
            "actor": actor,
            "role": "assistant",
            "model": message.get("model") if isinstance(message.get("model"), str) else None,
        }
        for block in _blocks(record):
            if not isinstance(block, dict):
                continue
            kind = block.get("type")
            if kind in ("thinking", "redacted_thinking"):
                thought = block.get("thinking") if kind == "thinking" else "[redacted thinking]"
                yield {**base, "kind": "reasoning", "text": thought if isinstance(thought, str) else ""}
            elif kind == "tool_use":
                name = block.get("name") if isinstance(block.get("name"), str) else None
                args = block.get("input")
                command = obj(args).get("command") if name == "Bash" else None
                call_id = str(block.get("id"))
                self.tools[call_id] = (name, actor)
                yield {
                    **base,
                    "kind": "tool_call",
                    "tool": name,
                    "arguments": args if isinstance(args, dict | str) else None,
                    "command": command if isinstance(command, str) else None,
                    "call_id": call_id,
                }
            else:
                yield {**base, "kind": "message", "text": text_of([block])}

    def _user(self, record: dict[str, Any], actor: str, common: StepDraft) -> Iterator[StepDraft]:
        by_harness = record.get("isMeta") is True or record.get("isCompactSummary") is True
        started = obj(record.get("toolUseResult")).get("agentId") or (
            record.get("agentId") if actor == "agent" else None
        )
        for block in _blocks(record):
            if not isinstance(block, dict):
                continue
            if block.get("type") != "tool_result":
                who = "harness" if by_harness else ("user" if actor == "agent" else actor)
                text = "[image]" if block.get("type") == "image" else text_of([block])
                yield {**common, "kind": "message", "actor": who, "role": "user", "text": text}
                continue
            if isinstance(started, str):
                yield from self.agent(started)
            call_id = str(block.get("tool_use_id"))
            tool, caller = self.tools.pop(call_id, (None, actor))
            output = _output(block.get("content"))
            code = exit_code_of(text=output.split("\n", 1)[0])  # Claude Code's own first line
            error = block.get("is_error") is True
            yield {
                **common,
                "kind": "error" if error and code is None else "tool_output",
                "actor": caller,
                "role": "tool",
                "tool": tool,
                "call_id": call_id,
                "output": output,
                "exit_code": code if code is not None else (0 if tool == "Bash" and not error else None),
            }


def _agent_files(path: Path, session_id: str | None) -> dict[str, Path]:
    """agent id -> its transcript, for a session's sub-agents kept in files of their own."""
    if session_id is None:
        return {}
    found: dict[str, Path] = {}
    for folder in (path.parent / session_id / "subagents", path.parent):
        for agent in sorted(folder.glob("agent-*.jsonl")) if folder.is_dir() else []:
            if agent != path and _session_of(agent) == session_id:
                found.setdefault(agent.stem.removeprefix("agent-"), agent)
    return found


def _session_of(path: Path) -> str | None:
    record = first_record(path)
    value = record.get("sessionId") if record else None
    return value if isinstance(value, str) else None


def load(path: Path, options: HarnessOptions) -> Iterator[HarnessRecord | Notice]:
    first = _FirstPass()
    first.read(path)
    facts = {
        k: v
        for k, v in (("sessionId", first.session_id), ("cwd", first.cwd), ("version", first.version))
        if v is not None
    }
    record = session_record(
        task=task_of(first.cwd, first.session_id, path, cwd_field="cwd", id_field="sessionId"),
        steps=_Steps(path, first.session_id).run(),
        model=first.model,
        answer=first.answer,
        facts=facts,
    )
    empty = None if first.messages else "the session holds no user or assistant record"
    yield from load_records(SESSION, [Raw("the session", record)], path, options, first.skipped, empty=empty)


def subagent_of(path: Path) -> str | None:
    """Why a sub-agent's transcript is not a submission of its own: its session is beside it."""
    if not path.name.startswith("agent-"):
        return None
    session = _session_of(path)
    if session is None:
        return None
    for main in (path.parent.parent.parent / f"{session}.jsonl", path.parent / f"{session}.jsonl"):
        if main.is_file():
            return f"a sub-agent's transcript of the Claude Code session {main.name}, read as its steps"
    return None


def shadowed(files: Iterable[Path]) -> dict[Path, str]:
    """Files a folder walk found that are no run of their own: sub-agents' transcripts whose
    session is there, and files of bookkeeping only (Claude Code keeps files holding nothing but
    `summary` records of other sessions)."""
    found: dict[Path, str] = {}
    for p in files:
        if (why := subagent_of(p)) is not None:
            found[p] = why
        elif not any(record.get("type") in MESSAGES for _, record in iter_json_lines(p)):
            found[p] = "a Claude Code file of bookkeeping only (no user or assistant record): no run"
    return found


def is_session(path: Path) -> bool:
    """A session's own file: a Claude Code record first, and no sub-agent's whose session is here."""
    return begins_as(SESSION, path) and subagent_of(path) is None


HARNESS = Harness(name="claude-code", patterns=("*.jsonl",), load=load, accepts=is_session, presets=PRESETS)
