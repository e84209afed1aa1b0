import os
import sys

# `python -m rulebook` puts the current folder first on the module path, so a .py file lying in
# the book's folder (a contributor's text) would shadow a module imported later (doctest,
# json…) and run. Nothing of the book is imported: the current folder is taken off the path.
if not sys.flags.safe_path:
    here = os.getcwd()
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != here]

from rulebook.cli import main  # (after the path is made safe)

raise SystemExit(main())
