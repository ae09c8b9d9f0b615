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

// Web Push (RFC 8030): the server encrypts each notification for this browser; the browser hands it here
// decrypted, as the JSON the server's PushNotification.payload wrote.
self.addEventListener("push", (event) => {
  let message = null;
  try {
    message = event.data?.json() ?? null;
  } catch {
    message = null;
  }
  if (!message?.title) message = { title: "Cadence", body: event.data?.text() ?? "", url: "/" };
  keepAlive(event, showUnlessOpen(message).catch((error) => console.error("Cadence: a push could not be shown", error)));
});

/** Shows the push, unless the page it names as saying the same itself (the live run) is in front. */
async function showUnlessOpen(message) {
  if (message.quietWhileOpen) {
    const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    if (windows.some((client) => client.visibilityState === "visible" && new URL(client.url).pathname === message.quietWhileOpen)) return;
  }
  await showNotification(message);
}

function showNotification(message) {
  return self.registration.showNotification(message.title, {
    body: message.body ?? "",
    tag: message.tag,
    renotify: Boolean(message.tag), // a second alert with the same tag still rings
    actions: message.actions ?? [],
    requireInteraction: Boolean(message.requireInteraction),
    vibrate: message.vibrate ?? [200, 100, 200], // a talk's cue says its pace in the buzz
    icon: "/static/icons/icon-192.png",
    data: { url: message.url ?? "/", module: message.module, ...(message.data ?? {}), texts: message.texts ?? {} },
  });
}

// A notification's buttons act without opening a page, with this browser's own sign-in (its cookie). If the
// server refuses, a notification says so rather than failing silently, in the words the push brought along (the
// account's language; the server's refusal comes in it too), else in English.
// Each takes the notification's data and answers null when the data lacks what it acts on (then the tap opens the page).
const onReminder = (verb, body) => (data) =>
  data.reminderId ? act(`/api/v1/spots/reminders/${encodeURIComponent(data.reminderId)}/${verb}`, body, verb, data.texts) : null;
// `settled`: the phase the step leads to. A step refused because the talk is there already (Pause on a notification
// left from before the talk was paused elsewhere) has done what was asked: nothing to say.
const onRun = (action, settled) => (data) => {
  if (!data.runId) return null;
  const run = `/api/v1/talks/runs/${encodeURIComponent(data.runId)}`;
  const already = settled && (async () => (await (await fetch(run, { credentials: "include" })).json())?.snapshot?.phase === settled);
  return act(`${run}/steps`, { action }, action, data.texts, already);
};
const NOTIFICATION_ACTIONS = {
  complete: onReminder("complete", null),
  snooze: onReminder("snooze", { minutes: 10 }),
  // A running talk's cue on the wrist (issue 37): the server moves the run, and its next push, for every device.
  "talk-next": onRun("next"),
  "talk-pause": onRun("pause", "paused"),
};

/** A text with its `{name}` placeholders filled. */
function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

async function act(path, body, verb, texts = {}, alreadyDone = null) {
  let answer = null;
  try {
    answer = await fetch(path, {
      method: "POST", credentials: "include",
      headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    answer = null;
  }
  if (answer?.ok) return;
  if (answer?.status === 409 && alreadyDone && (await alreadyDone().catch(() => false))) return;
  // The server's refusal is its error envelope's message ({"error": {"message"}}), a sentence of its own: its full
  // stop goes, since the words around it end with one.
  const refusal = answer ? await answer.json().catch(() => ({})) : null;
  const serverSaid = refusal?.error?.message ?? refusal?.message;
  const reason = !answer
    ? texts.no_network ?? "no network"
    : serverSaid?.replace(/[.。]+$/, "") ?? fill(texts.server_answered ?? "the server answered {status}", { status: answer.status });
  const said = fill(texts[`${verb}_failed`] ?? `Could not ${verb} the reminder: {reason}.`, { reason });
  await self.registration.showNotification("Cadence", { body: said, tag: "action-failed" });
}

async function openPage(url) {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).pathname === url);
  return open ? open.focus() : self.clients.openWindow(url);
}

self.addEventListener("notificationclick", (event) => {
  const data = event.notification.data ?? {};
  event.notification.close();
  const acting = NOTIFICATION_ACTIONS[event.action]?.(data);
  keepAlive(event, acting || openPage(data.url ?? "/"));
});

// The browser waits for the work before stopping the worker. A test harness's own (untrusted) event cannot be
// waited for, so the work then simply runs.
function keepAlive(event, work) {
  try {
    event.waitUntil(work);
  } catch {
    // untrusted event: nothing to extend
  }
}
