"""The ``{code-reference}`` directive: a game's rule API for tinkerers, from its docstrings.

A page ``code/<game>.md`` in each language holds ``{code-reference} <game>``; the directive
hands the game's module (as its rules file's front matter names it, never a name written on
the page) to Sphinx's autodoc: every name of ``__all__`` with its signature, its docstring
and its worked examples, wherever in a package it is defined. The rule pages link each code
name to its entry here (``code_url``), and a ``[rule-id]`` line of a docstring links back to
the rule (``link_rule_markers``). Its Python objects stay out of the search (``ReferenceDomain``).
"""

import re
from collections.abc import Iterator
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.domains.python import PythonDomain

from rulebook.book.code import MARKER, load_module, modules_of
from rulebook.site.sphinxext.book_source import GameDirective

FOLDER = "code"
"""Where the reference pages are, beside the game pages (``<lang>/code/<game>.html``)."""


def code_url(slug: str, module: str, name: str) -> str:
    """The entry of a code name on its game's reference page, from the game's page:
    ``module`` is the one that defines it (a package's module).

    >>> code_url("port-royal-morgan", "rulebook.games.port_royal.rules", "Level.EASY")
    'code/port-royal-morgan.html#rulebook.games.port_royal.rules.Level'
    """
    return f"{FOLDER}/{slug}.html#{module}.{name.split('.')[0]}"


class CodeReferenceDirective(GameDirective):
    def run(self) -> list[nodes.Node]:
        game, _ = self.game()
        module = load_module(game.module)
        if module is None:  # the check names the module that cannot be imported
            return []
        # Each module of the game's code (one, or a package's) documented where its names
        # are defined, as autodoc does it: its docstring, then its public names in source
        # order, each with its signature, its docstring and its examples.
        # The rules (numbers, names) first, then the package's modules by name.
        parts = sorted(
            modules_of(module),
            key=lambda m: (m is not module, not m.__name__.endswith(".rules"), m.__name__),
        )
        lines = ["```{eval-rst}"]
        for part in parts:
            if len(parts) > 1 and part is module:  # a package: its docstring, its modules next
                lines += [f".. automodule:: {part.__name__}", ""]
                continue
            if len(parts) > 1:
                lines += [f".. rubric:: {part.__name__}", "   :class: rb-code-module", ""]
            lines += [f".. automodule:: {part.__name__}", "   :members:"]
            lines += ["   :member-order: bysource", ""]
        lines.append("```")
        container = nodes.container(classes=["rb-code-reference"])
        self.state.nested_parse(lines, self.content_offset, container)
        return list(container.children)


def link_rule_markers(
    app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    """A docstring's ``[rule-id]`` line, which binds the examples after it to a rule, links
    to the rule (the ``{rule}`` role): in the reference, each example names its rule."""
    for index, line in enumerate(lines):
        if MARKER.match(line):
            lines[index] = _BRACKETED.sub(r":rule:`\1`", line, count=1)


_BRACKETED = re.compile(r"\[([a-z0-9]+(?:-[a-z0-9]+)+)\]")


class ReferenceDomain(PythonDomain):
    """The Python domain, whose objects on a page kept out of the search (front matter
    ``nosearch: true``, as every code page has it) are left out of the search too.

    Players search for rules: the search offered every function, class and constant of the
    code pages (twice as many as the rules, ahead of the rules' pages), labelled in Sphinx's
    words ("Python données") and "in" a page with no title, since Sphinx indexes a
    ``nosearch`` page under an empty title. Tinkerers reach the code from each rule's code
    links and from the game's page. ``:no-index-entry:`` only drops the general index's entry
    (the site has none), and ``:no-index:`` drops the anchor every code link leads to: priority
    -1 is Sphinx's own "not in the search at all", and the objects stay in ``objects.inv``."""

    def get_objects(self) -> Iterator[tuple[str, str, str, str, str, int]]:
        for name, shown, objtype, docname, anchor, priority in super().get_objects():
            metadata = self.env.metadata.get(docname, {})
            if "nosearch" in metadata or "no-search" in metadata:  # as Sphinx reads it
                priority = -1
            yield name, shown, objtype, docname, anchor, priority


def setup_code_reference(app: Sphinx) -> None:
    app.setup_extension("sphinx.ext.autodoc")
    app.add_domain(ReferenceDomain, override=True)
    app.config.autodoc_typehints = "description"  # short signatures: a phone shows them
    app.config.autodoc_typehints_format = "short"
    app.config.add_module_names = False  # "morgan_turn(…)", its module said above it
    # Types from the standard library and the project's kit are no page of this book.
    app.config.nitpick_ignore_regex = [
        ("py:class", r"(collections\.abc|typing|random|fractions|enum|types)\..*"),
        ("py:class", r"rulebook\.(kit|errors)\..*"),
        ("py:class", r"rulebook\.games\..*\.[A-Z]"),  # a type variable
    ]
    app.add_directive("code-reference", CodeReferenceDirective)
    app.connect("autodoc-process-docstring", link_rule_markers)
