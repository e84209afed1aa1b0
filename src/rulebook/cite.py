"""Citing a rule: its permanent short link, and ready quotes for forums (BBCode, Markdown).

The same function makes the quote for `rulebook cite` and for the site's copy buttons.
"""

from rulebook.book import Book
from rulebook.prose import plain_text
from rulebook.site_config import CONFIG

FORMATS = ("url", "bbcode", "markdown")


def short_url(rule_id: str, base: str | None = None) -> str:
    """The language-neutral link that always leads to the rule, in the reader's language.

    >>> short_url("pr-end", "https://example.org/")
    'https://example.org/r/pr-end/'
    """
    return f"{CONFIG.base_url if base is None else base}r/{rule_id}/"


def page_url(rule_id: str, slug: str, lang: str, base: str | None = None) -> str:
    return f"{CONFIG.base_url if base is None else base}{lang}/{slug}.html#{rule_id}"


def cite(book: Book, rule_id: str, lang: str, fmt: str, base: str | None = None) -> str:
    """A rule as a link, a BBCode quote or a Markdown quote, in French or English."""
    if fmt not in FORMATS:
        raise ValueError(f"cite: expected a format among {', '.join(FORMATS)}, got {fmt!r}")
    fr = book.rule(rule_id, "fr")
    game = book.game(fr.game)
    rules_file = game.fr if lang == "fr" else game.en
    if rules_file is None:
        raise ValueError(f"cite: expected a language among fr, en, got {lang!r}")
    rule = book.rule(rule_id, lang)
    url = short_url(rule_id, base)
    heading = f"{rules_file.title} · {rule.title}"
    text = plain_text(rule)
    if fmt == "url":
        return url
    if fmt == "bbcode":
        return f"[quote][b]{heading}[/b] ({rule_id})\n{text}\n[url={url}]{rule_id}[/url][/quote]"
    quoted = "\n".join(f"> {line}" for line in text.split("\n"))
    return f"> **{heading}** (`{rule_id}`)\n>\n{quoted}\n>\n> [{rule_id}]({url})"
