"""The companions' engine (``kit.companion``): taps played again from the start, a refused
tap dropped with its rule's words, a stored list that is not one refused whole, French
spaces; and the web app a phone installs."""

import importlib
import json
import random
import re
import struct
from pathlib import Path

import pytest

from rulebook.companions.port_royal import COMPANION
from rulebook.errors import RuleError
from rulebook.kit.companion import MOST_TAPS, Ask, Companion, Field, Tap, page_play, play, say_for
from rulebook.language import Lang, punctuation, text
from rulebook.site.try_it import ICONS, MANIFEST, STATIC, companion_module, manifest
from tests.conftest import book_games

MODULE = "rulebook.companions.port_royal"
# Every companion of the book, a new game's too (a game need not have a companion).
MODULES = tuple(m for game in book_games() if (m := companion_module(game)) is not None)


def test_a_screen_is_the_taps_played_again_from_the_start() -> None:
    taps = [{"level": "walking"}, "morgan", {"colour": "red", "piece": "ship"}]
    once = play(COMPANION, taps, "en")
    again = play(COMPANION, taps, "en")
    assert once == again and once.kept == 3
    assert play(COMPANION, taps, "fr").status != once.status  # the same game, in French


def test_a_refused_tap_and_those_after_it_are_dropped() -> None:
    screen = play(COMPANION, [{"level": "walking"}, "nonsense", "morgan"], "en")
    assert screen.kept == 1 and screen.refused_rule == "pr-morgan-phase-1"
    # What to do, not the code's words:
    assert screen.refused == "Choose one of the options offered."


def test_every_refusal_tells_the_player_what_to_do_in_a_sentence_in_both_languages() -> None:
    """A refusal is shown as "Refused." and then these words: a whole sentence a player can
    follow, in each language, never the code's own words (a noun phrase such as "a colour
    among …", which ran into the rule's title as if the title were the answer). Every
    companion of the book, the refusals every companion shares too (as ``say_for`` merges
    them under its own words)."""
    assert MODULES
    for module in MODULES:
        refusals = {lang: _refusals(lang)[module] for lang in ("en", "fr")}
        assert refusals["en"] and set(refusals["en"]) == set(refusals["fr"]), module
        for lang, said in refusals.items():
            for key, sentence in said.items():
                assert sentence[0].isupper() and sentence.endswith("."), (module, lang, sentence)
                assert sentence != key.removeprefix("expected:"), (module, lang, key)


def _companion(module: str) -> Companion[object]:
    companion: Companion[object] = importlib.import_module(module).COMPANION
    return companion


def _refusals(lang: Lang) -> dict[str, dict[str, str]]:
    """Every companion's refusals in ``lang``, by module, as its screens look them up: its own
    words over the ones every companion shares (``say_for``)."""
    words = {m: say_for(_companion(m), lang).words for m in MODULES}
    return {m: {k: v for k, v in w.items() if k.startswith("expected:")} for m, w in words.items()}


# The verbs no refusal says: each action has one ("Choose" / « Choisissez » for a button or an
# option offered, "Enter" / « Indiquez » for a number typed), so that a player learns one.
OTHER_VERBS = re.compile(
    r"\b(Tap|tap|Touch|Pick|pick|Select|select|Say|Type|Touchez|touchez|Sélectionnez|Dites|"
    r"Entrez|entrez|Saisissez|Tapez)\b"
)


def test_every_refusal_names_each_action_with_the_one_verb_all_companions_use() -> None:
    for lang in ("en", "fr"):
        for module, refusals in _refusals(lang).items():
            for sentence in refusals.values():
                assert not OTHER_VERBS.search(sentence), (module, lang, sentence)


def _entered(entry: Field, rng: random.Random) -> Tap:
    """A value the field allows: one of its options (some of them, for ``many``), or a whole
    number from its least to its most."""
    if not entry.options:
        return rng.randint(entry.least, entry.most)
    taps = [o.tap for o in entry.options]
    return rng.sample(taps, rng.randint(0, len(taps))) if entry.many else rng.choice(taps)


