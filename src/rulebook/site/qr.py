"""The QR code printed on a game's first page: its address, for a phone at the table.

``segno`` encodes it (a maintained pure-Python encoder, no imaging library) and writes it as
inline SVG: no image file, sharp at any print size. The address is the site's own
(``SiteConfig.base_url``, a checked http(s) address), so the SVG holds path data only.
"""

import segno


def qr_svg(address: str, label: str) -> str:
    """An inline SVG of ``address``'s QR code, named ``label`` for screen readers.

    >>> svg = qr_svg("https://x.org/fr/a.html", "Cette variante en ligne")
    >>> svg.startswith('<svg viewBox="0 0 25 25" class="segno" role="img"')
    True
    >>> "<title>Cette variante en ligne</title>" in svg and "<script" not in svg
    True
    """
    # Level M (15 % of the code may be lost): a printed page creased or smudged still reads.
    code = segno.make(address, error="m", micro=False)
    svg = code.svg_inline(scale=1, border=0, omitsize=True, title=label, dark="#000")
    return svg.replace('class="segno"', 'class="segno" role="img"', 1)
