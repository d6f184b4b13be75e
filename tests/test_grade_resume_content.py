"""Resume by content: a submission changed between two `grade` runs into one `--out` is never
left with its old verdict. Without a flag the run stops before anything is written, naming it;
with `--regrade-changed` exactly it is graded again; a folder with no hashes is not trusted."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from grade_support import DEMO, JUDGE, results, run_cli

from expgrade.grading.run.demo import demo_judge_script
from expgrade.grading.testing.judge_server import ScriptedServer

CHANGED = "careful-lr"


def _subs(tmp: Path) -> Path:
    subs = tmp / "subs"
    shutil.copytree(DEMO / "submissions", subs)
    return subs


def _grade(tmp: Path, subs: Path, url: str, *extra: str) -> tuple[int, str, str]:
    proc = run_cli(
        tmp,
        "grade",
        "--tasks", DEMO / "tasks.jsonl",
        "--submissions", subs,
        "--out", tmp / "run",
        "--subtasks", "conclusion,integrity",
        "--sandbox", "local",
        "--judge", JUDGE,
        "--api-base", url,
        "--controls", "0",
        "--retest", "0",
        *extra,
    )  # fmt: skip
    return proc.returncode, proc.stdout, " ".join(proc.stderr.split())


def _conclusion_passed(rec: dict[str, object]) -> object:
    return rec["subtasks"]["conclusion"]["passed"]  # type: ignore[index]


def _rewrite_conclusion(subs: Path, text: str) -> None:
    path = subs / CHANGED / "submission.json"
    data = json.loads(path.read_text())
    path.write_text(json.dumps({**data, "conclusion": text}))


def test_a_changed_submission_is_refused_then_regraded_alone(tmp_path: Path) -> None:
    subs = _subs(tmp_path)
    run = tmp_path / "run"
    with ScriptedServer(demo_judge_script()) as server:
        code, _, err = _grade(tmp_path, subs, server.url)
        assert code == 0, err
        first = results(run)
        assert _conclusion_passed(first[CHANGED]) is True
        files = {p.name: p.read_bytes() for p in (run / "results.jsonl", run / "manifest.json")}

        _rewrite_conclusion(subs, "lr 0.5 wins. [@@script verdict=fail@@]")
        server.reset_stats()
        code, _, err = _grade(tmp_path, subs, server.url)
        assert code == 2
        assert f"{CHANGED} (task {first[CHANGED]['task_id']}): the submission changed" in err
        assert "--regrade-changed" in err and "another --out" in err
        assert server.stats["requests"] == 0  # nothing spent
        assert {p.name: p.read_bytes() for p in (run / "results.jsonl", run / "manifest.json")} == files

        code, out, err = _grade(tmp_path, subs, server.url, "--regrade-changed")
        assert code == 0, err
        assert "graded 1 submission(s) now, 5 already done" in out
    second = results(run)  # no duplicate key
    assert _conclusion_passed(second[CHANGED]) is False
    assert second[CHANGED]["submission_sha256"] != first[CHANGED]["submission_sha256"]
    assert {k: v for k, v in second.items() if k != CHANGED} == {
        k: v for k, v in first.items() if k != CHANGED
    }
    superseded = [json.loads(line) for line in (run / "superseded.jsonl").read_text().splitlines()]
    assert superseded == [first[CHANGED]]
    manifest = json.loads((run / "manifest.json").read_text())
    assert manifest["content"]["submissions"][CHANGED] == second[CHANGED]["submission_sha256"]
    assert manifest["sessions"][-1]["regraded_changed"] == 1


def test_a_folder_without_hashes_cannot_be_checked_and_is_not_trusted(tmp_path: Path) -> None:
    subs = _subs(tmp_path)
    run = tmp_path / "run"
    with ScriptedServer(demo_judge_script()) as server:
        code, _, err = _grade(tmp_path, subs, server.url)
        assert code == 0, err
        path = run / "results.jsonl"
        old = [json.loads(line) for line in path.read_text().splitlines()]
        for rec in old:  # what an expgrade before content hashes wrote
            del rec["task_sha256"], rec["submission_sha256"]
        path.write_text("".join(json.dumps(r) + "\n" for r in old))

        code, _, err = _grade(tmp_path, subs, server.url)
        assert code == 2
        assert (
            "recorded no content hashes" in err and "cannot be checked" in err and "--regrade-changed" in err
        )

        code, out, err = _grade(tmp_path, subs, server.url, "--regrade-changed")
        assert code == 0, err
        assert f"graded {len(old)} submission(s) now, 0 already done" in out
    assert all(r["submission_sha256"] for r in results(run).values())


def test_an_unchanged_folder_resumes_as_before(tmp_path: Path) -> None:
    subs = _subs(tmp_path)
    with ScriptedServer(demo_judge_script()) as server:
        assert _grade(tmp_path, subs, server.url)[0] == 0
        server.reset_stats()
        code, out, err = _grade(tmp_path, subs, server.url)
        assert code == 0, err
        assert "graded 0 submission(s) now, 6 already done" in out
        assert server.stats["requests"] == 0


def test_compare_says_when_one_tag_named_two_images(tmp_path: Path) -> None:
    subs = _subs(tmp_path)
    second = tmp_path / "second"
    second.mkdir()
    with ScriptedServer(demo_judge_script()) as server:
        assert _grade(tmp_path, subs, server.url)[0] == 0
        assert _grade(second, subs, server.url)[0] == 0  # a second run of the same submissions
    a, b = tmp_path / "run", second / "run"
    tag = "expgrade-sandbox:demo"
    for folder, image_id in ((a, "sha256:" + "a" * 64), (b, "sha256:" + "b" * 64)):
        manifest = json.loads((folder / "manifest.json").read_text())
        manifest["images"] = {tag: image_id}  # as a run whose tag was rebuilt in between records it
        (folder / "manifest.json").write_text(json.dumps(manifest))
    proc = run_cli(tmp_path, "compare", a, b, "--out", tmp_path / "cmp")
    assert proc.returncode == 0, proc.stderr
    said = " ".join(proc.stdout.split())
    assert f"sandbox image {tag} is not the same image in the two runs" in said
    assert "aaaaaaaaaaaa" in said and "bbbbbbbbbbbb" in said
    report = json.loads((tmp_path / "cmp" / "compare.json").read_text())
    assert report["run_a"]["images"] == {tag: ["sha256:" + "a" * 64]}


def test_a_misspelt_submission_stops_grade_before_anything_is_spent(tmp_path: Path) -> None:
    """Left out, the submission would lower its agent's rates without a word (issue 57)."""
    subs = _subs(tmp_path)
    path = subs / "careful-adam" / "submission.json"
    data = json.loads(path.read_text())
    data["conclusoin"] = data.pop("conclusion")
    path.write_text(json.dumps(data))
    with ScriptedServer(demo_judge_script()) as server:
        server.reset_stats()
        code, out, err = _grade(tmp_path, subs, server.url)
        assert code == 2, out + err
        assert "unknown field 'conclusoin'" in err and "did you mean 'conclusion'?" in err
        assert "nothing was graded" in err
        assert server.stats["requests"] == 0
    assert not (tmp_path / "run").exists()
