"""The ``{rule}`` directive (``rule.py``): each rule a section of its game's page, titled, with
its anchor, its quotes for the copy buttons, its menu, and for proof-readers its examples from
the code, its original lines, its corrections and the editors' notes."""

import html
import re

import pytest
from docutils import nodes

from rulebook.book import load_book
from rulebook.language import text
from rulebook.site.config import CONFIG
from rulebook.site.sphinxext.rule import rule_block
from rulebook.text.smart_quotes import smart
from tests.small_book import GAME, GAMES, SmallSite, SmallSites, assert_snapshot, element


def text_of(page: str) -> str:
    return re.sub(r"<[^>]+>", "", page)


def ids_in(page: str) -> list[str]:
    return re.findall(r'\sid="([^"]+)"', page)


def test_a_rule_is_a_titled_section_of_its_page_in_the_doctree(small_site: SmallSite) -> None:
    """The doctree of one rule, as a snapshot: the section (its quotes as attributes), its
    title, its menu, its proof-reading lines, its text with its terms linked, its history."""
    doctree = small_site.doctree("en", GAME)
    end = next(r for r in doctree.findall(rule_block) if r["ids"] == ["pr-end"])
    assert_snapshot("rule/pr-end.doctree.txt", end.pformat(), small_site.root)


def test_the_doctree_holds_each_rule_as_a_titled_section(small_site: SmallSite) -> None:
    doctree = small_site.doctree("en", GAME)
    rules = [n for n in doctree.findall(rule_block)]
    assert len(rules) == len(load_book(small_site.root).game(GAME).fr.rules)
    end = next(r for r in rules if r["ids"] == ["pr-end"])
    assert isinstance(end, nodes.section) and isinstance(end[0], nodes.title)
    assert end[0].astext() == "End of the game"
    assert isinstance(end.parent, nodes.section)  # under the page's "##" section


def test_a_rule_is_a_section_whose_title_is_a_heading_under_its_page_section(
    small_site: SmallSite,
) -> None:
    """The HTML of one rule's opening, as a snapshot: the rule's ``div`` (ID, quotes), its
    title as an ``h3`` under the page's ``##`` section, linking to itself, then its menu."""
    page = small_site.page("fr", f"{GAME}.html")
    # The section is titled like the rule: the rule's title is there for screen readers.
    start = page.index('<div class="rb-rule rb-kind-rule rb-titled-by-section" id="pr-end"')
    opening = page[start : page.index('<div class="rb-rule-body', start)]
    assert_snapshot("rule/pr-end-opening.fr.html", opening)
    head = opening[opening.index("<h3") :]
    assert head.startswith(  # no-search: the search lists its section's title, once
        '<h3 class="no-search">Fin de la partie<a class="headerlink" href="#pr-end" '
        'title="Lien vers cette rubrique">¶</a></h3>\n'
        '<div class="no-search"><details class="rb-share">'
    )
    corrected = len(load_book(small_site.root).entry("pr-end").corrections)
    assert 'class="rb-rule-meta rb-proof"' in head and f"corrigée ({corrected})" in head
    # The page's contents (furo's "On this page") name it once, as its section, not
    # « Fin de la partie › Fin de la partie » (test_the_contents_never_name_… below).
    toc = page[page.index('<div class="toc-tree">') :]
    toc = toc[: toc.index("</div>")]
    assert '<a class="reference internal" href="#fin-de-la-partie">Fin de la partie</a>' in toc
    assert 'href="#pr-end"' not in toc


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_rule_has_its_anchor_once_on_its_game_page(small_site: SmallSite, lang: str) -> None:
    page = small_site.page(lang, f"{GAME}.html")
    ids = ids_in(page)
    for rule in load_book(small_site.root).game(GAME).fr.rules:
        assert ids.count(rule.id) == 1, f"{rule.id} appears {ids.count(rule.id)} times"
    assert len(ids) == len(set(ids)), "duplicate HTML ids"


