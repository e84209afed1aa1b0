// Keeps what "try it" loads (Pyodide and the rule code) for offline use: cache first, then
// the network. Registered by _try/try.js the first time a reader runs an example.
const CACHE = "rulebook-try-1";
self.addEventListener("install", (event) => {
  const base = new URL("./_try/", self.registration.scope);
  const files = ["pyodide/pyodide.js", "pyodide/pyodide.asm.js", "pyodide/pyodide.asm.wasm",
    "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json", "rulebook.zip", "try.js"];
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(files.map((f) => new URL(f, base)))));
});
self.addEventListener("fetch", (event) => {
  if (!event.request.url.includes("/_try/")) return;
  event.respondWith(caches.match(event.request).then((kept) => kept || fetch(event.request)));
});
