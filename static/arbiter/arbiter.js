/* The live script refetches the page body when a colleague (or this arbiter) writes, and a
   tap swaps its board's row: keep the open corrections, typed reasons and focus across
   every swap.

   A typed reason is remembered as it is typed, not read off the page before a swap: a
   row's swap can arrive late (the response to a tap made before the reason was typed) and
   would otherwise wipe it. A reason is forgotten once a request that carried it succeeds.
   Open corrections and focus are put back in afterSwap, synchronously with the swap. */
(function () {
  "use strict";
  var typed = {}; // row or input id -> { text, seq }: what the arbiter typed, in order
  var sent = new WeakMap(); // request's element -> seq when it was sent
  var seq = 0;
  var kept = null; // open corrections and focus, read just before a page-body swap

  function rowOf(el) {
    var row = el && el.closest && el.closest(".board-row[id]");
    return row ? row.id : null;
  }

  function keyOf(input) {
    return rowOf(input) || input.id || null;
  }

  document.addEventListener("input", function (event) {
    var input = event.target;
    if (!input.matches || !input.matches("input[name=reason]")) return;
    var key = keyOf(input);
    if (!key) return;
    seq += 1;
    if (input.value) typed[key] = { text: input.value, seq: seq };
    else delete typed[key];
  });

  document.addEventListener("htmx:beforeRequest", function (event) {
    seq += 1;
    sent.set(event.detail.elt, seq);
  });

  document.addEventListener("htmx:afterRequest", function (event) {
    var elt = event.detail.elt;
    var form = elt && (elt.form || (elt.closest && elt.closest("form")));
    var input = form && form.querySelector("input[name=reason]");
    var key = input ? keyOf(input) : rowOf(elt);
    var at = sent.get(elt);
    var xhr = event.detail.xhr;
    if (!key || !typed[key] || at === undefined || !xhr || xhr.status >= 300) return;
    if (typed[key].seq < at) delete typed[key]; // the reason went with this request
  });

  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!event.detail.target || event.detail.target.id !== "page-body") return;
    var active = document.activeElement;
    kept = { open: [], focusRow: rowOf(active), focusValue: null, focusName: null };
    document.querySelectorAll("#page-body details[open]").forEach(function (details) {
      kept.open.push(rowOf(details));
    });
    if (active && kept.focusRow) {
      kept.focusName = active.getAttribute("name");
      kept.focusValue = active.tagName === "BUTTON" ? active.value : null;
    }
  });

  function restoreReasons() {
    document.querySelectorAll("input[name=reason]").forEach(function (input) {
      var entry = typed[keyOf(input)];
      if (!entry || input.value) return;
      input.value = entry.text;
      var details = input.closest("details");
      if (details) details.open = true;
    });
  }

  function restoreOpenAndFocus(k) {
    k.open.forEach(function (id) {
      var details = id && document.querySelector("#" + id + " details");
      if (details) details.open = true;
    });
    var row = k.focusRow && document.getElementById(k.focusRow);
    if (!row) return;
    var target = Array.prototype.find.call(
      row.querySelectorAll("button, input, summary"),
      function (el) {
        return el.getAttribute("name") === k.focusName &&
          (k.focusValue === null || el.value === k.focusValue);
      }
    );
    if (target) target.focus();
  }

  document.addEventListener("htmx:afterSwap", function () {
    var k = kept;
    kept = null;
    if (k) restoreOpenAndFocus(k);
    restoreReasons();
  });
})();
