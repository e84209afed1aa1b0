"""Live editing (`make live`): the check runs with every build and its result is on the page.

Only when ``rulebook_live`` is set: the published site never shows it.
"""

from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

from rulebook.book.model import Problem
from rulebook.language import Lang, lang_of, punctuation, text
from rulebook.site.sphinxext.book_source import book_of

logger = logging.getLogger(__name__)
_PROBLEMS: list[Problem] = []


def run_check(app: Sphinx) -> None:
    if not app.config.rulebook_live:
        return
    from rulebook.checks import run_checks  # every check's imports, for live builds only

    book = book_of(app.env)
    _PROBLEMS[:] = run_checks(book)
    for problem in _PROBLEMS:
        logger.warning(problem.format(book.root), type="rulebook", subtype="check")
    logger.info(f"rulebook check: {len(_PROBLEMS)} problem(s)")


def check_words(lang: Lang) -> dict[str, str]:
    """The banner's words in the page's language: the colon after "rulebook check", what
    the count counts, what the page's own count means.

    >>> check_words("fr")["colon"], check_words("en")["here"]
    ('\\xa0:', 'on this page, in bold')
    """
    words = {"problems": text(lang, "live_problems"), "here": text(lang, "live_here")}
    return words | {"colon": punctuation(lang, ":")}


def show_check(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: object
) -> None:
    if not app.config.rulebook_live:
        return
    root = book_of(app.env).root
    page_source = str(app.env.doc2path(pagename)) if pagename in app.env.all_docs else ""
    here = [str(p.path) == page_source or pagename.endswith(p.rule) for p in _PROBLEMS]
    # Every problem the count counts, this page's first (the banner marks them).
    problems = sorted(zip(here, _PROBLEMS, strict=True), key=lambda pair: not pair[0])
    context["rb_check"] = {
        "words": check_words(lang_of(app.config.language)),
        "total": len(_PROBLEMS),
        "here_count": sum(here),
        "problems": [{"line": p.format(root), "here": mine} for mine, p in problems],
    }


def setup_live(app: Sphinx) -> None:
    app.add_config_value("rulebook_live", False, "env", types=[bool])
    app.connect("builder-inited", run_check)
    app.connect("html-page-context", show_check)
