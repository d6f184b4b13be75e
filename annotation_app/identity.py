"""Who is labelling: a trusted proxy header, an OIDC login, or a per-annotator token.

Exactly one mode applies, chosen by the deployment, never by the visitor:
1. `EXPGRADE_TRUSTED_HEADER` names a header the reverse proxy sets after authenticating
   (e.g. `X-Forwarded-User`); the app must only be reachable through that proxy.
2. An `[auth]` section in Streamlit's secrets turns on `st.login` (OIDC).
3. Otherwise a token from `expgrade annotate add-user`, typed once; it starts a server-side
   session whose random id (never the token) is kept in a cookie of that browser
   (`SameSite=Strict`), so a reload or a new tab stays signed in until the session expires
   (`EXPGRADE_SESSION_TTL_S`, default 12 hours). Nothing in the page URL signs anyone in: a
   copied link opened in another browser asks for the token. Sign-out ends every session of
   the user (every tab, every browser), as do a re-issued token and `annotate revoke USER`;
   a press from a browser whose session ended is refused by the store and nothing is written.
There is no anonymous mode: without an identity the page stops at the sign-in.
"""

from __future__ import annotations

import json
import os
from typing import Any

import streamlit as st

from expgrade.annotation_app.store import Store, UserView

SESSION_KEY = "annotate_user"
SID_KEY = "annotate_sid"
COOKIE_KEY = "annotate_cookie"
ENDED_KEY = "annotate_ended"
DEAD_KEY = "annotate_dead_sid"
#: what older versions put in the URL; it no longer signs anyone in and is dropped from the URL
SID_PARAM = "session"
COOKIE = "expgrade_session"
TTL_ENV = "EXPGRADE_SESSION_TTL_S"
DEFAULT_TTL_S = 12 * 3600


def session_ttl_s() -> float:
    return float(os.environ.get(TTL_ENV) or DEFAULT_TTL_S)


def trusted_header() -> str | None:
    return os.environ.get("EXPGRADE_TRUSTED_HEADER") or None


def oidc_configured() -> bool:
    try:
        return "auth" in st.secrets
    except (FileNotFoundError, KeyError):
        return False


def header_identity(headers: Any, header: str) -> str | None:
    """The proxy-asserted user name, or None when the header is absent or blank."""
    value = headers.get(header) if headers is not None else None
    return value.strip() if isinstance(value, str) and value.strip() else None


def sign_in(store: Store) -> UserView | None:
    """The signed-in user, or None after drawing what the visitor must do to sign in."""
    header = trusted_header()
    if header:
        name = header_identity(st.context.headers, header)
        if name is None:
            st.error(f"No identity: the request lacks the `{header}` header this deployment trusts.")
            return None
        return store.ensure_user(name)
    if oidc_configured():
        if not st.user.is_logged_in:
            st.title("Sign in")
            st.button("Sign in with your identity provider", on_click=st.login)
            return None
        who = st.user.get("email") or st.user.get("name") or st.user.get("sub")
        return store.ensure_user(str(who)) if who else None
    if SID_PARAM in st.query_params:
        del st.query_params[SID_PARAM]
    sid = st.session_state.get(SID_KEY) or _cookie()
    if sid and sid != st.session_state.get(DEAD_KEY):
        user = store.session_user(sid)
        if user is not None:
            st.session_state[SESSION_KEY], st.session_state[SID_KEY] = user, sid
            return user
        forget(sid)
        st.session_state.setdefault(ENDED_KEY, "Your session has ended; sign in again.")
    st.title("Sign in")
    ended = st.session_state.pop(ENDED_KEY, None)
    if ended:
        st.warning(ended, icon=":material/logout:")
    with st.form("sign_in"):
        token = st.text_input(
            "Annotator token", type="password", help="from `expgrade annotate add-user NAME`"
        )
        submitted = st.form_submit_button("Sign in", type="primary")
    if submitted:
        found = store.user_by_token(token) if token.strip() else None
        if found is None:
            st.error("Unknown token.")
            return None
        ttl = session_ttl_s()
        sid = store.start_session(found.id, ttl)
        st.session_state[SESSION_KEY], st.session_state[SID_KEY] = found, sid
        st.session_state[COOKIE_KEY] = f"{COOKIE}={sid}; Max-Age={int(ttl)}"
        st.rerun()
    return None


def session_alive(store: Store) -> bool:
    """False once this tab's token session has ended (sign-out elsewhere, a new token, a
    revoke); always True in the header and OIDC modes, which keep no session of their own."""
    sid = st.session_state.get(SID_KEY)
    return not sid or store.session_user(sid) is not None


def _cookie() -> str | None:
    """The session id this browser sent when it connected (AppTest has no request: None)."""
    try:
        value = st.context.cookies.get(COOKIE)
    except (AttributeError, RuntimeError):
        return None
    return value if isinstance(value, str) and value else None


def cookie_script() -> str:
    """A script that sets or clears the session cookie in the browser, once (else ""):
    Streamlit has no server-side cookie call. The value is our own random id, never page
    content; the script removes itself from the page once run."""
    cookie = st.session_state.pop(COOKIE_KEY, None)
    if not cookie:
        return ""
    return (
        f"<script>document.cookie = {json.dumps(cookie + '; Path=/; SameSite=Strict')};"
        "document.currentScript.remove();</script>"
    )


def forget(sid: str | None) -> None:
    """Drop this tab's hold on a session the store no longer knows, and the browser's cookie."""
    st.session_state.pop(SESSION_KEY, None)
    st.session_state.pop(SID_KEY, None)
    st.session_state[DEAD_KEY] = sid
    st.session_state[COOKIE_KEY] = f"{COOKIE}=; Max-Age=0"


def sign_out(store: Store) -> None:
    """End every session of this user, in every tab and browser, and clear this one's cookie."""
    if oidc_configured() and not trusted_header():
        st.logout()
    sid = st.session_state.get(SID_KEY)
    if sid:
        store.end_sessions(sid)
    forget(sid or _cookie())
    st.session_state[ENDED_KEY] = "Signed out, here and in every other tab and browser."
