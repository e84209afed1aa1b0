"""Prose against code: the game quantities a rule states are the ones its code states.

- A rule's unmarked numbers (outside tables) and the numbers of its code agree: the same
  values, and no value stated more often in the prose than in the code. The code's numbers
  are its named constants and the doctests bound to the rule (its worked examples).
- A markdown table equals, cell by cell, what the rule's table function computes.
- A worked example (``:kind: example``) has a bound doctest (the examples check runs it).
"""

import doctest
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from types import ModuleType

from rulebook.book import Book
from rulebook.book.cache import module_digest, remembered
from rulebook.book.code import (
    BoundExamples,
    bound_examples,
    constant_numbers,
    game_terms,
    is_constant,
    is_table,
    load_module,
    resolve,
)
from rulebook.book.model import Game, Problem, Rule, RuleKind
from rulebook.checks.numbers import (
    NumberedNames,
    context,
    first_places,
    pair_off,
    per_game_with_numbered_names,
)
from rulebook.checks.registry import register
from rulebook.kit.tables import Table
from rulebook.kit.terms import Term
from rulebook.language import catalog
from rulebook.text.numerals import Number, numbers_in_code
from rulebook.text.prose import cell_atoms, locate, prose_numbers


def example_numbers(examples: tuple[doctest.Example, ...]) -> list[int]:
    """The numbers a rule's bound doctests state, in their code and in what they show."""
    found: list[int] = []
    for example in examples:
        found += numbers_in_code(example.source) + numbers_in_code(example.want)
    return found


@dataclass
class CodeSays:
    """What the code named by one rule states."""

    numbers: Counter[int] = field(default_factory=Counter)
    sources: dict[int, list[str]] = field(default_factory=dict)
    tables: list[tuple[str, Table]] = field(default_factory=list)
    examples: list[BoundExamples] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def add(self, values: list[int], source: str) -> None:
        self.numbers.update(values)
        for value in values:
            self.sources.setdefault(value, []).append(source)


def code_says(module: ModuleType, rule: Rule) -> CodeSays:
    says = CodeSays()
    for name in rule.code:
        obj = resolve(module, name)
        if obj is None:
            continue
        if is_table(obj):
            try:
                # A table is a pure function of the code (Catan's exact odds take 0.1 s).
                key = f"{module.__name__}.{name}\0{module_digest(module)}"
                says.tables.append((name, remembered("table", key, obj)))  # type: ignore[arg-type]
            except Exception as error:
                says.errors.append(f"{name}() raises {error!r}")
        elif is_constant(obj):
            says.add(constant_numbers(obj), name)
        else:
            for group in examples_of(rule, name, obj):
                says.examples.append(group)
                says.add(example_numbers(group.examples), f"the doctest of {name}")
    return says


def examples_of(rule: Rule, name: str, obj: object) -> list[BoundExamples]:
    """The doctests of one object the rule names that are bound to the rule."""
    return [group for group in bound_examples(name, obj) if group.rule == rule.id]


@register("quantities", "make the text and the code agree, in both languages", reads_code=True)
def check(book: Book) -> Iterator[Problem]:
    yield from per_game_with_numbered_names(book, "quantities", check_game)


def check_game(book: Book, game: Game, names: NumberedNames) -> Iterator[Problem]:
    """``names``: per language, the game's terms whose name holds a number."""
    module = load_module(game.module)
    if module is None:
        return
    terms = game_terms(module)  # the terms table cells use
    for entry in book.entries_in(game):
        fr = entry.fr
        says = code_says(module, fr)
        yield from check_examples(game, fr, says, module)
        for rule in (fr, entry.en):
            if rule is not None:
                yield from check_numbers(rule, says, names[rule.lang])
                yield from check_tables(rule, says, terms)


NAMED = (
    '; a number word that is part of a game term\'s name ("three of a kind") is no number: '
    "pair the term in rules_fr/glossary.toml and the checks pass over it"
)


