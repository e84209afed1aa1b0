"""A proof-reader corrects one French rule of each game, as a new user would, and runs
`rulebook check`: it names the English rule to update, says whether the code still agrees,
and asks for the change to be registered. Then the loop closes once all three are done."""

import datetime
from dataclasses import dataclass

import pytest

from rulebook.book import load_book
from rulebook.book.model import Problem
from rulebook.book.translation_state import record
from rulebook.outputs.versions import record_versions
from tests.conftest import BookCopy


@dataclass(frozen=True)
class Correction:
    """One edit of a French rule, and what the check must then say about the code."""

    game: str
    rule: str
    before: str
    after: str
    code: str  # the start of the code's verdict on the stale translation


CORRECTIONS = {
    "Port Royal: the winning score changed, which the code does not say": Correction(
        "port-royal-morgan", "pr-end", "atteignez 20 points", "atteignez 25 points", "disagrees"
    ),
    "Catan: 'at least 5' roads made 'more than 5', a bound the code puts elsewhere": Correction(
        "catan-dice-extra",
        "cd-starting-road-distance",
        "par au moins 5 routes",
        "par plus de 5 routes",
        "disagrees",
    ),
    "Megawatts: one glossary term swapped for another, the code unaffected": Correction(
        "megawatts-solo",
        "mw-resupply",
        "Réapprovisionnez le marché des ressources tel",
        "Réapprovisionnez le marché des centrales tel",
        "no disagreement",
    ),
    "Stone Age: the number of colours that act changed": Correction(
        "stone-age-solo", "sa-end-of-actions", "3 couleurs", "4 couleurs", "disagrees"
    ),
    "51st State: the number of rounds changed": Correction(
        "51st-state-solo", "fs-goal", "se joue sur 6 tours", "se joue sur 7 tours", "disagrees"
    ),
}


def of_rule(problems: list[Problem], rule: str, check: str, folder: str) -> list[Problem]:
    return [p for p in problems if p.rule == rule and p.check == check and folder in str(p.path)]


@pytest.mark.parametrize("correction", CORRECTIONS.values(), ids=CORRECTIONS.keys())
def test_a_french_correction_names_the_english_rule_to_update_and_the_codes_verdict(
    book_copy: BookCopy, correction: Correction
) -> None:
    book_copy.edit(f"rules_fr/{correction.game}.md", correction.before, correction.after)
    problems = book_copy.problems()
    [stale] = of_rule(problems, correction.rule, "translation", "rules_en")
    assert stale.path.name == f"{correction.game}.md"
    assert f"rulebook translated {correction.rule}" in stale.fix
    assert stale.code.startswith(correction.code), stale.code
    assert of_rule(problems, correction.rule, "corrections", "rules_fr"), "unregistered change"
    against_code = [p for p in problems if p.rule == correction.rule and p.code and p != stale]
    if correction.code == "disagrees":
        assert any(p.check in ("quantities", "bounds") for p in against_code)
        assert stale.code.endswith("problem(s))") and "see rules_fr/" in stale.code
    else:
        assert not any(p.check in ("quantities", "bounds") for p in against_code)
        assert stale.code.endswith("a change of meaning beyond those is yours to check")


def test_the_loop_closes_once_english_translation_and_register_are_updated(
    book_copy: BookCopy,
) -> None:
    correction = CORRECTIONS[
        "Megawatts: one glossary term swapped for another, the code unaffected"
    ]
    book_copy.edit(f"rules_fr/{correction.game}.md", correction.before, correction.after)
    glossary = of_rule(book_copy.problems(), correction.rule, "glossary", "rules_en")
    assert glossary and "«power plant market»" in glossary[0].message
    book_copy.edit(
        f"rules_en/{correction.game}.md",
        "Resupply the resource market as shown",
        "Resupply the power plant market as shown",
    )
    register = book_copy.root / f"rules_fr/{correction.game}.corrections.toml"
    register.write_text(
        register.read_text(encoding="utf-8")
        + '\n[[correction]]\nrule = "mw-resupply"\noriginal = "marché des ressources tel"\n'
        'corrected = "marché des centrales tel"\nkind = "interpretation"\n'
        'reason_fr = "Essai de relecture."\nreason_en = "A proof-reading trial."\n'
        "changes_play = false\n",
        encoding="utf-8",
    )
    remaining = book_copy.problems()
    assert [p.check for p in remaining] == ["translation", "history"]
    record(load_book(book_copy.root), [correction.rule])
    assert [p.check for p in book_copy.problems()] == ["history"]  # the change not yet recorded
    record_versions(load_book(book_copy.root), datetime.date(2026, 12, 1))  # `rulebook publish`
    assert book_copy.problems() == []
