"""Citing a rule: its permanent short link, and ready quotes for forums (BBCode, Markdown).

The same function makes the quote for `rulebook cite` and for the site's copy buttons.
"""

from functools import partial

from rulebook.addresses import page_url, short_url
from rulebook.book import Book
from rulebook.book.cache import remembered
from rulebook.book.extract import markdown
from rulebook.book.model import Rule
from rulebook.language import LANGUAGES, Lang, catalog, is_lang, punctuation, text
from rulebook.outputs.quote_markup import bbcode_text, markdown_text, render
from rulebook.text.smart_quotes import smart

FORMATS = ("url", "bbcode", "markdown")

__all__ = ["FORMATS", "Untranslated", "cite", "page_url", "short_url"]


class Untranslated(ValueError):
    """A rule with no text yet in the language asked for (its game has no file in it, or the
    file lacks the rule): names the rule.

    >>> str(Untranslated("pr-end", "en"))
    'pr-end: no English text of this rule yet'
    """

    def __init__(self, rule_id: str, lang: Lang) -> None:
        super().__init__(f"{rule_id}: no {catalog(lang).english_name} text of this rule yet")
        self.rule_id = rule_id
        self.lang = lang


def cite(book: Book, rule_id: str, lang: Lang, fmt: str, base: str | None = None) -> str:
    """A rule as a link, a BBCode quote or a Markdown quote, in French or English.

    The quote keeps the rule's paragraphs, lists (nested ones nested), emphasis and tables,
    and links to the rule in the quote's language, naming the version it quotes (once the rule
    changes, the link says so to whoever follows it). A rule that introduces the next rule's
    table ("… in this table:") is quoted with that rule, under its own title and link
    (``introduced_table``); one that leads into the next rule otherwise ("… the process is as
    follows:") ends with a link to it (``read_on``). Text from the rules file is data in both
    formats: it can neither close the quote nor add a link or markup of its own.
    """
    if fmt not in FORMATS:
        raise ValueError(f"cite: expected a format among {', '.join(FORMATS)}, got {fmt!r}")
    if not is_lang(lang):
        raise ValueError(f"cite: expected a language among {', '.join(LANGUAGES)}, got {lang!r}")
    game = book.game(book.rule(rule_id, "fr").game)
    rules_file = game.rules_in(lang)
    if rules_file is None or book.entry(rule_id).rule(lang) is None:
        raise Untranslated(rule_id, lang)
    if fmt == "url":
        return short_url(rule_id, base, lang, len(book.entry(rule_id).versions) or None)
    quoted = [rule_id, *introduced_table(book, rule_id, lang)]
    rules = [book.rule(each, lang) for each in quoted]
    urls = [short_url(each, base, lang, len(book.entry(each).versions) or None) for each in quoted]
    # Curled, as on the site; the first part is named with its game.
    titles = [smart(f"{rules_file.title} · {rules[0].title}", lang)]
    titles += [smart(rule.title, lang) for rule in rules[1:]]
    bodies = [quote_body(rule, fmt) for rule in rules]
    following = read_on(book, quoted[-1], lang)
    then = text(lang, "quote_read_on") + punctuation(lang, ":") + " "
    if following:
        next_title = smart(book.rule(following, lang).title, lang)
        next_url = short_url(following, base, lang, len(book.entry(following).versions) or None)
    if fmt == "bbcode":
        parts = [
            f"[b]{bbcode_text(title)}[/b] ({each})\n\n{body}"
            for title, each, body in zip(titles, quoted, bodies, strict=True)
        ]
        if following:
            parts.append(f"{then}[url={next_url}]{bbcode_text(next_title)}[/url] ({following})")
        links = " · ".join(
            f"[url={url}]{each}[/url]" for url, each in zip(urls, quoted, strict=True)
        )
        return "[quote]" + "\n\n".join(parts) + f"\n\n{links}[/quote]"
    lines: list[str] = []
    for title, each, body in zip(titles, quoted, bodies, strict=True):
        lines += [f"**{markdown_text(title)}** (`{each}`)", "", *body.split("\n"), ""]
    if following:
        lines += [f"{then}[{markdown_text(next_title)}]({next_url}) (`{following}`)", ""]
    lines.append(" · ".join(f"[{each}]({url})" for url, each in zip(urls, quoted, strict=True)))
    return "\n".join(f"> {line}" if line else ">" for line in lines)


def quote_body(rule: Rule, fmt: str) -> str:
    """A rule's text as a quote holds it, ``fmt`` "bbcode" or "markdown", without its title
    or link (``rules.json`` carries the Markdown one). A pure function of the rule's text:
    kept between builds."""
    bbcode = fmt == "bbcode"
    return remembered(  # key: the format (its kind), the language and the rule's body
        fmt, f"{rule.lang}\0{rule.body}", partial(render, rule.body, bbcode, rule.lang)
    )


def read_on(book: Book, rule_id: str, lang: Lang) -> str | None:
    """The rule after this one, when this one's text ends with a colon that leads into it
    and does not introduce its table (``fs-draw-phase``, "… the draw process is as follows:",
    and ``fs-draw-first-card``): a quote of this rule ends with a link to it, so that the
    reader of the forum can read on. Decided on the French, the source of truth; None when
    there is no such rule, or it has no text in ``lang``."""
    fr = book.rule(rule_id, "fr")
    rules = book.game(fr.game).fr.rules
    at = [rule.id for rule in rules].index(rule_id)
    if at + 1 == len(rules) or not fr.text.rstrip().endswith(":"):
        return None
    following = rules[at + 1].id
    if introduced_table(book, rule_id, lang) or book.entry(following).rule(lang) is None:
        return None
    return following


def introduced_table(book: Book, rule_id: str, lang: Lang) -> list[str]:
    """The rule after this one, as a list of its ID, when this one introduces its table: this
    rule's text ends with a colon ("… in this table:") and the next rule of the file opens with
    a table (``pr-morgan-points`` and ``pr-morgan-points-table``). Otherwise nothing.

    Quoted with it, rather than linked: the reader of the forum looks the number up where the
    rule says to, and the table is a rule of its own, quoted whole under its own ID and link,
    so nothing is rewritten or cut. Decided on the French, the source of truth, so that both
    languages quote the same rules.
    """
    fr = book.rule(rule_id, "fr")
    rules = book.game(fr.game).fr.rules
    at = [rule.id for rule in rules].index(rule_id)
    if at + 1 == len(rules) or not fr.text.rstrip().endswith(":"):
        return []
    after = rules[at + 1]
    tokens = markdown().parse(after.body)
    if not tokens or tokens[0].type != "table_open" or book.entry(after.id).rule(lang) is None:
        return []
    return [after.id]
