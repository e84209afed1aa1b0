"""Every game's player-aid rules read where each is shown alone: the aid holds only some of a
game's rules (neither the components nor most of the rules around a rule), and a forum quote
holds one. A player's review found rules pointing "above" at nothing there (Catan Dice's
cd-longest-road, 51st State's fs-draw-phase-cards): such a rule names what it means instead,
a part of the rules or the cards themselves. The games are the book's (conftest.book_games),
so that a new game's aid is read like the others'."""

import re

import pytest

from rulebook.book import load_book
from rulebook.book.model import Game
from rulebook.language import punctuation
from tests.conftest import BookCopy, book_games

# Words that point at what stands before or after a rule. "above" and "below" also compare
# ("a capacity above the number of its cities", "Below bronze, no medal"): they point only
# after a participle or "see" ("named above", "see below") or where they end a phrase ("as
# mentioned above."). French "plus haut" and "plus bas" likewise point only after a
# participle ("nommée plus haut"), not in a superlative ("le numéro le plus bas").
POINTING = re.compile(
    r"\b(?:ci-dessus|ci-dessous|ci-après|susmentionnée?s?)\b"
    r"|\b\w+(?:é|ée|és|ées|is|ise|ises|it|ite|its|ites)\s+plus\s+(?:haut|bas)\b"
    r"|\b(?:see|as|shown|given|written|\w+ed)\s+(?:above|below)\b"
    r"|\b(?:above|below)(?:-mentioned\b|(?=\s*(?:[.,;:!?)\]»\"”]|$)))",
    re.IGNORECASE,
)


def quoted(words: str) -> str:
    """French words in guillemets, with the spaces the book's files hold."""
    return f"{punctuation('fr', '«')}{words}{punctuation('fr', '»')}"


def aid_rules_pointing_elsewhere(game: Game) -> list[str]:
    """The rules of the game's player aid, in either language, whose title or text points
    above or below, each with the words that point."""
    marked = {rule.id for rule in game.fr.rules if rule.aid}
    files = [rules for rules in (game.fr, game.en) if rules is not None]
    return [
        f"{rule.lang} {rule.id}: {found.group(0)}"
        for rules in files
        for rule in rules.rules
        if rule.id in marked
        for found in POINTING.finditer(f"{rule.title}\n{rule.text}")
    ]


@pytest.mark.parametrize("game", book_games(), ids=lambda game: game.slug)
def test_no_rule_of_a_games_player_aid_points_above_or_below(game: Game) -> None:
    assert aid_rules_pointing_elsewhere(game) == []


def test_words_that_compare_are_told_from_words_that_point() -> None:
    pointing = [
        "The cards named above keep their effect.",
        "the tile mentioned above.",
        "see below",
        "Les cartes nommées ci-dessus",
        "la carte indiquée plus haut",
    ]
    comparing = [
        "a power plant that would take its capacity above the number of its cities + 4",
        "300+ gold Below bronze, no medal.",
        "celle qui a le numéro le plus bas en cas d'égalité",
    ]
    assert [text for text in pointing if not POINTING.search(text)] == []
    assert [text for text in comparing if POINTING.search(text)] == []


def test_a_pointing_rule_is_caught_on_every_games_aid(book_copy: BookCopy) -> None:
    """The review's two wordings put back, and one pointer added to an aid rule of each other
    game, in a copy of the book: each is named, and only they."""
    book_copy.edit(
        "rules_en/51st-state-solo.md",
        'The cards named in "Changes to the effects of some cards in this solo variant" keep',
        "The cards named above keep",
    )
    book_copy.edit(
        "rules_fr/catan-dice-extra.md",
        f"symbolisant la plus longue route (voir {quoted('Matériel')}).",
        "mentionné ci-dessus symbolisant la plus longue route.",
    )
    book_copy.edit(
        "rules_en/megawatts-solo.md", "Below bronze, no medal.", "See below for no medal."
    )
    book_copy.edit(
        "rules_fr/port-royal-morgan.md",
        "Consultez ce tableau pour trouver le résultat",
        "Consultez le tableau ci-dessous pour trouver le résultat",
    )
    book_copy.edit(
        "rules_en/stone-age-solo.md",
        "Place all the figures of the 4 colours in this way.",
        "Place all the figures of the 4 colours as shown above.",
    )
    games = load_book(book_copy.root).games
    assert {game.slug for game in games} == {game.slug for game in book_games()}
    assert [found for game in games for found in aid_rules_pointing_elsewhere(game)] == [
        "en fs-draw-phase-cards: named above",
        "fr cd-longest-road: ci-dessus",
        "en mw-medals: See below",
        "fr pr-treasures-missions: ci-dessous",
        "en sa-place-every-colour: shown above",
    ]
