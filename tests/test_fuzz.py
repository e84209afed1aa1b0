"""Every public rule function keeps its promise under wrong, out-of-range and huge input.

Each function of each game module's ``__all__`` is called with arguments built from its
annotations: a mix of well-formed values (the game's own enum members, the example islands and
plants of the module, small counts) and wrong ones (another game's enum, plain strings, ``None``,
``True``, floats, -1, 10**9, sets, dicts, generators, lists of wrong items, huge lists). The only
exception allowed is a ``ValueError`` naming a rule ID of that game, every call returns within a
second, and whatever a function returns has its annotated type.

Classes (enums, dataclasses, named tuples) and constants are not called: their constructors are
plain containers, checked by the functions that receive them.

Run one game with ``-k port_royal``, one function with ``-k catan_dice.longest_road``.
"""

from __future__ import annotations

import dataclasses
import doctest
import functools
import importlib
import inspect
import os
import re
import signal
import types
import typing
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from enum import Enum
from fractions import Fraction
from random import Random
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from rulebook.book.code import EXAMPLE_FLAGS, modules_of
from rulebook.site.try_it import package_of
from tests.conftest import book_games

GAMES = {package_of(game): game.prefix for game in book_games()}
"""Each game of the book by its package (``port_royal``), with the prefix of its rule IDs."""
MODULES = {package_of(game): importlib.import_module(game.module) for game in book_games()}
TIME_LIMIT = 1.0
"""Seconds a call may take, whatever its input (issue 13)."""
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "30"))
"""Examples per function: 30 keeps the file within about 20 s on a slow machine; set
FUZZ_EXAMPLES=1000 for a longer hunt (still deterministic)."""

FUNCTIONS = [
    (game, name)
    for game, module in MODULES.items()
    for name in module.__all__
    if inspect.isfunction(getattr(module, name))
]
IDS = [f"{game}.{name}" for game, name in FUNCTIONS]

ENUM_MEMBERS = [
    member
    for module in MODULES.values()
    for value in vars(module).values()
    if isinstance(value, type)
    and issubclass(value, Enum)
    and value.__module__.startswith(module.__name__)  # a package's enums are in its modules
    for member in value
]
"""Every enum member of every game: most are the wrong enum for any given parameter."""


class TooSlow(BaseException):
    """A call ran past the time limit (a BaseException, so no ``except Exception`` swallows it)."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    def stop(signum: int, frame: object) -> None:
        raise TooSlow(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


REFUSED = object()
"""What a call answers, for this harness, when the function refused its input by rule."""


# Strategies ---------------------------------------------------------------------------------


def _generator() -> Iterator[int]:
    return (n for n in range(3))


LEAF_JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.sampled_from([-1, 10**9, -(10**9), 10**18]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=6),
    st.sampled_from(ENUM_MEMBERS),
    st.builds(object),
)
JUNK = st.one_of(
    LEAF_JUNK,
    st.sets(st.integers(-2, 8), max_size=4),
    st.frozensets(st.text(max_size=3), max_size=3),
    st.dictionaries(st.text(max_size=3), LEAF_JUNK, max_size=3),
    st.builds(_generator),
    st.lists(LEAF_JUNK, max_size=4),
    st.tuples(LEAF_JUNK, LEAF_JUNK),
)
"""Wrong input of every shape, whatever the parameter."""


def _samples(game: str, kind: type) -> list[object]:
    """The module's own values of a class (example islands, plants): well-formed input."""
    module = MODULES[game]
    return [v for v in vars(module).values() if type(v) is kind]


def _strings(game: str) -> list[str]:
    """Names a game's functions expect: enum values, players, and the example islands' names."""
    found = {"red", "blue", "a-b", "b-c", "c", "e", "north", "forest"}
    for value in vars(MODULES[game]).values():
        if isinstance(value, type) and issubclass(value, Enum):
            found |= {str(m.value) for m in value}
        for attr in ("roads", "sites", "knights"):
            found |= {k for k in getattr(value, attr, {}) if isinstance(k, str)}
        if isinstance(value, Mapping):
            found |= {k for k in value if isinstance(k, str)}
    return sorted(found)


def _construct(kind: type) -> Callable[[dict[str, Any]], object]:
    """A constructor that answers REFUSED where the class refuses its fields (a plant that
    burns nothing yet is not green): such values are filtered out of well-formed input."""

    def construct(fields: dict[str, Any]) -> object:
        try:
            return kind(**fields)
        except ValueError:
            return REFUSED

    return construct


