"""The ``rulebook`` command: check the book, export it, publish IDs, build the site."""

import argparse
import datetime
import difflib
import json
import os
import signal
import sys
import threading
import traceback
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from rulebook.book import EN_DIR, FR_DIR, Book, cache, load_book
from rulebook.book.lock import book_lock
from rulebook.book.model import Rule
from rulebook.errors import BookError
from rulebook.language import LANGUAGES, Lang, catalog, text

if TYPE_CHECKING:
    from rulebook.outputs.changes import Change


def cmd_check(args: argparse.Namespace) -> int:
    from rulebook.checks import run_checks
    from rulebook.checks.todo import todo_lines
    from rulebook.text.spelling import DICTIONARY_PACKAGES
    from rulebook.text.spelling import missing as spelling_missing

    book = load_book(Path(args.root))
    problems = run_checks(book)
    if args.json:
        print(json.dumps([p.as_dict(book.root) for p in problems], ensure_ascii=False, indent=2))
    else:
        for p in problems:
            print(p.format(book.root))
        for lang in spelling_missing():
            print(
                f"rulebook check: {catalog(lang).english_name} spelling not checked: its Hunspell "
                f"dictionary is not installed (apt-get install {DICTIONARY_PACKAGES[lang]})",
                file=sys.stderr,
            )
        for line in todo_lines(book, problems):  # a game not yet published: its next steps
            print(line, file=sys.stderr)
        rules = sum(len(g.fr.rules) for g in book.games)
        summary = f"{len(problems)} problem(s)" if problems else "everything agrees"
        print(
            f"rulebook check: {len(book.games)} game(s), {rules} rules: {summary}", file=sys.stderr
        )
    return 1 if problems else 0


def cmd_rules(args: argparse.Namespace) -> int:
    from rulebook.addresses import ADDRESSES, placeholder_warning, settings_error
    from rulebook.outputs.export import export_json

    error = settings_error(ADDRESSES)  # its links are made of the public address
    if error:
        print(f"rulebook rules: {error}", file=sys.stderr)
        return 2
    text = export_json(load_book(Path(args.root)))  # the site's rules.json, byte for byte
    warning = placeholder_warning(ADDRESSES.base_url)
    if warning:
        print(f"rulebook rules: {warning}", file=sys.stderr)
    sys.stdout.write(text)
    return 0


def cmd_publish(args: argparse.Namespace) -> int:
    with book_lock(Path(args.root) / FR_DIR, "publish"):
        return publish_locked(args)


def publish_locked(args: argparse.Namespace) -> int:
    from rulebook.outputs.publish import publish
    from rulebook.outputs.versions import plan_versions, write_versions

    book = load_book(Path(args.root))
    known_games(book, args.game)
    planned = plan_versions(book, args.date, tuple(args.game), tuple(args.retire))  # or refused
    added = publish(book, tuple(args.game))
    for rule_id in added:
        print(f"published {rule_id}")
    if not added:
        print("rulebook publish: no new rule ID; the registry is unchanged", file=sys.stderr)
    versions = write_versions(book, args.date, planned)
    for line in versions:
        print(f"{line} ({args.date.isoformat()})")
    if not versions:
        print("rulebook publish: no rule changed since its last version", file=sys.stderr)
    return 0


def cmd_changes(args: argparse.Namespace) -> int:
    from rulebook.outputs.changes import book_changes

    book = load_book(Path(args.root))
    changes = [c for c in book_changes(book) if args.since is None or c.date >= args.since]
    for change in changes:
        print(change_line(change, args.lang))
    if not changes:
        since = f" since {args.since.isoformat()}" if args.since else ""
        print(f"rulebook changes: no rule changed{since}", file=sys.stderr)
    return 0


def change_line(change: "Change", lang: Lang) -> str:
    """One change as ``rulebook changes`` prints it: date, rule, kind (in the words of the
    site's changes page), title, where to see it."""
    from rulebook.addresses import page_url
    from rulebook.outputs.changes import ChangeKind

    version = change.version
    kind = text(lang, f"kind.{change.kind}")
    if change.kind == ChangeKind.RENAMED:
        kind += f" ({version.renamed_from} → {version.rule})"
    url = page_url(change.current_id, change.game.slug, lang).split("#")[0]
    return (
        f"{change.date.isoformat()}  {version.rule}  v{version.number}  {kind}  "
        f"{change.title(lang)}  {url}#{change.anchor()}"
    )


