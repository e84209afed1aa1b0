"""The service worker of "try it" keeps the book's own files and nothing else of the host: it
runs in the book's folder, never keeps an answer marked no-store nor anything outside the
book's paths, and an edition built without "try it" retires it and empties its caches."""

import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rulebook.book import load_book
from rulebook.site.try_it import (
    LOCK,
    PYODIDE_FILES,
    book_paths,
    can_try,
    copy_pyodide,
    service_worker,
    write_try_it,
)
from tests.conftest import ROOT, BookCopy


def test_the_worker_knows_the_sites_top_level_files_and_folders(tmp_path: Path) -> None:
    for folder in ("fr", "en", "_try", "r"):
        (tmp_path / folder).mkdir()
    for name in ("index.html", "rules.json", "404.html", "sw.js"):
        (tmp_path / name).write_text("", encoding="utf-8")
    assert book_paths(tmp_path) == {
        "files": ["404.html", "index.html", "rules.json"],
        "folders": ["_try/", "en/", "fr/", "r/"],
    }
    worker = service_worker(tmp_path, "0123456789abcdef")
    assert "__BOOK__" not in worker
    assert '"files": ["404.html", "index.html", "rules.json"]' in worker
    assert '"edition": "0123456789abcdef"' in worker and '"retired"' not in worker


def test_a_site_built_without_try_it_retires_the_worker_and_has_no_runner(
    book_copy: BookCopy, tmp_path: Path
) -> None:
    out = tmp_path / "html"
    (out / "_try").mkdir(parents=True)  # left by an edition that had "try it"
    (out / "_try" / "try.js").write_text("", encoding="utf-8")
    assert not can_try(book_copy.root)  # the copy has no node_modules/
    assert write_try_it(load_book(book_copy.root), out) is False
    assert 'const BOOK = {"retired": true};' in (out / "sw.js").read_text(encoding="utf-8")
    assert not (out / "_try").exists()


def test_pyodide_is_copied_again_for_a_new_release_even_when_no_file_changed_size(
    tmp_path: Path,
) -> None:
    """npm gives every release's files the same date, and an upgrade can keep a file's size:
    the copy follows Pyodide's lock, so a site never serves an older release's file under
    the new release's name."""
    source, kept = tmp_path / "node_modules", tmp_path / "site"
    source.mkdir()

    def release(version: str) -> None:
        for name in PYODIDE_FILES:
            (source / name).write_text(f"{name} {version}", encoding="utf-8")

    release("0.27.7")
    copy_pyodide(source, kept)
    assert (kept / "pyodide.asm.wasm").read_text(encoding="utf-8") == "pyodide.asm.wasm 0.27.7"
    release("0.27.8")  # every file the same size as before
    copy_pyodide(source, kept)
    for name in PYODIDE_FILES:
        assert (kept / name).read_text(encoding="utf-8") == f"{name} 0.27.8", name
    (kept / "pyodide.js").write_text("cut short", encoding="utf-8")  # another size
    copy_pyodide(source, kept)
    assert (kept / "pyodide.js").read_text(encoding="utf-8") == "pyodide.js 0.27.8"
    assert (kept / LOCK).read_text(encoding="utf-8") == f"{LOCK} 0.27.8"


# --- In a browser: the book served at /book/ on a host that holds other things ------------

pyodide = pytest.mark.skipif(not can_try(ROOT), reason="no Pyodide (make installs it)")
OUTSIDE = "/elsewhere/data.json"  # another application of the host, outside the book's folder
STRANGER = "/book/api/data.json"  # inside the book's folder, but no file the book ships
NO_STORE = ("/book/fr/fresh.json", "/book/en/glossary.html")  # the book's, marked no-store
RUNTIME = "/book/_try/pyodide/"  # Pyodide's files


