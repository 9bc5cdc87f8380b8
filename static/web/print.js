// Printouts: the Print button opens the browser's print dialog (no inline script: the CSP).
(function () {
  "use strict";
  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-print]")) window.print();
  });
})();
