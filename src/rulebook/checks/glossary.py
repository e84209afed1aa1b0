"""The glossary both languages obey: where a rule's French uses a glossary term, its English
uses the paired term; no rule uses another name for a glossary term; and each term has one
pair only."""

from collections.abc import Iterable, Iterator
from functools import partial
from pathlib import Path

from rulebook.book import Book
from rulebook.book.glossary import GLOSSARY, GlossaryTerm, load_glossary, terms_of_games, uses
from rulebook.book.model import Game, Problem
from rulebook.checks.game_results import fingerprint, kept_problems
from rulebook.checks.registry import register
from rulebook.text.prose import counterpart_line, locate, locate_term


@register("glossary", "use the glossary's pair of terms in both languages, or fix the glossary")
def check(book: Book) -> Iterator[Problem]:
    path, terms = load_glossary(book.root)
    yield from check_pairs(path, terms)
    of_game = terms_of_games(terms)
    for game in book.games:
        mine = of_game(game.slug)
        compute = partial(check_game, book, game, mine)
        yield from kept_problems(book, game, "glossary", compute, fingerprint(mine))


def check_game(book: Book, game: Game, mine: list[GlossaryTerm]) -> Iterator[Problem]:
    """The game's rules against its terms (``mine``: the glossary's, for the game)."""
    for entry in book.entries_in(game):
        fr, en = entry.fr, entry.en
        for term in mine:
            found = uses(fr.text, term.forms("fr"))
            if found and en is not None and not uses(en.text, term.forms("en")):
                yield Problem.at(
                    en,
                    f"the French uses the glossary term «{found}», the English "
                    f"lacks «{term.en}» ({GLOSSARY}:{term.line})",
                    # The English lacks it where the French has it: the same paragraph.
                    line=counterpart_line(fr, locate_term(fr, found), en),
                )
            for rule in (fr, en):
                other = uses(rule.text, term.avoid(rule.lang)) if rule else None
                if rule is not None and other:
                    own = term.name(rule.lang)
                    yield Problem.at(
                        rule,
                        f"«{other}» is another name for the glossary term «{own}»: "
                        f"one term for one thing",
                        line=locate(rule, other),
                    )


def check_pairs(path: Path, terms: Iterable[GlossaryTerm]) -> Iterator[Problem]:
    seen: dict[tuple[str, str, str], str] = {}
    for term in terms:
        if not term.fr or not term.en or not term.what_fr or not term.what_en:
            yield Problem(
                path, term.line, term.game, "a glossary term needs fr, en, what_fr, what_en"
            )
        for lang, word, pair in (("fr", term.fr, term.en), ("en", term.en, term.fr)):
            key = (term.game, lang, word.casefold())
            if key in seen and seen[key] != pair:
                yield Problem(
                    path,
                    term.line,
                    term.game,
                    f"«{word}» is paired twice: with «{seen[key]}» and «{pair}»",
                )
            seen[key] = pair
