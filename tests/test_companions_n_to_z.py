"""The companions at the table, continued from ``tests/test_companions.py`` (two files: two
test workers share the games): its tests for each game, played here on the games whose
package sorts from n to z; and what one game's page does at the table, on Port Royal's, which
is here: the game kept through a reload, the other language and a cut network; undo and a new
game; a refusal in the page's words."""

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext

from tests.conftest import serving
from tests.test_companions import (  # noqa: F401 (the tests for each game)
    GAMES,
    IDLE,
    READY,
    TAP,
    Table,
    chain_words,
    expected,
    opened,
    played,
    python_kept,
    shown,
    tap,
    test_a_whole_game_on_a_phone_shows_what_the_rule_functions_say,
    test_every_control_is_a_thumbs_target_and_axe_finds_nothing_serious,
)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """The games this file plays (``package``): those whose package does not sort before "n"
    (tests/test_companions.py plays those)."""
    if "package" in metafunc.fixturenames:
        metafunc.parametrize("package", [p for p in sorted(GAMES) if p >= "n"])


@pytest.fixture(scope="module")
def table(phones: Callable[[], BrowserContext], site_url: str) -> Table:
    return Table(phones(), site_url)


def test_a_game_survives_a_reload_the_other_language_and_a_cut_network(
    built_site: Path, phones: Callable[[], BrowserContext]
) -> None:
    taps = played("port_royal")
    half = len(taps) // 2
    context = phones()  # a phone that has kept nothing
    page = context.new_page()
    with serving(built_site) as url:
        page.goto(f"{url}/en/companion/port-royal-morgan.html")
        page.wait_for_function(READY, timeout=60000)
        for count in range(half):
            tap(page, expected("port_royal", taps[:count], "en", {})["ask"], taps[count])
        before = shown(page)
        page.reload()
        page.wait_for_function(READY, timeout=60000)
        assert shown(page) == before  # a reload, or a phone woken from sleep
        page.locator("a.rb-lang-switch[hreflang=fr]").click()
        page.wait_for_url(f"{url}/fr/companion/port-royal-morgan.html")
        page.wait_for_function(READY, timeout=60000)
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
    page.wait_for_function(READY, timeout=60000)
    assert shown(page)["status"] == french["status"]
    for count in range(half, len(taps)):  # and the game goes on to its end, offline
        tap(page, expected("port_royal", taps[:count], "fr", chain)["ask"], taps[count])
    final = expected("port_royal", taps, "fr", chain)
    assert shown(page)["status"] == final["status"] and final["ask"] is None
    context.close()


def test_undo_takes_back_the_last_tap_and_a_new_game_starts_afresh(
    table: Table,
) -> None:
    page = table.game("port_royal", "en")
    start = shown(page)
    assert page.locator(".rb-companion-undo").is_disabled()
    after = tap(page, expected("port_royal", [], "en", {})["ask"], {"level": "running"})
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


def test_a_tap_the_rules_refuse_is_answered_in_the_pages_words_and_dropped(
    table: Table,
) -> None:
    stored = json.dumps({"taps": [{"level": "walking"}, {"level": "fast"}]})
    page = opened(  # a tab of its own: the stored game is read as the page opens
        table.context,
        f"{table.url}/fr/companion/port-royal-morgan.html",
        {"rulebook-companion:port-royal-morgan": stored},
    )
    refused = page.locator(".rb-companion-refused")
    assert refused.get_attribute("role") == "alert"
    words = refused.text_content() or ""
    # What to do first, then the refusing rule set apart in brackets: read aloud as one
    # alert, "Refusé. Choisissez … (règle : <its title>)", never the title run into the message.
    assert words.startswith("Refusé. Choisissez l\u2019une des options proposées. (règle\u00a0: ")
    assert words.endswith(")") and "expected" not in words
    rule = refused.locator(".rb-companion-refused-rule")
    assert rule.locator("a").get_attribute("href", timeout=1000) is not None
    said, apart = refused.locator("strong").bounding_box(), rule.bounding_box()
    assert said and apart and apart["y"] >= said["y"] + said["height"]  # a line of its own
    kept = page.evaluate(
        "JSON.parse(localStorage.getItem('rulebook-companion:port-royal-morgan')).taps"
    )
    assert kept == [{"level": "walking"}]
    python_kept(page).close()


def test_a_field_emptied_before_a_refusal_comes_back_empty_not_with_its_old_value(
    table: Table,
) -> None:
    """The mission's value (2 on the form) emptied, a colour picked and the form sent: the
    rules refuse it, and the form comes back as the player left it, the value empty and the
    colour still picked, not the 2 they had cleared."""
    stored = json.dumps({"taps": [{"level": "walking"}, "mission"]})
    page = opened(
        table.context,
        f"{table.url}/en/companion/port-royal-morgan.html",
        {"rulebook-companion:port-royal-morgan": stored},
    )
    assert page.locator("#rb-field-mission").input_value() == "2"
    steps = [{"fill": "mission", "value": ""}, {"field": "colour", "option": 4, "checked": True},
             {"submit": True}]  # fmt: skip
    screen = page.evaluate(TAP, steps)
    assert screen["refused"].startswith("Refused. Enter the mission\u2019s value")
    assert page.locator("#rb-field-mission").input_value() == ""
    assert page.locator('.rb-companion-form input[name="colour"][value="4"]').is_checked()
    python_kept(page).close()
