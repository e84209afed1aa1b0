"""The in-process caches of what a game's code says (book/code.py, text/code_bounds.py) are
keyed by each file's path and signature (size, date, inode): a file edited in place, under
the same path, is read again. Each edit below changes the file's size, so that the test does
not hang on the clock's grain; a folder's new file is given a later date by hand."""

import os
from pathlib import Path

from rulebook.book import code
from rulebook.text.code_bounds import compared_constants


def test_the_comparisons_of_a_file_edited_in_place_are_read_again(tmp_path: Path) -> None:
    module = tmp_path / "game.py"
    module.write_text("def ok(n):\n    return n >= MIN\n", encoding="utf-8")
    assert compared_constants(str(module)) == {"MIN": frozenset({-0.5})}
    module.write_text("def ok(n):\n    return n > MOST + 1\n", encoding="utf-8")
    assert compared_constants(str(module)) == {"MOST": frozenset({1.5})}


def test_the_definitions_of_a_file_edited_in_place_are_read_again(tmp_path: Path) -> None:
    module = tmp_path / "game.py"
    module.write_text("LIMIT = 3\n\n\ndef play():\n    pass\n", encoding="utf-8")
    assert code._definitions(str(module)) == {"LIMIT": 1, "play": 4}
    module.write_text("def play():\n    pass\n\n\nLIMIT = 30\n", encoding="utf-8")  # longer
    assert code._definitions(str(module)) == {"play": 1, "LIMIT": 5}


def test_the_modules_of_a_package_given_a_new_one_are_listed_again(tmp_path: Path) -> None:
    package = tmp_path / "game"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "rules.py").write_text("", encoding="utf-8")
    assert code._submodule_names("game", (str(package),)) == ("game.rules",)
    (package / "scoring.py").write_text("", encoding="utf-8")
    later = package.stat().st_mtime_ns + 1_000_000_000
    os.utime(package, ns=(later, later))
    assert code._submodule_names("game", (str(package),)) == ("game.rules", "game.scoring")


def test_forget_code_forgets_the_comparisons_too(tmp_path: Path) -> None:
    """The mutation harness writes each mutant over the last one and calls forget_code: a
    mutant of the same size, written within the clock's grain, has the same signature."""
    module = tmp_path / "game.py"
    module.write_text("def ok(n):\n    return n >= MIN\n", encoding="utf-8")
    assert compared_constants(str(module)) == {"MIN": frozenset({-0.5})}
    status = module.stat()
    module.write_text("def ok(n):\n    return n >= MAX\n", encoding="utf-8")
    os.utime(module, ns=(status.st_atime_ns, status.st_mtime_ns))  # the same signature
    assert compared_constants(str(module)) == {"MIN": frozenset({-0.5})}  # kept, as keyed
    code.forget_code()
    assert compared_constants(str(module)) == {"MAX": frozenset({-0.5})}
