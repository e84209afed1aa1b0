"""The whole book: every game's French and English rules, original, provenance and register.

Layout under ROOT::

    rules_fr/<game>.md                      cleaned French, the source of truth
    rules_fr/<game>.corrections.toml        its corrections register
    rules_fr/original/<game>.txt            the source text, byte for byte
    rules_fr/original/<game>.toml           its provenance
    rules_fr/published-ids.toml             every rule ID ever published
    rules_en/<game>.md                      the English translation
"""

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from rulebook.extract import read_rules_file
from rulebook.model import Game, Published, Rule
from rulebook.registers import load_provenance, load_published, load_register

FR_DIR = "rules_fr"
EN_DIR = "rules_en"
PUBLISHED = "published-ids.toml"


@dataclass(frozen=True)
class Book:
    root: Path
    games: tuple[Game, ...]
    published: Published | None

    def rules(self, lang: str = "fr") -> Iterator[Rule]:
        for game in self.games:
            rules_file = game.fr if lang == "fr" else game.en
            if rules_file is not None:
                yield from rules_file.rules

    def game(self, slug: str) -> Game:
        for game in self.games:
            if game.slug == slug:
                return game
        raise KeyError(slug)

    def rule(self, rule_id: str, lang: str = "fr") -> Rule:
        for rule in self.rules(lang):
            if rule.id == rule_id:
                return rule
        raise KeyError(rule_id)


def game_files(root: Path) -> list[Path]:
    """The French rules files of the games: markdown files whose front matter names a game."""
    found = []
    for path in sorted((root / FR_DIR).glob("*.md")):
        head = path.read_text(encoding="utf-8")[:400]
        if head.startswith("---") and "\ngame:" in head.split("\n---", 2)[0]:
            found.append(path)
    return found


def load_game(fr_path: Path) -> Game:
    root = fr_path.parent.parent
    fr = read_rules_file(fr_path, "fr")
    slug = fr.meta.get("game", fr_path.stem)
    en_path = root / EN_DIR / f"{slug}.md"
    original_path = root / FR_DIR / "original" / f"{slug}.txt"
    provenance_path = original_path.with_suffix(".toml")
    register_path = root / FR_DIR / f"{slug}.corrections.toml"
    original = original_path.read_text(encoding="utf-8") if original_path.exists() else ""
    return Game(
        slug=slug,
        prefix=fr.meta.get("prefix", ""),
        module=fr.meta.get("module", ""),
        fr=fr,
        en=read_rules_file(en_path, "en") if en_path.exists() else None,
        original_path=original_path,
        original_lines=tuple(original.split("\n")),
        provenance=load_provenance(provenance_path) if provenance_path.exists() else None,
        register=load_register(register_path) if register_path.exists() else None,
    )


def load_book(root: Path) -> Book:
    root = root.resolve()
    published_path = root / FR_DIR / PUBLISHED
    return Book(
        root=root,
        games=tuple(load_game(path) for path in game_files(root)),
        published=load_published(published_path) if published_path.exists() else None,
    )
