"""Game terms linked: the first use of a glossary term in each rule links to its entry on the
glossary page, and shows its definition, in the page's language, on a hover, a focus or a tap.

Only a rule's own text on its game's page is linked: not the headings (the rule's title, a
table's head), not code, not a link, not a ``{nq}`` span; not the forum quotes (made from the
rules files by ``outputs/cite.py``), not the player aid nor any other page that shows a rule.
A term is matched as the glossary lists it in the page's language, each form a whole word
(never part of a longer word, a hyphenated one included); a form in lower case whatever its
case (a sentence may start with it), a form with a capital (a name: "Largest Army") as written.
Where two forms start at the same place the longer wins ("roue de navire", not "roue").

Each link names its definition (``aria-describedby``), which the page holds once per term in a
hidden block, so a screen reader says it when the link is reached, with or without scripts;
``terms.js`` shows the same text in a popup, as text (``textContent``), never as markup.

The transform runs after Sphinx's smart quotes (so "l'objet" reads "l’objet" in the links as
elsewhere) and once per page read: the links are kept in the page's doctree with the rest.
"""

import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.writers.html5 import HTML5Translator

from rulebook.book.cache import signature
from rulebook.book.glossary import GLOSSARY, GlossaryTerm, load_glossary
from rulebook.language import Lang, lang_of
from rulebook.site.sphinxext.book_source import book_of
from rulebook.site.sphinxext.html_templates import html_block
from rulebook.site.sphinxext.rule import rule_block

GLOSSARY_PAGE = "glossary"


def anchors(terms: Iterable[GlossaryTerm]) -> dict[GlossaryTerm, str]:
    """Each term's anchor on the glossary page, the same in both languages (made from its
    game and its French term), so that the language switch keeps the reader's place.

    >>> term = GlossaryTerm("port-royal-morgan", "roue de navire", "ship's wheel", "", "",
    ...                     (), (), (), (), 1)
    >>> anchors([term, GlossaryTerm("*", "dé", "die", "", "", (), (), (), (), 2)]).values()
    dict_values(['term-port-royal-morgan-roue-de-navire', 'term-book-de'])
    """
    made: dict[GlossaryTerm, str] = {}
    taken: set[str] = set()
    for term in terms:
        plain = unicodedata.normalize("NFKD", term.fr).encode("ascii", "ignore").decode()
        words = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-") or "term"
        anchor = base = f"term-{'book' if term.game == '*' else term.game}-{words}"
        count = 1
        while anchor in taken:  # two French terms that differ only by accents or signs
            count += 1
            anchor = f"{base}-{count}"
        taken.add(anchor)
        made[term] = anchor
    return made


# A form's apostrophe and spaces match the text's, typographic or not: smart quotes curl
# "ship's", and French typography puts no-break spaces inside « ».
_SPACES = "[ \u00a0\u202f]"
_APOSTROPHES = "['\u2019]"
# Never inside a word: no letter, digit, underscore or hyphen just before or after a form.
_BEFORE, _AFTER = r"(?<![\w\-\u2010\u2011])", r"(?![\w\-\u2010\u2011])"


def _key(form: str) -> str:
    """A form or a matched text as the lookup knows it: case, apostrophes and spaces aside."""
    return re.sub(_SPACES, " ", form.replace("\u2019", "'")).casefold()


def _pattern(form: str, as_written: bool = False) -> str:
    """The expression of one form: as written when it has a capital (or ``as_written``),
    else in any case."""
    plain = re.sub(_SPACES, " ", form.replace("\u2019", "'"))
    written = re.escape(plain).replace("\\ ", _SPACES).replace("'", _APOSTROPHES)
    return written if as_written or form != form.lower() else f"(?i:{written})"


