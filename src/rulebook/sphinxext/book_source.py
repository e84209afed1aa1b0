"""The book as the extension sees it: loaded once per build process, from ``rulebook_root``."""

from pathlib import Path

from sphinx.environment import BuildEnvironment

from rulebook.book import Book, load_book

_BOOKS: dict[str, Book] = {}


def book_of(env: BuildEnvironment) -> Book:
    root = env.config.rulebook_root or str(Path(env.srcdir).parent)
    if root not in _BOOKS:
        _BOOKS[root] = load_book(Path(root))
    return _BOOKS[root]


def note_sources(env: BuildEnvironment, book: Book, slug: str) -> None:
    """Rebuild the page when the French rules, the register or the code change."""
    game = book.game(slug)
    env.note_dependency(str(game.fr.path))
    if game.register:
        env.note_dependency(str(game.register.path))
    env.note_dependency(str(game.original_path))
    module_file = Path(book.root, "src", *game.module.split(".")).with_suffix(".py")
    if module_file.exists():
        env.note_dependency(str(module_file))
