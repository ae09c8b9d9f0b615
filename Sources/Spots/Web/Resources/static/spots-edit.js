// The reminder form (R1, R2): the due time in this browser's zone, and the place: tap the map
// to drop the pin (drag it to adjust), or search the gazetteer by name; radius and trigger.
import { formatNumber, plural, t } from "./i18n.js";
import { httpsMissing, sayHTTPSMissing } from "./secure-context.js";
import { browserZone, errorMessage, localInputValue, makeMap, rememberZone } from "./spots-util.js";

const $ = (id) => document.getElementById(id);
const zone = rememberZone();

// Due: the server rendered it in the zone it knew; show it in ours and say which zone we send.
const due = $("due");
const tz = $("tz");
if (due.dataset.ms && tz.value !== zone) due.value = localInputValue(Number(due.dataset.ms));
tz.value = zone;
$("tz-hint").textContent = t("spots.edit.zone_hint", { zone });

const latitude = $("latitude");
const longitude = $("longitude");
const placeName = $("placeName");
const radius = $("radius");
const coordinates = $("place-coordinates");
const mapStatus = $("map-status");
const mapElement = $("spots-edit-map");

const map = makeMap(mapElement, mapStatus, { zoomControl: true });
let marker = null;
let circle = null;
let handle = null; // on the ring's east edge: dragged, it sets the radius

function currentRadius() {
  const value = Number(radius.value);
  return Number.isFinite(value) && value >= 50 && value <= 50000 ? value : 150;
}

function describe() {
  if (!latitude.value || !longitude.value) {
    coordinates.textContent = t("spots.edit.no_place");
    return;
  }
  coordinates.textContent = t("spots.edit.pin_at", { latitude: formatNumber(Number(latitude.value), 5), longitude: formatNumber(Number(longitude.value), 5) });
}

function drawPin(lat, lon) {
  if (!map) return;
  const L = globalThis.L;
  const at = [lat, lon];
  if (!marker) {
    marker = L.marker(at, { draggable: true, keyboard: true, title: t("spots.edit.pin_title"), alt: t("spots.edit.pin_alt") }).addTo(map);
    marker.on("dragend", () => {
      const p = marker.getLatLng();
      setPin(p.lat, p.lng, { move: false });
    });
    circle = L.circle(at, { radius: currentRadius(), color: "#1b5fd1", weight: 2, fillOpacity: 0.15, interactive: false }).addTo(map);
    handle = L.marker(edgeOf(at, currentRadius()), {
      draggable: true, keyboard: true, title: t("spots.edit.radius_handle"), alt: t("spots.edit.radius_handle"),
      icon: L.divIcon({ className: "radius-handle", iconSize: [22, 22] }),
    }).addTo(map);
    handle.on("drag", () => {
      const metres = Math.round(Math.min(50000, Math.max(50, map.distance(marker.getLatLng(), handle.getLatLng()))));
      radius.value = String(metres);
      circle.setRadius(metres);
    });
    handle.on("dragend", () => handle.setLatLng(edgeOf(marker.getLatLng(), currentRadius())));
  } else {
    marker.setLatLng(at);
    circle.setLatLng(at);
    handle.setLatLng(edgeOf(at, currentRadius()));
  }
}

/** The point `metres` east of `center`: where the radius handle sits on the ring. */
function edgeOf(center, metres) {
  const lat = Array.isArray(center) ? center[0] : center.lat;
  const lon = Array.isArray(center) ? center[1] : center.lng;
  return [lat, lon + metres / (111320 * Math.cos((lat * Math.PI) / 180))];
}

function setPin(lat, lon, { move = true, zoom = null } = {}) {
  const wrapped = ((((lon + 180) % 360) + 360) % 360) - 180;
  latitude.value = lat.toFixed(6);
  longitude.value = wrapped.toFixed(6);
  if (!placeName.value.trim()) placeName.value = t("spots.edit.dropped_pin");
  drawPin(lat, wrapped);
  if (map && move) map.setView([lat, wrapped], zoom ?? Math.max(map.getZoom(), 15));
  describe();
}

function clearPin() {
  latitude.value = "";
  longitude.value = "";
  placeName.value = "";
  if (marker) marker.remove();
  if (circle) circle.remove();
  if (handle) handle.remove();
  marker = null;
  circle = null;
  handle = null;
  describe();
}

if (map) {
  if (latitude.value && longitude.value) {
    const lat = Number(latitude.value), lon = Number(longitude.value);
    map.fitBounds(globalThis.L.latLng(lat, lon).toBounds(2 * currentRadius()), { maxZoom: 17 });
    drawPin(lat, lon);
  } else {
    // No place yet: the person's region (their time zone's city, from the server), else the world.
    const [lat, lon] = (mapElement.dataset.region || "").split(",").map(Number);
    if (Number.isFinite(lat) && Number.isFinite(lon) && mapElement.dataset.region) map.setView([lat, lon], 10);
    else map.setView([30, 0], 2);
  }
  map.on("click", (event) => setPin(event.latlng.lat, event.latlng.lng, { move: false }));
  radius.addEventListener("input", () => {
    circle?.setRadius(currentRadius());
    if (handle && marker) handle.setLatLng(edgeOf(marker.getLatLng(), currentRadius()));
  });
  // The map sits in a part of the form that opens on "+ Place": it learns its size when it is shown.
  $("part-place")?.addEventListener("toggle", () => {
    if (!$("part-place").open) return;
    const center = map.getCenter(), zoom = map.getZoom();
    map.invalidateSize();
    map.setView(center, zoom);
  });
}
describe();

$("clear-place").addEventListener("click", clearPin);

