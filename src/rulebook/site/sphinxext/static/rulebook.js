// Règles vérifiées: the proof-reading switch, each rule's share menu (its permanent link, a
// BBCode or Markdown quote made at build time by the same code as `rulebook cite`), and the
// reader's rule kept when switching language.
(function () {
  "use strict";
  const KEY = "rb-proofreading";
  const root = document.documentElement;

  function remember(on) {
    try { localStorage.setItem(KEY, on ? "1" : "0"); } catch (e) { /* private mode: this page only */ }
  }

  function setupSwitch() {
    document.querySelectorAll(".rb-proof-switch").forEach(function (button) {
      button.setAttribute("aria-pressed", String(root.classList.contains(KEY)));
      button.addEventListener("click", function () {
        const on = !root.classList.contains(KEY);
        root.classList.toggle(KEY, on);
        button.setAttribute("aria-pressed", String(on));
        remember(on);
      });
    });
  }

  // Clipboard first; where it is refused (plain HTTP on a LAN), the old way; else say so.
  function copy(textToCopy) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(textToCopy);
    }
    return new Promise(function (resolve, reject) {
      const area = document.createElement("textarea");
      area.value = textToCopy;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      let done = false;
      try { done = document.execCommand("copy"); } catch (e) { done = false; }
      area.remove();
      if (done) resolve(); else reject(new Error("copy refused"));
    });
  }

  function setupShareMenus() {
    document.querySelectorAll(".rb-rule[data-url]").forEach(function (rule) {
      const menu = rule.querySelector(".rb-share");
      if (!menu) return;
      const status = menu.querySelector(".rb-copy-status");
      menu.querySelectorAll("button.rb-copy").forEach(function (button) {
        button.hidden = false;
        button.addEventListener("click", function () {
          copy(rule.dataset[button.dataset.kind]).then(
            function () { status.textContent = status.dataset.done; },
            function () { status.textContent = status.dataset.failed; }
          );
        });
      });
      menu.addEventListener("toggle", function () {
        if (!menu.open) status.textContent = "";
      });
      menu.addEventListener("keydown", function (event) {
        if (event.key === "Escape" && menu.open) {
          menu.open = false;
          menu.querySelector("summary").focus();
        }
      });
    });
    // One menu open at a time; a click elsewhere closes it.
    document.addEventListener("click", function (event) {
      document.querySelectorAll(".rb-share[open]").forEach(function (menu) {
        if (!menu.contains(event.target)) menu.open = false;
      });
    });
  }

  // The address's anchor, percent-decoded without ever throwing (decodeURIComponent throws on
  // "#%E0%A4%A", which stopped this script): the URL standard's decoding, which keeps a stray
  // "%" as written and turns bytes that are not UTF-8 into U+FFFD. URLSearchParams decodes
  // that way; "+" and "&" mean something to it, so they are escaped first.
  function anchor() {
    const text = location.hash.slice(1).replace(/[+&]/g, encodeURIComponent);
    return new URLSearchParams("v=" + text).get("v");
  }

  function isRule(id) {
    const found = id && document.getElementById(id);
    return Boolean(found && found.classList.contains("rb-rule"));
  }

  function inView(element, band) {
    const box = element.getBoundingClientRect();
    return box.bottom > band && box.top < window.innerHeight;
  }

  // The rule the reader is on: the rule in the address if it is in view, else the first
  // rule that reaches below the top band of the window (the sticky bar and a margin). A
  // section's anchor (from the contents) is no rule: the first rule in view is that
  // section's first rule.
  function currentRule() {
    const band = Math.min(120, window.innerHeight / 4);
    const hash = anchor();
    if (isRule(hash) && inView(document.getElementById(hash), band)) return hash;
    for (const rule of document.querySelectorAll(".rb-rule, .rb-sbs")) {
      if (rule.getBoundingClientRect().bottom > band) return rule.id;
    }
    return "";
  }

  // The same page in the other language, at the reader's place: the rule they are on, else
  // (a page without rules) the address's own anchor as written, as the glossary's and the
  // code pages' anchors are the same in both languages. Set before the link is followed in
  // any way: a click, a middle click, a key, the context menu's "copy link".
  function keepPlaceOnSwitch() {
    document.querySelectorAll("a.rb-lang-switch").forEach(function (link) {
      function update() {
        const id = currentRule();
        link.href = link.dataset.base + (id ? "#" + id : location.hash);
      }
      ["pointerdown", "focus", "click"].forEach(function (type) {
        link.addEventListener(type, update);
      });
    });
  }

  // An old quote's notice lies under its rule's title, which must show whole above it, where
  // a plain link to the rule puts it (the rule's scroll margin and padding): rulebook.css
  // allows for a one-line title; a title on more lines, or the section's heading that titles
  // the rule, is measured here. Set on the notice, the margin holds however often the
  // browser brings its anchor back into view while the page loads.
  function keepTitleAbove(notice) {
    const rule = notice.closest(".rb-rule");
    if (!rule || !notice.classList.contains("rb-outdated")) return;
    let title = rule.querySelector(":scope > :is(h2, h3, h4, h5)");
    if (rule.classList.contains("rb-titled-by-section") && !root.classList.contains(KEY)) {
      title = rule.closest("section").querySelector(":scope > :is(h1, h2, h3, h4, h5)");
    }
    if (!title) return;
    const style = getComputedStyle(rule);
    const place = parseFloat(style.scrollMarginTop) + parseFloat(style.paddingTop);
    const above = notice.getBoundingClientRect().top - title.getBoundingClientRect().top;
    notice.style.scrollMarginTop = Math.ceil(above + place) + "px";
  }

  // Once the page is laid out, bring the rule in the address back into view. A notice does
  // not match :target yet when this runs: shown meanwhile, to be measured and reached at
  // once (else the browser scrolls to it later, smoothly, from the top of the page).
  function showTarget() {
    const id = anchor();
    const target = id && document.getElementById(id);
    if (!target) return;
    target.style.display = target.classList.contains("rb-outdated") ? "block" : "";
    keepTitleAbove(target);
    target.scrollIntoView({ behavior: "instant" });
    target.style.display = "";
  }

  // On a phone, furo's "On this page" panel (opened by its checkbox #__toc) stays open over
  // two thirds of the screen once an entry is chosen, and furo has no setting to close it:
  // choosing an entry closes it, as the reader expects.
  function closeContentsOnChoice() {
    const toggle = document.getElementById("__toc");
    const drawer = document.querySelector(".toc-drawer");
    if (!toggle || !drawer) return;
    drawer.addEventListener("click", function (event) {
      if (event.target.closest("a[href]")) toggle.checked = false;
    });
  }

  // "Try it": the page holds a button only. Opened, the panel fetches its example's code and
  // words (_try/examples/); run, it loads the runner (_try/try.js) and Pyodide, never before.
  function element(tag, className, text) {
    const made = document.createElement(tag);
    if (className) made.className = className;
    if (text) made.textContent = text;
    return made;
  }

  function buildTry(panel, data) {
    const words = data.words;
    panel.tryData = data;
    panel.appendChild(element("p", "rb-try-help", words.try_help));
    const area = element("textarea", "rb-try-source");
    area.value = data.sources[panel.dataset.rule] || "";
    area.rows = Math.min(area.value.split("\n").length + 1, 14);
    area.spellcheck = false;
    area.setAttribute("aria-label", words.try_code);
    panel.appendChild(area);
    const line = element("p");
    const button = element("button", "rb-try-run", words.try_run);
    button.type = "button";
    const status = element("span", "rb-try-status");
    status.setAttribute("aria-live", "polite");
    line.append(button, " ", status);
    panel.appendChild(line);
    const result = element("div", "rb-try-result");
    result.setAttribute("aria-live", "polite");
    panel.append(result, element("ol", "rb-try-steps"));
    button.addEventListener("click", function () {
      // The runner (the panel's data-runner: _try/try.js), loaded at the first "Run"
      loadScript(panel.dataset.runner).then(function () { window.rulebookTry.run(panel); },
        function (error) {
          console.error(error);
          status.textContent = panel.dataset.runFailed;
        });
    });
  }

  // A script loaded once a page, when first asked for (the "try" runner, then Python's
  // loader: try.js asks through window.rulebookLoad); a load that failed (no network) is tried
  // again at the next ask, its script taken out.
  const scripts = new Map();
  function loadScript(address) {
    const src = new URL(address, location.href).href;
    if (!scripts.has(src)) {
      scripts.set(src, new Promise(function (resolve, reject) {
        const script = document.createElement("script");
        script.src = src;
        script.onload = resolve;
        script.onerror = function () {
          script.remove();
          scripts.delete(src);
          reject(new Error(src + " could not be loaded"));
        };
        document.head.appendChild(script);
      }));
    }
    return scripts.get(src);
  }
  window.rulebookLoad = loadScript;

  // Opened as a file (file://), a page may neither fetch its examples nor start Python: the
  // page says so, and how to serve the site (page.html holds the words).
  function servedOnly() {
    const notice = location.protocol === "file:" && document.querySelector(".rb-served-only");
    return notice || null;
  }

  function sayServedOnly() {
    const notice = servedOnly();
    if (!notice) return;
    const companions = document.querySelectorAll(".rb-companion");
    companions.forEach(function (companion) {  // companion.js does not start (file:)
      companion.querySelector(".rb-companion-state").textContent = notice.textContent;
      companion.querySelector(".rb-companion-controls").remove();
    });
    notice.hidden = companions.length > 0;
  }

  // What keeps a panel from opening, said in it (none: the notice goes).
  function sayInPanel(panel, words) {
    let notice = panel.querySelector(":scope > .rb-try-error");
    if (!words) {
      if (notice) notice.remove();
      return;
    }
    if (!notice) {
      notice = element("p", "rb-try-error");
      notice.setAttribute("role", "alert");
      panel.appendChild(notice);
    }
    notice.textContent = words;
  }

  // A panel whose example cannot be fetched (no network, a host's error) says so in the
  // page's language (try.html holds the words) and fetches again when opened again.
  function setupTry() {
    document.querySelectorAll(".rb-try").forEach(function (panel) {
      panel.addEventListener("toggle", function () {
        if (!panel.open || panel.tryData) return;
        const notice = servedOnly();
        if (notice) {
          sayInPanel(panel, notice.textContent);
          return;
        }
        fetch(panel.dataset.sources)
          .then(function (r) {
            if (!r.ok) throw new Error(panel.dataset.sources + ": " + r.status);
            return r.json();
          })
          .then(function (data) {
            sayInPanel(panel, "");
            if (!panel.tryData) buildTry(panel, data);
          })
          .catch(function (error) {
            console.error(error);
            if (!panel.tryData) sayInPanel(panel, panel.dataset.failed);
          });
      });
    });
  }

  // A table wider than its column scrolls in its own box: the side where more of it lies
  // fades out (rulebook.css), and stops fading once the reader has scrolled to that end.
  function markScrollingTables() {
    document.querySelectorAll(".table-wrapper").forEach(function (box) {
      function update() {
        const more = box.scrollWidth - box.clientWidth;
        box.classList.toggle("rb-more-right", box.scrollLeft < more - 1);
        box.classList.toggle("rb-more-left", box.scrollLeft > 1);
      }
      update();
      box.addEventListener("scroll", update, { passive: true });
      if (window.ResizeObserver) new ResizeObserver(update).observe(box);
    });
  }

  // Search results quote a page's reading text: not its proof-reading tools, menus, notices
  // and folded panels, nor a rule's title hidden under its section's own (searchtools.js
  // makes each snippet from the page's HTML with Search.htmlToText).
  const NOT_READ = [
    ".rb-languages", ".rb-served-only", ".rb-proof", ".rb-share", ".rb-outdated", ".rb-history",
    ".rb-chain", ".rb-try", ".rb-companion", ".no-search", "noscript",
    ".rb-titled-by-section > :is(h2, h3, h4, h5)",
  ].join(", ");

  function readingSnippets() {
    const search = typeof Search === "undefined" ? null : Search;  // search.html only
    if (!search || typeof search.htmlToText !== "function" || search.htmlToText.sphinx) return;
    const sphinx = search.htmlToText;
    search.htmlToText = function (htmlString, anchor) {
      const page = new DOMParser().parseFromString(htmlString, "text/html");
      page.querySelectorAll(NOT_READ).forEach(function (e) { e.remove(); });
      return sphinx.call(this, page.documentElement.outerHTML, anchor);
    };
    search.htmlToText.sphinx = sphinx;  // Sphinx's own, for a test to compare
  }

  document.addEventListener("DOMContentLoaded", function () {
    readingSnippets();
    sayServedOnly();
    markScrollingTables();
    setupTry();
    setupSwitch();
    setupShareMenus();
    keepPlaceOnSwitch();
    closeContentsOnChoice();
    showTarget();
  });
  // A notice reached without loading the page again (an address edited by hand): the same.
  window.addEventListener("hashchange", function () {
    const id = anchor();
    const notice = id && document.getElementById(id);
    if (notice && notice.classList.contains("rb-outdated")) {
      keepTitleAbove(notice);
      notice.scrollIntoView();
    }
  });
})();
