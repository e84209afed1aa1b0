"""The ``{ed}`` role: the editors' addition, an answer the source does not give.

Shown in square brackets, as a publisher marks an editorial insertion, in print and on
screen alike (real characters, not styling: a copied sentence keeps them); the editor's note
under the rule says why the editors added it (an ``interpretation`` entry of the register)."""

from sphinx.application import Sphinx

from rulebook.site.sphinxext.inline_roles import inline_role


def setup_editors_addition(app: Sphinx) -> None:
    app.add_role("ed", inline_role("rb-ed", lambda text: f"[{text}]"))
