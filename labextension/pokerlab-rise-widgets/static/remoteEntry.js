/*
 * pokerlab-rise-widgets: live widgets in jupyterlab-rise's slideshow (pokerlab, MIT licence).
 *
 * Why this exists. jupyterlab-rise 0.43 serves slides from an app of its own (/rise/<notebook>) that
 * loads the installed JupyterLab extensions the way JupyterLab does: every extension's module-federation
 * container is initialised with one shared scope, then each plugin is fetched. That app was built
 * without @jupyterlab/console, and the ipywidgets manager (@jupyter-widgets/jupyterlab-manager,
 * jupyterlab_widgets 3) consumes @jupyterlab/console from the shared scope with no fallback, only to
 * read the IConsoleTracker token of an optional dependency. Webpack then throws "Shared module
 * @jupyterlab/console doesn't exist in shared scope default", the manager never starts, and a widget on
 * a slide shows as text (jupyterlab-contrib/rise issues 119 and 126).
 *
 * What it does. This file is a module-federation container with no plugins. When the app initialises
 * it with the shared scope, and only if the scope has no @jupyterlab/console (JupyterLab itself has
 * one, which is then left alone), it shares a module under that name whose one export is an
 * IConsoleTracker token made with the app's own @lumino/coreutils. No plugin in the slideshow provides
 * that token, so the manager's optional console dependency resolves to null, as it would in an app
 * without consoles, and the manager renders widgets on the slides. It also gives the slideshow pokerlab's
 * slide style (projection-sized text, outputs drawn as in the notebook: see addStyle below), draws the
 * explorers' text at 16 px at least (enlarge, below) and hides the grading plumbing (hideGrading, below).
 *
 * Console errors. A slideshow logs "RangeError: Maximum call stack size exceeded" as it loads (20 to 40 a
 * load, varying by about ten between loads of the same lesson). They are not this file's: every one comes from
 * the design-token code jupyterlab-rise 0.43.1 bundles (static/rise/4437.bundle.js: a derived token that
 * notifies itself), the same pages log as many with this extension removed (lesson 06: 32 and 31 with it, 29
 * and 19 without; lesson 03: 22 with, 34 without; Chromium, 2026-12-06), and JupyterLab's own pages log none;
 * tests/widgets/test_explorers_rise_browser.py checks that no console error comes from this extension.
 */
