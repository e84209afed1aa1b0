"""The baseline of `make bench`: plain Sphinx, MyST and furo on the same markdown files.

None of the project's extension runs. So that the baseline renders the same text, the
project's block names are rendered as plain containers of their markdown content (what MyST
does with any block) and ``{nq}`` as its plain text. The review pages' blocks have no
content of their own: what the extension makes of them is what the comparison measures.
"""

from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import Directive, directives

extensions = ["myst_parser"]
myst_enable_extensions = ["colon_fence"]
source_suffix = {".md": "markdown"}
exclude_patterns = ["original", "**/*.toml", "_build"]
html_theme = "furo"
BLOCKS = ("rule", "credits", "corrections", "side-by-side", "traceability", "game-list")
BLOCKS += ("glossary-table", "review-list", "source-credits")


class PlainBlock(Directive):
    """A block's markdown content in a plain container; its argument and options ignored."""

    optional_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {
        name: directives.unchanged for name in ("title", "code", "original", "kind", "translates")
    }

    def run(self) -> list[nodes.Node]:
        container = nodes.container()
        self.state.nested_parse(self.content, self.content_offset, container)
        return [container]


def plain_text_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: object, options: Any = None,
    content: Any = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:  # fmt: skip
    return [nodes.Text(text)], []


def setup(app: Any) -> None:
    for name in BLOCKS:
        app.add_directive(name, PlainBlock)
    app.add_role("nq", plain_text_role)
