"""The book as the extension sees it: loaded once per build process, from ``rulebook_root``."""

from pathlib import Path

from sphinx.config import Config
from sphinx.environment import BuildEnvironment
from sphinx.util.docutils import SphinxDirective

from rulebook.book import Book, load_book
from rulebook.book.chain_words import CHAIN_WORDS
from rulebook.book.entries import Entry
from rulebook.book.model import Game
from rulebook.language import Lang, lang_of

_BOOKS: dict[str, Book] = {}


def book_root(config: Config, srcdir: str | Path) -> Path:
    """The book's folder: ``rulebook_root``, or the one above the rules' folder."""
    return Path(config.rulebook_root or Path(srcdir).parent)


def book_of(env: BuildEnvironment) -> Book:
    root = str(book_root(env.config, env.srcdir))
    if root not in _BOOKS:
        _BOOKS[root] = load_book(Path(root))
    return _BOOKS[root]


def note_rules_files(env: BuildEnvironment, game: Game, shown: Lang | None = None) -> None:
    """Rebuild the page when the game's rules change in either language (its titles, its
    rules, and the English's record of what it translates, ``:translates:``), or, for a page
    that shows only the file ``shown`` in its language (a game's title), when that one does.
    A file not written yet is noted once it is: Sphinx rebuilds at every build a page that
    depends on a missing file."""
    files = (game.shown_in(shown),) if shown else (game.fr, game.en)
    for rules_file in files:
        if rules_file is not None:
            env.note_dependency(str(rules_file.path))


def note_sources(env: BuildEnvironment, book: Book, slug: str) -> None:
    """Rebuild the page when the rules in either language, the register, the versions, the
    source and where it comes from, the chains' words or the code change (`rulebook site`
    builds on its last build: a page whose sources are not all noted here keeps what it
    showed)."""
    game = book.game(slug)
    note_rules_files(env, game)
    if game.provenance:
        env.note_dependency(str(game.provenance.path))
    if game.register:
        env.note_dependency(str(game.register.path))
    if game.history:
        env.note_dependency(str(game.history.path))
    chain_words = book.root / CHAIN_WORDS
    if chain_words.exists():
        env.note_dependency(str(chain_words))
    env.note_dependency(str(game.original_path))
    code = Path(book.root, "src", *game.module.split("."))  # a module, or a package
    for path in [code.with_suffix(".py"), *sorted(code.glob("*.py"))]:
        if path.exists():
            env.note_dependency(str(path))


class GameDirective(SphinxDirective):
    """A directive about one game, named by its slug; its page is rebuilt when the game's
    sources change."""

    required_arguments = 1

    def entries(self) -> tuple[list[Entry], Lang]:
        """The game's entries, in its order, and the language of the page."""
        game, lang = self.game()
        return list(book_of(self.env).entries_in(game)), lang

    def game(self) -> tuple[Game, Lang]:
        """The game and the language of the page."""
        book = book_of(self.env)
        game = book.game(self.arguments[0])
        note_sources(self.env, book, game.slug)
        return game, lang_of(self.env.config.language)
