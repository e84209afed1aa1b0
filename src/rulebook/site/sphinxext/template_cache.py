"""Compiled page templates kept between builds, in the build's own folder.

Every Sphinx process compiles furo's and the book's page templates before it writes a page:
some 120 ms of each language's one-rule rebuild, against 10 ms to load them compiled (measured
on this book, 2 cores). A compiled template is code: Jinja loads it with ``marshal`` (and its
source's checksum with ``pickle``). So it is not kept in the cache folder, which holds only
data (``book/cache.py``), but in the build's doctree folder (``-d``), where Sphinx already
keeps its environment and doctrees as pickles and loads them: a file there could run code
whether or not templates were kept beside them. Each file is written whole, after a digest of
its content, so a damaged one is compiled again; a folder that cannot be read or written costs
a compile, never the build. Without the cache folder (``RULEBOOK_CACHE=off``, or a plain
``sphinx-build``), nothing is kept.
"""

import contextlib
import hashlib
from pathlib import Path

import jinja2
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from sphinx.application import Sphinx

from rulebook.book import cache
from rulebook.book.files import replace_whole
from rulebook.site.sphinxext.html_templates import keep_compiled

# What the code Jinja compiles a template to depends on, besides its source: the settings of
# the environment that compiles it (its delimiters, whitespace control, escaping, extensions,
# finalize). A template compiled under other settings is another file.
COMPILE_SETTINGS = (
    "block_start_string", "block_end_string", "variable_start_string", "variable_end_string",
    "comment_start_string", "comment_end_string", "line_statement_prefix",
    "line_comment_prefix", "trim_blocks", "lstrip_blocks", "newline_sequence",
    "keep_trailing_newline", "autoescape", "optimized", "finalize", "is_async",
)  # fmt: skip


def settings_of(environment: jinja2.Environment) -> str:
    """A digest of the settings a template is compiled under (``COMPILE_SETTINGS``, and the
    extensions by name; a function by its qualified name).

    >>> plain, trimmed = jinja2.Environment(), jinja2.Environment(trim_blocks=True)
    >>> settings_of(plain) == settings_of(jinja2.Environment()) != settings_of(trimmed)
    True
    """

    def named(value: object) -> str:  # a function by its name: its repr holds its address
        return str(getattr(value, "__qualname__", value)) if callable(value) else repr(value)

    values = [named(getattr(environment, name, None)) for name in COMPILE_SETTINGS]
    values += sorted(environment.extensions)
    return hashlib.sha256("\0".join(values).encode()).hexdigest()[:16]


class CompiledTemplates(BytecodeCache):
    """Jinja's compiled templates, one file each in ``folder``: the digest of the rest, then
    what Jinja wrote. Its key: Jinja's (the template's name and file), the settings of the
    environment that compiles it (``settings_of``), in a file named for the Jinja that
    compiled it (its bytecode's header names Python's version, not Jinja's); Jinja checks
    the template's source itself."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def path(self, bucket: Bucket) -> Path:
        settings = settings_of(bucket.environment)
        return self.folder / f"{bucket.key}-{settings}-{jinja2.__version__}.jinja"

    def load_bytecode(self, bucket: Bucket) -> None:
        try:
            digest, _, compiled = self.path(bucket).read_bytes().partition(b"\n")
        except OSError:
            return
        if digest == hashlib.sha256(compiled).hexdigest().encode():
            bucket.bytecode_from_string(compiled)

    def dump_bytecode(self, bucket: Bucket) -> None:
        compiled = bucket.bytecode_to_string()
        digest = hashlib.sha256(compiled).hexdigest().encode()
        with contextlib.suppress(OSError):
            self.folder.mkdir(parents=True, exist_ok=True)
            replace_whole(self.path(bucket), digest + b"\n" + compiled, durable=False)


def keep_compiled_templates(app: Sphinx) -> None:
    kept = cache.folder() is not None
    compiled = CompiledTemplates(Path(app.doctreedir) / "templates") if kept else None
    environment = getattr(getattr(app.builder, "templates", None), "environment", None)
    if environment is not None:
        environment.bytecode_cache = compiled
    keep_compiled(compiled)


def setup_template_cache(app: Sphinx) -> None:
    app.connect("builder-inited", keep_compiled_templates)
