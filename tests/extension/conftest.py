"""The extension's tests, a module per directive, role or page part, each on a small book
(``tests/small_book.py``) rather than the whole site: the whole site's build is kept for what
needs it (a browser, the accessibility audits, the PDFs, the links between the pages)."""

from tests.small_book import small_site, small_sites  # noqa: F401 (the fixtures, for pytest)
