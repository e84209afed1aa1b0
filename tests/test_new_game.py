"""`rulebook new`: a new game's files drafted from its source, never over a file that exists,
every bad answer refused in one line; and `rulebook check` then saying what is left to write
for it, step by step, in the order of docs/authoring.md."""

import hashlib
import importlib.util
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import rulebook.games
from rulebook.book import code as codebind
from rulebook.book import load_book
from rulebook.book.registers import load_provenance
from rulebook.book.scaffold import REVIEW_PAGES, review_title
from rulebook.checks import run_checks
from rulebook.cli import main
from rulebook.language import catalog, punctuation
from tests.conftest import ROOT, BookCopy

SLUG = "gardiens-phare-solo"
# A made-up solo variant (test data only): a title, a greeting, headings alone on their line,
# a rule over two lines, a list, and a signature.
SOURCE = """\
Variante solo pour Les Gardiens du Phare

Bonjour a tous ! Voici ma variante solo. Vous jouez contre la Tempête, un adversaire automatique.

Mise en place

Préparez le jeu comme pour 2 joueurs. La Tempête commence avec 3 jetons Vague.

Tour de jeu

Jouez votre tour. Puis retournez la carte du paquet Tempête : la Tempête avance d'autant de cases.
Si la carte montre un éclair, la Tempête gagne 1 jeton Vague.

- si la Tempête a 5 jetons Vague ou plus, défaussez-en 5 et éteignez une lanterne ;
- sinon, rien ne se passe.

Fin de partie

Vous gagnez si vous allumez les 4 lanternes avant que la Tempête n'atteigne la case 20.

Bonne partie a tous !
"""
RULES = 6  # the title heads the greeting; three headings head their rules; the list; the signature
FILES = [
    f"rules_fr/original/{SLUG}.txt",
    f"rules_fr/original/{SLUG}.toml",
    f"rules_fr/{SLUG}.md",
    f"rules_en/{SLUG}.md",
    f"rules_fr/{SLUG}.corrections.toml",
    "src/rulebook/games/gardiens_phare/__init__.py",
    "tests/test_gardiens_phare.py",
    *(f"rules_{lang}/{page}/{SLUG}.md" for page in ("corrections", "side-by-side", "code")
      for lang in ("fr", "en")),
]  # fmt: skip
STEPS = ("the French", "the English", "the code", "the translations", "publish")


@pytest.fixture
def book(book_copy: BookCopy, monkeypatch: pytest.MonkeyPatch) -> Iterator[BookCopy]:
    """A copy of the book with its folder of game packages, which ``rulebook.games`` reads
    (as it would with ``PYTHONPATH=<copy>/src``), and a source to scaffold from."""
    games = book_copy.root / "src" / "rulebook" / "games"
    games.mkdir(parents=True)
    monkeypatch.setattr(rulebook.games, "__path__", [*rulebook.games.__path__, str(games)])
    (book_copy.root / "phare.txt").write_text(SOURCE, encoding="utf-8")
    yield book_copy
    sys.modules.pop("rulebook.games.gardiens_phare", None)
    vars(rulebook.games).pop("gardiens_phare", None)
    codebind.forget_code()


def answers(book: BookCopy, source: str = "phare.txt", **changed: str) -> list[str]:
    given = {
        "slug": SLUG,
        "prefix": "gp",
        "module": "gardiens_phare",
        "title-fr": "Les Gardiens du Phare : variante solo",
        "title-en": "Keepers of the Lighthouse: solo variant",
        "author": "Margot L.",
        "translator": "non nommé",
        "source-url": "https://forum.example/t/12345",
    } | {key.replace("_", "-"): value for key, value in changed.items()}
    flags = [part for key, value in given.items() if value for part in (f"--{key}", value)]
    return ["new", str(book.root / source), *flags, "--root", str(book.root)]


def tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def test_new_writes_every_file_of_a_game_and_the_check_lists_its_steps_in_order(
    book: BookCopy, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(answers(book)) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == [f"wrote {path}" for path in FILES]
    french = (book.root / f"rules_fr/{SLUG}.md").read_text(encoding="utf-8")
    assert french.startswith(
        f"---\ngame: {SLUG}\nprefix: gp\nmodule: rulebook.games.gardiens_phare\n---\n\n"
        "# Les Gardiens du Phare\u00a0: variante solo\n\n:::{credits}\n:::\n"
    )
    assert (
        "## Mise en place\n\n:::{rule} gp-mise-place\n:title: Mise en place\n:original: 5-7\n"
        in french
    )
    assert ":original: 9-12\n\nJouez votre tour. Puis" in french  # two lines, as the source has
    loaded = load_book(book.root)
    game = loaded.game(SLUG)
    assert [r.id for r in game.fr.rules] == [r.id for r in game.en.rules]  # type: ignore[union-attr]
    assert len(game.fr.rules) == RULES and not game.fr.stray
    assert main(["check", str(book.root)]) == 1
    out, err = capsys.readouterr()
    places = [line.split(":")[0] for line in out.splitlines() if line.startswith("rules_")]
    assert places and all(Path(place).stem.split(".")[0] == SLUG for place in places)
    todo = err.split(f"left to write for {SLUG}", 1)[1].splitlines()[1:6]
    assert [re.match(r"  (\d)\. ([^:]+):", line).groups() for line in todo] == [  # type: ignore[union-attr]
        (str(n), step) for n, step in enumerate(STEPS, 1)
    ]
    assert todo[1].endswith(f"problem(s), the first at rules_en/{SLUG}.md:10")
    assert todo[3].endswith(f"{RULES} rule(s) to record")
    assert todo[4].startswith("  5. publish") and f"{RULES} rule(s) not published" in todo[4]
    assert err.count("left to write") == 1  # the published games get none


def test_the_draft_french_agrees_with_its_original_line_for_line(book: BookCopy) -> None:
    assert main(answers(book)) == 0
    problems = run_checks(load_book(book.root), ("original", "corrections", "ids"))
    assert [p for p in problems if "published" not in p.message] == []


def test_a_source_with_no_title_line_gets_the_books_credits_first_and_still_agrees(
    book: BookCopy,
) -> None:
    """The page's title stands as the first rule's heading: a post that opens on a greeting
    would have it compared with "Bonjour…", so the draft opens on the book's credits."""
    untitled = SOURCE.split("\n\n", 1)[1]  # the post without its title line
    (book.root / "untitled.txt").write_text(untitled, encoding="utf-8")
    assert main(answers(book, "untitled.txt")) == 0
    french = (book.root / f"rules_fr/{SLUG}.md").read_text(encoding="utf-8")
    first = french[french.index(":::{rule}") :]
    assert first.startswith(":::{rule} gp-credits\n:title: Crédits\n:code: none (credits)\n")
    problems = run_checks(load_book(book.root), ("original", "corrections", "ids"))
    assert [p for p in problems if "published" not in p.message] == []


def test_the_original_is_copied_byte_for_byte_and_its_sha256_recorded(book: BookCopy) -> None:
    source = "\ufeff" + SOURCE.replace("\n", "\r\n")  # a byte-order mark, Windows line endings
    (book.root / "phare.txt").write_bytes(source.encode("utf-8"))
    assert main(answers(book)) == 0
    copied = (book.root / f"rules_fr/original/{SLUG}.txt").read_bytes()
    assert copied == source.encode("utf-8")
    provenance = load_provenance(book.root / f"rules_fr/original/{SLUG}.toml")
    assert provenance.values["sha256"] == hashlib.sha256(copied).hexdigest()
    assert provenance.values["source"] == "https://forum.example/t/12345"
    problems = run_checks(load_book(book.root), ("original",))
    assert [p.format(book.root) for p in problems] == []


def test_new_refuses_to_overwrite_a_file_and_then_writes_nothing(
    book: BookCopy, capsys: pytest.CaptureFixture[str]
) -> None:
    there = book.root / f"rules_en/code/{SLUG}.md"  # the last file it would write
    there.write_text("a page someone wrote\n", encoding="utf-8")
    before = tree(book.root)
    assert main(answers(book)) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1
    assert f"{there} already exists: nothing was written" in err
    assert tree(book.root) == before


def test_a_placeholder_left_in_the_english_is_named_even_once_recorded(
    book: BookCopy, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(answers(book)) == 0
    assert main(["translated", "--game", SLUG, "--root", str(book.root)]) == 0
    lines = book.lines("translation")
    left = [line for line in lines if "not translated yet: the English still holds" in line]
    assert len(left) == RULES
    assert sum("heading not translated yet" in line for line in lines) == 4  # the title's too


def test_the_first_test_written_fails_when_a_name_of_the_module_is_named_by_no_rule(
    book: BookCopy,
) -> None:
    assert main(answers(book)) == 0
    path = book.root / "tests/test_gardiens_phare.py"
    spec = importlib.util.spec_from_file_location("first_test", path)
    assert spec is not None and spec.loader is not None
    first = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(first)
    first.test_every_name_the_module_exports_is_defined_and_named_by_a_rule()  # passes as written
    first.game.__all__.append("storm_waves")
    first.game.storm_waves = lambda waves: waves
    with pytest.raises(AssertionError, match="storm_waves is in __all__ but no rule names it"):
        first.test_every_name_the_module_exports_is_defined_and_named_by_a_rule()


NOT_UTF8 = "Mise en place\n\nPr\xe9parez le jeu.\n".encode("latin-1")


@pytest.mark.parametrize(
    ("source", "changed", "says"),
    [
        (None, {"slug": "Gardiens Phare"}, "--slug 'Gardiens Phare' is not lowercase ASCII words"),
        (None, {"prefix": "G-P"}, "--prefix 'G-P' is not lowercase ASCII letters and digits"),
        (None, {"prefix": "pr"}, "--prefix 'pr' is taken by port-royal-morgan"),
        (None, {"module": "gardiens-phare"}, "--module 'gardiens-phare' is not a Python name"),
        (None, {"module": "class"}, "--module 'class' is not a Python name"),
        (None, {"module": "port_royal"}, "rulebook.games.port_royal already exists"),
        (None, {"author": ""}, "--author is missing: give the variant's author"),
        (None, {"title_en": "Two\nlines"}, "--title-en 'Two\\nlines': expected one line of text"),
        (b"", {}, "phare.txt: is empty: give the source text of the variant"),
        (b"  \n\n \n", {}, "phare.txt: is empty"),
        (NOT_UTF8, {}, "phare.txt:3: not UTF-8: byte 0xe9 at column 3"),
        (b"Un\x1b[31m texte\n", {}, "phare.txt:1: holds U+001B"),
    ],
)
def test_each_bad_answer_gets_one_line_and_nothing_is_written(
    book: BookCopy,
    capsys: pytest.CaptureFixture[str],
    source: bytes | None,
    changed: dict[str, str],
    says: str,
) -> None:
    if source is not None:
        (book.root / "phare.txt").write_bytes(source)
    before = tree(book.root)
    assert main(answers(book, **changed)) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and "Traceback" not in err
    assert says in err
    assert tree(book.root) == before


def test_a_source_that_does_not_exist_is_one_line(
    book: BookCopy, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(answers(book, source="nowhere.txt")) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "nowhere.txt: cannot be read" in err


class Terminal:
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_new_asks_for_what_the_flags_do_not_give(
    book: BookCopy, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []
    replies = iter(["Margot L.", "https://forum.example/t/12345"])
    monkeypatch.setattr(sys, "stdin", Terminal())

    def reply(question: str) -> str:
        asked.append(question)
        return next(replies)

    monkeypatch.setattr("builtins.input", reply)
    assert main(answers(book, author="", source_url="")) == 0
    assert [q.split(" [")[1] for q in asked] == ["--author]: ", "--source-url]: "]
    provenance = load_provenance(book.root / f"rules_fr/original/{SLUG}.toml")
    assert provenance.values["author"] == "Margot L."


def review_titles(root: Path) -> dict[str, str]:
    """Each page of a game beside its rules (review pages, player aid, companion) whose title
    (its first ``# `` heading) is not what ``review_title`` gives it: what the page is, then
    its game's title; by the page's path. The aid and companion pages' labels, which
    ``rulebook new`` does not write, are read from their titles."""
    wrong = {}
    for game in load_book(root).games:
        for rules in (game.fr, game.en):
            if rules is None:
                continue
            lang, colon = rules.lang, punctuation(rules.lang, ":") + " "
            labels = {f: catalog(lang).words[name] for f, (name, _, _) in REVIEW_PAGES.items()}
            for folder in [*labels, "aid", "companion"]:
                path = root / f"rules_{lang}" / folder / f"{game.slug}.md"
                lines = path.read_text("utf-8").splitlines()
                heading = next(line for line in lines if re.match(r"# (?!A review)", line))
                label = labels.get(folder) or heading[2:].split(colon)[0]
                if heading != "# " + review_title(label, rules.title, lang):
                    wrong[str(path.relative_to(root))] = heading
    return wrong


def test_every_review_page_is_titled_as_rulebook_new_titles_a_new_games(
    book_copy: BookCopy,
) -> None:
    """A reader and a translator meet a game under one name: its side-by-side, corrections,
    code, player aid and companion pages are titled with what they are and the game's own
    title, as ``rulebook new`` writes them (``review_title``); titles written by hand had
    drifted ("« Catan Dice »", "Power Grid (Megawatts)", a dropped "le jeu de dés")."""
    assert review_titles(ROOT) == {}
    page = book_copy.root / "rules_en" / "side-by-side" / "megawatts-solo.md"
    page.write_text(page.read_text("utf-8").replace("Power Grid,", "Power Grid (Megawatts),"))
    drifted = "# Side by side: Power Grid (Megawatts), solo rules"
    assert review_titles(book_copy.root) == {"rules_en/side-by-side/megawatts-solo.md": drifted}
