// Shared by the Spots pages: the browser's time zone (zone.js: sent to the server as a cookie so
// pages show and read times in it), local time formatting, and distances on the ground.

import { locale, t } from "./i18n.js";
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

// In the page's language (its locale), in this browser's zone.
const dateTime = new Intl.DateTimeFormat(locale, {
  weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit",
});
const timeOnly = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" });
const clock = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit", second: "2-digit" });

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
    if (status) status.textContent = t("spots.map.no_leaflet");
    element.hidden = true;
    return null;
  }
  L.Icon.Default.imagePath = "/vendor/leaflet/images/";
  // Leaflet's own controls say their words in the page's language too.
  const map = L.map(element, { worldCopyJump: true, ...options, zoomControl: false });
  if (options.zoomControl !== false) {
    L.control.zoom({ zoomInTitle: t("spots.map.zoom_in"), zoomOutTitle: t("spots.map.zoom_out") }).addTo(map);
  }
  const prefix = document.createElement("a");
  prefix.href = "https://leafletjs.com";
  prefix.title = t("spots.map.leaflet_title");
  prefix.textContent = t("spots.map.leaflet");
  map.attributionControl?.setPrefix(prefix.outerHTML);
  const tiles = L.tileLayer(element.dataset.tiles, {
    attribution: element.dataset.attribution, maxZoom: 19, crossOrigin: false,
  });
  let warned = false;
  tiles.on("tileerror", () => {
    if (warned || !status) return;
    warned = true;
    status.textContent = t("spots.map.tiles_failed");
  });
  tiles.addTo(map);
  return map;
}