def iso_date(text: str) -> datetime.date:
    """A date as the history writes it, 2026-11-24; anything else is the usage error."""
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a date as 2026-11-24, got {text!r}") from None


def cmd_site(args: argparse.Namespace) -> int:
    from rulebook.site.build import build_site

    load_book(Path(args.root))  # a file that cannot be read: one line, before Sphinx starts
    out = Path(args.out) if args.out else Path(args.root) / "docs" / "_build" / "html"
    return build_site(Path(args.root), out, strict=args.strict, pdfs=True)


def find_rule(book: Book, rule_id: str, lang: Lang) -> Rule:
    """The rule to cite or show; an unknown ID, or a language without the game's file, is a
    ``BookError`` saying what exists."""
    ids = [r.id for r in book.rules("fr")]
    aliases = book.published.aliases if book.published else {}
    if rule_id in aliases:
        raise BookError(book.root / FR_DIR, 0, f"{rule_id} was renamed: use {aliases[rule_id][0]}")
    if rule_id not in ids:
        near = difflib.get_close_matches(rule_id.lower(), ids, n=3)  # IDs are lower case
        hint = f": did you mean {' or '.join(near)}?" if near else ": see `rulebook rules --json`"
        raise BookError(book.root / FR_DIR, 0, f"no rule {rule_id!r}{hint}")
    game = book.game(book.rule(rule_id).game)
    english = book.root / EN_DIR / f"{game.slug}.md"
    if lang == "en" and game.en is None:
        raise BookError(english, 0, f"missing: {rule_id} has no English text: restore the file")
    try:
        return book.rule(rule_id, lang)
    except KeyError:
        raise BookError(english, 0, f"{rule_id} is not translated yet: add it") from None


def known_games(book: Book, wanted: list[str]) -> None:
    """A ``--game`` that names no game is a ``BookError`` listing the games."""
    slugs = [game.slug for game in book.games]
    for slug in wanted:
        if slug not in slugs:
            near = difflib.get_close_matches(slug.lower(), slugs, n=1)
            hint = f"did you mean {near[0]}? " if near else ""
            raise BookError(
                book.root / FR_DIR, 0, f"no game {slug!r}: {hint}the games are {', '.join(slugs)}"
            )


def cmd_cite(args: argparse.Namespace) -> int:
    from rulebook.addresses import ADDRESSES, placeholder_warning, settings_error
    from rulebook.outputs.cite import cite

    error = settings_error(ADDRESSES)
    if error:
        print(f"rulebook cite: {error}", file=sys.stderr)
        return 2
    book = load_book(Path(args.root))
    find_rule(book, args.rule, args.lang)
    quote = cite(book, args.rule, args.lang, args.format)
    # Once the quote is made: errors stay one line.
    warning = placeholder_warning(ADDRESSES.base_url)
    if warning:
        print(f"rulebook cite: {warning}", file=sys.stderr)
    print(quote)
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    from rulebook.addresses import ADDRESSES, page_url, settings_error, short_url
    from rulebook.text.prose import plain_text

    error = settings_error(ADDRESSES)  # its links are made of the public address
    if error:
        print(f"rulebook show: {error}", file=sys.stderr)
        return 2
    book = load_book(Path(args.root))
    rule = find_rule(book, args.rule, args.lang)
    print(f"{rule.title} ({rule.id})\n\n{plain_text(rule)}\n")
    print(f"{short_url(rule.id, lang=args.lang)}\n{page_url(rule.id, rule.game, args.lang)}")
    return 0


def cmd_translated(args: argparse.Namespace) -> int:
    if not (args.rule or args.game or args.all):
        print(
            "rulebook translated: name the rules whose translation you checked: "
            "RULE-ID …, --game GAME or --all",
            file=sys.stderr,
        )
        return 2
    with book_lock(Path(args.root) / FR_DIR, "translated"):
        return translated_locked(args)


