"""Each page knows its other-language version: the switch link and ``hreflang`` alternates."""

from typing import Any

from sphinx.application import Sphinx

from rulebook.site_config import CONFIG, LANGUAGES


def add_language_links(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: object
) -> None:
    lang = app.config.language or "en"
    depth = pagename.count("/")
    up = "../" * (depth + 1)
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
