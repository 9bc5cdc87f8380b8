/* Arbiter's and scorer's pages: a request that fails is said in the page, in the reader's
   language, and nothing is swapped, so the board stays as it was and what was typed stays
   typed. A failure is either an error answer (503 while the database is not answering,
   worded by the server: standings/outage.py) or no answer at all (the network). The
   sentence goes into the tapped row when there is one, else into #request-problem; a
   later request that succeeds takes it away. A page body's refetch after a push (live.js)
   says nothing: it is tried again on the next push. */
(function () {
  "use strict";

  function banner() {
    return document.getElementById("request-problem");
  }

  // The template's words for a failure the server did not word: data-* of #request-problem.
  function words(name, status) {
    var el = banner();
    return ((el && el.dataset[name]) || "").replace("{status}", status);
  }

  function writing(detail) {
    return detail.requestConfig && detail.requestConfig.verb !== "get";
  }

  function refetch(detail) {
    return !writing(detail) && detail.target && detail.target.id === "page-body";
  }

  // The server's own sentence ([data-problem] in its answer), if it sent one.
  function worded(xhr) {
    var type = xhr.getResponseHeader("Content-Type") || "";
    if (type.indexOf("text/html") !== 0) return "";
    var doc = new DOMParser().parseFromString(xhr.responseText, "text/html");
    var said = doc.querySelector("[data-problem]");
    return said ? said.textContent.trim() : "";
  }

  function rowOf(elt) {
    return elt && elt.closest ? elt.closest(".board-row, .match-row") : null;
  }

  function say(elt, text) {
    var row = rowOf(elt);
    var note = row ? row.querySelector(".request-problem") : banner();
    if (row && !note) {
      note = document.createElement("p");
      note.className = "refusal request-problem";
      note.setAttribute("role", "alert");
      row.appendChild(note);
    }
    if (!note) return;
    note.textContent = text;
    note.hidden = false;
  }

  function clear(elt) {
    var row = rowOf(elt);
    var note = row && row.querySelector(".request-problem");
    if (note) note.remove();
    var el = banner();
    if (el) el.hidden = true;
  }

  document.addEventListener("htmx:responseError", function (event) {
    var detail = event.detail;
    if (refetch(detail)) return;
    var status = detail.xhr.status;
    say(detail.elt, worded(detail.xhr) || words(writing(detail) ? "answeredWrite" : "answeredRead", status));
  });

  document.addEventListener("htmx:sendError", function (event) {
    var detail = event.detail;
    if (refetch(detail)) return;
    say(detail.elt, words(writing(detail) ? "unreachableWrite" : "unreachableRead", ""));
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.successful) clear(event.detail.elt);
  });
})();
