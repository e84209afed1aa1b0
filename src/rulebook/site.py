"""Build the site: one Sphinx build per language, run side by side, and a root page."""

import subprocess
import sys
from pathlib import Path

from rulebook.book import load_book
from rulebook.checks import run_checks
from rulebook.shortlinks import write_export, write_short_links
from rulebook.site_config import CONFIG, LANGUAGES

ROOT_PAGE = """<!DOCTYPE html>
<html lang="fr"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<script>
  var lang = (navigator.language || "fr").slice(0, 2) === "fr" ? "fr" : "en";
  location.replace(lang + "/index.html" + location.hash);
</script></head>
<body><ul>{links}</ul></body></html>
"""


def sphinx_command(root: Path, out: Path, lang: str, strict: bool) -> list[str]:
    command = [
        sys.executable, "-m", "sphinx", "-b", "html", "-q",
        "-c", str(root / "docs"), "-D", f"language={lang}",
        "-d", str(out.parent / "doctrees" / lang),
        str(root / f"rules_{lang}"), str(out / lang),
    ]  # fmt: skip
    return command + (["-n", "-W", "--keep-going"] if strict else [])


REFUSAL = "refusing to build: fix the problems above (or `make live` to see them while editing)"


def book_is_publishable(root: Path) -> bool:
    """The gate: a book the check rejects is not published (live builds never come here)."""
    problems = run_checks(load_book(root))
    for problem in problems:
        print(problem.format(root), file=sys.stderr)
    if problems:
        print(f"rulebook site: {len(problems)} problem(s); {REFUSAL}", file=sys.stderr)
    return not problems


def build_site(root: Path, out: Path | None = None, strict: bool = False) -> int:
    root = root.resolve()
    if not book_is_publishable(root):
        return 1
    out = (out or root / "docs" / "_build" / "html").resolve()
    runs = [subprocess.Popen(sphinx_command(root, out, lang, strict)) for lang in LANGUAGES]
    codes = [run.wait() for run in runs]
    links = "".join(
        f'<li><a href="{lang}/index.html" hreflang="{lang}">{CONFIG.language_names[lang]}</a></li>'
        for lang in LANGUAGES
    )
    (out / "index.html").write_text(
        ROOT_PAGE.format(title=" · ".join(CONFIG.title.values()), links=links), encoding="utf-8"
    )
    if not any(codes):
        book = load_book(root)
        write_short_links(book, out)
        write_export(book, out)
    if any(codes):
        print("rulebook site: the build failed", file=sys.stderr)
        return 1
    print(f"Open {out / 'index.html'} (French: {out / 'fr' / 'index.html'})")
    return 0
