"""The front end's small faults of issue 28: no style for a class nothing writes (nor for a
tone no companion sends), a "try" panel that says so when its example cannot be fetched, one
place that picks a reader's language, and one list of the runtime's files the service worker
installs."""

import importlib
import json
import re
from pathlib import Path
from typing import Any

import pytest

from rulebook.kit.companion import say_for
from rulebook.language import text
from rulebook.site.try_it import (
    PYODIDE_FILES,
    SCRIPTS,
    STATIC,
    WORKER,
    companion_module,
    package_of,
    service_worker,
)
from rulebook.text.smart_quotes import smart
from tests.conftest import book_games

SITE = Path(__file__).resolve().parent.parent / "src" / "rulebook" / "site"
CLASS = re.compile(r"\.(rb-[a-z0-9-]+)")


def unwritten(styles: str, written: str) -> list[str]:
    """The ``rb-`` classes the style sheets name that nothing written writes: a class a
    script makes by joining a prefix (``"… rb-tone-" + tone``) counts when it writes the
    prefix."""
    return sorted(
        name
        for name in set(CLASS.findall(styles))
        if name not in written and f'{name.rsplit("-", 1)[0]}-"' not in written
    )


def test_the_unwritten_class_check_sees_a_style_for_a_class_nothing_writes() -> None:
    styles = ".rb-used, .rb-cite { color: red } .rb-tone-red { color: red }"
    assert unwritten(styles, '<p class="rb-used"></p> x.className = "a rb-tone-" + t') == [
        "rb-cite"
    ]


def test_every_class_the_style_sheets_name_is_written_by_a_page_a_template_or_a_script(
    built_site: Path,
) -> None:
    styles = "\n".join(p.read_text(encoding="utf-8") for p in SITE.rglob("*.css"))
    pages = [p for p in built_site.rglob("*.html") if "_try" not in p.parts]
    sources = [p for p in SITE.rglob("*") if p.suffix in (".html", ".js")]  # a live build's too
    written = "\n".join(p.read_text(encoding="utf-8") for p in [*pages, *sources])
    assert len(pages) > 60
    assert unwritten(styles, written) == []


def tones_sent(package: str) -> set[str]:
    """The tones (``Choice.tone``) of every button and option a companion shows over its
    scripted game (``WHOLE_GAME``, tests/test_companion_<package>.py)."""
    companion = importlib.import_module(f"rulebook.companions.{package}").COMPANION
    taps = importlib.import_module(f"tests.test_companion_{package}").WHOLE_GAME
    say = say_for(companion, "en")
    state, tones = companion.start(), set()
    for count in range(len(taps) + 1):
        ask = companion.ask(state, say)
        if ask is not None:
            options = [o for f in ask.fields for o in f.options]
            tones |= {choice.tone for choice in [*ask.choices, *options]}
        if count < len(taps):
            state, _ = companion.take(state, taps[count], say)
    return tones - {""}


def test_the_style_sheets_colour_the_tones_the_companions_send_and_no_other() -> None:
    """A tone is written by joining a prefix (companion.js: ``"rb-tone-" + tone``), which the
    check above takes on trust: here the tones are those the companions send."""
    styles = "\n".join(p.read_text(encoding="utf-8") for p in SITE.rglob("*.css"))
    styled = {name.removeprefix("rb-tone-") for name in CLASS.findall(styles)
              if name.startswith("rb-tone-")}  # fmt: skip
    packages = [package_of(g) for g in book_games() if companion_module(g)]
    sent = set().union(*(tones_sent(package) for package in packages))
    assert "main" in sent and "red" in sent
    assert sorted(styled - sent) == [], "styled, never sent"
    assert sorted(sent - styled) == [], "sent, never styled"


def test_one_place_picks_a_readers_language() -> None:
    sources = [p for p in SITE.rglob("*") if p.suffix in (".html", ".js", ".py")]
    picking = [p.relative_to(SITE).as_posix() for p in sources if "navigator.languages" in
               p.read_text(encoding="utf-8")]  # fmt: skip
    assert picking == ["pages/reader_language.html"]


