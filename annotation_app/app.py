"""Entry script for `streamlit run` (what `expgrade annotate` launches)."""

from expgrade.annotation_app.ui import main

main()