def test_a_rule_shows_its_examples_from_the_docstring_and_its_original_lines(
    small_site: SmallSite,
) -> None:
    page = small_site.page("en", f"{GAME}.html")
    block = page[page.index('id="pr-ex-morgan-2"') :]
    block = text_of(block[: block.index('class="rb-code')])
    assert "Examples from the code" in block and "morgan_turn" in block
    assert "8, Level.WALKING" in block  # the doctest, rendered from the docstring
    assert "Original text (lines 95–99)" in block
    assert "situation de départ : Morgan a 8 points" in block


def test_a_corrected_rule_links_to_its_entries_and_a_source_error_is_shown_on_the_rule(
    small_site: SmallSite,
) -> None:
    page = small_site.page("fr", f"{GAME}.html")
    assert f'href="corrections/{GAME}.html#pr-ex-treasure-2"' in page
    block = page[page.index('id="pr-ex-treasure-2"') :]
    assert (
        "Note des éditeurs (erreur de la source)" in block[: block.index('<div class="rb-rule ', 9)]
    )
    corrections = small_site.page("fr", f"corrections/{GAME}.html")
    assert 'id="pr-ex-treasure-2"' in corrections and "Le trésor a disparu" in corrections


def test_each_rule_carries_its_quotes_for_the_copy_buttons(small_site: SmallSite) -> None:
    page = small_site.page("fr", f"{GAME}.html")
    tag = re.search(r'<div class="rb-rule[^>]*id="pr-end"[^>]*>', page, re.S)
    assert tag is not None
    assert 'data-url="https://' in tag.group(0) and "/r/pr-end/" in tag.group(0)
    assert 'data-bbcode="[quote][b]Port Royal' in tag.group(0)
    assert "data-markdown=" in tag.group(0)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_rule_has_a_report_link_carrying_its_id(small_site: SmallSite, lang: str) -> None:
    page = html.unescape(small_site.page(lang, f"{GAME}.html"))
    link = re.search(r'<a class="rb-report" href="([^"]+)"', page[page.index('id="pr-end"') :])
    assert link is not None
    assert link.group(1).startswith(f"{CONFIG.repo_url}/issues/new?title=pr-end%3A%20")
    assert f"&body={CONFIG.base_url}{lang}/{GAME}.html#pr-end".replace(":", "%3A").replace(
        "/", "%2F"
    ).replace("#", "%23") in link.group(1)


def test_an_editors_decision_reads_as_one_line_linked_to_its_reason(
    small_site: SmallSite,
) -> None:
    page = small_site.page("en", f"{GAME}.html")
    block = page[page.index('id="pr-ex-treasure-2"') :]
    block = block[: block.index('<div class="rb-rule ', 10)]
    line = re.search(r'<p class="rb-editor-line">(.*?)</p>', block)
    assert line is not None
    assert text_of(line.group(1)).startswith("Editors’ note: the source is wrong here")
    assert f'href="corrections/{GAME}.html#pr-ex-treasure-2"' in line.group(1)
    # The full reason and what the source said: for proof-readers.
    assert 'class="rb-editor-note note rb-proof admonition"' in block
    assert_snapshot("rule/pr-ex-treasure-2-editor-line.en.html", element(block, "rb-editor-line"))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_what_changed_in_a_rule_reads_in_the_pages_words_not_the_files_markup(
    small_site: SmallSite, lang: str
) -> None:
    """A rule's history, and each notice an old quote leads to, show word by word what
    changed as the page reads it: the rules file's roles, emphasis, links and table rulers are
    markup, not words. ``pr-setup`` says where its page numbers come from in an editors'
    addition, written ``{ed}`…``` in the file and drawn in brackets on the page."""
    page = small_site.page(lang, f"{GAME}.html")
    changes = re.findall(r'<p class="rb-word-changes">(.*?)</p>', page, re.S)
    assert len(changes) >= 40  # 24 rules with a history, and a notice a version before
    for change in changes:
        words = html.unescape(text_of(change))
        assert not re.search(r"\{\w+\}`|`|\*\*|\]\(|\|\s*-{3}", words), words[:300]
    # The register's reasons beside them are curled as the page's text is.
    reasons = re.findall(r'<p class="rb-change-reason">(.*?)</p>', page, re.S)
    assert len(reasons) >= 20
    assert [r for r in reasons if re.search("[\"']", html.unescape(text_of(r)))] == []
    history = html.unescape(text_of(element(page, 'id="pr-setup--history"')))
    added = {"en": "3 of its rulebook, with the following exceptions: [The pages and steps"}
    added["fr"] = "3 de son livret de règles, à l’exception des points suivants\u00a0: [Les pages"
    assert added[lang] in history