def check_numbers(rule: Rule, says: CodeSays, names: tuple[str, ...] = ()) -> Iterator[Problem]:
    """``names``: the game terms whose name holds a number, which counts nothing."""
    prose = prose_numbers(rule, marked=False, cells=False, names=names)
    counts = Counter(n.value for n in prose)
    language = catalog(rule.lang).english_name
    code = (
        "; ".join(
            f"{value} ({', '.join(sorted(set(says.sources[value])))})"
            for value in sorted(says.numbers)
        )
        or "no number"
    )
    fix = (
        "if the text is right, the code is wrong: fix the code; if the code is right, fix the "
        "text in both languages; a number that is no game quantity is marked {nq}`…`"
    )
    first = first_places(rule)
    unknown: dict[int, Number] = {}  # the first number of each value the code does not state
    for number in prose:
        value = number.value
        if value not in says.numbers:
            unknown.setdefault(value, number)
        elif counts[value] > says.numbers[value]:
            said = {rule.lang: context(rule, value, first)}
            yield Problem.at(
                rule,
                f"the {language} says {value} {counts[value]} times, "
                f"{says.sources[value][0]} only {says.numbers[value]}",
                line=locate(rule, number.text),
                code=code,
                fix=fix,
                **said,
            )
            counts[value] = 0
    missing = sorted(set(says.numbers) - set(counts))
    # A number changed in the text is one problem: '25' where WINNING_SCORE says 20.
    pairs, unknown_left, missing_left = pair_off(list(unknown.values()), missing)
    for number, value in pairs:
        yield Problem.at(
            rule,
            f"the {language} says {number.text!r} where {says.sources[value][0]} says {value}",
            line=locate(rule, number.text),
            code=code,
            fix=fix,
            **{rule.lang: context(rule, number.value, first)},
        )
    told: set[str] = set()
    for number in unknown_left:
        # A range states two values ('1-4': 1 and 4): one problem names it, not one a value.
        if number.text in told:
            continue
        told.add(number.text)
        yield Problem.at(
            rule,
            f"the {language} says {number.text!r}, which the code does not say",
            line=locate(rule, number.text),
            code=code,
            fix=fix if number.text.isdigit() else fix + NAMED,
            **{rule.lang: context(rule, number.value, first)},
        )
    for value in missing_left:
        yield Problem.at(
            rule,
            f"{says.sources[value][0]} says {value} but the {language} never does",
            code=code,
            fix=fix,
        )


def check_tables(rule: Rule, says: CodeSays, terms: tuple[Term, ...]) -> Iterator[Problem]:
    for error in says.errors:
        yield Problem.at(rule, error)
        return
    prose_tables = rule.tables
    if len(prose_tables) != len(says.tables):
        yield Problem.at(
            rule,
            f"{len(prose_tables)} table(s) in the text, {len(says.tables)} table "
            f"function(s) in the code: each table is executed against the code",
        )
        return
    lines = rule.table_lines
    for t, (prose_table, (name, code_table)) in enumerate(
        zip(prose_tables, says.tables, strict=True)
    ):
        rows = lines[t] if t < len(lines) else ()  # each row's line in the rules file
        if len(prose_table) != len(code_table):
            yield Problem.at(
                rule,
                f"the table has {len(prose_table)} rows, {name}() has {len(code_table)}",
                line=rows[0] if rows else None,
            )
            continue
        for r, (prose_row, code_row) in enumerate(zip(prose_table, code_table, strict=True)):
            line = rows[r] if r < len(rows) else None
            for c in range(max(len(prose_row), len(code_row))):
                text = prose_row[c] if c < len(prose_row) else ""
                atoms = cell_atoms(text, rule.lang, terms)
                expected = code_row[c] if c < len(code_row) else ()
                if atoms != expected:
                    yield Problem.at(
                        rule,
                        f"table row {r + 1}, column {c + 1}: the text says "
                        f"{'/'.join(atoms) or 'nothing'}, {name}() says "
                        f"{'/'.join(expected) or 'nothing'}",
                        line=line if line is not None else locate(rule, text),
                    )


def check_examples(game: Game, rule: Rule, says: CodeSays, module: ModuleType) -> Iterator[Problem]:
    """A worked example has a bound doctest; whether it passes is the examples check's
    (``checks/examples.py`` runs every doctest of the module, once)."""
    if rule.kind == RuleKind.EXAMPLE and not says.examples:
        yield Problem.at(
            rule,
            "worked example bound to no doctest: add a [rule-id] line and its "
            "doctests to the docstring of the code it names",
        )
