// "Try it": loaded only when a reader asks. Runs the example as the reader edited it
// (rulebook.kit.runner) in the page's one Python (python.js: a Web Worker shared with the
// companion), and shows its result, the chain of rules it applied (each linking to its
// rule, named as the page names it) or the rule's own error. Everything shown is set as
// text: nothing the reader types becomes markup.
(function () {
  const here = document.currentScript ? document.currentScript.src : "";
  const base = new URL(".", here);

  function python() {  // python.js, loaded once a page (rulebook.js's rulebookLoad)
    return window.rulebookLoad(new URL("python.js", base).href).then(() => window.rulebookPython);
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
      const link = document.createElement("a");
      link.href = linkTo(panel, step.rule);
      link.textContent = titleOf(panel, step.rule);
      steps.appendChild(window.rulebookPython.stepItem(step, link, words.colon));
    }
  }

  async function run(panel) {
    const status = panel.querySelector(".rb-try-status");
    status.textContent = panel.tryData.words.try_loading;
    let runtime;
    try {
      runtime = await python();
      await runtime.start(panel.tryData.code, [panel.dataset.module]);
    } catch (error) {  // Python could not be loaded or started: the panel's own words
      console.error(error);
      status.textContent = panel.dataset.runFailed;
      return;
    }
    try {
      const out = await runtime.call({ run: {
        source: panel.querySelector("textarea").value,
        module: panel.dataset.module,
        words: panel.tryData.chain_words,
        home: (panel.tryData.homes || {})[panel.dataset.rule] || "",
      } });
      status.textContent = "";
      show(panel, out);
    } catch (error) {
      status.textContent = String(error);
    }
  }

  window.rulebookTry = { run: run };
})();
