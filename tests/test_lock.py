"""The lock files in step with pyproject.toml: every dependency it declares is pinned, at a
version it allows, in the lock `make` installs (and the runtime ones, at the same versions, in
the lock the installed command is tested with, and uv's alone in the lock pip installs first);
`make lock` writes them again."""

import re
import tomllib
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
LOCKS = ROOT / "requirements"
# What the locks are resolved for (the Makefile's `lock` target), for the markers.
TARGET = {"python_version": "3.11", "python_full_version": "3.11.0", "sys_platform": "linux",
          "platform_system": "Linux", "os_name": "posix"}  # fmt: skip
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?==([^\s;\\]+)", re.MULTILINE)


def pins(text: str) -> dict[str, str]:
    """A lock file's pins, by canonical name.

    >>> pins("sphinx==9.0.4 \\\\\\n    --hash=sha256:ab\\n    # via furo\\nPyStemmer==3.1.0\\n")
    {'sphinx': '9.0.4', 'pystemmer': '3.1.0'}
    """
    return {canonicalize_name(name): version for name, version in PIN.findall(text)}


def declared(pyproject: dict[str, object]) -> dict[str, list[tuple[str, str]]]:
    """Each lock file's name, and what pyproject.toml asks it to pin: (requirement, where)."""
    project = pyproject["project"]
    assert isinstance(project, dict)
    runtime = [(r, "dependencies") for r in project.get("dependencies", [])]
    optional = project.get("optional-dependencies", {})
    extras = [(r, f"[{name}]") for name, rs in optional.items() for r in rs]
    uv = [(r, where) for r, where in extras if canonicalize_name(Requirement(r).name) == "uv"]
    return {"lock.txt": runtime + extras, "runtime.txt": runtime, "installer.txt": uv}


def drift(pyproject_text: str, locks: dict[str, str]) -> list[str]:
    """What the locks lack: one line per requirement of pyproject.toml that its lock file does
    not pin at a version it allows, and per pin of a smaller lock that differs from the main
    one."""
    problems = []
    found = {name: pins(text) for name, text in locks.items()}
    for lock, wanted in declared(tomllib.loads(pyproject_text)).items():
        for text, where in wanted:
            requirement = Requirement(text)
            if requirement.marker and not requirement.marker.evaluate(TARGET):
                continue
            pinned = found.get(lock, {}).get(canonicalize_name(requirement.name))
            if pinned is None:
                problems.append(f"requirements/{lock}: {text} (pyproject.toml, {where}) not pinned")
            elif not requirement.specifier.contains(pinned, prereleases=True):
                problems.append(
                    f"requirements/{lock}: pins {requirement.name}=={pinned}, but pyproject.toml "
                    f"({where}) asks {text}"
                )
    for lock in ("runtime.txt", "installer.txt"):
        for name, version in found.get(lock, {}).items():
            locked = found.get("lock.txt", {}).get(name)
            if locked != version:
                problems.append(
                    f"requirements/{lock}: pins {name}=={version}, requirements/lock.txt {locked}"
                )
    return [f"{p} → run `make lock`" for p in problems]


def the_locks() -> dict[str, str]:
    return {path.name: path.read_text(encoding="utf-8") for path in LOCKS.glob("*.txt")}


def test_every_dependency_of_pyproject_is_pinned_in_the_locks() -> None:
    assert drift((ROOT / "pyproject.toml").read_text(encoding="utf-8"), the_locks()) == []


def test_a_dependency_added_to_pyproject_but_not_locked_is_named() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    added = pyproject.replace("dev = [\n", 'dev = [\n    "not-locked-yet>=1.0",\n', 1)
    assert added != pyproject
    assert drift(added, the_locks()) == [
        "requirements/lock.txt: not-locked-yet>=1.0 (pyproject.toml, [dev]) not pinned "
        "→ run `make lock`"
    ]


def test_a_floor_raised_above_the_pinned_version_is_named() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    raised = pyproject.replace('"segno>=1.6"', '"segno>=99"', 1)
    assert raised != pyproject
    lines = drift(raised, the_locks())
    assert len(lines) == 2  # in the lock `make` installs, and in the runtime lock
    assert all("pins segno==" in line and "asks segno>=99" in line for line in lines)


@pytest.mark.parametrize(
    ("lock", "name", "other"),
    [("runtime.txt", "sphinx", "8.0.0"), ("installer.txt", "uv", "0.5.0")],
)
def test_a_pin_of_a_smaller_lock_that_differs_from_the_main_lock_is_named(
    lock: str, name: str, other: str
) -> None:
    locks = the_locks()
    version = pins(locks[lock])[name]
    locks[lock] = locks[lock].replace(f"{name}=={version}", f"{name}=={other}", 1)
    assert drift((ROOT / "pyproject.toml").read_text(encoding="utf-8"), locks) == [
        f"requirements/{lock}: pins {name}=={other}, requirements/lock.txt {version} "
        "→ run `make lock`"
    ]


def test_a_requirement_for_another_platform_needs_no_pin() -> None:
    assert Marker('sys_platform == "win32"').evaluate(TARGET) is False
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    line = "    \"colorama>=0.4; sys_platform == 'win32'\",\n"
    windows = pyproject.replace("dev = [\n", f"dev = [\n{line}", 1)
    assert windows != pyproject
    assert drift(windows, the_locks()) == []
