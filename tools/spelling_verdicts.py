"""`python -m tools.spelling_verdicts`: the package's verdicts on the book's words, written again.

Hunspell's verdict on each word the spelling check asks it about (``text/hunspell.py``),
computed afresh with the dictionaries installed here, is written to
``src/rulebook/text/verdicts/<dictionary>.json`` under their key (the dictionary's files and
the code that gives a verdict): a first check on a fresh machine with the same dictionaries
then loads none (three seconds). Only the words the book uses are kept, so a word the book no
longer uses leaves the file. Run it after the book gains many words, or after the dictionaries
or spylls change (the check stays right without it: it asks Hunspell what the file lacks).
"""

import sys
from pathlib import Path

from rulebook.book import load_book
from rulebook.checks.spelling import check_language, word_list
from rulebook.text.hunspell import Verdicts, key_of, shipped_file, write_kept
from rulebook.text.spelling import DICTIONARIES, Speller, dictionary_files, read_word_list

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    book = load_book(ROOT)
    for lang, name in DICTIONARIES.items():
        files = dictionary_files(lang)
        if files is None:
            print(f"{name}: not installed, its verdicts are left as they are", file=sys.stderr)
            continue
        asked = Verdicts(files, key_of(files), {})  # nothing kept: each verdict is Hunspell's
        problems = list(
            check_language(book, lang, Speller(lang, read_word_list(word_list(book, lang)), asked))
        )
        path = shipped_file(asked.key)
        write_kept(path, asked.key, asked.known)
        print(f"{path.relative_to(ROOT)}: {len(asked.known)} verdicts ({len(problems)} problems)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
