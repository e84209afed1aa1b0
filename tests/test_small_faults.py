"""The small faults of issue 26, in the files the build writes: an icon on every page, a short
link's preview that keeps French typography, and `make site` ending with the one command that
serves the site (a page opened as a file cannot run its "try" panels nor the companions).
A contents list that names each section once, labels that say what each thing is and page
titles that keep French typography are the extension's: tests/extension/test_rule.py and
test_page_titles.py, on small books."""

import html
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rulebook.site import build as site
from rulebook.site.pdf import CHROMIUMS
from rulebook.text.spelling import DICTIONARIES, DICTIONARY_PACKAGES
from tests.conftest import ROOT


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


# --- French typography in a short link's preview --------------------------------------------


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


def test_the_ci_scripts_install_what_the_code_looks_for() -> None:
    """The shell scripts run before Python's environment exists, so they name the browsers
    and the dictionaries again: here they are held to the code's lists."""
    chromium = (ROOT / ".ci" / "ensure-chromium").read_text(encoding="utf-8")
    found = re.search(r"^found=\$\((.*)\)$", chromium, flags=re.MULTILINE)
    assert found, "ensure-chromium no longer picks a browser on one line"
    assert tuple(re.findall(r"command -v (\S+)", found.group(1))) == CHROMIUMS
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    checked = re.findall(r"/usr/share/hunspell/(\w+)\.dic", run)
    assert sorted(checked) == sorted(DICTIONARIES.values())
    installed = re.search(r"apt-get install -y -qq (hunspell[^>]*)>", run)
    assert installed and installed.group(1).split() == list(DICTIONARY_PACKAGES.values())
