// The annotator's keys, installed once per browser tab (annotate_page.KEYS_JS wraps this file).
//
// A key is judged by the item on screen when it was pressed (the event's own timestamp): pressed
// before that item was painted (the frame after the one that drew it), plus GRACE_MS, it is
// dropped, nothing is sent, and a notice says so. While a refused press's panel is open every
// verdict key is dropped the same way. A key held down, a modifier or a key typed in a text
// field does nothing.
//
// Look-ahead: the page draws the next item hidden (.st-key-item_ahead) beside the claim on
// screen (.st-key-item_now); the store holds it for this annotator, and the answer marker says
// for how long (data-expgrade-hold-ms, counted from when this script reads it). A verdict key on
// the claim shows the next item at once while its hold lasts (the body's data-expgrade-ahead
// names the item the press left) and sends the press by clicking the claim's own button; once
// the hold is nearly over the key only sends the press, and the page shows what the app gives.
// The copy shown ahead takes a key at once: a verdict key on it sends the hold, the item and the
// level (its marker, data-expgrade-hold) by the app's channel (window.__expgradeHeldPress), and
// the app labels the held item itself, without waiting for its run for the press before to make
// it the claim. After that press went out, another key on the same item waits and is dropped
// when the next item shows (it was meant for the item already labelled); skip and unscorable,
// which want a reason typed in the claim's own form, wait for the claim's live button. The
// look-ahead ends when the claim's head shows another item
// (the app made the held one the claim), or when the app has answered every press this tab sent
// and the claim is unchanged (an error, shown on the item it is about). The presses are counted
// here, as the app counts them (every click on a claim's verdict button): a count read from the
// marker alone lags when a key is pressed before the previous answer's marker is drawn, and the
// look-ahead then ended on the previous answer, bringing back the item just labelled.
//
// Drafts: what is typed in a claim's rationale and reason is kept in this browser's storage
// until its press is answered, and put back in an empty field after a reload.
(() => {
  if (window.__expgradeKeys) return;
  window.__expgradeKeys = true;
  const GRACE_MS = __GRACE_MS__;
  const NARROW = matchMedia("__NARROW__");
  const BLOCKED = "a press that was not saved is waiting for your choice. Nothing was " +
    "saved; choose Record as revision or Discard mine first.";
  const KEYS = {p: "verdict_pass", f: "verdict_fail", u: "verdict_unscorable", s: "verdict_skip"};
  const NOT_TYPED = ["checkbox", "radio", "button", "submit", "reset", "range", "file", "color"];
  const AHEAD = "expgradeAhead";
  const body = document.body;
  // which of the two items shows: in a style of the document's own, which no redraw replaces
  // (the app's copy in PANEL_CSS is redrawn with the page, and for a moment both would show;
  // that copy covers the page's first drawing, before this script runs)
  const style = document.createElement("style");
  style.textContent = `__LOOK_AHEAD_CSS__`;
  document.head.appendChild(style);
  const typing = (el) => !!el && (el.isContentEditable || el.tagName === "TEXTAREA" ||
    el.tagName === "SELECT" || (el.tagName === "INPUT" && !NOT_TYPED.includes(el.type)));
  const live = (el) => !!el && !el.closest("[data-stale=true]");
  const headText = (head) => {
    const e = document.querySelector(head + " [data-testid=stText]");
    return e ? e.innerText : null;
  };
  // the claim's item, the item drawn ahead, and the one on screen (one of the two)
  const nowId = () => headText(".st-key-item_head");
  const aheadId = () => headText(".st-key-ahead_item_head");
  const itemId = () => (body.dataset[AHEAD] ? aheadId() : nowId());
  const marker = () => document.querySelector("[data-expgrade-answered]");
  const answered = () => {
    const e = marker();
    return e ? Number(e.dataset.expgradeAnswered) : 0;
  };
  // a new marker (every answer draws one) restarts the hold's clock from its own figure
  const readHold = () => {
    const e = marker();
    const seen = e ? e.outerHTML : null;
    if (seen === holdMarker) return;
    holdMarker = seen;
    holdUntil = performance.now() + (e ? Number(e.dataset.expgradeHoldMs || 0) : 0);
  };
  let shown = null;
  // when the item on screen was painted: keys before that plus GRACE_MS are dropped (none count
  // between the switch and the paint, when the person cannot have seen it)
  let shownAt = performance.now();
  // the presses this tab sent (the answer count that answers the newest of them)
  let sentPresses = 0;
  // until when (performance.now()) the item drawn ahead is held for this annotator
  let holdUntil = 0;
  let holdMarker = null;
  // the press sent on the copy drawn ahead: its item and the answer count that answers it
  let heldSent = null;
  let hideTimer = null;
  // the press the look-ahead waits on: the item it left and the answer count that answers it
  let awaiting = null;
  const conflictOpen = () => !!document.querySelector(".st-key-conflict_panel");
  const dropped = (key, why) => {
    let note = document.getElementById("expgrade-dropped");
    if (!note) {
      note = document.createElement("div");
      note.id = "expgrade-dropped";
      note.setAttribute("role", "alert");
      note.style.cssText = "position:fixed;left:50%;bottom:1.5rem;transform:translateX(-50%);" +
        "z-index:100000;background:#5c2b00;color:#fff;padding:0.6rem 1rem;border-radius:0.5rem;" +
        "font:0.95rem sans-serif;box-shadow:0 2px 8px rgba(0,0,0,.3);max-width:36rem";
      document.body.appendChild(note);
    }
    note.textContent = "Key " + key.toUpperCase() + " not recorded: " + (why ||
      "it was pressed before this item was on screen. Nothing was saved; look at the item, " +
      "then press again.");
    note.hidden = false;
    clearTimeout(hideTimer);
    hideTimer = setTimeout(() => { note.hidden = true; }, 5000);
  };
  const flash = (head, elapsed) => {
    if (!head) return;
    head.classList.remove("expgrade-new");
    void head.offsetWidth;
    // a head taking over from the copy drawn ahead goes on with the copy's flash, not anew
    head.style.animationDelay = elapsed ? -elapsed + "ms" : "";
    head.classList.add("expgrade-new");
  };
  // the look-ahead ends when the claim has moved on, or the press was answered without moving
  const settle = () => {
    if (heldSent && answered() >= heldSent.answer) heldSent = null;
    if (!awaiting) return;
    const now = nowId();
    if (now === null) return;
    if (now === awaiting.from && answered() < awaiting.answer) return;
    // the item shown ahead became the claim (the copy may already show the item after it)
    const takesOver = now === shown;
    delete body.dataset[AHEAD];
    if (takesOver) flash(document.querySelector(".st-key-item_head"), performance.now() - awaiting.at);
    awaiting = null;
  };
  // --- drafts ---------------------------------------------------------------------------
  const DRAFT = "expgrade-draft:";
  const FIELD = /^st-key-(a\d+r\d+)_(why|reason)$/;
  const WEEK_MS = 7 * 24 * 3600 * 1000;
  const restored = new WeakSet();
  const sent = new Set();  // form keys whose press went out: their drafts go once answered
  const fieldKey = (el) => {
    const box = el && el.closest("[class*='st-key-a']");
    if (!box || !box.closest(".st-key-item_now")) return null;
    const cls = Array.from(box.classList).find((c) => FIELD.test(c));
    return cls ? cls.slice("st-key-".length) : null;
  };
  const store = (k, v) => {
    try {
      if (v) localStorage.setItem(DRAFT + k, JSON.stringify({v, t: Date.now()}));
      else localStorage.removeItem(DRAFT + k);
    } catch (err) { /* storage full or off: the draft is only not kept */ }
  };
  const read = (k) => {
    try { return JSON.parse(localStorage.getItem(DRAFT + k) || "null"); } catch (err) { return null; }
  };
  try {
    for (const k of Object.keys(localStorage)) {
      const d = k.startsWith(DRAFT) ? read(k.slice(DRAFT.length)) : null;
      if (k.startsWith(DRAFT) && (!d || Date.now() - d.t > WEEK_MS)) localStorage.removeItem(k);
    }
  } catch (err) { /* no storage */ }
  document.addEventListener("input", (e) => {
    const k = fieldKey(e.target);
    if (k && e.isTrusted) store(k, e.target.value);
  }, true);
  const drafts = () => {
    document.querySelectorAll(".st-key-item_now [class*='st-key-a'] textarea, " +
      ".st-key-item_now [class*='st-key-a'] input").forEach((el) => {
      if (restored.has(el)) return;
      restored.add(el);
      const k = fieldKey(el);
      const d = k && read(k);
      if (!d || el.value !== "" || sent.has(k.split("_")[0])) return;
      const proto = el.tagName === "TEXTAREA" ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
      Object.getOwnPropertyDescriptor(proto, "value").set.call(el, d.v);
      el.dispatchEvent(new Event("input", {bubbles: true}));
    });
    for (const form of Array.from(sent)) {
      if (document.querySelector(`.st-key-item_now [class*='st-key-${form}_']`)) continue;
      sent.delete(form);
      store(form + "_why", "");
      store(form + "_reason", "");
    }
  };
  // --- what is on screen ----------------------------------------------------------------
  const check = () => {
    settle();
    readHold();
    drafts();
    const id = itemId();
    if (id === null || id === shown) return;
    const first = shown === null;
    shown = id;
    // painted once the frame after this one starts: a frame callback runs before its frame's
    // paint, so the second one runs after the paint of the first
    shownAt = Infinity;
    requestAnimationFrame(() => requestAnimationFrame(() => {
      if (shown === id) shownAt = performance.now();
    }));
    if (first) return;
    // a new item opens at its top; on a phone the keys sit above the item, where the tap was,
    // and the page stays there (the next item's keys under the same thumb)
    if (!NARROW.matches) {
      window.scrollTo(0, 0);
      document.querySelectorAll("[data-testid=stMain], [data-testid=stAppViewContainer], " +
        "div[data-testid=stColumn]:has(.st-key-label_panel), " +
        "div[data-testid=stColumn]:has(.st-key-ahead_label_panel)").forEach((s) => { s.scrollTop = 0; });
    }
    flash(document.querySelector(body.dataset[AHEAD] ? ".st-key-ahead_item_head" : ".st-key-item_head"));
  };
  // the claim's live button for a verdict: not the copy drawn ahead, not a stale one
  const liveButton = (name) => Array.from(document.querySelectorAll(".st-key-" + name + " button"))
    .find((b) => !b.disabled && live(b));
  // the marker of the copy drawn ahead, if that copy is `item`: what a key on it sends
  const heldMark = (item) => {
    const e = document.querySelector(".st-key-item_ahead [data-expgrade-hold]");
    return e && "Item " + e.dataset.expgradeItem === item ? e : null;
  };
  // the level a key labels on the copy drawn ahead while its hold lasts (a verdict of its scale)
  const heldLevel = (item, name) => {
    const e = heldMark(item);
    if (!e || !window.__expgradeHeldPress || performance.now() >= holdUntil) return undefined;
    return JSON.parse(e.dataset.expgradeLevels || "{}")[name];
  };
  // whether a key for `item`, on screen, is sent the moment it is pressed (the bench's "live"):
  // on the claim, by its live button; on the copy drawn ahead, by its hold, once
  const takes = (item, name) => itemId() === item && !conflictOpen() &&
    !(heldSent && heldSent.item === item) &&
    (body.dataset[AHEAD] ? heldLevel(item, name) !== undefined : nowId() === item && !!liveButton(name));
  window.__expgradeTakes = (item) => takes(item, "verdict_pass");
  const sendHeld = (item, name) => {
    const e = heldMark(item);
    sentPresses = Math.max(sentPresses, answered()) + 1;
    heldSent = {item, answer: sentPresses};
    window.__expgradeHeldPress({
      hold: Number(e.dataset.expgradeHold), item: e.dataset.expgradeItem, level: heldLevel(item, name),
      n: sentPresses,
    });
  };
  // a press the app will refuse for want of a reason (a skip, unscorable or a flag without
  // one) keeps its item on screen: the error shows there, and no other item flashes by first
  const wantsReason = (name) => {
    const field = (kind) => {
      const box = Array.from(document.querySelectorAll(`.st-key-item_now [class*='_${kind}']`))
        .find((e) => Array.from(e.classList).some((c) => /^st-key-a\d+r\d+_/.test(c) && c.endsWith("_" + kind)));
      return box ? box.querySelector("input") : null;
    };
    const flag = field("flag");
    const reason = field("reason");
    return (name === "verdict_skip" || name === "verdict_unscorable" || (flag && flag.checked)) &&
      !(reason && reason.value.trim());
  };
  // send the press; show the item drawn ahead at once when there is one, live, for after it
  const send = (button, item, name) => {
    const next = document.querySelector(".st-key-ahead_item_head");
    const form = fieldKey(document.querySelector(".st-key-item_now [class*='st-key-a'][class*='_why']"));
    if (form) sent.add(form.split("_")[0]);
    const held = performance.now() < holdUntil;
    if (held && next && live(next) && aheadId() !== item && !body.dataset[AHEAD] && !wantsReason(name)) {
      awaiting = {from: item, answer: Math.max(sentPresses, answered()) + 1, at: performance.now()};
      body.dataset[AHEAD] = item;
      check();
    }
    button.click();
  };
  // every press of a claim's verdict button reaches the app's count, keyed or clicked
  document.addEventListener("click", (e) => {
    const b = e.target instanceof Element ? e.target.closest("button") : null;
    if (b && b.closest(".st-key-item_now") && b.closest("[class*='st-key-verdict_']")) {
      sentPresses = Math.max(sentPresses, answered()) + 1;
    }
  }, true);
  document.addEventListener("keydown", (e) => {
    const el = document.activeElement;
    const panel = document.querySelector(".st-key-label_panel");
    if (e.key === "Escape") {
      if (el && el !== document.body && (typing(el) || (panel && panel.contains(el)))) {
        e.preventDefault();
        e.stopPropagation();
        el.blur();
        if (panel) { panel.tabIndex = -1; panel.focus({preventScroll: true}); }
      }
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing || typing(el)) return;
    const k = (e.key || "").toLowerCase();
    const name = KEYS[k] || (/^[1-9]$/.test(k) ? "verdict_level_" + k : null);
    if (!name) return;
    const prefix = body.dataset[AHEAD] ? ".st-key-ahead_" : ".st-key-";
    if (!document.querySelector(prefix + name + " button")) return;
    e.preventDefault();
    e.stopPropagation();
    if (e.repeat) return;
    if (conflictOpen()) { dropped(k, BLOCKED); return; }
    // the redraw may have reached the page since the last frame: note it before judging
    check();
    if (e.timeStamp < shownAt + GRACE_MS) { dropped(k); return; }
    // a key for an item that takes none yet (the page mid-redraw, its hold nearly over, its
    // press already sent) waits until it takes it; if another item shows first, the key is
    // dropped and the notice says so; none taken within 20 s: dropped too
    const item = itemId();
    const until = Date.now() + 20000;
    const press = () => {
      check();
      if (itemId() !== item) { dropped(k); return; }
      if (conflictOpen()) { dropped(k, BLOCKED); return; }
      if (takes(item, name)) {
        if (body.dataset[AHEAD]) sendHeld(item, name);
        else send(liveButton(name), item, name);
      } else if (Date.now() < until) requestAnimationFrame(press);
      else dropped(k);
    };
    press();
  }, true);
  let queued = false;
  // at most one look per frame, however many nodes a redraw touches; but the look-ahead ends
  // as soon as a redraw lands (before the frame), so the copy drawn ahead, redrawn with the item
  // after it, never shows that one in the claim's place
  new MutationObserver(() => {
    settle();
    if (!queued) { queued = true; requestAnimationFrame(() => { queued = false; check(); }); }
  }).observe(document.body, {subtree: true, childList: true, characterData: true});
})();
