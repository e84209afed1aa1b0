"""Generated HTML from templates: the review pages' bodies and a rule's dropdowns and lines.

A review page holds thousands of cells, and each rule block carries two dropdowns and a few
generated lines. As docutils nodes they took over half of each language's build, since
every transform walks every node; rendered from autoescaped Jinja templates into raw nodes,
they take milliseconds. The rules' own text stays docutils, parsed from the markdown.
Quoted source text is shown exactly as written, straight apostrophes included: a
proof-reader compares characters. Editorial text (titles, reasons, interface words) gets
the smart quotes the rest of the site has.
"""

from pathlib import Path
from typing import Any

import jinja2
from docutils import nodes
from markupsafe import Markup

from rulebook.language import Lang, punctuation, text
from rulebook.text.smart_quotes import smart

_ENV = jinja2.Environment(
    loader=jinja2.FileSystemLoader(Path(__file__).parent / "html"),
    autoescape=True,
    undefined=jinja2.StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
)


@jinja2.pass_context
def typographic(context: jinja2.runtime.Context, value: str) -> str:
    return smart(value, context["lang"])


_ENV.filters["typographic"] = typographic


def keep_compiled(compiled: jinja2.BytecodeCache | None) -> None:
    """Where these templates are kept compiled between builds: a Sphinx build's own folder
    (``template_cache``), never the cache folder, which holds only data."""
    _ENV.bytecode_cache = compiled


# Set on the raw nodes made here: the only raw HTML a page may hold (see safe_markup).
TEMPLATE_MARK = "rb_template"


def html_block(
    template: str, lang: Lang, classes: tuple[str, ...] = (), **context: Any
) -> nodes.raw:
    """One raw HTML node: ``template`` rendered with the page's interface words. Its classes
    reach the search index (``no-search`` keeps it out), not the HTML."""
    node = nodes.raw("", html_text(template, lang, **context), format="html", classes=list(classes))
    node[TEMPLATE_MARK] = True
    return node


def html_text(template: str, lang: Lang, **context: Any) -> Markup:
    """``template`` rendered with the page's interface words, as markup for another one."""
    return Markup(
        _ENV.get_template(template).render(
            lang=lang,
            t=lambda key: smart(text(lang, key), lang),
            colon=punctuation(lang, ":") + " ",
            **context,
        )
    )
