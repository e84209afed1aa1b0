"""A new game's files, drafted from its source text (`rulebook new`).

From a source (a French forum post, kept byte for byte) and a few answers, every file a game
needs (docs/authoring.md, "Files of a game"): the original and its provenance with its sha256;
the French rules, one rule block per paragraph of the source (a short line alone before one
becomes its heading), each citing its lines in ``:original:``, its text as the source gives
it; the English skeleton, the same IDs in the same order, every title, heading and text the
placeholder the translation check names until it is translated; the empty corrections
register; the six review pages; the game package and its first test.

Nothing is written unless everything can be: every answer is checked and every file made
first; a file that already exists stops it all, and each file is written whole (``files``).
"""

import hashlib
import json
import keyword
import re
import textwrap
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from rulebook.book.characters import REFUSED
from rulebook.book.extract import parse_front_matter
from rulebook.book.files import read_regular, read_text, replace_whole
from rulebook.book.folders import (
    EN_DIR,
    FR_DIR,
    original_file,
    provenance_file,
    register_file,
    rules_folder,
)
from rulebook.book.load import PUBLISHED
from rulebook.book.names import GAMES_PACKAGE, PREFIX, game_packages, is_slug
from rulebook.book.registers import load_published
from rulebook.book.translation_state import UNTRANSLATED
from rulebook.errors import BookError
from rulebook.language import LANGUAGES, Lang, catalog, punctuation, spaced, text

GAMES = ("src", "rulebook", "games")  # the game packages' folder, under the book's root
MODULE = re.compile(r"[a-z][a-z0-9_]{0,59}", re.ASCII)
# A short line alone, with no sentence's end: a heading of the source ("Mise en place").
HEADING_CHARS = 60
HEADING_WORDS = 8
NOT_HEADING_START = tuple("#>|-*+`:[<!")
ID_WORDS = 3  # the words of a drafted rule ID, after its prefix
TITLE_WORDS = 6
# Words a drafted ID leaves out (after their accents): they tell rules apart no better.
STOP_WORDS = frozenset(
    "a au aux c ce ces cet cette d dans de des du elle en est et il la le les leur l mais n "
    "ne nous on ou par pas pour qu que qui sa se ses si son sur un une vos votre vous y".split()
)
# The review pages: folder: (the catalog's word for its title, directive, its lead's word).
REVIEW_PAGES = {
    "corrections": ("corrections", "corrections", None),
    "side-by-side": ("side_by_side", "side-by-side", None),
    "code": ("code", "code-reference", "new_code_lead"),
}


class ScaffoldError(ValueError):
    """An answer `rulebook new` cannot use: one line saying what was expected."""


@dataclass(frozen=True)
class Answers:
    """What `rulebook new` asks: the source, and the names and credits of the new game."""

    source: Path
    slug: str
    prefix: str
    module: str
    title_fr: str
    title_en: str
    author: str
    translator: str
    source_url: str


@dataclass(frozen=True)
class Paragraph:
    """A run of non-blank lines of the source, numbered from 1 as the check numbers them."""

    first: int
    lines: tuple[str, ...]

    @property
    def last(self) -> int:
        return self.first + len(self.lines) - 1

    @property
    def looks_like_heading(self) -> bool:
        """One short line that ends no sentence and starts no list, quote or markup.

        >>> Paragraph(1, ("Mise en place",)).looks_like_heading
        True
        >>> Paragraph(1, ("Vous jouez en premier.",)).looks_like_heading
        False
        """
        if len(self.lines) != 1:
            return False
        line = self.lines[0].strip()
        return (
            len(line) <= HEADING_CHARS
            and len(line.split()) <= HEADING_WORDS
            and not line.startswith(NOT_HEADING_START)
            and not re.match(r"\d+[.)]", line)
            and not line.endswith((".", ",", ";", ":", "!", "?", "#", "…"))
        )


@dataclass(frozen=True)
class Draft:
    """A rule drafted from a paragraph of the source (and the heading line before it)."""

    id: str
    title: str
    heading: str | None
    original: str
    body: str
    code: str = ""


