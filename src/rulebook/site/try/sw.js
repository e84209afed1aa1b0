// Keeps what "try it" loads (Pyodide, the rule code, each game's examples) and the pages a
// reader has opened since, for use at a table with no network. Pyodide's files are the same
// for its version: from the cache. Every other file: from the network when it answers, so
// that a new edition is read at once, else from the cache. Registered by _try/try.js the
// first time a reader runs an example, which then asks for that page and what it loaded to
// be kept. The cache is named for the edition of the rule code: an old one is dropped.
const CACHE = "rulebook-__EDITION__";
const PYODIDE = "/_try/pyodide/";

self.addEventListener("install", (event) => {
  const base = new URL("./_try/", self.registration.scope);
  const files = ["pyodide/pyodide.js", "pyodide/pyodide.asm.js", "pyodide/pyodide.asm.wasm",
    "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json", "rulebook.zip", "try.js"];
  event.waitUntil(caches.open(CACHE)
    .then((cache) => cache.addAll(files.map((f) => new URL(f, base))))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith("rulebook-") && n !== CACHE)
      .map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

function ours(url) {
  return new URL(url, self.location.href).origin === self.location.origin;
}

self.addEventListener("message", (event) => {  // { keep: [urls] }: a page and what it loaded
  const urls = ((event.data && event.data.keep) || []).filter(ours);
  event.waitUntil(caches.open(CACHE)
    .then((cache) => Promise.all(urls.map((url) => cache.add(url).catch(() => null))))
    .then(() => event.source && event.source.postMessage({ kept: urls.length })));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !ours(request.url)) return;
  if (new URL(request.url).pathname.includes(PYODIDE)) {
    event.respondWith(caches.match(request).then((kept) => kept || fetch(request)));
    return;
  }
  event.respondWith(fetch(request)
    .then((response) => {
      if (response.ok) {
        const copy = response.clone();
        event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
      }
      return response;
    })
    .catch(() => caches.match(request).then((kept) => kept || Response.error())));
});
