"""The site's addresses: its public address (``RULEBOOK_BASE_URL``) and its repository's
(``RULEBOOK_REPO_URL``), read once and refused in one line when unusable; and where a rule is
on the site, its page address and its permanent short link. The one place that knows the
site's address scheme (``r/<id>/``, ``<lang>/<game>.html#<id>``).

Below ``outputs`` (quotes, ``rules.json``) and ``site``, which both make their links here.
"""

import os
import re
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from rulebook.language import Lang

# Where links point until the site has a public address: a reserved domain that never resolves.
PLACEHOLDER_URL = "https://regles-verifiees.example/"


def normalized_base(value: str | None) -> str:
    """A base address ending in one slash; the placeholder when none is set; an unusable
    value as it was given, for the error to quote it.

    >>> normalized_base(" https://example.org/rules ")
    'https://example.org/rules/'
    >>> normalized_base("")
    'https://regles-verifiees.example/'
    >>> normalized_base("example.org")
    'example.org'
    """
    value = (value or "").strip()
    if not value:
        return PLACEHOLDER_URL
    base = value.rstrip("/") + "/"
    return value if base_url_error(base) else base


def base_url_error(base: str) -> str | None:
    """What is wrong with a public address, in one line, or None when it is usable.

    >>> base_url_error("https://example.org/rules/") is None
    True
    >>> print(base_url_error("example.org/"))
    RULEBOOK_BASE_URL: expected an absolute http(s) address such as ..., got 'example.org/'
    """
    return address_error("RULEBOOK_BASE_URL", base, "https://example.org/rules/")


# What an address of a setting may hold: the characters of a URL's scheme, host and path that
# no output gives a meaning of its own. A quote puts the address in BBCode (``[url=…]``, where
# ``]`` or ``[`` would end or open a tag), Markdown (``(…)``), HTML attributes and XML; a
# space, a quote mark, a bracket, a parenthesis or a backslash would break one of them.
ADDRESS = re.compile(r"https?://[A-Za-z0-9.-]+(?::[0-9]{1,5})?(?:/[A-Za-z0-9._~%!$&+,;=:@/-]*)?")


def address_error(setting: str, value: str, example: str) -> str | None:
    """What is wrong with an address a setting gives, in one line, or None.

    >>> address_error("X", "https://x.org/a/", "https://x.org/") is None
    True
    >>> print(address_error("X", "javascript:alert(1)", "https://x.org/"))
    X: expected an absolute http(s) address such as https://x.org/, got 'javascript:alert(1)'
    >>> print(address_error("X", "https://x.org/]b[url=y", "https://x.org/"))
    X: ...: an address may not hold spaces, quotes, brackets, parentheses or backslashes
    """
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        return f"{setting}: expected an absolute http(s) address such as {example}, got {value!r}"
    if not ADDRESS.fullmatch(value) or re.search(r"%(?![0-9A-Fa-f]{2})", value):
        return (
            f"{setting}: {value!r} would break a quote or a page: an address may not hold "
            "spaces, quotes, brackets, parentheses or backslashes"
        )
    return None


def repo_url_error(repo: str) -> str | None:
    """What is wrong with the repository's address (``RULEBOOK_REPO_URL``), or None.

    >>> print(repo_url_error("javascript:alert(1)//"))
    RULEBOOK_REPO_URL: expected an absolute http(s) address such as https://github.com/...
    """
    return address_error("RULEBOOK_REPO_URL", repo, "https://github.com/owner/name")


@dataclass(frozen=True)
class Addresses:
    """The addresses every link is made with, read from the environment once
    (``site.config.SiteConfig``: the settings of both builds)."""

    # The public address of the site, ending in "/": every absolute link (canonical links,
    # hreflang alternates, link previews, sitemaps, citations) is made with it. Set
    # RULEBOOK_BASE_URL when publishing; `base_url_error` and `placeholder_warning` say when it
    # is unusable or still the placeholder.
    base_url: str = field(
        default_factory=lambda: normalized_base(os.environ.get("RULEBOOK_BASE_URL"))
    )
    # Where readers report a problem with a rule (a GitHub-style repository: issues/new).
    # Set RULEBOOK_REPO_URL when the book lives elsewhere.
    repo_url: str = field(
        default_factory=lambda: os.environ.get(
            "RULEBOOK_REPO_URL", "https://github.com/regles-verifiees/regles-verifiees"
        ).rstrip("/")
    )


ADDRESSES = Addresses()


def settings_error(addresses: Addresses) -> str | None:
    """The first setting that cannot be used, in one line: the public address, then the
    repository's. Every command that writes a link checks both before it starts."""
    return base_url_error(addresses.base_url) or repo_url_error(addresses.repo_url)


def placeholder_warning(base: str) -> str | None:
    """The warning a build or a quote gives while links point at the placeholder domain."""
    if urlsplit(base).hostname != urlsplit(PLACEHOLDER_URL).hostname:
        return None
    return (
        f"WARNING: links point at the placeholder {base} — set RULEBOOK_BASE_URL "
        "before publishing (see Publishing in README.md)"
    )


def short_url(
    rule_id: str, base: str | None = None, lang: Lang | None = None, version: int | None = None
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
    return f"{ADDRESSES.base_url if base is None else base}{where}"


def page_url(rule_id: str, slug: str, lang: Lang, base: str | None = None, anchor: str = "") -> str:
    """A rule's place on its game's page; ``base=""`` gives it relative to the site's root.
    ``anchor``: another place in the rule (the notice of an outdated quote).

    >>> page_url("pr-end", "port-royal-morgan", "fr", "")
    'fr/port-royal-morgan.html#pr-end'
    >>> page_url("pr-end", "port-royal-morgan", "fr", "", anchor="pr-end--v1")
    'fr/port-royal-morgan.html#pr-end--v1'
    """
    return f"{ADDRESSES.base_url if base is None else base}{lang}/{slug}.html#{anchor or rule_id}"


def outdated_anchor(rule_id: str, version: int) -> str:
    """The notice of a rule's page that a quote of an older version leads to."""
    return f"{rule_id}--v{version}"


def renamed_anchor(rule_id: str, old: str) -> str:
    """The notice of a rule's page that a link to its old ID leads to."""
    return f"{rule_id}--was-{old}"
