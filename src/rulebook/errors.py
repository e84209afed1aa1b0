"""The one error a rule function raises on bad input."""


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
