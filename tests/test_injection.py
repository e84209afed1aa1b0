"""Nothing executable from the rules files reaches a reader: one test per injection vector.

Each vector is put into a scratch copy of the book (a rule's body, a title, the front matter,
a register reason, the glossary…). Three things are held:

- ``rulebook check`` names the rule (or the file) and the construct, and ``rulebook site``
  refuses to build (non-zero, no page written) — unless the vector is text the allow-list
  lets through (``<script>`` in inline code), which the check must then leave alone;
- one scratch book holding every vector, built once with the gate bypassed (as ``make live``
  builds what is being edited), has no live payload in any HTML page, nor in rules.json;
- no cite format (url, BBCode, Markdown) carries the payload out of its quote.

Every payload calls ``alert(N)``, N the vector's number, so a live payload names its vector.

A vector alone is put into a small book of its rule's game (tests/publishable_book.py: the
check agrees with it, so the site refuses that book for the vector alone); the book holding
them all keeps the games they are in. The other games' pages hold none of them.
"""

import json
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from unittest.mock import MagicMock

import pytest
from markdown_it import MarkdownIt

from rulebook.book import Book, load_book
from rulebook.checks import run_checks
from rulebook.outputs.cite import cite, short_url
from rulebook.site import build as site
from rulebook.site.moved import MOVED
from rulebook.site.sphinxext import setup
from rulebook.text.markup import BBCODE, DIRECTIVES, MYST_EXTENSIONS, ROLES
from tests.conftest import ROOT, cached_build, chromium_found, inputs_digest
from tests.publishable_book import publishable_book
from tests.small_book import GAME, GAMES, cut_book

EN = "rules_en"
LEAK = "[tool.mypy]"  # a line of pyproject.toml, which an include would bring in
CONF = "html_copy_source"  # a line of docs/conf.py


@dataclass(frozen=True)
class Vector:
    name: str
    payload: str  # put at the end of a rule's body, or at ``old`` in ``path``
    expect: str  # words of the check's message; "" for text the allow-list lets through
    where: str = "body"  # body, title, fence4 (the rule fenced with ::::), last, or edit
    path: str = ""  # for ``edit``: the file, and the text the payload replaces
    old: str = ""
    named: str = ""  # for ``edit``: what the check names (a rule ID or the file's stem)
    leak: str = ""  # for a vector with no script: what must not reach a page


