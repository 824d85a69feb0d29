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
 * slide style (projection-sized text, outputs drawn as in the notebook: see addStyle below).
 *
 * Console errors. A slideshow logs twenty or more "RangeError: Maximum call stack size exceeded" as it
 * loads. They are not this file's: they come from the design-token code jupyterlab-rise 0.43.1 bundles
 * (static/rise/4437.bundle.js: a derived token that notifies itself), the same page logs as many with this
 * extension removed, and JupyterLab's own pages log none (measured in Chromium 2026-12-05;
 * tests/test_explorers_rise_browser.py checks that no console error comes from this extension).
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
   *   drawn on it afterwards ran off the bottom of the screen.
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
    ".reveal .slides > section.present, .reveal .slides > section > section.present { top: 0 !important; }"
  ].join("\n");

  function addStyle() {
    if (!/\/rise\//.test(window.location.pathname) || document.getElementById(STYLE_ID)) return;
    var style = document.createElement("style");
    style.id = STYLE_ID;
    style.textContent = STYLE;
    (document.head || document.documentElement).appendChild(style);
  }

  addStyle();
})();
