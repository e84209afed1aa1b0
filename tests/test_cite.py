"""Forum quotes keep their structure and stay quotes: rendered by a real BBCode library (the
``bbcode`` package, phpBB's tags) and by markdown-it, as a forum would."""

from html.parser import HTMLParser

import bbcode
import pytest
from markdown_it import MarkdownIt

from rulebook.book import Book, load_book
from rulebook.outputs.cite import cite, short_url
from rulebook.outputs.quote_markup import render
from tests.conftest import ROOT, BookCopy

BASE = "https://rules.test/"


class Elements(HTMLParser):
    """The elements of an HTML fragment: tags with their attributes, and the text."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.closed: list[str] = []
        self.text: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        self.closed.append(tag)

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def named(self, tag: str) -> list[dict[str, str | None]]:
        return [attrs for name, attrs in self.tags if name == tag]


def phpbb(quote: str) -> Elements:
    """A BBCode quote as a phpBB-style forum shows it (URLs in text linked, as phpBB does)."""
    return Elements(bbcode.Parser().format(quote))


def forum_markdown(quote: str) -> Elements:
    """A Markdown quote as a CommonMark forum with tables shows it (raw HTML allowed)."""
    return Elements(MarkdownIt("commonmark").enable("table").render(quote))


@pytest.fixture(scope="module")
def book() -> Book:
    return load_book(ROOT)


def test_a_bbcode_quote_of_a_wide_table_lists_one_row_per_item(book: Book) -> None:
    rule = "pr-morgan-extra-point-table"
    shown = phpbb(cite(book, rule, "en", "bbcode", BASE))
    rows = len(book.rule(rule, "en").tables[0]) - 1
    assert len(shown.named("blockquote")) == 1
    assert len(shown.named("li")) == rows
    assert "walking" in [t.strip() for t in shown.text]
    assert "no extra point if Morgan’s score is … points: 0-16; " in "".join(shown.text)


def test_a_narrow_table_is_quoted_as_aligned_columns() -> None:
    quote = render("| a | bb |\n| - | - |\n| 1 | 2 |\n| 10 | 20 |\n", bbcode=True, lang="en")
    assert quote == "[code]a  | bb\n---+---\n1  | 2\n10 | 20[/code]"
    assert len(phpbb(quote).named("code")) == 1


def test_a_markdown_quote_of_a_table_is_a_markdown_table(book: Book) -> None:
    rule = "pr-morgan-extra-point-table"
    shown = forum_markdown(cite(book, rule, "fr", "markdown", BASE))
    table = book.rule(rule, "fr").tables[0]
    assert len(shown.named("blockquote")) == 1
    assert len(shown.named("tr")) == len(table)
    assert len(shown.named("td")) == (len(table) - 1) * len(table[0])
    assert "marche" in [t.strip() for t in shown.text]


def test_lists_and_emphasis_keep_their_form_in_both_formats() -> None:
    body = "Un *mot* et **deux**.\n\n- premier\n- second\n\n3. trois\n4. quatre\n"
    shown = phpbb(render(body, bbcode=True, lang="fr"))
    assert [len(shown.named(t)) for t in ("em", "strong", "ul", "li")] == [1, 1, 1, 2]
    assert "3. trois\n4. quatre" in render(body, bbcode=True, lang="fr")
    shown = forum_markdown(render(body, bbcode=False, lang="fr"))
    assert [len(shown.named(t)) for t in ("em", "strong", "ul", "ol")] == [1, 1, 1, 1]
    assert shown.named("ol")[0].get("start") == "3"


def test_a_quote_links_to_the_rule_in_its_own_language(book: Book) -> None:
    for lang in ("fr", "en"):
        version = len(book.entry("pr-end").versions)
        url = short_url("pr-end", BASE, lang, version=version)
        assert url == f"{BASE}r/pr-end/v{version}/{lang}/"  # the version it quotes
        assert cite(book, "pr-end", lang, "url", BASE) == url
        assert [
            a["href"] for a in phpbb(cite(book, "pr-end", lang, "bbcode", BASE)).named("a")
        ] == [url]
        assert [
            a["href"]
            for a in forum_markdown(cite(book, "pr-end", lang, "markdown", BASE)).named("a")
        ] == [url]


# What an editor's mistake or an attacker could put in a title or a rule's text.
PAYLOADS = {
    "closing the BBCode quote": "[/quote][url=https://evil.test/]prix[/url][quote]",
    "a BBCode image": "[img]https://evil.test/x.png[/img]",
    "a script element": "<script>alert(1)</script>",
    "an image with onerror": '<img src=x onerror="alert(1)">',
    "a javascript link": "[ici](javascript:alert(1))",
    "an autolink to javascript": "<javascript:alert(1)>",
}


@pytest.mark.parametrize("payload", PAYLOADS.values(), ids=PAYLOADS.keys())
def test_text_from_the_book_cannot_break_out_of_a_quote(book_copy: BookCopy, payload: str) -> None:
    old = "La partie se termine dès que"
    book_copy.edit("rules_fr/port-royal-morgan.md", old, f"{payload} {old}")
    book_copy.edit(
        "rules_fr/port-royal-morgan.md", ":title: Fin de la partie\n", f":title: {payload}\n"
    )
    copy = load_book(book_copy.root)
    own = short_url("pr-end", BASE, "fr", version=len(copy.entry("pr-end").versions))
    for shown in (
        phpbb(cite(copy, "pr-end", "fr", "bbcode", BASE)),
        forum_markdown(cite(copy, "pr-end", "fr", "markdown", BASE)),
    ):
        assert len(shown.named("blockquote")) == 1
        assert shown.closed[-1] == "blockquote"
        assert not shown.named("script") and not shown.named("img")
        assert all(not k.startswith("on") for _, attrs in shown.tags for k in attrs)
        links = shown.named("a")
        assert links[-1]["href"] == own
        # A URL written in the text may be linked by the forum, as itself, never disguised.
        assert all(a["href"] == own or "evil.test" in str(a["href"]) for a in links)
        assert not any(str(a["href"]).lower().startswith("javascript") for a in links)
    assert payload not in cite(copy, "pr-end", "fr", "markdown", BASE)


def test_a_quote_curls_the_straight_marks_of_the_source_as_the_site_does() -> None:
    body = 'Morgan\'s "home base", `l\'id`, {ed}`the "joker"`.'
    for as_bbcode in (True, False):
        quoted = render(body, bbcode=as_bbcode, lang="en")
        assert "Morgan’s “home base”" in quoted and "“joker”" in quoted, quoted
        assert "l'id" in quoted  # code is quoted as written
    assert "l’idée" in render("l'idée", bbcode=True, lang="fr")