VECTORS = [
    Vector(
        "colon-raw-in-colon-rule",
        ":::{raw} html\n<script>alert(1)</script>\n<img src=x onerror=alert(1)>\n:::",
        "{raw}",
        "last",
    ),
    Vector("colon-raw-nested", ":::{raw} html\n<script>alert(2)</script>\n:::", "{raw}", "fence4"),
    Vector("fence-raw", "```{raw} html\n<img src=x onerror=alert(3)>\n```", "{raw}"),
    Vector(
        "eval-rst",
        "```{eval-rst}\n.. raw:: html\n\n   <script>alert(4)</script>\n\n"
        "`x <javascript:alert(4)>`_\n```",
        "{eval-rst}",
    ),
    Vector("include", "```{include} ../../pyproject.toml\n```", "{include}", leak=LEAK),
    Vector(
        "literalinclude", "```{literalinclude} ../docs/conf.py\n```", "{literalinclude}", leak=CONF
    ),
    Vector("iframe-directive", "```{iframe} https://example.org/alert(7)\n```", "{iframe}"),
    Vector("button-link", "```{button-link} javascript:alert(8)\nclick\n```", "{button-link}"),
    Vector("html-block-script", "<script>alert(9)</script>", "HTML block"),
    Vector("img-onerror", "See <img src=x onerror=alert(10)> here.", "inline HTML"),
    Vector("iframe-html", '<iframe src="javascript:alert(11)"></iframe>', "HTML block"),
    Vector("a-javascript", 'A <a href="javascript:alert(12)">link</a>.', "inline HTML"),
    Vector("svg-onload", "<svg onload=alert(13)>", "HTML block"),
    Vector("html-comment", "<!-- <script>alert(14)</script> -->", "HTML block"),
    Vector("raw-html-role", "x {raw-html}`<script>alert(15)</script>` y", "role {raw-html}"),
    Vector("raw-role", "x {raw}`<script>alert(16)</script>` y", "role {raw}"),
    Vector("link-javascript", "[x](javascript:alert(17))", "script address"),
    Vector("link-data", "[x](data:text/html,alert(18))", "script address"),
    Vector("link-vbscript", "[x](vbscript:alert(19))", "script address"),
    Vector("link-protocol-relative", "[x](//evil.example/alert(20))", "a link to"),
    Vector("link-entity", "[x](jav&#x61;script:alert(21))", "script address"),
    Vector("link-mixed-case", "[x](JaVaScRiPt:alert(22))", "script address"),
    Vector("link-tab", "[x](java\tscript:alert(23))", "script address"),
    Vector("link-control-char", "[x](&#1;javascript:alert(24))", "a link to"),
    Vector("autolink", "<javascript:alert(25)>", "script address"),
    Vector("image-javascript", "![x](javascript:alert(26))", "script address"),
    Vector("image-remote", "![alert(27)](https://evil.example/t.png)", "an image"),
    Vector("image-data-svg", "![x](data:image/svg+xml,alert(28))", "script address"),
    Vector("footnote", "x[^n]\n\n[^n]: <script>alert(29)</script>", "footnote"),
    Vector("myst-comment", "% <script>alert(30)</script>", "MyST comment"),
    Vector("bbcode", "[/quote][url=https://evil.example]alert(31)[/url][quote]", "BBCode"),
    Vector("entity-tag", "&lt;script&gt;alert(32)&lt;/script&gt;", "HTML in text"),
    Vector("nq-role-html", "{nq}`<img src=x onerror=alert(33)>`", "HTML in a role"),
    Vector("title-html", "<script>alert(34)</script>", "HTML in the option :title:", "title"),
    Vector("title-bbcode", "x[/quote][url=https://e.example]alert(35)[/url]", "BBCode", "title"),
    # Text the allow-list lets through: shown as written, never run.
    Vector("code-script", "`<script>alert(36)</script>`", ""),
    Vector("code-javascript", "`javascript:alert(37)`", ""),
    Vector("link-title", '[x](https://example.org "a\\" onmouseover=\\"alert(38)")', ""),
    Vector("substitution", "{{ alert(39) }}", ""),
    # Outside rule blocks, in the registers and the glossary.
    Vector(
        "front-matter",
        "---\ngame: port-royal-morgan\nmyst:\n  disable_syntax: []\n"
        "html_meta:\n  http-equiv=refresh: 0;url=javascript:alert(40)\n---\n",
        "front matter line",
        "edit",
        f"{EN}/port-royal-morgan.md",
        "---\ngame: port-royal-morgan\n---\n",
        "port-royal-morgan",
    ),
    Vector(
        "heading",
        "## Set-up <img src=x onerror=alert(41)>\n",
        "inline HTML",
        "edit",
        f"{EN}/port-royal-morgan.md",
        "## Set-up\n",
        "port-royal-morgan",
    ),
    Vector(
        "index-raw",
        "```{raw} html\n<script>alert(42)</script>\n```\n\n```{game-list}\n",
        "{raw}",
        "edit",
        f"{EN}/index.md",
        "```{game-list}\n",
        "index",
    ),
    Vector(
        "toctree-entry",
        ":caption: Proof-reading\n:glob:\n\nevil <javascript:alert(43)>\n",
        "toctree entry",
        "edit",
        f"{EN}/index.md",
        ":caption: Proof-reading\n:glob:\n",
        "index",
    ),
    Vector(
        "credits-content",
        ":::{credits}\n<script>alert(44)</script>\n:::\n",
        "content in {credits}",
        "edit",
        f"{EN}/port-royal-morgan.md",
        ":::{credits}\n:::\n",
        "port-royal-morgan",
    ),
    Vector(
        "register-reason",
        "reason_en = \"Read <img src=x onerror=alert(45)> so. The source's sentence does not parse",
        "HTML in reason_en",
        "edit",
        "rules_fr/port-royal-morgan.corrections.toml",
        "reason_en = \"The source's sentence does not parse",
        "pr-setup-jester-island",
    ),
    Vector(
        "glossary",
        'what_en = "A piece <script>alert(46)</script> rolled on the dice and placed on the',
        "HTML in the glossary",
        "edit",
        "rules_fr/glossary.toml",
        'what_en = "A piece rolled on the dice and placed on the',
        "port-royal-morgan",
    ),
]