def paragraphs(text: str) -> list[Paragraph]:
    """The runs of non-blank lines of ``text`` (blank as the original check counts it).

    >>> [(p.first, p.last) for p in paragraphs("Titre\\n\\nUn.\\nDeux.\\n \\nTrois.\\n")]
    [(1, 1), (3, 4), (6, 6)]
    """
    found: list[Paragraph] = []
    run: list[str] = []
    for number, line in enumerate([*text.split("\n"), ""], 1):
        if line.strip():
            run.append(line)
        elif run:
            found.append(Paragraph(number - len(run), tuple(run)))
            run = []
    return found


def drafts(text: str, prefix: str) -> list[Draft]:
    """One rule per paragraph; a paragraph that looks like a heading, followed by one that
    does not, becomes that rule's heading, its line among the rule's ``:original:`` lines; so
    does a paragraph's first line that looks like one, as forum posts write them.

    >>> source = "Mise en place\\n\\nChaque joueur prend 3 cartes.\\n\\nBon jeu !\\n"
    >>> for d in drafts(source, "xx"):
    ...     print(d.id, d.title, d.heading, d.original, sep=" | ")
    xx-mise-place | Mise en place | Mise en place | 1-3
    xx-bon-jeu | Bon jeu | None | 5
    >>> [(d.title, d.heading, d.body) for d in drafts("Fin de partie\\nOn compte.\\n", "xx")]
    [('Fin de partie', 'Fin de partie', 'On compte.')]
    """
    found: list[Draft] = []
    taken: set[str] = set()
    parts = paragraphs(text)
    heading: Paragraph | None = None
    for index, part in enumerate(parts):
        following = parts[index + 1] if index + 1 < len(parts) else None
        if part.looks_like_heading and following and not following.looks_like_heading:
            heading = part
            continue
        lines = part.lines
        if (
            heading is None
            and len(lines) > 1
            and Paragraph(part.first, lines[:1]).looks_like_heading
        ):
            heading, lines = Paragraph(part.first, lines[:1]), lines[1:]  # "Mise en place\nPrenez…"
        first = heading.first if heading else part.first
        above = heading.lines[0].strip() if heading else None
        words = above or " ".join(lines)
        number = len(found) + 1
        found.append(
            Draft(
                id=unique(draft_id(prefix, words, number), taken),
                title=draft_title(words, number),
                heading=above,
                original=f"{first}-{part.last}" if part.last > first else str(first),
                body="\n".join(escaped(line) for line in lines),
            )
        )
        heading = None
    return found


def ascii_words(text: str) -> list[str]:
    """The words of ``text`` in lowercase ASCII, accents dropped (a few lines of the standard
    library: a slug library would do no more here).

    >>> ascii_words("Île du Bouffon : l'étape 7")
    ['ile', 'du', 'bouffon', 'l', 'etape', '7']
    """
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.findall(r"[a-z0-9]+", folded.lower())


def draft_id(prefix: str, text: str, number: int) -> str:
    """``<prefix>-`` and the first words of ``text`` that tell rules apart.

    >>> draft_id("xx", "Dans ce solo, vous jouez contre le phare.", 1)
    'xx-solo-jouez-contre'
    >>> draft_id("xx", "« ! »", 4)
    'xx-rule-4'
    """
    words = ascii_words(text)
    kept = [w for w in words if w not in STOP_WORDS] or words
    if not kept:
        return f"{prefix}-rule-{number}"
    return "-".join([prefix, *(word[:20] for word in kept[:ID_WORDS])])


def unique(rule_id: str, taken: set[str]) -> str:
    """``rule_id``, or with ``-2``, ``-3``… when a rule before has it."""
    found, n = rule_id, 1
    while found in taken:
        n += 1
        found = f"{rule_id}-{n}"
    taken.add(found)
    return found


