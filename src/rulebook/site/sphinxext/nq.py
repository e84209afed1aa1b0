"""The ``{nq}`` role: a number that is no game quantity (a page, a step of the base game)."""

from docutils import nodes
from docutils.parsers.rst.states import Inliner
from sphinx.application import Sphinx


def nq_role(
    name: str,
    rawtext: str,
    text: str,
    lineno: int,
    inliner: Inliner,
    options: dict[str, object] | None = None,
    content: list[str] | None = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:
    return [nodes.inline(rawtext, text, classes=["rb-nq"])], []


def setup_nq(app: Sphinx) -> None:
    app.add_role("nq", nq_role)