def translated_locked(args: argparse.Namespace) -> int:
    from rulebook.book.translation_state import record

    book = load_book(Path(args.root))
    known_games(book, args.game)
    for rule_id in args.rule:
        find_rule(book, rule_id, "en")
    ids = [r.id for r in book.rules("en") if args.all or r.game in args.game] + args.rule
    recorded = record(book, ids)
    for rule_id in recorded:
        print(f"recorded: {rule_id} translates the French rule as it is now")
    if not recorded:
        print("rulebook translated: every rule named was already recorded", file=sys.stderr)
    return 0


NEW_QUESTIONS = {  # what `rulebook new` asks on a terminal for each answer not given
    "slug": "the game's slug, lowercase words joined by hyphens (port-royal-morgan)",
    "prefix": "the prefix of its rule IDs (pr)",
    "title_fr": "its French title",
    "title_en": "its English title",
    "author": "the variant's author, as the source names them",
    "translator": "who wrote the French text, as the source says",
    "source_url": "the address of the source (the forum post)",
}


def cmd_new(args: argparse.Namespace) -> int:
    from rulebook.book.load import advise
    from rulebook.book.scaffold import Answers, ScaffoldError, elsewhere, plan, write

    root = Path(args.root).resolve()
    try:
        for name, question in NEW_QUESTIONS.items():
            if getattr(args, name) is None:
                setattr(args, name, ask(name, question))
        if args.module is None:
            default = args.slug.replace("-", "_")
            args.module = default if default.isidentifier() else ask("module", "its module")
        answers = Answers(
            Path(args.source), args.slug, args.prefix, args.module, args.title_fr,
            args.title_en, args.author, args.translator, args.source_url,
        )  # fmt: skip
        with book_lock(root / FR_DIR, "new"):
            written = write(plan(root, answers))
    except ScaffoldError as error:
        print(f"rulebook new: {error}", file=sys.stderr)
        return 2
    for path in written:
        print(f"wrote {path.relative_to(root)}")
    other = elsewhere(root)
    if other:
        print(f"rulebook new: {other}", file=sys.stderr)
    print(
        f"rulebook new: {len(written)} files written for {args.slug}; "
        f"{advise('check', root)} lists what is left to write, step by step",
        file=sys.stderr,
    )
    return 0


def ask(name: str, question: str) -> str:
    """An answer asked on a terminal; with no terminal, the flag is missing."""
    from rulebook.book.scaffold import ScaffoldError

    flag = f"--{name.replace('_', '-')}"
    if not sys.stdin.isatty():
        raise ScaffoldError(f"{flag} is missing: give {question}")
    try:
        return input(f"{question} [{flag}]: ").strip()
    except EOFError:
        raise ScaffoldError(f"{flag} is missing: give {question}") from None


