// "Try it": loaded only when a reader asks. Starts Pyodide, unpacks the rule code, runs the
// example as the reader edited it (rulebook.kit.runner), and shows its result, the chain of
// rules it applied (each linking to its rule, named as the page names it) or the rule's own
// error. Everything shown is set as text: nothing the reader types becomes markup.
(function () {
  const here = document.currentScript ? document.currentScript.src : "";
  const base = new URL(".", here);
  let ready = null;

  function start() {
    if (ready) return ready;
    ready = new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = new URL("pyodide/pyodide.js", base).href;
      script.onload = resolve;
      script.onerror = reject;
      document.head.appendChild(script);
    }).then(() => window.loadPyodide({ indexURL: new URL("pyodide/", base).href }))
      .then(async (pyodide) => {
        const zip = await (await fetch(new URL("rulebook.zip", base))).arrayBuffer();
        pyodide.unpackArchive(zip, "zip");
        pyodide.runPython("import rulebook.kit.runner");
        keepForOffline();
        return pyodide;
      });
    return ready;
  }

  // From the first run on, the service worker keeps "try it", this page and what it loaded
  // (styles, scripts, the examples), and every page opened later: all of it works offline.
  // Its scope is the book's folder (where sw.js is), said outright: pages elsewhere on the
  // host are never its clients.
  function keepForOffline() {
    if (!("serviceWorker" in navigator)) return;
    const book = new URL("..", base).href;
    navigator.serviceWorker.register(new URL("sw.js", book).href, { scope: book })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const loaded = performance.getEntriesByType("resource").map((entry) => entry.name);
        registration.active.postMessage({ keep: [location.href.split("#")[0], ...loaded] });
      })
      .catch(() => {});
  }

  function titleOf(panel, rule) {
    return panel.tryData.titles[rule] || rule;
  }

  function linkTo(panel, rule) {  // on the game's page, the rule itself; elsewhere its page
    return (document.getElementById(rule) ? "" : panel.tryData.page) + "#" + rule;
  }

  function show(panel, out) {
    const words = panel.tryData.words;
    const result = panel.querySelector(".rb-try-result");
    const steps = panel.querySelector(".rb-try-steps");
    result.textContent = "";
    steps.textContent = "";
    const line = document.createElement("p");
    line.className = out.error ? "rb-try-error" : "rb-try-value";
    line.textContent = out.error ? words.try_error + " " + out.error
                                 : words.try_result + " " + out.result;
    result.appendChild(line);
    for (const step of out.steps) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = linkTo(panel, step.rule);
      link.textContent = titleOf(panel, step.rule);
      item.appendChild(link);
      item.appendChild(document.createTextNode(" (" + step.rule + ")"));
      if (step.used.length) {  // as the chain under an example shows them (chain.html)
        const values = document.createElement("ul");
        values.className = "rb-chain-values";
        for (const [name, value] of step.used) {
          const line = document.createElement("li");
          const label = document.createElement("span");
          label.className = "rb-chain-name";
          label.textContent = name;
          line.appendChild(label);
          line.appendChild(document.createTextNode(words.colon + value));
          values.appendChild(line);
        }
        item.appendChild(values);
      }
      steps.appendChild(item);
    }
  }

  async function run(panel) {
    const status = panel.querySelector(".rb-try-status");
    status.textContent = panel.tryData.words.try_loading;
    try {
      const pyodide = await start();
      const runner = pyodide.pyimport("rulebook.kit.runner");
      const source = panel.querySelector("textarea").value;
      const words = pyodide.toPy(panel.tryData.chain_words);
      const home = (panel.tryData.homes || {})[panel.dataset.rule] || "";
      const out = runner.run(source, panel.dataset.module, words, home)
        .toJs({ dict_converter: Object.fromEntries });
      words.destroy();
      status.textContent = "";
      show(panel, out);
    } catch (error) {
      status.textContent = String(error);
    }
  }

  window.rulebookTry = { run: run };
})();
