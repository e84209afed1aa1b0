"""The ``{traceability}`` directive: every rule of the book with its code, the state of the
examples bound to it (run at build time) and its corrections, like a requirements matrix."""

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from rulebook.checks.quantities import code_says, run_examples
from rulebook.codebind import load_module
from rulebook.model import Game, Rule
from rulebook.site_config import text
from rulebook.sphinxext.book_source import book_of, note_sources


def table(headers: list[str], rows: list[list[nodes.Node]]) -> nodes.container:
    group = nodes.tgroup(cols=len(headers))
    group.extend(nodes.colspec(colwidth=1) for _ in headers)
    head = nodes.thead()
    head += nodes.row("", *(nodes.entry("", nodes.paragraph(text=h)) for h in headers))
    body = nodes.tbody()
    for cells in rows:
        body += nodes.row("", *(nodes.entry("", cell) for cell in cells))
    group += head
    group += body
    wrapper = nodes.container(classes=["rb-scroll"])
    wrapper += nodes.table("", group, classes=["rb-trace"])
    return wrapper


def examples_state(game: Game, rule: Rule, lang: str) -> str:
    module = load_module(game.module)
    if module is None:
        return text(lang, "examples_none")
    groups = code_says(module, rule).examples
    count = sum(len(g.examples) for g in groups)
    if not count:
        return text(lang, "examples_none")
    failed = any(run_examples(g, module) for g in groups)
    return text(lang, "examples_fail" if failed else "examples_pass").format(n=count)


def rule_cells(game: Game, fr: Rule, title: str, lang: str) -> list[nodes.Node]:
    ref = nodes.paragraph()
    link = nodes.reference("", "", refuri=f"{game.slug}.html#{fr.id}")
    link += nodes.literal(text=fr.id)
    ref += link
    code = nodes.paragraph()
    for i, name in enumerate(fr.code):
        code += nodes.Text(", " if i else "")
        code += nodes.literal(text=name)
    if fr.no_code is not None:
        code += nodes.Text(text(lang, "no_code_short"))
    entries = sum(1 for c in game.register.corrections if c.rule == fr.id) if game.register else 0
    fixes = nodes.paragraph()
    if entries:
        fixes += nodes.reference("", str(entries), refuri=f"corrections/{game.slug}.html#{fr.id}")
    lines = f"{fr.original[0]}–{fr.original[-1]}" if fr.original else ""
    return [
        ref,
        nodes.paragraph(text=title),
        code,
        nodes.paragraph(text=examples_state(game, fr, lang)),
        fixes,
        nodes.paragraph(text=lines),
    ]


class TraceabilityDirective(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        lang = self.env.config.language or "en"
        book = book_of(self.env)
        headers = [
            text(lang, key)
            for key in (
                "trace_rule",
                "trace_title",
                "trace_code",
                "trace_examples",
                "trace_corrections",
                "trace_original",
            )
        ]
        out: list[nodes.Node] = []
        for game in book.games:
            note_sources(self.env, book, game.slug)
            rules_file = game.en if lang == "en" and game.en else game.fr
            titles = {r.id: r.title for r in rules_file.rules}
            section = nodes.rubric(text=f"{rules_file.title} ({game.module})")
            rows = [rule_cells(game, fr, titles.get(fr.id, fr.title), lang) for fr in game.fr.rules]
            out += [section, table(headers, rows)]
        return out


def setup_traceability(app: Sphinx) -> None:
    app.add_directive("traceability", TraceabilityDirective)
