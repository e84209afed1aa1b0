"""A rule's dropdowns are rendered whole from a template (for speed), in the markup that
sphinx-design writes for its own dropdown, so that its styles and behaviour apply. This test
builds a real sphinx-design dropdown and holds the two skeletons (tags and classes) together:
an upgrade of sphinx-design that changes its markup fails here, not silently on the site."""

import re
import subprocess
import sys
from pathlib import Path

from docutils import nodes

from rulebook.site.sphinxext.rule import dropdown

TAG = re.compile(r"<(/?)(details|summary|div|span|svg|path)\b([^>]*)>")
SPACING = re.compile(r"sd-[mp][trblxy]?-\d")  # margins and paddings are each page's choice


def skeleton(markup: str) -> list[str]:
    """The dropdown's tags with their classes, from ``<details`` to its ``</details>``."""
    markup = markup[markup.index("<details") : markup.index("</details>") + len("</details>")]
    found = []
    for closing, tag, attributes in TAG.findall(markup):
        classes = re.search(r'class="([^"]*)"', attributes)
        names = classes.group(1).split() if classes else []
        kept = sorted(c for c in names if c.startswith("sd-") and not SPACING.fullmatch(c))
        found.append(f"<{closing}{tag} {' '.join(kept)}>".replace(" >", ">"))
    return found


def sphinx_design_dropdown(tmp_path: Path) -> str:
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text(
        'extensions = ["myst_parser", "sphinx_design"]\nmyst_enable_extensions = ["colon_fence"]\n',
        encoding="utf-8",
    )
    (source / "index.md").write_text(
        "# Page\n\n:::{dropdown} Title\n\nBody.\n:::\n", encoding="utf-8"
    )
    out = tmp_path / "out"
    subprocess.run(
        [sys.executable, "-m", "sphinx", "-b", "html", "-q", str(source), str(out)], check=True
    )
    return (out / "index.html").read_text(encoding="utf-8")


def test_the_rule_dropdown_has_the_markup_sphinx_design_writes(tmp_path: Path) -> None:
    theirs = skeleton(sphinx_design_dropdown(tmp_path))
    ours = dropdown("Title", "<p>Body.</p>", "rb-examples", "en")
    assert isinstance(ours, nodes.raw) and "no-search" in ours["classes"]
    assert skeleton(ours.astext()) == theirs
