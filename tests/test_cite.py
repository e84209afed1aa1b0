"""Forum quotes keep their structure and stay quotes: rendered by a real BBCode library (the
``bbcode`` package, phpBB's tags) and by markdown-it, as a forum would."""

import re
from html.parser import HTMLParser
from pathlib import Path

import bbcode
import pytest
from markdown_it import MarkdownIt
from markdown_it.tree import SyntaxTreeNode

from rulebook.book import Book, load_book
from rulebook.book.extract import markdown
from rulebook.language import Lang, punctuation, text
from rulebook.outputs.cite import Untranslated, cite, short_url
from rulebook.outputs.quote_markup import render
from rulebook.text.smart_quotes import smart
from tests.conftest import ROOT, BookCopy
from tests.small_book import cut_book

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


@pytest.fixture
def port_royal(tmp_path: Path) -> BookCopy:
    """A copy of the book cut to Port Royal, whose rules the tests break (tests/small_book.py):
    a quote reads its rule's game alone, and the whole book cost five times as much to copy and
    read, 30 times."""
    return BookCopy(cut_book(tmp_path, ("port-royal-morgan",)))


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
def test_text_from_the_book_cannot_break_out_of_a_quote(port_royal: BookCopy, payload: str) -> None:
    old = "La partie se termine dès que"
    port_royal.edit("rules_fr/port-royal-morgan.md", old, f"{payload} {old}")
    port_royal.edit(
        "rules_fr/port-royal-morgan.md", ":title: Fin de la partie\n", f":title: {payload}\n"
    )
    copy = load_book(port_royal.root)
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


@pytest.mark.parametrize("fmt", ["bbcode", "markdown"])
def test_the_english_quote_of_mw_step_3_start_closes_step_3_with_a_closing_quote(
    book: Book, fmt: str
) -> None:
    # The source writes "{nq}`Step 3`": the closing quote follows a role, as the page shows it.
    quote = cite(book, "mw-step-3-start", "en", fmt, BASE)
    assert "When the “Step 3” card" in quote, quote


@pytest.mark.parametrize("fmt", ["bbcode", "markdown"])
def test_the_french_quote_of_pr_morgan_extra_point_holds_l_etape_2_with_an_apostrophe(
    book: Book, fmt: str
) -> None:
    # The source writes l'{nq}`étape 2`: the apostrophe is followed by a role, not a letter.
    quote = cite(book, "pr-morgan-extra-point", "fr", fmt, BASE)
    assert "à l’étape 2," in quote and "l”" not in quote, quote


@pytest.mark.parametrize(("as_bbcode", "bold"), [(True, "[b]{}[/b]"), (False, "**{}**")])
def test_a_quote_mark_is_read_with_what_comes_before_it_across_markup(
    as_bbcode: bool, bold: str
) -> None:
    # As Sphinx reads the page: after bold text or code, a quote closes; after a line break,
    # it opens; the code itself stays as written, the editors' words in their brackets.
    body = 'See "**Step 3**", `it\'s`" and a line\n"that opens" {ed}`"its" own`.'
    quoted = render(body, bbcode=as_bbcode, lang="en")
    opened = "[\u2060" if as_bbcode else "\\["  # "[" escaped: it opens no tag, no link
    closed = "]" if as_bbcode else "\\]"
    step_3 = bold.format("Step 3")
    assert quoted == f"See “{step_3}”, it's” and a line “that opens” {opened}“its” own{closed}."


# Nested lists: a quote keeps the rule's outline, as markdown-it reads the pasted Markdown and
# as phpBB nests [list] in [*].

Outline = list[object]  # block types, and (list type, [outline of each item]) for a list


def outline(node: SyntaxTreeNode) -> Outline:
    """The blocks under a node: paragraphs and tables by their type, a list as its type and
    the outline of each of its items (a quote's blockquote is looked through)."""
    found: Outline = []
    for child in node.children:
        if child.type in ("bullet_list", "ordered_list"):
            found.append((child.type, [outline(item) for item in child.children]))
        elif child.type == "blockquote":
            found += outline(child)
        elif child.type in ("paragraph", "table"):
            found.append(child.type)
    return found


