"""Sphinx configuration shared by the French and the English build.

Each language is its own build: ``rulebook site`` runs Sphinx on ``rules_fr/`` and on
``rules_en/`` with this folder as the configuration (``-c docs -D language=…``).
Settings live in ``rulebook.site.config``; interface words in ``rulebook.language``.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

extensions = ["rulebook.site.sphinxext"]
rulebook_root = str(ROOT)

language = "fr"
source_suffix = {".md": "markdown"}
exclude_patterns = ["original", "**/*.toml", "_build"]
myst_enable_extensions = ["colon_fence"]
myst_heading_anchors = 2

html_theme = "furo"
html_static_path: list[str] = []
templates_path: list[str] = []
html_show_sourcelink = False
html_copy_source = False
# No general index nor module index: readers find a rule by the search, the glossary and the
# short links, and Sphinx would write both pages again at every build (0.3 s a language).
html_use_index = False
html_domain_indices = False
copybutton_prompt_text = r">>> |\.\.\. "
copybutton_prompt_is_regexp = True

