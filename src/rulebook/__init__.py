"""Règles vérifiées: a bilingual rulebook of board-game variants whose rules are backed by code."""

__version__ = "0.1.0"
