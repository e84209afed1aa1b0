"""Companions: a solo opponent run at the table by the verified code, one tap at a time.

A companion is a pure function from the taps made so far to what the screen shows:
``play(companion, taps, lang, words)``. The browser keeps nothing but the list of taps, per
variant: undo drops the last one, a new game empties it, and a reload, a phone woken from
sleep or the page in the other language plays them again. A tap is a JSON value (a word, a
number, or the fields of a form as an object), never a rule: every decision is taken by the
game's rule functions, inside ``Companion.take``, and the page only draws the ``Screen``.

Each game's module in ``rulebook.companions`` holds one ``Companion``: its state (a frozen
dataclass, never stored), its words in both languages (``WORDS``, over the refusals every
companion shares, ``SHARED_WORDS``), and four methods:

- ``start()``: the state before the first tap;
- ``take(state, tap, say)``: the state after a tap and what to say about it; a tap the rules
  refuse raises the rule's ``RuleError``, and the screen shows its message;
- ``ask(state, say)``: the question and the taps offered, ``None`` once the game is over;
- ``status(state, say)``: what the player keeps in view (scores, the board), as lines.

Kept apart from the site: Pyodide imports this module with the games alone.
"""

import importlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Generic, Protocol, TypeVar

from rulebook.errors import RuleError
from rulebook.kit.explain import Step, Wording, listening
from rulebook.kit.terms import Term
from rulebook.language import Lang, is_lang, punctuation, singular, spaced

# What one tap sends: a choice's value, or a form's fields by name.
Tap = str | int | bool | None | list["Tap"] | dict[str, "Tap"]
S = TypeVar("S")
# At most this many taps in one game: far more than any game played, so that no stored list
# (a page's storage is the reader's to edit) keeps Python busy.
MOST_TAPS = 5000

# What a tap the page did not offer is refused with, unless a companion names the key.
OFFERED = "a tap among those offered"


# The order of the words in a companion's table of refusals: the code's language first.
REFUSAL_LANGUAGES: tuple[Lang, ...] = ("en", "fr")


def expected_words(table: Mapping[str, Sequence[str]], lang: Lang) -> dict[str, str]:
    """A companion's refusals in ``lang``, keyed as ``Say.refusal`` looks them up: its table
    maps what a rule expects (the code's words) to what to do, in each language of
    ``REFUSAL_LANGUAGES`` in turn.

    >>> expected_words({"a level": ("Choose a level.", "Choisissez un niveau.")}, "fr")
    {'expected:a level': 'Choisissez un niveau.'}
    """
    at = REFUSAL_LANGUAGES.index(lang)
    return {f"expected:{code}": words[at] for code, words in table.items()}


def tap_value(rule: str, tap: Tap, key: str, expected: str = OFFERED) -> Tap:
    """The value of ``key`` in a tap the page sent (a button's or a form's), else the rule's
    refusal, which expects ``expected`` (the companion's ``expected:`` words say it to the
    player; a stored list of taps is the reader's to edit).

    >>> tap_value("pr-setup-level", {"level": "easy"}, "level")
    'easy'
    >>> tap_value("pr-setup-level", "easy", "level")
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: pr-setup-level: expected a tap among those offered, got 'easy'
    """
    if not isinstance(tap, dict) or key not in tap:
        raise RuleError(rule, expected, tap)
    return tap[key]


# The refusals every companion shares, in the page's words, written once so that no companion
# words them apart: ``say_for`` lays each companion's ``WORDS`` over them (its own entry wins).
# "The game is over" is the page's own sentence when a game ends (``companion_over``). The
# French colon comes spaced from ``punctuation``, never typed by hand.
SHARED_WORDS: Mapping[Lang, Mapping[str, str]] = {
    "en": {
        f"expected:{OFFERED}": "Choose one of the options offered.",
        "expected:no tap once the game has ended": "The game is over: start a new game.",
    },
    "fr": {
        f"expected:{OFFERED}": "Choisissez l'une des options proposées.",
        "expected:no tap once the game has ended": (
            f"La partie est terminée{punctuation('fr', ':')} commencez une nouvelle partie."
        ),
    },
}


@dataclass(frozen=True)
class Choice:
    """One button: its words, the tap it sends, and a hint for its look (a die's colour such
    as ``red``, ``main`` for the usual next tap, or nothing)."""

    label: str
    tap: Tap
    tone: str = ""


@dataclass(frozen=True)
class Field:
    """One entry of a form: a whole number from ``least`` to ``most`` (``value`` first), or,
    with ``options``, one of them (``many``: any number of them, sent as a list); ``None``
    for an empty field (one the player emptied before a refusal). ``drawn``:
    a seed the page proposes at random and shows, that the player may change to replay."""

    name: str
    label: str
    least: int = 0
    most: int = 99
    value: Tap = 0
    options: tuple[Choice, ...] = ()
    many: bool = False
    drawn: bool = False


