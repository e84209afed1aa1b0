"""The small faults of issue 26, in the files the build writes: an icon on every page, a
contents list that names each section once, labels that say what each thing is, page titles
that keep French typography, and `make site` ending with the one command that serves the
site (a page opened as a file cannot run its "try" panels nor the companions)."""

import html
import re
import subprocess
import sys
from pathlib import Path

import jinja2
import pytest

from rulebook.site import build as site
from rulebook.site.config import text
from rulebook.text.smart_quotes import smart
from tests.conftest import ROOT, book_games


@pytest.fixture(scope="module")
def built(built_site: Path) -> Path:
    return built_site


# --- A favicon and a phone's icon on every page ---------------------------------------------

ICON = re.compile(r'<link rel="(shortcut icon|icon|apple-touch-icon)"[^>]*?href="([^"]+)"')


def icon_faults(page: Path, folder: Path) -> list[str]:
    """What a page lacks of its icons: one for the browser's tab, one for a phone's home
    screen, each a file the site holds."""
    links = ICON.findall(page.read_text(encoding="utf-8"))
    faults = [
        f"no {kind}"
        for kind, rels in (
            ("favicon", ("shortcut icon", "icon")),
            ("phone icon", ("apple-touch-icon",)),
        )
        if not any(rel in rels for rel, _ in links)
    ]
    for _, href in links:
        target = folder / href.lstrip("/") if href.startswith("/") else page.parent / href
        if not target.resolve().is_file():
            faults.append(f"{href}: no such file")
    return faults


def shown_pages(folder: Path) -> list[Path]:
    """Every page a reader sees: not the pages that send the browser on at once (short
    links, moved pages), which it never shows."""
    pages = [p for p in folder.rglob("*.html") if "_try" not in p.parts]
    return [p for p in pages if 'http-equiv="refresh"' not in p.read_text(encoding="utf-8")]


def test_every_page_has_a_favicon_and_an_icon_for_a_phone(built: Path) -> None:
    pages = shown_pages(built)
    assert built / "index.html" in pages and built / "404.html" in pages
    assert len(pages) > 60
    assert {p.relative_to(built).as_posix(): icon_faults(p, built) for p in pages} == {
        p.relative_to(built).as_posix(): [] for p in pages
    }


