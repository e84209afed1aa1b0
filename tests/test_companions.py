"""The companions at the table, in a phone-sized browser: a whole scripted game of each, in
French and in English, every screen the page draws compared with the companion played by
Python here (whose figures each game's own test compares with its rule functions called
directly); the game kept through a reload, the other language and a cut network; undo and a
new game; a refusal in the page's words; touch targets and axe in both schemes and widths.

Each game's scripted game is ``WHOLE_GAME`` in ``tests/test_companion_<package>.py``.
"""

import importlib
import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rulebook.kit.companion import play, screen_json
from rulebook.site.config import text
from rulebook.site.try_it import can_try, companion_module, package_of
from tests.conftest import ROOT, book_games, serving

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if not can_try(ROOT):
    pytest.skip("Pyodide is not installed (make installs it with npm)", allow_module_level=True)
if CHROMIUM is None:
    if os.environ.get("CI"):
        raise RuntimeError("CI needs Chromium for the browser tests: .ci/run installs it")
    pytest.skip("no Chromium found (apt-get install chromium)", allow_module_level=True)

from axe_playwright_python.sync_playwright import Axe  # noqa: E402
from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402


GAMES = {  # package → slug: every game of the book that has a companion
    package_of(game): game.slug for game in book_games() if companion_module(game)
}
PHONE = {"width": 375, "height": 800}
# What the page shows of a screen, read in one call: the same shape as Python's screen.
READ = """() => {
  const root = document.querySelector(".rb-companion");
  const text = (node) => (node ? node.textContent : "");
  return {
    status: [...root.querySelectorAll(".rb-companion-status > div")]
      .map((line) => [text(line.querySelector("dt")), text(line.querySelector("dd"))]),
    said: [...root.querySelectorAll(".rb-companion-answer > p")].map(text),
    steps: [...root.querySelectorAll(".rb-companion-answer")]
      .map((a) => [...a.querySelectorAll(".rb-companion-steps > li > a")]
        .map((link) => link.getAttribute("href").split("#")[1])),
    question: text(root.querySelector(".rb-companion-question")),
    choices: [...root.querySelectorAll(".rb-companion-choices .rb-companion-choice")].map(text),
    refused: text(root.querySelector(".rb-companion-refused")),
  };
}"""
# Everything a thumb taps on a companion's page.
TARGETS = (
    ".rb-companion button, .rb-companion-option, .rb-companion-number, .rb-companion-why > summary"
)
IDLE = "() => !document.querySelector('.rb-companion').hasAttribute('aria-busy')"


def whole_game(package: str) -> list[Any]:
    module = importlib.import_module(f"tests.test_companion_{package}")
    return list(module.WHOLE_GAME)


def companion(package: str) -> Any:
    return importlib.import_module(f"rulebook.companions.{package}").COMPANION


def chain_words(site: Path, package: str, lang: str) -> dict[str, str]:
    data = json.loads((site / "_try/examples" / f"{GAMES[package]}.{lang}.json").read_text("utf-8"))
    return dict(data["chain_words"])


def expected(package: str, taps: list[Any], lang: str, chain: dict[str, str]) -> dict[str, Any]:
    """The screen as Python plays it here, in the page's shape."""
    screen = screen_json(play(companion(package), taps, lang, chain), chain)
    over = screen["ask"] is None
    return {
        "status": screen["status"],
        "said": [s["text"] for s in screen["said"]],
        "steps": [[step["rule"] for step in s["steps"]] for s in screen["said"]],
        # at the end, the page says so and offers a new game
        "question": text(lang, "companion_over") if over else screen["ask"]["question"],
        "choices": (
            [text(lang, "companion_new_game")]
            if over
            else [c["label"] for c in screen["ask"]["choices"]]
        ),
        "refused": screen["refused"],
        "ask": screen["ask"],
    }


def shown(page: Page) -> dict[str, Any]:
    return dict(page.evaluate(READ))


def opened(browser: Browser, url: str, width: int = 375) -> Page:
    context = browser.new_context(viewport={**PHONE, "width": width})
    page = context.new_page()
    page.goto(url)
    page.locator(".rb-companion-question").first.wait_for(timeout=60000)
    page.wait_for_function(IDLE)
    return page


