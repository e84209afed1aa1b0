"""French apostrophes, set before Sphinx's smart quotes read the page.

Docutils' smart quotes take a ``'`` followed by no letter for a closing quote, which French
sets as ”: "l'« Extra »", and "l'" before a link, a term or a ``{nq}`` role (its own text
node), read "l”« Extra »" and "l”étape 2" on the pages, the player aids and the PDFs. In
French a ``'`` after a letter is always an apostrophe (``text.smart_quotes.apostrophes``,
which the quotes and the templates use too).
"""

from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.util.nodes import is_smartquotable

from rulebook.language import lang_of
from rulebook.text.smart_quotes import apostrophes


class FrenchApostrophes(SphinxTransform):
    default_priority = 740  # before the smart quotes (750), which would read them otherwise

    def apply(self, **kwargs: Any) -> None:
        lang = lang_of(self.config.language)
        if lang != "fr":
            return
        for node in list(self.document.findall(nodes.Text)):
            if "'" in node and node.parent is not None and is_smartquotable(node):
                node.parent.replace(node, nodes.Text(apostrophes(str(node), lang)))


def setup_apostrophes(app: Sphinx) -> None:
    app.add_transform(FrenchApostrophes)
