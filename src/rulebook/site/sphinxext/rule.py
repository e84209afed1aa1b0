"""The ``{rule}`` directive: one rule as a section of its page, with its title as a heading,
its text, a menu to share it and, for proof-readers (class ``rb-proof``, shown by the
proof-reading switch), its ID, the examples of its code (read from the docstrings at build
time), its corrections and its original lines."""

import doctest
import html
import inspect
import re
import urllib.parse
from collections.abc import Callable
from typing import ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from markupsafe import Markup
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonConsoleLexer
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.writers.html5 import HTML5Translator
from sphinx_design.icons import get_octicon

from rulebook.book import Book
from rulebook.book.cache import remembered
from rulebook.book.code import GENERAL, bound_examples
from rulebook.book.entries import Entry, Translation
from rulebook.book.extract import RULE_OPTIONS
from rulebook.book.model import Game, Rule, RuleKind
from rulebook.book.registers import NOTABLE_KINDS
from rulebook.language import Lang, lang_of, punctuation, text
from rulebook.outputs.cite import cite, short_url
from rulebook.site.config import CONFIG
from rulebook.site.sphinxext.book_source import book_of, note_sources
from rulebook.site.sphinxext.chain import chain_nodes, try_nodes
from rulebook.site.sphinxext.code_reference import code_url
from rulebook.site.sphinxext.html_templates import html_block, html_text
from rulebook.site.sphinxext.rule_object import note_rule, setup_rule_object
from rulebook.site.sphinxext.versions import history, notices
from rulebook.text.prose import words

logger = logging.getLogger(__name__)


class rule_block(nodes.section):  # type: ignore[misc]
    """A rule: a section of its page (so its title is a heading in the page's contents), as a
    ``div`` carrying its permanent link and ready quotes for the copy menu."""


def visit_rule_block(self: HTML5Translator, node: rule_block) -> None:
    self.section_level += 1  # as a section does: its title is one level below the page's
    # docutils folds whitespace in attribute values; a quote keeps its line breaks.
    tag = self.starttag(node, "div").rstrip()
    data = "".join(
        f' {key}="{html.escape(value, quote=True)}"' for key, value in node["cite"].items()
    )
    self.body.append(f"{tag[:-1]}{data}>\n")


def depart_rule_block(self: HTML5Translator, node: rule_block) -> None:
    self.section_level -= 1
    self.body.append("</div>\n")


def skip(self: object, node: nodes.Element) -> None:
    """Other builders render a rule as its content."""


def dropdown(title: str, body: Markup, css: str, lang: Lang) -> nodes.raw:
    """A closed sphinx-design dropdown, rendered whole: 354 of them as sphinx-design nodes
    took a sixth of a language's build. Code and the source's garbled lines stay out of the
    search, which is for the rules."""
    chevron = Markup(get_octicon("chevron-right", height="1.5em"))
    return html_block(
        "dropdown.html", lang, ("no-search",), title=title, body=body, css=css, chevron=chevron
    )


def pycon(examples: tuple[doctest.Example, ...]) -> str:
    lines = []
    for example in examples:
        source = example.source.rstrip("\n").split("\n")
        lines.append(">>> " + source[0])
        lines += ["... " + line for line in source[1:]]
        lines += example.want.rstrip("\n").split("\n") if example.want else []
    return "\n".join(lines)


# One lexer and one formatter for every example of the build: Sphinx makes both anew for each
# code block, which cost a tenth of a second per language for 177 rules' examples. The markup
# is the one Sphinx writes (and the copy button looks for).
_PYCON = PythonConsoleLexer()
_HTML = HtmlFormatter()


def pycon_html(source: str) -> str:
    """A console session highlighted as Sphinx highlights a ``pycon`` block.

    >>> block = pycon_html(">>> 1 + 1")
    >>> block.startswith('<div class="highlight-pycon notranslate"><div class="highlight"><pre>')
    True
    >>> '<span class="gp">&gt;&gt;&gt; </span><span class="mi">1</span>' in block
    True
    """
    # Pygments compiles some 300 patterns for this lexer: a block already highlighted by
    # an earlier build is taken from the cache (book/cache.py), not highlighted again.
    shown = remembered("pycon", source, lambda: highlight(source, _PYCON, _HTML))  # key: it
    return f'<div class="highlight-pycon notranslate">{shown}</div>\n'


def code_examples(entry: Entry, lang: Lang) -> list[nodes.Node]:
    game, rule = entry.game, entry.fr
    blocks: list[tuple[str, Markup]] = []
    for name, obj in ((code.name, code.obj) for code in entry.code):
        if not (inspect.isfunction(obj) or inspect.isclass(obj)):
            continue
        groups = bound_examples(name, obj)
        chosen = [g for g in groups if g.rule == rule.id] or [
            g for g in groups if g.rule == GENERAL
        ]
        for group in chosen:
            if group.examples:
                blocks.append((f"{game.module}.{name}", Markup(pycon_html(pycon(group.examples)))))
    if not blocks:
        return []
    body = html_text("examples.html", lang, groups=blocks)
    return [dropdown(text(lang, "examples"), body, "rb-examples rb-proof", lang)]