@dataclass(frozen=True)
class Ask:
    """The question of the moment: buttons (``choices``), a form (``fields``, sent as one tap
    by the ``submit`` button), or both."""

    question: str
    choices: tuple[Choice, ...] = ()
    fields: tuple[Field, ...] = ()
    submit: str = ""


@dataclass(frozen=True)
class Said:
    """One answer in the book's words, with the rules the code applied to reach it."""

    text: str
    steps: tuple[Step, ...] = ()


@dataclass(frozen=True)
class Say:
    """The words of a screen in its language: the companion's own (``WORDS`` over
    ``SHARED_WORDS``, as ``say_for`` merges them), the game's terms, and the chain's words for
    the rules' values."""

    lang: Lang
    words: Mapping[str, str]
    terms: Mapping[str, str] = field(default_factory=dict)
    chain: Mapping[str, str] = field(default_factory=dict)

    def __call__(self, key: str, **values: object) -> str:
        """The companion's sentence ``key``, its ``{names}`` filled in.

        >>> Say("en", {"score": "Morgan's score: {before} → {after}"})("score", before=8, after=9)
        'Morgan’s score: 8 → 9'
        """
        return spaced(self.words[key].format(**values).replace("'", "\u2019"), self.lang)

    def counted(self, key: str, n: int, **values: object) -> str:
        """``n`` things in this language's words: ``key_0`` for none where the words say it
        apart ("none discarded"), else ``key_1`` where the language puts ``n`` in the
        singular (``singular``: 1, and 0 in French), else ``key_n``; ``{n}`` is the count.

        >>> words = {"points_1": "{n} point", "points_n": "{n} points"}
        >>> [Say("fr", words).counted("points", n) for n in (0, 1, 2)]
        ['0 point', '1 point', '2 points']
        >>> [Say("en", words).counted("points", n) for n in (0, 1, 2)]
        ['0 points', '1 point', '2 points']
        >>> Say("en", {"left_0": "none left", "left_1": "1 left"}).counted("left", 0)
        'none left'
        """
        form = "1" if singular(self.lang, n) else "n"
        form = "0" if n == 0 and f"{key}_0" in self.words else form
        return self(f"{key}_{form}", n=n, **values)

    def term(self, value: object) -> str:
        """A value of the code's vocabulary (an enumeration's member) in this language.

        >>> Say("fr", {}, {"red": "rouge"}).term("red"), Say("fr", {}).term(3)
        ('rouge', '3')
        """
        text = str(getattr(value, "value", value))
        return self.terms.get(text, self.chain.get(text, text))

    def refusal(self, error: RuleError) -> str:
        """A rule's refusal in this language: what the rule expects, as the companion's words
        say it (``expected:`` keys), else as the code says it.

        The words name one action with one verb in every companion, so that a player learns
        one: "Choose" / « Choisissez » for a button or an option offered, "Enter" /
        « Indiquez » for a number typed; "The game is over: start a new game." / « La partie
        est terminée : commencez une nouvelle partie. » once it is (the page's words)."""
        said = self.words.get(f"expected:{error.expected}", error.expected).replace("'", "\u2019")
        return spaced(said, self.lang)


class Companion(Protocol, Generic[S]):
    @property
    def WORDS(self) -> Mapping[str, Mapping[str, str]]: ...  # a constant, read only
    @property
    def TERMS(self) -> tuple[Term, ...]: ...

    def start(self) -> S: ...
    def take(self, state: S, tap: Tap, say: Say) -> tuple[S, Sequence[Said]]: ...
    def ask(self, state: S, say: Say) -> Ask | None: ...
    def status(self, state: S, say: Say) -> Sequence[tuple[str, str]]: ...


@dataclass(frozen=True)
class Screen:
    """What the page draws: the status lines, the answers to the last tap, the question
    (``None``: the game is over), a refusal of the last tap, and how many taps were kept."""

    status: tuple[tuple[str, str], ...]
    said: tuple[Said, ...]
    ask: Ask | None
    kept: int
    refused: str = ""
    refused_rule: str = ""


def page_language(lang: object) -> Lang:
    """The page's language, checked: what a page sends is the reader's to edit."""
    if not is_lang(lang):
        raise RuleError("companion", "a page language, fr or en", lang)
    return lang


def say_for(companion: "Companion[Any]", lang: Lang, chain: Wording | None = None) -> Say:
    lang = page_language(lang)
    terms = {t.id: t.name(lang) for t in companion.TERMS}
    words = {**SHARED_WORDS[lang], **companion.WORDS[lang]}  # the companion's own entry wins
    return Say(lang, words, terms, (chain or Wording()).values)


