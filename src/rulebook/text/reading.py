"""A rule's text as its page reads, for the reader of a difference between two versions: the
markup gone, the book's roles as the page shows them, one line a paragraph, list item or table
row.

A rule's history and the notice an old quote leads to show what changed word by word. Taken
from the rules file as written, that difference showed the file's markup to a player: ``{ed}``
and ``{nq}`` roles, ``**``, the pipes of a table's ruler line. Read through MyST's own parser
(``book.extract.markdown``), as the page is, it shows the words the page shows.
"""

from markdown_it.token import Token

from rulebook.book.extract import EDITORS_ROLE, markdown
from rulebook.language import Lang
from rulebook.text.smart_quotes import smart_run

BULLET = "•"  # as the page's theme draws a bullet list's marker


def reading_text(body: str, lang: Lang) -> str:
    """The text of a rule's body as its page reads: paragraphs apart, each list item and table
    row on a line of its own (a nested list indented), quotes and apostrophes curled, an
    editors' addition (``{ed}``) in brackets, every other role and all emphasis as plain words.

    >>> print(reading_text("Créé en {nq}`2008` par *SoloPlay*. {ed}`Traduit.`", "fr"))
    Créé en 2008 par SoloPlay. [Traduit.]
    >>> body = "Gain :\\n\\n1. **2** pièces\\n   - l'une\\n\\n| a | b |\\n|---|---|\\n| 1 | 2 |"
    >>> print(reading_text(body, "fr"))
    Gain :
    <BLANKLINE>
    1. 2 pièces
      • l’une
    <BLANKLINE>
    a | b
    1 | 2
    >>> print(reading_text("Deux cas :\\n\\n- l'un\\n- l'autre\\n\\nEnsuite.", "fr"))
    Deux cas :
    <BLANKLINE>
    • l’un
    • l’autre
    <BLANKLINE>
    Ensuite.
    """
    lines: list[str] = []
    depth = 0  # how many lists the next line stands in
    marker = ""  # an open list item's number or bullet, for its first line
    row: list[str] | None = None
    for token in markdown().parse(body):
        if token.type in ("bullet_list_open", "ordered_list_open"):
            depth += 1
        elif token.type in ("bullet_list_close", "ordered_list_close"):
            depth -= 1
        elif token.type == "list_item_open":
            marker = f"{token.info}{token.markup} " if token.info else f"{BULLET} "
        elif token.type == "tr_open":
            row = []
        elif token.type == "tr_close" and row is not None:
            lines.append(" | ".join(row))
            row = None
        elif token.type == "inline" and row is not None:
            row.append(inline_text(token, lang))
        elif token.type in ("inline", "fence", "code_block", "html_block"):
            words = inline_text(token, lang) if token.type == "inline" else token.content.strip()
            lines.append("  " * max(depth - 1, 0) + marker + words)
            marker = ""
        ends = ("paragraph_close", "table_close", "bullet_list_close", "ordered_list_close")
        if token.level == 0 and (token.type in ends or token.type in ("fence", "code_block")):
            lines.append("")  # a block of the body ends: paragraphs, lists and tables apart
    return "\n".join(lines).strip()


def inline_text(token: Token, lang: Lang) -> str:
    """One paragraph's, item's or cell's words, as the page shows them: curled as one run,
    as the page is (``smart_run``: a quote mark after bold is read with what comes before).

    >>> print(inline_text(markdown().parse('the "**Step 3**" card')[1], "en"))
    the “Step 3” card
    """
    code = ("code_inline", "html_inline")
    return "".join(c.content if c.type in code else words for c, words in curled(token, lang))


def curled(token: Token, lang: Lang) -> list[tuple[Token, str]]:
    """Each piece of an inline token with its words curled in their paragraph's run
    (``page_text``, ``smart_run``): what the history and the forum quotes show of it."""
    children = token.children or []
    return list(zip(children, smart_run(map(page_text, children), lang), strict=True))


def page_text(child: Token) -> str:
    """What an inline token puts in its paragraph's text on the page, for ``smart_run``: the
    paragraph is curled as one run, as Sphinx curls it, each quote read with the character
    before it even when markup stands between them (``"**Step 3**"``; the French ``l'`` before
    a role). Code and raw HTML stay as written, but are read as the character before a quote,
    as Sphinx reads them; a line break is a space; emphasis and links add no text.

    >>> [page_text(c) for c in markdown().parse("{ed}`a` `b`")[1].children or []]
    ['[a]', ' ', 'b']
    """
    if child.type == "myst_role" and child.meta.get("name") == EDITORS_ROLE:
        return f"[{child.content}]"  # editors' words, in the brackets the role draws
    if child.type in ("text", "myst_role", "code_inline", "html_inline"):
        return child.content
    return " " if child.type in ("softbreak", "hardbreak") else ""
