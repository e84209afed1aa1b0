"""The ``{glossary}`` directive: the glossary's term pairs, game by game, in the page's language."""

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from rulebook.language import lang_of, other_language, text
from rulebook.site.sphinxext.book_source import book_of, note_rules_files
from rulebook.site.sphinxext.term_links import glossary_of


def table(
    headers: list[str], rows: list[list[nodes.Node]], ids: list[str] | None = None
) -> nodes.container:
    group = nodes.tgroup(cols=len(headers))
    group.extend(nodes.colspec(colwidth=1) for _ in headers)
    head = nodes.thead()
    head += nodes.row("", *(nodes.entry("", nodes.paragraph(text=h)) for h in headers))
    body = nodes.tbody()
    for at, cells in enumerate(rows):
        row = nodes.row("", *(nodes.entry("", cell) for cell in cells))
        if ids:  # a term's entry, where the rules' terms link (term_links.py)
            row["ids"].append(ids[at])
        body += row
    group += head
    group += body
    wrapper = nodes.container(classes=["rb-scroll"])
    wrapper += nodes.table("", group, classes=["rb-trace", "rb-glossary"])
    return wrapper


class GlossaryDirective(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        lang = lang_of(self.env.config.language)
        book = book_of(self.env)
        glossary = glossary_of(book.root)  # read once per build, with the rules' term links
        self.env.note_dependency(str(glossary.path))
        anchor = glossary.anchors
        terms = list(anchor)
        titles = {"*": text(lang, "whole_book")}
        for game in book.games:
            note_rules_files(self.env, game, lang)  # the games' titles
            titles[game.slug] = game.shown_in(lang).title
        out: list[nodes.Node] = []
        for slug, title in titles.items():
            mine = [t for t in terms if t.game == slug]
            if not mine:
                continue
            rows: list[list[nodes.Node]] = []
            ids: list[str] = []
            for term in sorted(mine, key=lambda t: t.name(lang).casefold()):
                first, second = term.name(lang), term.name(other_language(lang))
                ids.append(anchor[term])
                rows.append(
                    [
                        nodes.paragraph(text=first),
                        nodes.paragraph(text=second),
                        nodes.paragraph(text=term.what(lang)),
                    ]
                )
            headers = [text(lang, "term_here"), text(lang, "term_other"), text(lang, "term_what")]
            section = nodes.section(ids=[f"glossary-{slug.strip('*') or 'book'}"])
            section += nodes.title(text=title)
            section += table(headers, rows, ids)
            out.append(section)
        return out


def setup_glossary(app: Sphinx) -> None:
    app.add_directive("glossary-table", GlossaryDirective)
