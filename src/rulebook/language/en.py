"""English: the words the tools write on the English pages, in the English PDFs and in
the files ``rulebook new`` drafts, and what names the language. The rules themselves are the
rules files (``rules_en/``). A published rulebook's register, British spelling.
"""

NAME = "English"  # in the language itself: the menu of languages
ENGLISH_NAME = "English"  # in the tools' messages, which are English
LOCALE = "en_GB"  # dates, link previews (og:locale), the PDFs

# The theme's interface words: furo writes them in English.
THEME: dict[str, str] = {}

# Every word has its key in ``fr`` too (a test holds the two to the same keys).
WORDS: dict[str, str] = {
    # The site's title (its pages, feeds, web app and previews).
    "site_title": "Verified Rules",
    # The language switch's name for screen readers, in every language (languages.py).
    "language_switch": "Language",
    # The rule blocks and generated pages (site/sphinxext/).
    "rule_id": "Rule",
    "corrected": "corrected",
    "corrections": "Corrections",
    "code": "Code",
    "no_code": "No code: this rule describes no behaviour",
    "examples": "Examples from the code",
    "original": "Original text",
    "lines": "lines",
    "line": "line",
    "editor_note": "Editors’ note",
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
    # "Run" when Python or its runner cannot be loaded (no network): pressed again, it retries.
    "try_run_failed": (
        "Python could not be loaded: check the connection, then run the example again."
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
    "companion_rule": "rule",
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
    # A forum quote of a rule that ends on a colon: a link to the rule it leads into (cite.py).
    "quote_read_on": "Read on",
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
    "aid_intro": "The turn and the tables, word for word as the rules give them. The whole rules: ",
    "aid_print": "Print:",
    "aid_none": "No rule of this variant is marked for the player aid.",
    "rule_online": "Any rule online: {address}",
    "rule_online_id": "ID",
    "qr_caption": "This variant online",
    "notes_legend": "Editors’ notes",
    "notes_where": "The reason for each note, and what the source said: {address}",
    "note_short.interpretation": "the editors’ reading",
    "note_short.source-error": "the source corrected",
    "note_short.changes-play": "a correction that changes play",
    # The home page (sphinxext/home.py).
    "by_game": "Game by game",
    # The banner of `make live` (sphinxext/live.py), after "rulebook check" and a count.
    "live_problems": "problem(s)",
    "live_here": "on this page, in bold",
    # The 404 page (site/files.py, pages/not_found.html): a missing address, a mistyped
    # short link's closest rules.
    "not_found_title": "Page not found",
    "not_found_lead": "This address leads to no page of the book.",
    "not_found_home": "Home in English",
    "not_found_no_rule": "No rule has the ID",
    "not_found_guess": "Did you mean",
    # The search page, when a search finds nothing (sphinxext/search.py; spaced there).
    "search_nothing": (
        "No page matches this search. Check the spelling of its words, or search with fewer words."
    ),
    # Every page's footer (sphinxext/footer.py).
    "footer_source": "Source of this variant",
    "footer_others": (
        "The variants remain their authors'; their authors and translators are named on "
        "each variant's page and in the"
    ),
    "footer_credits": "credits",
    "footer_licence": "The book's texts (cleaned French, English translation, registers):",
    "footer_code": "; code: MIT licence. The source texts remain their authors'.",
    # The PDFs' margins (site/pdf.py).
    "pdf_edition": "Edition of {date}",
    "pdf_page": "p.",
    # What `rulebook new` writes (book/scaffold.py): the provenance's sentences, the lead of
    # the code's review page.
    "new_origin": "A variant by {author}, posted in French: {url}",
    "new_translator": "French text: {translator}.",
    "new_edition": (
        "Cleaned French text and English translation: Verified Rules. "
        "Every correction is in the register."
    ),
    "new_code_lead": (
        "The functions, classes and constants that apply the rules, with their examples: "
        "each is named by the rules it applies, and each example bound to a rule links to it."
    ),
    # A new game's draft (book/scaffold.py): a rule whose source gave no words for a title,
    # and the credits rule before a source that opens on no title.
    "new_rule_title": "Rule {number}",
    "new_credits_title": "Credits",
    "new_credits_text": "By {author}.",
}
