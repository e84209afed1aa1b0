"""A printed table's rows: every cell's text on the same line as its neighbours'. print.css
takes the trailing margin and padding off the last element of the page, so that nothing
spills onto an empty last page; a row's last cell is a last child too, and lost its bottom
padding with it: in the Catan Dice castle odds (A4, French) its text sat about 3 px lower
than the rest of its row. The table is laid out here with print.css alone, in print media,
as the PDFs print it."""

from typing import Any

from tests.conftest import ROOT

PRINT_CSS = ROOT / "src" / "rulebook" / "site" / "sphinxext" / "static" / "print.css"
TABLE = """<article><div class="rb-rule"><div class="rb-rule-body"><table class="docutils">
<thead><tr><th><p>jokers du désert</p></th><th><p>pourcentage arrondi</p></th>
<th><p>fréquence approchée</p></th></tr></thead>
<tbody><tr><td><p>0</p></td><td><p>2 %</p></td><td><p>1 tour sur 49</p></td></tr>
<tr><td><p>Yahtzee avec 5 dés ordinaires, sans joker</p></td><td><p>5 %</p></td>
<td><p>1 tour sur 22</p></td></tr></tbody></table></div></div></article>"""
# For each row, how far each cell's text stands below the row's first cell's text (px).
OFFSETS = """() => [...document.querySelectorAll('tr')].map(row => {
  const tops = [...row.cells].map(cell => cell.querySelector('p').getBoundingClientRect().top);
  return tops.map(top => top - tops[0]);
})"""


def printed_offsets(chromium: Any, css: str) -> list[list[float]]:
    page = chromium.new_page(viewport={"width": 673, "height": 600})  # A4's body: no cell wraps
    page.set_content(f"<style>{css}</style>{TABLE}")
    page.emulate_media(media="print")
    offsets: list[list[float]] = page.evaluate(OFFSETS)
    page.close()
    return offsets


def test_every_cell_of_a_printed_row_has_its_text_on_the_same_line(chromium: Any) -> None:
    offsets = printed_offsets(chromium, PRINT_CSS.read_text(encoding="utf-8"))
    assert all(abs(offset) < 0.25 for row in offsets for offset in row), offsets


def test_a_last_cell_without_its_padding_is_seen_lower(chromium: Any) -> None:
    """The fault as it was: the last cell's bottom padding taken off, its text sinks."""
    css = PRINT_CSS.read_text(encoding="utf-8")
    broken = css + "\narticle :is(td, th):last-child { padding-bottom: 0 !important; }"
    offsets = printed_offsets(chromium, broken)
    assert all(row[-1] > 0.5 for row in offsets), offsets
