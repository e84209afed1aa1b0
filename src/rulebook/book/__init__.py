"""The book model and its loading: rules files, registers and the code they name, read once.

The path of the data through the package: ``book`` (read the files into records) →
``text`` (analyse their prose) → ``checks`` (hold French, English and code to each other) →
``outputs`` and ``site`` (what readers get). ``kit`` is what the game modules import. Each
layer imports only those before it (``errors``, ``kit``, ``games``, ``companions`` come
first, ``addresses`` just before ``outputs``): ``make lint`` holds it to that order.
"""

from rulebook.book.folders import EN_DIR, FR_DIR
from rulebook.book.load import PUBLISHED, Book, load_book

__all__ = ["EN_DIR", "FR_DIR", "PUBLISHED", "Book", "load_book"]
