"""Where the book keeps its rules: one folder per language, named here only. The French one
is the source of truth, and also holds the registers, the histories and the book's lists
(published IDs, glossary, chain words)."""

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
