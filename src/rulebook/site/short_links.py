"""Short links: ``r/<id>/`` leads to the rule in the reader's language, ``r/<id>/fr/`` and
``r/<id>/en/`` to the rule in that language (the links the quotes of each language carry).

One set of pages per rule ID ever published, aliases of renamed rules included, so a link
pasted in a forum keeps working. Each page describes its rule, in its own language, for
link previews; the text comes from the rules files and is escaped by the template.
"""

from dataclasses import dataclass
from pathlib import Path

import jinja2

from rulebook.addresses import outdated_anchor, page_url, renamed_anchor, short_url
from rulebook.book import Book
from rulebook.book.files import inside, write_whole
from rulebook.book.model import Rule, Version
from rulebook.language import LANGUAGES, Lang, catalog, text
from rulebook.outputs import export
from rulebook.site.config import CONFIG
from rulebook.site.previews import rule_description

PAGES = jinja2.Environment(
    loader=jinja2.FileSystemLoader(Path(__file__).parent / "pages"),
    autoescape=True,
    undefined=jinja2.StrictUndefined,
)
PAGES.globals["book_languages"] = list(LANGUAGES)  # reader_language.html's


@dataclass(frozen=True)
class Target:
    """Where a short link leads in one language."""

    lang: Lang
    relative: str  # from the short-link page: works on any host and from the disk
    absolute: str
    title: str


@dataclass(frozen=True)
class Where:
    """Where in the rule a short link leads: the rule itself (``anchor`` ""), or the notice
    of an outdated quote or of a renamed rule; ``version``: the link names one."""

    anchor: str = ""
    version: int | None = None


def rule_in(book: Book, rule_id: str, lang: Lang) -> Rule:
    """The rule in a language, the French one when the English is missing."""
    entry = book.entry(rule_id)
    return entry.rule(lang) or entry.fr


def curled(text: str) -> str:
    """A title or a description as a preview card shows it: its apostrophes typographic, as
    the pages print them (the rules files write them straight).

    >>> curled("D'où vient le nom de Morgan")
    'D’où vient le nom de Morgan'
    """
    return text.replace("'", "\u2019")


def target(book: Book, rule_id: str, lang: Lang, depth: int, base: str, anchor: str = "") -> Target:
    rule = rule_in(book, rule_id, lang)
    game = book.game(rule.game)
    rules_file = game.shown_in(lang)
    page = page_url(rule_id, game.slug, lang, base="", anchor=anchor)
    title = curled(f"{rules_file.title} · {rule.title} ({rule_id})")
    return Target(lang, "../" * depth + page, base + page, title)


def short_page(
    book: Book, rule_id: str, target_id: str, lang: Lang | None, base: str, where: Where
) -> str:
    """The page of ``r/<rule_id>/[v<N>/]<lang>/``, or of the neutral ``r/<rule_id>/[v<N>/]``
    (``lang`` None: French and English, the reader's browser choosing)."""
    langs = (lang,) if lang else LANGUAGES
    depth = (3 if lang else 2) + (1 if where.version else 0)
    targets = [target(book, target_id, code, depth, base, where.anchor) for code in langs]
    limit = 200 if lang else 150
    descriptions = [
        curled(rule_description(rule_in(book, target_id, code), limit)) for code in langs
    ]
    # The neutral page: the first language's whole title, then each other's rule title.
    others = [curled(rule_in(book, target_id, code).title) for code in langs[1:]]
    title = " / ".join([targets[0].title, *others])
    page_lang = lang or LANGUAGES[0]
    return PAGES.get_template("short_link.html").render(
        lang=page_lang,
        title=title,
        site=" · ".join(text(c, "site_title") for c in ((lang,) if lang else LANGUAGES)),
        description=" / ".join(descriptions),
        canonical=targets[0].absolute,
        url=short_url(rule_id, base, lang, where.version),
        locale=catalog(page_lang).locale,
        other_locales=[catalog(code).locale for code in LANGUAGES if code != page_lang],
        targets=targets,
        relative_targets={t.lang: t.relative for t in targets},
    )


