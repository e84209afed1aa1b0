"""Draw the web app's icons (src/rulebook/site/try/icon-*.png, icon.svg): a white die
showing five on the book's blue. Run once when the design changes; the PNGs are committed.

Hand-written rather than a drawing library: a die is a rounded square and five discs, and
the PNG format needs only zlib; a library (Pillow) would be a dependency for two files.
"""

import struct
import zlib
from pathlib import Path

from rulebook.site.try_it import THEME_COLOUR

FOLDER = Path(__file__).resolve().parent.parent / "src" / "rulebook" / "site" / "try"
BLUE, WHITE, INK = (0x2E, 0x4A, 0x7D), (0xFF, 0xFF, 0xFF), (0x1B, 0x26, 0x3B)
PIPS = ((0.32, 0.32), (0.68, 0.32), (0.5, 0.5), (0.32, 0.68), (0.68, 0.68))


def inside_rounded(x: float, y: float, lo: float, hi: float, radius: float) -> bool:
    cx, cy = min(max(x, lo + radius), hi - radius), min(max(y, lo + radius), hi - radius)
    return lo <= x <= hi and lo <= y <= hi and (x - cx) ** 2 + (y - cy) ** 2 <= radius**2


def colour_at(x: float, y: float) -> tuple[int, int, int]:
    """The colour at a point of the unit square (maskable: the die keeps to the middle 80%)."""
    if any((x - px) ** 2 + (y - py) ** 2 <= 0.065**2 for px, py in PIPS):
        return INK
    return WHITE if inside_rounded(x, y, 0.18, 0.82, 0.1) else BLUE


def png(size: int) -> bytes:
    rows = []
    for j in range(size):
        row = bytearray([0])
        for i in range(size):
            row += bytes(colour_at((i + 0.5) / size, (j + 0.5) / size))
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    data = zlib.compress(b"".join(rows), 9)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")
    )


def svg() -> str:
    pips = "".join(
        f'<circle cx="{x * 100:g}" cy="{y * 100:g}" r="6.5" fill="#1b263b"/>' for x, y in PIPS
    )
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        f'<rect width="100" height="100" fill="{THEME_COLOUR}"/>'
        f'<rect x="18" y="18" width="64" height="64" rx="10" fill="#fff"/>{pips}</svg>\n'
    )


if __name__ == "__main__":
    for size in (192, 512):
        (FOLDER / f"icon-{size}.png").write_bytes(png(size))
    (FOLDER / "icon.svg").write_text(svg(), encoding="utf-8")
