/* Spectator screen: show one view at a time and page through it, rotating every
   ?rotate= seconds through ?views= (standings, pairings, prizes when the event has any,
   and race: who can still win, in the last round while games are open), then on to the next section of ?sections= (a tournament's screen rotates over all
   its sections). Page size from the window height.
   All state is a few numbers; pushed fragments replace the tables in place. */
(function () {
  "use strict";

  var params = new URLSearchParams(location.search);
  var period = Math.max(1, Number(params.get("rotate")) || 15) * 1000;
  var wanted = (params.get("views") || "standings,pairings,prizes,race").split(",");
  var current = { view: null, page: 0 };
  // ?sections=a,b: after its last view, the screen moves on to the next section's screen.
  var slugPattern = /^[A-Za-z0-9_-]+$/;
  function slugList(text) {
    return (text || "").split(",").map(function (s) { return s.trim(); }).filter(function (s) {
      return slugPattern.test(s);
    });
  }
  var sections = slugList(params.get("sections"));

  function sectionScreen(slug) {
    var query = new URLSearchParams(location.search);
    query.set("sections", sections.join(","));
    return "/e/" + encodeURIComponent(slug) + "/screen/?" + query.toString();
  }

  function nextSection() {
    var here = document.querySelector("main").dataset.slug;
    var at = sections.indexOf(here);
    var next = sections[(at + 1) % sections.length];
    if (next === here) return false;
    location.assign(sectionScreen(next));
    return true;
  }

  function views() {
    var found = wanted.map(function (v) { return v.trim(); }).filter(function (v) {
      return document.getElementById("screen-" + v);
    });
    return found.length ? found : ["standings"];
  }

  function section(view) {
    return document.getElementById("screen-" + view);
  }

  function rows(view) {
    return section(view).querySelectorAll("tbody tr");
  }

  function perPage(view) {
    var all = rows(view);
    if (!all.length) return 1;
    var box = section(view);
    var hidden = box.hidden;
    box.hidden = false;
    all[0].hidden = false;
    var rect = all[0].getBoundingClientRect();
    box.hidden = hidden;
    return Math.max(1, Math.floor((window.innerHeight - rect.top - 12) / (rect.height || 1)));
  }

  function show() {
    var list = views();
    if (list.indexOf(current.view) < 0) current = { view: list[0], page: 0 };
    document.querySelectorAll(".screen-view").forEach(function (box) {
      box.hidden = box.dataset.view !== current.view;
    });
    var size = perPage(current.view);
    var all = rows(current.view);
    var pages = Math.max(1, Math.ceil(all.length / size));
    if (current.page >= pages) current.page = 0;
    var first = current.page * size;
    for (var i = 0; i < all.length; i++) all[i].hidden = i < first || i >= first + size;
    // The page words these in its language: data-<view> on the name, data-page-of on the page.
    var name = document.getElementById("screen-view-name");
    name.textContent = name.dataset[current.view] || "";
    var page = document.getElementById("screen-page");
    var pageOf = page.dataset.pageOf || "";
    page.textContent =
      pages > 1 ? pageOf.replace("{page}", current.page + 1).replace("{pages}", pages) : "";
    return pages;
  }

  function advance() {
    var pages = show();
    if (current.page + 1 < pages) {
      current.page += 1;
    } else {
      var list = views();
      var at = list.indexOf(current.view);
      if (at + 1 >= list.length && sections.length && nextSection()) return;
      current = { view: list[(at + 1) % list.length], page: 0 };
    }
    show();
  }

  document.addEventListener("DOMContentLoaded", function () {
    // A tournament's own screen rotates over its sections: start with the first.
    var main = document.querySelector("main");
    if (main.dataset.sections && !sections.length) {
      sections = slugList(main.dataset.sections);
      if (sections.length) return location.replace(sectionScreen(sections[0]));
    }
    document.body.classList.add("paged");
    show();
    setInterval(advance, period);
  });
  window.addEventListener("resize", show);
  document.addEventListener("htmx:wsAfterMessage", show);
  document.addEventListener("htmx:afterSwap", show); // a page that refetches its body (bridge)
})();