def _offered(ask: Ask, rng: random.Random) -> list[Tap]:
    """The taps a player could send to ``ask``, in a drawn order: each button, and the form
    filled a few ways."""
    forms = [{f.name: _entered(f, rng) for f in ask.fields} for _ in range(3) if ask.fields]
    taps: list[Tap] = [*(c.tap for c in ask.choices), *forms]
    rng.shuffle(taps)
    return taps


def _a_whole_game(companion: Companion[object]) -> list[Tap]:
    """The taps of a game played to its end (no question left) by a player who sends, at each
    question, the first tap offered that the rules take. The order is drawn, from a fixed seed
    (the same game at every run): a player who always taps the same button may never end a
    game ("Nobody can build: no" for ever)."""
    rng, say = random.Random(0), say_for(companion, "en")
    state, taps = companion.start(), []
    while (ask := companion.ask(state, say)) is not None and len(taps) < MOST_TAPS:
        for tap in _offered(ask, rng):
            try:
                state, _ = companion.take(state, tap, say)
            except RuleError:
                continue
            taps.append(tap)
            break
        else:
            raise AssertionError(f"no tap offered is taken: {ask}")
    assert ask is None, f"no end within {MOST_TAPS} taps"
    return taps


def test_a_tap_after_the_end_is_refused_in_every_companion_with_the_page_s_words() -> None:
    """The page says "The game is over." when a game ends; a tap stored after it (the last
    one again) is refused in the same words, with what to do, and the end stays on screen.
    Every companion of the book, each game played to its end."""
    assert MODULES
    for module in MODULES:
        companion = _companion(module)
        taps = _a_whole_game(companion)
        for lang in ("en", "fr"):
            over = text(lang, "companion_over").removesuffix(".") + punctuation(lang, ":")
            screen = play(companion, [*taps, taps[-1]], lang)
            assert screen.refused.startswith(over), (module, lang, screen.refused)
            assert screen.refused.endswith(".") and len(screen.refused) > len(over) + 1, module
            assert screen.kept == len(taps) and screen.ask is None, (module, lang)


def test_a_field_emptied_before_a_refusal_comes_back_empty_not_refilled() -> None:
    """The mission's value (2 on the form) cleared, a colour picked: refused, the form comes
    back with the value empty (``None``, drawn as an empty field) and the colour kept."""
    taps = [{"level": "walking"}, "mission", {"mission": None, "colour": "red"}]
    screen = play(COMPANION, taps, "en")
    assert screen.kept == 2 and screen.ask is not None
    assert [f.value for f in screen.ask.fields] == [None, "red"]
    assert [f.value for f in play(COMPANION, taps[:2], "en").ask.fields] == [2, None]


def test_a_stored_list_that_is_no_list_of_taps_starts_a_new_game() -> None:
    for stored in ("not json", '{"taps": 3}', "null"):
        screen = json.loads(page_play(MODULE, stored, "fr", {}))
        assert (
            screen["kept"] == 0 and screen["ask"]["question"] == "Choisissez le niveau de Morgan."
        )
    with pytest.raises(RuleError, match="companion: expected a list of at most"):
        play(COMPANION, ["morgan"] * (MOST_TAPS + 1), "en")
    with pytest.raises(RuleError, match="companion: expected a page language"):
        play(COMPANION, [], "de")


def test_french_words_get_their_non_breaking_spaces_and_apostrophes() -> None:
    screen = play(COMPANION, [{"level": "walking"}], "fr")
    assert screen.ask is not None and screen.ask.question == "Et maintenant\u00a0?"
    assert "J’ai gagné" in [c.label for c in screen.ask.choices]


def test_the_manifest_names_the_book_in_each_language_and_its_icons_exist() -> None:
    for lang, name in (("fr", "Règles vérifiées"), ("en", "Verified Rules")):
        data = json.loads(manifest(lang))
        assert data["name"] == name and data["start_url"] == f"{lang}/index.html"
        assert data["display"] == "standalone" and MANIFEST.format(lang=lang).endswith(
            lang + ".webmanifest"
        )
        for icon in data["icons"]:
            assert Path(icon["src"]).name in ICONS
    for size in (192, 512):
        head = (STATIC / f"icon-{size}.png").read_bytes()[:24]
        assert head[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", head[16:24]) == (
            size,
            size,
        )
