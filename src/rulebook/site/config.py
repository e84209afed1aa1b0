"""The site's settings, shared by both builds. Its words are each language's catalog
(``rulebook.language``)."""

from dataclasses import dataclass

from rulebook.addresses import ADDRESSES, Addresses
from rulebook.language import LANGUAGES


def page_alternates(page: str, base: str) -> list[tuple[str, str]]:
    """The ``hreflang`` alternates of a page (its path within a language's folder), absolute.

    ``x-default``, for readers of neither language, is the root for the home pages: the root
    page sends each reader to their language. Other pages have no neutral version, so it is
    the French page, the book's reference text (the English pages say so when they lag).

    >>> page_alternates("index.html", "https://x.org/")[-1]
    ('x-default', 'https://x.org/')
    >>> page_alternates("glossary.html", "https://x.org/")[-1]
    ('x-default', 'https://x.org/fr/glossary.html')
    """
    alternates = [(code, f"{base}{code}/{page}") for code in LANGUAGES]
    return [*alternates, ("x-default", base if page == "index.html" else alternates[0][1])]


@dataclass(frozen=True)
class SiteConfig(Addresses):
    """Settings for both language builds: the addresses links are made with (read once, in
    ``rulebook.addresses``). The site's title and the languages' names are words of each
    language's catalog (``site_title``, ``Catalog.name``)."""


CONFIG = SiteConfig(ADDRESSES.base_url, ADDRESSES.repo_url)
