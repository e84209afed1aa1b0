"""The ``{changes}`` directive: the changes page, every rule changed since its game's first
edition, newest first, each with its kind and a link to the rule where the change is shown;
the games' first editions and the Atom feed (``site/feeds.py``) named above."""

import itertools
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from rulebook.language import Lang, lang_of, text
from rulebook.language.dates import long_date
from rulebook.outputs.changes import Change, book_changes, first_edition
from rulebook.site.sphinxext.book_source import book_of, note_sources
from rulebook.site.sphinxext.html_templates import html_block

FEED = "changes.atom"


def item(change: Change, lang: Lang) -> dict[str, Any]:
    version = change.version
    retired = change.kind == "retired"
    return {
        "rule": version.rule,
        "current": change.current_id,
        "number": version.number,
        "title": change.title(lang),
        "kind": text(lang, f"kind.{change.kind}"),
        "renamed_from": version.renamed_from,
        "href": "" if retired else f"{change.game.slug}.html#{change.anchor()}",
    }


class ChangesDirective(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        lang = lang_of(self.env.config.language)
        book = book_of(self.env)
        for game in book.games:
            note_sources(self.env, book, game.slug)
        editions = []
        for game in book.games:
            date = first_edition(game)
            rules_file = game.shown_in(lang)
            if date is not None:
                said = text(lang, "first_edition").format(
                    game=rules_file.title, date=long_date(date, lang), n=len(game.fr.rules)
                )
                editions.append(said)
        days = [
            {"date": long_date(day, lang), "changes": [item(c, lang) for c in changes]}
            for day, changes in itertools.groupby(book_changes(book), key=lambda c: c.date)
        ]
        return [html_block("changes.html", lang, editions=editions, days=days, feed=FEED)]


def setup_changes(app: Sphinx) -> None:
    app.add_directive("changes", ChangesDirective)
