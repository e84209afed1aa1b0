"""Explanations: each step the code takes in a worked example names a rule of the book, and
that rule names, in its ``:code:``, the function that took the step; so the chain a reader
sees under an example leads to the rules that say what the code did. Every name a chain
shows has its French and English words in ``rules_fr/chain-words.toml``'s [names], every
value that is a word in the game's terms or the file's [values] (a name and a value are
looked up apart: ``ChainWords.for_page``), and that file holds no word no chain shows as
its table says."""

from collections.abc import Iterator
from functools import partial

from rulebook.book import Book
from rulebook.book.chain_words import CHAIN_WORDS, ChainWords, load_chain_words
from rulebook.book.code import example_steps, game_terms, load_module
from rulebook.book.model import Game, Problem
from rulebook.checks.game_results import fingerprint, kept
from rulebook.checks.registry import register
from rulebook.kit.explain import Step, shown_atoms, words_of


@register(
    "explanations",
    "make the step name the rule whose :code: names the function taking it, or name that "
    "function in the rule's :code:",
    reads_code=True,
)
def check(book: Book) -> Iterator[Problem]:
    chain_words = load_chain_words(book.root)
    # A step may name a rule of any game: it is held to what that rule names in its :code:.
    codes = sorted((entry.id, entry.fr.code) for entry in book.entries.values())
    known = fingerprint(chain_words, codes)
    shown: dict[str, set[str]] = {"names": set(), "values": set()}
    for game in book.games:
        problems, names, values = kept(
            book, game, "explanations", partial(game_chains, book, game, chain_words), known
        )
        yield from problems
        shown["names"].update(names)
        shown["values"].update(values)
    for word in chain_words.words:
        if word.code not in shown[word.table]:
            yield Problem(
                chain_words.path, word.line, "chain-words", f"{word.code!r} is shown by no "
                f"chain as one of its {word.table}", fix="remove its line",
            )  # fmt: skip


def game_chains(
    book: Book, game: Game, chain_words: ChainWords
) -> tuple[list[Problem], list[str], list[str]]:
    """The problems of a game's chains, and the names and the values they show (each once,
    sorted)."""
    module = load_module(game.module)
    if module is None:
        return [], [], []  # the code check says why
    problems: list[Problem] = []
    shown_names: set[str] = set()
    shown_values: set[str] = set()
    words = chain_words.for_page("fr", game_terms(module))
    for entry in book.entries_in(game):
        steps = [s for group in entry.examples for s in example_steps(group, module)]
        for step in steps:
            said = wrong_rule(book, step)
            if said:
                problems.append(Problem.at(entry.fr, said))
        tried = book.runnable_examples(entry)  # what "try it" runs at the rule
        steps += [s for group in tried for s in example_steps(group, module)]
        names, values = shown_atoms(steps)
        shown_names |= names
        shown_values |= values
        names, values = words_of(steps)
        missing = [(code, "names", "name") for code in sorted(names - set(words.names))]
        missing += [(code, "values", "value") for code in sorted(values - set(words.values))]
        for code, table, kind in missing:
            problems.append(
                Problem.at(
                    entry.fr,
                    f"its example's chain shows {code!r}, a {kind} with no French and "
                    "English words",
                    fix=f'add {code!r} = {{ fr = "…", en = "…" }} to [{table}] of '
                    f"{CHAIN_WORDS.as_posix()}"
                    + (", or a term to the game's TERMS" if table == "values" else ""),
                )
            )
    return problems, sorted(shown_names), sorted(shown_values)


def wrong_rule(book: Book, step: Step) -> str:
    """What is wrong with the rule a step names, or ``""``."""
    applied = book.entries.get(step.rule)
    if applied is None:
        return f"its example's code applies {step.rule} ({step.by}), no rule"
    if step.by not in {name.split(".")[0] for name in applied.fr.code}:
        return (
            f"its example's code applies {step.rule} in {step.by}, which {step.rule} does "
            "not name in its :code:"
        )
    return ""
