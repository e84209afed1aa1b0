"""The package as a reader of the README installs it: a wheel built from the sources alone,
installed in a fresh virtual environment with its dependencies as the runtime lock pins them
(requirements/runtime.txt: what CI tested), then `rulebook site` and `rulebook check` run from
it on the book. The editable install `make` does reads the package's files from src/ and would
hide a file the wheel leaves out.

Built and installed by uv (`make` installs the project with it): the same pins, hashes
checked, from its own cache, in a tenth of the processor time pip took (9 s). Needs the package
index the first time (uv's cache, kept by CI, makes the next runs quicker).

The book's folder is given to the command: its rules, and docs/ (the Sphinx configuration both
languages are built with, and the theme's French words). The site is built of a small book, one
game (tests/publishable_book.py): the wheel holds every file of the package (the first test),
and the installed check runs every game's code on the whole book; the build needs the site's
own files, which one game's pages use all of."""

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from rulebook.cli import main
from rulebook.site.try_it import can_try
from tests.publishable_book import publishable_book
from tests.small_book import GAME

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("pyproject.toml", "MANIFEST.in", "README.md", "LICENSE")
# Put into the copy the wheel is built from: a file of a kind no rule names yet must go in, and
# the bytecode a run leaves must stay out.
ADDED = "rulebook/site/try/added-later.js"
LEFT = "rulebook/site/__pycache__/left.cpython-311.pyc"


UV = Path(sys.executable).parent / "uv"  # installed by `make` (requirements/installer.txt)


def run(
    command: list[str | Path], cwd: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"{command}: {done.stdout[-2000:]}{done.stderr[-2000:]}"
    return done


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """What a source distribution holds, copied as it is now, with ADDED and LEFT."""
    folder = tmp_path_factory.mktemp("source")
    for name in SOURCES:
        shutil.copy2(ROOT / name, folder / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info")
    shutil.copytree(ROOT / "src", folder / "src", ignore=ignore)
    for name, data in ((ADDED, b"// a script added later\n"), (LEFT, b"\0bytecode")):
        (folder / "src" / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / "src" / name).write_bytes(data)
    return folder


@pytest.fixture(scope="module")
def wheel(source: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    dist = tmp_path_factory.mktemp("dist")
    # `uv build --wheel`: the wheel straight from the sources (as `pip wheel` builds it, by the
    # build backend pyproject.toml names, in an isolated environment), in half pip's time.
    run([UV, "build", "--quiet", "--wheel", "--out-dir", dist, source])
    (built,) = dist.glob("*.whl")
    return built


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment with the wheel installed, and nothing of the checkout:
    without a pip of its own (installing one took seconds), uv installs into it
    (``--python``): the runtime lock's pins, their hashes checked, then the wheel alone."""
    folder = tmp_path_factory.mktemp("venv")
    run([sys.executable, "-m", "venv", "--without-pip", folder])
    uv: list[str | Path] = [UV, "pip", "install", "--quiet", "--python", folder / "bin" / "python"]
    run([*uv, "--require-hashes", "--requirement", ROOT / "requirements" / "runtime.txt"])
    run([*uv, "--no-deps", wheel])
    return folder


def environment(venv: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return env | {"PATH": f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"}


def test_the_wheel_holds_every_file_of_the_package_and_no_bytecode(
    source: Path, wheel: Path
) -> None:
    package = source / "src"
    files = {
        p.relative_to(package).as_posix() for p in package.glob("rulebook/**/*") if p.is_file()
    }
    held = set(zipfile.ZipFile(wheel).namelist())
    assert ADDED in held
    assert files - {LEFT} - held == set()
    assert not [name for name in held if "__pycache__" in name or name.endswith(".pyc")]
    assert wheel.name.startswith("regles_verifiees-")


def test_the_installed_package_is_the_wheel_not_the_checkout(venv: Path, tmp_path: Path) -> None:
    # What `pip show regles-verifiees` reads: the distribution's metadata in the environment.
    code = (
        "import importlib.metadata, rulebook; print(rulebook.__file__);"
        "print(importlib.metadata.distribution('regles-verifiees').locate_file(''))"
    )
    done = run([venv / "bin" / "python", "-c", code], cwd=tmp_path, env=environment(venv))
    package, distribution = done.stdout.split()
    assert Path(package).is_relative_to(venv) and Path(distribution).is_relative_to(venv)


def test_the_installed_command_builds_the_site_of_a_book(venv: Path, tmp_path: Path) -> None:
    book = publishable_book(tmp_path / "book", (GAME,))
    out = tmp_path / "html"  # without PDFs: Playwright (the [pdf] option) is not installed
    command: list[str | Path] = [venv / "bin" / "rulebook", "site", book, "--out", out]
    done = run(command, cwd=tmp_path, env=environment(venv))
    assert "rulebook site: built" in done.stdout
    pages = ("fr/index.html", "en/index.html", f"en/{GAME}.html", "index.html", "404.html")
    for name in (*pages, "rules.json"):
        assert (out / name).is_file(), name
    assert "rulebook.css" in {p.name for p in (out / "fr" / "_static").iterdir()}
    assert (out / "sw.js").is_file()  # from site/try/, with or without Pyodide
    if can_try(book):  # the small book links the checkout's Pyodide, as the book has it
        for script in ("try.js", "companion.js", "python.js", "worker.js", "icon-192.png"):
            assert (out / "_try" / script).is_file(), script


def test_the_installed_command_checks_the_book(venv: Path, tmp_path: Path) -> None:
    command: list[str | Path] = [venv / "bin" / "rulebook", "check", ROOT]
    done = run(command, cwd=tmp_path, env=environment(venv))
    assert "everything agrees" in done.stderr


def test_a_folder_without_the_books_sphinx_configuration_is_named_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for folder in ("rules_fr", "rules_en"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    monkeypatch.chdir(tmp_path)
    # The command's own function, in this process (`python -m rulebook` calls it: the tests
    # above run the installed command itself); a subprocess cost 1.5 s of imports.
    assert main(["site", ".", "--out", "o"]) == 2
    said = capsys.readouterr()
    assert said.out == ""
    assert said.err.splitlines() == [
        "docs/conf.py: is missing: the site is built with the book's Sphinx configuration "
        "(docs/ in the book's repository)"
    ]
    assert not (tmp_path / "o").exists()
