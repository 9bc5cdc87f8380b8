/* The live script refetches the page body when a colleague (or this arbiter) writes:
   keep the open corrections, typed reasons and focus across that swap. They are put back
   in afterSwap, synchronously with the swap: restoring at afterSettle left a window in
   which a second refetch read the fresh, empty form and lost what was typed. */
(function () {
  "use strict";
  var kept = null;

  function rowOf(el) {
    var row = el && el.closest && el.closest(".board-row[id]");
    return row ? row.id : null;
  }

  document.addEventListener("htmx:beforeSwap", function (event) {
    if (!event.detail.target || event.detail.target.id !== "page-body") return;
    var active = document.activeElement;
    kept = { open: [], reasons: {}, focusRow: rowOf(active), focusValue: null, focusName: null };
    document.querySelectorAll("#page-body details[open]").forEach(function (details) {
      kept.open.push(rowOf(details));
    });
    document.querySelectorAll("#page-body input[name=reason]").forEach(function (input) {
      var key = rowOf(input) || input.id;
      if (input.value) kept.reasons[key] = input.value;
    });
    if (active && kept.focusRow) {
      kept.focusName = active.getAttribute("name");
      kept.focusValue = active.tagName === "BUTTON" ? active.value : null;
    }
  });

  document.addEventListener("htmx:afterSwap", function () {
    if (!kept) return;
    var k = kept;
    kept = null;
    k.open.forEach(function (id) {
      var details = id && document.querySelector("#" + id + " details");
      if (details) details.open = true;
    });
    document.querySelectorAll("#page-body input[name=reason]").forEach(function (input) {
      var key = rowOf(input) || input.id;
      if (k.reasons[key]) input.value = k.reasons[key];
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
  });
})();