def rule_pool() -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """English rules to hold the vectors, (file, id): the last rule of each file apart.
    ``GAME``'s rules first: the vectors put in its files (front matter, register) are there
    already, so the book holding every vector is built of two games."""
    book = load_book(ROOT)
    inner, last = [], []
    for game in sorted(book.games, key=lambda game: game.slug != GAME):
        assert game.en is not None
        path = str(game.en.path.relative_to(ROOT))
        inner += [(path, r.id) for r in game.en.rules[1:-1] if r.id != "pr-setup-jester-island"]
        last.append((path, game.en.rules[-1].id))
    return inner, last


def placements() -> dict[str, tuple[str, str]]:
    """Each vector's rule: its own, so that one book can hold them all."""
    inner, last = rule_pool()
    placed = {}
    for vector in VECTORS:
        if vector.where == "edit":
            placed[vector.name] = (vector.path, vector.named)
        else:
            placed[vector.name] = (last if vector.where == "last" else inner).pop(0)
    return placed


PLACED = placements()


def rule_block(text: str, rule_id: str) -> tuple[int, int]:
    start = text.index(f":::{{rule}} {rule_id}\n")
    return start, text.index("\n:::\n", start) + 5


def inject(root: Path, vector: Vector) -> None:
    path, rule_id = PLACED[vector.name]
    file = root / path
    text = file.read_text(encoding="utf-8")
    if vector.where == "edit":
        assert text.count(vector.old) == 1, f"{vector.old!r} is not once in {path}"
        text = text.replace(vector.old, vector.payload)
    else:
        start, end = rule_block(text, rule_id)
        block = text[start:end]
        if vector.where == "title":
            block = re.sub(r"(?m)^:title: .*$", lambda _: f":title: {vector.payload}", block)
        elif vector.where == "fence4":
            block = f":{block[:-4]}\n\n{vector.payload}\n::::\n"
        else:
            block = f"{block[:-4]}\n\n{vector.payload}\n:::\n"
        text = text[:start] + block + text[end:]
    file.write_text(text, encoding="utf-8")


def game_of(vector: Vector) -> str:
    """The game a vector is in: its file's, or ``GAME`` for a file of the whole book."""
    stem = Path(PLACED[vector.name][0]).name.split(".")[0]
    return stem if stem in GAMES else GAME


def scratch_book(root: Path, vectors: list[Vector], book: Path = ROOT) -> Path:
    """The rules of ``book`` copied to ``root``, with ``vectors`` put in."""
    for folder in ("rules_fr", "rules_en"):
        shutil.copytree(book / folder, root / folder)
    for vector in vectors:
        inject(root, vector)
    return root


def markup_lines(root: Path) -> list[str]:
    return [p.format(root) for p in run_checks(load_book(root), ("markup",))]


@pytest.fixture(scope="module")
def small_books(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Path]:
    """``small_books(game)``: the publishable small book of one game, made once."""
    made: dict[str, Path] = {}

    def small(game: str) -> Path:
        if game not in made:
            made[game] = publishable_book(tmp_path_factory.mktemp(game) / "book", (game,))
        return made[game]

    return small


