"""Page titles with the spaces the pages give them (``page_titles.py``): the theme folds every
space of a title in a page's head, French typography's no-break spaces too; the book's filter
keeps them. Over every French page of each game's small book."""

import html
import re

import jinja2

from tests.small_book import GAME, GAMES, SmallSite, SmallSites, assert_snapshot

# A plain space (or none) before a high mark, where French typography puts a no-break space.
PLAIN_SPACE = re.compile(r"(?<=[\w»)]) ?[:;!?](?=\s|$)")
TITLES = re.compile(
    r'<title>([^<]*)</title>|<meta property="og:title" content="([^"]*)"'
    r'|<link rel="(?:next|prev)" title="([^"]*)"'
)


def title_faults(page: str) -> list[str]:
    titles = ("".join(parts) for parts in TITLES.findall(page))
    return [title for title in map(html.unescape, titles) if PLAIN_SPACE.search(title)]


def test_french_page_titles_keep_their_no_break_space_before_a_colon(
    small_sites: SmallSites,
) -> None:
    pages = [p for slug in GAMES for p in small_sites(slug).html("fr").rglob("*.html")]
    faults = {p.name: title_faults(p.read_text(encoding="utf-8")) for p in pages}
    assert {page: found for page, found in faults.items() if found} == {}
    game = small_sites(GAME).page("fr", f"{GAME}.html")
    assert "<title>Port Royal, le jeu de dés\u00a0: solo contre Morgan" in game
    # What furo's templates did: Jinja's own striptags folds the no-break space.
    folded = jinja2.filters.do_striptags("Port Royal, le jeu de dés\u00a0: solo")
    assert title_faults(f"<title>{folded}</title>") == ["Port Royal, le jeu de dés : solo"]


def test_each_pages_titles_as_its_head_gives_them(small_site: SmallSite) -> None:
    """Every title a French page's head gives (its own, its preview's, the next and previous
    pages'), page by page, as a snapshot: a no-break space shows as ⍽."""
    folder = small_site.html("fr")
    lines = []
    for path in sorted(folder.rglob("*.html")):
        head = path.read_text(encoding="utf-8").split("</head>")[0]  # not the icons' titles
        titles = ["".join(t) for t in TITLES.findall(head)]
        shown = " | ".join(html.unescape(t).replace("\u00a0", "⍽") for t in titles)
        lines.append(f"{path.relative_to(folder).as_posix()}: {shown}")
    assert any("Port Royal, le jeu de dés⍽: solo contre Morgan" in line for line in lines)
    assert_snapshot("page_titles/titles.fr.txt", "\n".join(lines))
