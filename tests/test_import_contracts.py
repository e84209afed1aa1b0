"""The import contracts `make lint` holds the package to ([tool.importlinter] in pyproject.toml,
run by `lint-imports`) can fail: a copy of the package with one import added, upward or
closing a cycle, is refused, the import named. That the package itself keeps them is
`make lint`'s own run."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

LAYERS = "Each layer imports only the layers below it"
MODULES = "No cycle between modules"
PACKAGES = "No cycle between the parts of a package, each subpackage taken whole"


def package_with(tmp_path: Path, module: str, line: str) -> Path:
    """A copy of the package's Python files (all the import graph reads) with ``line`` added
    at the end of ``module`` (a path under rulebook/); the folder to put on the path."""
    src = tmp_path / "src"

    def not_python(folder: str, names: list[str]) -> list[str]:
        return [
            n
            for n in names
            if n == "__pycache__" or not (n.endswith(".py") or (Path(folder) / n).is_dir())
        ]

    shutil.copytree(ROOT / "src" / "rulebook", src / "rulebook", ignore=not_python)
    changed = src / "rulebook" / module
    changed.write_text(changed.read_text(encoding="utf-8") + line + "\n", encoding="utf-8")
    return src


def lint_imports(src: Path) -> subprocess.CompletedProcess[str]:
    """`lint-imports` as `make lint` runs it (the checkout's contracts), on the copy."""
    # The copy comes first on the path: the checkout's package is on it too (installed editable).
    env = {**os.environ, "PYTHONPATH": str(src), "COLUMNS": "200"}
    command = [str(Path(sys.executable).parent / "lint-imports"), "--no-cache", "--no-logo"]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def test_an_import_of_a_higher_layer_breaks_the_layers_contract_naming_it(
    tmp_path: Path,
) -> None:
    src = package_with(tmp_path, "book/model.py", "from rulebook.site.config import LANGUAGES")
    done = lint_imports(src)
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"{LAYERS} BROKEN" in done.stdout
    assert "rulebook.book is not allowed to import rulebook.site" in done.stdout
    assert "rulebook.book.model -> rulebook.site.config" in done.stdout


def test_a_cycle_through_a_package_init_breaks_the_modules_contract_alone(
    tmp_path: Path,
) -> None:
    """history -> rulebook.book (its __init__) -> load -> history: the layers hold, and the
    siblings of rulebook.book form no cycle (the __init__ is none of them); the contract of
    the project's own (tools/import_contracts.py) names every import of the cycle."""
    src = package_with(tmp_path, "book/history.py", "from rulebook.book import Book")
    done = lint_imports(src)
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"{LAYERS} KEPT" in done.stdout and f"{PACKAGES} KEPT" in done.stdout
    assert f"{MODULES} BROKEN" in done.stdout
    for step in (
        "rulebook.book.history -> rulebook.book (l.",
        "rulebook.book -> rulebook.book.load (l.",
        "rulebook.book.load -> rulebook.book.history (l.",
    ):
        assert step in done.stdout, done.stdout


def with_doctest(module: str, line: str) -> tuple[str, int]:
    """A function whose docstring's example runs ``line``, to add at the end of ``module``,
    and the line of the file that ``line`` will stand on."""
    length = len((ROOT / "src" / "rulebook" / module).read_text(encoding="utf-8").splitlines())
    added = f'def _shown() -> None:\n    """An example.\n\n    >>> {line}\n    """'
    return added, length + 4


def test_a_doctest_importing_a_higher_layer_breaks_the_layers_contract_naming_its_line(
    tmp_path: Path,
) -> None:
    """grimp reads no docstring: the contracts add the doctests' imports themselves
    (tools/import_contracts.py), each at its line."""
    added, line = with_doctest("kit/validate.py", "from rulebook.games.port_royal import Level")
    done = lint_imports(package_with(tmp_path, "kit/validate.py", added))
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"{LAYERS} BROKEN" in done.stdout
    assert "rulebook.kit is not allowed to import rulebook.games" in done.stdout
    assert f"rulebook.kit.validate -> rulebook.games.port_royal (l.{line})" in done.stdout


def test_a_doctest_importing_its_own_package_breaks_the_modules_contract_naming_its_line(
    tmp_path: Path,
) -> None:
    """morgan's doctest takes parse_rolls from the package, whose __init__ imports morgan: a
    cycle kept alive by an example, though no import statement of the code makes it."""
    module = "games/port_royal/morgan.py"
    added, line = with_doctest(module, "from rulebook.games.port_royal import parse_rolls")
    done = lint_imports(package_with(tmp_path, module, added))
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"{LAYERS} KEPT" in done.stdout and f"{MODULES} BROKEN" in done.stdout
    for step in (
        f"rulebook.games.port_royal.morgan -> rulebook.games.port_royal (l.{line})",
        "rulebook.games.port_royal -> rulebook.games.port_royal.morgan (l.",
    ):
        assert step in done.stdout, done.stdout


def test_a_relative_import_in_a_doctest_counts_as_the_doctest_runs_it(tmp_path: Path) -> None:
    """``from . import parse_rolls`` in morgan's doctest imports the package morgan is in, as
    the doctest runs it (in the module's globals): the same cycle as the absolute import."""
    module = "games/port_royal/morgan.py"
    added, line = with_doctest(module, "from . import parse_rolls")
    done = lint_imports(package_with(tmp_path, module, added))
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"rulebook.games.port_royal.morgan -> rulebook.games.port_royal (l.{line})" in (
        done.stdout
    )


def test_doctests_making_two_games_import_each_other_break_the_packages_contract(
    tmp_path: Path,
) -> None:
    """Port Royal's doctest imports Stone Age and Stone Age's imports Port Royal: two parts of
    rulebook.games in a cycle, which only examples make."""
    first, second = "games/port_royal/rolls.py", "games/stone_age/rules.py"
    added, _ = with_doctest(first, "import rulebook.games.stone_age")
    src = package_with(tmp_path, first, added)
    added, _ = with_doctest(second, "import rulebook.games.port_royal")
    target = src / "rulebook" / second
    target.write_text(target.read_text(encoding="utf-8") + added + "\n", encoding="utf-8")
    done = lint_imports(src)
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"{PACKAGES} BROKEN" in done.stdout, done.stdout
