// The page's Python, in a Web Worker: started once a visit, so that the page never freezes
// while Pyodide loads or a rule runs. python.js starts it and sends it calls; it answers
// each with the call's id. It loads Pyodide and the code of one game (the variant's zip,
// the rule code the check verifies), never the whole book.
//
// Messages in: { start: { pyodide: url, code: url, modules: [names] } }, then { id, play: {...} } for a
// companion's screen, { id, run: {...} } for a worked example. Out: { ready: true,
// loaded: [urls] } once Python is up, { id, value } or { id, error } for each call.
let python = null;

// Python's memory once it has started and imported the game's code (Pyodide's snapshot,
// gzipped: 5 MB for 21), kept in the browser for the next visits: started from it, Python is
// up in half a second instead of three. Named for the code and Pyodide it was made of and the
// modules it imported (snapshotKey), in a cache of the book's own that the service worker
// empties with every new edition. A snapshot holds Python's memory, not its files: the code
// is unpacked again into a Python started from one.
const book = new URL("..", self.location.href).pathname;
const SNAPSHOTS = "rulebook-" + book + " python";

async function digest(bytes) {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [...hash.slice(0, 8)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function gzipped(bytes, how) {
  const stream = new Blob([bytes]).stream().pipeThrough(
    how === "in" ? new CompressionStream("gzip") : new DecompressionStream("gzip"));
  return new Response(stream).arrayBuffer();
}

async function kept(key) {
  try {
    const copy = await (await caches.open(SNAPSHOTS)).match(key);
    return copy ? new Uint8Array(await gzipped(await copy.arrayBuffer(), "out")) : null;
  } catch (e) {
    return null;  // no Cache API here (a file opened from the disk): no snapshot
  }
}

async function keep(key, snapshot) {
  try {
    const cache = await caches.open(SNAPSHOTS);
    // The same modules' snapshot of an older code or Pyodide: a page that imports others
    // (a "try" panel, the companion) keeps its own beside it.
    const modules = new URL(key).searchParams.get("modules");
    const older = (await cache.keys()).filter((r) => r.url !== key
      && r.url.split("?")[0] === key.split("?")[0]
      && new URL(r.url).searchParams.get("modules") === modules);
    await Promise.all(older.map((r) => cache.delete(r)));
    await cache.put(key, new Response(await gzipped(snapshot, "in")));
  } catch (e) { /* storage full or refused: the next visit starts Python from scratch */ }
}

// The snapshot's name: the code's address, what it was made of and the modules it imported,
// in the query (the Cache API matches an address without its fragment: a digest there would
// name nothing).
async function snapshotKey(codeUrl, lock, code, modules) {
  const made = (await digest(lock)) + "-" + (await digest(code));
  return codeUrl + "?" + new URLSearchParams({ made: made, modules: [...modules].sort().join(" ") });
}

async function start(where) {
  importScripts(where.pyodide + "pyodide.js");
  const response = await fetch(where.code);
  if (!response.ok) throw new Error(where.code + ": " + response.status);
  const code = await response.arrayBuffer();
  const lockUrl = where.pyodide + "pyodide-lock.json";
  const lockResponse = await fetch(lockUrl);  // a 404 page would be hashed into the key
  if (!lockResponse.ok) throw new Error(lockUrl + ": " + lockResponse.status);
  const lock = await lockResponse.arrayBuffer();
  const modules = ["rulebook.kit.companion", "rulebook.kit.runner", ...where.modules];
  const key = await snapshotKey(where.code, lock, code, modules);
  const snapshot = await kept(key);
  if (snapshot) {
    try {
      const pyodide = await self.loadPyodide({ indexURL: where.pyodide, _loadSnapshot: snapshot });
      pyodide.unpackArchive(code, "zip");  // the files, for a module imported later
      return pyodide;
    } catch (e) { /* a snapshot this Pyodide cannot read: started afresh below */ }
  }
  const pyodide = await self.loadPyodide({ indexURL: where.pyodide, _makeSnapshot: true });
  pyodide.unpackArchive(code, "zip");
  pyodide.runPython("import " + modules.join(", "));
  const made = pyodide.makeMemorySnapshot();
  setTimeout(() => keep(key, made), 0);  // after the page has its answer
  return pyodide;
}

function answer(pyodide, data) {
  if (data.play) {  // a companion's screen, as JSON text
    const p = data.play;
    const chain = pyodide.toPy(p.chain);
    try {
      const kit = pyodide.pyimport("rulebook.kit.companion");
      return JSON.parse(kit.page_play(p.module, JSON.stringify(p.taps), p.lang, chain));
    } finally {
      chain.destroy();
    }
  }
  const r = data.run;  // a worked example, as the reader edited it
  const words = pyodide.toPy(r.words);
  try {
    const runner = pyodide.pyimport("rulebook.kit.runner");
    const out = runner.run(r.source, r.module, words, r.home);
    const value = out.toJs({ dict_converter: Object.fromEntries });
    out.destroy();
    return value;
  } finally {
    words.destroy();
  }
}

self.onmessage = async (event) => {
  const data = event.data || {};
  if (data.start) {
    if (!python) {
      python = start(data.start);
      python.then(() => {
        const loaded = performance.getEntriesByType("resource").map((entry) => entry.name);
        self.postMessage({ ready: true, loaded: loaded });
      }, (error) => self.postMessage({ failed: String(error) }));
    }
    return;
  }
  try {
    const pyodide = await python;
    self.postMessage({ id: data.id, value: answer(pyodide, data) });
  } catch (error) {
    self.postMessage({ id: data.id, error: String(error) });
  }
};
