// Règles vérifiées: cite a rule (its permanent link, a BBCode or Markdown quote made at build
// time by the same code as `rulebook cite`), and keep the reader's rule when switching language.
(function () {
  "use strict";
  const fr = document.documentElement.lang === "fr";
  const words = fr
    ? { url: "Copier le lien", bbcode: "Citer (BBCode)", markdown: "Citer (Markdown)",
        done: "Copié", failed: "Copie impossible" }
    : { url: "Copy link", bbcode: "Quote (BBCode)", markdown: "Quote (Markdown)",
        done: "Copied", failed: "Could not copy" };

  function copyButton(rule, kind) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "rb-copy rb-copy-" + kind;
    button.textContent = words[kind];
    button.setAttribute("aria-label", words[kind] + " · " + rule.id);
    button.addEventListener("click", function () {
      navigator.clipboard.writeText(rule.dataset[kind]).then(
        function () { button.textContent = words.done; },
        function () { button.textContent = words.failed; }
      );
      setTimeout(function () { button.textContent = words[kind]; }, 2000);
    });
    return button;
  }

  function addCopyButtons() {
    document.querySelectorAll(".rb-rule[data-url]").forEach(function (rule) {
      const head = rule.querySelector(".rb-rule-head");
      if (!head || head.querySelector(".rb-copy")) return;
      const tools = document.createElement("span");
      tools.className = "rb-cite";
      ["url", "bbcode", "markdown"].forEach(function (kind) {
        tools.appendChild(copyButton(rule, kind));
      });
      head.appendChild(tools);
    });
  }

  // The rule the reader is on: the one in the address, else the first one that reaches
  // below the top band of the window (the sticky language bar and a margin).
  function currentRule() {
    if (location.hash.length > 1) return location.hash.slice(1);
    const band = Math.min(120, window.innerHeight / 4);
    for (const rule of document.querySelectorAll(".rb-rule, .rb-sbs")) {
      if (rule.getBoundingClientRect().bottom > band) return rule.id;
    }
    return "";
  }

  function keepRuleOnSwitch() {
    document.querySelectorAll("a.rb-lang-switch").forEach(function (link) {
      link.addEventListener("click", function () {
        const id = currentRule();
        link.href = link.dataset.base + (id ? "#" + id : "");
      });
    });
  }

  // The buttons push the rules down: bring the rule in the address back into view.
  function showTarget() {
    const id = decodeURIComponent(location.hash.slice(1));
    const target = id && document.getElementById(id);
    if (target) target.scrollIntoView({ behavior: "instant" });
  }

  document.addEventListener("DOMContentLoaded", function () {
    addCopyButtons();
    keepRuleOnSwitch();
    showTarget();
  });
})();
