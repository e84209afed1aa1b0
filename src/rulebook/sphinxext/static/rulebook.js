// Règles vérifiées: copy a rule's permanent link; keep the reader's rule when switching language.
(function () {
  "use strict";
  const fr = document.documentElement.lang === "fr";
  const words = fr
    ? { copy: "Copier le lien", copied: "Lien copié", failed: "Copie impossible" }
    : { copy: "Copy link", copied: "Link copied", failed: "Could not copy" };

  function ruleUrl(id) {
    return location.origin + location.pathname + "#" + id;
  }

  function addCopyButtons() {
    document.querySelectorAll(".rb-rule").forEach(function (rule) {
      const head = rule.querySelector(".rb-rule-head");
      if (!head || head.querySelector(".rb-copy")) return;
      const button = document.createElement("button");
      button.type = "button";
      button.className = "rb-copy";
      button.textContent = words.copy;
      button.setAttribute("aria-label", words.copy + " " + rule.id);
      button.addEventListener("click", function () {
        navigator.clipboard.writeText(ruleUrl(rule.id)).then(
          function () { button.textContent = words.copied; },
          function () { button.textContent = words.failed; }
        );
        setTimeout(function () { button.textContent = words.copy; }, 2000);
      });
      head.appendChild(button);
    });
  }

  // The rule the reader is on: the one in the address, else the first one on screen.
  function currentRule() {
    if (location.hash.length > 1) return location.hash.slice(1);
    const rules = document.querySelectorAll(".rb-rule");
    for (const rule of rules) {
      if (rule.getBoundingClientRect().bottom > 0) return rule.id;
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

  document.addEventListener("DOMContentLoaded", function () {
    addCopyButtons();
    keepRuleOnSwitch();
  });
})();
