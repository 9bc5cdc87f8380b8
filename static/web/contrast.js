// High-contrast mode, set before the page paints (loaded in <head>, not deferred):
// ?contrast=high or ?contrast=normal for this page (a venue screen's address), else the
// choice made with the header's toggle on this device, else the system's "more contrast".
(function () {
  "use strict";
  var KEY = "standings-contrast";
  var root = document.documentElement;

  function stored() {
    try { return localStorage.getItem(KEY); } catch (e) { return null; }
  }

  function store(choice) {
    try { localStorage.setItem(KEY, choice); } catch (e) { /* private mode: this page only */ }
  }

  var asked = new URLSearchParams(location.search).get("contrast");
  var choice = asked === "high" || asked === "normal" ? asked : stored();
  var high = choice ? choice === "high" : window.matchMedia("(prefers-contrast: more)").matches;

  function apply() {
    if (high) root.dataset.contrast = "high";
    else delete root.dataset.contrast;
    var toggle = document.getElementById("contrast-toggle");
    if (toggle) toggle.setAttribute("aria-pressed", high ? "true" : "false");
  }

  apply();
  document.addEventListener("DOMContentLoaded", function () {
    var toggle = document.getElementById("contrast-toggle");
    if (!toggle) return;
    toggle.hidden = false;
    apply();
    toggle.addEventListener("click", function () {
      high = !high;
      store(high ? "high" : "normal");
      apply();
    });
  });
})();
