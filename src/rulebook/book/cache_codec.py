"""The cache's file format: a result written as data, read back as data, never as code.

A cache file may have been damaged, cut short or written by someone else, so reading it must
not be able to run anything: no pickle, no import, no class chosen by the file beyond a short
list. A result is written as JSON (the C ``json`` module both ways), in two lines:

- the classes the result uses, each ``[form, module, qualified name, field names]``;
- the result itself. JSON's own values stand for themselves (a string, a number, true, false,
  null, a list, an object whose keys are strings); every other value is a one-key object whose
  key is ``$`` and a letter naming its form: ``t`` a tuple, ``f`` a frozenset, ``s`` a set, ``m``
  a dict whose keys are not all strings, or whose only key starts with ``$`` (keys and values
  in turn), ``d`` a date, ``D`` a datetime, ``T`` a time, ``p`` a path, and, with the number
  of a class of the first line, ``c`` a dataclass (its fields' values in the order the first
  line names them), ``e`` an enumeration's member (its name), ``w`` a string of a ``str``
  subclass (``kit.explain.Word``).

Reading may only make: those builtin values, and instances of classes that are defined in a
module of this package (``rulebook.``) that is already imported (``sys.modules``: nothing is
imported while reading) and are dataclasses, enumerations, or ``str`` subclasses without
attributes. A dataclass is rebuilt as pickle rebuilds one, without running its code
(``object.__new__``, then each declared field set), and only when the file names exactly its
declared fields. Anything else in a file raises ``DamagedEntry``, as does any error of the
decoding itself: the caller computes the result again.

Hand-written because no library fits: ``jsonpickle`` imports whatever class the file names
(the very problem), and ``msgspec`` or ``cattrs`` need the result's type up front, which the
cache (one function for every kind of result) does not know.

>>> from rulebook.book.model import Segment, SegmentKind
>>> value = {"a": (Segment("x", SegmentKind.NQ), frozenset({1.5})), 2: [None, True]}
>>> decode(encode(value)) == value
True
>>> encode({"$t": [1]}), decode(encode({"$t": [1]}))
(b'[]\\n{"$m": ["$t", [1]]}', {'$t': [1]})
>>> decode(b'[["c", "os", "system", []]]\\n{"$c": [0]}')
Traceback (most recent call last):
...
rulebook.book.cache_codec.DamagedEntry: the class os.system is not one of the package's
"""

import dataclasses
import datetime
import enum
import functools
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

PACKAGE = "rulebook."
TAG = "$"
_PATH = type(Path())  # the concrete class Path() makes here (PosixPath on Linux)


class DamagedEntry(Exception):
    """A cache file that cannot be read as a result of this code: it is not used."""


class Unencodable(Exception):
    """A result holding a value this format does not write: it is not kept."""


# Classes -------------------------------------------------------------------------------------


def defined_class(module_name: str, qualname: str) -> type:
    """The class ``qualname`` of the already imported module ``module_name``, when it is
    defined there, belongs to the package and is of a form a cache file may hold; looked up in
    the namespaces themselves (no ``getattr``, so no module ``__getattr__`` runs).

    >>> import rulebook.kit.explain
    >>> defined_class("rulebook.kit.explain", "Step").__name__
    'Step'
    >>> defined_class("rulebook.book.files", "Path")
    Traceback (most recent call last):
    ...
    rulebook.book.cache_codec.DamagedEntry: the class rulebook.book.files.Path is not ...
    """
    found: object = None
    module = sys.modules.get(module_name) if module_name.startswith(PACKAGE) else None
    if module is not None:
        found = module
        for part in qualname.split("."):
            namespace = vars(found) if isinstance(found, type) or found is module else {}
            found = namespace.get(part)
    if (
        isinstance(found, type)
        and found.__module__ == module_name
        and found.__qualname__ == qualname
        and form_of(found)
    ):
        return found
    raise DamagedEntry(f"the class {module_name}.{qualname} is not one of the package's")


def form_of(cls: type) -> str:
    """How a class's instances are written: ``e`` an enumeration, ``c`` a dataclass, ``w`` a
    ``str`` subclass that holds nothing else; ``""`` when they cannot be."""
    if issubclass(cls, enum.Enum):
        return "e"
    if dataclasses.is_dataclass(cls):
        return "c"
    if issubclass(cls, str) and (cls.__dictoffset__, cls.__basicsize__) == (0, str.__basicsize__):
        return "w"
    return ""


def field_names(cls: type) -> tuple[str, ...]:
    return tuple(field.name for field in dataclasses.fields(cls))


Writable = tuple[str, tuple[str, ...], frozenset[str]]
_WRITABLE: dict[type, Writable] = {}


