/* The service worker of followers' notifications, served at /sw.js (standings/follow/views.py)
   so that its scope is the whole site. It shows each push as a notification and opens the
   page it names when tapped; it caches nothing and intercepts no request. */
"use strict";

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

self.addEventListener("push", function (event) {
  var data = {};
  try { data = event.data ? event.data.json() : {}; } catch (e) { data = {}; }
  var title = typeof data.title === "string" ? data.title : "";
  event.waitUntil(self.registration.showNotification(title || "standings", {
    body: typeof data.body === "string" ? data.body : "",
    tag: typeof data.tag === "string" ? data.tag : undefined,  // a newer one replaces it
    renotify: typeof data.tag === "string",
    data: { url: typeof data.url === "string" && data.url.charAt(0) === "/" ? data.url : "/" },
    icon: "/static/web/favicon.svg"
  }));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = (event.notification.data && event.notification.data.url) || "/";
  event.waitUntil(self.clients.matchAll({ type: "window" }).then(function (windows) {
    for (var i = 0; i < windows.length; i++) {
      if (new URL(windows[i].url).pathname === url && "focus" in windows[i]) return windows[i].focus();
    }
    return self.clients.openWindow(url);
  }));
});
