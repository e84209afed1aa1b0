"""Short, language-neutral links: ``r/<id>/`` leads to the rule in the reader's language.

One page per rule ID ever published, aliases of renamed rules included, so a link pasted in
a forum keeps working. Each page carries the rule's title and text for link previews.
"""

import html
import json
from pathlib import Path

from rulebook.book import Book
from rulebook.cite import short_url
from rulebook.export import export_rules
from rulebook.files import write_text
from rulebook.prose import plain_text
from rulebook.site_config import CONFIG

PAGE = """<!DOCTYPE html>
<html lang="fr"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<meta property="og:type" content="article">
<meta property="og:site_name" content="{site}">
<meta property="og:title" content="{title}">
<meta property="og:description" content="{description}">
<meta property="og:url" content="{url}">
<link rel="alternate" hreflang="fr" href="{fr}">
<link rel="alternate" hreflang="en" href="{en}">
<noscript><meta http-equiv="refresh" content="0; url={fr}"></noscript>
<script>
  var wanted = new URLSearchParams(location.search).get("lang");
  var prefs = wanted ? [wanted] : (navigator.languages || [navigator.language || "fr"]);
  var lang = "fr";
  for (var i = 0; i < prefs.length; i++) {{
    var code = String(prefs[i]).slice(0, 2).toLowerCase();
    if (code === "fr" || code === "en") {{ lang = code; break; }}
  }}
  location.replace(lang === "fr" ? "{fr}" : "{en}");
</script></head>
<body><p>{title}</p>
<p><a href="{fr}" hreflang="fr" lang="fr">Français</a> ·
<a href="{en}" hreflang="en" lang="en">English</a></p>
</body></html>
"""


def short_page(book: Book, rule_id: str, target: str) -> str:
    fr = book.rule(target, "fr")
    game = book.game(fr.game)
    english = {r.id: r for r in game.en.rules} if game.en else {}
    en_title = english[target].title if target in english else fr.title
    title = f"{game.fr.title} · {fr.title} / {en_title} ({target})"
    text = plain_text(fr).replace("\n", " ")
    description = text if len(text) <= 200 else text[:199] + "…"
    return PAGE.format(
        title=html.escape(title),
        site=html.escape(" · ".join(CONFIG.title.values())),
        description=html.escape(description),
        url=html.escape(short_url(rule_id)),
        fr=f"../../fr/{game.slug}.html#{target}",
        en=f"../../en/{game.slug}.html#{target}",
    )


def write_short_links(book: Book, out: Path) -> int:
    """Write ``r/<id>/index.html`` for every rule and every alias; return how many."""
    targets = {rule.id: rule.id for rule in book.rules("fr")}
    if book.published:
        targets.update({old: new for old, (new, _) in book.published.aliases.items()})
    for rule_id, target in targets.items():
        folder = out / "r" / rule_id
        folder.mkdir(parents=True, exist_ok=True)
        write_text(folder / "index.html", short_page(book, rule_id, target))
    return len(targets)


def write_export(book: Book, out: Path) -> None:
    """Publish the machine-readable book beside the site."""
    text = json.dumps(export_rules(book), ensure_ascii=False, indent=1)
    write_text(out / "rules.json", text + "\n")
