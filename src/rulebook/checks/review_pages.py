"""The review pages: each game has, in both languages, its corrections, its side-by-side and
its code reference (``rules_<lang>/<folder>/<game>.md``, holding ``{<directive>} <game>``),
which its page and the home page link to; and each such page names a game of the book.

Without them the check and a strict build pass, and the game's page links to pages that do
not exist: this check names each missing page at the game's front matter.
"""

import re
from collections.abc import Iterator

from rulebook.book import EN_DIR, FR_DIR, Book
from rulebook.book.files import read_text
from rulebook.book.load import front_matter_line
from rulebook.book.model import Problem
from rulebook.checks.registry import register

# Each review folder, with the directive its pages hold.
PAGES = {"corrections": "corrections", "side-by-side": "side-by-side", "code": "code-reference"}
DIRECTIVE = re.compile(r"^(`{3,}|:{3,})\{([a-z-]+)\}[ \t]*(\S*)", re.M)
PAGE = (
    "front matter `nosearch: true`, a title, then ```{{{directive}}} {slug}``` (as the page "
    "of another game)"
)


@register(
    "review-pages",
    "give the game its review pages in both languages: rules_<lang>/corrections/<game>.md, "
    "side-by-side/<game>.md and code/<game>.md",
)
def check(book: Book) -> Iterator[Problem]:
    slugs = {game.slug for game in book.games}
    for folder_name in (FR_DIR, EN_DIR):
        for folder, directive in PAGES.items():
            for path in sorted((book.root / folder_name / folder).glob("*.md")):
                text = read_text(path)
                named = [m for m in DIRECTIVE.finditer(text) if m.group(2) == directive]
                slug = named[0].group(3) if named else ""
                line = text[: named[0].start()].count("\n") + 1 if named else 1
                if slug not in slugs:
                    said = f"names no game of the book ({slug!r})" if named else "holds no review"
                    fix = f"write ```{{{directive}}} {path.stem}``` in it, or remove it"
                    yield Problem(path, line, path.stem, f"the review page {said}", fix=fix)
                elif slug != path.stem:
                    yield Problem(
                        path, line, slug,
                        f"the review page of {slug} is named {path.name}: the game's page links "
                        f"to {folder}/{slug}.html",
                        fix=f"rename it {slug}.md",
                    )  # fmt: skip
    for game in book.games:
        line = front_matter_line(read_text(game.fr.path), "game")
        for folder_name in (FR_DIR, EN_DIR):
            for folder, directive in PAGES.items():
                relative = f"{folder_name}/{folder}/{game.slug}.md"
                if not (book.root / relative).is_file():
                    yield Problem(
                        game.fr.path, line, game.slug,
                        f"its review page {relative} is missing: the game's page links to it",
                        fix=f"add it: {PAGE.format(directive=directive, slug=game.slug)}",
                    )  # fmt: skip
