"""The companions' engine (``kit.companion``): taps played again from the start, a refused
tap dropped with its rule's words, a stored list that is not one refused whole, French
spaces; and the web app a phone installs."""

import importlib
import json
import re
import struct
from pathlib import Path

import pytest

from rulebook.companions.port_royal import COMPANION
from rulebook.errors import RuleError
from rulebook.kit.companion import MOST_TAPS, page_play, play
from rulebook.language import punctuation, spaced, text
from rulebook.site.try_it import ICONS, MANIFEST, STATIC, companion_module, manifest
from tests.conftest import book_games

MODULE = "rulebook.companions.port_royal"


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
    companion of the book, a new game's too (one test: a game need not have a companion)."""
    modules = [m for game in book_games() if (m := companion_module(game)) is not None]
    assert modules
    for module in modules:
        words = importlib.import_module(module).COMPANION.WORDS
        refusals = {lang: {k: v for k, v in words[lang].items() if k.startswith("expected:")}
                    for lang in ("en", "fr")}  # fmt: skip
        assert refusals["en"] and set(refusals["en"]) == set(refusals["fr"]), module
        for lang, said in refusals.items():
            for key, sentence in said.items():
                assert sentence[0].isupper() and sentence.endswith("."), (module, lang, sentence)
                assert sentence != key.removeprefix("expected:"), (module, lang, key)


def _refusals(lang: str) -> dict[str, dict[str, str]]:
    """Every companion's refusals in ``lang``, by module: a new game's companion too."""
    modules = [m for game in book_games() if (m := companion_module(game)) is not None]
    words = {m: importlib.import_module(m).COMPANION.WORDS[lang] for m in modules}
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


def test_a_tap_after_the_end_is_refused_in_every_companion_with_the_page_s_words() -> None:
    """The page says "The game is over." when a game ends; a tap stored after it is refused
    in the same words, the same in the 5 companions, with what to do."""
    for lang in ("en", "fr"):
        over = text(lang, "companion_over").removesuffix(".") + punctuation(lang, ":")
        said = {r["expected:no tap once the game has ended"] for r in _refusals(lang).values()}
        assert len(said) == 1 and spaced(said.pop(), lang).startswith(over), (lang, said)


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
