"""The site's settings and interface words, in one typed place shared by both builds."""

import datetime
from dataclasses import dataclass, field

from babel.dates import format_date

from rulebook.addresses import ADDRESSES, Addresses

LANGUAGES = ("fr", "en")
# Each language's locale: dates, link previews (og:locale), the PDFs.
LOCALES = {"fr": "fr_FR", "en": "en_GB"}
# A colon as each language writes it before a value: French with a non-breaking space.
COLON = {"fr": "\u00a0: ", "en": ": "}


def long_date(day: datetime.date, lang: str) -> str:
    """A date as a reader of the language writes it (the PDFs' edition, a rule's changes).

    >>> long_date(datetime.date(2026, 11, 1), "fr"), long_date(datetime.date(2026, 11, 23), "fr")
    ('1er novembre 2026', '23 novembre 2026')
    >>> long_date(datetime.date(2026, 11, 1), "en")
    '1 November 2026'
    """
    written = format_date(day, "long", locale=LOCALES[lang])
    return "1er" + written[1:] if lang == "fr" and day.day == 1 else written


def page_alternates(page: str, base: str) -> list[tuple[str, str]]:
    """The ``hreflang`` alternates of a page (its path within a language's folder), absolute.

    ``x-default``, for readers of neither language, is the root for the home pages: the root
    page sends each reader to their language. Other pages have no neutral version, so it is
    the French page, the book's reference text (the English pages say so when they lag).

    >>> page_alternates("index.html", "https://x.org/")[-1]
    ('x-default', 'https://x.org/')
    >>> page_alternates("glossary.html", "https://x.org/")[-1]
    ('x-default', 'https://x.org/fr/glossary.html')
    """
    alternates = [(code, f"{base}{code}/{page}") for code in LANGUAGES]
    return [*alternates, ("x-default", base if page == "index.html" else alternates[0][1])]


@dataclass(frozen=True)
class SiteConfig(Addresses):
    """Settings for both language builds: the addresses links are made with (read once, in
    ``rulebook.addresses``), the site's title and the languages' names."""

    title: dict[str, str] = field(
        default_factory=lambda: {"fr": "Règles vérifiées", "en": "Verified Rules"}
    )
    language_names: dict[str, str] = field(
        default_factory=lambda: {"fr": "Français", "en": "English"}
    )


CONFIG = SiteConfig(ADDRESSES.base_url, ADDRESSES.repo_url)