def draft_title(source: str, number: int) -> str:
    """The first words of ``source`` up to its first stop (a title has no colon).

    >>> draft_title("- pour Morgan : 1 marqueur de points de victoire", 2)
    'Pour Morgan'
    >>> draft_title("***", 3)
    'Règle 3'
    """
    clause = re.split(r"[.:;!?()\[\]]", source.strip(), maxsplit=1)[0]
    words = re.sub(r"[*_`#>|<{}\\]", " ", clause).split()
    while words and re.fullmatch(r"[-+]|\d+[.)]?", words[0]):
        words.pop(0)
    words = words[:TITLE_WORDS]
    while len(words) > 1 and ascii_words(words[-1]) and set(ascii_words(words[-1])) <= STOP_WORDS:
        words.pop()  # "Variante solo pour les Gardiens", not "… les Gardiens du"
    title = " ".join(words).strip(" ,-")
    if not title:
        return text("fr", "new_rule_title").format(number=number)
    return title[:1].upper() + title[1:]


def escaped(line: str) -> str:
    """A line of the source as a rule's text: as it is, but a line that would close the rule
    block (``:::``) starts with an escaped colon, which the page shows as a colon.

    >>> escaped("::: fin"), escaped("Une phrase.")
    ('\\\\::: fin', 'Une phrase.')
    """
    return re.sub(r"^(\s*):", r"\1\\:", line) if line.lstrip().startswith(":::") else line


