/* Live pages: connection indicator, local update time, brief highlight of changed rows,
   a refetch of pages whose content the push does not carry (they hold [data-refresh]), and
   a summary of what changed read out by screen readers through one polite live region. */
(function () {
  "use strict";

  // The search box's refusal (429: too many expensive requests from this network) carries
  // its own words, in the reader's language: show them where the results would have gone.
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.xhr.status === 429 && event.detail.target.id === "find-results") {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
  });

  // Reconnect quickly after a short drop, back off to 30 s at most, with jitter.
  if (window.htmx) {
    htmx.config.wsReconnectDelay = function (retry) {
      var cap = Math.min(30000, 500 * Math.pow(2, retry));
      return cap / 2 + Math.random() * (cap / 2);
    };
  }

  // Every socket goes through here: where the browser can inflate, it asks for each state
  // compressed once on the server for every socket (?enc=deflate): binary zlib messages,
  // inflated here in arrival order and handed on as text, so the ws extension swaps them
  // as usual (older browsers get text). And it notes when the socket last heard anything.
  var inflates = !!(window.DecompressionStream && window.TextDecoder);
  var socket = null; // the current one
  var heardAt = 0; // Date.now() of its last message
  var wrapper = null; // the ws extension's handle on it, for reconnect()
  if (window.htmx) {
    htmx.createWebSocket = function (url) {
      if (inflates) url += (url.indexOf("?") < 0 ? "?" : "&") + "enc=deflate";
      var current = new WebSocket(url);
      current.binaryType = "arraybuffer";
      socket = current;
      heardAt = Date.now();
      var add = current.addEventListener.bind(current);
      var inOrder = Promise.resolve();
      current.addEventListener = function (type, listener, options) {
        if (type !== "message") return add(type, listener, options);
        add("message", function (event) {
          heardAt = Date.now();
          var text = typeof event.data === "string" ? Promise.resolve(event.data) : inflate(event.data);
          inOrder = inOrder.then(function () { return text; }).then(function (html) {
            if (html) listener({ type: "message", data: html }); // "" is the server's heartbeat
          }, function (error) { console.error("live: unreadable message", error); });
        }, options);
      };
      return current;
    };
  }

  function inflate(buffer) {
    var stream = new Blob([buffer]).stream().pipeThrough(new DecompressionStream("deflate"));
    return new Response(stream).text();
  }

  // The server writes at least every 20 s (a push or a heartbeat). A link that went dead
  // without closing (a screen's wifi dropped and came back) stays "open" for ever: after
  // three silent heartbeats, drop it and connect again, which also brings the whole state.
  var SILENT_LIMIT = 60000;
  setInterval(function () {
    if (!socket || !wrapper || socket.readyState !== WebSocket.OPEN) return;
    if (Date.now() - heardAt < SILENT_LIMIT) return;
    var dead = socket;
    dead.onclose = null; // not the ws extension's reconnect on top of this one
    dead.close();
    setState("reconnecting");
    noteStatus(true);
    wrapper.reconnect();
  }, 5000);

  var wasOpen = false;
  var shownVersion = null;
  var before = null; // signatures of rows just before a pushed message is swapped in
  var refetchTimer = null; // a pending refetch of a [data-refresh] page

  // The words are the indicator's data-* attributes, in the page's language (the template's).
  function setState(state) {
    var el = document.getElementById("live-indicator");
    if (!el) return;
    el.hidden = false;
    el.dataset.state = state;
    el.querySelector(".live-text").textContent = el.dataset[state] || "";
  }

  // Times of day (the last update, when a result was entered) in the reader's time zone,
  // worded in the page's language (not the browser's), 24-hour: one format on the page.
  var CLOCK = { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" };

  function localTime() {
    var language = document.documentElement.lang || undefined;
    document.querySelectorAll("time[datetime*='T']").forEach(function (time) {
      var at = new Date(time.getAttribute("datetime"));
      if (!isNaN(at)) time.textContent = at.toLocaleTimeString(language, CLOCK);
    });
  }

  function currentVersion() {
    var el = document.getElementById("last-update");
    return el ? el.dataset.version : null;
  }

  function signatures() {
    var seen = new Map();
    document.querySelectorAll("[id] > table tbody tr[data-sig]").forEach(function (row) {
      var box = row.closest("[id]");
      seen.set(box.id + ":" + row.dataset.key, row.dataset.sig);
    });
    boardEntries().forEach(function (entry) { seen.set(entry.id, entry.dataset.version); });
    return seen;
  }

  // The arbiter's boards (li#board-N, the game's version): a colleague's entry is said too.
  function boardEntries() {
    return document.querySelectorAll("li.board-row[id][data-version]");
  }

  // `kept`: rows highlighted less than a flash ago before a refetch replaced them (box:key ->
  // {sig, at}), highlighted again while they still say the same, their flash going on where
  // it was: a second fetch neither wipes a fresh highlight nor flashes an old one again.
  var FLASH = 4000; // ms, tr.changed's animation (site.css)

  function highlight(old, kept) {
    var now = Date.now();
    document.querySelectorAll("[id] > table tbody tr[data-sig]").forEach(function (row) {
      var key = row.closest("[id]").id + ":" + row.dataset.key;
      var was = old.get(key);
      var fresh = kept && kept.get(key);
      if (was !== undefined && was !== row.dataset.sig) {
        flash(row, now, now);
      } else if (fresh && fresh.sig === row.dataset.sig) {
        flash(row, fresh.at, now);
      }
    });
  }

  function flash(row, since, now) {
    row.dataset.changedAt = since;
    row.style.setProperty("--flash-delay", (since - now) + "ms");
    row.classList.add("changed");
  }

  function highlighted() {
    var rows = new Map();
    var now = Date.now();
    document.querySelectorAll("[id] > table tbody tr.changed[data-sig]").forEach(function (row) {
      var at = Number(row.dataset.changedAt);
      if (now - at < FLASH) rows.set(row.closest("[id]").id + ":" + row.dataset.key, { sig: row.dataset.sig, at: at });
    });
    return rows;
  }

  // What changed, said through #live-announcer (aria-live="polite"): never cell by cell,
  // but a summary gathered over a burst ("3 results in: board 4 1–0, ..."), at most one every
  // ANNOUNCE_GAP ms. The words are the announcer's data-* attributes (the template's).
  var ANNOUNCE_AFTER = 1500;
  var ANNOUNCE_GAP = 10000;
  var MAX_LISTED = 5;
  var heard = { results: new Map(), updated: new Set(), status: null };
  var lostSaid = false;
  var lastSaid = -Infinity;
  var sayTimer = null;

  function words(name, values) {
    var el = document.getElementById("live-announcer");
    var text = (el && el.dataset[name]) || "";
    return text.replace(/\{(\w+)\}/g, function (all, key) { return values[key]; });
  }

  function cellText(cell) {
    return cell ? cell.textContent.replace(/\s+/g, " ").trim() : "";
  }

  function noteRow(row) {
    var table = row.closest("table");
    var board = row.querySelector("th.board");
    if (table && table.classList.contains("pairings") && board) {
      var match = row.closest("tbody.match");
      var result = cellText(row.querySelector(".result"));
      var said = match
        ? words("matchBoard", { match: match.dataset.key.replace(/^m/, ""), board: cellText(board), result: result })
        : words("board", { board: cellText(board), result: result });
      heard.results.set((match ? match.dataset.key : "") + ":" + cellText(board), said);
    } else if (table && table.caption) {
      heard.updated.add(cellText(table.caption).split(/[:·(]/)[0].trim());
    }
  }

  function noteChanges(old) {
    document.querySelectorAll("[id] > table tbody tr[data-sig]").forEach(function (row) {
      var was = old.get(row.closest("[id]").id + ":" + row.dataset.key);
      if (was !== undefined && was !== row.dataset.sig) noteRow(row);
    });
    boardEntries().forEach(function (entry) {
      var was = old.get(entry.id);
      if (was === undefined || was === entry.dataset.version) return;
      var board = cellText(entry.querySelector(".bno")).replace(/^\D+/, "");
      var shown = cellText(entry.querySelector(".shown")) || cellText(entry.querySelector(".state"));
      heard.results.set(entry.id, words("board", { board: board, result: shown }));
    });
    sayLater();
  }

  function sayLater() {
    if (sayTimer || (!heard.results.size && !heard.updated.size && !heard.status)) return;
    var wait = Math.max(ANNOUNCE_AFTER, lastSaid + ANNOUNCE_GAP - Date.now());
    sayTimer = setTimeout(say, wait);
  }

  function say() {
    sayTimer = null;
    var parts = [];
    if (heard.status) parts.push(words(heard.status, {}));
    if (heard.status === "lost") lostSaid = true;
    var results = Array.from(heard.results.values());
    if (results.length) {
      var list = results.slice(0, MAX_LISTED);
      if (results.length > MAX_LISTED) list.push(words("more", { count: results.length - MAX_LISTED }));
      parts.push(words(results.length === 1 ? "result" : "results", { count: results.length, list: list.join(", ") }));
    }
    heard.updated.forEach(function (what) { parts.push(words("updated", { what: what })); });
    heard = { results: new Map(), updated: new Set(), status: null };
    var el = document.getElementById("live-announcer");
    if (!el || !parts.length) return;
    lastSaid = Date.now();
    el.textContent = parts.join(". ") + ".";
  }

  function noteStatus(lost) {
    if (lost) heard.status = "lost";
    else if (heard.status === "lost") heard.status = null; // back before it was said
    else if (lostSaid) heard.status = "back";
    if (!lost) lostSaid = false;
    sayLater();
  }

  document.addEventListener("htmx:wsConnecting", function () {
    setState(wasOpen ? "reconnecting" : "connecting");
  });
  document.addEventListener("htmx:wsOpen", function (event) {
    wrapper = event.detail.socketWrapper;
    if (wasOpen) noteStatus(false);
    wasOpen = true;
    setState("live");
  });
  document.addEventListener("htmx:wsClose", function () {
    if (!wasOpen) return;
    setState("reconnecting");
    noteStatus(true);
  });
  document.addEventListener("htmx:wsBeforeMessage", function () {
    before = signatures();
  });
  document.addEventListener("htmx:wsAfterMessage", function () {
    if (before) {
      highlight(before);
      noteChanges(before);
    }
    before = null;
    localTime();
    var version = currentVersion();
    if (version !== shownVersion) scheduleRefetch();
    shownVersion = version;
  });

  // Pages holding [data-refresh] show more than the push carries: fetch the body again.
  // data-refresh="N" spreads a crowd's refetches over N seconds, so a push does not
  // bring every open page back to the server at the same instant.
  function scheduleRefetch() {
    var body = document.querySelector("[data-refresh]");
    if (!body || refetchTimer) return;
    var spread = Number(body.dataset.refresh) || 0;
    refetchTimer = setTimeout(refetch, Math.random() * spread * 1000);
  }

  // On a page that asks for it ([data-hold-while-typing]: the bridge scorer's), someone
  // typing keeps what they typed: the refetch waits until they leave the field or send it
  // (their own answer brings the news). The chess arbiter's page instead carries its typed
  // reasons across the refetch (arbiter.js), so a colleague's result shows at once.
  var TYPING_RETRY = 2000;

  function typing() {
    var body = document.getElementById("page-body");
    if (!body || !body.hasAttribute("data-hold-while-typing")) return false;
    var active = document.activeElement;
    if (active && body.contains(active) && active.matches("input:not([type=hidden]), textarea, select")) return true;
    return Array.prototype.some.call(body.querySelectorAll("input:not([type=hidden]), textarea"), function (field) {
      return field.value !== field.defaultValue;
    });
  }

  // The refetch in flight, and whether its answer was left unswapped: typing began meanwhile.
  var refetchUrl = null;
  var refetchHeld = false;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var info = event.detail.pathInfo;
    if (refetchUrl && info && info.requestPath === refetchUrl && typing()) {
      event.detail.shouldSwap = false;
      refetchHeld = true;
    }
  });

  function refetch() {
    if (typing()) {
      refetchTimer = setTimeout(refetch, TYPING_RETRY);
      return;
    }
    var old = signatures();
    var kept = highlighted();
    var wanted = currentVersion();
    // The page's own message ("Round 5: 40-20 IMPs...") outlives the refetch its own entry
    // brings: the server said it once, to the request that followed the entry.
    var said = document.querySelector("#page-body > .messages");
    // ?v= names the version wanted: a copy the browser kept (max-age) is never reused for it
    var url = new URL(location.href); // the same view (?round=5 stays), this version
    url.searchParams.set("v", wanted || "");
    refetchUrl = url.pathname + url.search;
    refetchHeld = false;
    htmx.ajax("GET", refetchUrl, { target: "#page-body", select: "#page-body", swap: "outerHTML" })
      .then(function () { if (!refetchHeld) { keepSaid(said); highlight(old, kept); noteChanges(old); } }, function () { shownVersion = null; }) // retried on the next message
      .finally(function () {
        refetchUrl = null;
        refetchTimer = null;
        if (refetchHeld) refetchTimer = setTimeout(refetch, TYPING_RETRY); // once they are done
        else if (currentVersion() !== wanted) scheduleRefetch(); // a newer push came in meanwhile
      });
  }

  function keepSaid(said) {
    var body = document.getElementById("page-body");
    if (said && body && !body.querySelector(":scope > .messages")) body.prepend(said);
  }

  document.addEventListener("htmx:afterSwap", localTime); // a refetched body, a tapped row
  document.addEventListener("DOMContentLoaded", function () {
    shownVersion = currentVersion();
    localTime();
    setState("connecting");
  });
})();
