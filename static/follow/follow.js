/* Following players without an account (docs/follow.md). The numbers followed, per event,
   are kept in this browser (localStorage "standings:follow": {slug: [numbers]}); a player
   pinned with "This is me" (me.js) counts as followed. Each event page shows "Your players:
   board 12, White against Wang (round 7)", marks their rows on the standings and pairings,
   and puts a Follow button on player cards and team pages. "Notify me" asks for permission
   (only then), subscribes this browser with the site's VAPID key and posts the subscription
   and the numbers to /e/<slug>/follow/; following or unfollowing posts them again;
   "Remove everything" unsubscribes on the server and in the browser and forgets it all. */
(function () {
  "use strict";

  var STORE = "standings:follow", NOTIFY = "standings:follow:notify";

  function load(key) {
    try { return JSON.parse(window.localStorage.getItem(key)) || {}; } catch (e) { return {}; }
  }
  function keep(key, value) {
    try { window.localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* private mode */ }
  }
  function me(slug) {
    try { return parseInt(window.localStorage.getItem("standings:me:" + slug), 10) || null; } catch (e) { return null; }
  }
  function followed(slug) {
    var list = (load(STORE)[slug] || []).slice(), mine = me(slug);
    if (mine && list.indexOf(mine) < 0) list.push(mine);
    return list.sort(function (a, b) { return a - b; });
  }
  function toggle(slug, number) {
    var all = load(STORE), list = all[slug] || [], at = list.indexOf(number);
    if (at < 0) list.push(number); else list.splice(at, 1);
    if (list.length) all[slug] = list; else delete all[slug];
    keep(STORE, all);
  }

  var area = document.getElementById("follow-area");
  if (!area) return;
  var slug = area.dataset.followSlug, words = area.dataset;

  function say(text) { area.querySelector("[data-follow-said]").textContent = text || ""; }

  // The Follow button on this page's player or team, if it is one.
  function pageNumber() {
    var pin = document.querySelector("button[data-pin-start-no]");
    if (pin) return { number: parseInt(pin.dataset.pinStartNo, 10), after: pin };
    var team = /\/e\/[^/]+\/team\/(\d+)\/$/.exec(window.location.pathname);
    var heading = document.querySelector("#page-body h2.player-name");
    if (team && heading) return { number: parseInt(team[1], 10), after: heading };
    return null;
  }

  function showButton() {
    var here = pageNumber();
    if (!here) return;
    var button = document.querySelector("#page-body button[data-follow-toggle]");
    if (!button) {
      button = area.querySelector("button[data-follow-toggle]").cloneNode(true);
      button.dataset.follow = String(here.number);
      button.dataset.unfollowed = button.textContent;
      if (here.after.tagName === "BUTTON") here.after.insertAdjacentElement("afterend", button);
      else { var p = document.createElement("p"); p.appendChild(button); here.after.insertAdjacentElement("afterend", p); }
      if (here.after.tagName === "BUTTON") here.after.insertAdjacentText("afterend", " ");
    }
    var on = followed(slug).indexOf(here.number) >= 0;
    button.hidden = false;
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.textContent = on ? button.dataset.following : button.dataset.unfollowed;
  }

  function markRows() {
    var list = followed(slug);
    document.querySelectorAll("tr.followed").forEach(function (row) { row.classList.remove("followed"); });
    list.forEach(function (n) {
      document.querySelectorAll('table.standings tr[data-key="' + n + '"], tr[data-white="' + n + '"], tr[data-black="' + n + '"]')
        .forEach(function (row) { row.classList.add("followed"); });
    });
  }

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (all, name) { return values[name] !== undefined ? values[name] : all; });
  }

  function link(number, name) {
    var a = document.createElement("a");
    a.href = "/e/" + slug + (words.followTeam ? "/team/" : "/player/") + number + "/";
    a.textContent = name;
    return a;
  }

  var described = "";  // what the line shows, so that a refetch does not fetch again
  function showLine() {
    var list = followed(slug), target = area.querySelector("[data-follow-list]");
    area.hidden = !list.length && !load(NOTIFY)[slug];
    area.querySelector("[data-follow-notify]").hidden = !list.length || !("PushManager" in window) || !!load(NOTIFY)[slug];
    area.querySelector(".your-players").hidden = !list.length;
    if (!list.length) { target.textContent = ""; described = ""; return; }
    var wanted = list.join(",") + "@" + words.followRound;
    if (wanted === described) return;
    described = wanted;
    target.textContent = list.map(function (n) { return "#" + n; }).join(", ");
    var round = words.followRound;
    if (words.followTeam || !round) return; // a team event's line names its teams (below)
    fetch("/e/" + slug + "/round/" + round + ".json", { headers: { Accept: "application/json" } })
      .then(function (answer) { return answer.ok ? answer.json() : null; })
      .then(function (data) {
        if (!data) return;
        target.textContent = "";
        list.forEach(function (n, i) {
          var board = (data.boards || []).filter(function (b) { return b.white.start_no === n || b.black.start_no === n; })[0];
          var bye = (data.byes || []).filter(function (b) { return b.player.start_no === n; })[0];
          var player = board ? (board.white.start_no === n ? board.white : board.black) : bye ? bye.player : null;
          if (i) target.appendChild(document.createTextNode("; "));
          target.appendChild(link(n, player ? player.name : "#" + n));
          var text = !board ? fill(words.wordsBye, { round: round })
            : board.white.start_no === n ? fill(words.wordsWhite, { board: board.board, opponent: board.black.name, round: round })
            : fill(words.wordsBlack, { board: board.board, opponent: board.white.name, round: round });
          target.appendChild(document.createTextNode(": " + text));
        });
      })
      .catch(function () { /* offline: the numbers stay */ });
  }

  function render() { showButton(); markRows(); showLine(); }

  // The POST, with the CSRF token as htmx would send it: the cookie's, else /push/key's.
  function token() {
    var found = /(?:^|; )csrftoken=([^;]+)/.exec(document.cookie);
    if (found) return Promise.resolve(decodeURIComponent(found[1]));
    return fetch("/push/key", { credentials: "same-origin" })
      .then(function (answer) { return answer.json(); })
      .then(function (data) { return data.csrf; });
  }
  function post(toSlug, subscription, players) {
    return token().then(function (csrf) {
      return fetch("/e/" + toSlug + "/follow/", {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
        body: JSON.stringify({ subscription: { endpoint: subscription.endpoint, keys: subscription.keys }, players: players })
      });
    }).then(function (answer) { if (answer.status !== 201) throw new Error(String(answer.status)); });
  }
  function subscription() {
    if (!("serviceWorker" in navigator)) return Promise.resolve(null);
    return navigator.serviceWorker.getRegistration("/").then(function (registration) {
      return registration ? registration.pushManager.getSubscription() : null;
    });
  }
  function keyBytes(key) {
    var raw = window.atob(key.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((key.length + 3) % 4));
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }

  // A browser whose push service cannot be reached never settles its subscribe(): give up
  // after data-follow-timeout milliseconds and say so.
  function inTime(promise) {
    var limit = parseInt(words.followTimeout, 10) || 20000;
    return new Promise(function (resolve, reject) {
      var timer = window.setTimeout(function () { reject(new Error("timeout")); }, limit);
      promise.then(function (value) { window.clearTimeout(timer); resolve(value); },
                   function (error) { window.clearTimeout(timer); reject(error); });
    });
  }

  function notifyMe() {
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
      say(words.wordsUnsupported); return;
    }
    Notification.requestPermission().then(function (permission) {
      if (permission !== "granted") { say(words.wordsBlocked); return null; }
      return inTime(navigator.serviceWorker.register("/sw.js", { scope: "/" })
        .then(function () { return navigator.serviceWorker.ready; })
        .then(function (registration) {
          return registration.pushManager.getSubscription().then(function (existing) {
            return existing || registration.pushManager.subscribe({
              userVisibleOnly: true, applicationServerKey: keyBytes(words.followKey)
            });
          });
        })
        .then(function (sub) { return post(slug, sub.toJSON(), followed(slug)); }))
        .then(function () {
          var on = load(NOTIFY); on[slug] = true; keep(NOTIFY, on);
          say(words.wordsOn); render();
        });
    }).catch(function (error) { say(error && error.message === "timeout" ? words.wordsTimeout : words.wordsFailed); });
  }

  function followChanged() {
    render();
    if (!load(NOTIFY)[slug]) return;
    subscription().then(function (sub) {
      if (sub) return post(slug, sub.toJSON(), followed(slug));
    }).catch(function () { say(words.wordsFailed); });
  }

  function forget() {
    var events = Object.keys(load(NOTIFY));
    subscription().then(function (sub) {
      if (!sub) return null;
      var json = sub.toJSON();
      return Promise.all(events.map(function (each) { return post(each, json, []).catch(function () {}); }))
        .then(function () { return sub.unsubscribe(); });
    }).catch(function () { /* the push service forgets it when it answers 410 */ }).then(function () {
      try {
        Object.keys(window.localStorage).forEach(function (key) {
          if (key === STORE || key === NOTIFY || key.indexOf("standings:me:") === 0) window.localStorage.removeItem(key);
        });
      } catch (e) { /* storage refused */ }
      described = "";
      render();
      area.hidden = false;
      say(words.wordsRemoved);
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-follow-toggle][data-follow]");
    if (button) { toggle(slug, parseInt(button.dataset.follow, 10)); followChanged(); return; }
    if (event.target.closest("[data-follow-notify]")) notifyMe();
    else if (event.target.closest("[data-follow-forget]")) forget();
    else if (event.target.closest("button[data-pin-start-no]")) window.setTimeout(followChanged, 0); // me.js pinned first
  });
  document.addEventListener("htmx:wsAfterMessage", markRows);
  document.addEventListener("htmx:afterSettle", render);
  window.addEventListener("storage", render);
  render();
})();
