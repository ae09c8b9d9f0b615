// Cadence's service worker: the pages a device needs without a network — the watch's talk and run views, the
// display, the phone's talks and run page — load from the last copy when the network is gone; each keeps its own
// last state (localStorage) and queues what it writes until the server answers again. Online, every request goes
// to the network first, so nothing stale is shown while the server can be reached.
//
// A new version installs beside the old one and waits: it takes over only when the person chooses "Updated —
// reload" (or every tab of the old version is closed), so an open run or presentation never mixes two versions.
const VERSION = "__VERSION__"; // filled in by the server: a digest of the static files
const CACHE = `cadence-${VERSION}`;

// It is registered once per scope that works offline (install.js: /watch, /display, /phone/talks, /phone/tempo/run),
// so it sees only those pages and what they load; it keeps the pages and everything under /static.
function keptForOffline(url) {
  if (url.origin !== self.location.origin) return false;
  return url.pathname.startsWith("/static/") || url.pathname.startsWith(new URL(self.registration.scope).pathname);
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("cadence-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "activate-update") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (!keptForOffline(url)) return; // the browser fetches it as if there were no worker
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(request);
      // Keep good answers only: a sign-in redirect or an error page is not what to show offline.
      if (response.ok && response.type === "basic") await cache.put(request, response.clone());
      return response;
    } catch (error) {
      const kept = await cache.match(request, { ignoreVary: true });
      if (kept) return kept;
      throw error;
    }
  })());
});