def toml_string(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's), a non-breaking space written
    ``\\u00a0`` as the book's TOML files write it.

    >>> print(toml_string('Le "phare"\\u00a0: solo'))
    "Le \\"phare\\"\\u00a0: solo"
    """
    return json.dumps(text, ensure_ascii=False).replace("\u00a0", "\\u00a0")


def check_answers(root: Path, answers: Answers) -> None:
    """A ``ScaffoldError`` for the first answer that cannot be used."""
    if not is_slug(answers.slug):
        raise ScaffoldError(
            f"--slug {answers.slug!r} is not lowercase ASCII words joined by hyphens "
            "(port-royal-morgan): the game's files and pages are named by it"
        )
    if not PREFIX.fullmatch(answers.prefix):
        raise ScaffoldError(
            f"--prefix {answers.prefix!r} is not lowercase ASCII letters and digits, 12 at "
            "most (pr): every rule ID starts with it"
        )
    if not MODULE.fullmatch(answers.module) or keyword.iskeyword(answers.module):
        raise ScaffoldError(
            f"--module {answers.module!r} is not a Python name in lowercase (port_royal): "
            f"the game's code is the package {GAMES_PACKAGE}.<module>"
        )
    for flag, value in (
        ("--title-fr", answers.title_fr),
        ("--title-en", answers.title_en),
        ("--author", answers.author),
        ("--translator", answers.translator),
        ("--source-url", answers.source_url),
    ):
        if not value.strip() or "\n" in value or "\r" in value or REFUSED.search(value):
            raise ScaffoldError(
                f"{flag} {value!r}: expected one line of text (no control characters)"
            )
    owner = prefix_owner(root, answers.prefix)
    if owner:
        raise ScaffoldError(
            f"--prefix {answers.prefix!r} is taken by {owner}: choose another (a game's "
            "prefix starts every one of its rule IDs)"
        )
    games = root.joinpath(*GAMES)
    if not games.is_dir():
        raise ScaffoldError(
            f"{games}: no such folder: run `rulebook new` in the book's repository (it holds "
            "src/rulebook/games/), or pass it with --root"
        )
    name = f"{GAMES_PACKAGE}.{answers.module}"
    if (
        (games / answers.module).exists()
        or (games / f"{answers.module}.py").exists()
        or (name in game_packages())
    ):
        raise ScaffoldError(
            f"--module {answers.module!r}: {name} already exists: name the new game's own module"
        )


def prefix_owner(root: Path, prefix: str) -> str:
    """The game whose rules file gives ``prefix``, or the published ID that starts with it;
    "" when it is free."""
    folder = root / FR_DIR
    if not folder.is_dir():
        raise ScaffoldError(
            f"{folder}: no such folder: not a rulebook: run `rulebook new` in the book's "
            "folder, or pass it with --root"
        )
    for path in sorted(folder.glob("*.md")):
        text = read_text(path)
        if text.startswith("---"):
            meta = parse_front_matter(text[3:].split("\n---", 1)[0])
            if meta.get("prefix") == prefix:
                return f"{meta.get('game', path.stem)} ({FR_DIR}/{path.name})"
    published = folder / PUBLISHED
    if published.exists():
        registry = load_published(published)
        for rule_id in [*registry.ids, *registry.aliases]:
            if rule_id.startswith(f"{prefix}-"):
                return f"the published ID {rule_id} ({FR_DIR}/{PUBLISHED})"
    return ""


def read_source(path: Path) -> tuple[bytes, str]:
    """The source's bytes and its text (UTF-8, as the book reads it); an empty source is a
    ``BookError``, and so is one that is not UTF-8, naming its line."""
    data = read_regular(path)
    text = read_text(path)
    if not text.strip():
        raise BookError(path, 0, "is empty: give the source text of the variant (UTF-8)")
    return data, text


def plan(root: Path, answers: Answers) -> dict[Path, bytes]:
    """Every file of the new game and its content, nothing written yet."""
    check_answers(root, answers)
    data, text = read_source(answers.source)
    rules = titled(drafts(text, answers.prefix), answers)
    slug, title_fr = answers.slug, spaced(answers.title_fr.strip(), "fr")
    files = {
        original_file(slug): data,
        provenance_file(slug): provenance(answers, data, title_fr),
        Path(FR_DIR, f"{slug}.md"): french(answers, title_fr, rules),
        Path(EN_DIR, f"{slug}.md"): english(answers, rules),
        register_file(slug): register(answers, title_fr, rules),
        Path(*GAMES, answers.module, "__init__.py"): package(answers, title_fr),
        Path("tests", f"test_{answers.module}.py"): first_test(answers),
    }
    for folder, (name, directive, lead) in REVIEW_PAGES.items():
        for lang in LANGUAGES:
            words = catalog(lang).words
            title = title_fr if lang == "fr" else answers.title_en.strip()
            files[Path(rules_folder(lang), folder, f"{slug}.md")] = review_page(
                review_title(words[name], title, lang), directive, slug,
                words[lead] if lead else None,
            )  # fmt: skip
    return {root / path: content for path, content in files.items()}


def provenance(answers: Answers, data: bytes, title_fr: str) -> bytes:
    author, translator, url = answers.author.strip(), answers.translator.strip(), answers.source_url
    tables = {
        "game": (title_fr, answers.title_en.strip()),
        "origin": in_both("new_origin", author=author, url=url.strip()),
        "translator_fr": in_both("new_translator", translator=translator),
        "edition": in_both("new_edition"),
    }
    lines = [
        f"# Provenance of {answers.slug}.txt, the source text kept byte for byte (sha256 below).",
        "# Written by `rulebook new`: say in [origin] and [translator_fr] who wrote the variant",
        "# and who put it into French, as the source tells it.",
        f"source = {toml_string(url.strip())}",
        f"author = {toml_string(author)}",
        f'sha256 = "{hashlib.sha256(data).hexdigest()}"',
    ]
    for name, (fr, en) in tables.items():
        lines += ["", f"[{name}]", f"fr = {toml_string(fr)}", f"en = {toml_string(en)}"]
    return "\n".join([*lines, ""]).encode()


def in_both(key: str, **values: str) -> tuple[str, str]:
    """A sentence of the catalogs in French and in English, its ``{names}`` filled in."""
    french, english = (catalog(lang).words[key].format(**values) for lang in LANGUAGES)
    return french, english


def titled(rules: list[Draft], answers: Answers) -> list[Draft]:
    """The page's title (``#``) stands as the heading of the first rule that has none, and is
    compared with its lines: a source that opens on its title gives it to the first rule as a
    ``##`` heading, and the page's title is compared with nothing; a source with no title
    line gets a first rule that is the book's own, the credits, for the same reason.

    >>> answers = Answers(Path("x.txt"), "x", "xx", "x", "X", "X", "Max", "Max", "https://x")
    >>> [(d.id, d.heading) for d in titled(drafts("Yams\\nOn joue.\\n", "xx"), answers)]
    [('xx-yams', 'Yams')]
    >>> rules = titled(drafts("Salut !\\n\\nOn joue.\\n", "xx"), answers)
    >>> [d.id for d in rules], rules[0].original[:30]
    (['xx-credits', 'xx-salut', 'xx-joue'], 'none (the source opens on no t')
    """
    if not rules or rules[0].heading is not None:
        return rules
    credits = Draft(
        unique(f"{answers.prefix}-credits", {r.id for r in rules}),
        text("fr", "new_credits_title"),
        None,
        "none (the source opens on no title: the title is the book’s)",
        text("fr", "new_credits_text").format(author=answers.author.strip()),
        "none (credits)",
    )
    return [credits, *rules]


def french(answers: Answers, title: str, rules: list[Draft]) -> bytes:
    head = f"---\ngame: {answers.slug}\nprefix: {answers.prefix}\n"
    head += f"module: {GAMES_PACKAGE}.{answers.module}\n---\n\n# {title}\n\n:::{{credits}}\n:::\n"
    blocks = [head]
    for rule in rules:
        heading = f"## {rule.heading}\n\n" if rule.heading else ""
        code = f":code: {rule.code}\n" if rule.code else ""
        blocks.append(
            f"{heading}:::{{rule}} {rule.id}\n:title: {rule.title}\n{code}"
            f":original: {rule.original}\n\n{rule.body}\n:::\n"
        )
    return "\n".join(blocks).encode()


def english(answers: Answers, rules: list[Draft]) -> bytes:
    head = f"---\ngame: {answers.slug}\n---\n\n# {answers.title_en.strip()}\n\n"
    blocks = [head + ":::{credits}\n:::\n"]
    for rule in rules:
        heading = f"## {UNTRANSLATED}\n\n" if rule.heading else ""
        blocks.append(
            f"{heading}:::{{rule}} {rule.id}\n:title: {UNTRANSLATED}\n\n{UNTRANSLATED}\n:::\n"
        )
    return "\n".join(blocks).encode()


def register(answers: Answers, title: str, rules: list[Draft]) -> bytes:
    first = rules[0].id if rules else f"{answers.prefix}-…"
    return f"""\
# Corrections register: {title}.
#
# Every change of wording between rules_fr/original/{answers.slug}.txt and
# rules_fr/{answers.slug}.md is an entry here (docs/authoring.md, "The corrections register").
# `original` quotes the source (it must be in the rule's original lines), `corrected` is the
# text now in the rule. An entry replaces every occurrence of its quote in the rule; longer
# quotes are applied first. Case, punctuation, spaces and apostrophes are typography, not
# wording, and need no entry. `rulebook check` gives the lines to paste for each change.
#
# [[correction]]
# rule = "{first}"
# original = "…"
# corrected = "…"
# kind = "spelling"   # spelling, grammar, terminology, mistranslation, markup,
#                     # source-error, interpretation
# reason_fr = "…"
# reason_en = "…"
# changes_play = false  # true when a player following the source's words would play otherwise
#
# A line of the original that belongs to no rule (a greeting, a signature):
#
# [[left_out]]
# lines = "1"
# reason_fr = "…"
# reason_en = "…"
""".encode()


def review_title(label: str, game_title: str, lang: Lang) -> str:
    """A review page's title: what the page is, then its game's title, whose own colon is
    made a comma (one colon to a title).

    >>> review_title("Corrections", "Mégawatts : règles solo", "fr")
    'Corrections\\xa0: Mégawatts, règles solo'
    >>> review_title("Side by side", "Port Royal, the dice game: solo against Morgan", "en")
    'Side by side: Port Royal, the dice game, solo against Morgan'
    """
    named = re.sub(r"\s*:\s+", ", ", game_title, count=1)
    return f"{label}{punctuation(lang, ':')} {named}"


def review_page(title: str, directive: str, slug: str, lead: str | None) -> bytes:
    words = f"{lead}\n\n" if lead else ""
    return (
        "---\n# A review page: the search is for readers looking for a rule.\nnosearch: true\n"
        f"---\n\n# {title}\n\n{words}```{{{directive}}} {slug}\n```\n"
    ).encode()


def docstring(*paragraphs: str) -> str:
    """Paragraphs for a docstring: wrapped to the project's line length (a title is a
    person's words, of any length), safe inside triple quotes, a slug never broken."""
    safe = (text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"') for text in paragraphs)
    return "\n\n".join(
        textwrap.fill(text, width=96, break_long_words=False, break_on_hyphens=False)
        for text in safe
    )


def package(answers: Answers, title_fr: str) -> bytes:
    text = docstring(
        f"{answers.title_en.strip()} ({title_fr}).",
        f"The rules are ``rules_fr/{answers.slug}.md`` (French) and "
        f"``rules_en/{answers.slug}.md`` (English). Each function restates its rule; a "
        "docstring line ``[rule-id]`` binds the doctests after it to that rule, and the "
        "checker compares their numbers with the rule's. ``__all__`` lists the names the "
        'rules give in ``:code:`` (docs/authoring.md, "The code").',
    )
    return f'"""{text}\n"""\n\n__all__: list[str] = []\n'.encode()


def first_test(answers: Answers) -> bytes:
    text = docstring(
        f"{answers.title_en.strip()}: the rule functions. Add a test for each one (its rules "
        "played as written, bad input raising a RuleError that names the rule) as the code "
        "grows."
    )
    return f'''\
"""{text}"""

from pathlib import Path

from rulebook.book.extract import read_rules_file
from rulebook.games import {answers.module} as game

SLUG = "{answers.slug}"
RULES = Path(__file__).resolve().parent.parent / "{FR_DIR}" / f"{{SLUG}}.md"


def test_every_name_the_module_exports_is_defined_and_named_by_a_rule() -> None:
    named = {{name for rule in read_rules_file(RULES, "fr").rules for name in rule.code}}
    assert isinstance(game.__all__, list)
    for name in game.__all__:
        assert hasattr(game, name), f"{{name}} is in __all__ but the module has no such name"
        assert name in named, f"{{name}} is in __all__ but no rule names it in :code:"
'''.encode()


def elsewhere(root: Path) -> str:
    """What to do when the running ``rulebook`` imports its games from another folder than
    the book's (a copy of the book, ``--root``): the check would not find the new module."""
    import rulebook.games

    games = root.joinpath(*GAMES).resolve()
    if any(Path(folder).resolve() == games for folder in rulebook.games.__path__):
        return ""
    return (
        f"this rulebook imports its games from {', '.join(rulebook.games.__path__)}, not "
        f"{games}: run the check with PYTHONPATH={root / 'src'} for it to find the new module"
    )


def write(files: dict[Path, bytes]) -> list[Path]:
    """Write every file whole, none if one exists already (a ``ScaffoldError`` naming it);
    when a write fails, the files written before it are removed."""
    for path in files:
        if path.exists() or path.is_symlink():
            raise ScaffoldError(
                f"{path} already exists: nothing was written (rulebook new never overwrites "
                "a file; remove it, or choose another --slug or --module)"
            )
    written: list[Path] = []
    made: list[Path] = []
    try:
        for path, data in files.items():
            for folder in reversed(path.parents):
                if not folder.exists():
                    folder.mkdir()
                    made.append(folder)
            replace_whole(path, data)
            written.append(path)
    except BaseException:
        for path in written:
            path.unlink(missing_ok=True)
        for folder in reversed(made):
            if folder.is_dir() and not any(folder.iterdir()):
                folder.rmdir()
        raise
    return written