def _accepted(value: object) -> bool:
    return value is not REFUSED


def valid(game: str, tp: Any, depth: int = 0) -> st.SearchStrategy[Any]:
    """Values that look right for an annotation (they may still break a rule)."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp is type(None) or tp is None:
        return st.none()
    if origin in (typing.Union, types.UnionType):
        return st.one_of(*(valid(game, a, depth) for a in args))
    if tp is bool:
        return st.booleans()
    if tp is int:  # small counts mostly; sometimes far beyond any bound, inside well-formed values
        return st.one_of(st.integers(0, 12), st.integers(-3, 60), st.sampled_from([10**4, 10**8]))
    if tp is str:
        return st.one_of(st.sampled_from(_strings(game)), st.text(max_size=6))
    if tp is Random:
        return st.integers(0, 2**16).map(Random)
    if tp is Fraction:
        return st.fractions(0, 1, max_denominator=100)
    if isinstance(tp, typing.TypeVar):
        bound = [v for v in vars(MODULES[game]).values() if dataclasses.is_dataclass(v)]
        return st.one_of(*(valid(game, b, depth) for b in bound)) if bound else JUNK
    if isinstance(tp, type) and issubclass(tp, Enum):
        return st.one_of(st.sampled_from(list(tp)), st.sampled_from([m.value for m in tp]))
    if origin is not None and depth > 2:
        return st.just(origin() if origin in (list, tuple, dict, frozenset) else ())
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return st.lists(valid(game, args[0], depth + 1), max_size=6).map(tuple)
        return st.tuples(*(valid(game, a, depth + 1) for a in args))
    if origin in (list, Sequence):
        item = valid(game, args[0], depth + 1)
        return st.one_of(st.lists(item, max_size=8), st.lists(item, max_size=8).map(tuple))
    if origin in (frozenset, set, Collection, Iterable):
        item = valid(game, args[0], depth + 1)
        return st.one_of(st.lists(item, max_size=6), st.frozensets(item, max_size=6))
    if origin in (dict, Mapping):
        keys, values = (valid(game, a, depth + 1) for a in args)
        return st.dictionaries(keys, values, max_size=6)
    if origin is Callable:
        return st.builds(lambda r: lambda *_: r, valid(game, args[1], depth + 1))
    if isinstance(tp, type) and (dataclasses.is_dataclass(tp) or hasattr(tp, "_fields")):
        hints = typing.get_type_hints(tp)
        fields = {n: valid(game, t, depth + 1) for n, t in hints.items() if n[0] != "_"}
        built = st.fixed_dictionaries(fields).map(_construct(tp)).filter(_accepted)
        samples = _samples(game, tp)
        return st.one_of(st.sampled_from(samples), built) if samples else built
    raise NotImplementedError(f"no strategy for {tp!r}")


def wrong(game: str, tp: Any) -> st.SearchStrategy[Any]:
    """Wrong or huge input for an annotation: junk, and containers of junk or too many items."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (list, tuple, Sequence, Collection, Iterable, frozenset) and args:
        item = valid(game, args[0], 3)
        huge = st.builds(lambda x: [x] * 10_000, item)
        return st.one_of(JUNK, huge, st.lists(JUNK, min_size=1, max_size=4))
    if origin in (dict, Mapping) and args:
        keys = valid(game, args[0], 3)
        return st.one_of(JUNK, st.dictionaries(keys, JUNK, min_size=1, max_size=3))
    return JUNK


def arguments(game: str, function: Callable[..., object]) -> st.SearchStrategy[dict[str, Any]]:
    hints = typing.get_type_hints(function)
    params = inspect.signature(function).parameters
    return st.fixed_dictionaries(
        {n: st.one_of(valid(game, hints[n]), wrong(game, hints[n])) for n in params}
    )


# What an answer must be ----------------------------------------------------------------------


