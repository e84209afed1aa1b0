"""The book's Python in a reader's browser, under ``_try/``: for the companions at the table
and the "try it" panels. Pyodide from the npm registry (``package.json``, installed by
``make site`` into ``node_modules/``), and for each game the very rule code the check
verifies, zipped with its companion (``code/<game>.zip``: that game, the kit and the
errors, nothing of another game or of the book's tools); the scripts that run it in a Web
Worker (``python.js``, ``worker.js``) and draw a companion (``companion.js``) or a panel
(``try.js``); the web app manifest and its icons; and a service worker that keeps them for
use offline. Without Pyodide installed, the site has no companion and no "try" button.
"""

import hashlib
import importlib.util
import io
import json
import shutil
import zipfile
from dataclasses import asdict
from pathlib import Path
from typing import Any

from rulebook.book import Book
from rulebook.book.chain_words import ChainWords, load_chain_words
from rulebook.book.code import game_terms, load_module
from rulebook.book.entries import Entry
from rulebook.book.files import write_whole
from rulebook.book.model import Game
from rulebook.kit.explain import Wording
from rulebook.language import LANGUAGES, Lang, punctuation, text
from rulebook.text.smart_quotes import smart, smart_words

PACKAGE = Path(__file__).resolve().parent.parent
FOLDER = "_try"
WORKER = "sw.js"  # at the site's root: its folder is the scope it may have
# What Pyodide needs to start, from its npm package.
LOCK = "pyodide-lock.json"  # Pyodide's release: its version, its packages and their hashes
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", LOCK)
STATIC = Path(__file__).resolve().parent / "try"
PANEL_WORDS = ("try_help", "try_code", "try_run", "try_result", "try_error", "try_loading")
# The companion's interface words (the catalog's ``companion_<key>``, rulebook.language).
COMPANION_WORDS = (
    "why", "refused", "rule", "over", "new_game", "new_confirm", "loading", "first_visit", "failed",
    "broken", "less", "more",
)  # fmt: skip
# The scripts under _try/, as written: each is its own file in site/try/.
RUNNER = "try.js"  # what a "try" panel loads at its first "Run" (rulebook.js)
SCRIPTS = ("python.js", "worker.js", "companion.js", RUNNER)
# The web app's icons (site/try/), drawn by tools/icons.py.
ICONS = ("icon.svg", "icon-192.png", "icon-512.png")
# The web app manifest of each language, at the site's root: a phone installs the book from
# any page and opens it in that language.
MANIFEST = "manifest.{lang}.webmanifest"
THEME_COLOUR = "#2e4a7d"  # the manifest's, and the icons' ground (tools/icons.py draws them)


def page_words(words: Wording, lang: Lang) -> Wording:
    """A page's words for its chains, curled as its prose is ("artificial player’s cities");
    the page sends them back to the code as ``{"names": {...}, "values": {...}}``
    (``Wording.of``), a name and a value looked up apart."""
    return Wording(smart_words(words.names, lang), smart_words(words.values, lang))


def pyodide_folder(root: Path) -> Path | None:
    folder = root / "node_modules" / "pyodide"
    return folder if all((folder / name).is_file() for name in PYODIDE_FILES) else None


def can_try(root: Path) -> bool:
    return pyodide_folder(root) is not None


def pyodide_release(root: Path) -> str:
    """The Pyodide release installed in the book (a digest of its lock), "" when none is:
    what the pages offering "try it" and the companions are built with."""
    source = pyodide_folder(root)
    return hashlib.sha256((source / LOCK).read_bytes()).hexdigest()[:16] if source else ""


def package_of(game: Game) -> str:
    """The game's package name: ``port_royal`` for ``rulebook.games.port_royal``."""
    return game.module.rsplit(".", 1)[-1]


def companion_module(game: Game) -> str | None:
    """The game's companion module, when it has one (``rulebook.companions.<package>``)."""
    name = f"rulebook.companions.{package_of(game)}"
    return name if importlib.util.find_spec(name) is not None else None


def has_companion(book: Book, game: Game) -> bool:
    """Whether the site offers the game's companion: Pyodide installed, and the module."""
    return can_try(book.root) and companion_module(game) is not None


def code_zip_name(game: Game) -> str:
    """Where the game's code lies, under ``_try/``."""
    return f"code/{package_of(game)}.zip"


def examples_name(slug: str, lang: Lang) -> str:
    """Where a game page's "try" panels find their examples and words, under ``_try/``."""
    return f"examples/{slug}.{lang}.json"