def links(book: Book) -> dict[tuple[str, int | None], tuple[str, Where]]:
    """Every short link, ``(ID, version)`` to the rule it leads to and where in it: each rule,
    each alias of a renamed rule (to the notice of its renaming), and each version ever
    recorded (the current one to the rule, an older one to the notice of what changed)."""
    found: dict[tuple[str, int | None], tuple[str, Where]] = {}
    for entry in book.entries.values():
        found[entry.id, None] = (entry.id, Where())
        current = len(entry.versions)
        for version in entry.versions:
            outdated = version.number < current
            anchor = outdated_anchor(entry.id, version.number) if outdated else ""
            found[version.rule, version.number] = (entry.id, Where(anchor, version.number))
    if book.published:
        for old, (new, _) in book.published.aliases.items():
            if new in book.entries:
                found.setdefault((old, None), (new, Where(renamed_anchor(new, old))))
    return found


def retired_page(version: Version, lang: Lang | None, depth: int, base: str) -> str:
    """The page of a retired rule's link: it leads to its entry on the changes page, which
    says when it left the book."""
    langs = (lang,) if lang else LANGUAGES
    anchor = f"changes.html#{version.rule}--v{version.number}"
    targets = [
        Target(
            code, "../" * depth + f"{code}/{anchor}", f"{base}{code}/{anchor}",
            curled(f"{version.title(code)} ({version.rule})"),
        )
        for code in langs
    ]  # fmt: skip
    page_lang = lang or LANGUAGES[0]
    return PAGES.get_template("short_link.html").render(
        lang=page_lang,
        title=targets[0].title,
        site=text(page_lang, "site_title"),
        description=text(page_lang, "kind.retired"),
        canonical=targets[0].absolute,
        url=short_url(version.rule, base, lang),
        locale=catalog(page_lang).locale,
        other_locales=[catalog(code).locale for code in LANGUAGES if code != page_lang],
        targets=targets,
        relative_targets={t.lang: t.relative for t in targets},
    )


def write_retired_links(book: Book, out: Path, base: str) -> None:
    """The links of each retired rule, every version's too, lead to the changes page."""
    for game in book.games:
        for rule_id, versions in (game.history.by_rule if game.history else {}).items():
            last = versions[-1]
            if not last.retired or rule_id in book.entries:
                continue
            for version in (None, *(v.number for v in versions)):
                folder = inside(out, "r", rule_id, *([f"v{version}"] if version else []))
                depth = 2 + (1 if version else 0)
                write_whole(folder / "index.html", retired_page(last, None, depth, base))
                for lang in LANGUAGES:
                    page = retired_page(last, lang, depth + 1, base)
                    write_whole(folder / lang / "index.html", page)


def write_short_links(book: Book, out: Path, base: str | None = None) -> int:
    """Write ``r/<id>/[v<N>/]index.html`` and ``r/<id>/[v<N>/]<lang>/index.html`` for every
    rule, alias and version; return how many IDs."""
    base = CONFIG.base_url if base is None else base
    found = links(book)
    for (rule_id, version), (target_id, where) in found.items():
        folder = inside(out, "r", rule_id, *([f"v{version}"] if version else []))
        page = short_page(book, rule_id, target_id, None, base, where)
        write_whole(folder / "index.html", page)
        for lang in LANGUAGES:
            page = short_page(book, rule_id, target_id, lang, base, where)
            write_whole(folder / lang / "index.html", page)
    write_retired_links(book, out, base)
    return len({rule_id for rule_id, _ in found})


def write_export(book: Book, out: Path, base: str | None = None) -> None:
    """Publish the machine-readable book at the site's root, its JSON Schema beside it."""
    write_whole(out / export.FILE, export.export_json(book, base))
    write_whole(out / export.SCHEMA_FILE, export.schema_json(base))
