"""Defence in depth behind the check: the rules files' markdown never renders as live markup.

The published site is built only from a book the check accepts (``rulebook site`` refuses
the others), but ``make live`` builds whatever is being edited. So, in every build:

- MyST reads raw HTML as text (``myst_disable_syntax``), so ``<script>`` shows as written;
- docutils refuses ``raw`` and file inclusion (``{raw}``, ``{eval-rst}`` holding
  ``.. raw::``, ``{include}``, ``{literalinclude}``);
- any raw HTML node left in a page that is not one of the extension's own templates is
  dropped (a file's front matter can turn MyST's HTML back on), and so are HTML meta tags
  and any link or image address that is not http, https, mailto or on the site.
"""

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util import logging

from rulebook.site.sphinxext.html_templates import TEMPLATE_MARK
from rulebook.text.markup import safe_href

logger = logging.getLogger(__name__)
HTML_SYNTAX = ("html_block", "html_inline")


def disable_html(app: Sphinx, config: Config) -> None:
    config.myst_disable_syntax = [*config.myst_disable_syntax, *HTML_SYNTAX]


def disable_raw(app: Sphinx) -> None:
    app.env.settings.update(raw_enabled=False, file_insertion_enabled=False)


def purge(app: Sphinx, doctree: nodes.document) -> None:
    for meta in list(doctree.findall(nodes.meta)):  # a front matter's html_meta: a refresh…
        logger.warning("HTML meta tag dropped: not allowed in a rules file", location=meta)
        meta.parent.remove(meta)
    for raw in list(doctree.findall(nodes.raw)):
        if not raw.get(TEMPLATE_MARK):
            logger.warning("raw HTML dropped: not allowed in a rules file", location=raw)
            raw.parent.remove(raw)
    for ref in list(doctree.findall(nodes.reference)):
        if "refuri" in ref and not safe_href(ref["refuri"]):
            logger.warning("link to %r dropped", ref["refuri"], location=ref)
            ref.replace_self(nodes.inline("", "", *ref.children))
    for image in list(doctree.findall(nodes.image)):
        if not safe_href(image.get("uri", "")):
            logger.warning("image %r dropped", image.get("uri"), location=image)
            image.parent.remove(image)


def setup_safe_markup(app: Sphinx) -> None:
    app.connect("config-inited", disable_html)
    app.connect("builder-inited", disable_raw)
    # Before Sphinx's collectors copy the titles into the tables of contents.
    app.connect("doctree-read", purge, priority=100)
