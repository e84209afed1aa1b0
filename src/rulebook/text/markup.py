"""What a rules file may put on a page: an allow-list of markdown, read as MyST reads it.

The site renders the rules files with MyST, which turns raw HTML, ``{raw}`` and
``{eval-rst}`` directives, file inclusions and unusual link schemes into live markup. The
check reads each file with MyST's own markdown parser (same extensions as ``docs/conf.py``)
and names every construct that is not on the list below, wherever it stands: in a rule, in
a nested fence, in a heading, in the front matter.

A rule may hold paragraphs, bullet and numbered lists, tables, *emphasis*, **strong**,
``inline code``, the ``{nq}``, ``{rule}`` and ``{ed}`` roles, and links to http, https, mailto
or a relative address. Outside rules, a file may hold front matter (``game``, ``prefix``,
``module``, ``nosearch``), headings, paragraphs and the book's own directives.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

if TYPE_CHECKING:  # imported when a file is scanned: one unchanged since the last run is not
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

from rulebook.book.cache import remembered
from rulebook.book.extract import RULE_OPTIONS, parse_options

# The MyST extensions of docs/conf.py (``myst_enable_extensions``); a test holds them equal.
MYST_EXTENSIONS = ("colon_fence",)
FRONT_MATTER_KEYS = frozenset({"game", "prefix", "module", "nosearch"})
# The book's own directives and the options each takes; ``rule`` alone holds text.
DIRECTIVES: dict[str, frozenset[str]] = {
    "rule": frozenset(o for options in RULE_OPTIONS.values() for o in options),
    "credits": frozenset(),
    "game-list": frozenset({"caption", "also"}),  # the contents: its caption, pages after
    "glossary-table": frozenset(),
    "traceability": frozenset(),
    "changes": frozenset(),
    "companion": frozenset(),
    "player-aid": frozenset(),
    "corrections": frozenset(),
    "side-by-side": frozenset(),
    "review-list": frozenset(),
    "source-credits": frozenset(),
    "code-reference": frozenset(),
    "toctree": frozenset({"hidden", "glob", "maxdepth", "titlesonly", "caption"}),
}
ROLES = frozenset({"nq", "rule", "ed"})
SCHEMES = frozenset({"http", "https", "mailto"})
BLOCKS = ("paragraph", "bullet_list", "ordered_list", "list_item")
TABLE = ("table", "thead", "tbody", "tr", "th", "td")
TEXT_BLOCKS = frozenset(f"{name}_{end}" for name in BLOCKS + TABLE for end in ("open", "close"))
TEXT_BLOCKS |= {"inline"}
# Outside rules a page may also hold headings and targets for its own links: "(credits)=".
FILE_BLOCKS = TEXT_BLOCKS | {"heading_open", "heading_close", "front_matter", "myst_target"}
INLINE = frozenset(
    {"text", "softbreak", "hardbreak", "code_inline", "link_close"}
    | {f"{name}_{end}" for name in ("em", "strong") for end in ("open", "close")}
)
# Markdown a rule may not hold, in a reader's words (other constructs are named by type).
CONSTRUCTS = {
    "fence": "a code block (or a stray fence)",
    "colon_fence": "a ':::' fence with no directive (a stray ':::'?)",
    "code_block": "an indented code block",
    "hr": "a thematic break (---)",
    "heading_open": "a heading inside a rule",
    "blockquote_open": "a block quote",
    "footnote_ref": "a footnote",
    "footnote_reference_open": "a footnote",
    "myst_target": "a MyST target '(label)='",
    "myst_line_comment": "a MyST comment '%'",
    "myst_block_break": "a MyST block break '+++'",
    "front_matter": "a YAML block",
}
DIRECTIVE_INFO = re.compile(r"^\{([a-zA-Z0-9_\-+:]{1,36})\}(.*)$")
ARGUMENT = re.compile(r"^[A-Za-z0-9_.*/-]*$")
# Text that another renderer (a forum, a page that reads rules.json) would take for markup.
# Possessive spaces: "<" and many spaces would have the two \s* share them out every way.
HTML_TAG = re.compile(r"<\s*+/?\s*+[a-zA-Z!?]")
# A BBCode tag: its name after '[', then a ']' (``has_bbcode`` says whether a text holds one).
BBCODE_OPENING = re.compile(
    r"\[/?\s*(?:quote|url|img|b|i|u|s|code|color|size|list|spoiler|email|\*)\b", re.I
)
BBCODE = re.compile(BBCODE_OPENING.pattern + r"[^\]]*\]", re.I)
SCRIPT_URL = re.compile(r"(?:java|vb|live)script:|data:[a-z-]+/", re.I)
# What a text needs for any of the three: an entity (&…;) to hide one, or a script address's
# colon, BBCode's bracket, HTML's angle bracket.
MARKUP_SIGNS = frozenset("&:[<")
INVISIBLE = re.compile(r"[\x00-\x20\x7f-\x9f\u200b-\u200f\u2060\ufeff]+")

ALLOWED = (
    "a rule holds paragraphs, lists, tables, *emphasis*, **strong**, `inline code`, "
    "{nq}, {rule} and {ed} roles and links (http, https, mailto, relative): see docs/authoring.md"
)


@dataclass(frozen=True)
class Finding:
    """A construct that is not allowed, at ``line`` (1-based) of the file, in ``rule``."""

    line: int
    rule: str
    what: str
    fix: str = f"remove it or write it as plain markdown; {ALLOWED}"


@cache
def myst_markdown() -> MarkdownIt:
    """The parser MyST builds for the site: what it sees is what reaches the page."""
    # Imported here: MyST's parser costs 50 ms to import, and a cached scan never needs it.
    from markdown_it.renderer import RendererHTML
    from myst_parser.config.main import MdParserConfig
    from myst_parser.parsers.mdit import create_md_parser

    config = MdParserConfig(enable_extensions=set(MYST_EXTENSIONS), heading_anchors=2)
    return create_md_parser(config, RendererHTML)


def scan_text(text: str, line: int, rule: str, where: str) -> Iterator[Finding]:
    """Text that some reader of it (a forum, a consumer of rules.json) would run as markup.

    >>> [f.what for f in scan_text("jav&#x61;script:x [/quote] <b>", 1, "x-a", "text")]
    ['a script address (javascript:, vbscript:, data:) in text', 'BBCode in text', 'HTML in text']
    """
    if not MARKUP_SIGNS.intersection(text):
        return  # none of the three can stand in a text without these (0.3 s of 100 games)
    decoded = html.unescape(text)
    if SCRIPT_URL.search(INVISIBLE.sub("", decoded)):
        yield Finding(line, rule, f"a script address (javascript:, vbscript:, data:) in {where}")
    if has_bbcode(decoded):
        yield Finding(line, rule, f"BBCode in {where}", "write plain text: quotes escape it")
    if HTML_TAG.search(decoded):
        yield Finding(line, rule, f"HTML in {where}")


def has_bbcode(text: str) -> bool:
    r"""Whether ``text`` holds a BBCode tag: what ``\[/?\s*(?:quote|…)\b[^\]]*\]`` finds, in
    one pass. That pattern reads on to the end of the text from each '[b' with no ']' after
    it; a tag's opening is followed by a ']' exactly when one stands before the last ']'.

    >>> has_bbcode("[b]gras[/b]"), has_bbcode("[b " * 3), has_bbcode("[url=x] ")
    (True, False, True)
    """
    last = text.rfind("]")
    return last > 0 and BBCODE_OPENING.search(text, 0, last) is not None


def safe_href(href: str) -> bool:
    """A link a reader may follow: http, https, mailto, or an address on the site.

    >>> [safe_href(h) for h in ("https://a.org", "#x", "p.html", "//evil.org", "/\\\\evil.org")]
    [True, True, True, False, False]
    """
    bare = INVISIBLE.sub("", html.unescape(href)).replace("\\", "/")
    if bare.startswith("//"):
        return False
    scheme = urlsplit(bare).scheme.lower()
    return scheme in SCHEMES if scheme else ":" not in bare.split("/", 1)[0]


def scan_inline(token: Token, line: int, rule: str) -> Iterator[Finding]:
    for child in token.children or []:
        if child.type in ("softbreak", "hardbreak"):
            line += 1
        elif child.type == "text":
            yield from scan_text(child.content, line, rule, "text")
        elif child.type == "link_open":
            href = str(child.attrGet("href") or "")
            if not safe_href(href):
                yield Finding(line, rule, f"a link to {href!r}", "link to http(s), mailto, a page")
        elif child.type == "myst_role":
            name = str(child.meta.get("name", ""))
            if name.lower() not in ROLES:
                yield Finding(line, rule, f"the role {{{name}}}")
            yield from scan_text(child.content, line, rule, "a role")
        elif child.type == "image":
            yield Finding(line, rule, "an image", "describe it in words: a rule holds text")
        elif child.type == "html_inline":
            yield Finding(line, rule, f"raw HTML or script (inline HTML {child.content[:40]!r})")
        elif child.type not in INLINE:
            yield Finding(line, rule, CONSTRUCTS.get(child.type, f"markdown {child.type!r}"))


def scan_tokens(tokens: list[Token], first_line: int, rule: str) -> Iterator[Finding]:
    """Every token of a parsed source against the allow-list (``rule`` empty: file level)."""
    allowed = TEXT_BLOCKS if rule else FILE_BLOCKS
    for token in tokens:
        line = first_line + (token.map[0] if token.map else 0)
        if token.type in ("fence", "colon_fence") and token.info.strip().startswith("{"):
            yield from scan_directive(token, line, rule)
        elif token.type == "inline":
            yield from scan_inline(token, line, rule)
        elif token.type == "front_matter" and not rule:
            yield from scan_front_matter(token.content, line + 1)
        elif token.type == "html_block":
            shown = token.content.strip()[:40]
            yield Finding(line, rule, f"raw HTML or script (an HTML block {shown!r})")
        elif token.type not in allowed and not token.type.endswith("_close"):
            what = CONSTRUCTS.get(token.type, f"markdown {token.type!r}")
            yield Finding(line, rule, what)


def scan_directive(token: Token, line: int, rule: str) -> Iterator[Finding]:
    match = DIRECTIVE_INFO.match(token.info.strip())
    name = match.group(1).lower() if match else token.info.strip()
    argument = match.group(2).strip() if match else ""
    if rule or name not in DIRECTIVES:
        yield Finding(line, rule, f"the directive {{{name}}}", f"remove it; {ALLOWED}")
        return
    inner = argument if name == "rule" else rule
    if not ARGUMENT.match(argument):
        yield Finding(line, inner, f"the argument {argument!r} of {{{name}}}")
    if token.content.startswith("---"):
        yield Finding(line + 1, inner, f"a YAML option block in {{{name}}}", "use :key: lines")
    options, used = parse_options(token.content)
    for key, value in options.items():
        if key not in DIRECTIVES[name]:
            yield Finding(line, inner, f"the option :{key}: of {{{name}}}")
        yield from scan_text(value, line, inner, f"the option :{key}:")
    if name == "game-list":  # its :also: names pages of the contents, as a toctree's entries
        for entry in options.get("also", "").split():
            if not ARGUMENT.match(entry):
                yield Finding(line, inner, f"the page {entry!r} of {{game-list}}'s :also:")
    body = "\n".join(token.content.split("\n")[used:])
    if name == "rule":
        yield from scan_tokens(myst_markdown().parse(body), line + 1 + used, inner)
    elif name == "toctree":
        for offset, entry in enumerate(body.split("\n")):
            if not ARGUMENT.match(entry.strip()):
                yield Finding(line + 1 + used + offset, inner, f"the toctree entry {entry!r}")
    elif body.strip():
        yield Finding(line + 1, inner, f"content in {{{name}}}", "leave the directive empty")


def scan_front_matter(content: str, line: int) -> Iterator[Finding]:
    for offset, text in enumerate(content.split("\n")):
        key, sep, value = text.partition(":")
        if not text.strip() or text.startswith("#"):
            continue
        if not sep or key != key.strip() or key not in FRONT_MATTER_KEYS:
            fix = f"front matter holds only {', '.join(sorted(FRONT_MATTER_KEYS))}"
            yield Finding(line + offset, "", f"the front matter line {text.strip()[:40]!r}", fix)
        else:
            yield from scan_text(value, line + offset, "", "the front matter")


@lru_cache(maxsize=128)
def scan_source(source: str) -> tuple[Finding, ...]:
    """Every construct of a rules file that may not reach a page, in file order (a file
    unchanged since the last check, as in ``make live``, is not parsed again)."""
    return remembered(  # key: the markdown text
        "markup", source, lambda: tuple(scan_tokens(myst_markdown().parse(source), 1, ""))
    )
