// A companion at the table: draws the screens the game's companion module computes
// (rulebook.kit.companion, run by python.js in a Web Worker) and sends it the player's taps.
// It holds no rule: it keeps the list of taps (per variant, in the browser's storage, so
// that a reload, a phone woken from sleep or the other language's page goes on with the
// same game), and undo and a new game are that list shortened or emptied. Everything shown
// is set as text.
(function () {
  const root = document.querySelector(".rb-companion");
  // Opened as a file, a page may not start a worker: rulebook.js says so in its place.
  if (!root || !window.rulebookPython || location.protocol === "file:") return;
  const python = window.rulebookPython;
  const words = JSON.parse(root.querySelector(".rb-companion-words").textContent);
  const lang = root.dataset.lang;
  const KEY = "rulebook-companion:" + root.dataset.slug;  // the game, in both languages
  const SHOWN = KEY + ":screen:" + lang;  // its last screen, drawn before Python is up
  const parts = {};
  for (const name of ["state", "status", "said", "ask", "controls"]) {
    parts[name] = root.querySelector(".rb-companion-" + name);
  }
  let taps = stored();
  let book = null;  // the rules' titles and the chain's words, in this language
  let busy = false;

  function stored() {
    try {
      const kept = JSON.parse(localStorage.getItem(KEY) || "null");
      return kept && Array.isArray(kept.taps) ? kept.taps : [];
    } catch (e) {
      return [];
    }
  }

  function save(screen) {
    try {
      localStorage.setItem(KEY, JSON.stringify({ taps: taps }));
      if (screen) localStorage.setItem(SHOWN, JSON.stringify({ taps: taps, screen: screen }));
    } catch (e) { /* storage full or refused: this visit only */ }
  }

  function element(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function button(label, className, onClick) {
    const node = element("button", className, label);
    node.type = "button";
    node.addEventListener("click", onClick);
    return node;
  }

  function ruleLink(rule) {
    const link = element("a", "", (book && book.titles[rule]) || rule);
    link.href = "../" + (book ? book.page : "") + "#" + rule;
    return link;
  }

  function chain(steps) {  // as the chain under an example shows it
    const why = element("details", "rb-companion-why");
    why.appendChild(element("summary", "", words.why));
    const list = element("ol", "rb-companion-steps");
    for (const step of steps) {
      list.appendChild(python.stepItem(step, ruleLink(step.rule), words.colon));
    }
    why.appendChild(list);
    return why;
  }

  function field(spec) {
    const box = element("div", "rb-companion-field");
    if (spec.options.length) {
      const group = element("fieldset", "rb-companion-options");
      group.appendChild(element("legend", "", spec.label));
      const chosen = Array.isArray(spec.value) ? spec.value : [spec.value];
      spec.options.forEach((option, i) => {
        const label = element("label", "rb-companion-option rb-tone-" + (option.tone || "none"));
        const input = element("input");
        input.type = spec.many ? "checkbox" : "radio";
        input.name = spec.name;
        input.value = String(i);
        input.checked = chosen.some((v) => JSON.stringify(v) === JSON.stringify(option.tap));
        label.append(input, element("span", "", option.label));
        group.appendChild(label);
      });
      box.appendChild(group);
      box.read = () => {
        const picked = [...group.querySelectorAll("input")].filter((i) => i.checked)
          .map((i) => spec.options[Number(i.value)].tap);
        return spec.many ? picked : (picked.length ? picked[0] : null);
      };
      return box;
    }
    const id = "rb-field-" + spec.name;
    const label = element("label", "rb-companion-label", spec.label);
    label.htmlFor = id;
    const input = element("input", "rb-companion-number");
    input.id = id;
    input.type = "number";
    input.inputMode = "numeric";
    input.min = spec.least;
    input.max = spec.most;
    // null: a field the player emptied before a refusal, shown empty again (kit.refilled).
    input.value = spec.drawn ? 1 + Math.floor(Math.random() * 99999)
      : (spec.value === null ? "" : spec.value);
    const nudge = (by) => () => {
      const now = Number(input.value) || 0;
      input.value = Math.min(spec.most, Math.max(spec.least, now + by));
    };
    const less = button("−", "rb-companion-step", nudge(-1));
    less.setAttribute("aria-label", words.less + " " + spec.label);
    const more = button("+", "rb-companion-step", nudge(1));
    more.setAttribute("aria-label", words.more + " " + spec.label);
    const row = element("div", "rb-companion-stepper");
    row.append(less, input, more);
    box.append(label, row);
    box.read = () => (input.value.trim() === "" ? null : Number(input.value));
    return box;
  }

  function draw(screen, pending) {
    parts.status.textContent = "";
    for (const [name, value] of screen.status) {
      const line = element("div");
      line.append(element("dt", "", name), element("dd", "", value));
      parts.status.appendChild(line);
    }
    parts.said.textContent = "";
    if (screen.refused) {
      // What to do first, in a sentence of its own; the rule that refused comes after it, on
      // its own line and in brackets, so that its title (a rule's name, such as "The mission
      // is already fulfilled") never reads as the answer to the tap, seen or heard.
      const refused = element("p", "rb-companion-refused");
      refused.setAttribute("role", "alert");
      refused.append(element("strong", "", words.refused + "."), " " + screen.refused);
      if (screen.refused_rule) {
        const rule = element("span", "rb-companion-refused-rule", "(" + words.rule + words.colon);
        rule.append(ruleLink(screen.refused_rule), ")");
        refused.append(" ", rule);
      }
      parts.said.appendChild(refused);
    }
    for (const said of screen.said) {
      const answer = element("div", "rb-companion-answer");
      answer.appendChild(element("p", "", said.text));
      if (said.steps.length) answer.appendChild(chain(said.steps));
      parts.said.appendChild(answer);
    }
    parts.ask.textContent = "";
    const ask = screen.ask;
    if (!ask) {
      parts.ask.appendChild(element("p", "rb-companion-question", words.over));
      const again = element("div", "rb-companion-choices");
      again.appendChild(button(words.new_game, "rb-companion-choice rb-tone-main", newGame));
      parts.ask.appendChild(again);
    } else {
      const question = element("p", "rb-companion-question", ask.question);
      question.tabIndex = -1;
      parts.ask.appendChild(question);
      if (ask.choices.length) {
        const choices = element("div", "rb-companion-choices");
        for (const choice of ask.choices) {
          const node = button(choice.label, "rb-companion-choice rb-tone-" + (choice.tone || "none"),
            () => tap(choice.tap));
          node.dataset.tap = JSON.stringify(choice.tap);
          choices.appendChild(node);
        }
        parts.ask.appendChild(choices);
      }
      if (ask.fields.length) {
        const form = element("form", "rb-companion-form");
        const fields = ask.fields.map(field);
        fields.forEach((f) => form.appendChild(f));
        const send = element("button", "rb-companion-choice rb-tone-main", ask.submit);
        send.type = "submit";
        form.appendChild(send);
        form.addEventListener("submit", (event) => {
          event.preventDefault();
          const value = {};
          ask.fields.forEach((spec, i) => { value[spec.name] = fields[i].read(); });
          tap(value);
        });
        parts.ask.appendChild(form);
      }
    }
    parts.controls.querySelector(".rb-companion-undo").disabled = pending || taps.length === 0;
    // Once the game is over, its one "New game" is the question's; the bar's would repeat it.
    parts.controls.querySelector(".rb-companion-new").hidden = !ask;
    root.querySelectorAll(".rb-companion-ask button, .rb-companion-ask input")
      .forEach((node) => { node.disabled = pending; });
  }

  function say(message) {
    parts.state.textContent = message;
    parts.state.hidden = !message;
  }

  async function refresh(moved) {
    const began = performance.now();
    busy = true;
    root.setAttribute("aria-busy", "true");
    try {
      const screen = await python.call({ play: {
        module: root.dataset.module, taps: taps, lang: lang, chain: (book || {}).chain_words || {},
      } });
      if (screen.kept < taps.length) taps = taps.slice(0, screen.kept);  // refused: dropped
      save(screen);
      say("");
      draw(screen, false);
      root.dataset.took = Math.round(performance.now() - began);  // ms, tap to answer drawn
      if (moved) reveal();
    } catch (error) {  // a fault of the book's code: said in words, its trace for developers
      console.error(error);
      say(words.broken);
    } finally {
      busy = false;
      root.removeAttribute("aria-busy");
    }
  }

  // After a tap, the player reads the answer first: when it starts above the screen (a
  // long form was sent from its bottom) or low on it, the page scrolls to it, below the
  // site's header; then the question takes the focus, for a keyboard or a screen reader.
  function reveal() {
    const first = parts.said.firstElementChild || parts.ask;
    const top = first.getBoundingClientRect().top;
    const header = document.querySelector(".mobile-header");
    const below = header && getComputedStyle(header).display !== "none" ? header.offsetHeight : 0;
    if (top < below || top > window.innerHeight * 0.6) window.scrollBy(0, top - below - 8);
    const question = parts.ask.querySelector(".rb-companion-question");
    if (question) question.focus({ preventScroll: true });
  }

  function tap(value) {
    if (busy) return;
    taps.push(value);
    save();
    refresh(true);
  }

  function undo() {
    if (busy || !taps.length) return;
    taps.pop();
    save();
    refresh(true);
  }

  function newGame() {  // a game in progress is abandoned only once the player says so
    const over = !parts.ask.querySelector(".rb-companion-choices [data-tap], .rb-companion-form");
    if (busy || (taps.length && !over && !window.confirm(words.new_confirm))) return;
    taps = [];
    save();
    refresh(true);
  }

  parts.controls.querySelector(".rb-companion-undo").addEventListener("click", undo);
  parts.controls.querySelector(".rb-companion-new").addEventListener("click", newGame);

  // Before Python is up: the last screen of this game, as it was, its buttons waiting.
  try {
    const shown = JSON.parse(localStorage.getItem(SHOWN) || "null");
    if (shown && JSON.stringify(shown.taps) === JSON.stringify(taps)) draw(shown.screen, true);
  } catch (e) { /* nothing kept */ }
  const first = !(navigator.serviceWorker && navigator.serviceWorker.controller);
  say(first ? words.first_visit : words.loading);
  const started = python.start(root.dataset.code, [root.dataset.module]);
  const titles = fetch(root.dataset.book).then((r) => (r.ok ? r.json() : null)).catch(() => null);
  Promise.all([started, titles]).then(([, data]) => {
    book = data;
    return refresh(false);
  }, (error) => {
    console.error(error);
    say(words.failed);
  });
})();
