"""`make mutate`: the check's strength, measured per game.

(a) every number of the rules text changed on one side (French or English);
(b) every game quantity changed on both sides together (the code comparison alone);
(c) the rule code mutated (numbers, comparisons, arithmetic and boolean operators), each
    mutant run against `rulebook check`, the module's doctests and the game's tests.
Surviving mutants are listed. The results are recorded in tools/mutation/mutation_results.json with
the digests of each game's module and tests, so that `make test` can print them and fail
when the code has changed since they were measured.
"""

import ast
import hashlib
import importlib
import json
import sys
import tomllib
from pathlib import Path

from rulebook.book import load_book
from rulebook.book.code import modules_of
from tools.mutation.code_mutants import measure_code
from tools.mutation.text_mutants import measure

ROOT = Path(__file__).resolve().parent.parent
EXPLAINED = ROOT / "tools" / "mutation" / "mutants_explained.toml"
RESULTS = ROOT / "tools" / "mutation" / "mutation_results.json"


def digest(module_name: str, test_file: Path) -> str:
    """What the code mutation results were measured on: the game's code (every module of a
    package) and its tests, as syntax trees. A comment or a line's layout changes no mutant
    and no test, so it keeps the record; any change of code, docstring (doctests kill
    mutants too) or test makes `make mutate` measure again."""
    sha = hashlib.sha256()
    for part in modules_of(importlib.import_module(module_name)):
        path = Path(part.__file__ or "")
        sha.update(f"{path.name}\0{ast.dump(ast.parse(path.read_text(encoding='utf-8')))}".encode())
    if test_file.exists():
        sha.update(ast.dump(ast.parse(test_file.read_text(encoding="utf-8"))).encode())
    return sha.hexdigest()[:16]


def explanation(survivor: str) -> str:
    """Why a surviving code mutant is harmless, if tools/mutation/mutants_explained.toml says so."""
    if not EXPLAINED.exists():
        return ""
    for item in tomllib.loads(EXPLAINED.read_text(encoding="utf-8")).get("mutant", []):
        if item["file"] in survivor and item["what"] in survivor and item["code"] in survivor:
            return str(item["why"])
    return ""


def pct(k: int, n: int) -> str:
    return f"{k}/{n} ({100 * k / n:.1f}%)" if n else "0/0"


def main(games: list[str]) -> int:
    book = load_book(ROOT)
    results = {}
    for game in book.games:
        if games and game.slug not in games:
            continue
        text = measure(book, game.slug)
        importlib.import_module(game.module)
        test_file = ROOT / "tests" / f"test_{game.module.rsplit('.', 1)[1]}.py"
        code = measure_code(book, game.module, test_file if test_file.exists() else None)
        results[game.slug] = {
            "one_side": [text.one_side_killed, text.one_side_total],
            "both_sides": [text.both_killed, text.both_total],
            "comparisons_one_side": list(text.comparisons_one_side),
            "comparisons_both_sides": list(text.comparisons_both),
            "comparison_survivors": [
                f"{s.rule} ({s.lang}, line {s.line}): {s.replacement}"
                for s in text.comparison_survivors
            ],
            "code": [code.killed, code.total],
            "code_killed_by": code.by,
            "survivors": text.survivors + code.survivors,
            "unexplained": [s for s in code.survivors if not explanation(s)],
            "measured_on": digest(game.module, test_file),
        }
        print(
            f"{game.slug}: (a) one side {pct(text.one_side_killed, text.one_side_total)}, "
            f"(b) both sides {pct(text.both_killed, text.both_total)}, "
            f"comparisons one side {pct(*text.comparisons_one_side)}, "
            f"both sides {pct(*text.comparisons_both)}, "
            f"(c) code {pct(code.killed, code.total)} {code.by}",
            flush=True,
        )
        for survivor in text.survivors + code.survivors:
            why = explanation(survivor)
            print(
                f"    survived: {survivor}"
                + (
                    f"\n      explained: {why}"
                    if why
                    else "\n      NOT EXPLAINED: kill it or explain it"
                )
            )
        for site in text.comparison_survivors:
            print(
                f"    comparison swapped on both sides, unseen: {site.rule} ({site.lang}, line "
                f"{site.line}) → {site.replacement!r}\n      the code compares no constant "
                "the rule names for it: the other languages, the register and the stale "
                "translation still catch a change on one side"
            )
    recorded = json.loads(RESULTS.read_text(encoding="utf-8")) if RESULTS.exists() else {}
    recorded.update(results)
    RESULTS.write_text(json.dumps(recorded, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