def forum_outline(quote: str) -> Outline:
    return outline(SyntaxTreeNode(MarkdownIt("commonmark").enable("table").parse(quote)))


def bbcode_lists(quote: str) -> Outline:
    """The lists of a BBCode quote as phpBB nests them: an item ``[*]`` runs to the next
    ``[*]`` of its list or to its ``[/list]``, so a ``[list]`` written in it is inside it."""
    top: Outline = []
    opened: list[tuple[str, list[Outline]]] = []
    for tag in re.findall(r"\[(list=1|list|/list|\*)\]", quote):
        if tag.startswith("list"):
            here = opened[-1][1][-1] if opened and opened[-1][1] else top
            made: tuple[str, list[Outline]] = ("ordered" if tag == "list=1" else "bullet", [])
            here.append(made)
            opened.append(made)
        elif tag == "*":
            opened[-1][1].append([])
        else:
            opened.pop()
    assert opened == [], "every [list] is closed"
    return top


def depth(found: Outline) -> int:
    """How deep lists go in an outline: 0 without a list, 2 for a list in a list."""
    return max(
        (
            1 + max((depth(item) for item in block[1]), default=0)
            for block in found
            if isinstance(block, tuple)
        ),
        default=0,
    )


THREE = [["paragraph"]] * 3


def test_a_nested_list_stays_nested_in_a_markdown_quote(book: Book) -> None:
    quote = cite(book, "pr-morgan-roll", "en", "markdown", BASE)
    tree = SyntaxTreeNode(MarkdownIt("commonmark").enable("table").parse(quote))
    assert [child.type for child in tree.children] == ["blockquote"]
    assert outline(tree) == [
        "paragraph",  # the title
        ("ordered_list", [["paragraph", ("bullet_list", THREE)]]),  # step 1 holds its 3 cases
        "paragraph",  # the link
    ]
    step = tree.children[0].children[1].children[0]
    assert "Morgan rolls the dice." in step.children[0].children[0].content
    assert "stops rolling" in step.children[1].children[2].children[0].children[0].content


def test_a_nested_list_stays_nested_in_a_bbcode_quote(book: Book) -> None:
    quote = cite(book, "pr-morgan-roll", "fr", "bbcode", BASE)
    assert bbcode_lists(quote) == [("ordered", [[("bullet", [[], [], []])]])]
    html = bbcode.Parser().format(quote)  # a BBCode renderer keeps the inner list in the outer
    assert html.index("<ol") < html.index("<ul>") < html.index("</ul>") < html.index("</ol>")


def test_every_rule_quoted_in_markdown_keeps_the_outline_of_its_lists(book: Book) -> None:
    """Lists in lists, paragraphs and tables in items: each rule of the book, both languages."""
    compared = nested = 0
    for lang in ("fr", "en"):
        for rule in book.rules(lang):
            source = outline(SyntaxTreeNode(markdown().parse(rule.body)))
            assert forum_outline(render(rule.body, bbcode=False, lang=lang)) == source, rule.id
            compared += 1
            nested += depth(source) > 1
    assert compared == 2 * len(book.entries)
    assert nested >= 2  # the sweep meets lists in lists (pr-morgan-roll in each language)


