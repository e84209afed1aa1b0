"""A rule's history on its page: the notices a quote of an older version, or a link to the
rule's old ID, leads to (hidden unless the address points at them: CSS ``:target``, no script
needed), and, once the rule has changed, when and what changed, folded away.

Each notice says, in the page's language, which version was followed and when, what has
changed since word by word, and that the rule as it stands follows.
"""

from typing import Any

from docutils import nodes

from rulebook.addresses import outdated_anchor, renamed_anchor
from rulebook.book import Book
from rulebook.book.entries import Entry
from rulebook.book.model import Version
from rulebook.language import Lang, text
from rulebook.language.dates import long_date
from rulebook.site.sphinxext.html_templates import html_block
from rulebook.text.reading import reading_text
from rulebook.text.smart_quotes import smart
from rulebook.text.word_changes import word_changes


def words_of(version: Version, lang: Lang) -> str:
    """A version's title and text as the page reads them, not as the rules file writes them
    (``reading_text``): the difference a reader is shown is one of words, not of markup."""
    title, body = version.title(lang), version.body(lang)
    return f"{smart(title, lang)}\n\n{reading_text(body, lang)}"


def reasons(entry: Entry, before: Version, after: Version, lang: Lang) -> list[str]:
    """The register's reasons for corrections of the source that this change brought in."""
    return [
        c.reason(lang)
        for c in entry.corrections
        if c.corrected and c.corrected in after.fr and c.corrected not in before.fr
    ]


def outdated(entry: Entry, lang: Lang) -> list[dict[str, Any]]:
    """One notice per older version of the rule."""
    versions = entry.versions
    if len(versions) < 2:
        return []
    now = versions[-1]
    return [
        {
            "anchor": outdated_anchor(entry.id, old.number),
            "said": text(lang, "outdated_version").format(
                old=old.number,
                old_date=long_date(old.date, lang),
                new=now.number,
                new_date=long_date(now.date, lang),
            ),
            "pieces": word_changes(words_of(old, lang), words_of(now, lang)),
            "reasons": reasons(entry, old, now, lang),
        }
        for old in versions[:-1]
    ]


def renamed(book: Book, entry: Entry, lang: Lang) -> list[dict[str, Any]]:
    """One notice per old ID of the rule, kept as an alias of it."""
    aliases = book.published.aliases if book.published else {}
    found = []
    for old, (new, _) in aliases.items():
        if new != entry.id:
            continue
        when = next((v.date for v in entry.versions if v.renamed_from == old), None)
        said = text(lang, "outdated_renamed").format(
            old=old, new=entry.id, date=long_date(when, lang) if when else "?"
        )
        found.append({"anchor": renamed_anchor(entry.id, old), "said": said, "pieces": []})
    return found


def last_change(entry: Entry, lang: Lang) -> dict[str, Any] | None:
    versions = entry.versions
    if len(versions) < 2:
        return None
    before, now = versions[-2], versions[-1]
    return {
        "anchor": f"{entry.id}--history",
        "said": text(lang, "changed_on").format(date=long_date(now.date, lang), n=now.number),
        "pieces": word_changes(words_of(before, lang), words_of(now, lang)),
        "reasons": reasons(entry, before, now, lang),
    }


def notices(book: Book, entry: Entry, lang: Lang) -> list[nodes.Node]:
    found = renamed(book, entry, lang) + outdated(entry, lang)
    if not found:
        return []
    return [html_block("rule_outdated.html", lang, ("no-search",), notices=found)]


def history(entry: Entry, lang: Lang) -> list[nodes.Node]:
    change = last_change(entry, lang)
    if change is None:
        return []
    return [html_block("rule_history.html", lang, ("no-search",), change=change)]
