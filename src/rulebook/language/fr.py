"""French: the words the tools write on the French pages, in the French PDFs and in the
files ``rulebook new`` drafts, and what names the language. The rules themselves are the
rules files (``rules_fr/``).

Careful editor's French: accents, « guillemets », a non-breaking space (U+00A0) before
``: ; ! ?``. This catalog and ``en`` are the only source files that write that space by hand
(tests/test_language.py holds the rest of ``src/`` to ``punctuation``).
"""

NAME = "Français"  # in the language itself: the menu of languages
ENGLISH_NAME = "French"  # in the tools' messages, which are English
LOCALE = "fr_FR"  # dates, link previews (og:locale), the PDFs

# The theme's interface words in French (furo's, and the literals templates/page.html passes
# through gettext), by their English: Sphinx's own French catalog gives every other word
# (sphinxext/theme_words.py lays these over it).
THEME: dict[str, str] = {
    "Skip to content": "Aller au contenu",
    "Back to top": "Haut de page",
    "On this page": "Sur cette page",
    "Next": "Suivant",
    "Previous": "Précédent",
    "Home": "Accueil",
    "Search": "Recherche",
    "Toggle site navigation sidebar": "Afficher ou masquer la navigation du site",
    "Toggle table of contents sidebar": "Afficher ou masquer le sommaire de la page",
    "Toggle Light / Dark / Auto color theme": "Thème clair, sombre ou automatique",
    "Contents": "Sommaire",
    "Menu": "Menu",
    "Expand": "Déplier",
    "Light mode": "Mode clair",
    "Dark mode": "Mode sombre",
    "Auto light/dark, in light mode": "Clair ou sombre selon l’appareil, ici clair",
    "Auto light/dark, in dark mode": "Clair ou sombre selon l’appareil, ici sombre",
}

# Every word has its key in ``en`` too (a test holds the two to the same keys).
WORDS: dict[str, str] = {
    # The site's title (its pages, feeds, web app and previews).
    "site_title": "Règles vérifiées",
    # The language switch's name for screen readers, in every language (languages.py).
    "language_switch": "Langue",
    # The rule blocks and generated pages (site/sphinxext/).
    "rule_id": "Règle",
    "corrected": "corrigée",
    "corrections": "Corrections",
    "code": "Code",
    "no_code": "Sans code\u00a0: cette règle ne décrit aucun comportement",
    "examples": "Exemples du code",
    "original": "Texte original",
    "lines": "lignes",
    "line": "ligne",
    "editor_note": "Note des éditeurs",
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
    # "Run" when Python or its runner cannot be loaded (no network): pressed again, it retries.
    "try_run_failed": (
        "Impossible de charger Python\u00a0: vérifiez la connexion, puis relancez l’exemple."
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
    "companion_rule": "règle",
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
        "Le compagnon n'a pas pu répondre à cette touche\u00a0: «\u00a0Annuler\u00a0» la reprend."
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
    "source_silent": "La source ne dit rien ici\u00a0: l’ajout entre crochets est des éditeurs.",
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
    # A forum quote of a rule that ends on a colon: a link to the rule it leads into (cite.py).
    "quote_read_on": "Lire la suite",
    "share_label": "Partager ou signaler la règle {id}",
    "copy_link": "Copier le lien",
    "copy_bbcode": "Copier la citation (BBCode)",
    "copy_markdown": "Copier la citation (Markdown)",
    "copied": "Copié",
    "copy_failed": "Copie impossible\u00a0: sélectionnez le lien permanent",
    "permalink": "Lien permanent",
    "report": "Signaler un problème",
    "note.interpretation": "la source laisse ce point ouvert\u00a0; cette lecture est la nôtre.",
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
    "notes_legend": "Notes des éditeurs",
    "notes_where": "La raison de chaque note et ce que disait la source\u00a0: {address}",
    "note_short.interpretation": "lecture des éditeurs",
    "note_short.source-error": "source corrigée",
    "note_short.changes-play": "correction qui change le jeu",
    # The home page (sphinxext/home.py).
    "by_game": "Par variante",
    # The banner of `make live` (sphinxext/live.py), after "rulebook check" and a count.
    "live_problems": "problème(s)",
    "live_here": "sur cette page, en gras",
    # The 404 page (site/files.py, pages/not_found.html): a missing address, a mistyped
    # short link's closest rules.
    "not_found_title": "Page introuvable",
    "not_found_lead": "Cette adresse ne mène à aucune page du livre.",
    "not_found_home": "Accueil en français",
    "not_found_no_rule": "Aucune règle ne porte l’identifiant",
    "not_found_guess": "Vouliez-vous dire",
    # The search page, when a search finds nothing (sphinxext/search.py; spaced there).
    "search_nothing": (
        "Aucune page ne répond à cette recherche. Vérifiez l'orthographe de ses mots, ou "
        "cherchez avec moins de mots."
    ),
    # Every page's footer (sphinxext/footer.py).
    "footer_source": "Source de cette variante",
    "footer_others": (
        "Les variantes restent à leurs auteurs\u00a0; leurs auteurs et traducteurs sont "
        "nommés sur chaque page de variante et dans les"
    ),
    "footer_credits": "crédits",
    "footer_licence": "Textes du livre (français nettoyé, traduction anglaise, registres)\u00a0:",
    "footer_code": "\u00a0; code\u00a0: licence MIT. Les textes sources restent à leurs auteurs.",
    # The PDFs' margins (site/pdf.py).
    "pdf_edition": "Édition du {date}",
    "pdf_page": "p.",
    # What `rulebook new` writes (book/scaffold.py): the provenance's sentences, the lead of
    # the code's review page.
    "new_origin": "Variante de {author}, publiée en français\u00a0: {url}",
    "new_translator": "Texte français\u00a0: {translator}.",
    "new_edition": (
        "Texte français nettoyé et traduction anglaise\u00a0: Règles vérifiées. "
        "Chaque correction est dans le registre."
    ),
    "new_code_lead": (
        "Les fonctions, classes et constantes qui appliquent les règles, avec leurs "
        "exemples\u00a0: chacune est nommée par les règles qu'elle applique, et chaque "
        "exemple lié à une règle y renvoie."
    ),
    # A new game's draft (book/scaffold.py): a rule whose source gave no words for a title,
    # and the credits rule before a source that opens on no title.
    "new_rule_title": "Règle {number}",
    "new_credits_title": "Crédits",
    "new_credits_text": "Par {author}.",
}
