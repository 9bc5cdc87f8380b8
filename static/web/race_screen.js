/* The venue screen's "Who can still win" view (templates/web/screen.html#screen-race): the
   push does not carry it (the race can take seconds to work out), so when #last-update names
   a new version this fetches the screen again for that version, served from the cache, and
   swaps the view's table in; screen.js pages it again after the swap. */
(function () {
  "use strict";

  var shown = null;

  function version() {
    var el = document.getElementById("last-update");
    return el ? el.dataset.version : null;
  }

  document.addEventListener("DOMContentLoaded", function () {
    shown = version();
  });

  document.addEventListener("htmx:wsAfterMessage", function () {
    var wanted = version();
    if (!document.getElementById("screen-race") || wanted === shown) return;
    shown = wanted;
    var url = new URL(location.href);
    url.searchParams.set("v", wanted || "");
    htmx.ajax("GET", url.pathname + url.search, {
      target: "#screen-race table",
      select: "#screen-race table",
      swap: "outerHTML"
    }).catch(function () { shown = null; }); // tried again on the next message
  });
})();
