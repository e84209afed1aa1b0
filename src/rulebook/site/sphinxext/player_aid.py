"""The ``{player-aid} <game>`` directive: a game's player aid, the rules a player looks up
during play (the turn, the tables), on one page, two at most, once printed.

Its rules are the ones the editors mark ``:aid:`` in the French file, shown in the page's
language as the game page shows them: their own text and tables, parsed from the rules file,
nothing rewritten, so every check of the book holds the aid as it holds the game page. They
come in the book's order under the game page's headings, each with its title and its ID
(linking to the rule on the game page), in dense columns on a wide screen and on paper
(``pages.css``, ``print.css``). The page is ``aid/<game>.md`` in each language, and ``rulebook
site`` prints it in A4 and US Letter (``pdf.py``)."""

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util import logging

from rulebook.book.model import Rule, RulesFile
from rulebook.language import Lang, text
from rulebook.site.pdf import PAPERS, pdf_href
from rulebook.site.sphinxext.book_source import GameDirective
from rulebook.site.sphinxext.html_templates import html_block
from rulebook.site.sphinxext.print_parts import qr_figure
from rulebook.site.sphinxext.rule import slashes_may_break
from rulebook.text.prose import words
from rulebook.text.smart_quotes import smart

logger = logging.getLogger(__name__)


def aid_rules(rules_file: RulesFile, marked: set[str]) -> list[tuple[str | None, Rule]]:
    """The marked rules of a rules file in order, each with the heading it stands under
    when that heading is new (``None`` when it is the one of the rule before); the file's
    title (its H1) is no heading of the aid."""
    found: list[tuple[str | None, Rule]] = []
    current: str | None = None
    shown: str | None = None
    for rule in rules_file.rules:
        if rule.heading and rule.heading != rules_file.title:
            current = rule.heading
        if rule.id not in marked:
            continue
        found.append((current if current != shown else None, rule))
        shown = current
    return found


class PlayerAidDirective(GameDirective):
    def run(self) -> list[nodes.Node]:
        game, lang = self.game()
        rules_file = game.shown_in(lang)
        self.env.note_dependency(str(rules_file.path))
        up = "../" * self.env.docname.count("/")
        game_page = f"{up}{game.slug}.html"
        intro = nodes.paragraph(classes=["rb-aid-intro"])
        intro += nodes.Text(smart(text(lang, "aid_intro"), lang))
        intro += nodes.reference("", smart(rules_file.title, lang), refuri=game_page)
        intro += nodes.Text(".")
        found: list[nodes.Node] = [qr_figure(lang, f"{game.slug}.html"), intro]
        if self.env.config.rulebook_pdf:  # printed after the build, where Chromium is
            printing = nodes.paragraph(classes=["rb-aid-print"])
            printing += nodes.Text(f"{text(lang, 'aid_print')} ")
            for number, paper in enumerate(PAPERS):
                href = f"{up}{pdf_href(game.slug, paper, aid=True)}"
                printing += nodes.Text(" · " if number else "")
                printing += nodes.reference("", text(lang, f"pdf_{paper}"), refuri=href)
            found.append(printing)
        marked = {rule.id for rule in game.fr.rules if rule.aid}
        if not marked:
            logger.warning(
                "%s: no rule is marked ':aid:' for its player aid", game.slug,
                location=self.get_location(),
            )  # fmt: skip
            return [*found, nodes.paragraph(text=text(lang, "aid_none"))]
        box = nodes.container(classes=["rb-aid"])
        for heading, rule in aid_rules(rules_file, marked):
            box += self.aid_rule(rule, lang, game_page, heading)
        return [*found, box]

    def aid_rule(
        self, rule: Rule, lang: Lang, game_page: str, heading: str | None
    ) -> list[nodes.Node]:
        """The heading it stands under when it is new, then the rule: its title and ID (in
        the heading when the heading says its title), its text parsed as the game page
        parses it."""
        found: list[nodes.Node] = []
        block = nodes.container(classes=["rb-aid-rule"], rb_table_label=smart(rule.title, lang))
        href = f"{game_page}#{rule.id}"
        titled = rule.heading is not None and words(rule.heading) == words(rule.title)
        if heading and titled:
            block += html_block(
                "aid_heading.html", lang, heading=smart(heading, lang), rule_id=rule.id, href=href
            )
        else:
            if heading:
                found.append(
                    html_block("aid_heading.html", lang, heading=smart(heading, lang), rule_id="")
                )
            title = "" if titled else smart(rule.title, lang)
            block += html_block("aid_rule_head.html", lang, title=title, rule_id=rule.id, href=href)
        body = nodes.container(classes=["rb-aid-body"])
        lines = StringList(rule.body.split("\n"), source=str(rule.path))
        self.state.nested_parse(lines, rule.body_line - 1, body)
        slashes_may_break(body, lang)
        block += body
        return [*found, block]


def setup_player_aid(app: Sphinx) -> None:
    app.add_directive("player-aid", PlayerAidDirective)
