// Règles vérifiées: the game terms of a rule, linked to the glossary (sphinxext/term_links.py).
// A term's definition, in the page's language, shows beside it on a hover, a keyboard focus or
// a tap: a tap shows it with a link to the glossary entry, a second tap on the term follows the
// term's own link; Escape, a tap elsewhere or moving on closes it. The text is the page's
// hidden definition (.rb-term-defs), which the link's aria-describedby names for screen
// readers, copied as text (textContent), never as markup.
(function () {
  "use strict";

  function made(tag, className) {
    const element = document.createElement(tag);
    element.className = className;
    return element;
  }

  function setupTerms() {
    const definitions = document.querySelector(".rb-term-defs");
    const links = document.querySelectorAll("a.rb-term[aria-describedby]");
    if (!definitions || !links.length) return;
    const pop = made("div", "rb-term-pop");
    pop.id = "rb-term-pop";
    pop.setAttribute("role", "tooltip");
    pop.hidden = true;
    const name = made("strong", "rb-term-pop-name");
    const what = made("span", "rb-term-pop-what");
    const more = made("a", "rb-term-pop-more");
    more.textContent = definitions.dataset.more || "";
    pop.append(name, what, more);
    // In the page's main landmark, with the text it explains (placed on screen, not in the flow).
    (definitions.closest("[role=main], main") || document.body).appendChild(pop);

    let current = null; // the term whose definition shows
    let tapped = false; // shown by a tap: the next tap on it follows its link
    let pointer = ""; // the last pointer pressed on a term: "touch", "mouse", "pen" or none
    let leaving = 0;

    // Under the term (above it when there is no room below), inside the window.
    function place() {
      if (!current) return;
      const box = current.getBoundingClientRect();
      const margin = 8;
      const width = pop.offsetWidth;
      const height = pop.offsetHeight;
      let top = box.bottom + 6;
      if (top + height > window.innerHeight - margin && box.top - height - 6 >= margin) {
        top = box.top - height - 6;
      }
      const left = Math.max(margin, Math.min(box.left, window.innerWidth - width - margin));
      pop.style.left = left + "px";
      pop.style.top = top + "px";
    }

    function show(link, byTap) {
      clearTimeout(leaving);
      const source = document.getElementById(link.getAttribute("aria-describedby"));
      if (!source) return;
      current = link;
      tapped = byTap;
      name.textContent = source.dataset.term || link.textContent;
      what.textContent = source.textContent;
      more.href = link.href;
      more.hidden = !byTap;
      pop.hidden = false;
      place();
    }

    function hide() {
      clearTimeout(leaving);
      pop.hidden = true;
      current = null;
      tapped = false;
    }

    // A moment's grace: the pointer can move from the term onto its definition.
    function hideSoon() {
      clearTimeout(leaving);
      leaving = setTimeout(hide, 300);
    }

    links.forEach(function (link) {
      link.addEventListener("pointerdown", function (event) { pointer = event.pointerType; });
      link.addEventListener("pointerenter", function (event) {
        if (event.pointerType === "mouse" && !tapped) show(link, false);
      });
      link.addEventListener("pointerleave", function (event) {
        if (event.pointerType === "mouse" && !tapped) hideSoon();
      });
      link.addEventListener("focus", function () {
        if (pointer !== "touch" && pointer !== "pen") show(link, false);
      });
      link.addEventListener("blur", function () {
        if (!tapped) hideSoon();
      });
      link.addEventListener("click", function (event) {
        const byTouch = pointer === "touch" || pointer === "pen";
        pointer = "";
        if (byTouch && !(current === link && tapped)) {
          event.preventDefault();
          show(link, true);
        }
      });
    });
    pop.addEventListener("pointerenter", function () { clearTimeout(leaving); });
    pop.addEventListener("pointerleave", function (event) {
      if (event.pointerType === "mouse" && !tapped) hideSoon();
    });
    document.addEventListener("pointercancel", function () { pointer = ""; }, true);
    document.addEventListener("keydown", function (event) {
      pointer = "";
      if (event.key === "Escape" && !pop.hidden) {
        const back = current;
        hide();
        if (back && pop.contains(document.activeElement)) back.focus();
      }
    });
    document.addEventListener("click", function (event) {
      if (pop.hidden || pop.contains(event.target)) return;
      if (!(event.target.closest && event.target.closest("a.rb-term"))) hide();
    });
    window.addEventListener("scroll", place, { capture: true, passive: true });
    window.addEventListener("resize", place);

    // On paper a term is the plain text it marks: no link (a PDF would keep it, leading
    // nowhere), whether a reader prints the page or `rulebook site` prints the PDFs.
    let printed = [];
    window.addEventListener("beforeprint", function () {
      hide();
      printed = Array.from(links, function (link) {
        const plain = made("span", "rb-term-printed");
        plain.append.apply(plain, Array.from(link.childNodes));
        link.replaceWith(plain);
        return [link, plain];
      });
    });
    window.addEventListener("afterprint", function () {
      printed.forEach(function (pair) {
        pair[0].append.apply(pair[0], Array.from(pair[1].childNodes));
        pair[1].replaceWith(pair[0]);
      });
      printed = [];
    });
  }

  document.addEventListener("DOMContentLoaded", setupTerms);
})();
