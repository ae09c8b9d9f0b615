// Shared by the Spots pages: the browser's time zone (zone.js: sent to the server as a cookie so
// pages show and read times in it), local time formatting, and distances on the ground.

import { browserZone } from "./zone.js";

export { ZONE_COOKIE, browserZone, rememberZone } from "./zone.js";

/** Whether the page was rendered in another zone than this browser's (the first visit). */
const UTC_NAMES = new Set(["UTC", "Etc/UTC", "GMT", "Etc/GMT", "UCT", "Etc/UCT", "Universal", "Etc/Universal", "Zulu", "Etc/Zulu", "+00:00"]);

export function renderedElsewhere() {
  const rendered = document.getElementById("spots-alert")?.dataset.zone;
  const here = browserZone();
  if (!rendered || rendered === here) return false;
  return !(UTC_NAMES.has(rendered) && UTC_NAMES.has(here));
}

const dateTime = new Intl.DateTimeFormat(undefined, {
  weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit",
});
const timeOnly = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });
const clock = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit" });

export function formatDateTime(ms) { return dateTime.format(new Date(ms)); }
export function formatTime(ms) { return timeOnly.format(new Date(ms)); }
export function formatClock(ms) { return clock.format(new Date(ms)); }

/** Rewrites server-formatted times in this browser's zone when the server used another one. */
export function localizeTimes(root = document) {
  if (!renderedElsewhere()) return;
  for (const element of root.querySelectorAll("time[data-ms]")) {
    const ms = Number(element.dataset.ms);
    if (!Number.isFinite(ms)) continue;
    element.textContent = "timeOnly" in element.dataset ? formatTime(ms) : formatDateTime(ms);
  }
}

/** A `datetime-local` value for `ms` in this browser's zone. */
export function localInputValue(ms) {
  const d = new Date(ms);
  const p = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The message of the API's error envelope, or a plain one. */
export async function errorMessage(response, fallback) {
  try {
    const body = await response.json();
    return body?.error?.message || fallback;
  } catch {
    return fallback;
  }
}

/** The Leaflet map of a Spots page, with its tiles; null (and a message) when Leaflet is missing. */
export function makeMap(element, status, options = {}) {
  const L = globalThis.L;
  if (!L) {
    if (status) status.textContent = "The map could not load (Leaflet is missing on this server). Search by name instead.";
    element.hidden = true;
    return null;
  }
  L.Icon.Default.imagePath = "/vendor/leaflet/images/";
  const map = L.map(element, { worldCopyJump: true, ...options });
  const tiles = L.tileLayer(element.dataset.tiles, {
    attribution: element.dataset.attribution, maxZoom: 19, crossOrigin: false,
  });
  let warned = false;
  tiles.on("tileerror", () => {
    if (warned || !status) return;
    warned = true;
    status.textContent = "The map pictures could not load; tapping the map still sets the place.";
  });
  tiles.addTo(map);
  return map;
}