def original_lines(game: Game, rule: Rule, lang: Lang) -> list[nodes.Node]:
    if rule.added is not None:
        return [nodes.paragraph(text=text(lang, "added"), classes=["rb-added"])]
    if not rule.original:
        return []
    shown = [
        f"{n:>4}  {game.original_lines[n - 1]}"
        for n in rule.original
        if 0 < n <= len(game.original_lines) and game.original_lines[n - 1].strip()
    ]
    first, last = rule.original[0], rule.original[-1]
    where = (
        f"{text(lang, 'line')} {first}"
        if first == last
        else (f"{text(lang, 'lines')} {first}–{last}")
    )
    # Plain text, not code: shown as it is, without a pass through Pygments (it took a fifth
    # of the game pages' build to highlight 177 blocks of plain text).
    body = Markup('<pre class="rb-original-text">{}</pre>').format("\n".join(shown))
    return [dropdown(f"{text(lang, 'original')} ({where})", body, "rb-original rb-proof", lang)]


def note_kinds(entry: Entry) -> list[str]:
    """The kinds of editor's note a rule shows, in order: ``interpretation`` and
    ``source-error`` as they are, any other correction that changes play as ``changes-play``."""
    notable = [c for c in entry.corrections if c.kind in NOTABLE_KINDS or c.changes_play]
    return list(
        dict.fromkeys(c.kind if c.kind in NOTABLE_KINDS else "changes-play" for c in notable)
    )


def notes(entry: Entry, lang: Lang) -> list[nodes.Node]:
    """Where the editors chose a reading that changes play: one line for the reader, linked
    to the reason, then the reason and what the source said for the proof-reader. On paper,
    the line is short (the kind of note); the print edition explains each kind once."""
    found: list[nodes.Node] = []
    game, rule = entry.game, entry.fr
    notable = [c for c in entry.corrections if c.kind in NOTABLE_KINDS or c.changes_play]
    for kind in note_kinds(entry):
        found.append(
            html_block(
                "editor_note.html", lang, ("no-search",), kind=kind, slug=game.slug,
                rule_id=rule.id,
            )
        )  # fmt: skip
    for c in notable:
        note = nodes.admonition(classes=["rb-editor-note", "note", "rb-proof"])
        note += nodes.title(text=f"{text(lang, 'editor_note')} ({text(lang, 'kind.' + c.kind)})")
        note += nodes.paragraph(text=c.reason(lang))
        said = nodes.paragraph(classes=["rb-source-said"])
        if c.is_addition:
            said += nodes.Text(text(lang, "source_silent"))
        else:
            said += nodes.Text(f"{text(lang, 'source_said')}{punctuation(lang, ':')} ")
            said += nodes.literal(text=c.original)
        note += said
        found.append(note)
    return found


def meta(entry: Entry, lang: Lang) -> nodes.raw:
    """For proof-readers: the rule's ID linking to itself, and how many corrections it has."""
    return html_block(
        "rule_meta.html",
        lang,
        ("no-search",),
        rule_id=entry.id,
        corrections=len(entry.corrections),
        slug=entry.game.slug,
        example=entry.fr.kind == RuleKind.EXAMPLE,  # labelled as what it is
    )


def report_url(rule_id: str, title: str, page_url: str) -> str:
    """A new issue on the book's repository, naming the rule and the page it is on.

    >>> report_url("pr-end", "Fin", "https://x.org/fr/p.html#pr-end").split("/issues/")[1]
    'new?title=pr-end%3A%20Fin&body=https%3A%2F%2Fx.org%2Ffr%2Fp.html%23pr-end'
    """
    query = urllib.parse.urlencode(
        {"title": f"{rule_id}: {title}", "body": page_url}, quote_via=urllib.parse.quote
    )
    return f"{CONFIG.repo_url}/issues/new?{query}"


def share(rule_id: str, title: str, docname: str, lang: Lang) -> nodes.raw:
    """The rule's one menu: copy its link or a quote, or report a problem with it."""
    page_url = f"{CONFIG.base_url}{lang}/{docname}.html#{rule_id}"
    return html_block(
        "share.html",
        lang,
        ("no-search",),
        label=text(lang, "share_label").format(id=rule_id),
        url=short_url(rule_id, lang=lang),
        report=report_url(rule_id, title, page_url),
    )


def code_line(entry: Entry, lang: Lang) -> nodes.raw:
    """What implements the rule, or that it describes no behaviour; each name links to its
    entry in the game's code reference."""
    game, rule = entry.game, entry.fr
    links = [
        (code.name, code_url(game.slug, code.module, code.name) if code.obj is not None else None)
        for code in entry.code
    ]
    return html_block(
        "code_line.html",
        lang,
        ("no-search",),
        module=game.module,
        links=links,
        no_code=rule.no_code is not None,
    )


