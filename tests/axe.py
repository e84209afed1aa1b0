"""axe-core audits of a page opened in Chromium, in both colour schemes at two widths, for the
browser tests (tests/test_a11y.py, tests/test_term_links.py).

One page, axe put in it once; the width and the scheme are changed in place (the page follows
``prefers-color-scheme`` and its own media queries, as a reader's browser does). What costs is
axe's colour-contrast rule (four fifths of an audit): two savings, each argued where it is made.
"""

from collections.abc import Callable
from typing import Any

from axe_playwright_python.sync_playwright import Axe

AXE_SCRIPT = Axe().axe_script

# Put in the page once, after axe.
#
# 1. axe parses each CSS colour string through colorjs.io, once per element and per
#    background layer (a quarter of the contrast rule's time, and much of its garbage):
#    ``Color.parseString`` is a pure function of its text, so each text's r, g, b and alpha are
#    remembered and set again as the parse set them. Errors are not remembered (the parse runs,
#    and throws, again). Our own code rather than axe's because axe has no such option.
#
# 2. ``rbAxe.desk(scheme)``: every rule, the whole page; it also remembers which elements the
#    contrast rule checked and passed, and each element's "looks": its own colours, font and
#    position, chained with every ancestor's (the backgrounds painted beneath it).
#    ``rbAxe.phone(scheme)`` (the other width, same scheme): every rule but colour-contrast on
#    the whole page (link-in-text-block too: which links it judges changes with the wrapping),
#    and colour-contrast only on the elements whose verdict can differ from the one at the
#    first width, which are the elements with text that
#    - were not checked and passed there (shown at this width only, hidden, off-screen or
#      clipped there, or "incomplete" there), or
#    - look different here (own or any ancestor's colour, background, opacity, font, position:
#      none of the site's width media queries sets one today, but one may), or
#    - sit in or over a layer taken out of the flow, here or at the first width (fixed,
#      sticky, absolute: the mobile header, the language bar, a definition's popup), whose
#      backdrop depends on the layout.
#    An element outside these has the same colours, font and backgrounds beneath it at both
#    widths, so the contrast axe computed for it at the first width is the one it would compute
#    here. Checked by hand (2026-11, issue 28) on every page kind of tests/test_a11y.py and the
#    open definition of tests/test_term_links.py, both schemes, contrast run in full at 375 px:
#    every element left out had passed at 1280 px with the same colours and ratio, but for one
#    paragraph of the search page and one of the game page that axe called "incomplete"
#    (partly covered) at 375 px: never a violation, which is all the tests assert.
SCOPED_AXE = """
(() => {
  // Written for axe 4.12.1, whose parseString sets r, g, b and alpha and nothing else: another
  // axe is refused until the memo below is checked against it (then change this version).
  if (axe.version !== "4.12.1") throw new Error("tests/axe.py: axe " + axe.version);
  const proto = axe.commons.color.Color.prototype;
  const parse = proto.parseString;
  const parsed = new Map();
  proto.parseString = function (text) {
    const known = parsed.get(text);
    if (known) {
      [this.r, this.g, this.b, this.alpha] = known;
      return this;
    }
    parse.call(this, text);
    parsed.set(text, [this.r, this.g, this.b, this.alpha]);
    return this;
  };

  const COLOUR = ["color-contrast"];
  const STYLE = ["display", "visibility", "opacity", "color", "background-color",
    "background-image", "font-size", "font-weight", "font-style", "text-shadow",
    "text-decoration-line", "border-bottom-style", "filter", "mix-blend-mode", "position"];
  const OUT_OF_FLOW = ["fixed", "sticky", "absolute"];
  const textual = (el) => el.matches("input, select, textarea, button")
    || Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.data.trim());

  // Each element's looks, as a number: the same number, the same looks, ancestors included.
  const ids = new Map();
  const looks = () => {
    const made = new Map();
    const of = (el) => {
      if (!el) return 0;
      let id = made.get(el);
      if (id !== undefined) return id;
      const style = getComputedStyle(el);
      const key = of(el.parentElement) + "/" + STYLE.map((p) => style.getPropertyValue(p));
      id = ids.get(key);
      if (id === undefined) ids.set(key, (id = ids.size + 1));
      made.set(el, id);
      return id;
    };
    for (const el of document.body.querySelectorAll("*")) of(el);
    return made;
  };
  // The layers on screen (a closed menu's paints nothing, and its text is not checked).
  const layers = () => Array.from(document.body.querySelectorAll("*")).filter(
    (el) => OUT_OF_FLOW.includes(getComputedStyle(el).position) && el.checkVisibility()
  ).map((el) => [el, el.getBoundingClientRect()]).filter(([, box]) => box.width && box.height);
  const over = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom
    && b.top < a.bottom;
  // Whether an element is in or under one of the layers: its colours may be the layer's.
  const inLayers = (layered) => (el) => layered.some(([layer, box]) => layer === el
    || layer.contains(el) || (!el.contains(layer) && over(box, el.getBoundingClientRect())));
  // Runs skip building selectors (thousands of passes); a violation's element is named here.
  const serious = (found) => {
    const lines = found.violations.filter(
      (v) => v.impact === "serious" || v.impact === "critical"
    ).flatMap((v) => v.nodes.map((n) => ({ id: v.id, impact: v.impact, element: n.element,
      summary: n.failureSummary || "" })));
    if (!lines.length) return lines;
    axe.setup(document);
    try {
      for (const line of lines) line.target = axe.utils.getSelector(line.element);
    } finally {
      axe.teardown();
    }
    return lines.map(({ element, ...line }) => line);
  };
  const settled = () => new Promise((done) => requestAnimationFrame(
    () => requestAnimationFrame(done)));
  const first = new Map();

  window.rbAxe = {
    async desk(scheme) {
      await settled();
      const found = await axe.run(document, { elementRef: true, selectors: false });
      const passed = new Set(found.passes.filter((r) => COLOUR.includes(r.id)).flatMap(
        (r) => r.nodes.map((n) => n.element)));
      for (const r of found.incomplete.filter((r) => COLOUR.includes(r.id))) {
        for (const n of r.nodes) passed.delete(n.element);
      }
      // Text in or under a layer at this width may have passed on the layer's background:
      // checked again at the other width, where the layer may have moved or gone.
      const layered = inLayers(layers());
      const covered = new Set(Array.from(document.body.querySelectorAll("*")).filter(
        (el) => textual(el) && layered(el)));
      first.set(scheme, { passed, covered, looks: looks() });
      return serious(found);
    },
    async phone(scheme) {
      await settled();
      const { passed, covered, looks: before } = first.get(scheme);
      const now = looks(), layered = inLayers(layers());
      const scope = Array.from(now.keys()).filter((el) => textual(el) && (
        !passed.has(el) || covered.has(el) || now.get(el) !== before.get(el) || layered(el)
      ));
      const found = [await axe.run(document, {
        rules: Object.fromEntries(COLOUR.map((id) => [id, { enabled: false }])),
        resultTypes: ["violations"],
        elementRef: true, selectors: false,
      })];
      if (scope.length) {
        found.push(await axe.run({ include: scope }, {
          runOnly: { type: "rule", values: COLOUR }, resultTypes: ["violations"],
          elementRef: true, selectors: false,
        }));
      }
      return { scope: scope.length, found: found.flatMap(serious) };
    },
    // Every rule on the elements ``selector`` finds and what they hold, as the page is now.
    async within(selector) {
      await settled();
      return serious(await axe.run({ include: [[selector]] }, {
        resultTypes: ["violations"], elementRef: true, selectors: false,
      }));
    },
  };
})()
"""


