"""The errors of the book: ``RuleError`` for bad input to a rule function, ``BookError`` for a
file of the book that cannot be read."""

from pathlib import Path


class RuleError(ValueError):
    """Bad input to a rule function: names the rule and what was expected.

    >>> raise RuleError("pr-end", "a score from 0 to 20", 25)
    Traceback (most recent call last):
    ...
    rulebook.errors.RuleError: pr-end: expected a score from 0 to 20, got 25
    """

    def __init__(self, rule_id: str, expected: str, got: object) -> None:
        super().__init__(f"{rule_id}: expected {expected}, got {got!r}")
        self.rule_id = rule_id
        self.expected = expected
        self.got = got


class BookError(ValueError):
    """A file of the book that cannot be read as it stands: names the file, the line (0 when
    the whole file is at fault), what is wrong and what to do. The command line prints it as
    one line, ``path:line: message``, and exits 2.

    >>> str(BookError(Path("rules_fr/x.md"), 3, "`:original: 8-x`: expected line numbers"))
    'rules_fr/x.md:3: `:original: 8-x`: expected line numbers'
    """

    def __init__(self, path: Path, line: int, message: str) -> None:
        self.path = path
        self.line = line
        self.message = message
        super().__init__(self.located())

    def located(self, root: Path | None = None) -> str:
        """``path:line: message``, the path relative to ``root`` when it lies under it."""
        path = self.path
        if root is not None and path.is_absolute() and path.is_relative_to(root):
            path = path.relative_to(root)
        return f"{path}:{self.line}: {self.message}" if self.line else f"{path}: {self.message}"