def test_what_an_item_holds_stays_in_it_at_any_depth_in_both_formats() -> None:
    body = (
        "3. three\n\n   - a\n\n     second paragraph of a\n\n     1) deep\n     2) deeper\n"
        "   - b\n\n4. four\n\n- x\n\n* y\n"
    )
    expected = [
        (
            "ordered_list",
            [
                [
                    "paragraph",
                    (
                        "bullet_list",
                        [
                            ["paragraph", "paragraph", ("ordered_list", [["paragraph"]] * 2)],
                            ["paragraph"],
                        ],
                    ),
                ],
                ["paragraph"],
            ],
        ),
        ("bullet_list", [["paragraph"]]),  # "-" then "*": two lists, as in the source
        ("bullet_list", [["paragraph"]]),
    ]
    assert outline(SyntaxTreeNode(markdown().parse(body))) == expected  # the source's shape
    assert forum_outline(render(body, bbcode=False, lang="en")) == expected
    quoted = render(body.replace("3. three", "1. three").replace("4. four", "2. four"), True, "en")
    assert bbcode_lists(quoted) == [
        ("ordered", [[("bullet", [[("ordered", [[], []])], []])], []]),
        ("bullet", [[]]),
        ("bullet", [[]]),
    ]


# A rule that introduces the next rule's table ("… in this table:") is quoted with it.

INTRODUCED = [
    ("pr-morgan-points", "pr-morgan-points-table"),
    ("pr-morgan-extra-point", "pr-morgan-extra-point-table"),
    ("pr-treasures-missions", "pr-treasures-table"),
]


@pytest.mark.parametrize(("rule", "table"), INTRODUCED)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_rule_that_introduces_a_table_is_quoted_with_it(
    book: Book, rule: str, table: str, lang: str
) -> None:
    urls = [
        short_url(each, BASE, lang, version=len(book.entry(each).versions))
        for each in (rule, table)
    ]
    rows = book.rule(table, lang).tables[0]
    shown = forum_markdown(cite(book, rule, lang, "markdown", BASE))
    assert len(shown.named("blockquote")) == 1 and shown.closed[-1] == "blockquote"
    assert len(shown.named("table")) == 1 and len(shown.named("tr")) == len(rows)
    assert [a["href"] for a in shown.named("a")] == urls
    assert book.rule(table, lang).title in "".join(shown.text).replace("’", "'")
    quote = cite(book, rule, lang, "bbcode", BASE)
    shown = phpbb(quote)
    assert len(shown.named("blockquote")) == 1 and shown.closed[-1] == "blockquote"
    assert [a["href"] for a in shown.named("a")] == urls
    assert f"({table})" in quote and rows[-1][-1] in "".join(shown.text)
    assert cite(book, rule, lang, "url", BASE) == urls[0]  # a link is still to the rule alone


def test_a_rule_quoted_alone_when_it_introduces_no_table(book: Book) -> None:
    for rule in ("pr-morgan-points-table", "pr-end"):  # a table rule is itself
        shown = forum_markdown(cite(book, rule, "en", "markdown", BASE))
        assert len(shown.named("a")) == 1, rule


@pytest.mark.parametrize(
    ("rule", "following", "lang"),
    [("fs-draw-phase", "fs-draw-first-card", "en"), ("mw-ai-choice", "mw-ai-choice-ties", "fr")],
)
def test_a_rule_that_leads_into_the_next_ends_its_quote_with_a_link_to_read_on(
    book: Book, rule: str, following: str, lang: Lang
) -> None:
    """It ends on a colon ("… the draw process is as follows:") and the next rule, no table,
    is what it announces: the quote holds this rule alone, then links to the next one under
    its title, in the quote's words, before the rule's own link."""
    assert book.rule(rule, lang).text.rstrip().endswith(":")
    own, then = (
        short_url(each, BASE, lang, version=len(book.entry(each).versions))
        for each in (rule, following)
    )
    title = smart(book.rule(following, lang).title, lang)
    read_on = text(lang, "quote_read_on") + punctuation(lang, ":") + " "
    quoted = book.rule(following, lang).text.split(". ")[0]
    for shown in (
        forum_markdown(cite(book, rule, lang, "markdown", BASE)),
        phpbb(cite(book, rule, lang, "bbcode", BASE)),
    ):
        assert len(shown.named("blockquote")) == 1 and shown.closed[-1] == "blockquote"
        assert [a["href"] for a in shown.named("a")] == [then, own]
        words = "".join(shown.text)
        assert f"{read_on}{title} ({following})" in words.replace("`", "")
        assert quoted not in words, "the next rule is linked, not quoted"


