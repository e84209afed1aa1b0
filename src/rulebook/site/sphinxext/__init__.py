"""The Sphinx extension that turns the rules files into the site.

Each component is a module with a ``setup_x(app)`` that only registers: rule blocks,
the not-a-quantity role, the corrections page, the home page's game list, the language
links. The book (rules, registers, code) is read once per build from ``rulebook_root``.
"""

import hashlib
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config

from rulebook import __version__
from rulebook.book import cache
from rulebook.language import lang_of, text
from rulebook.site.pdf import can_print
from rulebook.site.sphinxext.apostrophes import setup_apostrophes
from rulebook.site.sphinxext.book_source import book_root
from rulebook.site.sphinxext.changes_page import setup_changes
from rulebook.site.sphinxext.code_reference import setup_code_reference
from rulebook.site.sphinxext.companion_page import setup_companion
from rulebook.site.sphinxext.corrections import setup_corrections
from rulebook.site.sphinxext.credits import setup_credits
from rulebook.site.sphinxext.editors_addition import setup_editors_addition
from rulebook.site.sphinxext.footer import setup_footer
from rulebook.site.sphinxext.glossary_page import setup_glossary
from rulebook.site.sphinxext.home import setup_home
from rulebook.site.sphinxext.icons import setup_icons
from rulebook.site.sphinxext.languages import setup_languages
from rulebook.site.sphinxext.live import setup_live
from rulebook.site.sphinxext.nq import setup_nq
from rulebook.site.sphinxext.page_titles import setup_page_titles
from rulebook.site.sphinxext.player_aid import setup_player_aid
from rulebook.site.sphinxext.rule import setup_rule
from rulebook.site.sphinxext.safe_markup import setup_safe_markup
from rulebook.site.sphinxext.search import setup_search
from rulebook.site.sphinxext.side_by_side import setup_side_by_side
from rulebook.site.sphinxext.stale_pages import setup_stale_pages
from rulebook.site.sphinxext.template_cache import setup_template_cache
from rulebook.site.sphinxext.term_links import setup_term_links
from rulebook.site.sphinxext.theme_words import setup_theme_words
from rulebook.site.sphinxext.traceability import setup_traceability
from rulebook.site.try_it import pyodide_release

HERE = Path(__file__).parent


def code_digest() -> str:
    """The extension's code and what renders with it: the package (its games aside: a game
    page notes its own module's files) and the installed distributions (a new MyST, furo or
    sphinx-design writes other pages, and Sphinx's environment does not know their versions)."""
    digest = hashlib.sha256()
    for path in sorted(HERE.parent.parent.rglob("*")):  # the whole package, games aside
        if path.suffix in (".py", ".js", ".css", ".html") and "games" not in path.parts:
            digest.update(path.read_bytes())
    digest.update(cache.installed_distributions().encode("utf-8", "surrogatepass"))
    return digest.hexdigest()[:16]


def add_paths(app: Sphinx, config: Config) -> None:
    config.html_static_path.append(str(HERE / "static"))
    config.templates_path.append(str(HERE / "templates"))
    config.html_title = text(lang_of(config.language), "site_title")
    config.project = config.html_title
    # The footer's "©" line (rb-footer.html); the licence is in LICENSE.
    config.copyright = f"2026 {config.html_title}"


def setup(app: Sphinx) -> dict[str, Any]:
    cache.enable_from_environment()  # `rulebook site` shares its kept parses (book/cache.py)
    app.setup_extension("myst_parser")
    app.setup_extension("sphinx_design")
    app.setup_extension("sphinx_copybutton")
    app.add_config_value("rulebook_root", "", "env", types=[str])
    # A digest of the extension's own code: when it changes, every page is rebuilt.
    app.add_config_value("rulebook_code_digest", code_digest(), "env", types=[str])
    # Whether the game pages link to their PDF: only where `rulebook site` can print it.
    app.add_config_value("rulebook_pdf", can_print(), "env", types=[bool])
    # The Pyodide release the pages offer "try it" and the companions with, "" where none is
    # installed: installed, upgraded or removed (npm), every page is built again.
    release = pyodide_release(book_root(app.config, app.srcdir))
    app.add_config_value("rulebook_try", release, "env", types=[str])
    app.connect("config-inited", add_paths)
    app.add_css_file("rulebook.css")
    # The pages around the rules (home, review pages, footer, live banner), both schemes.
    app.add_css_file("pages.css")
    app.add_css_file("print.css", media="print")
    app.add_js_file("rulebook.js")
    setup_rule(app)
    setup_apostrophes(app)
    setup_side_by_side(app)
    setup_traceability(app)
    setup_nq(app)
    setup_editors_addition(app)
    setup_code_reference(app)
    setup_template_cache(app)
    setup_changes(app)
    setup_companion(app)
    setup_player_aid(app)
    setup_corrections(app)
    setup_credits(app)
    setup_home(app)
    setup_glossary(app)
    setup_term_links(app)
    setup_languages(app)
    setup_theme_words(app)
    setup_live(app)
    setup_safe_markup(app)
    setup_search(app)
    setup_footer(app)
    setup_stale_pages(app)
    setup_page_titles(app)
    setup_icons(app)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