def play(
    companion: "Companion[S]", taps: Sequence[Tap], lang: Lang,
    chain: Wording | None = None,
) -> Screen:  # fmt: skip
    """Play the taps from the start; the last one is answered with its chain of rules. A
    tap the rules refuse is dropped with the taps after it (``kept``), and the refusal is
    shown: a list stored by another edition of the code plays as far as it still can."""
    say = say_for(companion, lang, chain)
    if not isinstance(taps, list | tuple) or len(taps) > MOST_TAPS:
        raise RuleError("companion", f"a list of at most {MOST_TAPS} taps", type(taps).__name__)
    state = companion.start()
    said: Sequence[Said] = ()
    for kept, tap in enumerate(taps):
        last = kept == len(taps) - 1
        try:
            if last:
                with listening() as steps:
                    state, said = companion.take(state, tap, say)
                said = _with_steps(said, steps)
            else:
                state, said = companion.take(state, tap, say)
        except RuleError as error:
            ask = refilled(companion.ask(state, say), tap)
            return Screen(
                tuple(companion.status(state, say)), (), ask, kept, say.refusal(error),
                error.rule_id,
            )  # fmt: skip
    return Screen(
        tuple(companion.status(state, say)), tuple(said), companion.ask(state, say), len(taps)
    )


def refilled(ask: Ask | None, tap: Tap) -> Ask | None:
    """The question asked again after the rules refused a form: each field filled with what
    the player entered (the form sent as ``tap``), so that the one wrong entry is mended
    rather than all entered again. A field the player emptied (sent as ``None``) comes back
    empty: refilled with the value they had cleared, it would read as the one they sent. An
    entry the field could not hold (not a whole number, not one of its options) is left at the
    field's own value: a stored tap is the reader's to edit.

    >>> ask = Ask("Dice?", fields=(Field("brick", "Brick"), Field("ore", "Ore", most=6)))
    >>> [f.value for f in refilled(ask, {"brick": 3, "ore": "6"}).fields]
    [3, 0]
    >>> refilled(ask, "roll") is ask
    True
    >>> one = Ask("Players?", fields=(Field("n", "N", options=(Choice("1", 1), Choice("2", 2))),))
    >>> [refilled(one, {"n": entered}).fields[0].value for entered in (True, 2)]
    [0, 2]
    >>> [f.value for f in refilled(ask, {"brick": None, "ore": 4}).fields]
    [None, 4]
    """
    if ask is None or not isinstance(tap, dict):
        return ask
    return replace(ask, fields=tuple(_refilled(f, tap.get(f.name, f.value)) for f in ask.fields))


def _refilled(entry: Field, entered: Tap) -> Field:
    def offered(tap: Tap) -> bool:  # one of the options' taps, of its type: True is not 1
        return any(type(tap) is type(o.tap) and tap == o.tap for o in entry.options)

    if entered is None:  # emptied by the player: shown empty, as they left it
        return replace(entry, value=None)
    if not entry.options:
        fits = isinstance(entered, int) and not isinstance(entered, bool)
    elif entry.many:
        fits = isinstance(entered, list) and all(offered(each) for each in entered)
    else:
        fits = offered(entered)
    return replace(entry, value=entered) if fits else entry


def _with_steps(said: Sequence[Said], steps: list[Step]) -> tuple[Said, ...]:
    """Each answer keeps the steps it names; an answer that names none gets every step
    taken for the tap (the usual case: one answer, one chain)."""
    if not said:
        return ()
    if any(s.steps for s in said):
        return tuple(said)
    return (Said(said[0].text, tuple(steps)), *said[1:])


def screen_json(screen: Screen, chain: Wording) -> dict[str, Any]:
    """The screen as the page reads it: plain JSON, each step's values in the page's words."""

    def choice(c: Choice) -> dict[str, Any]:
        return {"label": c.label, "tap": c.tap, "tone": c.tone}

    ask = screen.ask
    return {
        "status": [list(line) for line in screen.status],
        "said": [
            {
                "text": s.text,
                "steps": [{"rule": st.rule, "used": [list(p) for p in st.worded(chain)]}
                          for st in s.steps],
            }
            for s in screen.said
        ],
        "ask": None if ask is None else {
            "question": ask.question,
            "choices": [choice(c) for c in ask.choices],
            "fields": [
                {"name": f.name, "label": f.label, "least": f.least, "most": f.most,
                 "value": f.value, "options": [choice(c) for c in f.options], "many": f.many,
                 "drawn": f.drawn}
                for f in ask.fields
            ],
            "submit": ask.submit,
        },
        "kept": screen.kept,
        "refused": screen.refused,
        "refused_rule": screen.refused_rule,
    }  # fmt: skip


def page_play(module: str, taps_json: str, lang: str, chain: Mapping[str, Any]) -> str:
    """What the page calls (in its worker): the game's companion, the stored taps as JSON,
    the page's language and chain words (``{"names": {...}, "values": {...}}``, as
    ``Wording.of`` reads them); the screen as JSON."""
    companion: Companion[Any] = importlib.import_module(module).COMPANION
    try:
        taps = json.loads(taps_json)
    except ValueError:
        taps = []
    words = Wording.of(chain)
    screen = play(companion, taps if isinstance(taps, list) else [], page_language(lang), words)
    return json.dumps(screen_json(screen, words), ensure_ascii=False)


Checked = Callable[[Tap], bool]