# Interface words of the rule blocks and generated pages; the rules themselves are the
# rules files. Both languages have the same keys (a test holds them to it).
STRINGS: dict[str, dict[str, str]] = {
    "fr": {
        "rule_id": "Règle",
        "corrected": "corrigée",
        "corrections": "Corrections",
        "code": "Code",
        "no_code": "Sans code\u00a0: cette règle ne décrit aucun comportement",
        "examples": "Exemples du code",
        "original": "Texte original",
        "lines": "lignes",
        "line": "ligne",
        "editor_note": "Note de l'éditeur",
        "stale_title": "Traduction à revoir",
        "stale": "La règle française a changé depuis cette traduction.",
        "unchecked_title": "Traduction non vérifiée",
        "unchecked": "Ce texte anglais a changé depuis sa dernière vérification.",
        "added": "Ajout du livre\u00a0: ce texte n'est pas dans la source.",
        "outdated_title": "Cette règle a changé depuis votre citation",
        "outdated_version": (
            "Vous avez suivi la version\u00a0{old} de cette règle, du {old_date}. Elle a changé "
            "depuis\u00a0: elle en est à la version\u00a0{new}, du {new_date}. Ce qui a changé "
            "(barré\u00a0: retiré, souligné\u00a0: ajouté)\u00a0:"
        ),
        "outdated_renamed": "Vous avez suivi la règle {old}, devenue {new} le {date}.",
        "outdated_now": "La règle telle qu'elle est aujourd'hui\u00a0:",
        "changed_on": "Modifiée le {date} (version\u00a0{n})\u00a0: ce qui a changé",
        "change_reason": "Correction de la source",
        "changes_title": "Ce qui a changé",
        "changes_feed": "Fil Atom des changements",
        "changes_none": "Aucune règle n'a changé depuis la première édition.",
        "first_editions": "Premières éditions",
        "chain_title": "Les règles que le code a appliquées dans cet exemple",
        "chain_more": "… et {n} étapes de plus.",
        "try_title": "Essayer cet exemple",
        "try_help": (
            "Modifiez le code (un autre lancer, un autre niveau…) puis lancez-le\u00a0: c'est "
            "le code même que la vérification contrôle. Python se charge au premier essai."
        ),
        "try_code": "Code de l'exemple",
        "try_run": "Lancer",
        "try_result": "Résultat\u00a0:",
        "try_error": "Erreur\u00a0:",
        "try_loading": "Chargement de Python…",
        "try_failed": (
            "Impossible de charger cet exemple\u00a0: vérifiez la connexion, puis refermez et "
            "rouvrez ce panneau."
        ),
        # Under a rule that is no worked example, its code's examples (chain.py).
        "try_rule": "Essayer le code de cette règle",
        "chain_rule": "Les règles que le code a appliquées dans les exemples de cette règle",
        "example_id": "Exemple",
        # A page opened as a file (file://): its "try" panels and companion cannot start.
        "served_only": (
            "Cette page est ouverte comme un fichier\u00a0: ni les essais ni le compagnon ne "
            "peuvent y lancer Python. Servez le site (dans le dossier du livre\u00a0: make "
            "serve), puis ouvrez http://127.0.0.1:8000/."
        ),
        "moved": "Cette page a changé d'adresse\u00a0: la suivre",
        "companion_link": "À la table\u00a0: le compagnon",
        "companion_what": "le compagnon de jeu",
        "companion_no_script": (
            "Le compagnon a besoin de JavaScript\u00a0: le code du livre y tourne dans la page."
        ),
        "companion_unavailable": (
            "Ce site a été construit sans Python pour le navigateur (Pyodide)\u00a0: le compagnon "
            "n'y est pas disponible."
        ),
        "companion_why": "Pourquoi\u00a0?",
        "companion_refused": "Refusé",
        "companion_over": "La partie est terminée.",
        "companion_new_game": "Nouvelle partie",
        "companion_new": "Nouvelle partie",
        "companion_undo": "Annuler",
        "companion_new_confirm": "Abandonner cette partie et en commencer une nouvelle\u00a0?",
        "companion_loading": "Démarrage de Python…",
        "companion_first_visit": (
            "Première visite\u00a0: le navigateur télécharge Python et le code du livre "
            "(au plus {size}\u00a0Mo), puis les garde pour jouer sans réseau."
        ),
        "companion_failed": (
            "Le compagnon n'a pas pu démarrer\u00a0: ce navigateur n'a pas pu charger Python. "
            "Rechargez la page une fois le réseau revenu."
        ),
        "companion_broken": (
            "Le compagnon n'a pas pu répondre à cette touche\u00a0: «\u00a0Annuler\u00a0» "
            "la reprend."
        ),
        "companion_less": "Moins\u00a0:",
        "companion_more": "Plus\u00a0:",
        "first_edition": "Première édition de {game}\u00a0: {date} ({n}\u00a0règles).",
        "kind.new": "nouvelle règle",
        "kind.wording": "formulation",
        "kind.number": "nombre",
        "kind.renamed": "renommée",
        "kind.retired": "retirée",
        "see_change": "voir le changement",
        "source_said": "La source disait",
        "source_silent": (
            "La source ne dit rien ici\u00a0: l’ajout entre crochets est des éditeurs."
        ),
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
            "ne sont pas listés\u00a0; tout changement de mots l'est."
        ),
        "no_entries": "Aucune correction.",
        "other_language": "English",
        "side_by_side": "Côte à côte",
        "glossary": "Glossaire\u00a0: un terme français et un terme anglais pour chaque chose",
        "whole_book": "Tout le livre",
        "term_here": "Français",
        "term_other": "Anglais",
        "term_what": "Ce que le terme désigne",
        "traceability": "Traçabilité\u00a0: chaque règle, son code et ses exemples",
        "export": "Le livre en JSON",
        "sbs_original": "Original",
        "sbs_french": "Français nettoyé",
        "sbs_english": "Anglais",
        "to_page": "voir sur la page de la variante",
        "trace_rule": "Règle",
        "trace_title": "Titre",
        "trace_code": "Code",
        "trace_examples": "Exemples du code",
        "trace_corrections": "Corrections",
        "trace_original": "Lignes de l'original",
        "examples_pass": "{n} liés, réussis",
        "examples_fail": "{n} liés, en échec",
        "examples_none": "aucun lié",
        "no_code_short": "sans code",
        "proofreading": "Relecture",
        "proofreading_title": "Montrer texte original, code et corrections",
        "share": "Partager",
        "share_label": "Partager ou signaler la règle {id}",
        "copy_link": "Copier le lien",
        "copy_bbcode": "Copier la citation (BBCode)",
        "copy_markdown": "Copier la citation (Markdown)",
        "copied": "Copié",
        "copy_failed": "Copie impossible\u00a0: sélectionnez le lien permanent",
        "permalink": "Lien permanent",
        "report": "Signaler un problème",
        "note.interpretation": (
            "la source laisse ce point ouvert\u00a0; cette lecture est la nôtre."
        ),
        "note.source-error": "la source se trompe ici\u00a0; le texte est corrigé.",
        "note.changes-play": (
            "le texte de la source est corrigé ici, et la correction change ce que vous faites."
        ),
        "why": "Pourquoi\u00a0?",
        # A glossary term in a rule (sphinxext/term_links.py, terms.js).
        "term_more": "Voir au glossaire",
        "table": "Tableau",
        "rule_type": "règle",
        # The print edition and the player aid (site/pdf.py, sphinxext/credits.py, player_aid.py).
        "pdf_a4": "PDF A4",
        "pdf_letter": "PDF Lettre US",
        "aid_link": "À la table\u00a0: l’aide de jeu",
        "aid_intro": "Le tour et les tableaux, mot pour mot tels que les règles les donnent. "
        "Les règles complètes\u00a0: ",
        "aid_print": "Imprimer\u00a0:",
        "aid_none": "Aucune règle de cette variante n’est marquée pour l’aide de jeu.",
        "rule_online": "Chaque règle en ligne\u00a0: {address}",
        "rule_online_id": "identifiant",
        "qr_caption": "Cette variante en ligne",
        "notes_legend": "Notes de l’éditeur",
        "notes_where": "La raison de chaque note et ce que disait la source\u00a0: {address}",
        "note_short.interpretation": "lecture des éditeurs",
        "note_short.source-error": "source corrigée",
        "note_short.changes-play": "correction qui change le jeu",
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
        "stale_title": "Translation out of date",
        "stale": (
            "The French rule has changed since this translation; the French page is the reference."
        ),
        "unchecked_title": "Translation not checked",
        "unchecked": (
            "This English text has changed since it was last checked against the French; the "
            "French page is the reference."
        ),
        "added": "Added by the book: this text is not in the source.",
        "outdated_title": "This rule has changed since your quote",
        "outdated_version": (
            "You followed version {old} of this rule, of {old_date}. It has changed since: it "
            "is now at version {new}, of {new_date}. What changed (struck out: removed, "
            "underlined: added):"
        ),
        "outdated_renamed": "You followed rule {old}, which became {new} on {date}.",
        "outdated_now": "The rule as it stands today:",
        "changed_on": "Changed on {date} (version {n}): what changed",
        "change_reason": "Correction of the source",
        "changes_title": "What changed",
        "changes_feed": "Atom feed of the changes",
        "changes_none": "No rule has changed since the first edition.",
        "first_editions": "First editions",
        "chain_title": "The rules the code applied in this example",
        "chain_more": "… and {n} more steps.",
        "try_title": "Try this example",
        "try_help": (
            "Edit the code (another roll, another level…) and run it: it is the very code the "
            "check verifies. Python loads on the first run."
        ),
        "try_code": "The example's code",
        "try_run": "Run",
        "try_result": "Result:",
        "try_error": "Error:",
        "try_loading": "Loading Python…",
        "try_failed": (
            "This example could not be loaded: check the connection, then close and open this "
            "panel again."
        ),
        # Under a rule that is no worked example, its code's examples (chain.py).
        "try_rule": "Try this rule’s code",
        "chain_rule": "The rules the code applied in this rule’s examples",
        "example_id": "Example",
        # A page opened as a file (file://): its "try" panels and companion cannot start.
        "served_only": (
            "This page is opened as a file: neither the “try” panels nor the companion can "
            "run Python in it. Serve the site (in the book’s folder: make serve), then open "
            "http://127.0.0.1:8000/."
        ),
        "moved": "This page has moved: follow it",
        "companion_link": "At the table: the companion",
        "companion_what": "the game companion",
        "companion_no_script": "The companion needs JavaScript: the book's code runs in the page.",
        "companion_unavailable": (
            "This site was built without Python for the browser (Pyodide): the companion is "
            "not available here."
        ),
        "companion_why": "Why?",
        "companion_refused": "Refused",
        "companion_over": "The game is over.",
        "companion_new_game": "New game",
        "companion_new": "New game",
        "companion_undo": "Undo",
        "companion_new_confirm": "Abandon this game and start a new one?",
        "companion_loading": "Starting Python…",
        "companion_first_visit": (
            "First visit: the browser downloads Python and the book's code (at most {size} "
            "MB), then keeps them to play with no network."
        ),
        "companion_failed": (
            "The companion could not start: this browser could not load Python. Reload the "
            "page once the network is back."
        ),
        "companion_broken": 'The companion could not answer this tap: "Undo" takes it back.',
        "companion_less": "Less:",
        "companion_more": "More:",
        "first_edition": "First edition of {game}: {date} ({n} rules).",
        "kind.new": "new rule",
        "kind.wording": "wording",
        "kind.number": "number",
        "kind.renamed": "renamed",
        "kind.retired": "retired",
        "see_change": "see the change",
        "source_said": "The source said",
        "source_silent": (
            "The source says nothing here: the addition in square brackets is the editors’."
        ),
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
        "side_by_side": "Side by side",
        "glossary": "Glossary: one English and one French term for each thing",
        "whole_book": "The whole book",
        "term_here": "English",
        "term_other": "French",
        "term_what": "What it names",
        "traceability": "Traceability: every rule, its code and its examples",
        "export": "The book as JSON",
        "sbs_original": "Original",
        "sbs_french": "Cleaned French",
        "sbs_english": "English",
        "to_page": "see on the variant's page",
        "trace_rule": "Rule",
        "trace_title": "Title",
        "trace_code": "Code",
        "trace_examples": "Examples from the code",
        "trace_corrections": "Corrections",
        "trace_original": "Original lines",
        "examples_pass": "{n} bound, passing",
        "examples_fail": "{n} bound, failing",
        "examples_none": "none bound",
        "no_code_short": "no code",
        "proofreading": "Proof-reading",
        "proofreading_title": "Show original text, code and corrections",
        "share": "Share",
        "share_label": "Share or report rule {id}",
        "copy_link": "Copy link",
        "copy_bbcode": "Copy quote (BBCode)",
        "copy_markdown": "Copy quote (Markdown)",
        "copied": "Copied",
        "copy_failed": "Could not copy: select the permanent link",
        "permalink": "Permanent link",
        "report": "Report a problem",
        "note.interpretation": "the source leaves this point open; this reading is ours.",
        "note.source-error": "the source is wrong here; the text is corrected.",
        "note.changes-play": "the source's text is corrected here, and it changes what you do.",
        "why": "Why?",
        # A glossary term in a rule (sphinxext/term_links.py, terms.js).
        "term_more": "See it in the glossary",
        "table": "Table",
        "rule_type": "rule",
        # The print edition and the player aid (site/pdf.py, sphinxext/credits.py, player_aid.py).
        "pdf_a4": "PDF A4",
        "pdf_letter": "PDF US Letter",
        "aid_link": "At the table: the player aid",
        "aid_intro": "The turn and the tables, word for word as the rules give them. "
        "The whole rules: ",
        "aid_print": "Print:",
        "aid_none": "No rule of this variant is marked for the player aid.",
        "rule_online": "Any rule online: {address}",
        "rule_online_id": "ID",
        "qr_caption": "This variant online",
        "notes_legend": "Editor’s notes",
        "notes_where": "The reason for each note, and what the source said: {address}",
        "note_short.interpretation": "the editors’ reading",
        "note_short.source-error": "the source corrected",
        "note_short.changes-play": "a correction that changes play",
    },
}


def text(lang: str, key: str) -> str:
    return STRINGS.get(lang, STRINGS["en"])[key]
