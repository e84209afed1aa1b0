"""Port Royal solo: a roll of Morgan's, and reading rolls as the examples write them, in
English or in French."""

from dataclasses import dataclass
from typing import Final

from rulebook.errors import RuleError
from rulebook.kit.terms import Term
from rulebook.kit.validate import items as _items
from rulebook.kit.validate import member as _member
from rulebook.kit.words import listed

from .rules import _MOST_ROLLS, Colour, Piece


@dataclass(frozen=True)
class Roll:
    """One result Morgan rolls: a colour and a piece."""

    colour: Colour
    piece: Piece

    def __str__(self) -> str:
        return f"{self.colour} {self.piece}"


def parse_rolls(text: str) -> tuple[Roll, ...]:
    """Read rolls written as the examples write them, in English or in French, or in short:
    ``"a red ship, a blue ship's wheel and a red ship again"``, ``"un navire rouge, une roue
    de navire bleue"``, ``"red ship, blue wheel"``.

    >>> [str(roll) for roll in parse_rolls("a red ship, a blue ship's wheel and a red ship again")]
    ['red ship', 'blue wheel', 'red ship']
    >>> [str(roll) for roll in parse_rolls("une roue de navire verte, un navire jaune")]
    ['green wheel', 'yellow ship']
    >>> [str(roll) for roll in parse_rolls("red ship, blue wheel")]
    ['red ship', 'blue wheel']
    >>> parse_rolls("red boat")
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: pr-morgan-roll: expected a roll as the examples write it ('red
    ship', 'blue ship's wheel', 'navire rouge', 'roue de navire bleue'), got 'red boat'
    >>> parse_rolls(["red ship"])
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: pr-morgan-roll: expected rolls written as text, ...
    """
    too_many = f"rolls written as text, at most {_MOST_ROLLS}"
    if not isinstance(text, str) or len(text) > _MOST_ROLLS * _LONGEST_ROLL:
        raise RuleError("pr-morgan-roll", too_many, text)
    parts = listed(text) or [text.strip()]
    if len(parts) > _MOST_ROLLS:
        raise RuleError("pr-morgan-roll", too_many, text)
    for part in parts:
        if part not in _ROLL_WORDS:
            raise RuleError("pr-morgan-roll", _ROLL_EXPECTED, part)
    return tuple(_ROLL_WORDS[part] for part in parts)


def _roll_words() -> dict[str, Roll]:
    """Every way the book writes a roll, folded: "red ship", "red ship's wheel", "navire
    rouge", "roue de navire rouge" (and the short "red wheel", "roue rouge")."""
    words: dict[str, Roll] = {}
    for colour, (masculine, feminine) in _FRENCH_COLOURS.items():
        ship, wheel = Roll(colour, Piece.SHIP), Roll(colour, Piece.WHEEL)
        words |= {f"{colour} ship": ship, f"{colour} ship's wheel": wheel, f"{colour} wheel": wheel}
        words |= {f"navire {masculine}": ship}
        words |= {f"roue de navire {form}": wheel for form in (masculine, feminine)}
        words |= {f"roue {form}": wheel for form in (masculine, feminine)}
    return words


# The colour die's colours in French, as a ship (masculine) and a wheel (feminine) take them.
_FRENCH_COLOURS: Final = {
    Colour.YELLOW: ("jaune", "jaune"),
    Colour.ORANGE: ("orange", "orange"),
    Colour.GREEN: ("vert", "verte"),
    Colour.BLUE: ("bleu", "bleue"),
    Colour.RED: ("rouge", "rouge"),
    Colour.BLACK: ("noir", "noire"),
}


_ROLL_WORDS: Final = _roll_words()


# Each roll as the pages name it, a step of Morgan's turn showing it (kit.explain): "navire
# rouge", "roue de navire bleue"; "red ship", "blue ship's wheel".
TERMS: Final = tuple(
    Term(str(Roll(colour, piece)), f"{name} {masculine if piece is Piece.SHIP else feminine}",
         f"{colour} ship" if piece is Piece.SHIP else f"{colour} ship\u2019s wheel")
    for colour, (masculine, feminine) in _FRENCH_COLOURS.items()
    for piece, name in ((Piece.SHIP, "navire"), (Piece.WHEEL, "roue de navire"))
)  # fmt: skip


_LONGEST_ROLL: Final = 40  # characters of "une roue de navire orange à nouveau", and a comma


_ROLL_EXPECTED: Final = (
    "a roll as the examples write it ('red ship', 'blue ship's wheel', 'navire rouge', "
    "'roue de navire bleue')"
)


def _rolls(rolls: object) -> tuple[Roll, ...]:
    """Morgan's rolls, each a colour and a piece of this game (named by value or by member)."""
    rule = "pr-morgan-roll"
    found = _items(rule, rolls, "Morgan's rolls", _MOST_ROLLS)
    if not all(isinstance(roll, Roll) for roll in found):
        raise RuleError(rule, "rolls made by parse_rolls or Roll", rolls)
    return tuple(
        Roll(_member(rule, Colour, roll.colour), _member(rule, Piece, roll.piece))
        for roll in found
        if isinstance(roll, Roll)
    )
