"""The ``{corrections}`` directive: a game's register, rule by rule, each entry with its
kind and reason, and the lines of the original left out."""

from docutils import nodes
from sphinx.application import Sphinx

from rulebook.model import Correction
from rulebook.site_config import text
from rulebook.sphinxext.book_source import GameDirective


def rule_head(title: str, rule_id: str, page: str) -> nodes.paragraph:
    """A rule's title and its ID, linked to the rule on ``page``."""
    head = nodes.paragraph(classes=["rb-rule-head"])
    head += nodes.strong(text=title)
    head += nodes.Text(" ")
    link = nodes.reference("", "", refuri=f"{page}#{rule_id}", classes=["rb-rule-id"])
    link += nodes.literal(text=rule_id)
    head += link
    return head


def entry(c: Correction, lang: str) -> nodes.list_item:
    item = nodes.list_item(classes=["rb-correction", f"rb-kind-{c.kind}"])
    para = nodes.paragraph()
    para += nodes.inline(text=text(lang, f"kind.{c.kind}"), classes=["rb-kind"])
    para += nodes.Text(" ")
    para += nodes.literal(text=c.original, classes=["rb-was"])
    para += nodes.Text(" → ")
    para += nodes.literal(text=c.corrected or "∅", classes=["rb-now"])
    item += para
    item += nodes.paragraph(text=c.reason_fr if lang == "fr" else c.reason_en)
    return item


class CorrectionsDirective(GameDirective):
    def run(self) -> list[nodes.Node]:
        game, lang = self.game()
        out: list[nodes.Node] = [nodes.paragraph(text=text(lang, "typography"))]
        titles = {r.id: r.title for r in (game.en.rules if lang == "en" and game.en else ())}
        register = game.register
        for rule in game.fr.rules:
            entries = [c for c in register.corrections if c.rule == rule.id] if register else []
            block = nodes.container(ids=[rule.id], classes=["rb-corrections-rule"])
            block += rule_head(titles.get(rule.id, rule.title), rule.id, f"../{game.slug}.html")
            if entries:
                items = nodes.bullet_list()
                items.extend(entry(c, lang) for c in entries)
                block += items
            else:
                block += nodes.paragraph(text=text(lang, "no_entries"), classes=["rb-none"])
            out.append(block)
        left = register.left_out if register else ()
        if left:
            section = nodes.rubric(text=text(lang, "left_out"))
            out.append(section)
            items = nodes.bullet_list()
            for item in left:
                li = nodes.list_item()
                lines = ", ".join(map(str, item.lines))
                li += nodes.paragraph(
                    text=f"{text(lang, 'lines')} {lines} : "
                    f"{item.reason_fr if lang == 'fr' else item.reason_en}"
                )
                items += li
            out.append(items)
        return out


def setup_corrections(app: Sphinx) -> None:
    app.add_directive("corrections", CorrectionsDirective)
