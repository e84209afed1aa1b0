"""`make bench`, the companions' part: how fast a companion answers at the table, measured in
Chromium with its network throttled, rather than assumed.

For each companion, on a phone-sized page:

- a first visit at 10 Mbit/s (40 ms of latency): the time until its first question can be
  tapped, and the bytes it downloaded (page, Pyodide, the game's code), as served plain
  and as a static host serves them compressed (gzip);
- a later visit with no network: the time from opening the page to the answer of its
  first tap, the tap made as soon as its button shows;
- every tap of its scripted whole game (``tests/test_companion_<game>.py``): the time from
  the tap to the answer drawn.

The aims (issue 25): ready within 15 s at 10 Mbit/s; the first tap of a later visit answered
within 2 s offline; each answer within 100 ms.
"""

import contextlib
import functools
import gzip
import http.server
import importlib
import io
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rulebook.book import load_book
from rulebook.site.pdf import find_chromium
from rulebook.site.try_it import companion_module, package_of
from tools.bench import built_quietly

ROOT = Path(__file__).resolve().parent.parent
MBIT = 1_000_000 / 8  # bytes a second
IDLE = "() => !document.querySelector('.rb-companion').hasAttribute('aria-busy')"
QUESTION = ".rb-companion-choices .rb-companion-choice"
KEPT = """async () => {
  const all = await caches.keys();
  const names = all.filter((n) => !n.endsWith(" python"));
  if (!navigator.serviceWorker.controller || names.length !== 1) return false;
  const python = all.find((n) => n.endsWith(" python"));  // Python's snapshot, stored too
  if (!python || !(await (await caches.open(python)).keys()).length) return false;
  const urls = (await (await caches.open(names[0])).keys()).map((r) => r.url);
  return urls.some((u) => u.endsWith(".zip")) && urls.some((u) => u.endsWith(".wasm"));
}"""


class Host(http.server.SimpleHTTPRequestHandler):
    """A static host: each file gzipped when the browser accepts it (``compress``)."""

    compress = False

    def log_message(self, *args: object) -> None:
        pass

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self) -> Any:
        path = Path(self.translate_path(self.path))
        gzipped = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (self.compress and gzipped and path.is_file()):
            if path.is_file():
                self.server.sent[self.path] = path.stat().st_size  # type: ignore[attr-defined]
            return super().send_head()
        body = gzip.compress(path.read_bytes(), 6)
        self.server.sent[self.path] = len(body)  # type: ignore[attr-defined]
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


