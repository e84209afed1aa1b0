"""Rules as objects of the site: each rule is a ``std:rule`` object (so it is in
``objects.inv`` and is a search result of its own), the ``{rule}`` role links one rule from
another by its title, a wide table scrolls in its own labelled box, and each page knows the
words of the proof-reading switch."""

import re
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.domains import ObjType
from sphinx.environment import BuildEnvironment
from sphinx.roles import XRefRole
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective
from sphinx.writers.html5 import HTML5Translator

from rulebook.language import catalog, lang_of, punctuation, text
from rulebook.site.sphinxext.book_source import book_of


def note_rule(env: BuildEnvironment, rule_id: str, location: str) -> None:
    """Register the rule (its anchor is its ID) with the standard domain."""
    domain = env.domains.standard_domain
    domain.note_object("rule", rule_id, rule_id, location=location)


class RuleRole(XRefRole):
    """``{rule}`pr-setup-level``: a link to the rule, showing its title in the page's language
    (or the text given, as in ``{rule}`this table <pr-setup-level>```)."""

    def process_link(
        self,
        env: BuildEnvironment,
        refnode: nodes.Element,
        has_explicit_title: bool,
        title: str,
        target: str,
    ) -> tuple[str, str]:
        if not has_explicit_title:
            try:
                title = book_of(env).rule(target, lang_of(env.config.language)).title
            except KeyError:
                pass  # left as the ID: the standard domain warns that it leads nowhere
        return title, target


class table_box(nodes.General, nodes.Element):  # type: ignore[misc]
    """A wide table's own scrolling box: reachable by keyboard and named for screen readers."""


def visit_table_box(self: HTML5Translator, node: table_box) -> None:
    self.body.append(
        self.starttag(node, "div", tabindex="0", role="region", **{"aria-label": node["label"]})
    )


def depart_table_box(self: HTML5Translator, node: table_box) -> None:
    self.body.append("</div>\n")


class LabelTableBoxes(SphinxPostTransform):
    """Furo wraps each table in a scrolling ``div.table-wrapper``; make it a labelled region
    a keyboard can scroll, named after the rule that holds the table."""

    default_priority = 600  # after furo's wrapper (500)
    formats = ("html",)

    def run(self, **kwargs: Any) -> None:
        lang = lang_of(self.config.language)
        for wrapper in list(self.document.findall(nodes.container)):
            if "table-wrapper" not in wrapper["classes"]:
                continue
            label = text(lang, "table")
            rule = wrapper.parent
            while rule is not None and not isinstance(rule, nodes.section):
                if rule.get("rb_table_label"):  # a rule on the player aid (player_aid.py)
                    break
                rule = rule.parent
            if rule is not None and rule.get("rb_table_label"):
                label = f"{label}{punctuation(lang, ':')} {rule['rb_table_label']}"
            elif rule is not None and "rb-rule" in rule["classes"]:
                label = f"{label}{punctuation(lang, ':')} {rule[0].astext()}"
            for table in wrapper.findall(nodes.table):
                keep_hyphenated_whole(table)
            box = table_box(classes=wrapper["classes"], label=label)
            box.extend(wrapper.children)
            wrapper.replace_self(box)


HYPHENATED = re.compile(r"\S*[-\u2010\u2013]\S*")


def keep_hyphenated_whole(table: nodes.table) -> None:
    """A browser may break a line after a hyphen or a dash: "1-4" would read "1-" then "4".
    In table cells such words are kept on one line (the text is unchanged)."""
    for entry in table.findall(nodes.entry):
        for node in list(entry.findall(nodes.Text)):
            if not HYPHENATED.search(node) or isinstance(node.parent, nodes.literal):
                continue
            pieces: list[nodes.Node] = []
            last = 0
            for match in HYPHENATED.finditer(node):
                if match.start() > last:
                    pieces.append(nodes.Text(node[last : match.start()]))
                pieces.append(nodes.inline(match.group(), match.group(), classes=["rb-nobreak"]))
                last = match.end()
            if last < len(node):
                pieces.append(nodes.Text(node[last:]))
            node.parent.replace(node, pieces)


def add_page_words(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: object
) -> None:
    """The switch's words, and whether the page has rules for it to act on."""
    lang = lang_of(app.config.language)
    context["rb_words"] = catalog(lang).words
    context["rb_has_rules"] = isinstance(doctree, nodes.document) and any(
        "rb-rule" in n["classes"] for n in doctree.findall(nodes.section)
    )


def name_object_type(app: Sphinx, config: Config) -> None:
    """Search results name a rule's kind in the page's language."""
    objtype = ObjType(text(lang_of(config.language), "rule_type"), "rule")
    app.registry.domain_object_types["std"]["rule"] = objtype


def skip(self: object, node: nodes.Element) -> None:
    """Other builders render a table's box as its table."""


def setup_rule_object(app: Sphinx, directive: type[SphinxDirective]) -> None:
    app.add_object_type("rule", "rule", objname="rule")
    # The rules files' directive and role, in place of the generic ones add_object_type makes.
    app.add_directive_to_domain("std", "rule", directive, override=True)
    app.add_role_to_domain("std", "rule", RuleRole(innernodeclass=nodes.inline), override=True)
    app.add_node(
        table_box, html=(visit_table_box, depart_table_box), text=(skip, skip), latex=(skip, skip)
    )
    app.add_post_transform(LabelTableBoxes)
    app.connect("html-page-context", add_page_words)
    app.connect("config-inited", name_object_type)
