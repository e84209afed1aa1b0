"""The GitHub Actions workflows: zizmor (which `make lint` runs) passes them and fails a
broken one, and every action they use is pinned to a commit."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = ROOT / ".github" / "workflows"
PAGES = WORKFLOWS / "pages.yml"
USES = re.compile(r"^\s*(?:-\s+)?uses:\s*(\S+)(.*)$", re.MULTILINE)
PINNED = re.compile(r"[\w.-]+/[\w./-]+@[0-9a-f]{40}")


def lint(folder: Path) -> subprocess.CompletedProcess[str]:
    """zizmor over a folder's workflows, as `make lint` runs it (offline, pedantic)."""
    zizmor = Path(sys.executable).parent / "zizmor"
    return subprocess.run(
        [str(zizmor), "--offline", "--no-progress", "--persona=pedantic", ".github/workflows"],
        cwd=folder, capture_output=True, text=True, check=False,
    )  # fmt: skip


def unpinned(text: str) -> list[str]:
    """Each ``uses:`` of a workflow that names a tag or a branch instead of a commit.

    >>> unpinned("steps:\\n  - uses: actions/checkout@v7\\n")
    ['line 2: actions/checkout@v7: pin the commit, with its tag in a comment']
    >>> unpinned("  - uses: actions/checkout@" + "a" * 40 + " # v7.0.1\\n")
    []
    """
    return [
        f"line {text.count(chr(10), 0, m.start(1)) + 1}: {m[1]}: pin the commit, with its tag "
        "in a comment"
        for m in USES.finditer(text)
        if not PINNED.fullmatch(m[1]) or "# v" not in m[2]
    ]


def test_the_workflows_pass_the_lint() -> None:
    done = lint(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr


def copy_of_workflows(tmp_path: Path) -> Path:
    (tmp_path / ".github").mkdir()
    shutil.copytree(WORKFLOWS, tmp_path / ".github" / "workflows")
    return tmp_path / ".github" / "workflows" / "pages.yml"


def test_a_workflow_with_a_misspelt_key_fails_the_lint_and_is_named(tmp_path: Path) -> None:
    broken = copy_of_workflows(tmp_path)
    text = broken.read_text(encoding="utf-8")
    broken.write_text(text.replace("    runs-on:", "    run-on:", 1), "utf-8")
    done = lint(tmp_path)
    assert done.returncode != 0
    assert "pages.yml as workflow: input does not match expected validation schema" in done.stderr


def test_a_workflow_that_runs_what_a_commit_message_says_fails_the_lint(tmp_path: Path) -> None:
    broken = copy_of_workflows(tmp_path)
    text = broken.read_text(encoding="utf-8")
    line = text[: text.index("        run: make site")].count("\n") + 1
    unsafe = '        run: make site && echo "${{ github.event.head_commit.message }}"'
    broken.write_text(text.replace("        run: make site", unsafe, 1), "utf-8")
    done = lint(tmp_path)
    assert done.returncode != 0
    assert "error[template-injection]" in done.stdout
    assert f"pages.yml:{line}:" in done.stdout


def test_every_action_the_workflows_use_is_pinned_to_a_commit() -> None:
    for path in WORKFLOWS.glob("*.y*ml"):
        text = path.read_text(encoding="utf-8")
        assert USES.search(text), f"{path.name}: no action found: has the pattern gone stale?"
        assert unpinned(text) == [], path.name


def test_an_action_named_by_its_tag_is_reported() -> None:
    text = PAGES.read_text(encoding="utf-8")
    line = next(n for n, s in enumerate(text.splitlines(), 1) if "actions/checkout@" in s)
    tagged = re.sub(r"actions/checkout@[0-9a-f]{40}", "actions/checkout@v7", text)
    assert unpinned(tagged) == [
        f"line {line}: actions/checkout@v7: pin the commit, with its tag in a comment"
    ]