class QuietServer(http.server.ThreadingHTTPServer):
    """A host that says nothing of a request the browser gave up (the page closed while a
    file was still on its way): a traceback each, between the figures, told of no fault."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextlib.contextmanager
def hosting(folder: Path, compress: bool) -> Iterator[Any]:
    """The site served as a static host would; the server counts the bytes of each file it
    sends (``sent``), the workers' requests included. The service worker fetches the same
    files again to keep them: each file counts once."""
    host = type("CompressingHost" if compress else "PlainHost", (Host,), {"compress": compress})
    handler = functools.partial(host, directory=str(folder))
    server = QuietServer(("127.0.0.1", 0), handler)
    server.sent = {}  # type: ignore[attr-defined]  # path → bytes: a file fetched again counts once
    threading.Thread(target=server.serve_forever, daemon=True).start()
    server.url = f"http://127.0.0.1:{server.server_address[1]}"  # type: ignore[attr-defined]
    try:
        yield server
    finally:
        server.shutdown()


def throttled(page: Any, offline: bool = False) -> None:
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", {
        "offline": offline, "latency": 40,
        "downloadThroughput": 10 * MBIT, "uploadThroughput": 5 * MBIT,
    })  # fmt: skip


def first_visit(browser: Any, host: Any, url: str) -> tuple[float, int]:
    """Seconds until the first question can be tapped, and the bytes sent until then (not
    what the service worker fetches afterwards to keep for offline use)."""
    context = browser.new_context(viewport={"width": 375, "height": 800})
    page = context.new_page()
    throttled(page)
    start = time.perf_counter()
    page.goto(url)
    page.locator(QUESTION).first.wait_for(timeout=180_000)
    page.wait_for_function(IDLE)
    ready, sent = time.perf_counter() - start, sum(host.sent.values())
    context.close()
    return ready, sent


def later_visit_offline(browser: Any, url: str, taps: list[Any]) -> tuple[float, list[float]]:
    """Seconds from opening the page offline to the answer of its first tap; then the time
    of each tap of the whole game, tap to answer."""
    context = browser.new_context(viewport={"width": 375, "height": 800})
    page = context.new_page()
    page.goto(url)
    page.locator(QUESTION).first.wait_for(timeout=180_000)
    page.wait_for_function(IDLE)
    for _ in range(600):  # until the service worker has kept the page and what it loaded
        if page.evaluate(KEPT):
            break
        page.wait_for_timeout(100)
    page.evaluate("localStorage.clear()")
    context.set_offline(True)
    start = time.perf_counter()
    page.goto(url)
    first = page.locator(QUESTION).first
    first.wait_for(timeout=60_000)
    first.click()  # the tap, as soon as its button shows (it waits for Python if need be)
    page.wait_for_function(IDLE)
    opened = time.perf_counter() - start
    page.evaluate("localStorage.clear()")
    page.reload()
    page.locator(QUESTION).first.wait_for(timeout=60_000)
    page.wait_for_function(IDLE)
    times = []
    from tests.test_companions import expected, tap  # the same taps as the browser tests

    package = url.rsplit("/", 1)[1]
    for count, value in enumerate(taps):
        ask = expected(PACKAGES[package], taps[:count], "en", {})["ask"]
        tap(page, ask, value)
        times.append(float(page.evaluate("document.querySelector('.rb-companion').dataset.took")))
    context.close()
    return opened, times


PACKAGES = {  # each companion's page, with its game's package: every game that has one
    f"{game.slug}.html": package_of(game)
    for game in load_book(ROOT).games
    if companion_module(game)
}


def main() -> None:
    from playwright.sync_api import sync_playwright

    chromium = find_chromium()
    if chromium is None:
        print("companions: no Chromium, not measured")
        return
    sys.path.insert(0, str(ROOT))
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        out = Path(tmp) / "html"
        built_quietly(ROOT, out)
        print("Companions (Chromium, 375 px; first visit throttled to 10 Mbit/s, 40 ms):")
        for page_name, package in PACKAGES.items():
            if sys.argv[1:] and package not in sys.argv[1:]:
                continue
            try:
                taps = importlib.import_module(f"tests.test_companion_{package}").WHOLE_GAME
            except ModuleNotFoundError:
                continue
            # a browser of its own for each game: nothing kept from the one before
            browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            results = {}
            for compress in (False, True):
                with hosting(out, compress) as host:
                    url = f"{host.url}/en/companion/{page_name}"
                    results[compress] = first_visit(browser, host, url)
            with hosting(out, True) as host:
                page = f"{host.url}/en/companion/{page_name}"
                opened, times = later_visit_offline(browser, page, list(taps))
            (plain_s, plain_b), (gz_s, gz_b) = results[False], results[True]
            ms = times
            print(f"  {package}: first visit {plain_s:.1f} s for {plain_b / 1e6:.1f} MB plain, "
                  f"{gz_s:.1f} s for {gz_b / 1e6:.1f} MB gzipped; later visit offline, first "
                  f"tap answered {opened:.2f} s after opening; {len(ms)} taps, median "
                  f"{statistics.median(ms):.0f} ms, slowest {max(ms):.0f} ms "
                  f"(tap {ms.index(max(ms)) + 1})")  # fmt: skip
            verdict = all((gz_s <= 15, opened <= 2, max(ms) <= 100))
            print(f"    aims (15 s gzipped, 2 s, 100 ms): {'met' if verdict else 'MISSED'}")
            browser.close()


if __name__ == "__main__":
    main()
