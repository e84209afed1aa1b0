"""The ``rulebook`` command: check the book, export it, publish IDs, build the site."""

import argparse
import dataclasses
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from rulebook.book import load_book


def from_here(advice: str, root: Path) -> str:
    """Advice to run a command, made to act on the book checked when it is not the current
    folder (the commands that write default to the current folder).

    >>> from_here("run `rulebook translated pr-end`", Path("/tmp/book"))
    'run `rulebook translated pr-end --root /tmp/book`'
    """
    if root == Path.cwd().resolve():
        return advice
    return re.sub(r"`(rulebook translated [^`]+)`", rf"`\1 --root {root}`", advice)


def cmd_check(args: argparse.Namespace) -> int:
    from rulebook.checks import run_checks

    book = load_book(Path(args.root))
    problems = [dataclasses.replace(p, fix=from_here(p.fix, book.root)) for p in run_checks(book)]
    if args.json:
        print(json.dumps([p.as_dict(book.root) for p in problems], ensure_ascii=False, indent=2))
    else:
        for p in problems:
            print(p.format(book.root))
        rules = sum(len(g.fr.rules) for g in book.games)
        summary = f"{len(problems)} problem(s)" if problems else "everything agrees"
        print(
            f"rulebook check: {len(book.games)} game(s), {rules} rules: {summary}", file=sys.stderr
        )
    return 1 if problems else 0


def cmd_rules(args: argparse.Namespace) -> int:
    from rulebook.export import export_rules

    print(json.dumps(export_rules(load_book(Path(args.root))), ensure_ascii=False, indent=2))
    return 0


def cmd_publish(args: argparse.Namespace) -> int:
    from rulebook.publish import publish

    added = publish(load_book(Path(args.root)), tuple(args.game))
    for rule_id in added:
        print(f"published {rule_id}")
    return 0


def cmd_site(args: argparse.Namespace) -> int:
    from rulebook.pdf import build_pdfs
    from rulebook.site import build_site

    out = Path(args.out) if args.out else Path(args.root) / "docs" / "_build" / "html"
    return build_site(Path(args.root), out, strict=args.strict) or build_pdfs(Path(args.root), out)


def cmd_cite(args: argparse.Namespace) -> int:
    from rulebook.cite import cite

    book = load_book(Path(args.root))
    try:
        print(cite(book, args.rule, args.lang, args.format))
    except KeyError:
        print(f"rulebook cite: no rule {args.rule!r}", file=sys.stderr)
        return 2
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    from rulebook.cite import page_url, short_url
    from rulebook.prose import plain_text

    book = load_book(Path(args.root))
    try:
        rule = book.rule(args.rule, args.lang)
    except KeyError:
        print(f"rulebook show: no rule {args.rule!r} in {args.lang}", file=sys.stderr)
        return 2
    print(f"{rule.title} ({rule.id})\n\n{plain_text(rule)}\n")
    print(f"{short_url(rule.id)}\n{page_url(rule.id, rule.game, args.lang)}")
    return 0


def cmd_translated(args: argparse.Namespace) -> int:
    from rulebook.translation import record

    book = load_book(Path(args.root))
    ids = [r.id for r in book.rules("en") if args.all or r.game in args.game] + args.rule
    unknown = sorted(set(args.rule) - {r.id for r in book.rules("en")})
    if unknown:
        print(f"rulebook translated: no English rule {', '.join(unknown)}", file=sys.stderr)
        return 2
    for rule_id in record(book, ids):
        print(f"recorded: {rule_id} translates the French rule as it is now")
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="rulebook", description=__doc__)
    sub = top.add_subparsers(dest="command", required=True)
    check = sub.add_parser("check", help="check that French, English and code agree")
    check.add_argument("root", nargs="?", default=".")
    check.add_argument("--json", action="store_true", help="the problems as JSON")
    check.set_defaults(run=cmd_check)
    rules = sub.add_parser("rules", help="print every rule")
    rules.add_argument("root", nargs="?", default=".")
    rules.add_argument("--json", action="store_true", required=True)
    rules.set_defaults(run=cmd_rules)
    publish = sub.add_parser("publish", help="record new rule IDs in the published-ID registry")
    publish.add_argument("root", nargs="?", default=".")
    publish.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    publish.set_defaults(run=cmd_publish)
    cite = sub.add_parser("cite", help="a rule's permanent link, or a quote of it for a forum")
    cite.add_argument("rule")
    cite.add_argument("--lang", choices=("fr", "en"), default="fr")
    cite.add_argument("--format", choices=("url", "bbcode", "markdown"), default="url")
    cite.add_argument("--root", default=".")
    cite.set_defaults(run=cmd_cite)
    show = sub.add_parser("show", help="print a rule as text")
    show.add_argument("rule")
    show.add_argument("--lang", choices=("fr", "en"), default="fr")
    show.add_argument("--root", default=".")
    show.set_defaults(run=cmd_show)
    translated = sub.add_parser(
        "translated", help="record that English rules translate their French rules as they are now"
    )
    translated.add_argument("rule", nargs="*", default=[])
    translated.add_argument("--game", action="append", default=[], help="every rule of a game")
    translated.add_argument("--all", action="store_true", help="every rule of the book")
    translated.add_argument("--root", default=".")
    translated.set_defaults(run=cmd_translated)
    site = sub.add_parser("site", help="build the French and English site")
    site.add_argument("root", nargs="?", default=".")
    site.add_argument("--out", help="output folder (default: docs/_build/html)")
    site.add_argument("--strict", action="store_true", help="warnings are errors (-n -W)")
    site.set_defaults(run=cmd_site)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    return int(args.run(args))
