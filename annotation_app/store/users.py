"""Users, their tokens and their signed-in sessions."""

from __future__ import annotations

import secrets
from datetime import timedelta

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from expgrade.annotation_app.models import SignInSession, User, utcnow
from expgrade.annotation_app.store.base import StoreBase, _aware
from expgrade.annotation_app.store.views import SessionEnded, UserView, _user_view, hash_token
from expgrade.grading.errors import UserError


class Users(StoreBase):
    """Who may label: tokens (only their hashes stored) and the sessions a sign-in opens."""

    def add_user(self, name: str, *, admin: bool = False, adjudicator: bool = False) -> str:
        """Create the user, or give an existing one a fresh token; returns the token (shown once).

        The roles are set as given each time, as the token is: running it again without
        `adjudicator` takes that role away."""
        name = name.strip()
        if not name:
            raise UserError("a user name cannot be empty", field="NAME")
        token = secrets.token_urlsafe(18)
        with self._tx() as s:
            user = s.scalar(select(User).where(User.name == name))
            if user is None:
                user = User(name=name)
                s.add(user)
            user.role = "admin" if admin else "annotator"
            user.adjudicator = adjudicator
            user.token_hash = hash_token(token)
            if user.id is not None:  # a re-issued token: the old one's sessions end with it
                s.execute(delete(SignInSession).where(SignInSession.user_id == user.id))
        return token

    def user_by_token(self, token: str) -> UserView | None:
        with self._tx() as s:
            user = s.scalar(select(User).where(User.token_hash == hash_token(token.strip())))
            return _user_view(user) if user else None

    def ensure_user(self, name: str) -> UserView:
        """The user an external identity (proxy header, OIDC) names, created as an annotator."""
        with self._tx() as s:
            user = s.scalar(select(User).where(User.name == name))
            if user is None:
                user = User(name=name, role="annotator")
                s.add(user)
                s.flush()
            return _user_view(user)

    def start_session(self, user_id: int, ttl_s: float) -> str:
        """A new signed-in session; returns its random id (only its hash is stored)."""
        sid = secrets.token_urlsafe(24)
        expires = utcnow() + timedelta(seconds=ttl_s)
        with self._tx() as s:
            s.add(SignInSession(id_hash=hash_token(sid), user_id=user_id, expires_at=expires))
        return sid

    def session_user(self, sid: str) -> UserView | None:
        """The user of a live session; an expired one is deleted and gives None."""
        with self._tx() as s:
            row = s.get(SignInSession, hash_token(sid))
            if row is None:
                return None
            if _aware(row.expires_at) <= utcnow():
                s.delete(row)
                return None
            user = s.get(User, row.user_id)
            return _user_view(user) if user else None

    def end_sessions(self, sid: str) -> int:
        """Sign-out: end every session of the user this session belongs to (every browser and
        tab), so a tab left open elsewhere cannot go on labelling. Returns how many ended."""
        with self._tx() as s:
            row = s.get(SignInSession, hash_token(sid))
            if row is None:
                return 0
            return _delete_sessions(s, row.user_id)

    def revoke(self, name: str) -> int:
        """End every session of the user NAME (`expgrade annotate revoke`); returns how many."""
        with self._tx() as s:
            return _delete_sessions(s, _named_user(s, name, "USER").id)

    def users(self) -> list[UserView]:
        with self._tx() as s:
            return [_user_view(u) for u in s.scalars(select(User).order_by(User.name))]


def _named_user(s: Session, name: str, option: str) -> User:
    """The user NAME, else a user error listing the known ones (naming the option that gave it)."""
    user = s.scalar(select(User).where(User.name == name.strip()))
    if user is None:
        known = ", ".join(s.scalars(select(User.name).order_by(User.name))) or "none"
        raise UserError(f"no user named '{name}' (known: {known})", field=option)
    return user


def _delete_sessions(s: Session, user_id: int) -> int:
    ended = s.execute(delete(SignInSession).where(SignInSession.user_id == user_id))
    return int(getattr(ended, "rowcount", 0) or 0)


def _check_session(s: Session, session: str | None, user_id: int) -> None:
    """Refuse a write from a browser whose session is gone; None: no token session (proxy, OIDC)."""
    if session is None:
        return
    row = s.get(SignInSession, hash_token(session))
    if row is None or row.user_id != user_id or _aware(row.expires_at) <= utcnow():
        raise SessionEnded(
            "Not saved: you are signed out (signed out in another tab or browser, a new token was "
            "issued, or an admin ended your sessions). Sign in again."
        )
