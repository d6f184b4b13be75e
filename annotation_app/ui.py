"""The Streamlit app: sign-in, project choice, then the annotator's or the admin's page.

The database URL comes from `EXPGRADE_ANNOTATE_DB` (set by `expgrade annotate --db`), so the
same script serves SQLite and PostgreSQL; one Store (and its connection pool) per process.
"""

from __future__ import annotations

import gc
import os

import streamlit as st

from expgrade.annotation_app import adjudicate_page, admin_page, annotate_page, identity
from expgrade.annotation_app.render import md_escape
from expgrade.annotation_app.store import Store

DB_ENV = "EXPGRADE_ANNOTATE_DB"

# Streamlit runs a full gc.collect(2) after every script run (`runner.postScriptGC`), holding
# the GIL while the rest of the page's messages wait to be sent: ~100 ms per key press over
# the ~170,000 objects that Streamlit, pandas and SQLAlchemy leave on import. They live as
# long as the process, so they are moved out of the collector's sight once, here (this module
# is imported once per server process); what each run allocates is still collected.
gc.freeze()


@st.cache_resource(show_spinner=False)
def _store(db: str | None) -> Store:
    return Store.open(db)


def main() -> None:
    st.set_page_config(page_title="expgrade annotate", layout="wide")
    store = _store(os.environ.get(DB_ENV) or None)
    # first on every page, so it never shifts another element; its body changes only for the
    # one run that sets or clears the session cookie (the key script installs itself once)
    st.html(annotate_page.KEYS_JS + identity.cookie_script(), unsafe_allow_javascript=True)
    _page(store)


def _page(store: Store) -> None:
    user = identity.sign_in(store)
    if user is None:
        return
    projects = store.projects()
    with st.sidebar:
        st.text(f"Signed in as {user.name} ({user.role}{', adjudicator' if user.adjudicator else ''})")
        if st.button("Sign out", key="sign_out"):
            identity.sign_out(store)
            st.rerun()
        if not projects:
            st.warning("No projects yet: load one with `expgrade annotate load`.")
            return
        project = st.selectbox("Project", projects, key="project") if len(projects) > 1 else projects[0]
        # an admin opens on the Admin page and an adjudicator on the Adjudicate page: opening
        # the app claims no item (a claim holds one of the item's K slots for up to an hour)
        pages = ["Admin"] * user.is_admin + ["Adjudicate"] * user.adjudicator + ["Annotate"]
        page = st.radio("Page", pages, key="page") if len(pages) > 1 else "Annotate"
    if page == "Admin":
        st.title(f"Admin · {md_escape(project)}")
        admin_page.render(store, project)
    elif page == "Adjudicate":
        st.title(f"Adjudicate · {md_escape(project)}")
        adjudicate_page.render(store, project, user)
    else:
        st.title(f"Annotate · {md_escape(project)}")
        if user.is_admin:
            st.warning(
                "You are signed in as an admin, who can see every item's submission, agent and "
                "judges: your labels are exported marked not blind (extra.blind: false). To "
                "label blind, sign in with an annotator's token.",
                icon=":material/visibility:",
            )
        annotate_page.render(store, project, user)
