"""Who is labelling: a trusted proxy header, an OIDC login, or a per-annotator token.

Exactly one mode applies, chosen by the deployment, never by the visitor:
1. `EXPGRADE_TRUSTED_HEADER` names a header the reverse proxy sets after authenticating
   (e.g. `X-Forwarded-User`); the app must only be reachable through that proxy.
2. An `[auth]` section in Streamlit's secrets turns on `st.login` (OIDC).
3. Otherwise a token from `expgrade annotate add-user`, typed once; it starts a server-side
   session whose random id (never the token) rides in the page URL (`?session=`), so a reload
   or a reopened link stays signed in until the session expires (`EXPGRADE_SESSION_TTL_S`,
   default 12 hours) or the annotator signs out.
There is no anonymous mode: without an identity the page stops at the sign-in.
"""

from __future__ import annotations

import os
from typing import Any

import streamlit as st

from expgrade.annotation_app.store import Store, UserView

SESSION_KEY = "annotate_user"
SID_KEY = "annotate_sid"
SID_PARAM = "session"
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
    user: UserView | None = st.session_state.get(SESSION_KEY)
    if user is not None:
        return user
    sid = st.query_params.get(SID_PARAM)
    if sid:
        user = store.session_user(sid)
        if user is not None:
            st.session_state[SESSION_KEY], st.session_state[SID_KEY] = user, sid
            return user
        del st.query_params[SID_PARAM]
        st.info("Your session has ended; sign in again.")
    st.title("Sign in")
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
        sid = store.start_session(found.id, session_ttl_s())
        st.session_state[SESSION_KEY], st.session_state[SID_KEY] = found, sid
        st.query_params[SID_PARAM] = sid
        st.rerun()
    return None


def sign_out(store: Store) -> None:
    if oidc_configured() and not trusted_header():
        st.logout()
    sid = st.session_state.pop(SID_KEY, None)
    if sid:
        store.end_session(sid)
    st.query_params.pop(SID_PARAM, None)
    st.session_state.pop(SESSION_KEY, None)
