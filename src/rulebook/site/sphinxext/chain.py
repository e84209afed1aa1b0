"""Under a worked example, the chain of rules its code applied (``kit.explain``): each step
names its rule, linking to it, in the page's language, with the values it used; folded
until the reader asks."""

from typing import Any

from docutils import nodes

from rulebook.book import Book
from rulebook.book.chain_words import load_chain_words
from rulebook.book.code import example_steps, game_terms, load_module
from rulebook.book.entries import Entry
from rulebook.book.model import RuleKind
from rulebook.language import Lang
from rulebook.site.sphinxext.html_templates import html_block
from rulebook.site.try_it import (
    FOLDER,
    RUNNER,
    can_try,
    example_source,
    examples_name,
    page_words,
)
from rulebook.text.smart_quotes import smart


def chain(book: Book, entry: Entry, lang: Lang) -> list[dict[str, Any]]:
    """The steps of the rule's own worked examples, each with its rule's title and its
    values in the page's words; a step the examples take again with the same values is
    shown once."""
    module = load_module(entry.game.module)
    if module is None:
        return []
    # Curled as the page's words are: "artificial player’s cities".
    words = page_words(load_chain_words(book.root).for_page(lang, game_terms(module)), lang)
    steps = (step for group in entry.examples for step in example_steps(group, module))
    found = []
    for step in dict.fromkeys(steps):
        rule = book.entries.get(step.rule)
        title = smart((rule.rule(lang) or rule.fr).title, lang) if rule else step.rule
        found.append({"rule": step.rule, "title": title, "used": step.worded(words)})
    return found


# The steps a chain shows before it says how many more there are: an example that runs a
# rule over many turns (Catan's dice per turn) would otherwise bury the page.
SHOWN_STEPS = 8


def chain_nodes(book: Book, entry: Entry, lang: Lang) -> list[nodes.Node]:
    steps = chain(book, entry, lang)
    if not steps:
        return []
    more = max(len(steps) - SHOWN_STEPS, 0)
    return [
        html_block(
            "chain.html", lang, ("no-search",), steps=steps[:SHOWN_STEPS], more=more,
            rule_id=entry.id, label=labels(entry)[0],
        )
    ]  # fmt: skip


def labels(entry: Entry) -> tuple[str, str]:
    """The words of the chain and of the "try" button: "this example" under a worked
    example only; under any other rule, its code's examples."""
    if entry.fr.kind == RuleKind.EXAMPLE:
        return "chain_title", "try_title"
    return "chain_rule", "try_rule"


def try_nodes(book: Book, entry: Entry, lang: Lang) -> list[nodes.Node]:
    """A button to try the rule's example in the page (``site/try_it``): the page holds
    the button only; the code comes with the runner, when the reader opens it."""
    if not can_try(book.root) or not example_source(book, entry):
        return []
    return [
        html_block(
            "try.html", lang, ("no-search",), anchor=f"{entry.id}--try", module=entry.game.module,
            rule=entry.id, label=labels(entry)[1],
            sources=f"../{FOLDER}/{examples_name(entry.game.slug, lang)}",
            runner=f"../{FOLDER}/{RUNNER}",
        )
    ]  # fmt: skip
