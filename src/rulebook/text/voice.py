"""The house style's conventions that a line of text shows (docs/style.md): one voice for
every game, in each language.

Each convention is a pattern of one language that finds a slip in a line of plain text
(markup gone, numbers marked ``{nq}`` gone); ``slips(line, lang, place)`` yields them. A
convention that needs more than a line (the case of a glossary term, an example's title) is
the style check's, which reads the rules.

Regular expressions rather than a grammar library: the slips are fixed phrases and word forms
(« règles classiques », "will", « Prendre » at the head of an instruction), and spaCy's French
or English models would cost the check its speed (and a 40 MB download) to find the same.
"""

import re
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from rulebook.language import Lang


class Place(StrEnum):
    """Where a line stands: some conventions hold only in running text (an infinitive is a
    French title's proper form, not an instruction's)."""

    TEXT = "text"
    TITLE = "title"
    HEADING = "heading"


@dataclass(frozen=True)
class Convention:
    """One convention: what it is called in a problem, the language it holds in, the slip's
    pattern, what to write instead, and where it holds."""

    name: str
    lang: Lang | Literal["*"]  # or both
    pattern: re.Pattern[str]
    advice: str
    places: frozenset[Place] = frozenset(Place)
    allowed: re.Pattern[str] | None = None  # a slip inside a match of this is no slip


def _words(words: str) -> str:
    """A pattern for any of the whole words of ``words``, a string of them split by spaces."""
    return r"\b(?:" + "|".join(words.split()) + r")\b"


# A French instruction's verb in the infinitive, at the head of an instruction: a line, an
# item, a sentence, or what follows a label such as « Rappel : ».
_INFINITIVES = _words(
    "prendre placer remplir installer piocher organiser réorganiser acheter "
    "changer retirer réapprovisionner mettre remettre descendre vérifier "
    "choisir utiliser défausser répartir mélanger lancer relancer payer "
    "déplacer compter révéler construire poser tirer garder ajouter barrer "
    "cocher marquer avancer reculer recevoir donner jouer retourner écrire "
    "noter rendre remplacer alimenter activer ranger disposer découper "
    "imprimer préparer chercher rechercher conserver envoyer former passer "
    "recommencer suivre"
)
_HEAD = (
    r"(?:^|(?<=[.!?;:]\s)|(?<=[.!?;:]\u00a0)|"
    r"(?:^\s*(?:[-*+]|\d+[.)]|[a-z][.)])\s+))"
)
# What « on » does where the reader should be « vous »: « on prend », « on tire »…
_ON_VERBS = _words(
    "prend tire choisit place pioche défausse joue doit peut met compte "
    "lance achète construit garde retire avance"
)
_LABEL = r"(?:(?:Rappel|Exception|Point de règle|Remarque|Astuce|Important)\s?:\s)?"
# Labels other than the house list's (docs/style.md: emphasis and labels).
_OTHER_LABELS = r"\b(?:Important|Attention|NB|N\.B\.)\s?:"

