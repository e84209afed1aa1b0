"""The files around the two language builds: the root page, sitemaps, robots.txt, the 404.

Sitemaps are written here rather than by sphinx-sitemap: it lists only the pages a build
rewrote, so the incremental build `rulebook site` runs would publish a sitemap missing every
unchanged page (jdillard/sphinx-sitemap#13, open), and it has no ``x-default`` alternate.
"""

import html
import re
from pathlib import Path
from urllib.parse import urlsplit
from xml.etree import ElementTree

from rulebook.book.files import write_whole
from rulebook.language import LANGUAGES, Lang, catalog, punctuation, text
from rulebook.site.config import page_alternates
from rulebook.site.previews import summary
from rulebook.site.short_links import PAGES

SITEMAP = "http://www.sitemaps.org/schemas/sitemap/0.9"
XHTML = "http://www.w3.org/1999/xhtml"
# Pages for a reader of the book, not for a search engine's index.
NOT_LISTED = {"search.html", "genindex.html"}


def built_pages(out: Path, lang: Lang) -> list[str]:
    """The HTML pages of one language build, relative to its folder."""
    folder = out / lang
    pages = (p.relative_to(folder).as_posix() for p in folder.rglob("*.html"))
    return sorted(p for p in pages if not p.startswith("_") and p not in NOT_LISTED)


def sitemap(out: Path, lang: Lang, base: str) -> str:
    """Every page of a language with its alternates in every language and x-default."""
    ElementTree.register_namespace("", SITEMAP)
    ElementTree.register_namespace("xhtml", XHTML)
    urlset = ElementTree.Element(f"{{{SITEMAP}}}urlset")
    for page in built_pages(out, lang):
        url = ElementTree.SubElement(urlset, f"{{{SITEMAP}}}url")
        ElementTree.SubElement(url, f"{{{SITEMAP}}}loc").text = f"{base}{lang}/{page}"
        for code, href in page_alternates(page, base):
            if code in LANGUAGES and not (out / code / page).exists():
                continue
            attributes = {"rel": "alternate", "hreflang": code, "href": href}
            ElementTree.SubElement(url, f"{{{XHTML}}}link", attributes)
    ElementTree.indent(urlset)
    return ElementTree.tostring(urlset, encoding="unicode", xml_declaration=True) + "\n"


def sitemap_index(base: str) -> str:
    ElementTree.register_namespace("", SITEMAP)
    index = ElementTree.Element(f"{{{SITEMAP}}}sitemapindex")
    for lang in LANGUAGES:
        entry = ElementTree.SubElement(index, f"{{{SITEMAP}}}sitemap")
        ElementTree.SubElement(entry, f"{{{SITEMAP}}}loc").text = f"{base}{lang}/sitemap.xml"
    ElementTree.indent(index)
    return ElementTree.tostring(index, encoding="unicode", xml_declaration=True) + "\n"


def robots(base: str) -> str:
    """Every page may be crawled (link previews read the short links); the sitemaps named.
    Crawlers read robots.txt only at a host's root: under a path, it is not read."""
    sitemaps = [f"{base}sitemap.xml"] + [f"{base}{lang}/sitemap.xml" for lang in LANGUAGES]
    lines = ["User-agent: *", "Disallow:", ""] + [f"Sitemap: {url}" for url in sitemaps]
    return "\n".join(lines) + "\n"


def home_description(out: Path, lang: Lang) -> str:
    """The description the language build gave its home page, shortened to share the root
    page's with the other language (unescaped: the template escapes it again)."""
    home = out / lang / "index.html"
    found = home.exists() and re.search(
        r'<meta name="description" content="([^"]*)"', home.read_text(encoding="utf-8")
    )
    return summary(html.unescape(found.group(1)), 150) if found else ""


def write_root_page(out: Path, base: str) -> None:
    """The root page: it sends each reader to the home page in their browser's language."""
    page = PAGES.get_template("root.html").render(
        title=" · ".join(text(code, "site_title") for code in LANGUAGES),
        base=base,
        alternates=page_alternates("index.html", base),
        description=" / ".join(filter(None, (home_description(out, c) for c in LANGUAGES))),
        languages=[(code, catalog(code).name) for code in LANGUAGES],
    )
    write_whole(out / "index.html", page)


def not_found_words(lang: Lang) -> dict[str, str]:
    """One language's section of the 404 page: its words, written into the page when it is
    built, so that the page reads the same with no script.

    >>> not_found_words("fr")["guess"]
    'Vouliez-vous dire\xa0:'
    """
    keys = ("title", "lead", "home", "no_rule")
    words = {key: text(lang, f"not_found_{key}") for key in keys}
    return words | {"lang": lang, "guess": text(lang, "not_found_guess") + punctuation(lang, ":")}


def write_not_found(out: Path, base: str) -> None:
    """The 404 page, in both languages; hosts serve it for any missing address."""
    page = PAGES.get_template("not_found.html").render(
        root=urlsplit(base).path or "/",
        site=" · ".join(text(code, "site_title") for code in LANGUAGES),
        sections=[not_found_words(code) for code in LANGUAGES],
    )
    write_whole(out / "404.html", page)


def write_search_files(out: Path, base: str) -> None:
    """A sitemap per language, the sitemap index and robots.txt, all at absolute addresses."""
    for lang in LANGUAGES:
        write_whole(out / lang / "sitemap.xml", sitemap(out, lang, base))
    write_whole(out / "sitemap.xml", sitemap_index(base))
    write_whole(out / "robots.txt", robots(base))
