"""The ``:translates:`` option of an English rule: the digests of the French rule and of the
English rule (title and text) when the translation was last checked, and the state they give
the translation now (``translation_state`` records them; ``entries`` reads the state).
"""

import hashlib

from rulebook.book.model import Rule

OPTION = "translates"


def digest(rule: Rule) -> str:
    """A short digest of what a translator translates: the title and the text.

    Trailing spaces and blank lines at the ends are not a change.
    """
    body = "\n".join(line.rstrip() for line in rule.body.strip().split("\n"))
    return hashlib.sha256(f"{rule.title}\n{body}".encode()).hexdigest()[:12]


def recorded(rule: Rule) -> tuple[str | None, str | None]:
    """The digests of the French and of the English recorded on an English rule.

    >>> from rulebook.book.model import Rule
    >>> from pathlib import Path
    >>> rule = Rule("x-a", "x", "en", "A", Path("x.md"), 1, 3, "", 2, (),
    ...             options={"translates": "191c83d26d10 0a1b2c3d4e5f"})
    >>> recorded(rule)
    ('191c83d26d10', '0a1b2c3d4e5f')
    """
    parts = (rule.options.get(OPTION) or "").split()
    return (parts[0] if parts else None), (parts[1] if len(parts) > 1 else None)


def state(french: Rule, english: Rule) -> str:
    """``"checked"``, ``"unrecorded"``, ``"stale"`` (the French changed since) or
    ``"unchecked"`` (the English changed since)."""
    was_fr, was_en = recorded(english)
    if was_fr is None:
        return "unrecorded"
    if was_fr != digest(french):
        return "stale"
    return "checked" if was_en == digest(english) else "unchecked"
