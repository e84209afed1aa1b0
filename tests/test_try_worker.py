"""The page's Python worker (site/try/worker.js) on a stand-in for the site: a tiny folder
with the worker, a Pyodide that only records being started and the game's code, served on
the loopback, so that one of its files can be missing without building the site."""

import shutil
from pathlib import Path
from typing import Any

from tests.conftest import serving

WORKER = Path(__file__).resolve().parent.parent / "src" / "rulebook" / "site" / "try" / "worker.js"

PAGE = """<!doctype html><title>worker</title><script>
window.answers = [];
const worker = new Worker("_try/worker.js");
worker.onmessage = (event) => window.answers.push(event.data);
worker.postMessage({ start: { pyodide: "/pyodide/", code: "/code.zip", modules: [] } });
</script>"""

# Started, this Pyodide says so: a worker that reaches it has hashed the lock it fetched.
PYODIDE = 'self.loadPyodide = async () => { throw new Error("loadPyodide reached"); };\n'


def test_a_missing_pyodide_lock_fails_the_start_naming_it_before_any_snapshot_key(
    tmp_path: Path, chromium: Any
) -> None:
    (tmp_path / "_try").mkdir()
    shutil.copy(WORKER, tmp_path / "_try" / "worker.js")
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "pyodide" / "pyodide.js").write_text(PYODIDE, encoding="utf-8")
    (tmp_path / "code.zip").write_bytes(b"PK\x05\x06" + bytes(18))  # an empty zip
    (tmp_path / "index.html").write_text(PAGE, encoding="utf-8")  # no pyodide-lock.json
    with serving(tmp_path) as url:
        page = chromium.new_page()
        page.goto(f"{url}/index.html")
        page.wait_for_function("window.answers.length > 0")
        answers = page.evaluate("window.answers")
        page.close()
    assert answers == [{"failed": "Error: /pyodide/pyodide-lock.json: 404"}], answers