def test_a_rule_titled_like_its_section_shows_its_title_once(small_site: SmallSite) -> None:
    page = small_site.page("fr", f"{GAME}.html")
    material = re.search(r'<div class="([^"]*)"[^>]*id="pr-material"', page)
    setup = re.search(r'<div class="([^"]*)"[^>]*id="pr-setup"', page)
    assert material and "rb-titled-by-section" in material.group(1)
    assert setup and "rb-titled-by-section" not in setup.group(1)  # its own title


# --- Over every game, each on its small book -------------------------------------------------


def doubled_entries(page: str) -> list[str]:
    """The entries of a page's contents (furo's toc-tree) that repeat the entry they are
    under, as « Matériel › Matériel »."""
    start = page.index('class="toc-tree"')
    tree = page[start : page.index("</div>", start)]
    under: list[str] = []
    doubled = []
    for token in re.finditer(r"<li>|</li>|<a [^>]*>(.*?)</a>", tree):
        if token.group(0) == "<li>":
            under.append("")
        elif token.group(0) == "</li>":
            under.pop()
        else:
            under[-1] = html.unescape(re.sub(r"<[^>]+>", "", token.group(1)))
            if len(under) > 1 and under[-2] == under[-1]:
                doubled.append(f"{under[-2]} › {under[-1]}")
    return doubled


def test_the_contents_check_sees_a_doubled_entry() -> None:
    page = (
        '<div class="toc-tree"><ul><li><a href="#materiel">Matériel</a><ul>'
        '<li><a href="#pr-material">Matériel</a></li></ul></li></ul></div>'
    )
    assert doubled_entries(page) == ["Matériel › Matériel"]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_contents_never_name_a_rule_under_a_section_of_the_same_title(
    small_sites: SmallSites, lang: str
) -> None:
    for game in GAMES:
        page = small_sites(game).page(lang, f"{game}.html")
        assert doubled_entries(page) == [], game
    page = small_sites(GAME).page(lang, f"{GAME}.html")
    assert 'href="#materiel"' in page or 'href="#components"' in page  # the section's entry
    assert 'id="pr-material"' in page  # the rule keeps its anchor for its links


def labels(page: str) -> dict[str, tuple[str, ...]]:
    """Each rule's kind, then the labels of its "try" button, its chain of rules and (for
    proof-readers) its kind."""
    found = {}
    for block in page.split('<div class="rb-rule ')[1:]:
        rule = re.match(r'[^"]*" id="([^"]+)"', block)
        assert rule, block[:80]
        kind = "example" if block.startswith("rb-kind-example") else "rule"
        said = [
            re.search(rf'<details class="{css}"[^>]*><summary>([^<]*)</summary>', block)
            for css in ("rb-try", "rb-chain")
        ]
        meta = re.search(r'<span class="rb-kind">([^<]*)</span>', block)
        found[rule.group(1)] = (
            kind,
            *(html.unescape(m.group(1)) if m else "" for m in said),
            html.unescape(meta.group(1)) if meta else "",
        )
    return found


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_try_and_the_chain_say_example_only_under_a_worked_example(
    small_sites: SmallSites, lang: str
) -> None:
    def said(key: str) -> str:
        return smart(text(lang, key), lang)

    expected = {
        "example": (said("try_title"), said("chain_title"), said("example_id")),
        "rule": (said("try_rule"), said("chain_rule"), said("rule_id")),
    }
    seen = {"example": 0, "rule": 0}
    for game in GAMES:
        page = small_sites(game).page(lang, f"{game}.html")
        for rule, (kind, tried, chain, meta) in labels(page).items():
            assert tried in ("", expected[kind][0]), (rule, tried)
            assert chain in ("", expected[kind][1]), (rule, chain)
            assert meta == expected[kind][2], (rule, meta)
            seen[kind] += bool(tried)
    assert seen["example"] > 5 and seen["rule"] > 20  # both kinds have their "try"