class Host(http.server.SimpleHTTPRequestHandler):
    """The built site at /book/ (``directory`` holds a link ``book`` to it), the other
    applications' answers, ``no-store`` on some of the book's; ``retired`` (on the server)
    serves the worker an edition without "try it" writes in place of the site's."""

    def log_message(self, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        path = self.path.split("?")[0]
        self.server.asked.append(path)  # type: ignore[attr-defined]
        retired: str = getattr(self.server, "retired", "")
        if path == "/book/sw.js" and retired:
            self.answer(retired, "text/javascript")
        elif path in (OUTSIDE, STRANGER, NO_STORE[0]):
            self.answer('{"answer": 42}', "application/json")
        else:
            super().do_GET()

    def answer(self, text: str, kind: str) -> None:
        body = text.encode()
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def end_headers(self) -> None:
        if self.path.split("?")[0] in NO_STORE:
            self.send_header("Cache-Control", "private, no-store")
        elif self.path.startswith(RUNTIME):  # asked of the host each time, never the browser's
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()


@pytest.fixture
def host(built_site: Path, tmp_path: Path) -> Iterator[tuple[str, Any]]:
    """The host's address and its server."""
    (tmp_path / "book").symlink_to(built_site, target_is_directory=True)
    handler = functools.partial(Host, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.asked = []  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}", server
    server.shutdown()


KEPT = """async () => {
    const kept = [];
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) kept.push([name, request.url]);
    }
    return kept;
}"""


def kept_urls(page: Any, wanted: tuple[str, ...], seconds: float = 60) -> list[tuple[str, str]]:
    """Every (cache, URL) the host's caches hold, once ``wanted`` are all among the URLs;
    evaluate awaits the promise (wait_for_function would take the promise for true)."""
    waited = 0.0
    while True:
        kept = [(str(name), str(url)) for name, url in page.evaluate(KEPT)]
        if all(any(url == w for _, url in kept) for w in wanted):
            return kept
        assert waited < seconds, f"the worker did not keep {wanted}: {kept}"
        page.wait_for_timeout(250)
        waited += 0.25


@pyodide
def test_the_worker_keeps_the_books_files_only_and_nothing_marked_no_store(
    host: tuple[str, Any], phones: Any
) -> None:
    url, server = host
    context = phones()  # a phone that has kept nothing
    page = context.new_page()

    def run_an_example(path: str) -> None:
        page.goto(f"{url}/book/{path}")
        panel = page.locator("#pr-ex-morgan-1--try")
        panel.locator("summary").click()
        page.wait_for_function(
            "() => document.querySelector('#pr-ex-morgan-1--try textarea')?.value"
        )
        panel.locator(".rb-try-run").click()
        panel.locator(".rb-try-value").wait_for(timeout=90000)
        kept_urls(page, (f"{url}/book/{path}",))

    run_an_example("en/port-royal-morgan.html")
    assert any(path.startswith(RUNTIME) for path in server.asked)
    # Python started again on another page: Pyodide's files come from the worker's cache, and
    # the page asking for all it loaded to be kept fetches none of them again.
    page.wait_for_timeout(500)  # the worker's last writes
    server.asked.clear()
    run_an_example("fr/port-royal-morgan.html")
    page.wait_for_timeout(500)
    assert [path for path in server.asked if path.startswith(RUNTIME)] == []
    registration = "navigator.serviceWorker.getRegistration().then((r) => r && r.scope)"
    assert page.evaluate(registration) == f"{url}/book/"
    # The reader's pages ask for what is not the book's, and for what the host says not to
    # keep; then open a page that may be kept, and a rules file, to know the worker has
    # seen them all.
    asked = [OUTSIDE, STRANGER, *NO_STORE]
    page.evaluate("async (urls) => { for (const u of urls) await (await fetch(u)).text(); }", asked)
    page.goto(f"{url}/book/en/glossary.html")
    page.goto(f"{url}/book/en/megawatts-solo.html")
    page.evaluate("fetch('../rules.json').then((r) => r.text())")
    kept_urls(page, (f"{url}/book/en/megawatts-solo.html", f"{url}/book/rules.json"))
    page.wait_for_timeout(500)  # the worker's last writes
    kept = kept_urls(page, ())
    assert [u for _, u in kept if u.removeprefix(url) in asked] == []
    assert [u for _, u in kept if not u.startswith(f"{url}/book/")] == []
    assert all(name.startswith("rulebook-/book/ ") for name, _ in kept), kept
    context.close()


@pyodide
def test_an_edition_without_try_it_unregisters_the_worker_and_empties_its_caches(
    host: tuple[str, Any], chromium: Any, built_site: Path
) -> None:
    url, server = host
    context = chromium.new_context()
    page = context.new_page()
    page.goto(f"{url}/book/en/index.html")
    register = """navigator.serviceWorker.register('../sw.js', {scope: '../'})
        .then(() => navigator.serviceWorker.ready).then((r) => r.scope)"""
    assert page.evaluate(register) == f"{url}/book/"
    other = "caches.open('another-application').then((c) => c.put('/x', new Response('x')))"
    page.evaluate(other)  # not the book's: it stays
    page.reload()  # now under the worker: the page is kept
    kept_urls(page, (f"{url}/book/en/index.html", f"{url}/book/_try/python.js"))
    server.retired = service_worker(built_site, None)  # the site rebuilt without "try it"
    page.reload()
    gone = """async () => !(await navigator.serviceWorker.getRegistration())
        && (await caches.keys()).join() === 'another-application'"""
    waited = 0.0
    while not page.evaluate(gone):
        assert waited < 30, (page.evaluate(KEPT), page.evaluate("caches.keys()"))
        page.wait_for_timeout(250)
        waited += 0.25
    context.close()
