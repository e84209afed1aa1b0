"""The ``{nq}`` role: a number that is no game quantity (a page, a step of the base game)."""

from sphinx.application import Sphinx

from rulebook.site.sphinxext.inline_roles import inline_role


def setup_nq(app: Sphinx) -> None:
    app.add_role("nq", inline_role("rb-nq"))