def conforms(value: object, tp: Any) -> bool:
    """Whether a value has an annotated type (containers checked item by item)."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp is type(None) or tp is None:
        return value is None
    if origin in (typing.Union, types.UnionType):
        return any(conforms(value, a) for a in args)
    if isinstance(tp, typing.TypeVar):
        return True
    if tp is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if origin is None:
        return isinstance(value, tp)
    if not isinstance(value, origin):
        return False
    if origin is tuple:
        assert isinstance(value, tuple)
        if len(args) == 2 and args[1] is Ellipsis:
            return all(conforms(v, args[0]) for v in value)
        return len(value) == len(args) and all(map(conforms, value, args))
    if origin in (dict, Mapping):
        assert isinstance(value, Mapping)
        return all(conforms(k, args[0]) and conforms(v, args[1]) for k, v in value.items())
    assert isinstance(value, Iterable)
    return all(conforms(v, args[0]) for v in value)


def call(game: str, function: Callable[..., object], kwargs: dict[str, Any]) -> object:
    """The function's answer, or REFUSED after a ValueError naming one of the game's rules."""
    rule_id = re.compile(rf"\b{GAMES[game]}-[a-z0-9-]+\b")
    try:
        with time_limit(TIME_LIMIT):
            answer = function(**kwargs)
    except ValueError as error:
        assert rule_id.search(str(error)), f"a ValueError naming no rule of the game: {error}"
        return REFUSED
    hint = typing.get_type_hints(function)["return"]
    assert conforms(answer, hint), f"answered {answer!r}, not a {hint}"
    return answer


FUZZ = settings(
    deadline=None,  # the call's own time limit is TIME_LIMIT, enforced by SIGALRM
    max_examples=EXAMPLES,
    derandomize=True,
    database=None,
    phases=[Phase.explicit, Phase.generate],  # no shrinking: a failure is reported as found
    suppress_health_check=list(HealthCheck),
)


@pytest.mark.parametrize(("game", "name"), FUNCTIONS, ids=IDS)
def test_wrong_input_is_refused_by_rule(game: str, name: str) -> None:
    function = getattr(MODULES[game], name)

    @FUZZ
    @given(arguments(game, function))
    def fuzz(kwargs: dict[str, Any]) -> None:
        call(game, function, kwargs)

    fuzz()


def _answers_of_examples(game: str) -> dict[str, list[object]]:
    """Run a module's doctests, every public function wrapped to record what it answers."""
    module = MODULES[game]
    answers: dict[str, list[object]] = {name: [] for g, name in FUNCTIONS if g == game}
    originals = {name: getattr(module, name) for name in answers}

    def recording(name: str) -> Callable[..., object]:
        @functools.wraps(originals[name])
        def wrapper(*args: object, **kwargs: object) -> object:
            answer = originals[name](*args, **kwargs)
            answers[name].append(answer)
            return answer

        return wrapper

    flags = EXAMPLE_FLAGS
    # A package's examples are in its modules, each calling the functions by its own names.
    wrapped = [
        (part, name) for part in modules_of(module) for name in answers if name in vars(part)
    ]
    try:
        for part, name in wrapped:
            setattr(part, name, recording(name))
        runner = doctest.DocTestRunner(optionflags=flags)
        for part in modules_of(module):
            for test in doctest.DocTestFinder().find(part, globs=vars(part).copy()):
                runner.run(test, out=lambda text: None)
    finally:
        for part, name in wrapped:
            setattr(part, name, originals[name])
    return answers


EXAMPLE_ANSWERS = {game: _answers_of_examples(game) for game in GAMES}
"""What each public function answered in its module's own examples (its doctests)."""


@pytest.mark.parametrize(("game", "name"), FUNCTIONS, ids=IDS)
def test_well_formed_input_answers_the_annotated_type(game: str, name: str) -> None:
    """Each function, called on the well-formed input of the module's examples, answers at
    least once, and always with its annotated type."""
    function = getattr(MODULES[game], name)
    answers = EXAMPLE_ANSWERS[game][name]
    if not inspect.signature(function).parameters:  # a table: no input to get wrong
        answers = [*answers, function()]
    hint = typing.get_type_hints(function)["return"]
    assert answers, f"no example of {game} calls {name} with an answer"
    for answer in answers:
        assert conforms(answer, hint), f"answered {answer!r}, not a {hint}"


def test_every_game_is_fuzzed() -> None:
    """The harness finds the functions: a module whose __all__ it misread would pass empty."""
    assert {game for game, _ in FUNCTIONS} == set(GAMES)
    assert len(FUNCTIONS) >= 90


def test_a_traceback_is_caught() -> None:
    """The harness fails on what it must fail on: a TypeError, a foreign rule, a slow call."""

    def crashes(n: int) -> int:
        return len(n)  # type: ignore[arg-type]

    def foreign(n: int) -> int:
        raise ValueError("pr-end: expected a score")

    def slow(n: int) -> int:
        while True:
            n += 1

    with pytest.raises(TypeError):
        call("catan_dice", crashes, {"n": 3})
    with pytest.raises(AssertionError, match="naming no rule"):
        call("catan_dice", foreign, {"n": 3})
    with pytest.raises(TooSlow):
        call("catan_dice", slow, {"n": 3})
