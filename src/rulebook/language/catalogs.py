"""The book's two languages and each one's catalog, read by the site, the PDFs, the checks
and the command line alike."""

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal, TypeGuard

from rulebook.language import en, fr

Lang = Literal["fr", "en"]
# French first: the reference text, the one the original is cleaned into.
LANGUAGES: tuple[Lang, ...] = ("fr", "en")


@dataclass(frozen=True)
class Catalog:
    """What one language's modules hold (``fr``, ``en``): its name in itself and in English,
    its locale, its words by key, and the theme's interface words by their English."""

    lang: Lang
    name: str
    english_name: str
    locale: str
    words: Mapping[str, str]
    theme: Mapping[str, str]


# Spelled out, not looped over the modules: mypy then holds each module to every field.
_CATALOGS: dict[Lang, Catalog] = {
    "fr": Catalog(
        "fr",
        fr.NAME,
        fr.ENGLISH_NAME,
        fr.LOCALE,
        MappingProxyType(fr.WORDS),
        MappingProxyType(fr.THEME),
    ),
    "en": Catalog(
        "en",
        en.NAME,
        en.ENGLISH_NAME,
        en.LOCALE,
        MappingProxyType(en.WORDS),
        MappingProxyType(en.THEME),
    ),
}


def is_lang(value: object) -> TypeGuard[Lang]:
    """Whether ``value`` names one of the book's languages.

    >>> is_lang("fr"), is_lang("de"), is_lang(None)
    (True, False, False)
    """
    return value in LANGUAGES


def lang_of(value: object) -> Lang:
    """``value`` when it names a language of the book, else English: a Sphinx build's
    ``language`` (``None`` when unset), the language of a page that has none.

    >>> lang_of("fr"), lang_of(None)
    ('fr', 'en')
    """
    return value if is_lang(value) else "en"


def other_language(lang: Lang) -> Lang:
    """The book's other language: a page shows a term, a title or a link in it beside its own.

    >>> other_language("fr"), other_language("en")
    ('en', 'fr')
    """
    return next(code for code in LANGUAGES if code != lang)


def catalog(lang: Lang) -> Catalog:
    return _CATALOGS[lang]


def text(lang: Lang, key: str) -> str:
    """One word of ``lang``'s catalog, by its key (a ``KeyError`` names an unknown key).

    >>> text("fr", "try_run"), text("en", "try_run")
    ('Lancer', 'Run')
    """
    return _CATALOGS[lang].words[key]
