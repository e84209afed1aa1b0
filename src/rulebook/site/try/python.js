// One Python for the page (worker.js, a Web Worker), shared by the companion and the "try
// it" panels: window.rulebookPython.start(code, modules) loads Pyodide, the game's code and
// those of its modules the page needs, once;
// call(message) sends a call and resolves with its answer. Once Python is up, the page and
// everything it loaded are kept for use offline (sw.js).
(function () {
  if (window.rulebookPython) return;
  const here = document.currentScript ? document.currentScript.src : "";
  const base = new URL(".", here);  // the site's _try/ folder
  let worker = null;
  let ready = null;
  let next = 0;
  const waiting = new Map();

  function start(code, modules) {
    if (ready) return ready;
    worker = new Worker(new URL("worker.js", base));
    ready = new Promise((resolve, reject) => {
      worker.onmessage = (event) => {
        const data = event.data || {};
        if (data.ready) {
          resolve();
          keepForOffline([new URL(code, base).href, ...data.loaded]);
        } else if (data.failed) {
          reject(new Error(data.failed));
        } else if (waiting.has(data.id)) {
          const [done, failed] = waiting.get(data.id);
          waiting.delete(data.id);
          if ("error" in data) failed(new Error(data.error)); else done(data.value);
        }
      };
      worker.onerror = (event) => reject(new Error(event.message || "worker"));
    });
    ready.catch(() => {  // a start that failed (no network) is made again at the next call
      worker.terminate();
      ready = null;
    });
    worker.postMessage({ start: { pyodide: new URL("pyodide/", base).href,
                                  code: new URL(code, base).href, modules: modules || [] } });
    return ready;
  }

  function call(message) {
    return ready.then(() => new Promise((resolve, reject) => {
      const id = ++next;
      waiting.set(id, [resolve, reject]);
      worker.postMessage(Object.assign({ id: id }, message));
    }));
  }

  // The service worker keeps the book's files for use offline: registered once Python is
  // up (not before: its own download of Pyodide would compete with the page's), with the
  // book's folder as its scope, then asked to keep this page and all it loaded.
  function keepForOffline(extra) {
    if (!("serviceWorker" in navigator)) return;
    const book = new URL("..", base).href;
    navigator.serviceWorker.register(new URL("sw.js", book).href, { scope: book })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const loaded = performance.getEntriesByType("resource").map((entry) => entry.name);
        registration.active.postMessage({ keep: [location.href.split("#")[0], ...loaded, ...extra] });
      })
      .catch(() => {});
  }

  // One step of a chain of rules, as the chain under an example draws it (chain.html): the
  // link to its rule, its ID, then the values it used, each named in the page's words. The
  // "try" panels and the companion draw their chains with it.
  function stepItem(step, link, colon) {
    const item = document.createElement("li");
    item.append(link, " (" + step.rule + ")");
    if (step.used.length) {
      const values = document.createElement("ul");
      values.className = "rb-chain-values";
      for (const [name, value] of step.used) {
        const line = document.createElement("li");
        const label = document.createElement("span");
        label.className = "rb-chain-name";
        label.textContent = name;
        line.append(label, colon + value);
        values.appendChild(line);
      }
      item.appendChild(values);
    }
    return item;
  }

  window.rulebookPython = { start: start, call: call, stepItem: stepItem };
})();
