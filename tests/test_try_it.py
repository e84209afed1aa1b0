"""Try it in the page: a worked example edited and run in the reader's browser with the very
rule code the check verifies (Pyodide), its result and its chain of rules in the page's
language, the rule's own error for bad input; and nothing of it loaded until asked."""

import contextlib
import functools
import http.server
import json
import re
import threading
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from rulebook.kit.runner import run
from rulebook.language import text
from rulebook.site.try_it import can_try
from tests.conftest import ROOT, QuietHandler

if not can_try(ROOT):
    pytest.skip("Pyodide is not installed (make installs it with npm)", allow_module_level=True)


def test_the_runner_gives_the_result_the_chain_or_the_rules_error() -> None:
    out = run("plant_price(48, (47, 48, 49, 50), step=3)", "rulebook.games.megawatts")
    assert out["result"] == "53"
    assert out["steps"] == [
        {
            "rule": "mw-step-3-prices",
            "used": [["position", "4"], ["surcharge", "5"]],
        }
    ]
    bad = run('morgan_turn(0, Level.EASY, parse_rolls("red boat"))', "rulebook.games.port_royal")
    assert bad["error"].startswith("pr-morgan-roll: expected a roll as the examples write it")
    typo = run("morgan_tun(0)", "rulebook.games.port_royal")
    assert typo["error"] == "NameError: name 'morgan_tun' is not defined"


