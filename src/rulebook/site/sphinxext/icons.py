"""The book's icon on every page: the browser's tab (the SVG, the PNG where SVG is not read)
and a phone's home screen (``apple-touch-icon``). They are the web app's icons (``site/try/``,
drawn by ``tools/icons.py``), copied to each language's ``_static/`` whether or not the site
has "try it" (``_try/`` holds them only then); templates/base.html links them."""

from pathlib import Path

from sphinx.application import Sphinx
from sphinx.config import Config

ICONS = Path(__file__).resolve().parent.parent / "try"
FAVICON = ICONS / "icon.svg"  # Sphinx copies it to _static/ and furo links it
TOUCH_ICON = ICONS / "icon-192.png"


def add_icons(app: Sphinx, config: Config) -> None:
    config.html_favicon = str(FAVICON)
    config.html_static_path.append(str(TOUCH_ICON))


def setup_icons(app: Sphinx) -> None:
    app.connect("config-inited", add_icons)
