"""The companions at the table, in a phone-sized browser: a whole scripted game of each, in
French and in English, every screen the page draws compared with the companion played by
Python here (whose figures each game's own test compares with its rule functions called
directly); touch targets and axe in both schemes and widths. And in
``tests/test_companions_n_to_z.py``: the game kept through a reload, the other language and a
cut network; undo and a new game; a refusal in the page's words.

Each game's scripted game is ``WHOLE_GAME`` in ``tests/test_companion_<package>.py``. This
file plays the games whose package sorts from a to m, ``tests/test_companions_n_to_z.py`` the
others with this file's tests (two files: two test workers share the games, each game's pages
in one of them, where its first page starts Python from nothing for the next ones).
"""

import importlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from rulebook.kit.companion import play, screen_json
from rulebook.kit.explain import Wording
from rulebook.language import Lang, text
from rulebook.site.pdf import GET_CHROMIUM, find_chromium
from rulebook.site.try_it import can_try, companion_module, package_of
from tests.conftest import ROOT, book_games

if not can_try(ROOT):
    pytest.skip("Pyodide is not installed (make installs it with npm)", allow_module_level=True)
if find_chromium() is None:
    pytest.skip(f"no Chromium found ({GET_CHROMIUM})", allow_module_level=True)

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import BrowserContext, Page, ViewportSize

GAMES = {  # package → slug: every game of the book that has a companion
    package_of(game): game.slug for game in book_games() if companion_module(game)
}
PHONE: ViewportSize = {"width": 375, "height": 800}
# What the page shows of a screen, read in one call: the same shape as Python's screen.
READ = """() => {
  const root = document.querySelector(".rb-companion");
  const text = (node) => (node ? node.textContent : "");
  return {
    status: [...root.querySelectorAll(".rb-companion-status > div")]
      .map((line) => [text(line.querySelector("dt")), text(line.querySelector("dd"))]),
    status_box: root.querySelector(".rb-companion-status").getClientRects().length > 0,
    said: [...root.querySelectorAll(".rb-companion-answer > p")].map(text),
    steps: [...root.querySelectorAll(".rb-companion-answer")]
      .map((a) => [...a.querySelectorAll(".rb-companion-steps > li > a")]
        .map((link) => link.getAttribute("href").split("#")[1])),
    question: text(root.querySelector(".rb-companion-question")),
    choices: [...root.querySelectorAll(".rb-companion-choices .rb-companion-choice")].map(text),
    refused: text(root.querySelector(".rb-companion-refused")),
  };
}"""
# A control made ready for a thumb as Playwright readies one for its click: brought into
# view, then shown, enabled and on top at its centre, or the test fails naming it; then
# clicked (the DOM's click(), the event the page listens for). Done in the page, at once:
# after each answer the page scrolls to it smoothly (furo's `scroll-behavior: smooth`), and
# Playwright's click waited for each control to stand still, a quarter of a second a tap.
TAPPABLE = """(node, what) => {
  if (!node) throw new Error("no " + what + " on the page");
  node.scrollIntoView({ block: "center", behavior: "instant" });
  const box = node.getBoundingClientRect();
  const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  if (!box.width || !box.height || node.disabled || !hit || !node.contains(hit)) {
    const why = node.disabled ? "disabled" : "not on top: " + (hit ? hit.outerHTML : "nothing");
    throw new Error(what + " cannot be tapped (" + why.slice(0, 120) + ")");
  }
  return node;
}"""
# Once a tap (or "New game") has sent the game to Python: Python's answer drawn, then the
# screen as READ reads it.
ANSWERED = f"""async (root, what) => {{
  if (!root.hasAttribute("aria-busy")) throw new Error(what + " sent nothing to Python");
  await new Promise((done, failed) => {{
    const watch = new MutationObserver(() => {{
      if (!root.hasAttribute("aria-busy")) {{ watch.disconnect(); done(); }}
    }});
    watch.observe(root, {{ attributes: true, attributeFilter: ["aria-busy"] }});
    setTimeout(() => {{ watch.disconnect(); failed(new Error("no answer in 60 s")); }}, 60000);
  }});
  return ({READ})();
}}"""
# One tap as a player makes it, in one call: its button pressed, or its form filled and sent
# (the steps ``tap`` plans); then, once Python's answer is drawn, the screen as READ reads it.
TAP = f"""async (steps) => {{
  const root = document.querySelector(".rb-companion");
  const tappable = {TAPPABLE};
  for (const step of steps) {{
    if (step.choice) {{
      const [label, sent] = step.choice;
      const found = [...root.querySelectorAll(".rb-companion-choices .rb-companion-choice")]
        .filter((node) => node.textContent === label && node.dataset.tap === sent);
      if (found.length > 1) throw new Error("two buttons " + label);
      tappable(found[0], "button " + label + " sending " + sent).click();
    }} else if (step.fill) {{
      const input = tappable(root.querySelector("#rb-field-" + step.fill), "field " + step.fill);
      input.focus();
      input.value = step.value;
      input.dispatchEvent(new Event("input", {{ bubbles: true }}));
      input.dispatchEvent(new Event("change", {{ bubbles: true }}));
    }} else if (step.field) {{
      const box = root.querySelector(
        `.rb-companion-form input[name="${{step.field}}"][value="${{step.option}}"]`);
      if (!box || box.checked !== step.checked) {{
        tappable(box, "option " + step.option + " of " + step.field).click();
      }}
    }} else {{
      tappable(root.querySelector(".rb-companion-form button[type=submit]"), "submit button")
        .click();
    }}
  }}
  return ({ANSWERED})(root, "the tap");
}}"""
# "New game", tapped where the page offers it (the bar's button during a game, the
# question's once it is over), the player saying yes to abandoning a game in progress; then
# the new game's first screen, as READ reads it.
NEW_GAME = f"""async () => {{
  const root = document.querySelector(".rb-companion");
  const bar = root.querySelector(".rb-companion-new");
  const button = bar.hidden ? root.querySelector(".rb-companion-ask .rb-companion-choice") : bar;
  const asked = window.confirm;
  window.confirm = () => true;
  try {{ button.click(); }} finally {{ window.confirm = asked; }}
  return ({ANSWERED})(root, "New game");
}}"""
# Everything a thumb taps on a companion's page.
TARGETS = (
    ".rb-companion button, .rb-companion-option, .rb-companion-number, .rb-companion-why > summary"
)
IDLE = "() => !document.querySelector('.rb-companion').hasAttribute('aria-busy')"
# Python up and the screen its own (not the last one kept, drawn while it starts): the line
# that says it is starting gone, and no call under way.
READY = """() => {
  const root = document.querySelector(".rb-companion");
  return root.querySelector(".rb-companion-state").hidden && !root.hasAttribute("aria-busy");
}"""
# Python's memory kept for the next visit of this game's companion, in the book's " python"
# cache: the snapshot of its code with its module imported (worker.js's snapshotKey).
PYTHON_KEPT = """async () => {
  const root = document.querySelector(".rb-companion");
  const code = "/_try/" + root.dataset.code + "?";
  const own = (url) => url.includes(code)
    && new URL(url).searchParams.get("modules").split(" ").includes(root.dataset.module);
  for (const name of (await caches.keys()).filter((n) => n.endsWith(" python"))) {
    if ((await (await caches.open(name)).keys()).some((r) => own(r.url))) return true;
  }
  return false;
}"""


