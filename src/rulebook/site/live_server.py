"""``make live``: both languages rebuilt on every change and served from one root.

Why not sphinx-autobuild as it comes: it runs one Sphinx build into one folder, so French and
English would need two servers on two ports, and the language switch (a relative link from
``fr/`` to ``en/``) would lead nowhere. This reuses its own pieces (the file watcher, the
script that reloads the page after a build, the static server) with a build step that runs
the site's two Sphinx builds side by side into ``docs/_build/live/html/{fr,en}``, both with
``rulebook_live`` set: the check runs with every build and every page shows its problems.
"""

import os
import sys
from collections.abc import Sequence
from functools import partial
from pathlib import Path

from rulebook.book.folders import RULES_FOLDERS
from rulebook.language import LANGUAGES, Lang
from rulebook.site.build import HASH_SEED, run_together, sphinx_command
from rulebook.site.config import CONFIG
from rulebook.site.files import write_root_page

HOST, PORT = "127.0.0.1", 8000


def live_command(root: Path, out: Path, lang: Lang) -> list[str]:
    """The site's Sphinx command for one language, in live mode (the check on every page)."""
    doctrees = out.parent / "doctrees"
    return [*sphinx_command(root, out, doctrees, lang, strict=False), "-D", "rulebook_live=1"]


def build_both(root: Path, out: Path, changed_paths: Sequence[Path] = ()) -> int:
    """Build both languages at once (each build is incremental), then the root page."""
    codes = run_together(
        [live_command(root, out, lang) for lang in LANGUAGES], os.environ | HASH_SEED
    )
    write_root_page(out, CONFIG.base_url)
    print(f"rulebook live: built {', '.join(LANGUAGES)} at http://{HOST}:{PORT}/", flush=True)
    return max(codes)


def serve(root: Path) -> None:
    import uvicorn
    from sphinx_autobuild.filter import IgnoreFilter  # type: ignore[import-untyped]
    from sphinx_autobuild.middleware import (  # type: ignore[import-untyped]
        JavascriptInjectorMiddleware,
    )
    from sphinx_autobuild.server import RebuildServer  # type: ignore[import-untyped]
    from starlette.applications import Starlette
    from starlette.middleware import Middleware
    from starlette.routing import Mount, WebSocketRoute
    from starlette.staticfiles import StaticFiles

    out = root / "docs" / "_build" / "live" / "html"
    out.mkdir(parents=True, exist_ok=True)
    rebuild = partial(build_both, root, out)
    rebuild()
    ignore = IgnoreFilter([root / "docs" / "_build"], [r"__pycache__", r"\.mo$", r"~$"])
    watched = [root / name for name in (*RULES_FOLDERS, "src", "docs")]
    watcher = RebuildServer(watched, ignore, change_callback=rebuild)
    app = Starlette(
        routes=[
            WebSocketRoute("/websocket-reload", watcher, name="reload"),
            Mount("/", app=StaticFiles(directory=out, html=True), name="static"),
        ],
        middleware=[Middleware(JavascriptInjectorMiddleware, ws_url=f"{HOST}:{PORT}")],
        lifespan=watcher.lifespan,
    )
    uvicorn.run(app, host=HOST, port=PORT, log_level="warning")


if __name__ == "__main__":
    serve(Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve())
