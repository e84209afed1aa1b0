"""Terms: one French and one English word for one thing, shared by the code and the pages."""

from dataclasses import dataclass

from rulebook.language import Lang


@dataclass(frozen=True)
class Term:
    """A thing the rules name, by its code identifier and its French and English terms."""

    id: str
    fr: str
    en: str

    def name(self, lang: Lang) -> str:
        """The term in ``lang``."""
        return self.fr if lang == "fr" else self.en