def whole_game(package: str) -> list[Any]:
    module = importlib.import_module(f"tests.test_companion_{package}")
    return list(module.WHOLE_GAME)


def companion(package: str) -> Any:
    return importlib.import_module(f"rulebook.companions.{package}").COMPANION


def chain_words(site: Path, package: str, lang: Lang) -> dict[str, Any]:
    """The chain's words as the page sends them: ``{"names": {...}, "values": {...}}``."""
    data = json.loads((site / "_try/examples" / f"{GAMES[package]}.{lang}.json").read_text("utf-8"))
    return dict(data["chain_words"])


def expected(package: str, taps: list[Any], lang: Lang, chain: dict[str, Any]) -> dict[str, Any]:
    """The screen as Python plays it here, in the page's shape."""
    words = Wording.of(chain)
    screen = screen_json(play(companion(package), taps, lang, words), words)
    over = screen["ask"] is None
    return {
        "status": screen["status"],
        "status_box": bool(screen["status"]),  # no empty box before there is anything to track
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


def opened(table: BrowserContext, url: str, stored: dict[str, str] | None = None) -> Page:
    """The companion at ``url`` in a new tab of the phone, once Python is up: its game
    started afresh (what the pages keep of games in the origin's storage emptied first), or
    from ``stored`` (the storage's keys and values, put there before the page reads them)."""
    page = table.new_page()
    devtools = table.new_cdp_session(page)
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(url))
    devtools.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "local_storage"})
    devtools.detach()
    if stored:
        page.add_init_script(
            "".join(
                f"localStorage.setItem({json.dumps(k)}, {json.dumps(v)});"
                for k, v in stored.items()
            )
        )
    page.goto(url)
    page.wait_for_function(READY, timeout=60000)
    return page


def python_kept(page: Page) -> Page:
    """The page, once it has kept Python's memory for the next visit of its game (worker.js's
    snapshot, made on a first visit): whatever order the tests run in, only the first page of
    each game starts Python from nothing."""
    waited = 0.0
    while not page.evaluate(PYTHON_KEPT):
        assert waited < 60, "the page kept nothing of Python for the next visit"
        page.wait_for_timeout(100)
        waited += 0.1
    return page


def tap(page: Page, ask: dict[str, Any], value: Any) -> dict[str, Any]:
    """Tap as a player does: the button whose tap this is, or the form filled and sent; the
    screen once the page has drawn Python's answer."""
    return dict(page.evaluate(TAP, planned(ask, value)))


