"""Rules as objects of the site (``rule_object.py``): each rule a ``std:rule`` object, in the
inventory and the search index; the ``{rule}`` role links one rule from another by its title,
and a rule that does not exist fails the strict build, named."""

import pytest
from sphinx.util.inventory import InventoryFile

from rulebook.book import load_book
from tests.small_book import GAME, SmallSite, assert_snapshot, build, cut_book, element


@pytest.mark.parametrize(("lang", "title"), [("fr", "Fin de la partie"), ("en", "End of the game")])
def test_every_rule_is_an_object_in_the_inventory_and_the_search_index(
    small_site: SmallSite, lang: str, title: str
) -> None:
    with (small_site.html(lang) / "objects.inv").open("rb") as stream:
        inventory = InventoryFile.load(stream, "", lambda base, uri: uri)
    rules = inventory.data["std:rule"] if hasattr(inventory, "data") else inventory["std:rule"]
    assert {r.id for r in load_book(small_site.root).rules()} <= set(rules)
    end = rules["pr-end"]
    uri = end.uri if hasattr(end, "uri") else end[2]
    assert uri == f"{GAME}.html#pr-end"
    index = small_site.page(lang, "searchindex.js")
    assert f'"{title}":[[' in index  # the rule's title, as a title of its own
    assert ',"","pr-end"]' in index  # the rule, as an object (its anchor is its name)


def test_the_rule_role_links_a_rule_by_its_title_and_an_unknown_rule_fails_the_strict_build(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """One strict build (it keeps going past an error) of a small book citing one rule that
    exists and one that does not: the first is a link showing the rule's title, the second
    fails the build, named."""
    root = cut_book(tmp_path_factory.mktemp("cited") / "book", (GAME,))
    path = root / "rules_fr" / f"{GAME}.md"
    marker = "facile, marche, accélération, course, extrême."
    text = path.read_text(encoding="utf-8")
    assert text.count(marker) == 1
    cited = marker + " Voir {rule}`pr-morgan-extra-point-table`. {rule}`pr-no-such-rule`"
    path.write_text(text.replace(marker, cited), encoding="utf-8")
    out = root / "_build" / "fr"
    assert build(root, out, "fr", {}) != 0
    errors = [line for line in (out / "warnings.txt").read_text("utf-8").splitlines() if line]
    assert len(errors) == 1 and "pr-no-such-rule" in errors[0], errors
    page = (out / "html" / "fr" / f"{GAME}.html").read_text(encoding="utf-8")
    link = (
        '<a class="reference internal" href="#pr-morgan-extra-point-table">'
        '<span class="xref std std-rule">Tableau du point supplémentaire</span></a>'
    )
    assert link in page
    paragraph = page[page.rfind("<p>", 0, page.index(" Voir <a")) :]
    assert_snapshot("rule_object/rule-role.fr.html", element(paragraph, "<p>"), root)