def tap(page: Page, ask: dict[str, Any], value: Any) -> None:
    """Tap as a player does: the button whose tap this is, or the form filled and sent."""
    for choice in ask["choices"]:
        if choice["tap"] == value:
            sent = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
            page.locator(".rb-companion-choice").filter(has_text=choice["label"]).and_(
                page.locator(f"[data-tap='{sent}']")
            ).click()
            page.wait_for_function(IDLE)
            return
    assert isinstance(value, dict) and ask["fields"], f"no button sends {value!r}"
    form = page.locator(".rb-companion-form")
    for spec in ask["fields"]:
        wanted = value[spec["name"]]
        if not spec["options"]:
            page.locator(f"#rb-field-{spec['name']}").fill(str(wanted))
            continue
        wanted = wanted if spec["many"] else [wanted]
        for i, option in enumerate(spec["options"]):
            box = form.locator(f"input[name='{spec['name']}'][value='{i}']")
            if (option["tap"] in wanted) != box.is_checked():
                box.click()
    form.locator("button[type=submit]").click()
    page.wait_for_function(IDLE)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


def played(package: str) -> list[Any]:
    try:
        return whole_game(package)
    except ModuleNotFoundError:
        pytest.skip(f"no scripted game for {package}")


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("package", sorted(GAMES))
def test_a_whole_game_on_a_phone_shows_what_the_rule_functions_say(
    built_site: Path, site_url: str, browser: Browser, package: str, lang: str
) -> None:
    taps = played(package)
    chain = chain_words(built_site, package, lang)
    page = opened(browser, f"{site_url}/{lang}/companion/{GAMES[package]}.html")
    for count in range(len(taps) + 1):
        want = expected(package, taps[:count], lang, chain)
        got = shown(page)
        ask = want.pop("ask")
        assert got == want, f"after {count} taps of {package} ({lang})"
        if count < len(taps):
            tap(page, ask, taps[count])
    assert ask is None, "the scripted game ends the game"
    page.context.close()


def test_a_game_survives_a_reload_the_other_language_and_a_cut_network(
    built_site: Path, browser: Browser
) -> None:
    taps = played("port_royal")
    half = len(taps) // 2
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    with serving(built_site) as url:
        page.goto(f"{url}/en/companion/port-royal-morgan.html")
        page.locator(".rb-companion-question").wait_for(timeout=60000)
        page.wait_for_function(IDLE)
        for count in range(half):
            tap(page, expected("port_royal", taps[:count], "en", {})["ask"], taps[count])
        before = shown(page)
        page.reload()
        page.wait_for_function(IDLE)
        page.locator(".rb-companion-question").wait_for()
        page.wait_for_function(IDLE)
        assert shown(page) == before  # a reload, or a phone woken from sleep
        page.locator("a.rb-lang-switch[hreflang=fr]").click()
        page.wait_for_url(f"{url}/fr/companion/port-royal-morgan.html")
        page.locator(".rb-companion-question").wait_for(timeout=60000)
        page.wait_for_function(IDLE)
        chain = chain_words(built_site, "port_royal", "fr")
        french = expected("port_royal", taps[:half], "fr", chain)
        assert shown(page)["status"] == french["status"]  # the same game, in French
        kept = """async () => {
            if (!navigator.serviceWorker.controller) return false;
            const names = (await caches.keys()).filter((n) => !n.endsWith(" python"));
            if (names.length !== 1) return false;
            const cache = await caches.open(names[0]);
            const urls = (await cache.keys()).map((r) => r.url);
            return ["/fr/companion/port-royal-morgan.html", "/_try/code/port_royal.zip",
                    "/_try/pyodide/pyodide.asm.wasm", "/_try/examples/port-royal-morgan.fr.json"]
              .every((end) => urls.some((u) => u.endsWith(end)));
        }"""
        waited = 0.0
        while not page.evaluate(kept):
            assert waited < 60, "the service worker kept nothing for offline use"
            page.wait_for_timeout(250)
            waited += 0.25
    with pytest.raises(Exception, match="ECONNREFUSED"):  # the server is gone
        context.request.get(f"{url}/fr/index.html", timeout=5000)
    page.reload()
    page.locator(".rb-companion-question").wait_for(timeout=60000)
    page.wait_for_function(IDLE)
    assert shown(page)["status"] == french["status"]
    for count in range(half, len(taps)):  # and the game goes on to its end, offline
        tap(page, expected("port_royal", taps[:count], "fr", chain)["ask"], taps[count])
    final = expected("port_royal", taps, "fr", chain)
    assert shown(page)["status"] == final["status"] and final["ask"] is None
    context.close()


