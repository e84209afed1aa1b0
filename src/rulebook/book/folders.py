"""Where the book keeps its files, named here only: one folder of rules per language; the
French one, the source of truth, also holds each game's register, history and source (its
original text and where it comes from), and the book's lists (published IDs, glossary, chain
words). A game's files are given from the book's root, for reading and for messages."""

from pathlib import Path

from rulebook.language import LANGUAGES, Lang


def rules_folder(lang: Lang) -> str:
    """The folder of a language's rules, from the book's root.

    >>> rules_folder("fr"), rules_folder("en")
    ('rules_fr', 'rules_en')
    """
    return f"rules_{lang}"


def rules_path(root: Path, lang: Lang) -> Path:
    """The folder of a language's rules in the book at ``root``."""
    return root / rules_folder(lang)


FR_DIR = rules_folder("fr")
EN_DIR = rules_folder("en")
RULES_FOLDERS = tuple(rules_folder(lang) for lang in LANGUAGES)


ORIGINALS = "original"  # the untouched sources, in the French folder


def original_file(slug: str) -> Path:
    """The game's source text, byte for byte.

    >>> original_file("port-royal-morgan").as_posix()
    'rules_fr/original/port-royal-morgan.txt'
    """
    return Path(FR_DIR, ORIGINALS, f"{slug}.txt")


def provenance_file(slug: str) -> Path:
    """Where the game's source comes from: its author, address and translator."""
    return Path(FR_DIR, ORIGINALS, f"{slug}.toml")


def register_file(slug: str) -> Path:
    """The game's corrections register: each change of wording from its source, and why."""
    return Path(FR_DIR, f"{slug}.corrections.toml")


def history_file(slug: str) -> Path:
    """Each of the game's rules' published versions (``rulebook publish``)."""
    return Path(FR_DIR, f"{slug}.history.toml")