@dataclass(frozen=True)
class Matcher:
    """The terms of one game in one language: one expression for all their forms."""

    pattern: re.Pattern[str] | None
    terms: dict[str, GlossaryTerm]  # a form's key → its term (the first term listing it)
    names: re.Pattern[str] | None = None  # the terms' ``not_in`` names, as written

    @classmethod
    def of(cls, terms: Iterable[GlossaryTerm], lang: Lang) -> "Matcher":
        found: dict[str, GlossaryTerm] = {}
        for term in terms:
            for form in term.forms(lang):
                if form.strip():
                    found.setdefault(_key(form), term)
        forms = {form for term in found.values() for form in term.forms(lang) if form.strip()}
        if not forms:
            return cls(None, {})
        # The longer forms first: at one place the longest form is the one matched.
        ordered = sorted(forms, key=lambda f: (-len(f), f))
        joined = "|".join(_pattern(form) for form in ordered)
        given = {n for t in found.values() for n in t.not_in(lang) if n.strip()}
        names = sorted(given, key=lambda n: (-len(n), n))  # the longest where names overlap
        named = "|".join(_pattern(name, as_written=True) for name in names)
        return cls(
            re.compile(f"{_BEFORE}(?:{joined}){_AFTER}"), found,
            re.compile(f"{_BEFORE}(?:{named}){_AFTER}") if names else None,
        )  # fmt: skip

    def find(self, text: str) -> Iterator[tuple[int, int, GlossaryTerm]]:
        """Where terms are in ``text``: start, end and term, left to right, never overlapping.

        >>> ship = GlossaryTerm("g", "navire", "ship", "", "", (), ("ships",), (), (), 1)
        >>> wheel = GlossaryTerm("g", "roue de navire", "ship's wheel", "", "", (), (), (), (), 2)
        >>> found = Matcher.of([ship, wheel], "en").find("Ships, a ship’s wheel; shipshape.")
        >>> [(start, end, term.en) for start, end, term in found]
        [(0, 5, 'ship'), (9, 21, "ship's wheel")]

        A name the term lists as ``not_in`` (a map, a title) holds no term:

        >>> from dataclasses import replace
        >>> plant = GlossaryTerm("g", "centrale", "", "", "", (), (), (), (), 3)
        >>> plant = replace(plant, not_in_fr=("Europe centrale",))
        >>> [s for s, _, _ in Matcher.of([plant], "fr").find("Europe centrale : une centrale")]
        [22]
        """
        if self.pattern is None:
            return
        names = [m.span() for m in self.names.finditer(text)] if self.names else []
        for match in self.pattern.finditer(text):
            term = self.terms.get(_key(match.group()))
            inside = any(a <= match.start() and match.end() <= b for a, b in names)
            if term is not None and not inside:
                yield match.start(), match.end(), term


class term_link(nodes.reference):  # type: ignore[misc]
    """A glossary term in a rule: ``<a class="rb-term">`` to its entry, described by its
    definition. Its address is made when the page is written, for wherever the page is."""


def visit_term_link(self: HTML5Translator, node: term_link) -> None:
    href = self.builder.get_relative_uri(self.builder.current_docname, GLOSSARY_PAGE)
    self.body.append(
        self.starttag(
            node, "a", "", CLASS="rb-term", href=f"{href}#{node['anchor']}",
            **{"aria-describedby": f"rb-def-{node['anchor']}"},
        )
    )  # fmt: skip


def depart_term_link(self: HTML5Translator, node: term_link) -> None:
    self.body.append("</a>")


def as_text(self: object, node: nodes.Element) -> None:
    """Other builders show a term as its text."""


# Where a term is never linked: headings, code, links, numbers that are no game quantity.
_NOT_IN = (nodes.title, nodes.subtitle, nodes.caption, nodes.thead, nodes.literal,
           nodes.FixedTextElement, nodes.reference, addnodes.pending_xref, nodes.raw,
           nodes.comment, nodes.target, nodes.substitution_definition)  # fmt: skip
_PLAIN_CLASSES = frozenset({"rb-nq"})


def _linkable(text: nodes.Text, within: nodes.Element) -> bool:
    parent = text.parent
    while parent is not None and parent is not within:
        if isinstance(parent, _NOT_IN) or _PLAIN_CLASSES & set(parent.get("classes", ())):
            return False
        parent = parent.parent
    return True


def _block(text: nodes.Text) -> nodes.Node | None:
    """The paragraph (or other block) a piece of text is in."""
    parent = text.parent
    while isinstance(parent, nodes.Inline):
        parent = parent.parent
    return parent


