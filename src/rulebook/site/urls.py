"""Where a rule is on the site: its page address and its permanent short link. The one place
that knows the site's address scheme (``r/<id>/``, ``<lang>/<game>.html#<id>``)."""

from rulebook.site.config import CONFIG


def short_url(rule_id: str, base: str | None = None, lang: str | None = None) -> str:
    """The permanent link of a rule: language-neutral (it leads to the rule in the reader's
    language), or to the rule in one language. ``base`` None: the configured site address.

    >>> short_url("pr-end", "https://example.org/")
    'https://example.org/r/pr-end/'
    >>> short_url("pr-end", "https://example.org/", "en")
    'https://example.org/r/pr-end/en/'
    """
    where = f"r/{rule_id}/" + (f"{lang}/" if lang else "")
    return f"{CONFIG.base_url if base is None else base}{where}"


def page_url(rule_id: str, slug: str, lang: str, base: str | None = None) -> str:
    """A rule's place on its game's page; ``base=""`` gives it relative to the site's root.

    >>> page_url("pr-end", "port-royal-morgan", "fr", "")
    'fr/port-royal-morgan.html#pr-end'
    """
    return f"{CONFIG.base_url if base is None else base}{lang}/{slug}.html#{rule_id}"