CONVENTIONS: tuple[Convention, ...] = (
    Convention(
        "quotes",
        "en",
        re.compile(r"[‘’“”]"),
        "write straight marks in the source (' and \"): the site curls them",
    ),
    Convention(
        "quotes",
        "fr",
        re.compile(r"[\"‘’]|[“”](?![^«»]*»)"),
        "« » with non-breaking spaces, “ ” only inside « », straight apostrophes",
    ),
    Convention(
        "words",
        "fr",
        re.compile(
            _words(
                "deux trois quatre cinq six sept huit dix onze douze treize quatorze "
                "quinze seize vingt trente quarante cinquante soixante cent"
            ),
            re.IGNORECASE,
        ),
        "a quantity from 2 up is written in figures (« les 2 rangées »); « l'un des deux » "
        "with no noun after it may stay",
        allowed=re.compile(r"\bl'une? des deux\b(?!\s*\w)", re.IGNORECASE),
    ),
    Convention(
        "words",
        "en",
        re.compile(
            _words(
                "two three four five six seven eight nine ten eleven twelve thirteen "
                "fourteen fifteen sixteen twenty thirty forty fifty hundred both"
            ),
            re.IGNORECASE,
        ),
        'a quantity from 2 up is written in figures ("the 2 rows"), never "both"; "one of '
        'the two" with no noun after it may stay',
        allowed=re.compile(r"\bone of the two\b(?!\s*\w)", re.IGNORECASE),
    ),
    Convention(
        "ordinals",
        "fr",
        re.compile(
            r"\b\d+\s?(?:ème|ième|ieme|eme|è|er|ère|re)\b|\b(?:[1-9]|10)e\b|"
            + _words(
                "onzième douzième treizième quatorzième quinzième seizième vingtième trentième"
            ),
            re.IGNORECASE,
        ),
        "ordinals are words up to the tenth (« troisième »), then figures with « e » (« 15e »)",
    ),
    Convention(
        "ordinals",
        "en",
        re.compile(
            r"\b(?:[1-9]|10)(?:st|nd|rd|th)\b|"
            + _words(
                "eleventh twelfth thirteenth fourteenth fifteenth sixteenth twentieth thirtieth"
            ),
            re.IGNORECASE,
        ),
        'ordinals are words up to the tenth ("third"), then figures ("15th")',
    ),
    Convention(
        "mood",
        "fr",
        re.compile(
            _HEAD
            + _LABEL
            + r"(?:toujours\s|ne pas\s)?"
            + _INFINITIVES
            + r"|\bil (?:faut|faudra)\b|\bl?'?on\s+(?:ne\s+|n')?"
            + _ON_VERBS,
            re.IGNORECASE | re.MULTILINE,
        ),
        "an instruction is in the imperative with « vous » (« Prenez », « Placez »), not the "
        "infinitive, « il faut » or « on »",
        frozenset({Place.TEXT}),
    ),
    Convention(
        "tense",
        "fr",
        re.compile(
            _words(
                "sera seront serez serons aura auront aurez pourra pourront pourrez "
                "devra devront devrez fera feront ferez faudra ira iront irez verra "
                "verrez"
            )
            + r"|\b\w+(?:era|eront|erez|dra|dront|drez)\b",
            re.IGNORECASE,
        ),
        "rules and examples are in the present (« le JA prend »), not the future",
    ),
    Convention(
        "tense",
        "en",
        re.compile(r"\b(?:will|shall|won't)\b", re.IGNORECASE),
        'rules and examples are in the present ("it takes"), not the future',
    ),
    Convention(
        "bold",
        "*",
        re.compile(r"\*\*"),
        'no bold in a rule: plain labels, « a. », « b. » / "a.", "b." for sub-steps',
    ),
    Convention(
        "note",
        "fr",
        re.compile(r"\bNote\s?:|\bPoint de règle\s?:|" + _OTHER_LABELS),
        "a note is « Remarque : », a reminder « Rappel : »",
    ),
    Convention(
        "note",
        "en",
        re.compile(r"\bRule note\s?:|" + _OTHER_LABELS),
        'a note is "Note:", a reminder "Reminder:"',
    ),
    Convention(
        "title",
        "*",
        re.compile(r"[?!]\s*$"),
        "a rule title is a noun phrase or a short clause, not a question or an exclamation",
        frozenset({Place.TITLE}),
    ),
    Convention(
        "examples",
        "fr",
        re.compile(r"(?:^|(?<=[.!?]\s))Par exemple\s?,"),
        "an example inside a rule opens on « Exemple : »",
        frozenset({Place.TEXT}),
    ),
    Convention(
        "examples",
        "en",
        re.compile(r"(?:^|(?<=[.!?]\s))For example\s?,"),
        'an example inside a rule opens on "Example:"',
        frozenset({Place.TEXT}),
    ),
    Convention(
        "base rules",
        "fr",
        re.compile(
            r"\brègles? (?:normales?|classiques?|originelles?|multijoueurs?|habituelles?)\b|"
            r"\bmise en place normale\b|\b(?:jeu|partie)(?: multijoueur)? (?:classique|normale)\b|"
            r"«\s?classiques?\s?»|\bnormalement\b",
            re.IGNORECASE,
        ),
        "the base game's own rules are « les règles du jeu de base »",
    ),
    Convention(
        "base rules",
        "en",
        re.compile(
            r"\b(?:standard|normal|original|classic|usual|multiplayer) (?:rules?|set-up|setup)\b|"
            r"\b(?:normal|classic|standard) game\b|\"classic\"|\bnormally\b"
        ),
        'the base game\'s own rules are "the rules of the base game"',
    ),
    Convention(
        "variant",
        "fr",
        re.compile(r"\bce solo\b|\bdu solo\b|\bversions? solo\b|\bla règle solo\b", re.IGNORECASE),
        "the variant is « la variante solo », its text « les règles solo »",
    ),
    Convention(
        "variant",
        "en",
        re.compile(r"\b(?:this|the) solo (?:game|version)\b", re.IGNORECASE),
        'the variant is "the solo variant", its text "the solo rules"',
    ),
    Convention(
        "heading",
        "fr",
        re.compile(r"^(?:Les|Le|La)\s|^L'|[!?]\s*$"),
        "a heading takes no leading article and ends with no « ! » or « ? »",
        frozenset({Place.HEADING}),
    ),
    Convention(
        "heading",
        "en",
        re.compile(r"^The\s|[!?]\s*$"),
        'a heading takes no leading article and ends with no "!" or "?"',
        frozenset({Place.HEADING}),
    ),
    Convention(
        "examples",
        "fr",
        re.compile(r"^Exemples?\s*\d"),
        "an example is titled « Exemple, <sujet> », with no number",
        frozenset({Place.TITLE, Place.HEADING}),
    ),
    Convention(
        "examples",
        "en",
        re.compile(r"^Examples?\s*\d"),
        'an example is titled "Example, <subject>", with no number',
        frozenset({Place.TITLE, Place.HEADING}),
    ),
)


def slips(line: str, lang: Lang, place: Place) -> Iterator[tuple[Convention, str]]:
    """The conventions of ``lang`` that ``line`` breaks in ``place``, each with the words
    that break it (the first slip of each convention only).

    >>> [(c.name, found) for c, found in slips("- Prendre deux jeux.", "fr", Place.TEXT)]
    [('words', 'deux'), ('mood', '- Prendre')]
    >>> [c.name for c, _ in slips("Acheter votre centrale", "fr", Place.TITLE)]
    []
    >>> [(c.name, f) for c, f in slips("l'un des deux ; les deux rangées", "fr", Place.TEXT)]
    [('words', 'deux')]
    >>> [found for _, found in slips("It will take both of the 3rd cards.", "en", Place.TEXT)]
    ['both', '3rd', 'will']
    >>> [found for _, found in slips("the 15th city of the 51st State", "en", Place.TEXT)]
    []
    """
    for convention in CONVENTIONS:
        if convention.lang in (lang, "*") and place in convention.places:
            allowed = convention.allowed
            spans = [m.span() for m in allowed.finditer(line)] if allowed else []
            for found in convention.pattern.finditer(line):
                if not any(start <= found.start() < end for start, end in spans):
                    yield convention, found.group(0).strip()
                    break