def _writable(cls: type) -> Writable:
    """A class's form, its fields, and the cached properties an instance may also hold:
    ``Unencodable`` when reading could not find the class again."""
    if cls not in _WRITABLE:
        _WRITABLE[cls] = _class_facts(cls)
    return _WRITABLE[cls]


def _class_facts(cls: type) -> Writable:
    try:
        if defined_class(cls.__module__, cls.__qualname__) is not cls:
            raise DamagedEntry("another class by that name")
    except DamagedEntry:
        raise Unencodable(f"{cls.__module__}.{cls.__qualname__}") from None
    form = form_of(cls)
    fields = field_names(cls) if form == "c" else ()
    cached = frozenset(
        name
        for klass in cls.__mro__
        for name, attribute in vars(klass).items()
        if isinstance(attribute, functools.cached_property)
    )
    return form, fields, cached


# Writing -------------------------------------------------------------------------------------


class _Writer:
    def __init__(self) -> None:
        self.classes: dict[type, int] = {}
        self.table: list[list[object]] = []

    def number(self, cls: type, form: str, fields: tuple[str, ...]) -> int:
        if cls not in self.classes:
            self.classes[cls] = len(self.table)
            self.table.append([form, cls.__module__, cls.__qualname__, list(fields)])
        return self.classes[cls]

    def tree(self, value: object) -> object:
        if value is None or type(value) in (str, int, float, bool):
            return value
        if type(value) is list:
            return [self.tree(item) for item in value]
        if type(value) is tuple:
            return {TAG + "t": [self.tree(item) for item in value]}
        if type(value) is dict:
            return self.mapping(value)
        if type(value) is frozenset or type(value) is set:
            tag = TAG + ("f" if type(value) is frozenset else "s")
            return {tag: [self.tree(item) for item in value]}
        if type(value) is datetime.date:
            return {TAG + "d": value.isoformat()}
        if type(value) is datetime.datetime or type(value) is datetime.time:
            if value.tzinfo is not None and type(value.tzinfo) is not datetime.timezone:
                raise Unencodable(f"a time in the zone {value.tzinfo!r}")
            return {TAG + ("D" if type(value) is datetime.datetime else "T"): value.isoformat()}
        if type(value) is _PATH:
            return {TAG + "p": str(value)}
        return self.instance(value)

    def mapping(self, value: dict[object, object]) -> object:
        if all(type(key) is str for key in value) and not (
            len(value) == 1 and str(next(iter(value))).startswith(TAG)
        ):
            return {key: self.tree(item) for key, item in value.items()}
        flat = [self.tree(part) for pair in value.items() for part in pair]
        return {TAG + "m": flat}

    def instance(self, value: object) -> object:
        cls = type(value)
        form, fields, cached = _writable(cls)
        number = self.number(cls, form, fields)
        if isinstance(value, enum.Enum):
            if type(value).__members__.get(value.name) is not value:
                raise Unencodable(f"the member {value!r} has no name of its own")
            return {TAG + "e": [number, value.name]}
        if isinstance(value, str):
            return {TAG + "w": [number, str.__str__(value)]}
        extra = set(getattr(value, "__dict__", ())) - set(fields) - cached
        if extra:
            raise Unencodable(f"a {cls.__qualname__} holding {sorted(extra)} beyond its fields")
        return {TAG + "c": [number, *(self.tree(getattr(value, name)) for name in fields)]}


def encode(value: object) -> bytes:
    """``value`` in the cache's format; ``Unencodable`` when it holds a value the format does
    not write (the result is then not kept)."""
    writer = _Writer()
    try:
        tree = writer.tree(value)
        lines = (json.dumps(writer.table), json.dumps(tree, ensure_ascii=False))
    except (ValueError, RecursionError) as error:  # an int too long for JSON, a cycle
        raise Unencodable(str(error)) from None
    return "\n".join(lines).encode("utf-8", "surrogatepass")


# Reading -------------------------------------------------------------------------------------


def _expect_list(arg: object) -> list[Any]:
    if type(arg) is not list:
        raise DamagedEntry("expected a list")
    return arg


def _expect_str(arg: object) -> str:
    if type(arg) is not str:
        raise DamagedEntry("expected a string")
    return arg


def _pairs(arg: object) -> dict[object, object]:
    flat = _expect_list(arg)
    if len(flat) % 2:
        raise DamagedEntry("a mapping with a key and no value")
    return dict(zip(flat[::2], flat[1::2], strict=True))


