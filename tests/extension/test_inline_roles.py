"""The inline roles (``inline_roles.py``): ``{nq}``, a number that is no game quantity
(``nq.py``), and ``{ed}``, the editors' addition, shown in square brackets
(``editors_addition.py``)."""

import re

from tests.small_book import GAME, SmallSite, assert_snapshot, element


def test_both_roles_are_spans_of_their_class_in_the_rules_text(small_site: SmallSite) -> None:
    """The paragraph of ``pr-setup``, which holds both, as a snapshot."""
    page = small_site.page("fr", f"{GAME}.html")
    body = element(page[page.index('id="pr-setup"') :], '<div class="rb-rule-body')
    paragraph = element(body, "<p>")
    assert '<span class="rb-nq">page 3</span>' in paragraph
    assert_snapshot("inline_roles/pr-setup.fr.html", paragraph)


def test_the_site_shows_an_addition_in_brackets(small_site: SmallSite) -> None:
    page = small_site.page("en", f"{GAME}.html")
    block = page[page.index('id="pr-setup"') :]
    assert '<span class="rb-ed">[The pages and steps cited are' in block
    addition = element(block, '<span class="rb-ed">')
    assert addition.endswith(".]</span>"), addition  # the brackets are characters, copied too


def test_a_french_apostrophe_before_a_role_or_a_guillemet_stays_an_apostrophe(
    small_site: SmallSite,
) -> None:
    """``l'{nq}`étape 2``` is two text nodes, "… l'" then the role's; docutils' smart quotes
    took the ``'`` that ends the first for a closing quote, which French sets as ” ("l”étape
    2", on the page, the player aid and the PDFs). ``apostrophes.py`` sets it first."""
    page = small_site.page("fr", f"{GAME}.html")
    assert 'l’<span class="rb-nq">étape 2</span>' in page
    for path in sorted(small_site.html("fr").rglob("*.html")):
        text = re.sub(r"<[^>]+>", "", path.read_text(encoding="utf-8"))
        assert re.findall(r"\w”[«\w]", text) == [], path.name
