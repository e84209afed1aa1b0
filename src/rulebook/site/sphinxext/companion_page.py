"""The ``{companion}`` directive: a variant's companion at the table, on its own page. The
page holds the frame; ``_try/companion.js`` draws each screen that the game's companion
module computes (``rulebook.companions``), run by the page's Python in a Web Worker. Its
code is the book's, written by the build (``site/try_it.py``), never a rules file's: a
rules file's text is data, never run."""

import json

from docutils import nodes
from sphinx.application import Sphinx

from rulebook.language import lang_of, punctuation, text
from rulebook.site.sphinxext.book_source import GameDirective, book_of
from rulebook.site.sphinxext.html_templates import html_block
from rulebook.site.try_it import (
    COMPANION_WORDS,
    FOLDER,
    can_try,
    code_zip_name,
    companion_module,
    examples_name,
    first_visit_bytes,
)
from rulebook.text.smart_quotes import smart


class CompanionDirective(GameDirective):
    def run(self) -> list[nodes.Node]:
        game, _ = self.game()
        lang = lang_of(self.env.config.language)
        book = book_of(self.env)
        if not can_try(book.root) or companion_module(game) is None:
            return [nodes.paragraph(text=text(lang, "companion_unavailable"))]
        up = "../" * (self.env.docname.count("/") + 1)
        words = {key: smart(text(lang, f"companion_{key}"), lang) for key in COMPANION_WORDS}
        words["colon"] = punctuation(lang, ":") + " "
        # Whole megabytes, the same figure in both languages (no decimal point to localise).
        size = first_visit_bytes(book.root, game) / 1_000_000
        words["first_visit"] = words["first_visit"].format(size=f"{size:.0f}")
        return [
            html_block(
                "companion.html", lang, ("no-search",), slug=game.slug,
                module=companion_module(game), code=code_zip_name(game),
                book=f"{up}{FOLDER}/{examples_name(game.slug, lang)}", base=f"{up}{FOLDER}/",
                words_json=json.dumps(words, ensure_ascii=False).replace("<", "\\u003c"),
            )
        ]  # fmt: skip


def setup_companion(app: Sphinx) -> None:
    app.add_directive("companion", CompanionDirective)
