"""Each page knows its other-language version (the switch link, ``hreflang`` alternates),
its public address (canonical link, through ``html_baseurl``) and describes itself for link
previews (OpenGraph).

sphinxext-opengraph is not used: its description is every text leaf of the page in order
(a rule block's labels, a table's cells), where a preview wants the page's first prose
sentences; and it gives neither ``og:locale`` nor the ``hreflang`` alternates. Sphinx's own
``html_baseurl`` gives the canonical link, so this module sets it.
"""

from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.errors import ConfigError

from rulebook.addresses import base_url_error, repo_url_error
from rulebook.language import LANGUAGES, catalog, lang_of, text
from rulebook.site.config import CONFIG, page_alternates
from rulebook.site.previews import one_line, summary
from rulebook.site.sphinxext.book_source import book_of
from rulebook.site.try_it import MANIFEST, THEME_COLOUR, can_try

# Text that is not the page's prose: tables, notes, code, generated blocks.
NOT_PROSE = (
    nodes.table,
    nodes.Admonition,
    nodes.literal_block,
    nodes.footnote,
    nodes.sidebar,
    nodes.system_message,
)


def is_prose(paragraph: nodes.paragraph) -> bool:
    parent = paragraph.parent
    while parent is not None:
        if isinstance(parent, NOT_PROSE):
            return False
        parent = parent.parent
    return True


def description(doctree: object, limit: int = 200) -> str:
    """The first sentences of a page's first paragraph of prose, for link previews."""
    if not isinstance(doctree, nodes.document):
        return ""
    for para in doctree.findall(nodes.paragraph):
        words = one_line(para.astext())
        if len(words) > 40 and is_prose(para):
            return summary(words, limit)
    return ""


def set_base_url(app: Sphinx, config: Config) -> None:
    """Canonical links from Sphinx's ``html_baseurl``: the public address of the language."""
    error = base_url_error(config.rulebook_base_url) or repo_url_error(CONFIG.repo_url)
    if error:
        raise ConfigError(error)
    config.html_baseurl = f"{config.rulebook_base_url}{lang_of(config.language)}/"


def add_language_links(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: object
) -> None:
    lang = lang_of(app.config.language)
    up = "../" * (pagename.count("/") + 1)
    base = app.config.rulebook_base_url
    context["rb_page_url"] = context.get("pageurl") or f"{base}{lang}/{pagename}.html"
    context["rb_locale"] = catalog(lang).locale
    context["rb_other_locales"] = [catalog(code).locale for code in LANGUAGES if code != lang]
    context["rb_description"] = description(doctree)
    context["rb_alternates"] = page_alternates(f"{pagename}.html", base)
    context["rb_languages"] = [
        {
            "code": code,
            "name": catalog(code).name,
            "url": f"{up}{code}/{pagename}.html",
            "current": code == lang,
        }
        for code in LANGUAGES
    ]
    # Named in every language, the page's first: a reader who cannot read the page's language
    # still finds the switch that leads to their own.
    context["rb_languages_label"] = " / ".join(
        text(code, "language_switch") for code in sorted(LANGUAGES, key=lambda c: c != lang)
    )
    # The book as an app a phone installs (try_it.py writes the manifests, with Pyodide).
    if can_try(book_of(app.env).root):
        context["rb_manifest"] = up + MANIFEST.format(lang=lang)
        context["rb_theme_colour"] = THEME_COLOUR


def setup_languages(app: Sphinx) -> None:
    # A config value, so that a new public address rebuilds every page: the rule blocks
    # carry their citations (with the address) from the time the rules are read.
    app.add_config_value("rulebook_base_url", CONFIG.base_url, "env", types=[str])
    app.connect("config-inited", set_base_url)
    app.connect("html-page-context", add_language_links)