def test_the_icon_check_sees_a_page_without_icons_and_a_missing_file(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text("<html><head><title>x</title></head></html>", encoding="utf-8")
    assert icon_faults(page, tmp_path) == ["no favicon", "no phone icon"]
    page.write_text(
        '<link rel="icon" href="_static/icon.svg"><link rel="apple-touch-icon" href="i.png">',
        encoding="utf-8",
    )
    assert icon_faults(page, tmp_path) == [
        "_static/icon.svg: no such file",
        "i.png: no such file",
    ]


# --- The contents name each section once ----------------------------------------------------


def doubled_entries(page: str) -> list[str]:
    """The entries of a page's contents (furo's toc-tree) that repeat the entry they are
    under, as « Matériel › Matériel »."""
    start = page.index('class="toc-tree"')
    tree = page[start : page.index("</div>", start)]
    under: list[str] = []
    doubled = []
    for token in re.finditer(r"<li>|</li>|<a [^>]*>(.*?)</a>", tree):
        if token.group(0) == "<li>":
            under.append("")
        elif token.group(0) == "</li>":
            under.pop()
        else:
            under[-1] = html.unescape(re.sub(r"<[^>]+>", "", token.group(1)))
            if len(under) > 1 and under[-2] == under[-1]:
                doubled.append(f"{under[-2]} › {under[-1]}")
    return doubled


GAMES = [game.slug for game in book_games()]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_contents_never_name_a_rule_under_a_section_of_the_same_title(
    built: Path, lang: str
) -> None:
    for game in GAMES:
        page = (built / lang / f"{game}.html").read_text(encoding="utf-8")
        assert doubled_entries(page) == [], game
    page = (built / lang / "port-royal-morgan.html").read_text(encoding="utf-8")
    assert 'href="#materiel"' in page or 'href="#components"' in page  # the section's entry
    assert 'id="pr-material"' in page  # the rule keeps its anchor for its links


def test_the_contents_check_sees_a_doubled_entry() -> None:
    page = (
        '<div class="toc-tree"><ul><li><a href="#materiel">Matériel</a><ul>'
        '<li><a href="#pr-material">Matériel</a></li></ul></li></ul></div>'
    )
    assert doubled_entries(page) == ["Matériel › Matériel"]


# --- Labels say what each thing is ----------------------------------------------------------


def labels(page: str) -> dict[str, tuple[str, ...]]:
    """Each rule's kind, then the labels of its "try" button, its chain of rules and (for
    proof-readers) its kind."""
    found = {}
    for block in page.split('<div class="rb-rule ')[1:]:
        rule = re.match(r'[^"]*" id="([^"]+)"', block)
        assert rule, block[:80]
        kind = "example" if block.startswith("rb-kind-example") else "rule"
        said = [
            re.search(rf'<details class="{css}"[^>]*><summary>([^<]*)</summary>', block)
            for css in ("rb-try", "rb-chain")
        ]
        meta = re.search(r'<span class="rb-kind">([^<]*)</span>', block)
        found[rule.group(1)] = (
            kind,
            *(html.unescape(m.group(1)) if m else "" for m in said),
            html.unescape(meta.group(1)) if meta else "",
        )
    return found


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_try_and_the_chain_say_example_only_under_a_worked_example(built: Path, lang: str) -> None:
    def said(key: str) -> str:
        return smart(text(lang, key), lang)

    expected = {
        "example": (said("try_title"), said("chain_title"), said("example_id")),
        "rule": (said("try_rule"), said("chain_rule"), said("rule_id")),
    }
    seen = {"example": 0, "rule": 0}
    for game in GAMES:
        page = (built / lang / f"{game}.html").read_text(encoding="utf-8")
        for rule, (kind, tried, chain, meta) in labels(page).items():
            assert tried in ("", expected[kind][0]), (rule, tried)
            assert chain in ("", expected[kind][1]), (rule, chain)
            assert meta == expected[kind][2], (rule, meta)
            seen[kind] += bool(tried)
    assert seen["example"] > 5 and seen["rule"] > 20  # both kinds have their "try"


# --- French typography in page titles -------------------------------------------------------

# A plain space (or none) before a high mark, where French typography puts a no-break space.
PLAIN_SPACE = re.compile(r"(?<=[\w»)]) ?[:;!?](?=\s|$)")
TITLES = re.compile(
    r'<title>([^<]*)</title>|<meta property="og:title" content="([^"]*)"'
    r'|<link rel="(?:next|prev)" title="([^"]*)"'
)


def title_faults(page: str) -> list[str]:
    titles = ("".join(parts) for parts in TITLES.findall(page))
    return [title for title in map(html.unescape, titles) if PLAIN_SPACE.search(title)]


def test_french_page_titles_keep_their_no_break_space_before_a_colon(built: Path) -> None:
    pages = list((built / "fr").rglob("*.html"))
    faults = {p.name: title_faults(p.read_text(encoding="utf-8")) for p in pages}
    assert {page: found for page, found in faults.items() if found} == {}
    game = (built / "fr" / "port-royal-morgan.html").read_text(encoding="utf-8")
    assert "<title>Port Royal, le jeu de dés\u00a0: solo contre Morgan" in game
    # What furo's templates did: Jinja's own striptags folds the no-break space.
    folded = jinja2.filters.do_striptags("Port Royal, le jeu de dés\u00a0: solo")
    assert title_faults(f"<title>{folded}</title>") == ["Port Royal, le jeu de dés : solo"]


def test_a_short_links_preview_prints_typographic_apostrophes(built: Path) -> None:
    page = html.unescape((built / "r" / "pr-name" / "fr" / "index.html").read_text("utf-8"))
    title = re.search(r"<title>([^<]*)</title>", page)
    assert title and "D’où vient le nom de Morgan (pr-name)" in title.group(1)
    assert "'" not in re.sub(r"<[^>]*>", "", page.split("<script")[0].split("</title>")[1])


# --- `make site` ends with the command that serves the site ---------------------------------


def test_the_build_ends_with_the_one_command_that_serves_the_site(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(site, "sphinx_command", lambda *args: [sys.executable, "-c", "pass"])
    out = (tmp_path / "html").resolve()
    assert site.build_site(ROOT, out) == 0
    said = capsys.readouterr().out.strip().splitlines()
    assert said[-1] == f"  python3 -m http.server --bind 127.0.0.1 --directory {out} 8000"
    assert "http://127.0.0.1:8000/" in said[-2]
    # The site `make site` builds: `make serve`, which serves that folder so.
    assert site.serve_command(ROOT, ROOT / "docs" / "_build" / "html") == "make serve"
    dry = subprocess.run(
        ["make", "-n", "-s", "serve"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert "-m http.server --bind 127.0.0.1 --directory docs/_build/html 8000" in dry.stdout


def test_the_readme_sets_up_with_two_commands_and_says_how_to_read_the_site() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = readme[readme.index("## Set-up") : readme.index("## Publishing")]
    block = re.search(r"```sh\n(.*?)```", setup, flags=re.DOTALL)
    assert block
    commands = [line.split("#")[0].strip() for line in block.group(1).splitlines()]
    assert commands == ["make site", "make test"]
    assert "make serve" in setup and "opened as a file" in setup
