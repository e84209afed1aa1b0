"""The original stays byte for byte, and each of its lines belongs to exactly one rule,
or is listed as left out with a reason."""

import hashlib
from collections.abc import Iterator
from pathlib import Path

from rulebook.book import Book
from rulebook.book.folders import original_file
from rulebook.book.model import Game, Problem
from rulebook.checks.registry import register

PROVENANCE_KEYS = (
    "source", "author", "game.fr", "game.en", "origin.fr", "origin.en",
    "translator_fr.fr", "translator_fr.en", "edition.fr", "edition.en",
)  # fmt: skip


@register(
    "original",
    "put the line in a rule's :original:, or list it as [[left_out]] with its reasons; the "
    "original itself is never edited",
)
def check(book: Book) -> Iterator[Problem]:
    for game in book.games:
        yield from check_source(game)
        yield from check_accounting(game)


def check_source(game: Game) -> Iterator[Problem]:
    if not game.original_path.exists():
        yield Problem(
            game.fr.path, 1, game.slug, f"no original {original_file(game.slug).as_posix()}"
        )
        return
    if game.provenance is None:
        yield Problem(game.original_path, 1, game.slug, "no provenance record beside the original")
        return
    recorded = game.provenance.values.get("sha256", "")
    actual = hashlib.sha256(game.original_path.read_bytes()).hexdigest()
    if recorded != actual:
        yield Problem(
            game.provenance.path,
            1,
            game.slug,
            f"the original is not the recorded source (sha256 {actual[:12]}…, recorded "
            f"{recorded[:12] or 'nothing'}…): the original stays byte for byte",
        )
    for key in PROVENANCE_KEYS:
        if not game.provenance.values.get(key):
            yield Problem(game.provenance.path, 1, game.slug, f"provenance lacks {key!r}")


def check_accounting(game: Game) -> Iterator[Problem]:
    owners: dict[int, list[str]] = {}
    count = len(game.original_lines)
    for rule in game.fr.rules:
        if not rule.original and rule.added is None:
            yield Problem.at(
                rule,
                "names no original lines: add ':original: FIRST-LAST', "
                "or ':original: none (why)' for an addition of the book",
            )
        for n in rule.original:
            if not 0 < n <= count:
                yield Problem.at(
                    rule, f"original line {n} does not exist (the original has {count})"
                )
            owners.setdefault(n, []).append(rule.id)
    for item in game.register.left_out if game.register else ():
        if not item.reason_fr or not item.reason_en:
            yield Problem(
                item_path(game),
                item.line,
                game.slug,
                "a left-out line gives its reason in French and English",
            )
        for n in item.lines:
            owners.setdefault(n, []).append("left out")
    for n, line in enumerate(game.original_lines, 1):
        if not line.strip():
            continue
        claimed = owners.get(n, [])
        if not claimed:
            yield Problem(
                game.original_path,
                n,
                game.slug,
                "this line of the original is accounted for by nothing: "
                "add it to a rule's :original: or list it as left out",
            )
        elif len(claimed) > 1:
            yield Problem(
                game.original_path,
                n,
                claimed[0],
                f"this line of the original is claimed by {' and '.join(claimed)}",
            )


def item_path(game: Game) -> Path:
    return game.register.path if game.register else game.fr.path
