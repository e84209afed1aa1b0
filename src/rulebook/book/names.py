"""The names that the book's text gives and the tools use as names: rule IDs, game slugs and
prefixes, and the game package a rules file names in its front matter.

Text is untrusted (``docs/security.md``): a rule ID becomes a folder of the site
(``r/<rule-id>/``), a slug a file name, a module a package to import. Each is checked here
against its pattern before anything uses it, so that no text can name a path outside the
output or code outside the book's games.
"""

import pkgutil
import re
from functools import lru_cache
from pathlib import Path

from rulebook.book.cache import signature

# Lowercase ASCII words joined by hyphens, at most 80 characters (the longest today is 28):
# a folder name on every system, and a link a person can type.
RULE_ID = re.compile(r"(?=.{3,80}$)[a-z0-9]+(?:-[a-z0-9]+)+", re.ASCII)
SLUG = re.compile(r"(?=.{1,80}$)[a-z0-9]+(?:-[a-z0-9]+)*", re.ASCII)
PREFIX = re.compile(r"[a-z0-9]{1,12}", re.ASCII)
GAMES_PACKAGE = "rulebook.games"
ID_SHAPE = "lowercase ASCII words joined by hyphens, 80 characters at most (pr-end)"


def is_rule_id(text: str) -> bool:
    """Whether ``text`` is a well-formed rule ID (of any game).

    >>> is_rule_id("pr-end"), is_rule_id("../../x"), is_rule_id("pr-end\\n"), is_rule_id("end")
    (True, False, False, False)
    """
    return RULE_ID.fullmatch(text) is not None


def is_slug(text: str) -> bool:
    """Whether ``text`` is a well-formed game slug, the name of its files.

    >>> is_slug("port-royal-morgan"), is_slug(".."), is_slug("a/b")
    (True, False, False)
    """
    return SLUG.fullmatch(text) is not None


def game_packages() -> tuple[str, ...]:
    """The game packages of this book: the modules and packages found in ``rulebook.games``,
    listed without importing anything. These, and only these, may a rules file name.

    >>> "rulebook.games.port_royal" in game_packages()
    True
    """
    import rulebook.games

    folders = tuple(rulebook.games.__path__)
    return _packages_in(folders, tuple(signature(Path(folder)) for folder in folders))


@lru_cache(maxsize=16)
def _packages_in(
    folders: tuple[str, ...], stamps: tuple[tuple[int, int, int] | None, ...]
) -> tuple[str, ...]:
    """The game packages in ``folders``, listed again when one of them changes (its
    ``signature``: a module added or removed): every game's front matter asks, 100 times for
    100 games."""
    found = pkgutil.iter_modules(list(folders))
    names = (info.name for info in found if info.name.isidentifier())
    return tuple(sorted(f"{GAMES_PACKAGE}.{name}" for name in names if not name.startswith("_")))


def module_error(name: str) -> str | None:
    """Why a front matter's ``module:`` cannot be used, in one line, or None.

    >>> module_error("rulebook.games.port_royal") is None
    True
    >>> print(module_error("venv"))
    `module: venv` is not a game package of this book: name one of rulebook.games.catan_dice, ...
    """
    if name in game_packages():
        return None
    return (
        f"`module: {name}` is not a game package of this book: name one of "
        f"{', '.join(game_packages())} (a game's code is a module of src/rulebook/games/; "
        "nothing else is imported)"
    )