(function () {
  "use strict";
  var NAME = "pokerlab-rise-widgets";
  var CONSOLE = "@jupyterlab/console";
  var SHIM_VERSION = "0.0.0-pokerlab";

  function newest(versions) {
    // the highest version string of a shared module ("2.7.1" > "2.10.0" is false: compare by number)
    return Object.keys(versions).sort(function (a, b) {
      var x = a.split(/[.-]/), y = b.split(/[.-]/);
      for (var i = 0; i < Math.max(x.length, y.length); i++) {
        var d = (parseInt(x[i], 10) || 0) - (parseInt(y[i], 10) || 0);
        if (d !== 0) return d;
      }
      return 0;
    }).pop();
  }

  function consoleModule(scope) {
    var lumino = scope["@lumino/coreutils"];
    if (!lumino) return Promise.reject(new Error(NAME + ": the shared scope has no @lumino/coreutils"));
    var entry = lumino[newest(lumino)];
    entry.loaded = 1;
    return Promise.resolve(entry.get()).then(function (factory) {
      var coreutils = factory();
      var module = {
        IConsoleTracker: new coreutils.Token(
          CONSOLE + ":IConsoleTracker",
          "A console tracker; none in jupyterlab-rise's slideshow, shared by pokerlab-rise-widgets."
        )
      };
      return function () { return module; };
    });
  }

  var container = {
    init: function (scope) {
      if (!scope || scope[CONSOLE]) return Promise.resolve();
      var shared = null;
      scope[CONSOLE] = {};
      scope[CONSOLE][SHIM_VERSION] = {
        from: NAME,
        eager: false,
        get: function () {
          if (!shared) shared = consoleModule(scope);
          return shared;
        }
      };
      return Promise.resolve();
    },
    get: function (module) {
      return Promise.reject(new Error(NAME + " exposes no module (asked for " + module + ")"));
    }
  };

  window._JUPYTERLAB = window._JUPYTERLAB || {};
  window._JUPYTERLAB[NAME] = container;

  /*
   * pokerlab's slide style, in jupyterlab-rise's slideshow only (its pages live under /rise/; JupyterLab's own
   * pages are left alone). Measured in Chromium at 1280x720 with jupyterlab-rise 0.43.1:
   *
   * - projection-sized text: RISE shows markdown at JupyterLab's 14 px and code at 13 px, too small for the back
   *   of a room; here markdown is 24 px (headings scale with it) and code 18 px;
   * - outputs as in the notebook: reveal.js gives the slide a 67 px font, which every box inside an output
   *   inherits, so anything sized in em (a widget's column, an accordion's title) grew five times over; an
   *   output keeps JupyterLab's 14 px, and reveal's rules for small, table and cells stop at the widgets (its
   *   small is an inline-block at 0.6 em: the explorers' notes were 8 px);
   * - slides start at the top: reveal centres a slide once, by its height before a cell runs, so an explorer
   *   drawn on it afterwards ran off the bottom of the screen;
   * - explorers at 16 px (widgets' own controls through --jp-widgets-font-size, range grids, then enlarge()
   *   below), their controls' column and chart column kept side by side (no wrapping below), their pl-aside
   *   detail left to the notebook, cells' padding 2 px; two explorers too big for a slide at 16 px laid out for
   *   it: the RangeEquityExplorer's range grid in 32 x 25 px cells, the BPPInspector's controls in two columns;
   * - solution and hidden-test cells and "# NBVAL_" first lines not shown (hideGrading below).
   */
  var STYLE_ID = "pokerlab-rise-style";
  var STYLE = [
    ".reveal .jp-MarkdownCell .jp-RenderedMarkdown { font-size: 24px; line-height: 1.4; }",
    ".reveal .jp-InputArea { --jp-code-font-size: 18px; --jp-code-line-height: 1.3; }",
    ".reveal .jp-OutputArea-output { font-size: 14px; }",
    ".reveal .jp-OutputArea-output .jupyter-widgets small {",
    "  display: inline; font-size: smaller; line-height: inherit; vertical-align: baseline; }",
    ".reveal .jp-OutputArea-output .jupyter-widgets table { margin: 0; }",
    ".reveal .jp-OutputArea-output .jupyter-widgets th, .reveal .jp-OutputArea-output .jupyter-widgets td {",
    "  padding: 1px 4px; border-bottom: none; }",
    ".reveal .slides > section.present, .reveal .slides > section > section.present { top: 0 !important; }",
    ".reveal { --jp-cell-padding: 2px; }",
    ".reveal .jp-Cell.pl-grading { display: none !important; }",
    ".reveal .jp-OutputArea-output .pl-aside { display: none !important; }",
    ".reveal .jp-OutputArea-output .widget-hbox:has(> .pl-controls) { flex-wrap: nowrap !important; }",
    ".reveal .jp-OutputArea-output .pl-view { flex: 1 1 0 !important; min-width: 0; }",
    ".reveal .jp-OutputArea-output .pl-range-cells { font-size: 16px !important; }",
    ".reveal .jp-Cell.pl-nbval .cm-content > .cm-line:first-child { display: none; }",
    ".reveal .jp-OutputArea-output { --jp-widgets-font-size: 16px; --jp-widgets-inline-height: 32px; }",
    ".reveal .jp-OutputArea-output .widget-tab > .widget-tab-contents,",
    ".reveal .jp-OutputArea-output .widget-tab > .p-TabPanel-stackedPanel,",
    ".reveal .jp-OutputArea-output .widget-tab > .lm-TabPanel-stackedPanel { padding: 4px; }",
    // RangeEquityExplorer: a range grid of 32 x 25 px cells (13 x 2.35 em by 2.2 em at 16 px ran off the slide)
    ".reveal .pl-range-equity-explorer > .pl-controls { width: 448px !important; }",
    ".reveal .pl-range-equity-explorer .pl-range-cells { grid-template-columns: repeat(13, 2em) !important; }",
    ".reveal .pl-range-equity-explorer .pl-range-cell { height: 1.55em !important; }",
    // BPPInspector: its controls in two columns (one column at 16 px ran 90 px off the slide), leaving the
    // network (700 px wide) room beside them
    ".reveal .pl-bpp-inspector > .pl-controls { width: 388px !important; display: grid !important;",
    "  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); grid-auto-flow: row dense; column-gap: 4px; }",
    ".reveal .pl-bpp-inspector > .pl-controls > .widget-hbox,",
    ".reveal .pl-bpp-inspector > .pl-controls > .widget-toggle-buttons,",
    ".reveal .pl-bpp-inspector > .pl-controls > .widget-html { grid-column: 1 / -1; }",
    ".reveal .pl-bpp-inspector > .pl-controls > * {",
    "  width: auto !important; min-width: 0; max-width: calc(100% - 4px) !important; }"
  ].join("\n");

  function addStyle() {
    if (!/\/rise\//.test(window.location.pathname) || document.getElementById(STYLE_ID)) return;
    var style = document.createElement("style");
    style.id = STYLE_ID;
    style.textContent = STYLE;
    (document.head || document.documentElement).appendChild(style);
    watch();
  }

  /*
   * Explorers legible from the back row. An explorer draws its text at ipywidgets' 13 px, its tables smaller
   * (a range grid's 11 px, a table at 85 %) and its charts as SVG with 8-13 px labels: next to 24 px prose
   * that is unreadable from the back of a room. On a slide every piece of an explorer's text is brought to
   * MIN_PX at least: an element whose own text is smaller gets MIN_PX, and a chart (an SVG) is drawn larger,
   * by the factor that brings its smallest visible label to MIN_PX. The explorers' layouts (controls beside
   * charts, pixel widths) leave room for that on a 1280x720 slide once each starts a slide of its own; the
   * lessons' explorers are measured there by tests/lessons/test_lessons_rise_browser.py. It runs again whenever
   * an explorer redraws (a MutationObserver callback runs before the browser paints: no frame shows small text),
   * when a slide is shown and after a click in an output (a chart in a tab that was hidden).
   */
  var MIN_PX = 16;
  var FORM = { INPUT: 1, SELECT: 1, TEXTAREA: 1 };

  function ownText(el) {
    if (FORM[el.tagName]) return true;
    for (var n = el.firstChild; n; n = n.nextSibling) {
      if (n.nodeType === 3 && n.textContent.trim()) return true;
    }
    return false;
  }

  function enlargeSvg(svg, root) {
    // its smallest label as shown (font size through every transform: the viewBox, a CSS max-width)
    var w = parseFloat(svg.getAttribute("width")), h = parseFloat(svg.getAttribute("height"));
    if (!(w > 0 && h > 0)) return;
    var smallest = Infinity;
    var texts = svg.querySelectorAll("text");
    for (var i = 0; i < texts.length; i++) {
      var t = texts[i], m = t.getScreenCTM();
      if (!m || !t.textContent.trim() || getComputedStyle(t).visibility === "hidden") continue;
      var px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
      if (px > 0 && px < smallest) smallest = px;
    }
    if (!(smallest < MIN_PX - 0.05)) return;
    // no larger than the room it has: to the right edge of the explorer (a chart beside the controls stays
    // beside them) and down to the bottom of the screen, less what the explorer shows under the chart
    var box = svg.getBoundingClientRect(), outer = root.getBoundingClientRect();
    if (!(box.width > 0 && box.height > 0)) return;  // on a hidden slide: measured when it is shown
    var wide = (outer.right - box.left - 4) / box.width;
    var tall = (window.innerHeight - box.top - (outer.bottom - box.bottom) - 6) / box.height;
    // aimed a little above MIN_PX: a chart capped by its column (max-width) by a pixel would show 15.9 px
    var factor = Math.max(1, Math.min((MIN_PX + 0.1) / smallest, wide, tall));
    if (factor < 1.01) return;
    if (!svg.getAttribute("viewBox")) svg.setAttribute("viewBox", "0 0 " + w + " " + h);
    svg.setAttribute("width", (w * factor).toFixed(1));
    svg.setAttribute("height", (h * factor).toFixed(1));
  }

  function enlarge(root) {
    var all = root.querySelectorAll("*");
    var svgs = [];
    for (var i = 0; i < all.length; i++) {
      var el = all[i];
      if (el.tagName === "svg" || el.tagName === "SVG") {
        if (!el.parentElement.closest("svg")) svgs.push(el);
        continue;
      }
      if (el instanceof SVGElement || !ownText(el)) continue;
      if (parseFloat(getComputedStyle(el).fontSize) < MIN_PX - 0.05) {
        el.style.setProperty("font-size", MIN_PX + "px", "important");
      }
    }
    for (var j = 0; j < svgs.length; j++) enlargeSvg(svgs[j], root);
  }

  function enlargeAll(target) {
    var roots = document.querySelectorAll(".reveal .jp-OutputArea-output .jupyter-widgets");
    for (var i = 0; i < roots.length; i++) {
      if (!target || roots[i].contains(target) || target.contains(roots[i])) {
        if (roots[i].parentElement.closest(".jupyter-widgets")) continue;
        enlarge(roots[i]);
      }
    }
  }

  /*
   * Live slides without the grading plumbing. The lessons are nbgrader sources that the test suite runs: their
   * exercise cells hold the solutions between "### BEGIN SOLUTION" / "### END SOLUTION", the check cells their
   * hidden tests between "### BEGIN HIDDEN TESTS" / "### END HIDDEN TESTS", and 156 cells open with
   * "# NBVAL_CHECK_OUTPUT" (nbval compares their output). The decks strip these; on a live slide a cell holding
   * a solution or hidden tests (code, or a written answer) is not shown, so an exercise's slide shows the task
   * students work on, and a cell's first line "# NBVAL_..." is not shown either. Only the slideshow's view
   * changes: the notebook, its file and JupyterLab's own view of it keep every line (the cell runs as written).
   */
  var GRADING = /BEGIN SOLUTION|BEGIN HIDDEN TESTS/;
  var NBVAL = /^\s*#\s*NBVAL_/;

  function hideGrading() {
    var cells = document.querySelectorAll(".reveal .jp-Cell");
    for (var i = 0; i < cells.length; i++) {
      var cell = cells[i];
      var editor = cell.querySelector(".cm-content");
      var shown = cell.querySelector(".jp-RenderedMarkdown");
      var text = editor ? editor.textContent : shown ? shown.textContent : "";
      var grading = GRADING.test(text) || (!!shown && /BEGIN SOLUTION/.test(shown.textContent));
      cell.classList.toggle("pl-grading", grading);
      var first = editor && editor.querySelector(".cm-line");
      cell.classList.toggle("pl-nbval", !!first && NBVAL.test(first.textContent));
    }
  }

  var pending = false;

  function watch() {
    var observer = new MutationObserver(function (records) {
      var seen = [];
      for (var i = 0; i < records.length; i++) {
        var t = records[i].target.nodeType === 1 ? records[i].target : records[i].target.parentElement;
        if (!t || !t.closest || !t.closest(".reveal")) continue;
        var root = t.closest(".jp-OutputArea-output") || t;
        if (seen.indexOf(root) < 0) seen.push(root);
      }
      for (var j = 0; j < seen.length; j++) enlargeAll(seen[j]);
      if (!pending) {
        pending = true;
        requestAnimationFrame(function () { pending = false; hideGrading(); });
      }
    });
    observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true });
    // an explorer drawn while its slide was hidden (run before the slideshow opened) has no size to measure
    // then: measured again when a slide is shown (RISE keeps the slide's address in the page's hash)
    window.addEventListener("hashchange", function () {
      setTimeout(function () { enlargeAll(null); }, 50);
    });
    // and a chart in a tab that was hidden (BPPInspector's betting curves) when its tab is clicked
    document.addEventListener("click", function (event) {
      if (event.target && event.target.closest && event.target.closest(".reveal .jp-OutputArea-output")) {
        setTimeout(function () { enlargeAll(null); }, 50);
      }
    });
  }

  addStyle();
})();
