// The Spots list page: "Share my location" (browser geolocation, batched to the server at
// most every 5 s or on a move of more than 25 m) and iCalendar import.
import { metresBetween } from "./geo.js";
import { formatNumber, plural, t } from "./i18n.js";
import { httpsMissing, sayHTTPSMissing } from "./secure-context.js";
import { browserZone, errorMessage, formatClock, localizeTimes, rememberZone } from "./spots-util.js";

rememberZone();
localizeTimes();

const SHARING_KEY = "cadence.spots.sharing";
const BATCH_EVERY_MS = 5000;
const MOVE_METRES = 25;
const MAX_QUEUE = 500;

const movedMetres = (a, b) => metresBetween(a.latitude, a.longitude, b.latitude, b.longitude);

const toggle = document.getElementById("share-location");
const status = document.getElementById("share-status");
let watchId = null;
let queue = [];
let lastSent = null;      // the last fix sent
let lastSentAt = 0;       // when (our clock)
let timer = null;
let sending = false;

function say(text, kind = "") {
  status.textContent = text;
  status.dataset.kind = kind;
}

function setPressed(on) {
  toggle.setAttribute("aria-pressed", String(on));
  toggle.textContent = on ? t("spots.list.stop_sharing") : t("spots.list.share");
  toggle.classList.toggle("primary", on);
  toggle.classList.toggle("secondary", !on);
}

async function flush() {
  clearTimeout(timer);
  timer = null;
  if (sending || queue.length === 0) return;
  const batch = queue.splice(0, MAX_QUEUE);
  sending = true;
  lastSentAt = Date.now();
  lastSent = batch[batch.length - 1];
  try {
    const response = await fetch("/api/v1/spots/locations", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ reports: batch }),
    });
    if (response.ok) {
      const result = await response.json();
      status.dataset.sent = String(Number(status.dataset.sent || 0) + batch.length);
      status.dataset.fired = String(Number(status.dataset.fired || 0) + (result.fired || 0));
    } else if (response.status === 401) {
      say(t("spots.list.signed_out"), "error");
      stop();
    } else {
      say(await errorMessage(response, t("spots.list.refused", { status: response.status })), "error");
    }
  } catch {
    // Offline: keep the fixes (oldest first) and try again shortly.
    queue = batch.concat(queue).slice(-MAX_QUEUE);
    schedule(BATCH_EVERY_MS);
  } finally {
    sending = false;
  }
  if (queue.length) {
    // Fixes that came in meanwhile: a real move goes at once, the rest with the next batch.
    if (movedMetres(lastSent, queue[queue.length - 1]) > MOVE_METRES && !timer) flush();
    else schedule(BATCH_EVERY_MS - (Date.now() - lastSentAt));
  }
}

function schedule(delay) {
  if (!timer) timer = setTimeout(flush, Math.max(0, delay));
}

function onFix(position) {
  const { latitude, longitude } = position.coords;
  const accuracy = Math.max(1, position.coords.accuracy || 1);
  const fix = { latitude, longitude, accuracy, at: Math.round(position.timestamp || Date.now()) };
  queue.push(fix);
  if (queue.length > MAX_QUEUE) queue.shift();
  say(t("spots.list.sharing", { accuracy: formatNumber(Math.round(accuracy)), time: formatClock(fix.at) }), "ok");
  status.dataset.accuracy = String(Math.round(accuracy));
  const moved = !lastSent || movedMetres(lastSent, fix) > MOVE_METRES;
  const since = Date.now() - lastSentAt;
  if (moved || since >= BATCH_EVERY_MS) flush();
  else schedule(BATCH_EVERY_MS - since);
}

function onError(error) {
  if (error.code === error.PERMISSION_DENIED) {
    say(t("spots.list.denied"), "error");
    stop(false);
  } else if (error.code === error.POSITION_UNAVAILABLE) {
    say(t("spots.list.unavailable"), "warn");
  } else {
    say(t("spots.list.still_waiting"), "warn");
  }
}

function start() {
  if (httpsMissing) {
    sayHTTPSMissing(status, "location");
    status.dataset.kind = "error";
    return;
  }
  if (!("geolocation" in navigator)) {
    say(t("spots.list.no_geolocation"), "error");
    return;
  }
  if (watchId !== null) return;
  setPressed(true);
  localStorage.setItem(SHARING_KEY, "on");
  say(t("spots.list.waiting"));
  watchId = navigator.geolocation.watchPosition(onFix, onError, { enableHighAccuracy: true, maximumAge: 0, timeout: 60000 });
}

function stop(announce = true) {
  if (watchId !== null) navigator.geolocation.clearWatch(watchId);
  watchId = null;
  localStorage.removeItem(SHARING_KEY);
  setPressed(false);
  flush();
  if (announce) say(t("spots.list.not_sharing"));
}

toggle.addEventListener("click", () => (watchId === null ? start() : stop()));
addEventListener("pagehide", () => flush());

// Sharing stays on from one visit to the next, but never prompts by itself.
if (localStorage.getItem(SHARING_KEY) === "on" && navigator.permissions) {
  navigator.permissions.query({ name: "geolocation" }).then((result) => {
    if (result.state === "granted") start();
    else setPressed(false);
  }, () => {});
}

// iCalendar import: the file goes as the body; floating times are read in this browser's zone.
// The list is reloaded to show the tasks; the result, with the lines the server could not read,
// is carried over the reload so the person can still read it.
const form = document.getElementById("spots-import");
const result = document.getElementById("import-result");
const resultKey = "cadence.spots.import-result";

function showResult(kind, text, warnings = [], count = warnings.length) {
  result.className = kind;
  result.replaceChildren(Object.assign(document.createElement("p"), { textContent: text }));
  if (!warnings.length) return;
  const heading = Object.assign(document.createElement("p"), {
    textContent: count > warnings.length ? plural("spots.list.unread_lines_first", count, { shown: formatNumber(warnings.length) })
      : plural("spots.list.unread_lines", count),
  });
  const list = Object.assign(document.createElement("ul"), { id: "import-warnings", className: "import-warnings" });
  for (const warning of warnings) {
    list.append(Object.assign(document.createElement("li"), { textContent: t("spots.list.unread_line", { line: warning.line, reason: warning.reasonText ?? warning.reason }) }));
  }
  result.append(heading, list);
}

const carried = sessionStorage.getItem(resultKey);
if (carried) {
  sessionStorage.removeItem(resultKey);
  try {
    const { text, warnings, count } = JSON.parse(carried);
    showResult("notice", text, warnings, count);
  } catch {
    // Not ours to read: nothing to show.
  }
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const file = document.getElementById("ics-file").files[0];
  if (!file) {
    showResult("error", t("spots.list.choose_file"));
    return;
  }
  showResult("hint", t("spots.list.importing"));
  try {
    const response = await fetch(`/api/v1/spots/import?tz=${encodeURIComponent(browserZone())}`, {
      method: "POST", headers: { "Content-Type": "text/calendar" }, body: file,
    });
    if (!response.ok) {
      showResult("error", await errorMessage(response, t("spots.list.import_failed", { status: response.status })));
      return;
    }
    const body = await response.json();
    const text = t("spots.list.imported", { imported: formatNumber(body.imported), updated: formatNumber(body.updated) });
    const warnings = body.warnings || [];
    const count = body.warningCount ?? warnings.length;
    showResult("notice", t("spots.list.imported_reloading", { result: text }), warnings, count);
    sessionStorage.setItem(resultKey, JSON.stringify({ text, warnings, count }));
    setTimeout(() => location.reload(), 1200);
  } catch {
    showResult("error", t("spots.list.import_offline"));
  }
});