def test_the_service_worker_installs_the_runtime_files_the_build_copies(tmp_path: Path) -> None:
    worker = service_worker(tmp_path, "0123456789abcdef")
    found = re.search(r"^const BOOK = (.*);$", worker, flags=re.MULTILINE)
    assert found is not None
    book = json.loads(found.group(1))
    assert book["install"] == [f"_try/pyodide/{name}" for name in PYODIDE_FILES] + [
        f"_try/{name}" for name in SCRIPTS
    ]
    assert book["runtime"] == "_try/pyodide/"
    own = (STATIC / WORKER).read_text(encoding="utf-8")
    listed = [n for n in PYODIDE_FILES if n in own] + [n for n in SCRIPTS if f'"{n}"' in own]
    assert listed == []  # the worker's own text lists none of them


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_try_panel_whose_example_cannot_be_fetched_says_so_then_fetches_it_again(
    site_url: str, chromium: Any, lang: str
) -> None:
    context = chromium.new_context(viewport={"width": 375, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.route("**/_try/examples/*.json", lambda route: route.abort("internetdisconnected"))
    page.goto(f"{site_url}/{lang}/port-royal-morgan.html")
    panel = page.locator("#pr-ex-morgan-1--try")
    panel.locator("summary").click()
    notice = panel.locator(":scope > .rb-try-error")
    notice.wait_for()
    assert notice.inner_text() == smart(text(lang, "try_failed"), lang)
    assert notice.get_attribute("role") == "alert"
    assert panel.locator("textarea").count() == 0
    page.unroute("**/_try/examples/*.json")  # the network is back
    panel.locator("summary").click()
    panel.locator("summary").click()
    panel.locator("textarea").wait_for()
    assert notice.count() == 0
    page.click("a.rb-lang-switch")  # the page still works
    other = "en" if lang == "fr" else "fr"
    page.wait_for_url(f"**/{other}/port-royal-morgan.html*")
    assert errors == []
    context.close()


def test_a_run_whose_scripts_cannot_be_loaded_says_so_and_loads_them_again_at_the_next(
    site_url: str, chromium: Any
) -> None:
    """With no network at "Run": the panel's own words (not "[object Event]", not nothing),
    and the next "Run" tries the script again rather than adding one more that never ran."""
    context = chromium.new_context(viewport={"width": 375, "height": 800})
    page = context.new_page()
    page.goto(f"{site_url}/fr/port-royal-morgan.html")
    panel = page.locator("#pr-ex-morgan-1--try")
    panel.locator("summary").click()
    panel.locator("textarea").wait_for()
    failed = smart(text("fr", "try_run_failed"), "fr")
    status = panel.locator(".rb-try-status")
    for script in ("try.js", "python.js"):  # the runner, then what starts Python
        page.route(f"**/_try/{script}", lambda route: route.abort("internetdisconnected"))
        for _ in range(2):
            status.evaluate("node => { node.textContent = ''; }")
            panel.locator(".rb-try-run").click()
            page.wait_for_function(
                "([node, words]) => node.textContent === words",
                arg=[status.element_handle(), failed],
            )
            loaded = page.locator(f'script[src$="/_try/{script}"]')
            assert loaded.count() == 0, f"a {script} that never ran stays in the page"
        page.unroute(f"**/_try/{script}")
    loaded_once_back = page.locator('script[src$="/_try/try.js"]').count()  # network back
    assert loaded_once_back == 1
    context.close()


@pytest.mark.parametrize(
    ("locale", "asked", "lang"),
    [("en-GB", "", "en"), ("fr-CA", "", "fr"), ("de-DE", "", "fr"), ("de-DE", "?lang=en", "en")],
)
def test_the_root_page_sends_a_reader_to_the_home_page_in_their_language(
    site_url: str, chromium: Any, locale: str, asked: str, lang: str
) -> None:
    context = chromium.new_context(locale=locale)
    page = context.new_page()
    page.goto(f"{site_url}/{asked}")
    page.wait_for_url(f"{site_url}/{lang}/index.html")
    assert page.locator("html").get_attribute("lang") == lang
    context.close()
