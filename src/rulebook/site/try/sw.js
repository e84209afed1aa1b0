// Keeps what the companions and "try it" load (Pyodide, the scripts, each game's code and
// examples) and the pages a reader has opened since, for use at a table with no network. Pyodide's files are the same
// for its version: from the cache. Every other file: from the network when it answers, so
// that a new edition is read at once, else from the cache. Registered by _try/python.js once
// the page's Python is up (a companion opened, an example run), with the book's folder as its
// scope; the page then asks for itself and what it and its worker loaded to be kept.
//
// It touches the book's files only. The build (try_it.py) writes BOOK: the site's top-level
// files and folders as it wrote them; the files fetched on installing (Pyodide's and the
// scripts, from try_it.py's one list of each) and Pyodide's folder (runtime), served from the
// cache first. A request is handled when its path, below the book's
// folder, is one of those files or lies in one of those folders; any other request (another
// application on the same host, even one inside the book's folder) goes to the network as if
// there were no worker, and is never kept. An answer marked "Cache-Control: no-store" is never
// kept either, and drops a copy kept before.
//
// An edition built without "try it" writes this file with BOOK.retired: the worker then
// deletes the book's caches and unregisters itself.
const BOOK = __BOOK__;
const SCOPE = new URL(self.registration.scope);  // the book's folder, where this file is
// Caches belong to the whole host, not to a scope: the book's names carry its folder, so that
// nothing else on the host (another book, another application) loses its caches to this one.
const NAMED = "rulebook-" + SCOPE.pathname + " ";
const CACHE = NAMED + BOOK.edition;  // an edition's cache: an older one is dropped
const BEFORE = /^rulebook-[0-9a-f]{16}$/;  // what workers before this one named their caches

// Python's memory snapshots (worker.js): named for the code they were made of, replaced by
// the page itself; kept across editions, dropped with the book when it retires.
const SNAPSHOTS = NAMED + "python";

function dropCaches(keep) {
  return caches.keys().then((names) => Promise.all(names
    .filter((name) => (name.startsWith(NAMED) || BEFORE.test(name)) && name !== keep &&
      (keep === null || name !== SNAPSHOTS))
    .map((name) => caches.delete(name))));
}

function inBook(url) {
  let address;
  try { address = new URL(url); } catch (e) { return false; }  // a message's junk
  if (address.origin !== SCOPE.origin || !address.pathname.startsWith(SCOPE.pathname)) {
    return false;
  }
  const path = address.pathname.slice(SCOPE.pathname.length) || "index.html";
  return BOOK.files.includes(path) || BOOK.folders.some((folder) => path.startsWith(folder));
}

function noStore(response) {  // Cache-Control's directives, such as "private, no-store"
  const directives = (response.headers.get("Cache-Control") || "").split(",");
  return directives.some((d) => d.split("=")[0].trim().toLowerCase() === "no-store");
}

function keepable(response) {  // a whole same-origin answer, not a redirect, storable
  return response.status === 200 && response.type === "basic" && !response.redirected &&
    !noStore(response);
}

// Keep a fresh answer, or forget the old copy when the server says not to store it.
function remember(request, response) {
  if (keepable(response)) {
    const copy = response.clone();
    return caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  if (noStore(response)) return caches.open(CACHE).then((cache) => cache.delete(request));
  return Promise.resolve();
}

function kept(request) {  // from the book's own cache, never from another one of the host
  return caches.open(CACHE).then((cache) => cache.match(request));
}

function inRuntime(url) {  // Pyodide's folder: its files are the same for its version
  return new URL(url).pathname.startsWith(SCOPE.pathname + BOOK.runtime);
}

if (BOOK.retired) {
  self.addEventListener("install", (event) => event.waitUntil(self.skipWaiting()));
  self.addEventListener("activate", (event) => {
    event.waitUntil(dropCaches(null).then(() => self.registration.unregister()));
  });
} else {
  self.addEventListener("install", (event) => {
    const fetched = BOOK.install.map((file) => {
      const url = new URL(file, SCOPE).href;
      return fetch(url).then((response) => {
        if (!response.ok) throw new Error(url + ": " + response.status);
        return remember(url, response);
      });
    });
    event.waitUntil(Promise.all(fetched).then(() => self.skipWaiting()));
  });

  self.addEventListener("activate", (event) => {
    event.waitUntil(dropCaches(CACHE).then(() => self.clients.claim()));
  });

  // { keep: [urls] }: a page and what it loaded, each fetched and kept again, but Pyodide's
  // files kept already: a page that starts Python lists them all, some 14 MB to fetch and
  // write again for nothing at every page.
  self.addEventListener("message", (event) => {
    const urls = ((event.data && event.data.keep) || []).filter(inBook);
    const each = urls.map((url) => (inRuntime(url) ? kept(url) : Promise.resolve(null))
      .then((copy) => copy || fetch(url).then((r) => remember(url, r)))
      .catch(() => null));
    event.waitUntil(Promise.all(each));
  });

  self.addEventListener("fetch", (event) => {
    const request = event.request;
    if (request.method !== "GET" || !inBook(request.url)) return;
    if (inRuntime(request.url)) {
      event.respondWith(kept(request).then((copy) => copy || fetch(request)));
      return;
    }
    event.respondWith(fetch(request)
      .then((response) => {
        event.waitUntil(remember(request, response));
        return response;
      })
      .catch(() => kept(request).then((copy) => copy || Response.error())));
  });
}
