"""The ``{traceability}`` directive: every rule of the book with its code, the state of the
examples bound to it (run at build time) and its corrections, like a requirements matrix."""

from functools import partial
from types import ModuleType

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from rulebook.book.cache import module_digest, remembered
from rulebook.book.code import example_failure, load_module
from rulebook.book.entries import Entry
from rulebook.language import Lang, lang_of, text
from rulebook.site.sphinxext.book_source import book_of, note_sources
from rulebook.site.sphinxext.html_templates import html_block


def examples_state(entry: Entry, lang: Lang) -> str:
    """How the rule's worked examples fare (run once per state of the code: ``cache``)."""
    module = load_module(entry.game.module)
    if module is None:
        return text(lang, "examples_none")
    # Key: the module (its name and files), the rule's ID and the code it names, the language.
    key = f"{entry.game.module}\0{module_digest(module)}\0{entry.id}\0{entry.fr.code}\0{lang}"
    return remembered("traceability", key, partial(run_state, module, entry, lang))


def run_state(module: ModuleType, entry: Entry, lang: Lang) -> str:
    count = sum(len(g.examples) for g in entry.examples)
    if not count:
        return text(lang, "examples_none")
    failed = any(example_failure(g, module) for g in entry.examples)
    return text(lang, "examples_fail" if failed else "examples_pass").format(n=count)


def row(entry: Entry, lang: Lang) -> dict[str, object]:
    fr = entry.fr
    return {
        "id": fr.id,
        "title": (entry.rule(lang) or fr).title,
        "code": fr.code,
        "no_code": fr.no_code is not None,
        "examples": examples_state(entry, lang),
        "corrections": len(entry.corrections),
        "lines": "–".join(dict.fromkeys(map(str, (fr.original[0], fr.original[-1]))))
        if fr.original
        else "",
    }


class TraceabilityDirective(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        lang = lang_of(self.env.config.language)
        book = book_of(self.env)
        sections = []
        for game in book.games:
            note_sources(self.env, book, game.slug)
            rules_file = game.shown_in(lang)
            rows = [row(entry, lang) for entry in book.entries_in(game)]
            sections.append({
                "title": rules_file.title, "module": game.module, "slug": game.slug, "rows": rows,
            })  # fmt: skip
        return [html_block("traceability.html", lang, sections=sections)]


def setup_traceability(app: Sphinx) -> None:
    app.add_directive("traceability", TraceabilityDirective)
