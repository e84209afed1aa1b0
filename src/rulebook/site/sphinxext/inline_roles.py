"""A role that shows its text as an inline span with a class: what ``{nq}`` and ``{ed}`` are."""

from collections.abc import Callable

from docutils import nodes
from docutils.parsers.rst.states import Inliner

Role = Callable[..., tuple[list[nodes.Node], list[nodes.system_message]]]


def inline_role(css_class: str, shown: Callable[[str], str] = str) -> Role:
    """A role whose text becomes ``<span class="css_class">shown(text)</span>``."""

    def role(
        name: str,
        rawtext: str,
        text: str,
        lineno: int,
        inliner: Inliner,
        options: dict[str, object] | None = None,
        content: list[str] | None = None,
    ) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        return [nodes.inline(rawtext, shown(text), classes=[css_class])], []

    return role
