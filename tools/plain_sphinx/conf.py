"""The baseline of `make bench`: plain Sphinx, MyST and furo on the same markdown files.

None of the project's extension runs. So that the baseline renders the same text, the
project's rule blocks are rendered as plain containers of their markdown content (what MyST
does with any block) and ``{nq}`` as its plain text. The review pages' blocks hold no text
of their own in the markdown: to compare like with like, the baseline renders the same
content as plain docutils tables (one row per correction, per rule, per term), the book's
data read as any conf.py reads data, so that the comparison measures what the extension
adds to rendering the same words, not the words it adds. Likewise the code reference pages:
the baseline documents the same modules with Sphinx's autodoc, as any project documents its
API.
"""

from functools import cache
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import Directive, directives
from docutils.statemachine import StringList

from rulebook.book import Book, load_book
from rulebook.book.glossary import load_glossary
from rulebook.language import Lang, lang_of

extensions = ["myst_parser", "sphinx.ext.autodoc"]
myst_enable_extensions = ["colon_fence"]
source_suffix = {".md": "markdown"}
exclude_patterns = ["original", "**/*.toml", "_build"]
html_theme = "furo"
html_use_index = False  # as the book's docs/conf.py: the same pages
html_domain_indices = False
BLOCKS = ("rule", "credits", "corrections", "side-by-side", "traceability", "game-list",
          "glossary-table", "review-list", "source-credits")  # fmt: skip


class PlainBlock(Directive):  # type: ignore[misc]
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


ROOT = Path(__file__).resolve().parent.parent.parent


@cache
def the_book() -> Book:
    return load_book(ROOT)


def rows_of(name: str, argument: str, lang: Lang) -> list[list[str]]:
    """The text of a review block, as rows of cells."""
    book = the_book()
    if name == "glossary-table":
        return [[t.fr, t.en, t.what(lang)]
                for t in load_glossary(ROOT)[1]]  # fmt: skip
    games = [book.game(argument)] if argument else list(book.games)
    rows = []
    for game in games:
        for entry in book.entries_in(game):
            rule = entry.rule(lang) or entry.fr
            if name == "corrections":
                for c in entry.corrections:
                    reason = c.reason_fr if lang == "fr" else c.reason_en
                    rows.append([rule.id, rule.title, c.kind, c.original, c.corrected, reason])
            elif name == "side-by-side":
                original = "\n".join(line for _, line in entry.original)
                rows.append([rule.id, original, entry.fr.body, entry.en.body if entry.en else ""])
            else:  # traceability, game-list, review-list, source-credits, credits
                rows.append(
                    [rule.id, rule.title, " ".join(entry.fr.code), str(len(entry.corrections))]
                )
    return rows


def table(rows: list[list[str]]) -> nodes.table:
    width = max((len(r) for r in rows), default=1)
    group = nodes.tgroup(cols=width)
    group += [nodes.colspec(colwidth=1) for _ in range(width)]
    body = nodes.tbody()
    for cells in rows:
        row = nodes.row()
        for cell in cells:
            entry = nodes.entry()
            entry += nodes.paragraph(text=cell)
            row += entry
        body += row
    group += body
    return nodes.table("", group)


class ReviewBlock(PlainBlock):
    def run(self) -> list[nodes.Node]:
        lang = lang_of(self.state.document.settings.env.config.language or "en")
        argument = self.arguments[0] if self.arguments else ""
        return [*super().run(), table(rows_of(self.name, argument, lang))]


def plain_text_role(
    name: str, rawtext: str, text: str, lineno: int, inliner: object, options: Any = None,
    content: Any = None,
) -> tuple[list[nodes.Node], list[nodes.system_message]]:  # fmt: skip
    return [nodes.Text(text)], []


class PlainCodeReference(Directive):  # type: ignore[misc]
    """The game's modules (a package's each) documented by autodoc with their members."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        from rulebook.book.code import load_module, modules_of

        module = load_module(the_book().game(self.arguments[0]).module)
        lines = ["```{eval-rst}"]  # MyST parses the content as markdown: rST in its own block
        parts = modules_of(module) if module is not None else []
        for part in parts:  # a package's own names are its modules': documented there
            members = ["   :members:"] if len(parts) == 1 or part is not module else []
            lines += [f".. automodule:: {part.__name__}", *members, ""]
        lines.append("```")
        container = nodes.container()
        self.state.nested_parse(StringList(lines), self.content_offset, container)
        return [container]


def setup(app: Any) -> None:
    app.add_directive("code-reference", PlainCodeReference)
    app.add_directive("rule", PlainBlock)
    for name in BLOCKS[1:]:
        app.add_directive(name, ReviewBlock)
    app.add_role("nq", plain_text_role)
