"""Where a rule is on the site: its page address and its permanent short link. The one place
that knows the site's address scheme (``r/<id>/``, ``<lang>/<game>.html#<id>``)."""

from rulebook.site.config import CONFIG


def short_url(
    rule_id: str, base: str | None = None, lang: str | None = None, version: int | None = None
) -> str:
    """The permanent link of a rule: language-neutral (it leads to the rule in the reader's
    language), or to the rule in one language; with a version, the link of a quote of that
    version (opened once the rule has changed, it says so). ``base`` None: the configured
    site address.

    >>> short_url("pr-end", "https://example.org/")
    'https://example.org/r/pr-end/'
    >>> short_url("pr-end", "https://example.org/", "en")
    'https://example.org/r/pr-end/en/'
    >>> short_url("pr-end", "https://example.org/", "en", version=2)
    'https://example.org/r/pr-end/v2/en/'
    """
    where = f"r/{rule_id}/" + (f"v{version}/" if version else "") + (f"{lang}/" if lang else "")
    return f"{CONFIG.base_url if base is None else base}{where}"


def page_url(rule_id: str, slug: str, lang: str, base: str | None = None, anchor: str = "") -> str:
    """A rule's place on its game's page; ``base=""`` gives it relative to the site's root.
    ``anchor``: another place in the rule (the notice of an outdated quote).

    >>> page_url("pr-end", "port-royal-morgan", "fr", "")
    'fr/port-royal-morgan.html#pr-end'
    >>> page_url("pr-end", "port-royal-morgan", "fr", "", anchor="pr-end--v1")
    'fr/port-royal-morgan.html#pr-end--v1'
    """
    return f"{CONFIG.base_url if base is None else base}{lang}/{slug}.html#{anchor or rule_id}"


def outdated_anchor(rule_id: str, version: int) -> str:
    """The notice of a rule's page that a quote of an older version leads to."""
    return f"{rule_id}--v{version}"


def renamed_anchor(rule_id: str, old: str) -> str:
    """The notice of a rule's page that a link to its old ID leads to."""
    return f"{rule_id}--was-{old}"
