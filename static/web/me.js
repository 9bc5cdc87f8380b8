/* "This is me": a follower pins themselves on their player card (kept in localStorage, no
   account). The pairings page then marks their board and puts board and colour in the
   page title, again after every live update. */
(function () {
  "use strict";

  function key(slug) { return "standings:me:" + slug; }

  function read(slug) {
    try { return window.localStorage.getItem(key(slug)); } catch (e) { return null; }
  }

  function write(slug, startNo) {
    try {
      if (startNo) window.localStorage.setItem(key(slug), startNo);
      else window.localStorage.removeItem(key(slug));
    } catch (e) { /* storage refused (private mode): the pin lasts this page only */ }
  }

  var plainTitle = document.title;

  function showPinButton() {
    var button = document.querySelector("button[data-pin-start-no]");
    if (!button) return;
    var slug = button.dataset.pinSlug, mine = read(slug) === button.dataset.pinStartNo;
    if (!button.dataset.unpinned) button.dataset.unpinned = button.textContent; // translated
    button.hidden = false;
    button.setAttribute("aria-pressed", mine ? "true" : "false");
    button.textContent = mine ? button.dataset.pinned : button.dataset.unpinned;
  }

  function markBoard() {
    var table = document.querySelector("[data-me-slug]");
    document.querySelectorAll("tr.mine").forEach(function (row) { row.classList.remove("mine"); });
    if (!table) return;
    var me = read(table.dataset.meSlug);
    var row = me && table.querySelector('tr[data-white="' + me + '"], tr[data-black="' + me + '"]');
    if (!row) { document.title = plainTitle; return; }
    row.classList.add("mine");
    var words = table.dataset; // the page's language: data-me-board, -white, -black
    var colour = row.dataset.white === me ? words.meWhite : words.meBlack;
    var board = row.querySelector("th.board").textContent.trim();
    document.title = words.meBoard + " " + board + " · " + colour + " · " + plainTitle;
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-pin-start-no]");
    if (!button) return;
    var slug = button.dataset.pinSlug, startNo = button.dataset.pinStartNo;
    write(slug, read(slug) === startNo ? null : startNo);
    showPinButton();
  });
  // A push swaps the round's table (ws), a refetch swaps the page body: mark again. After
  // the settle, not the swap: htmx puts the refetched page's own <title> back in between.
  document.addEventListener("htmx:wsAfterMessage", markBoard);
  document.addEventListener("htmx:afterSettle", markBoard);
  window.addEventListener("storage", markBoard); // pinned in another tab
  document.addEventListener("DOMContentLoaded", function () {
    plainTitle = document.title;
    showPinButton();
    markBoard();
  });
})();
