"""Each page knows its other-language version (the switch link, ``hreflang`` alternates) and
describes itself for link previews (OpenGraph)."""

from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

from rulebook.site_config import CONFIG, LANGUAGES


def description(doctree: object) -> str:
    """The first words of a page, for link previews."""
    if not isinstance(doctree, nodes.document):
        return ""
    for para in doctree.findall(nodes.paragraph):
        words = " ".join(para.astext().split())
        if len(words) > 40:
            return words if len(words) <= 200 else words[:199] + "…"
    return ""


def add_language_links(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: object
) -> None:
    lang = app.config.language or "en"
    depth = pagename.count("/")
    up = "../" * (depth + 1)
    context["rb_page_url"] = f"{CONFIG.base_url}{lang}/{pagename}.html"
    context["rb_locale"] = {"fr": "fr_FR", "en": "en_GB"}[lang]
    context["rb_description"] = description(doctree)
    context["rb_languages"] = [
        {
            "code": code,
            "name": CONFIG.language_names[code],
            "url": f"{up}{code}/{pagename}.html",
            "current": code == lang,
        }
        for code in LANGUAGES
    ]


def setup_languages(app: Sphinx) -> None:
    app.connect("html-page-context", add_language_links)
