""" "Try it": the files a reader's browser loads when they ask to run a worked example, and
only then: Pyodide from the npm registry (``package.json``, installed by ``make site`` into
``node_modules/``) and the very rule code the check verifies, zipped (the games, the kit,
the errors), under ``_try/``, with the script that runs an example and a service worker
that keeps them for offline use. Without Pyodide installed, the site has no "try" buttons.
"""

import hashlib
import io
import json
import shutil
import zipfile
from pathlib import Path

from rulebook.book import Book
from rulebook.book.chain_words import load_chain_words
from rulebook.book.code import game_terms, load_module
from rulebook.book.entries import Entry
from rulebook.book.files import write_whole
from rulebook.site.config import COLON, LANGUAGES, text
from rulebook.text.smart_quotes import smart

PACKAGE = Path(__file__).resolve().parent.parent
FOLDER = "_try"
WORKER = "sw.js"  # at the site's root: its folder is the scope it may have
# What Pyodide needs to start, from its npm package.
PYODIDE_FILES = (
    "pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
)  # fmt: skip
STATIC = Path(__file__).resolve().parent / "try"
MORGAN_TURN = "morgan-turn"
# The Morgan's-turn helper's code, as a solo player first sees it (``{morgan-turn}``).
MORGAN_TURN_SOURCE = {
    "fr": (
        "niveau = Level.WALKING  # EASY, WALKING, ACCELERATING, RUNNING, EXTREME\n"
        "score = 8  # les points de Morgan avant son tour\n"
        'lancers = "roue de navire verte, navire jaune, navire bleu, navire jaune"\n'
        "mort_subite = None  # dans la zone de mort subite : le nombre qu'exige sa case\n"
        "morgan_turn(score, niveau, parse_rolls(lancers), sudden_death_at=mort_subite)\n"
    ),
    "en": (
        "level = Level.WALKING  # EASY, WALKING, ACCELERATING, RUNNING, EXTREME\n"
        "score = 8  # Morgan's points before his turn\n"
        'rolls = "green wheel, yellow ship, blue ship, yellow ship"\n'
        "sudden_death = None  # in the sudden-death zone: the number his space requires\n"
        "morgan_turn(score, level, parse_rolls(rolls), sudden_death_at=sudden_death)\n"
    ),
}
PANEL_WORDS = ("try_help", "try_code", "try_run", "try_result", "try_error", "try_loading")


def pyodide_folder(root: Path) -> Path | None:
    folder = root / "node_modules" / "pyodide"
    return folder if all((folder / name).is_file() for name in PYODIDE_FILES) else None


def can_try(root: Path) -> bool:
    return pyodide_folder(root) is not None


def rule_code_zip() -> bytes:
    """The package's rule code as Pyodide imports it: ``rulebook`` with its errors, kit and
    games, nothing of the book's tools."""
    buffer = io.BytesIO()
    files = [PACKAGE / "__init__.py", PACKAGE / "errors.py"]
    files += [
        path for folder in ("kit", "games") for path in sorted((PACKAGE / folder).rglob("*.py"))
    ]
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in files:  # a fixed date: the same code makes the same archive
            name = f"rulebook/{path.relative_to(PACKAGE).as_posix()}"
            entry = zipfile.ZipInfo(name, (2026, 1, 1, 0, 0, 0))
            archive.writestr(entry, path.read_bytes(), compress_type=zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


def example_source(book: Book, entry: Entry) -> str:
    """The code of what the rule offers to try, as the reader first sees it: its examples
    that give a result. An example of a refusal (a traceback) is shown on the page but not
    offered: run with the others, it would stop the panel before their result."""
    groups = book.runnable_examples(entry)
    return "".join(e.source for g in groups for e in g.examples if e.exc_msg is None)


def title_of(entry: Entry, lang: str) -> str:
    return (entry.rule(lang) or entry.fr).title


def home_of(book: Book, entry: Entry) -> str:
    """The module whose names the rule's examples run in (``book.code.example_globals``)."""
    return next((g.home for g in book.runnable_examples(entry) if g.home), "")


def book_paths(out: Path) -> dict[str, list[str]]:
    """What the service worker may keep: the site's top-level files and, ending in ``/``, its
    folders (the languages, ``_try/``, the short links), as the build wrote them into ``out``;
    not the worker itself, which a browser never fetches through a worker."""
    entries = sorted(p for p in out.iterdir() if p.name != WORKER)
    return {
        "files": [p.name for p in entries if not p.is_dir()],
        "folders": [f"{p.name}/" for p in entries if p.is_dir()],
    }


def service_worker(out: Path, edition: str | None) -> str:
    """The site's ``sw.js``: the worker that keeps this edition's files (the book's own paths
    written into it); with no edition (a site built without "try it"), the one that deletes
    the book's caches and unregisters itself."""
    book = {"edition": edition, **book_paths(out)} if edition else {"retired": True}
    worker = (STATIC / WORKER).read_text(encoding="utf-8")
    return worker.replace("__BOOK__", json.dumps(book, ensure_ascii=False))


def write_try_it(book: Book, out: Path) -> bool:
    """Write ``_try/`` beside the two languages, then the service worker (run last: it lists
    what the build wrote); False when Pyodide is not installed. Then no page offers "try it":
    ``_try/`` is removed, and the worker a reader's browser may keep from an edition that
    had it is replaced by one that retires."""
    root = book.root
    source = pyodide_folder(root)
    if source is None:
        shutil.rmtree(out / FOLDER, ignore_errors=True)
        write_whole(out / WORKER, service_worker(out, None))
        return False
    for name in PYODIDE_FILES:  # 13 MB: read again only when its size changed
        kept = out / FOLDER / "pyodide" / name
        if not kept.exists() or kept.stat().st_size != (source / name).stat().st_size:
            write_whole(kept, (source / name).read_bytes())
    code = rule_code_zip()
    script = (STATIC / "try.js").read_text(encoding="utf-8")
    write_whole(out / FOLDER / "rulebook.zip", code)
    write_whole(out / FOLDER / "try.js", script)
    chain_words = load_chain_words(root)
    for game in book.games:  # each example's code, fetched when a reader opens its panel
        sources = {e.id: example_source(book, e) for e in book.entries_in(game)}
        homes = {e.id: home_of(book, e) for e in book.entries_in(game) if sources[e.id]}
        module = load_module(game.module)
        terms = game_terms(module) if module else ()
        for lang in LANGUAGES:
            offered = {rule_id: code for rule_id, code in sources.items() if code}
            if game.slug == "port-royal-morgan":
                offered[MORGAN_TURN] = MORGAN_TURN_SOURCE[lang]
            panel = {
                "page": f"{game.slug}.html",
                "words": {key: text(lang, key) for key in PANEL_WORDS} | {"colon": COLON[lang]},
                "chain_words": chain_words.for_page(lang, terms),
                "titles": {e.id: smart(title_of(e, lang), lang) for e in book.entries_in(game)},
                "sources": offered,
                "homes": homes,
            }
            data = json.dumps(panel, ensure_ascii=False, indent=0)
            write_whole(out / FOLDER / "examples" / f"{game.slug}.{lang}.json", data)
    # The offline cache is named for this edition of the code, Pyodide and the worker's own
    # rules: a reader's browser drops the one it kept of an older edition.
    worker = (STATIC / WORKER).read_bytes()
    edition = hashlib.sha256(
        code + script.encode() + (source / "pyodide-lock.json").read_bytes() + worker
    )
    write_whole(out / WORKER, service_worker(out, edition.hexdigest()[:16]))
    return True