@pytest.mark.parametrize("vector", VECTORS, ids=lambda v: v.name)
def test_the_check_names_the_vector_and_the_site_refuses_it(
    vector: Vector,
    small_books: Callable[[str], Path],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    root = scratch_book(tmp_path / "book", [vector], small_books(game_of(vector)))
    lines = markup_lines(root)
    named = PLACED[vector.name][1]
    if not vector.expect:
        assert lines == [], "text the allow-list lets through is no problem"
        return
    assert any(f": {named}: " in line and vector.expect in line for line in lines), lines
    out = tmp_path / "html"
    assert site.build_site(root, out) != 0
    assert "refusing to build" in capsys.readouterr().err
    assert not out.exists() or not list(out.rglob("*.html")), "no page may be written"


def test_the_scanner_reads_the_markdown_as_the_site_does() -> None:
    namespace: dict[str, object] = {"__file__": str(ROOT / "docs" / "conf.py")}
    exec((ROOT / "docs" / "conf.py").read_text(encoding="utf-8"), namespace)
    assert tuple(namespace["myst_enable_extensions"]) == MYST_EXTENSIONS  # type: ignore[arg-type]


def test_the_scanner_allows_the_directives_roles_and_options_the_extension_registers() -> None:
    """The scanner's allow-list (``DIRECTIVES``, ``ROLES``) and the extension's ``setup``
    name the same directives, each with the same options, and the same roles: a directive
    added to one only is refused by the check or unknown to the site."""
    app = MagicMock()
    app.config.rulebook_root = str(ROOT)
    app.srcdir = str(ROOT / "rules_fr")
    setup(app)
    registered = [c.args for c in app.add_directive.call_args_list] + [
        c.args[1:] for c in app.add_directive_to_domain.call_args_list
    ]
    options = {name: frozenset(directive.option_spec or ()) for name, directive, *_ in registered}
    assert options == {name: o for name, o in DIRECTIVES.items() if name != "toctree"}
    roles = [c.args[0] for c in app.add_role.call_args_list]
    roles += [c.args[1] for c in app.add_role_to_domain.call_args_list]
    assert sorted(roles) == sorted(ROLES)


# The whole set in one book, built once with the gate bypassed (as `make live` would).


class LiveMarkup(HTMLParser):
    """What a browser would run: script elements, ``on*`` attributes, script addresses."""

    SCRIPT_URL = r"(java|vb)script:|data:text/html"
    URL_ATTRS = ("href", "src", "action", "formaction", "xlink:href", "content", "srcdoc")

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self.in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.in_script = tag == "script"
        if tag in ("iframe", "object", "embed", "frame"):
            self.found.append(f"<{tag}>")
        for name, value in attrs:
            bare = re.sub(r"[\x00-\x20]+", "", value or "").lower()
            bare = bare.partition("url=")[2] if name == "content" else bare
            if name.startswith("on"):
                self.found.append(f"{name}={value}")
            elif name in self.URL_ATTRS and re.match(self.SCRIPT_URL, bare):
                self.found.append(f"{name}={value}")

    def handle_endtag(self, tag: str) -> None:
        self.in_script = False

    def handle_data(self, data: str) -> None:
        if self.in_script and "alert(" in data:
            self.found.append(f"<script>{data.strip()[:40]}")


def live_markup(html: str) -> list[str]:
    parser = LiveMarkup()
    parser.feed(html)
    return parser.found


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The book of the games the vectors are in, every vector put in, and its site."""
    games = cut_book(tmp_path_factory.mktemp("cut"), tuple({game_of(v) for v in VECTORS}))
    root = scratch_book(tmp_path_factory.mktemp("all") / "book", VECTORS, games)
    shutil.copytree(ROOT / "docs", root / "docs", ignore=shutil.ignore_patterns("_build"))
    out = root / "html"

    def build(into: Path) -> str:
        gate = site.book_is_publishable
        site.book_is_publishable = lambda root, book=None: True  # type: ignore[assignment]
        try:
            assert site.build_site(root, into) == 0
        finally:
            site.book_is_publishable = gate  # type: ignore[assignment]
        return ""

    cached_build(inputs_digest(root, "unchecked build of every vector"), out, build)
    return root, out


@pytest.fixture(scope="module")
def built_pages(built: tuple[Path, Path]) -> dict[str, tuple[str, list[str]]]:
    """Every page of the unchecked build, read and parsed once: its HTML, and what of it a
    browser would run."""
    pages = {
        str(p.relative_to(built[1])): p.read_text(encoding="utf-8")
        for p in built[1].rglob("*.html")
    }
    return {page: (text, live_markup(text)) for page, text in sorted(pages.items())}


@pytest.fixture(scope="module")
def built_text(built_pages: dict[str, tuple[str, list[str]]]) -> tuple[str, list[str]]:
    """Every page of the unchecked build, and what of them a browser would run."""
    text = "\n".join(text for text, _ in built_pages.values())
    return text, [found for _, live in built_pages.values() for found in live]


def test_the_check_names_every_vector_in_one_book(built: tuple[Path, Path]) -> None:
    lines = markup_lines(built[0])
    for vector in VECTORS:
        named = PLACED[vector.name][1]
        if vector.expect:
            assert any(f": {named}: " in x and vector.expect in x for x in lines), vector.name


def test_no_page_of_the_unchecked_build_holds_live_markup(
    built_pages: dict[str, tuple[str, list[str]]],
) -> None:
    assert len(built_pages) > 20
    assert {page: live for page, (_, live) in built_pages.items() if live} == {}


@pytest.mark.parametrize("vector", VECTORS, ids=lambda v: v.name)
def test_the_vector_reached_the_build_and_is_not_live(
    vector: Vector, built_text: tuple[str, list[str]]
) -> None:
    text, live = built_text
    if vector.leak:
        assert vector.leak not in text
        return
    marker = re.search(r"alert\(\d+\)", vector.payload)
    assert marker is not None, "every payload names its vector"
    assert marker.group(0) in text or vector.expect, "a payload let through is shown as text"
    assert [found for found in live if marker.group(0) in found] == []


def test_rules_json_holds_data_not_markup(built: tuple[Path, Path]) -> None:
    text = (built[1] / "rules.json").read_text(encoding="utf-8")
    assert not re.search(r"[<>&]", text), "a page that pastes the file finds no markup"
    records = {r["id"]: r for r in json.loads(text)["rules"]}
    titled = PLACED["title-html"][1]
    assert records[titled]["en"]["title"] == "<script>alert(34)</script>", "the title as written"
    texts = [
        r[lang]["plain"] + r[lang]["markdown"]
        for r in records.values()
        for lang in ("fr", "en")
        if r[lang]
    ]
    assert any("alert(" in text for text in texts), "the rules' text, payloads as data"
    for record in records.values():
        assert record["fr"]["url"] == f"fr/{record['game']}.html#{record['id']}"
    schema = (built[1] / "rules.schema.json").read_text(encoding="utf-8")
    assert not re.search(r"[<>&]", schema), "nor in the schema published beside it"


# Cite formats: the quote a forum poster pastes. Another engineer is rewriting cite.py to
# escape BBCode and HTML; these assertions hold whichever way it escapes.

CITED = [v for v in VECTORS if v.where != "edit"]


def rendered_markdown(quote: str) -> str:
    """The quote as a forum that renders Markdown with HTML on would show it."""
    return MarkdownIt("commonmark").render(quote)


@pytest.fixture(scope="module")
def book_of_vectors(built: tuple[Path, Path]) -> Book:
    """The book holding every vector, read once for the cite tests."""
    return load_book(built[0])


@pytest.fixture(scope="module")
def cited(book_of_vectors: Book) -> dict[str, dict[str, str]]:
    book = book_of_vectors
    formats = ("url", "bbcode", "markdown")
    return {v.name: {f: cite(book, PLACED[v.name][1], "en", f) for f in formats} for v in CITED}


@pytest.mark.parametrize("vector", CITED, ids=lambda v: v.name)
def test_the_link_is_the_short_link_only(
    vector: Vector, cited: dict[str, dict[str, str]], book_of_vectors: Book
) -> None:
    rule_id = PLACED[vector.name][1]
    version = len(book_of_vectors.entry(rule_id).versions)  # the version quoted
    assert cited[vector.name]["url"] == short_url(rule_id, lang="en", version=version)


# The tags a quote may make of a rule's own structure, inside its wrapper.
STRUCTURE = {"b", "/b", "i", "/i", "list", "/list", "*", "code", "/code"}


@pytest.mark.parametrize("vector", CITED, ids=lambda v: v.name)
def test_the_bbcode_quote_holds_only_its_own_tags(
    vector: Vector, cited: dict[str, dict[str, str]]
) -> None:
    quote = cited[vector.name]["bbcode"]
    found = BBCODE.findall(quote)
    tags = [re.sub(r"[=\s].*", "", tag.strip("[]")).lower() for tag in found]
    assert (tags[0], tags[-1], tags.count("quote"), tags.count("/quote")) == (
        "quote",
        "/quote",
        1,
        1,
    ), quote
    assert set(tags) <= STRUCTURE | {"quote", "/quote", "url", "/url"}, quote
    # A link of the text's own is kept only to a web or mail address.
    targets = [tag[5:-1].lower() for tag in found if tag.lower().startswith("[url=")]
    assert all(t.startswith(("https://", "http://", "mailto:")) for t in targets), quote


@pytest.mark.parametrize("vector", CITED, ids=lambda v: v.name)
def test_the_markdown_quote_renders_no_live_markup(
    vector: Vector, cited: dict[str, dict[str, str]]
) -> None:
    quote = cited[vector.name]["markdown"]
    assert live_markup(rendered_markdown(quote)) == [], quote
    assert "<script" not in rendered_markdown(quote), quote


def test_the_live_markup_detector_finds_what_a_browser_would_run() -> None:
    page = (
        '<img src=x onerror=alert(1)><script>alert(2)</script><a href=" JaVa\tscript:x">'
        '<meta http-equiv="refresh" content="0;url=javascript:x"><iframe src="p.html"></iframe>'
        '<a href="#javascript:x">fragment</a><code>&lt;script&gt;alert(3)</code>'
    )
    assert len(live_markup(page)) == 5


def test_a_browser_runs_nothing_from_the_unchecked_build(built: tuple[Path, Path]) -> None:
    """Every page of the unchecked book opened in Chromium: no payload opens a dialog."""
    chromium = chromium_found()
    from playwright.sync_api import Dialog, sync_playwright

    dialogs: list[str] = []
    pages = sorted(built[1].glob("*/*.html")) + sorted(built[1].glob("*/corrections/*.html"))
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium, args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page()

        def dismiss(dialog: Dialog) -> None:
            dialogs.append(dialog.message)
            dialog.dismiss()

        page.on("dialog", dismiss)
        for path in pages:
            page.goto(path.as_uri())
            page.wait_for_load_state("load")
            if path.name in MOVED:  # an old address: it sends the reader on, let it
                page.wait_for_url(f"**/{MOVED[path.name]}")
                page.wait_for_load_state("load")
        browser.close()
    opened = {path.relative_to(built[1]).as_posix() for path in pages}
    games = {game_of(vector) for vector in VECTORS}
    assert {f"{lang}/{game}.html" for lang in ("fr", "en") for game in games} <= opened
    assert len(pages) > 15
    assert dialogs == []