Found = dict[tuple[str, int], list[dict[str, str]]]  # axe's lines, in each scheme at each width


def serious_violations(
    page: Any,
    widths: tuple[int, int] = (1280, 375),
    schemes: tuple[str, ...] = ("light", "dark"),
    ready: Callable[[], None] = lambda: None,
    within: str | None = None,
) -> dict[tuple[str, int], list[str]]:
    """What axe finds serious or critical on ``page`` (loaded, as it should be audited), one
    line per element, in each colour scheme at each width: every rule at ``widths[0]``, the
    contrast rule only where its verdict can differ at ``widths[1]`` (see SCOPED_AXE); or,
    ``within`` a part of the page (a CSS selector), every rule on that part at both widths.
    ``ready`` runs before each audit (say, to assert what must be on screen)."""
    height = page.viewport_size["height"] if page.viewport_size else 900
    page.evaluate(AXE_SCRIPT)
    page.evaluate(SCOPED_AXE)
    if within is not None:
        part: Found = {}
        for width in widths:
            page.set_viewport_size({"width": width, "height": height})
            for scheme in schemes:
                page.emulate_media(color_scheme=scheme)
                ready()
                part[scheme, width] = page.evaluate("(s) => rbAxe.within(s)", within)
        return lines_of(part)
    found: Found = {}
    page.set_viewport_size({"width": widths[0], "height": height})
    for scheme in schemes:
        page.emulate_media(color_scheme=scheme)
        ready()
        found[scheme, widths[0]] = page.evaluate("(s) => rbAxe.desk(s)", scheme)
    page.set_viewport_size({"width": widths[1], "height": height})
    for scheme in schemes:
        page.emulate_media(color_scheme=scheme)
        ready()
        found[scheme, widths[1]] = page.evaluate("(s) => rbAxe.phone(s)", scheme)["found"]
    return lines_of(found)


def lines_of(found: Found) -> dict[tuple[str, int], list[str]]:
    """Each line as a failure shows it: the rule, its impact, the element, what is wrong."""
    return {
        state: [f"{v['id']} ({v['impact']}) at {v['target']}: {v['summary']}" for v in lines]
        for state, lines in found.items()
    }