def book_folder(command: argparse.ArgumentParser) -> None:
    """The book's folder, as the first argument or as ``--root`` (the commands that write,
    and the advice the check gives, use ``--root``): either works for every command."""
    command.add_argument("root", nargs="?", default=None, help="the book's folder (.)")
    command.add_argument("--root", dest="root_flag", metavar="ROOT", help="the same, named")


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="rulebook", description=__doc__)
    sub = top.add_subparsers(dest="command", required=True)
    check = sub.add_parser("check", help="check that French, English and code agree")
    book_folder(check)
    check.add_argument("--json", action="store_true", help="the problems as JSON")
    check.set_defaults(run=cmd_check)
    rules = sub.add_parser("rules", help="print every rule with its text and links (rules.json)")
    book_folder(rules)
    rules.add_argument("--json", action="store_true", required=True)
    rules.set_defaults(run=cmd_rules)
    publish = sub.add_parser(
        "publish", help="record new rule IDs, and a version of every rule changed since its last"
    )
    book_folder(publish)
    publish.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    publish.add_argument(
        "--date", type=iso_date, default=datetime.date.today(), help="the versions' date (today)"
    )
    publish.add_argument(
        "--retire", action="append", default=[], metavar="RULE-ID",
        help="record that a rule removed from the book is retired (repeatable)",
    )  # fmt: skip
    publish.set_defaults(run=cmd_publish)
    changes = sub.add_parser("changes", help="the rules changed, by date, newest first")
    book_folder(changes)
    changes.add_argument("--since", type=iso_date, help="only changes on or after this date")
    changes.add_argument("--lang", choices=LANGUAGES, default="en")
    changes.set_defaults(run=cmd_changes)
    cite = sub.add_parser("cite", help="a rule's permanent link, or a quote of it for a forum")
    cite.add_argument("rule")
    cite.add_argument("--lang", choices=LANGUAGES, default="fr")
    cite.add_argument("--format", choices=("url", "bbcode", "markdown"), default="url")
    cite.add_argument("--root", default=".")
    cite.set_defaults(run=cmd_cite)
    show = sub.add_parser("show", help="print a rule as text")
    show.add_argument("rule")
    show.add_argument("--lang", choices=LANGUAGES, default="fr")
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
    book_folder(site)
    site.add_argument("--out", help="output folder (default: docs/_build/html)")
    site.add_argument("--strict", action="store_true", help="warnings are errors (-n -W)")
    site.set_defaults(run=cmd_site)
    new = sub.add_parser("new", help="write every file of a new game from its source text")
    new.add_argument("source", help="the source text (a forum post), copied byte for byte")
    for name, question in NEW_QUESTIONS.items():
        new.add_argument(f"--{name.replace('_', '-')}", help=question)
    new.add_argument("--module", help="its module in rulebook.games (default: from the slug)")
    new.add_argument("--root", default=".")
    new.set_defaults(run=cmd_new)
    for command in sub.choices.values():
        command.set_defaults(parser=command)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run a command: a file of the book that cannot be read is one line, ``path:line: what is
    wrong: what to do``, and exit status 2 (1 is for problems the check found)."""
    top = parser()
    args, unknown = top.parse_known_args(argv)
    if unknown:  # said by the command's own parser: its usage, not the top level's
        args.parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    if hasattr(args, "root_flag"):
        if args.root is not None and args.root_flag is not None and args.root != args.root_flag:
            top.error(f"two folders given: {args.root} and --root {args.root_flag}")
        args.root = args.root or args.root_flag or "."
    cache.enable()  # what a file's content alone decides is kept between runs (book/cache.py)
    main_thread = threading.current_thread() is threading.main_thread()
    stopped = signal.signal(signal.SIGTERM, interrupt) if main_thread else None  # as Ctrl-C
    try:
        return int(args.run(args))
    except KeyboardInterrupt:
        print(f"rulebook {args.command}: interrupted; nothing more was written", file=sys.stderr)
        return 130
    except BookError as error:
        print(error.located(Path.cwd()), file=sys.stderr)
        return 2
    except BrokenPipeError:  # `rulebook rules --json | head`: the reader has what it wants
        sys.stderr.close()
        return 0
    except OSError as error:  # a folder the command writes to, say, that cannot be written
        print(f"{error.filename or 'rulebook'}: {error.strerror}", file=sys.stderr)
        return 2
    except Exception as error:  # a bug of the tool, not of the book: one line saying where
        if os.environ.get("RULEBOOK_DEBUG"):
            raise
        print(internal_error(error), file=sys.stderr)
        return 3
    finally:
        if main_thread:
            signal.signal(signal.SIGTERM, stopped)
        cache.disable()


def interrupt(signum: int, frame: object) -> None:
    """A termination signal stops the command as Ctrl-C does: what it started is stopped,
    and what it was writing is left as it was (``site.staging``, ``book.files``)."""
    raise KeyboardInterrupt


def internal_error(error: Exception) -> str:
    """A bug reported in one line, with the place to look and how to see the traceback."""
    frames = traceback.extract_tb(error.__traceback__)
    where = f" at {frames[-1].filename}:{frames[-1].lineno}" if frames else ""
    return (
        f"rulebook: internal error{where}: {type(error).__name__}: {error}: please report it "
        "(RULEBOOK_DEBUG=1 shows the traceback)"
    )
