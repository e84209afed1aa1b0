"""The ``{changes}`` directive (``changes_page.py``): every rule changed since its game's first
edition, newest first, each linking to the rule's history; the Atom feed named above. A quote
of an old version leading to what changed: tests/test_outdated_quotes.py, on the whole site."""

import re

import pytest

from rulebook.book import load_book
from tests.small_book import GAME, SmallSite, assert_snapshot


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_changes_page_lists_each_changed_rule_by_day_linking_to_its_history(
    small_site: SmallSite, lang: str
) -> None:
    page = small_site.page(lang, "changes.html")
    book = load_book(small_site.root)
    changed = [e.id for e in book.entries_in(book.game(GAME)) if len(e.versions) > 1]
    assert changed, "the game has changed rules"
    for rule_id in changed:
        assert f'href="{GAME}.html#{rule_id}--history"' in page, rule_id
    assert 'href="changes.atom"' in page
    first = page.index('<h2 class="rb-change-day">')
    day = page[first : page.index("</ul>", first) + 5]
    items = re.findall(r'<li id="pr-[a-z0-9-]+--v\d+">.*?</li>', day)
    assert items, day
    heading = day[: day.index("</h2>") + 5]
    assert_snapshot(f"changes_page/first-day.{lang}.html", "\n".join([heading, *items[:3]]))
