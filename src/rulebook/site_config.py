"""The site's settings and interface words, in one typed place shared by both builds."""

from dataclasses import dataclass, field

LANGUAGES = ("fr", "en")


@dataclass(frozen=True)
class SiteConfig:
    """Settings for both language builds."""

    title: dict[str, str] = field(
        default_factory=lambda: {"fr": "Règles vérifiées", "en": "Verified Rules"}
    )
    language_names: dict[str, str] = field(
        default_factory=lambda: {"fr": "Français", "en": "English"}
    )
    # The public address of the site; absolute links (cite, previews) are made with it.
    base_url: str = ""


CONFIG = SiteConfig()

# Interface words of the rule blocks and generated pages; the rules themselves are the
# rules files. Both languages have the same keys (a test holds them to it).
STRINGS: dict[str, dict[str, str]] = {
    "fr": {
        "rule_id": "Règle",
        "corrected": "corrigée",
        "corrections": "Corrections",
        "code": "Code",
        "no_code": "Sans code : cette règle ne décrit aucun comportement",
        "examples": "Exemples du code",
        "original": "Texte original",
        "lines": "lignes",
        "line": "ligne",
        "editor_note": "Note de l'éditeur",
        "source_said": "La source disait",
        "games": "Les variantes",
        "rules_count": "règles",
        "corrections_of": "Registre des corrections",
        "kind.spelling": "orthographe",
        "kind.grammar": "grammaire",
        "kind.terminology": "terminologie",
        "kind.mistranslation": "traduction fautive",
        "kind.markup": "balisage",
        "kind.source-error": "erreur de la source",
        "kind.interpretation": "interprétation",
        "left_out": "Lignes laissées de côté",
        "to_rule": "voir la règle",
        "typography": (
            "Les changements de typographie (espaces, apostrophes, majuscules, ponctuation) "
            "ne sont pas listés ; tout changement de mots l'est."
        ),
        "no_entries": "Aucune correction.",
        "other_language": "English",
    },
    "en": {
        "rule_id": "Rule",
        "corrected": "corrected",
        "corrections": "Corrections",
        "code": "Code",
        "no_code": "No code: this rule describes no behaviour",
        "examples": "Examples from the code",
        "original": "Original text",
        "lines": "lines",
        "line": "line",
        "editor_note": "Editor's note",
        "source_said": "The source said",
        "games": "The variants",
        "rules_count": "rules",
        "corrections_of": "Corrections register",
        "kind.spelling": "spelling",
        "kind.grammar": "grammar",
        "kind.terminology": "terminology",
        "kind.mistranslation": "mistranslation",
        "kind.markup": "markup",
        "kind.source-error": "error in the source",
        "kind.interpretation": "interpretation",
        "left_out": "Lines left out",
        "to_rule": "see the rule",
        "typography": (
            "Changes of typography (spaces, apostrophes, capitals, punctuation) are not "
            "listed; every change of wording is. Quotes are of the French text."
        ),
        "no_entries": "No correction.",
        "other_language": "Français",
    },
}


def text(lang: str, key: str) -> str:
    return STRINGS.get(lang, STRINGS["en"])[key]
