"""Citing a rule: its permanent short link, and ready quotes for forums (BBCode, Markdown).

The same function makes the quote for `rulebook cite` and for the site's copy buttons.
"""

from functools import partial

from rulebook.book import Book
from rulebook.book.cache import remembered
from rulebook.outputs.quote_markup import bbcode_text, markdown_text, render
from rulebook.site.urls import page_url, short_url
from rulebook.text.smart_quotes import smart

FORMATS = ("url", "bbcode", "markdown")

__all__ = ["FORMATS", "cite", "page_url", "short_url"]


def cite(book: Book, rule_id: str, lang: str, fmt: str, base: str | None = None) -> str:
    """A rule as a link, a BBCode quote or a Markdown quote, in French or English.

    The quote keeps the rule's paragraphs, lists, emphasis and tables, and links to the rule
    in the quote's language, naming the version it quotes (once the rule changes, the link
    says so to whoever follows it). Text from the rules file is data in both formats: it can neither
    close the quote nor add a link or markup of its own.
    """
    if fmt not in FORMATS:
        raise ValueError(f"cite: expected a format among {', '.join(FORMATS)}, got {fmt!r}")
    fr = book.rule(rule_id, "fr")
    game = book.game(fr.game)
    rules_file = game.fr if lang == "fr" else game.en
    if rules_file is None or lang not in ("fr", "en"):
        raise ValueError(f"cite: expected a language among fr, en, got {lang!r}")
    rule = book.rule(rule_id, lang)
    url = short_url(rule_id, base, lang, len(book.entry(rule_id).versions) or None)
    if fmt == "url":
        return url
    heading = smart(f"{rules_file.title} · {rule.title}", lang)  # curled, as on the site
    # The quote's body is a pure function of the rule's text: kept between builds.
    body = remembered(
        fmt, f"{lang}\0{rule.body}", partial(render, rule.body, fmt == "bbcode", lang)
    )
    if fmt == "bbcode":
        return (
            f"[quote][b]{bbcode_text(heading)}[/b] ({rule_id})\n\n{body}\n\n"
            f"[url={url}]{rule_id}[/url][/quote]"
        )
    lines = [
        f"**{markdown_text(heading)}** (`{rule_id}`)",
        "",
        *body.split("\n"),
        "",
        f"[{rule_id}]({url})",
    ]
    return "\n".join(f"> {line}" if line else ">" for line in lines)