def link_terms(
    body: nodes.Element, matcher: Matcher, anchor: dict[GlossaryTerm, str]
) -> list[GlossaryTerm]:
    """Link the first use of each term in ``body`` (a rule's text), in reading order, to
    its ``anchor``; the terms linked, in that order."""
    linked: dict[GlossaryTerm, None] = {}
    if matcher.pattern is None:
        return []
    texts = list(body.findall(nodes.Text))
    blocks = [_block(text) for text in texts]
    for at, text in enumerate(texts):
        if not _linkable(text, body):
            continue
        value = str(text)
        # The letters on either side in the same paragraph ("*ship*s"): no term inside a word.
        before = str(texts[at - 1])[-1:] if at and blocks[at - 1] is blocks[at] else ""
        follows = at + 1 < len(texts) and blocks[at + 1] is blocks[at]
        after = str(texts[at + 1])[:1] if follows else ""
        pieces: list[nodes.Node] = []
        last = 0
        for start, end, term in matcher.find(before + value + after):
            start, end = start - len(before), end - len(before)
            if start < 0 or end > len(value):
                continue
            if term in linked:
                continue  # once per rule: a later use stays text
            linked[term] = None
            if start > last:
                pieces.append(nodes.Text(value[last:start]))
            pieces.append(term_link("", "", nodes.Text(value[start:end]), anchor=anchor[term]))
            last = end
        if pieces:
            if last < len(value):
                pieces.append(nodes.Text(value[last:]))
            text.parent.replace(text, pieces)
    return list(linked)


@dataclass(frozen=True)
class Glossary:
    """The glossary as the links need it: each term's anchor, and a matcher per game."""

    path: Path
    anchors: dict[GlossaryTerm, str]  # every term, in the glossary's order
    matchers: dict[tuple[str, str], Matcher]

    def matcher(self, game: str, lang: Lang) -> Matcher:
        if (game, lang) not in self.matchers:
            mine = [t for t in self.anchors if t.applies_to(game)]
            # The game's own terms before the whole book's: a game may name a thing its way.
            mine.sort(key=lambda t: t.game == "*")
            self.matchers[game, lang] = Matcher.of(mine, lang)
        return self.matchers[game, lang]


_GLOSSARIES: dict[Path, tuple[tuple[int, int, int] | None, Glossary]] = {}


def glossary_of(root: Path) -> Glossary:
    """The glossary of the book at ``root``, read again when its file changes: keyed by its
    path and its ``signature`` (size, date and inode, as every cache of what a file says),
    the last state of each file kept."""
    path = root / GLOSSARY
    stamp = signature(path)
    kept = _GLOSSARIES.get(path)
    if kept is None or kept[0] != stamp:
        found, terms = load_glossary(root)
        kept = _GLOSSARIES[path] = (stamp, Glossary(found, anchors(terms), {}))
    return kept[1]


class LinkGlossaryTerms(SphinxTransform):
    """On a game's page, each rule's first use of each of its game's terms links to it."""

    default_priority = 800  # after the smart quotes (750)

    def apply(self, **kwargs: Any) -> None:
        rules = list(self.document.findall(rule_block))
        if not rules or GLOSSARY_PAGE not in self.env.found_docs:
            return
        book = book_of(self.env)
        glossary = glossary_of(book.root)
        self.env.note_dependency(str(glossary.path))
        lang = lang_of(self.config.language)
        used: dict[GlossaryTerm, None] = {}
        for rule in rules:
            try:
                game = book.entry(rule["ids"][0]).game.slug
            except (KeyError, IndexError):
                continue
            if game != self.env.docname:  # the player aid, a review page: plain text
                continue
            matcher = glossary.matcher(game, lang)
            for body in rule.children:
                if isinstance(body, nodes.container) and "rb-rule-body" in body["classes"]:
                    for term in link_terms(body, matcher, glossary.anchors):
                        used[term] = None
        if not used:
            return
        definitions = [
            (
                glossary.anchors[term],
                term.name(lang),
                term.what(lang),
            )
            for term in used
        ]
        # Once per page, after its text: what each link's aria-describedby names.
        block = html_block("term_definitions.html", lang, ("no-search",), terms=definitions)
        sections = [n for n in self.document.children if isinstance(n, nodes.section)]
        (sections[-1] if sections else self.document).append(block)


def setup_term_links(app: Sphinx) -> None:
    app.add_node(
        term_link,
        html=(visit_term_link, depart_term_link),
        text=(as_text, as_text),
        latex=(as_text, as_text),
    )
    app.add_transform(LinkGlossaryTerms)
    app.add_css_file("terms.css")
    app.add_js_file("terms.js")