def planned(ask: dict[str, Any], value: Any) -> list[dict[str, Any]]:
    """What a player does on the page to send ``value``, as TAP's steps."""
    for choice in ask["choices"]:
        if choice["tap"] == value:
            sent = json.dumps(choice["tap"], separators=(",", ":"), ensure_ascii=False)
            return [{"choice": [choice["label"], sent]}]
    assert isinstance(value, dict) and ask["fields"], f"no button sends {value!r}"
    steps: list[dict[str, Any]] = []
    for spec in ask["fields"]:
        wanted = value[spec["name"]]
        if not spec["options"]:
            steps.append({"fill": spec["name"], "value": str(wanted)})
            continue
        wanted = wanted if spec["many"] else [wanted]
        steps += [
            {"field": spec["name"], "option": i, "checked": option["tap"] in wanted}
            for i, option in enumerate(spec["options"])
        ]
    return [*steps, {"submit": True}]


class Table:
    """One phone for the module's tests, used from game to game as a reader's is: the first
    visit of a game's page starts Python from nothing (3 to 15 s, as busy as the machine is)
    and keeps its memory (worker.js's snapshot), from which the next visits of that game, in
    either language, start in a tenth of that. Each game's page in each language is opened
    once and stays open for the module's tests, and each test starts its game afresh in it
    ("New game"), as a player does; a first visit on a phone that has kept nothing is tested
    by ``test_a_game_survives_a_reload_the_other_language_and_a_cut_network`` (in
    ``tests/test_companions_n_to_z.py``)."""

    def __init__(self, context: BrowserContext, url: str) -> None:
        self.context = context
        self.url = url
        self.pages: dict[tuple[str, Lang], Page] = {}

    def game(self, package: str, lang: Lang) -> Page:
        """The companion of ``package`` in ``lang``, at a new game's first screen, on a phone
        of 375 px in the light scheme (what a test before may have changed)."""
        page = self.pages.get((package, lang))
        if page is None:
            url = f"{self.url}/{lang}/companion/{GAMES[package]}.html"
            return self.pages.setdefault((package, lang), python_kept(opened(self.context, url)))
        page.bring_to_front()  # a tab behind others draws no frames: Playwright's clicks wait
        page.set_viewport_size(PHONE)
        page.emulate_media(color_scheme="light")
        page.evaluate(NEW_GAME)
        key = json.dumps(f"rulebook-companion:{GAMES[package]}")
        kept = page.evaluate(f"JSON.parse(localStorage.getItem({key})).taps")
        assert kept == [], f"New game kept {kept} on the page of {package} ({lang})"
        return page


@pytest.fixture(scope="module")
def table(phones: Callable[[], BrowserContext], site_url: str) -> Table:
    return Table(phones(), site_url)


def played(package: str) -> list[Any]:
    try:
        return whole_game(package)
    except ModuleNotFoundError:
        pytest.skip(f"no scripted game for {package}")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """The games this file plays (``package``): those whose package sorts before "n"."""
    if "package" in metafunc.fixturenames:
        metafunc.parametrize("package", [p for p in sorted(GAMES) if p < "n"])


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_whole_game_on_a_phone_shows_what_the_rule_functions_say(
    built_site: Path, table: Table, package: str, lang: Lang
) -> None:
    taps = played(package)
    chain = chain_words(built_site, package, lang)
    page = table.game(package, lang)
    got = shown(page)
    for count in range(len(taps) + 1):
        want = expected(package, taps[:count], lang, chain)
        ask = want.pop("ask")
        assert got == want, f"after {count} taps of {package} ({lang})"
        if count < len(taps):
            got = tap(page, ask, taps[count])
    assert ask is None, "the scripted game ends the game"


def test_every_control_is_a_thumbs_target_and_axe_finds_nothing_serious(
    table: Table, package: str
) -> None:
    taps = played(package)[:3]
    page = table.game(package, "fr")
    for count, value in enumerate(taps):
        tap(page, expected(package, taps[:count], "fr", {})["ask"], value)
    page.evaluate(
        f"""() => {{
      const tappable = {TAPPABLE};
      for (const why of document.querySelectorAll(".rb-companion-why > summary")) {{
        tappable(why, "chain's summary").click();
      }}
    }}"""
    )
    assert page.locator(".rb-companion-why:not([open])").count() == 0
    small = page.evaluate(
        """() => [...document.querySelectorAll(TARGETS)]
      .map((n) => [n.textContent.trim(), n.getBoundingClientRect()])
      .filter(([, r]) => r.height < 44 || r.width < 44)
      .map(([t, r]) => `${t}: ${r.width}×${r.height}`)""".replace("TARGETS", json.dumps(TARGETS))
    )
    assert small == []
    page.evaluate(Axe().axe_script)  # axe-core, once for the four runs below
    found = []
    for width in (375, 1280):
        page.set_viewport_size({"width": width, "height": 800})
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            violations = page.evaluate("axe.run({resultTypes: ['violations']})")["violations"]
            found += [
                f"{width} {scheme}: {v['id']} at {node['target']}"
                for v in violations
                if v["impact"] in ("serious", "critical")
                for node in v["nodes"]
            ]
    assert found == []