_PLAIN: dict[str, Callable[[object], object]] = {
    TAG + "t": lambda arg: tuple(_expect_list(arg)),
    TAG + "f": lambda arg: frozenset(_expect_list(arg)),
    TAG + "s": lambda arg: set(_expect_list(arg)),
    TAG + "m": _pairs,
    TAG + "d": lambda arg: datetime.date.fromisoformat(_expect_str(arg)),
    TAG + "D": lambda arg: datetime.datetime.fromisoformat(_expect_str(arg)),
    TAG + "T": lambda arg: datetime.time.fromisoformat(_expect_str(arg)),
}


def _plain_instance(cls: type, names: tuple[str, ...]) -> bool:
    """Whether setting an instance's ``__dict__`` sets its fields as ``object.__setattr__``
    would: no slots, no ``__getattribute__`` of its own, no field that is also a data
    descriptor of the class."""
    return (
        cls.__dictoffset__ != 0
        and not any("__getattribute__" in vars(klass) for klass in cls.__mro__[:-1])
        and not any(
            hasattr(type(vars(klass).get(name)), "__set__")
            for klass in cls.__mro__
            for name in names
            if name in vars(klass)
        )
    )


class _Reader:
    """Rebuilds the values of one file, from the classes its first line names (checked once
    there, then looked up by number)."""

    def __init__(self, table: object) -> None:
        self.dataclasses: dict[int, tuple[type, tuple[str, ...], bool]] = {}
        self.members: dict[int, dict[str, object]] = {}
        self.words: dict[int, type] = {}
        for number, entry in enumerate(_expect_list(table)):
            form, module, qualname, fields = _expect_list(entry)
            cls = defined_class(_expect_str(module), _expect_str(qualname))
            names = tuple(_expect_list(fields))
            if form != form_of(cls) or names != (field_names(cls) if form == "c" else ()):
                raise DamagedEntry(f"{qualname} is not a {form} with the fields {names}")
            if form == "c":
                self.dataclasses[number] = (cls, names, _plain_instance(cls, names))
            elif form == "e":
                self.members[number] = dict(cls.__members__)  # type: ignore[attr-defined]
            else:
                self.words[number] = cls
        self.paths: dict[str, Path] = {}  # one object for each path, as pickle keeps them
        self.forms: dict[str, Callable[[Any], object]] = {
            **_PLAIN,
            TAG + "p": self.path,
            TAG + "c": self.dataclass,
            TAG + "e": self.member,
            TAG + "w": self.word,
        }

    def dataclass(self, arg: list[Any]) -> object:
        if type(arg) is not list or type(arg[0]) is not int:
            raise DamagedEntry("a dataclass is a class's number and its fields' values")
        cls, names, plain = self.dataclasses[arg[0]]
        if len(arg) != len(names) + 1:
            raise DamagedEntry(f"{cls.__qualname__} with {len(arg) - 1} fields")
        made: object = object.__new__(cls)
        if plain:  # the same as the loop below, in one call: 2,000 segments per rules file
            made.__dict__.update(zip(names, arg[1:], strict=True))
        else:
            for name, value in zip(names, arg[1:], strict=True):
                object.__setattr__(made, name, value)
        return made

    def member(self, arg: list[Any]) -> object:
        if type(arg) is not list or len(arg) != 2 or type(arg[0]) is not int:
            raise DamagedEntry("a member is a class's number and its name")
        return self.members[arg[0]][_expect_str(arg[1])]

    def word(self, arg: list[Any]) -> object:
        if type(arg) is not list or len(arg) != 2 or type(arg[0]) is not int:
            raise DamagedEntry("a word is a class's number and its text")
        return str.__new__(self.words[arg[0]], _expect_str(arg[1]))

    def path(self, arg: object) -> Path:
        text = _expect_str(arg)
        if text not in self.paths:
            self.paths[text] = Path(text)
        return self.paths[text]

    def hook(self, obj: dict[str, object]) -> object:
        """A JSON object as the value it stands for (called by ``json`` for each one)."""
        if len(obj) == 1:
            for key in obj:
                form = self.forms.get(key)
                if form is not None:
                    return form(obj[key])
                if key.startswith(TAG):
                    raise DamagedEntry(f"no value is written {key!r}")
        return obj


def decode(data: bytes) -> object:
    """The value ``encode`` wrote; ``DamagedEntry`` for anything else."""
    try:
        table, _, body = data.decode("utf-8", "surrogatepass").partition("\n")
        reader = _Reader(json.loads(table))
        return json.loads(body, object_hook=reader.hook)
    except DamagedEntry:
        raise
    # The bytes may be anything: whatever the decoding raises (a bad JSON document, a wrong
    # argument to a constructor, nesting too deep), the entry is not a result of this code.
    except Exception as error:
        raise DamagedEntry(f"{type(error).__name__}: {error}") from None
