"""A site built again on its last build (`rulebook site` and `make site` keep Sphinx's work
beside the output) shows what changed in every file a game page is made of: not only the
rules file, but the chains' words and the published versions, which a translator or an
editor may change alone."""

from pathlib import Path

from tests.small_book import NEEDS_PYODIDE, build, cut_book

GAME = "stone-age-solo"
SETTINGS = {"rulebook_pdf": 0}


def built_again(root: Path, out: Path) -> str:
    """The French game page, once the book at ``root`` is built on the build in ``out``."""
    assert build(root, out, "fr", SETTINGS) == 0, (out / "said.txt").read_text(encoding="utf-8")
    return (out / "html" / "fr" / f"{GAME}.html").read_text(encoding="utf-8")


def test_a_second_build_shows_a_changed_chain_word_and_a_changed_version(tmp_path: Path) -> None:
    root = cut_book(tmp_path / "book", (GAME,))
    out = tmp_path / "build"
    assert '<span class="rb-chain-name">dés</span>' in built_again(root, out)

    words = root / "rules_fr" / "chain-words.toml"
    text = words.read_text(encoding="utf-8")
    assert text.count('dice = { fr = "dés"') == 1
    words.write_text(text.replace('dice = { fr = "dés"', 'dice = { fr = "dés lancés"'), "utf-8")
    second = built_again(root, out)
    assert '<span class="rb-chain-name">dés lancés</span>' in second

    history = root / "rules_fr" / f"{GAME}.history.toml"
    text = history.read_text(encoding="utf-8")
    history.write_text(text.replace("date = 2026-11-23", "date = 2026-11-22", 1), "utf-8")
    assert built_again(root, out) != second, "the page kept the version dates it showed"


def test_a_second_build_shows_an_english_edit_on_every_page_that_shows_the_english(
    tmp_path: Path,
) -> None:
    """A translator edits the English and builds again: the pages that show the English
    (the game's title on the home, glossary, review and traceability pages; its rules side by
    side with the French) show the edit, not the build before it."""
    root = cut_book(tmp_path / "book", (GAME,))
    out = tmp_path / "build"
    assert build(root, out, "en", SETTINGS) == 0
    english = root / "rules_en" / f"{GAME}.md"
    text = english.read_text(encoding="utf-8")
    edits = {"# Stone Age: solo variant": "# Stone Age: the solo variant",
             "you therefore score none": "so you score none"}  # fmt: skip
    for old, new in edits.items():
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    english.write_text(text, encoding="utf-8")
    assert build(root, out, "en", SETTINGS) == 0, (out / "said.txt").read_text(encoding="utf-8")
    pages = {
        "index.html": "the solo variant",
        "glossary.html": "the solo variant",
        "traceability.html": "the solo variant",
        f"side-by-side/{GAME}.html": "so you score none",
    }
    for page, shown in pages.items():
        html = (out / "html" / "en" / page).read_text(encoding="utf-8")
        assert shown in html, f"{page} kept the English of the build before"


@NEEDS_PYODIDE
def test_a_site_built_again_without_pyodide_offers_no_example_to_run(tmp_path: Path) -> None:
    """Whether Pyodide is installed is no file of a page: npm installing, upgrading or
    removing it builds every page again (``rulebook_try``), or the pages kept offering "try
    it" and the companion, which the site no longer serves."""
    root = cut_book(tmp_path / "book", (GAME,))
    out = tmp_path / "build"
    assert '<details class="rb-try"' in built_again(root, out)
    (root / "node_modules").unlink()  # the book's Pyodide, linked into the small book
    assert '<details class="rb-try"' not in built_again(root, out)