def test_a_rule_whose_words_no_longer_introduce_the_table_is_quoted_alone(
    port_royal: BookCopy,
) -> None:
    before = load_book(port_royal.root)
    assert len(forum_markdown(cite(before, "pr-morgan-points", "fr", "markdown")).named("a")) == 2
    port_royal.edit(
        "rules_fr/port-royal-morgan.md",
        "nombre de points gagnés par Morgan\u00a0:",
        "nombre de points gagnés par Morgan.",
    )
    after = forum_markdown(cite(load_book(port_royal.root), "pr-morgan-points", "fr", "markdown"))
    assert len(after.named("a")) == 1 and not after.named("table")


ATTACKED = {
    "a table's title": (":title: Tableau des points de Morgan\n", ":title: {}\n"),
    "a table's cell": ("| Morgan gagne … points |", "| {} Morgan gagne … points |"),
    "a table rule's note": ("Pour plus de facilité", "{} Pour plus de facilité"),
    "a nested list item": (
        "   - Si Morgan a obtenu un navire (pas",
        "   - {} Si Morgan a obtenu un navire (pas",
    ),
}


@pytest.mark.parametrize("where", ATTACKED.keys())
@pytest.mark.parametrize("payload", PAYLOADS.values(), ids=PAYLOADS.keys())
def test_text_in_a_quoted_table_rule_or_nested_item_cannot_break_out_of_the_quote(
    book: Book, port_royal: BookCopy, where: str, payload: str
) -> None:
    old, new = ATTACKED[where]
    port_royal.edit("rules_fr/port-royal-morgan.md", old, new.format(payload))
    copy = load_book(port_royal.root)
    quoted = "pr-morgan-roll" if "nested" in where else "pr-morgan-points"
    last = "pr-morgan-roll" if "nested" in where else "pr-morgan-points-table"
    own = short_url(last, BASE, "fr", version=len(copy.entry(last).versions))
    markdown_quote = cite(copy, quoted, "fr", "markdown", BASE)
    for shown in (phpbb(cite(copy, quoted, "fr", "bbcode", BASE)), forum_markdown(markdown_quote)):
        assert len(shown.named("blockquote")) == 1
        assert shown.closed[-1] == "blockquote"
        assert not shown.named("script") and not shown.named("img")
        assert all(not k.startswith("on") for _, attrs in shown.tags for k in attrs)
        links = shown.named("a")
        assert links[-1]["href"] == own
        assert all(str(a["href"]).startswith(BASE) or "evil.test" in str(a["href"]) for a in links)
        assert not any(str(a["href"]).lower().startswith("javascript") for a in links)
    assert payload not in markdown_quote
    # The quote's outline is the untouched rule's: no list, table or paragraph made or undone.
    assert forum_outline(markdown_quote) == forum_outline(cite(book, quoted, "fr", "markdown"))


def test_a_rule_with_no_english_text_is_named_as_such_not_as_a_bad_language(
    port_royal: BookCopy,
) -> None:
    (port_royal.root / "rules_en" / "port-royal-morgan.md").unlink()
    book = load_book(port_royal.root)
    with pytest.raises(Untranslated, match=r"^pr-end: no English text of this rule yet$"):
        cite(book, "pr-end", "en", "markdown", BASE)
    assert cite(book, "pr-end", "fr", "url", BASE).startswith(f"{BASE}r/pr-end/")


def test_a_language_the_book_lacks_is_refused_naming_the_books_languages(book: Book) -> None:
    with pytest.raises(ValueError, match=r"^cite: expected a language among fr, en, got 'de'$"):
        cite(book, "pr-end", "de", "markdown", BASE)  # type: ignore[arg-type]