def test_undo_takes_back_the_last_tap_and_a_new_game_starts_afresh(
    site_url: str, browser: Browser
) -> None:
    page = opened(browser, f"{site_url}/en/companion/port-royal-morgan.html")
    page.evaluate("localStorage.clear()")
    page.reload()
    page.wait_for_function(IDLE)
    page.locator(".rb-companion-question").wait_for(timeout=60000)
    page.wait_for_function(IDLE)
    start = shown(page)
    assert page.locator(".rb-companion-undo").is_disabled()
    tap(page, expected("port_royal", [], "en", {})["ask"], {"level": "running"})
    after = shown(page)
    assert after != start and "running" in json.dumps(after["status"])
    page.locator(".rb-companion-undo").click()
    page.wait_for_function(IDLE)
    assert shown(page) == start
    tap(page, expected("port_royal", [], "en", {})["ask"], {"level": "easy"})
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator(".rb-companion-new").click()
    page.wait_for_function(IDLE)
    assert shown(page) == start
    assert (
        page.evaluate(
            "JSON.parse(localStorage.getItem('rulebook-companion:port-royal-morgan')).taps"
        )
        == []
    )
    page.context.close()


def test_a_tap_the_rules_refuse_is_answered_in_the_pages_words_and_dropped(
    site_url: str, browser: Browser
) -> None:
    page = opened(browser, f"{site_url}/fr/companion/port-royal-morgan.html")
    stored = json.dumps({"taps": [{"level": "walking"}, {"level": "fast"}]})
    page.evaluate(
        f"localStorage.setItem('rulebook-companion:port-royal-morgan', {json.dumps(stored)})"
    )
    page.reload()
    page.locator(".rb-companion-refused").wait_for(timeout=60000)
    refused = page.locator(".rb-companion-refused")
    assert refused.get_attribute("role") == "alert"
    words = refused.text_content() or ""
    assert words.startswith("Refusé\u00a0: ") and "expected" not in words
    assert refused.locator("a").get_attribute("href", timeout=1000) is not None
    kept = page.evaluate(
        "JSON.parse(localStorage.getItem('rulebook-companion:port-royal-morgan')).taps"
    )
    assert kept == [{"level": "walking"}]
    page.context.close()


@pytest.mark.parametrize("package", sorted(GAMES))
def test_every_control_is_a_thumbs_target_and_axe_finds_nothing_serious(
    site_url: str, browser: Browser, package: str
) -> None:
    taps = played(package)[:3]
    page = opened(browser, f"{site_url}/fr/companion/{GAMES[package]}.html")
    for count, value in enumerate(taps):
        tap(page, expected(package, taps[:count], "fr", {})["ask"], value)
    for why in page.locator(".rb-companion-why").all():
        why.locator("summary").click()
    small = page.evaluate(
        """() => [...document.querySelectorAll(TARGETS)]
      .map((n) => [n.textContent.trim(), n.getBoundingClientRect()])
      .filter(([, r]) => r.height < 44 || r.width < 44)
      .map(([t, r]) => `${t}: ${r.width}×${r.height}`)""".replace("TARGETS", json.dumps(TARGETS))
    )
    assert small == []
    found = []
    for width in (375, 1280):
        page.set_viewport_size({"width": width, "height": 800})
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
            violations = Axe().run(page).response["violations"]
            found += [
                f"{width} {scheme}: {v['id']} at {node['target']}"
                for v in violations
                if v["impact"] in ("serious", "critical")
                for node in v["nodes"]
            ]
    assert found == []
    page.context.close()
