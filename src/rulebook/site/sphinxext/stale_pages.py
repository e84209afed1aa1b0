"""A page removed from the book leaves the site: Sphinx builds incrementally and never
deletes the page of a document that is gone, which would stay on the site and in its
sitemaps. After a build that succeeded, every HTML page of the output that is neither a
document of the build nor a page the builder itself writes is removed."""

from pathlib import Path

from sphinx.application import Sphinx

# Pages the HTML builder writes that are no document.
BUILDER_PAGES = {"search.html", "genindex.html", "py-modindex.html"}


def remove_stale_pages(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    kept = {f"{name}.html" for name in app.env.found_docs} | BUILDER_PAGES
    for page in out.rglob("*.html"):
        relative = page.relative_to(out).as_posix()
        if relative not in kept and not relative.startswith("_"):
            page.unlink()


def setup_stale_pages(app: Sphinx) -> None:
    app.connect("build-finished", remove_stale_pages)