// "Use my location": the pin where this device is (asks for permission only when pressed).
const locate = $("locate-me");
if (!navigator.geolocation && !httpsMissing) locate.hidden = true;
locate.addEventListener("click", () => {
  if (httpsMissing) return sayHTTPSMissing(mapStatus, "location");
  mapStatus.textContent = t("spots.edit.locating");
  navigator.geolocation.getCurrentPosition((position) => {
    if (!placeName.value.trim()) placeName.value = t("spots.edit.my_location");
    setPin(position.coords.latitude, position.coords.longitude, { zoom: 16 });
    mapStatus.textContent = t("spots.edit.pinned_here", { accuracy: formatNumber(Math.round(position.coords.accuracy)) });
  }, (error) => {
    mapStatus.textContent = error.code === error.PERMISSION_DENIED
      ? t("spots.edit.denied")
      : t("spots.edit.unavailable");
  }, { enableHighAccuracy: true, maximumAge: 30000, timeout: 20000 });
});

// Gazetteer search as you type (debounced); each result is a button.
const search = $("place-search");
const results = $("place-results");
const searchStatus = $("place-search-status");
let debounce = null;
let inFlight = null;

function showResults(places, query, installed = true) {
  results.replaceChildren();
  for (const place of places) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "secondary place-result";
    button.textContent = place.label || `${place.name}, ${place.country}`;
    button.addEventListener("click", () => {
      placeName.value = place.name;
      setPin(place.latitude, place.longitude, { zoom: 13 });
      results.replaceChildren();
      searchStatus.textContent = t("spots.edit.pinned", { place: button.textContent });
    });
    item.append(button);
    results.append(item);
  }
  // No list of places on this server is not the same as no such place: say which, and what to do instead.
  searchStatus.textContent = places.length ? plural("spots.edit.found", places.length)
    : installed ? t("spots.edit.none_found", { query }) : t("spots.edit.no_gazetteer");
}

async function runSearch() {
  const query = search.value.trim();
  if (inFlight) inFlight.abort();
  if (!query) {
    results.replaceChildren();
    searchStatus.textContent = "";
    return;
  }
  inFlight = new AbortController();
  try {
    const response = await fetch(`/api/v1/spots/places?q=${encodeURIComponent(query)}&limit=8`, { signal: inFlight.signal });
    if (!response.ok) {
      searchStatus.textContent = await errorMessage(response, t("spots.edit.search_failed"));
      return;
    }
    showResults(await response.json(), query, response.headers.get("Cadence-Gazetteer") !== "none");
  } catch (error) {
    if (error.name !== "AbortError") searchStatus.textContent = t("spots.edit.search_offline");
  }
}

search.addEventListener("input", () => {
  clearTimeout(debounce);
  debounce = setTimeout(runSearch, 250);
});
search.addEventListener("keydown", (event) => {
  // Enter picks the first result instead of sending the form.
  if (event.key !== "Enter") return;
  event.preventDefault();
  results.querySelector("button")?.click();
});

// Repeats: show only the controls the chosen frequency uses (all stay in the form without script).
const repeat = $("repeat");
const repeatEnds = $("repeatEnds");
function showRepeatControls() {
  const often = repeat.value !== "" && repeat.value !== "custom";
  const show = (selector, visible) => document.querySelectorAll(selector).forEach((element) => { element.hidden = !visible; });
  show("[data-repeat-detail]", repeat.value !== "");
  show("[data-repeat-often]", often);
  show("[data-repeat-weekly]", repeat.value === "WEEKLY");
  show("[data-repeat-count]", repeatEnds.value === "count");
  show("[data-repeat-until]", repeatEnds.value === "until");
}
// Weekly starts on the due date's weekday (today's without one), so one choice makes a whole rule.
repeat.addEventListener("change", () => {
  const days = [...document.querySelectorAll("[data-repeat-weekly] input[type=checkbox]")];
  if (repeat.value === "WEEKLY" && days.length === 7 && !days.some((box) => box.checked)) {
    const day = due.value ? new Date(due.value) : new Date();
    days[(day.getDay() + 6) % 7].checked = true; // the boxes are Monday first
  }
  showRepeatControls();
});
repeatEnds.addEventListener("change", showRepeatControls);
showRepeatControls();

// Days to skip are picked from a calendar and listed, each with its way back; the text field behind them keeps the
// dates (YYYY-MM-DD, comma-separated), as the form sends them and as typed without script.
const skipField = $("repeatSkip");
const picker = document.querySelector("[data-skip-picker]");
if (skipField && picker) {
  const skipLabel = document.querySelector("label[for=repeatSkip]");
  skipField.type = "hidden";
  if (skipLabel) skipLabel.hidden = true;
  picker.hidden = false;
  const days = () => skipField.value.split(/[\s,]+/).filter((day) => /^\d{4}-\d{2}-\d{2}$/.test(day));
  const drawSkips = () => {
    $("skip-list").replaceChildren(...days().map((day) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "secondary skip-chip";
      const shown = new Date(`${day}T12:00:00`).toLocaleDateString(document.documentElement.lang, { weekday: "short", day: "numeric", month: "short", year: "numeric" });
      button.textContent = `${shown} ✕`;
      button.setAttribute("aria-label", t("spots.edit.unskip", { day: shown }));
      button.addEventListener("click", () => {
        skipField.value = days().filter((other) => other !== day).join(", ");
        drawSkips();
      });
      item.append(button);
      return item;
    }));
  };
  $("skip-add").addEventListener("click", () => {
    const day = $("skip-pick").value;
    if (!day || days().includes(day)) return;
    skipField.value = [...days(), day].sort().join(", ");
    $("skip-pick").value = "";
    drawSkips();
  });
  drawSkips();
}
