/* The venue screen's "Who can still win" view (templates/web/screen.html#screen-race): the
   push does not carry it (the race can take seconds to work out), so when #last-update names
   a new version this fetches the screen again for that version, served from the cache, and
   swaps the view's table in; screen.js pages it again after the swap. While the version's
   race is still being worked out (the answer's view says data-race-pending, or is 503), the
   table shown stays and the screen asks again RETRY ms later, as long as no newer version
   came meanwhile. */
(function () {
  "use strict";

  var RETRY = 2000;
  var shown = null;

  function version() {
    var el = document.getElementById("last-update");
    return el ? el.dataset.version : null;
  }

  function fetchRace(wanted) {
    var url = new URL(location.href);
    url.searchParams.set("v", wanted || "");
    var path = url.pathname + url.search;
    var pending = false;
    function check(event) {
      var info = event.detail.pathInfo;
      if (!info || info.requestPath !== path) return;
      var answer = event.detail.serverResponse || "";
      if (event.detail.xhr.status !== 200 || answer.indexOf('data-race-pending="true"') >= 0) {
        event.detail.shouldSwap = false;
        pending = true;
      }
    }
    document.addEventListener("htmx:beforeSwap", check);
    htmx.ajax("GET", path, {
      target: "#screen-race table",
      select: "#screen-race table",
      swap: "outerHTML"
    }).catch(function () { shown = null; }) // tried again on the next message
      .finally(function () {
        document.removeEventListener("htmx:beforeSwap", check);
        if (pending) {
          setTimeout(function () { if (version() === wanted) fetchRace(wanted); }, RETRY);
        }
      });
  }

  document.addEventListener("DOMContentLoaded", function () {
    shown = version();
    if (document.querySelector("#screen-race[data-race-pending]")) fetchRace(shown);
  });

  document.addEventListener("htmx:wsAfterMessage", function () {
    var wanted = version();
    if (!document.getElementById("screen-race") || wanted === shown) return;
    shown = wanted;
    fetchRace(wanted);
  });
})();