def test_the_site_serves_pyodide_the_rule_code_and_each_examples_code(built_site: Path) -> None:
    folder = built_site / "_try"
    for name in ("pyodide.js", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (folder / "pyodide" / name).is_file()
    names = zipfile.ZipFile(folder / "code" / "port_royal.zip").namelist()
    assert "rulebook/games/port_royal/morgan.py" in names and "rulebook/kit/runner.py" in names
    assert "rulebook/companions/port_royal.py" in names
    assert not any(  # the variant's code only: no tool of the book, no other game
        n.startswith(("rulebook/site", "rulebook/checks", "rulebook/book", "rulebook/games/stone"))
        for n in names
    )
    panel = json.loads((folder / "examples" / "stone-age-solo.fr.json").read_text("utf-8"))
    assert "feed(" in panel["sources"]["sa-feeding-income"]  # the feeding, at its first rule
    assert panel["words"]["try_run"] == text("fr", "try_run")
    assert panel["page"] == "stone-age-solo.html"
    # the chain's words of the page: the file's, and the game's terms for values
    assert panel["chain_words"]["names"]["fatigue_limit"] == "limite de fatigue"
    assert panel["chain_words"]["values"]["cold night"] == "nuit fraîche"
    # a name and a value spelled alike, each with its own word (Catan Dice's player who
    # built, the Stone Age card)
    assert panel["chain_words"]["names"]["builder"] == "bâtisseur"
    assert panel["chain_words"]["values"]["builder"] == "Constructeur"
    assert (built_site / "sw.js").is_file()


class Host:
    """The built site served on a port of the loopback that stays the phone's origin (its
    caches and its service worker are the origin's): ``cut()`` stops the server for a while,
    the phone's network gone."""

    def __init__(self, folder: Path) -> None:
        self.handler = functools.partial(QuietHandler, directory=str(folder))
        self.server = self.started(0)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def started(self, port: int) -> http.server.ThreadingHTTPServer:
        server = http.server.ThreadingHTTPServer(("127.0.0.1", port), self.handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        return server

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    @contextlib.contextmanager
    def cut(self) -> Iterator[None]:
        self.stop()
        try:
            yield
        finally:
            self.server = self.started(self.server.server_address[1])


@dataclass
class Reader:
    phone: Any
    host: Host
    first: Any  # the page of the phone's first run


# What the service worker keeps of the page a reader ran an example on, for use offline:
# the page itself (opened before the worker was there: kept only as python.js asks), the
# game's code and the page's examples.
KEPT = """async () => {
    const names = (await caches.keys()).filter((n) => !n.endsWith(" python"));
    if (!navigator.serviceWorker.controller || names.length !== 1) return false;
    const cache = await caches.open(names[0]);
    const here = await cache.match(location.href.split("#")[0]);
    const zip = new URL("../_try/code/port_royal.zip", location.href).href;
    const code = await cache.match(zip);
    const examples = (await cache.keys()).some((r) => r.url.includes("/examples/"));
    return Boolean(here && code && examples);
}"""


def kept_for_offline(page: Any) -> None:
    waited = 0.0  # evaluate awaits the promise (wait_for_function would take it for true)
    while not page.evaluate(KEPT):
        assert waited < 60, "the service worker kept nothing for offline use"
        page.wait_for_timeout(200)
        waited += 0.2


@pytest.fixture(scope="module")
def reader(built_site: Path, phones: Any) -> Iterator[Reader]:
    """One phone for the module's examples, as a reader's, on a server of the module's own.
    Its first page is a first run on a phone that has kept nothing (Morgan's first example,
    in English: ``test_after_a_first_run_..._work_with_no_network`` takes it offline). The
    next pages find Pyodide's files and each game's Python kept by the pages before."""
    host = Host(built_site)
    phone = phones()
    page = tried(phone, f"{host.url}/en/port-royal-morgan.html", "pr-ex-morgan-1--try").page
    kept_for_offline(page)  # by this first run alone: later pages would keep the same files
    yield Reader(phone, host, page)
    host.stop()


def tried(phone: Any, url: str, panel_id: str, edit: tuple[str, str] | None = None) -> Any:
    """Open the panel in a new tab of ``phone``, edit its code, run it; the panel once it has
    run."""
    page = phone.new_page()
    page.goto(url)
    return run_panel(page, panel_id, edit)


def run_panel(page: Any, panel_id: str, edit: tuple[str, str] | None = None) -> Any:
    panel = page.locator(f"#{panel_id}")
    panel.locator("summary").click()
    area = panel.locator("textarea")
    area.wait_for()
    page.wait_for_function(
        "id => document.getElementById(id)?.querySelector('textarea')?.value", arg=panel_id
    )
    if edit:
        code = area.input_value()
        assert edit[0] in code, code
        area.fill(code.replace(edit[0], edit[1]))
    panel.locator(".rb-try-run").click()
    panel.locator(".rb-try-value, .rb-try-error").wait_for(timeout=90000)
    return panel


def test_morgans_first_example_with_another_roll_scores_and_says_why(reader: Reader) -> None:
    panel = tried(
        reader.phone, f"{reader.host.url}/fr/port-royal-morgan.html", "pr-ex-morgan-1--try",
        ("black ship, red ship", "black ship, green ship, orange wheel, red ship"),
    )  # fmt: skip
    assert panel.locator(".rb-try-value").inner_text() == f"{text('fr', 'try_result')} 2"
    steps = panel.locator(".rb-try-steps").inner_text().replace("\u00a0", " ")
    assert "La phase 1 de Morgan (pr-morgan-phase-1)" in steps
    assert "roue de navire orange, navire rouge" in steps  # the rolls in the page's words
    points = "Tableau des points de Morgan (pr-morgan-points-table)\nobjets : 5\npoints : 2"
    assert points in steps
    assert panel.locator(".rb-try-steps a").first.get_attribute("href") == "#pr-morgan-phase-1"
    area = panel.locator("textarea")
    area.fill('morgan_turn(0, Level.EASY, parse_rolls("red boat"))')
    panel.locator(".rb-try-run").click()
    panel.locator(".rb-try-error").wait_for()
    error = panel.locator(".rb-try-error").inner_text()
    expected = f"{text('fr', 'try_error')} pr-morgan-roll: expected a roll as the examples write it"
    assert error.startswith(expected)


def test_a_step_3_price_and_a_feeding_run_in_english(reader: Reader) -> None:
    url = reader.host.url
    price = tried(
        reader.phone, f"{url}/en/megawatts-solo.html", "mw-ex-step-3-prices--try",
        ("market = (47, 48, 49, 50)", "market = (44, 48, 49, 50)"),
    )  # fmt: skip
    result = price.locator(".rb-try-value").inner_text()
    assert result == f"{text('en', 'try_result')} [44, 53, 59, 65]"
    assert (
        "(mw-step-3-prices)\nposition: 4\nsurcharge: 5"
        in price.locator(".rb-try-steps").inner_text()
    )
    feeding = tried(reader.phone, f"{url}/en/stone-age-solo.html", "sa-feeding-income--try")
    assert feeding.locator(".rb-try-value").count() == 1
    steps = feeding.locator(".rb-try-steps").inner_text()
    assert "(sa-feeding-income)\nagriculture income: " in steps and "(sa-feeding-figures)" in steps


# The snapshots of Python the pages have kept (worker.js), by the code they were made of.
SNAPSHOTS = """async () => {
    const names = (await caches.keys()).filter((n) => n.endsWith(" python"));
    const urls = [];
    for (const name of names) {
        urls.push(...(await (await caches.open(name)).keys()).map((r) => r.url));
    }
    return urls;
}"""


def test_the_companion_opened_after_an_example_ran_answers_as_on_a_first_visit(
    reader: Reader, built_site: Path
) -> None:
    """Port Royal's examples and its companion share the game's code, not the modules they
    import: the companion opened after an example ran (Python's memory kept by the example's
    page) starts with its own module and shows its first screen, not "could not answer"."""
    from tests.test_companions import chain_words, expected, opened, python_kept, shown

    def kept() -> list[str]:
        return [u for u in reader.first.evaluate(SNAPSHOTS) if "/_try/code/port_royal.zip" in u]

    waited = 0.0
    while not kept():
        assert waited < 60, "the example's page kept nothing of Python"
        reader.first.wait_for_timeout(200)
        waited += 0.2
    page = opened(reader.phone, f"{reader.host.url}/fr/companion/port-royal-morgan.html")
    want = expected("port_royal", [], "fr", chain_words(built_site, "port_royal", "fr"))
    want.pop("ask")
    assert shown(page) == want
    python_kept(page)
    assert len(kept()) == 2, f"one snapshot for the examples, one for the companion: {kept()}"
    page.close()


def test_the_morgan_turn_page_leads_to_port_royals_companion(site_url: str, chromium: Any) -> None:
    """The code box it was is gone; a link pasted in a forum lands on the companion (its
    page only: the companion's scripts are not served, so that no Python starts for it)."""
    page = chromium.new_page()
    page.route("**/_try/**", lambda route: route.abort())
    for lang in ("fr", "en"):
        page.goto(f"{site_url}/{lang}/morgan-turn.html")
        page.wait_for_url(f"{site_url}/{lang}/companion/port-royal-morgan.html")
        assert page.locator(".rb-companion").count() == 1
    page.close()


def test_the_page_loads_nothing_of_try_it_until_asked_and_weighs_little_more(
    built_site: Path, site_url: str, chromium: Any
) -> None:
    context = chromium.new_context(viewport={"width": 375, "height": 800})
    page = context.new_page()
    loaded: list[tuple[str, int]] = []
    page.on("requestfinished", lambda r: loaded.append((r.url, r.sizes()["responseBodySize"])))
    page.goto(f"{site_url}/en/megawatts-solo.html")
    page.wait_for_load_state("networkidle")
    assert [url for url, _ in loaded if "_try" in url or "pyodide" in url] == []
    html = (built_site / "en" / "megawatts-solo.html").read_text(encoding="utf-8")
    panels = re.findall(r'<details class="rb-try".*?</details>', html, flags=re.DOTALL)
    assert len(panels) >= 10
    weight = sum(len(p.encode()) for p in panels)
    assert weight / len(html.encode()) < 0.025, f"the try buttons weigh {weight} bytes"
    total = sum(size for _, size in loaded)
    print(f"megawatts-solo.html without try: {total} bytes in {len(loaded)} requests")
    assert total < 1_500_000
    context.close()


def test_after_a_first_run_the_page_and_its_examples_work_with_no_network(
    reader: Reader,
) -> None:
    """At the table with no network: the page a reader ran an example on (the phone's first
    run, kept for use offline: ``reader``) comes back, and its examples run again, the site's
    server gone."""
    page = reader.first
    with reader.host.cut():
        with pytest.raises(Exception, match="ECONNREFUSED"):  # the server is gone
            reader.phone.request.get(f"{reader.host.url}/en/port-royal-morgan.html", timeout=5000)
        page.reload()
        six = "black ship, green ship, orange wheel, green wheel, black ship"
        again = run_panel(page, "pr-ex-morgan-1--try", ("black ship, red ship", six))
        assert again.locator(".rb-try-value").inner_text() == f"{text('en', 'try_result')} 3"
        assert "items: 6\npoints: 3" in again.locator(".rb-try-steps").inner_text()


def test_every_code_a_try_panel_offers_runs_to_its_end() -> None:
    """A panel runs its examples as one program: an example of a refusal among them would
    stop it before the result (it is shown on the page, not offered)."""
    import importlib

    from rulebook.book import load_book
    from rulebook.book.code import example_globals
    from rulebook.site.try_it import example_source

    book = load_book(ROOT)
    offered = 0
    for game in book.games:
        module = importlib.import_module(game.module)
        for entry in book.entries_in(game):
            source = example_source(book, entry)
            if not source:
                continue
            offered += 1
            group = book.runnable_examples(entry)[0]
            exec(compile(source, entry.id, "exec"), example_globals(group, module))
    assert offered >= 50
