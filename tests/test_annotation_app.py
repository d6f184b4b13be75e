"""The app's flows through Streamlit's AppTest: sign-in, label, skip, flag, resume, blind
reveal, admin, and hostile content shown as text. Each test drives the real script against a
real SQLite store loaded from a graded RUN_DIR."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from annotation_support import HOSTILE, REPO, make_run, seed_serving_first
from streamlit.testing.v1 import AppTest

from expgrade.annotation_app.loaders import load_run
from expgrade.annotation_app.store import LabelInput, Store

SCRIPT = str(REPO / "annotation_app" / "app.py")


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Store:
    db = str(tmp_path / "annotate.db")
    monkeypatch.setenv("EXPGRADE_ANNOTATE_DB", db)
    monkeypatch.delenv("EXPGRADE_TRUSTED_HEADER", raising=False)
    s = Store.open(db)
    specs = load_run(make_run(tmp_path / "run", hostile=True))  # the tests read its first item
    s.load("demo", 2, specs, active_queue=False, queue_seed=seed_serving_first([x.item_key for x in specs]))
    return s


def signed_in(token: str) -> AppTest:
    at = AppTest.from_file(SCRIPT, default_timeout=60)
    at.run()
    at.text_input[0].input(token)
    at.button[0].click().run()
    assert not at.exception, at.exception
    return at


def button(at: AppTest, label: str) -> Callable[[], AppTest]:
    found = [b for b in at.button if b.label == label]
    assert found, f"no button '{label}' among {[b.label for b in at.button]}"
    return lambda: found[0].click().run()


def shown_item(at: AppTest) -> str:
    return next(t.value for t in at.text if t.value.startswith("Item "))[len("Item ") :]


def all_text(at: AppTest) -> str:
    parts = [
        e.value
        for kind in ("code", "text", "markdown", "caption", "info", "error")
        for e in getattr(at, kind)
    ]
    return "\n".join(str(p) for p in parts)


def reopen(at: AppTest, item: str) -> None:
    box = at.sidebar.selectbox(key="reopen")
    box.select(next(o for o in box.options if item in o)).run()


#: the button that shows a reopened label's judges and other annotators
SHOW = "Show the judges and the others"


def reason_box(at: AppTest):  # type: ignore[no-untyped-def]
    return next(t for t in at.text_input if t.label.startswith("Reason"))


def test_sign_in_rejects_unknown_tokens_and_accepts_real_ones(store: Store) -> None:
    at = AppTest.from_file(SCRIPT, default_timeout=60).run()
    assert at.title[0].value == "Sign in"
    at.text_input[0].input("not-a-token")
    at.button[0].click().run()
    assert "Unknown token." in [e.value for e in at.error]
    assert at.title[0].value == "Sign in"
    at = signed_in(store.add_user("ann"))
    assert at.title[0].value == "Annotate · demo"
    assert not [r for r in at.radio if r.label == "Page"]  # no admin page for an annotator


def test_label_is_committed_and_next_item_served(store: Store) -> None:
    token = store.add_user("ann")
    user = store.user_by_token(token)
    assert user
    at = signed_in(token)
    first = shown_item(at)
    next(t for t in at.text_area if t.label == "Rationale").input("matches the ground truth")
    button(at, "Pass (P)")()
    assert not at.exception
    mine = store.my_submitted("demo", user.id)
    assert [(i.public_id, a.label, a.rationale, a.confidence) for a, i in mine] == [
        (first, "pass", "matches the ground truth", None)  # confidence not touched: stored as null
    ]
    assert shown_item(at) != first
    assert "1 labelled" in at.get("progress")[0].proto.text


def test_skip_needs_a_reason_and_gives_the_item_away(store: Store) -> None:
    token = store.add_user("ann")
    at = signed_in(token)
    first = shown_item(at)
    button(at, "Skip (S)")()
    assert any("needs a reason" in e.value for e in at.error)
    assert shown_item(at) == first
    reason_box(at).input("I wrote this agent")
    button(at, "Skip (S)")()
    assert shown_item(at) != first
    other = store.user_by_token(store.add_user("bob"))
    assert other
    claim = store.claim("demo", other.id)
    assert claim and store.item(claim.item_id).public_id == first  # the slot went back to the queue


def test_flag_with_reason_is_kept_on_the_label(store: Store) -> None:
    token = store.add_user("ann")
    user = store.user_by_token(token)
    assert user
    at = signed_in(token)
    next(c for c in at.checkbox if c.label == "Flag this item").check()
    reason_box(at).input("prompt injection in the design")
    button(at, "Fail (F)")()
    (a, _), *_ = store.my_submitted("demo", user.id)
    assert (a.label, a.flags, a.reason) == ("fail", ["flagged"], "prompt injection in the design")


def test_reload_resumes_the_open_item_and_keeps_progress(store: Store) -> None:
    token = store.add_user("ann")
    at = signed_in(token)
    button(at, "Pass (P)")()
    open_item = shown_item(at)
    again = signed_in(token)  # a new browser session: nothing carried over but the token
    assert shown_item(again) == open_item
    assert "1 labelled" in again.get("progress")[0].proto.text


def test_judges_and_others_stay_hidden_until_submitted(store: Store) -> None:
    bob = store.user_by_token(store.add_user("bob"))
    assert bob
    token = store.add_user("ann")
    at = signed_in(token)
    item = shown_item(at)
    # bob labels the same item first (overlap 2 leaves room for both)
    claim = store.claim("demo", bob.id)
    assert claim and store.item(claim.item_id).public_id == item
    store.submit(claim.id, bob.id, LabelInput("fail", 0.9, "bob's rationale"))
    at.run()

    def tables() -> str:
        return " ".join(str(df.value.to_dict()) for df in at.dataframe)

    assert "judge says" not in all_text(at) + tables() and "bob's rationale" not in all_text(at) + tables()
    button(at, "Pass (P)")()
    reopen(at, item)
    assert shown_item(at) == item
    assert "bob's rationale" not in tables()  # reopened, still blind until asked
    button(at, SHOW)()
    judges = next(df.value for df in at.dataframe if "judge" in df.value.columns)
    assert list(judges["judge"]) == ["judge-1", "judge-2", "overall"]  # a readable table, not JSON
    assert "judge says pass" in list(judges["rationale"])
    assert "bob's rationale" in tables() and not at.json


def test_a_change_after_the_reveal_keeps_the_blind_label(store: Store) -> None:
    """Reopening shows the judges; a verdict pressed then is its own revision, marked as made
    after the reveal, and the label the gold set and calibration read stays the blind one."""
    from expgrade.annotation_app.export import export_rows

    token = store.add_user("ann")
    user = store.user_by_token(token)
    assert user
    at = signed_in(token)
    item = shown_item(at)
    button(at, "Pass (P)")()
    assert "Saved: pass." in [t.value for t in at.toast]
    reopen(at, item)
    button(at, SHOW)()
    assert any("judge" in df.value.columns for df in at.dataframe)  # the reveal is on screen
    next(t for t in at.text_area if t.label == "Rationale").input("the judges convinced me")
    button(at, "Fail (F)")()
    assert any("revision after the reveal: fail" in t.value for t in at.toast)
    (a, _), *_ = store.my_submitted("demo", user.id)
    assert (a.label, a.rationale, a.revision) == ("pass", None, 2)
    assert a.revealed_at is not None
    history = [(h["kind"], h["label"], h["after_reveal"]) for h in store.history(a.id)]
    assert history == [("submit", "pass", False), ("revise", "fail", True)]
    (blind,) = [r for r in export_rows(store, "demo") if r.extra["revision"] == 1]
    assert blind.label == "pass" and "revised_after_reveal" not in blind.extra
    (both,) = export_rows(store, "demo", after_reveal=True)
    assert both.label == "pass" and both.extra["revision"] == 1
    later = both.extra["revised_after_reveal"]
    assert (later["after_reveal"], later["label"], later["revision"]) == (True, "fail", 2)
    assert later["rationale"] == "the judges convinced me"


def test_admin_sees_progress_agreement_items_and_export(store: Store) -> None:
    ann = [store.user_by_token(store.add_user(n)) for n in ("ann", "bob")]
    for u in ann:
        assert u
        for _ in range(6):
            a = store.claim("demo", u.id)
            assert a
            store.submit(a.id, u.id, LabelInput("pass", 0.8))
    at = signed_in(store.add_user("root", admin=True))
    at.sidebar.radio(key="page").set_value("Admin").run()
    assert not at.exception, at.exception
    assert at.title[0].value == "Admin · demo"
    assert {m.label: m.value for m in at.metric}["Labels"] == "12 / 40"
    per_annotator = at.dataframe[0].value
    assert per_annotator.loc["ann", "submitted"] == 6 and per_annotator.loc["bob", "submitted"] == 6
    judge_table = at.dataframe[3].value
    assert set(judge_table["judge"]) >= {"judge-1", "judge-2"}
    at.selectbox(key="flt_state").select("complete").run()
    assert len(at.dataframe[4].value) == 6  # both annotators labelled the same first six items
    downloads = at.get("download_button")
    assert [getattr(b, "label", None) for b in downloads] == ["Gold labels (JSONL)", "Gold labels (CSV)"]
    from expgrade.annotation_app.admin_page import _download

    gold = [json.loads(line) for line in _download(store, "demo", ".jsonl").decode().splitlines()]
    assert len(gold) == 12 and {r["extra"]["annotator"] for r in gold} == {"ann", "bob"}  # read on click


def test_markdown_in_names_is_escaped() -> None:
    from expgrade.annotation_app.render import md_escape

    assert md_escape("a-b_[x](javascript:alert(1))") == r"a\-b\_\[x\]\(javascript\:alert\(1\)\)"


def test_hostile_content_is_shown_as_text(store: Store) -> None:
    at = signed_in(store.add_user("ann"))
    # the first item of the hostile agent (agentA, task 0) comes first (`seed_serving_first`)
    assert store.items("demo")[0].public_id == shown_item(at)
    assert HOSTILE in [c.value for c in at.code]
    assert all("<script" not in m.value for m in at.markdown)


def test_trusted_header_mode_refuses_requests_without_the_header(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    from expgrade.annotation_app.identity import header_identity

    monkeypatch.setenv("EXPGRADE_TRUSTED_HEADER", "X-Forwarded-User")
    at = AppTest.from_file(SCRIPT, default_timeout=60).run()
    assert any("X-Forwarded-User" in e.value for e in at.error)
    assert not at.text_input  # no token sign-in to fall back on: no anonymous labels
    assert header_identity({"X-Forwarded-User": " ann@example.org "}, "X-Forwarded-User") == "ann@example.org"
    assert header_identity({"X-Forwarded-User": " "}, "X-Forwarded-User") is None


def test_oidc_login_when_a_provider_is_configured(store: Store) -> None:
    at = AppTest.from_file(SCRIPT, default_timeout=60)
    at.secrets["auth"] = {"redirect_uri": "http://localhost:8501/oauth2callback", "cookie_secret": "s"}
    at.user = {"is_logged_in": False}
    at.run()
    assert [b.label for b in at.button] == ["Sign in with your identity provider"]
    at.user = {"is_logged_in": True, "email": "oidc@example.org"}
    at.run()
    assert "Signed in as oidc@example.org (annotator)" in [t.value for t in at.sidebar.text]
    assert at.title[0].value == "Annotate · demo"


def test_a_stale_tab_is_refused_visibly_and_keeps_the_entry(store: Store) -> None:
    """Two tabs of one annotator on one item: the second press must not vanish silently."""
    token = store.add_user("ann")
    user = store.user_by_token(token)
    assert user
    tab_a, tab_b = signed_in(token), signed_in(token)
    item = shown_item(tab_a)
    assert shown_item(tab_b) == item
    button(tab_a, "Pass (P)")()
    next(t for t in tab_b.text_area if t.label == "Rationale").input("it fails the criterion")
    button(tab_b, "Fail (F)")()
    assert not tab_b.exception
    warning = next(w.value for w in tab_b.warning if "Not saved" in w.value)
    assert "already labelled 'pass'" in warning and item in warning  # names the item it was for
    # reported beside the item now on screen: the refused item is not brought back
    nxt = shown_item(tab_b)
    assert nxt != item
    assert any("Your entry: fail" in t.value and "it fails the criterion" in t.value for t in tab_b.text)
    # while the refusal waits, the verdict buttons do nothing (drawn disabled)
    assert all(b.disabled for b in tab_b.button if b.label in ("Pass (P)", "Fail (F)"))
    (a, _), *_ = store.my_submitted("demo", user.id)
    assert (a.label, a.revision) == ("pass", 1)  # nothing written by the refused press
    button(tab_b, "Record as revision")()
    assert any(
        t.value.startswith(f"Recorded your entry for item {item}") and t.value.endswith("revision: fail.")
        for t in tab_b.toast
    )
    (a, _), *_ = store.my_submitted("demo", user.id)
    assert (a.label, a.rationale, a.revision) == ("fail", "it fails the criterion", 2)
    assert shown_item(tab_b) == nxt  # the page stays on the item it had moved on to


def test_a_stale_entry_can_be_discarded(store: Store) -> None:
    token = store.add_user("ann")
    user = store.user_by_token(token)
    assert user
    tab_a, tab_b = signed_in(token), signed_in(token)
    button(tab_a, "Pass (P)")()
    button(tab_b, "Fail (F)")()
    button(tab_b, "Discard mine")()
    assert not tab_b.warning
    (a, _), *_ = store.my_submitted("demo", user.id)
    assert (a.label, a.revision) == ("pass", 1)


def test_a_session_id_in_the_url_signs_nobody_in(store: Store) -> None:
    at = signed_in(store.add_user("ann"))
    sid = at.session_state["annotate_sid"]
    assert sid and isinstance(sid, str) and len(sid) > 20
    assert "session" not in at.query_params  # nothing in the URL to copy
    copied = AppTest.from_file(SCRIPT, default_timeout=60)
    copied.query_params["session"] = sid  # a link of an older version, or a guessed one
    copied.run()
    assert copied.title[0].value == "Sign in"
    assert "session" not in copied.query_params


def test_sign_out_in_one_tab_refuses_the_next_press_in_another(store: Store) -> None:
    token = store.add_user("ann")
    user = store.user_by_token(token)
    assert user
    tab_a, tab_b = signed_in(token), signed_in(token)
    tab_a.sidebar.button(key="sign_out").click().run()
    assert tab_a.title[0].value == "Sign in"
    button(tab_b, "Pass (P)")()  # tab B still shows the item; its press must not be stored
    assert tab_b.title[0].value == "Sign in"
    assert any("Not saved: you are signed out" in w.value for w in tab_b.warning)
    assert store.my_submitted("demo", user.id) == []


def test_an_expired_session_asks_for_the_token(store: Store) -> None:
    user = store.user_by_token(store.add_user("ann"))
    assert user
    sid = store.start_session(user.id, ttl_s=-1)
    assert store.session_user(sid) is None
    live = store.start_session(user.id, ttl_s=60)
    assert store.session_user(live) == user


def test_mean_pairwise_kappa_has_an_interval(store: Store) -> None:
    from expgrade.annotation_app.agreement import human_table, mean_pairwise_kappa
    from expgrade.annotation_app.dashboard import human_rows
    from expgrade.calibration import inter_annotator_agreement

    users = [store.user_by_token(store.add_user(n)) for n in ("ann", "bob")]
    for n in range(10):
        for u, label in zip(users, ["pass" if n % 2 else "fail", "pass" if n % 3 else "fail"], strict=True):
            assert u
            a = store.claim("demo", u.id)
            assert a
            store.submit(a.id, u.id, LabelInput(label))
    humans = human_rows(store.label_votes("demo"))
    kappa = mean_pairwise_kappa(humans)
    assert kappa.value == pytest.approx(inter_annotator_agreement(humans).mean_pairwise_kappa)
    assert kappa.ci_low <= kappa.value <= kappa.ci_high and kappa.ci_low < kappa.ci_high
    assert "[" in human_table(humans)["mean pairwise κ"][0]


def test_admin_agreement_is_kept_until_a_label_changes(store: Store) -> None:
    from expgrade.annotation_app.dashboard import project_agreement

    users = [store.user_by_token(store.add_user(n)) for n in ("ann", "bob")]

    def label_round() -> None:
        for u in users:
            assert u
            a = store.claim("demo", u.id)
            assert a
            store.submit(a.id, u.id, LabelInput("pass"))

    for _ in range(3):
        label_round()
    first, judges = project_agreement(store, "demo")
    kept = project_agreement(store, "demo")
    assert kept[0] is first and kept[1] is judges  # the same tables, not recomputed
    label_round()
    again, _ = project_agreement(store, "demo")
    assert again is not first
    assert again["items with ≥2 labels"][0] == first["items with ≥2 labels"][0] + 1


def test_admin_items_table_sends_its_first_rows_and_says_so(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    from expgrade.annotation_app import admin_page

    monkeypatch.setattr(admin_page, "ADMIN_ROWS", 5)
    at = signed_in(store.add_user("root", admin=True))
    at.sidebar.radio(key="page").set_value("Admin").run()
    assert not at.exception, at.exception
    assert len(at.dataframe[4].value) == 5
    assert "The first 5 of 20 items; filter to see others." in [c.value for c in at.caption]
    at.text_input(key="flt_text").input("agentB-t1").run()
    assert len(at.dataframe[4].value) == 5 and all("agentB-t1" in k for k in at.dataframe[4].value["item"])


def test_an_admin_claims_nothing_on_opening_and_labels_marked_not_blind(store: Store) -> None:
    from expgrade.annotation_app.export import export_rows

    at = signed_in(store.add_user("root", admin=True))
    assert at.title[0].value == "Admin · demo"  # the admin page first: no item shown ...
    assert store.assignment_states("demo") == []  # ... and none of the K slots held
    at.sidebar.radio(key="page").set_value("Annotate").run()
    assert not at.exception, at.exception
    assert any("exported marked not blind" in w.value for w in at.warning)
    button(at, "Pass (P)")()
    ann = store.user_by_token(store.add_user("ann"))
    assert ann
    a = store.claim("demo", ann.id)
    assert a
    store.submit(a.id, ann.id, LabelInput("fail"))
    blind = {r.rater: r.extra["blind"] for r in export_rows(store, "demo")}
    assert blind == {"root": False, "ann": True}


@pytest.mark.parametrize("history", [2, 12])
def test_a_press_does_not_decode_the_annotators_labelled_items(store: Store, history: int) -> None:
    """The sidebar's list of one's labels is named from columns, not from each labelled item's
    content: the items a press decodes are the same few however many labels came before."""
    from sqlalchemy import event

    from expgrade.annotation_app.models import Item

    token = store.add_user("ann")
    user = store.user_by_token(token)
    assert user
    for _ in range(history):
        a = store.claim("demo", user.id)
        assert a
        store.submit(a.id, user.id, LabelInput("pass"))
    at = signed_in(token)
    loaded: list[int] = []

    def count(target: Item, _context: object) -> None:
        loaded.append(target.id)

    event.listen(Item, "load", count)
    try:
        button(at, "Pass (P)")()
    finally:
        event.remove(Item, "load", count)
    assert not at.exception, at.exception
    assert len(loaded) <= 3, f"{len(loaded)} items decoded for one press after {history} labels"
    assert at.sidebar.caption[0].value == f"My labels ({history + 1})"


def test_a_reopened_label_can_be_corrected_blind_before_the_reveal(store: Store) -> None:
    """Reopening a label shows no judge until asked: a typo fixed then corrects the blind label
    itself (no revision after the reveal); the reveal is a separate, deliberate press."""
    token = store.add_user("ann")
    user = store.user_by_token(token)
    assert user
    at = signed_in(token)
    item = shown_item(at)
    button(at, "Pass (P)")()
    reopen(at, item)
    assert shown_item(at) == item
    assert not any("judge" in df.value.columns for df in at.dataframe)
    assert any(i.value.startswith("Your blind label: pass. The judges") for i in at.info)
    (a, _), *_ = store.my_submitted("demo", user.id)
    assert a.revealed_at is None
    button(at, "Fail (F)")()
    (a, _), *_ = store.my_submitted("demo", user.id)
    assert (a.label, a.revision, a.revealed_at) == ("fail", 2, None)
    assert [h["after_reveal"] for h in store.history(a.id)] == [False, False]
    reopen(at, item)
    button(at, SHOW)()
    assert any("judge" in df.value.columns for df in at.dataframe)
    (a, _), *_ = store.my_submitted("demo", user.id)
    assert a.revealed_at is not None and a.label == "fail"
