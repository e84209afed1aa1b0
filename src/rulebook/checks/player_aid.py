"""The player aid: each game whose editors mark rules ``:aid:`` (French file) has its aid page
in both languages (``rules_<lang>/aid/<game>.md``, holding ``{player-aid} <game>``), and an
aid page names a game of the book that has marked rules: an empty aid is no aid."""

import re
from collections.abc import Iterator
from pathlib import Path

from rulebook.book import Book
from rulebook.book.files import read_text
from rulebook.book.folders import rules_folder, rules_path
from rulebook.book.model import Problem
from rulebook.checks.registry import register
from rulebook.language import LANGUAGES, Lang

AID_DIRECTIVE = re.compile(r"^(`{3,}|:{3,})\{player-aid\}[ \t]*(\S*)", re.M)
PAGE = "```{{player-aid}} {slug}\n```"


def aid_pages(root: Path, lang: Lang) -> list[Path]:
    return sorted((rules_path(root, lang) / "aid").glob("*.md"))


@register(
    "aid",
    "mark with ':aid:' (French file) the rules a player looks up during play, and give the "
    "game its aid page in both languages, rules_<lang>/aid/<game>.md",
)
def check(book: Book) -> Iterator[Problem]:
    games = {game.slug: game for game in book.games}
    named: dict[Lang, set[str]] = {lang: set() for lang in LANGUAGES}
    for lang in LANGUAGES:
        for path in aid_pages(book.root, lang):
            found = AID_DIRECTIVE.search(read_text(path))
            slug = found.group(2) if found else ""
            line = read_text(path)[: found.start()].count("\n") + 1 if found else 1
            if slug not in games:
                said = f"names no game of the book ({slug!r})" if found else "holds no player aid"
                fix = f"write {PAGE.format(slug=path.stem)} in it, or remove it"
                yield Problem(path, line, path.stem, f"the aid page {said}", fix=fix)
                continue
            named[lang].add(slug)
            if not any(rule.aid for rule in games[slug].fr.rules):
                yield Problem(
                    path, line, slug, f"the player aid of {slug} holds no rule",
                    fix=f"mark with ':aid:' the rules of rules_fr/{slug}.md a player looks up "
                    "during play (the turn, the tables), or remove the page",
                )  # fmt: skip
    for slug, game in games.items():
        marked = [rule for rule in game.fr.rules if rule.aid]
        for lang in LANGUAGES:
            if marked and slug not in named[lang]:
                yield Problem.at(
                    marked[0],
                    f"rules are marked ':aid:' but {rules_folder(lang)}/aid/{slug}.md, the "
                    "player aid page, is missing",
                    fix=f"add it: a title, then {PAGE.format(slug=slug)}",
                )
