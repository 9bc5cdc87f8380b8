/* The embeddable widget: its address's parameters applied in the browser, so one cached
   page serves every embed. n = rows shown (1-50, default 10), theme = light | dark (else
   the visitor's), width / height = the widget's size in CSS pixels (else the frame's). */
(function () {
  "use strict";
  var params = new URLSearchParams(location.search);

  function number(name, low, high) {
    var value = parseInt(params.get(name), 10);
    return isNaN(value) ? null : Math.min(high, Math.max(low, value));
  }

  var rows = number("n", 1, 50) || 10;
  var theme = params.get("theme");
  if (theme === "light" || theme === "dark") document.documentElement.dataset.theme = theme;

  function size() {
    var box = document.getElementById("widget");
    var width = number("width", 120, 2000), height = number("height", 80, 4000);
    if (width) box.style.width = width + "px";
    if (height) { box.style.height = height + "px"; box.style.overflow = "auto"; }
  }

  function trim() {
    document.querySelectorAll("#widget tbody").forEach(function (body) {
      Array.prototype.forEach.call(body.rows, function (row, i) { row.hidden = i >= rows; });
    });
  }

  document.addEventListener("htmx:wsAfterMessage", trim);
  document.addEventListener("DOMContentLoaded", function () { size(); trim(); });
})();
