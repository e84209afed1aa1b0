"""Compiled page templates kept between builds.

Every Sphinx process compiles furo's and the book's page templates (some twenty) before it
writes a page: 0.2 s of a one-rule rebuild. Jinja's own bytecode cache keeps them in the
book's cache folder (``book/cache.py``), each named by its template and checked against its
source, so an edited template is compiled again. Without the cache folder (``RULEBOOK_CACHE=off``,
or a plain ``sphinx-build``), nothing is kept.
"""

from jinja2 import FileSystemBytecodeCache
from sphinx.application import Sphinx

from rulebook.book import cache


def keep_compiled_templates(app: Sphinx) -> None:
    folder = cache.folder()
    templates = getattr(app.builder, "templates", None)
    environment = getattr(templates, "environment", None)
    if folder is None or environment is None:
        return
    kept = folder / "templates"
    kept.mkdir(parents=True, exist_ok=True)
    environment.bytecode_cache = FileSystemBytecodeCache(str(kept))


def setup_template_cache(app: Sphinx) -> None:
    app.connect("builder-inited", keep_compiled_templates)