def rule_code_zip(game: Game) -> bytes:
    """One game's code as Pyodide imports it: ``rulebook`` with its errors, kit and languages
    (the kit's punctuation), the game's package and its companion; nothing of another game,
    nothing of the book's tools."""
    buffer = io.BytesIO()
    package = package_of(game)
    files = [
        PACKAGE / "__init__.py",
        PACKAGE / "errors.py",
        *sorted((PACKAGE / "kit").rglob("*.py")),
        *sorted((PACKAGE / "language").rglob("*.py")),
    ]
    files += [
        PACKAGE / "games" / "__init__.py",
        *sorted((PACKAGE / "games" / package).rglob("*.py")),
    ]
    if companion_module(game):
        files += [PACKAGE / "companions" / "__init__.py", PACKAGE / "companions" / f"{package}.py"]
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in files:  # a fixed date: the same code makes the same archive
            name = f"rulebook/{path.relative_to(PACKAGE).as_posix()}"
            entry = zipfile.ZipInfo(name, (2026, 1, 1, 0, 0, 0))
            archive.writestr(entry, path.read_bytes(), compress_type=zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


def first_visit_bytes(root: Path, game: Game) -> int:
    """What a first visit to the game's companion downloads at most (a host that compresses
    sends less than half): Pyodide, the game's code, the scripts."""
    source = pyodide_folder(root)
    pyodide = sum((source / name).stat().st_size for name in PYODIDE_FILES) if source else 0
    scripts = sum((STATIC / name).stat().st_size for name in SCRIPTS)
    return pyodide + scripts + len(rule_code_zip(game))


def example_source(book: Book, entry: Entry) -> str:
    """The code of what the rule offers to try, as the reader first sees it: its examples
    that give a result. An example of a refusal (a traceback) is shown on the page but not
    offered: run with the others, it would stop the panel before their result."""
    groups = book.runnable_examples(entry)
    return "".join(e.source for g in groups for e in g.examples if e.exc_msg is None)


def title_of(entry: Entry, lang: Lang) -> str:
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


def installed() -> dict[str, str | list[str]]:
    """What the service worker fetches when it installs, for a first visit's companion to work
    offline (``PYODIDE_FILES`` and ``SCRIPTS``, the one list of each), and the runtime's folder,
    whose files it serves from its cache first: the paths below the book's folder."""
    runtime = f"{FOLDER}/pyodide/"
    return {
        "install": [f"{runtime}{name}" for name in PYODIDE_FILES]
        + [f"{FOLDER}/{name}" for name in SCRIPTS],
        "runtime": runtime,
    }


def manifest(lang: Lang) -> str:
    """The web app manifest of the book in ``lang``: its name, where it opens, its icons."""
    data = {
        "name": text(lang, "site_title"),
        "short_name": text(lang, "site_title"),
        "lang": lang,
        "start_url": f"{lang}/index.html",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": THEME_COLOUR,
        "icons": [
            {"src": f"{FOLDER}/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": f"{FOLDER}/icon-512.png", "sizes": "512x512", "type": "image/png"},
            {"src": f"{FOLDER}/icon.svg", "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    return json.dumps(data, ensure_ascii=False, indent=1)


def service_worker(out: Path, edition: str | None) -> str:
    """The site's ``sw.js``: the worker that keeps this edition's files (the book's own paths
    written into it); with no edition (a site built without "try it"), the one that deletes
    the book's caches and unregisters itself."""
    book = {"edition": edition, **installed(), **book_paths(out)} if edition else {"retired": True}
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
    copy_pyodide(source, out / FOLDER / "pyodide")
    edition = hashlib.sha256((source / LOCK).read_bytes())
    written: set[Path] = set()

    def write(path: Path, data: bytes | str) -> None:
        write_whole(path, data)
        written.add(path)

    for name in (*SCRIPTS, *ICONS):
        data = (STATIC / name).read_bytes()
        write(out / FOLDER / name, data)
        edition.update(data)
    chain_words = load_chain_words(root)
    for game in book.games:  # each game's code, and each example's, fetched when needed
        code = rule_code_zip(game)
        write(out / FOLDER / code_zip_name(game), code)
        edition.update(code)
        for lang, panels in game_panels(book, game, chain_words).items():
            panels_json = json.dumps(panels, ensure_ascii=False, indent=0)
            write(out / FOLDER / examples_name(game.slug, lang), panels_json)
    for lang in LANGUAGES:
        write_whole(out / MANIFEST.format(lang=lang), manifest(lang))
    # The offline cache is named for this edition of the code, Pyodide and the worker's own
    # rules: a reader's browser drops the one it kept of an older edition.
    edition.update((STATIC / WORKER).read_bytes())
    forget_stale(out / FOLDER, written)
    write_whole(out / WORKER, service_worker(out, edition.hexdigest()[:16]))
    return True


def game_panels(book: Book, game: Game, chain_words: ChainWords) -> dict[Lang, dict[str, Any]]:
    """What a game page's "try" panels fetch, in each language: each rule's example code
    (and the module its docstring is in), the panel's words, the chain's words and the
    rules' titles."""
    sources = {e.id: example_source(book, e) for e in book.entries_in(game)}
    homes = {e.id: home_of(book, e) for e in book.entries_in(game) if sources[e.id]}
    module = load_module(game.module)
    terms = game_terms(module) if module else ()
    return {
        lang: {
            "page": f"{game.slug}.html",
            "code": code_zip_name(game),
            "words": {key: smart(text(lang, key), lang) for key in PANEL_WORDS}
            | {"colon": punctuation(lang, ":") + " "},
            "chain_words": asdict(page_words(chain_words.for_page(lang, terms), lang)),
            "titles": {e.id: smart(title_of(e, lang), lang) for e in book.entries_in(game)},
            "sources": {rule_id: code for rule_id, code in sources.items() if code},
            "homes": homes,
        }
        for lang in LANGUAGES
    }


def copy_pyodide(source: Path, kept: Path) -> None:
    """Pyodide's files (13 MB) copied to ``kept``, unless those there are of the same release
    and size. The release is its lock (its version, and the hash of each package): not a
    file's date, which npm sets alike in every release, nor its size alone, which an upgrade
    may keep. The lock is written last, so a copy cut short is taken up again next time."""
    lock = (source / LOCK).read_bytes()
    same_release = (kept / LOCK).is_file() and (kept / LOCK).read_bytes() == lock
    for name in sorted(PYODIDE_FILES, key=lambda name: name == LOCK):
        there = kept / name
        if not (same_release and there.is_file()) or (
            there.stat().st_size != (source / name).stat().st_size
        ):
            write_whole(there, (source / name).read_bytes())


def forget_stale(folder: Path, written: set[Path]) -> None:
    """Remove what an earlier build left under ``_try/`` and this one did not write (a game
    renamed, an archive of an older layout); Pyodide's files are kept."""
    for path in folder.rglob("*"):
        if (
            path.is_file()
            and path not in written
            and "pyodide" not in path.relative_to(folder).parts
        ):
            path.unlink()