class RuleDirective(SphinxDirective):
    required_arguments = 1
    has_content = True
    # Every option of either language's file (book/extract.py), read as it is written;
    # ``aid`` also places the rule on the player aid (sphinxext/player_aid.py).
    option_spec: ClassVar[dict[str, Callable[[str], str]]] = {
        option: directives.unchanged for options in RULE_OPTIONS.values() for option in options
    }

    def run(self) -> list[nodes.Node]:
        rule_id = self.arguments[0]
        lang = lang_of(self.env.config.language)
        book: Book = book_of(self.env)
        try:
            entry = book.entry(rule_id)
        except KeyError:
            logger.warning(
                "rule %s is not in the French rules", rule_id, location=self.get_location()
            )
            return []
        rule, game = entry.fr, entry.game
        note_sources(self.env, book, game.slug)
        title = self.options.get("title", rule.title)
        block = rule_block(classes=["rb-rule", f"rb-kind-{rule.kind}"], ids=[rule_id])
        heading_here = (entry.rule(lang) or rule).heading
        if heading_here and words(heading_here) == words(title):
            # The section's heading already says it ("Matériel", then the rule "Matériel"):
            # the rule's own title stays for the contents and screen readers, not twice on the page.
            block["classes"].append("rb-titled-by-section")
        block["cite"] = {
            "data-url": short_url(rule_id, lang=lang, version=len(entry.versions) or None),
            "data-bbcode": cite(book, rule_id, lang, "bbcode"),
            "data-markdown": cite(book, rule_id, lang, "markdown"),
        }
        self.set_source_info(block)
        heading = nodes.title(title, title)
        if "rb-titled-by-section" in block["classes"]:
            heading["classes"].append("no-search")  # the search lists its section's title
        self.set_source_info(heading)
        block += heading
        block += share(rule_id, title, self.env.docname, lang)
        block += meta(entry, lang)
        block.extend(notices(book, entry, lang))  # shown when a quote's old link points at one
        body = nodes.container(classes=["rb-rule-body"])
        self.state.nested_parse(self.content, self.content_offset, body)
        slashes_may_break(body, lang)  # a phone's narrow column, as the aid's (rulebook.css)
        block += body
        found = entry.translation if lang == "en" else Translation.CHECKED
        if found not in (Translation.CHECKED, Translation.MISSING):
            kind = "unchecked" if found == Translation.UNCHECKED else "stale"
            warning = nodes.admonition(classes=[f"rb-{kind}", "warning"])
            warning += nodes.title(text=text(lang, f"{kind}_title"))
            warning += nodes.paragraph(text=text(lang, kind))
            block += warning
        block.extend(notes(entry, lang))
        block.extend(history(entry, lang))
        block.extend(chain_nodes(book, entry, lang))
        block.extend(try_nodes(book, entry, lang))
        block.extend(code_examples(entry, lang))
        block.extend(original_lines(game, rule, lang))
        block += code_line(entry, lang)
        note_rule(self.env, rule_id, self.get_location())
        return [block]


def slashes_may_break(body: nodes.Element, lang: Lang) -> None:
    """In a phone's narrow column on the game page, and in the player aid's columns, a table
    cell may break a line after a slash (the treasures' "orange/vert/bleu/rouge/noir" is
    wider than half a page): a ``<wbr>`` after each slash, the text unchanged."""
    for entry in list(body.findall(nodes.entry)):
        for node in list(entry.findall(nodes.Text)):
            if "/" not in node or isinstance(node.parent, nodes.literal):
                continue
            pieces: list[nodes.Node] = []
            for part in re.split(r"(?<=/)", str(node)):
                if part:
                    pieces += [nodes.Text(part), html_block("wbr.html", lang)]
            node.parent.replace(node, pieces[:-1])


def drop_doubled_titles(app: Sphinx, doctree: nodes.document) -> None:
    """A rule titled as its section ("Matériel", then the rule "Matériel") is one entry of
    the page's contents, its section's: not « Matériel › Matériel ». Run after Sphinx's
    collector has made the contents (``doctree-read``, priority 500)."""
    doubled = {
        block["ids"][0]
        for block in doctree.findall(rule_block)
        if "rb-titled-by-section" in block["classes"] and block["ids"]
    }
    toc = app.env.tocs.get(app.env.docname)
    if not doubled or toc is None:
        return
    for reference in list(toc.findall(nodes.reference)):
        if reference.get("anchorname", "").removeprefix("#") not in doubled:
            continue
        item = reference.parent.parent  # reference < compact_paragraph < list_item
        entries = item.parent
        entries.remove(item)
        if not entries.children:
            entries.parent.remove(entries)


def setup_rule(app: Sphinx) -> None:
    app.connect("doctree-read", drop_doubled_titles, priority=600)
    app.add_node(
        rule_block,
        html=(visit_rule_block, depart_rule_block),
        text=(skip, skip),
        latex=(skip, skip),
    )
    setup_rule_object(app, RuleDirective)
